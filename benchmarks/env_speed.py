"""The research environments' speed against the bare engine's, in one process: decisions per second on 4-player
Imperium with random legal decisions.

    python benchmarks/env_speed.py [--games N] [--seed S] [--code DIR]

- engine: ``legal_actions()`` then ``apply_unchecked`` of a random one (what a simulation does), on five times the
  games;
- pettingzoo: the AEC environment, every seat an agent: ``last()`` (the observation and its action mask) then
  ``step`` of a random legal action id drawn from the mask; one step is one decision;
- gymnasium: the single-agent environment (seat 0) against random bots: a random legal action from
  ``info["action_mask"]``; one step is the agent's decision and the bots' decisions up to its next one, so both the
  steps and all the game's decisions per second are given.

``--code DIR`` imports sestertius from DIR instead of this checkout (to measure a copy of an older commit in the
same sitting). Times are the process's CPU time (``time.process_time``). The figures are recorded in docs/SPEED.md;
nothing here is a test.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

OPTIONS = {"board": "imperium", "players": 4}
# the process's CPU time, not the wall clock: the machine is shared, and every part runs in this one thread
CLOCK = time.process_time


def bench_engine(games: int, seed: int) -> tuple[float, int]:
    from sestertius import Game

    decisions = 0
    start = CLOCK()
    for i in range(games):
        game = Game.new(OPTIONS, seed=seed + i)
        rng = random.Random(seed + i)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply_unchecked(legal[rng.randrange(len(legal))])
        decisions += len(game.history)
    return CLOCK() - start, decisions


def bench_pettingzoo(games: int, seed: int) -> tuple[float, int]:
    import numpy as np

    from sestertius.research.pettingzoo_env import env

    e = env(options=OPTIONS)
    rng = random.Random(seed)
    steps = 0
    start = CLOCK()
    for i in range(games):
        e.reset(seed=seed + i)
        for _agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return CLOCK() - start, steps


def bench_gymnasium(games: int, seed: int) -> tuple[float, int, int]:
    import numpy as np

    from sestertius.research.gym_env import ConcordiaEnv

    e = ConcordiaEnv(OPTIONS, opponents="random")
    rng = random.Random(seed)
    steps = decisions = 0
    start = CLOCK()
    for i in range(games):
        _, info = e.reset(seed=seed + i)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, truncated, info = e.step(int(legal[rng.randrange(len(legal))]))
            done = terminated or truncated
            steps += 1
        assert e.game is not None
        decisions += len(e.game.history)
    return CLOCK() - start, steps, decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--code", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."),
                    help="the directory to import sestertius from (default: this checkout)")
    args = ap.parse_args()
    sys.path.insert(0, os.path.abspath(args.code))
    import sestertius

    print(f"{platform.python_implementation()} {platform.python_version()}, sestertius from "
          f"{os.path.dirname(os.path.dirname(sestertius.__file__))}, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    t, n = bench_engine(5 * args.games, args.seed)  # five times the games: the engine alone is fast
    engine = n / t
    print(f"engine      {engine:9.0f} decisions/s  ({n} decisions, {5 * args.games} games, {t:.2f} CPU s)")
    t, n = bench_pettingzoo(args.games, args.seed)
    print(f"pettingzoo  {n / t:9.0f} steps/s      ({n} steps, {t:.2f} CPU s): {engine / (n / t):.2f}x the engine's time "
          f"per decision")
    t, n, d = bench_gymnasium(args.games, args.seed)
    print(f"gymnasium   {n / t:9.0f} steps/s      ({n} steps, {d} decisions: {d / t:.0f} decisions/s, "
          f"{engine / (d / t):.2f}x the engine's time per decision)")


if __name__ == "__main__":
    main()
