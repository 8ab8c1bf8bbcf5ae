"""OpenSpiel's own MCTS bot plays Concordia (the game ``python_concordia``) on determinisations: seat 0 is MCTS with
random rollouts, the other seats play uniformly at random; chance nodes are sampled with their probabilities.

    pip install -e '.[rl]'
    python examples/openspiel_mcts.py --board italia --players 2 --simulations 20 --worlds 4 --games 2

MCTS is a perfect-information search, so it never gets the true state (whose deck order seat 0 cannot see): for each
decision it searches ``--worlds`` states drawn with ``state.resample_from_infostate`` (the sale stacks' hidden order
reshuffled), each with its share of the simulations, and plays the decision the searches visited most in total
(determinised MCTS). ``examples/openspiel_ismcts.py`` plays OpenSpiel's information-set MCTS instead.
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import sestertius.research.openspiel_game  # noqa: F401  (registers python_concordia)


def choose(bot: mcts.MCTSBot, state: Any, worlds: int, rng: random.Random) -> int:
    """The decision for the player to act: MCTS on ``worlds`` resampled states, visit counts summed."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return int(legal[0])
    visits: Counter[int] = Counter()
    for _ in range(worlds):
        root = bot.mcts_search(state.resample_from_infostate(state.current_player(), rng.random))
        for child in root.children:
            visits[int(child.action)] += child.explore_count
    return max(legal, key=lambda a: visits[a])  # ties: the lowest action


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="italia")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--mode", default="base")
    ap.add_argument("--simulations", type=int, default=20, help="MCTS simulations per decision, over all worlds")
    ap.add_argument("--worlds", type=int, default=4, help="determinisations searched per decision")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    game = pyspiel.load_game("python_concordia", {"board": args.board, "players": args.players, "mode": args.mode})
    rng = np.random.default_rng(args.seed)
    worlds_rng = random.Random(args.seed)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=max(1, args.simulations // args.worlds),
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed)),
                       random_state=np.random.RandomState(args.seed))
    wins = 0
    for g in range(args.games):
        start = time.perf_counter()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
            elif state.current_player() == 0:
                state.apply_action(choose(bot, state, args.worlds, worlds_rng))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        returns = state.returns()
        scores = [s["total"] for s in state.engine.scores()]
        wins += returns[0] > 0
        print(f"game {g + 1}: returns {returns}, scores {scores}, {len(state.history())} actions, "
              f"{time.perf_counter() - start:.0f} s")
    print(f"determinised MCTS ({args.simulations} simulations over {args.worlds} worlds per decision) won {wins} of "
          f"{args.games} games")


if __name__ == "__main__":
    main()
