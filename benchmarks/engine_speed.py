"""Engine speed on one core: whole random games per second and decisions per second.

    python benchmarks/engine_speed.py [--games N] [--seed S]

Runs 2-player Italia and 4-player Imperium with random bots (choices from legal_actions, applied unchecked as a
simulation would) and prints one line per configuration. The figures in the README come from this script.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from sestertius.rules.game import Game

CONFIGS = [("italia", 2), ("imperium", 4)]


def bench(board: str, players: int, games: int, seed: int) -> tuple[float, float, float]:
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        game = Game.new({"board": board, "players": players}, seed=seed + i)
        rng = random.Random(seed + i)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply_unchecked(legal[rng.randrange(len(legal))])
        decisions += len(game.history)
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed, decisions / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one process")
    for board, players in CONFIGS:
        gps, dps, per_game = bench(board, players, args.games, args.seed)
        print(f"{players}-player {board:9}: {gps:7.1f} games/s  {dps:9.0f} decisions/s  "
              f"({per_game:.0f} decisions per game, {args.games} games)")


if __name__ == "__main__":
    main()
