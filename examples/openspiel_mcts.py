"""OpenSpiel's own MCTS bot plays Concordia (the game ``python_concordia``): seat 0 is MCTS with random rollouts, the
other seats play uniformly at random; chance nodes are sampled with their probabilities.

    pip install -e '.[rl]'
    python examples/openspiel_mcts.py --board italia --players 2 --simulations 20 --games 2

MCTS is a perfect-information search: its rollouts run on copies of the true state (the deck order included), as
OpenSpiel's MCTSBot does for every game; it shows the game plugs into OpenSpiel's algorithms, not fair play.
"""
from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import sestertius.research.openspiel_game  # noqa: F401  (registers python_concordia)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="italia")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--mode", default="base")
    ap.add_argument("--simulations", type=int, default=20, help="MCTS simulations per decision")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    game = pyspiel.load_game("python_concordia", {"board": args.board, "players": args.players, "mode": args.mode})
    rng = np.random.default_rng(args.seed)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations,
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
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        returns = state.returns()
        scores = [s["total"] for s in state.engine.scores()]
        wins += returns[0] > 0
        print(f"game {g + 1}: returns {returns}, scores {scores}, {len(state.history())} actions, "
              f"{time.perf_counter() - start:.0f} s")
    print(f"MCTS ({args.simulations} simulations per decision) won {wins} of {args.games} games")


if __name__ == "__main__":
    main()
