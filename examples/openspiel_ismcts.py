"""OpenSpiel's IS-MCTS bot (``open_spiel.python.algorithms.ismcts``) plays Concordia (the game ``python_concordia``):
seat 0 searches information sets, the other seats play uniformly at random; chance nodes are sampled with their odds.

    pip install -e '.[rl]'
    python examples/openspiel_ismcts.py --board italia --players 2 --simulations 10 --games 2

Each simulation starts from ``state.resample_from_infostate(seat, sampler)``: a state with the sale stacks' hidden
order reshuffled, so the search never reads the real deck order; its tree is keyed by information-state strings.
"""
from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import sestertius.research.openspiel_game  # noqa: F401  (registers python_concordia)


def make_bot(game: Any, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    """IS-MCTS with one random rollout per leaf, UCT, the most visited decision played; reproducible from ``seed``."""
    bot = ismcts.ISMCTSBot(game, evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)), uct_c=2.0,
                           max_simulations=simulations, random_state=np.random.RandomState(seed),
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    # the bot's own resampling makes a sampler seeded by the system at every call: one seeded sampler instead
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


def play(game: Any, bot: Any, seat: int, rng: np.random.Generator, max_moves: int | None = None) -> Any:
    """One game (or its first ``max_moves`` OpenSpiel moves): ``bot`` decides for ``seat``, random play for the
    others. Returns the state reached."""
    state = game.new_initial_state()
    while not state.is_terminal() and (max_moves is None or state.move_number() < max_moves):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == seat:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="italia")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--mode", default="base")
    ap.add_argument("--simulations", type=int, default=10, help="IS-MCTS simulations per decision")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    game = pyspiel.load_game("python_concordia", {"board": args.board, "players": args.players, "mode": args.mode})
    rng = np.random.default_rng(args.seed)
    bot = make_bot(game, args.simulations, args.seed)
    wins = 0
    for g in range(args.games):
        start = time.perf_counter()
        state = play(game, bot, 0, rng)
        returns = state.returns()
        scores = [s["total"] for s in state.engine.scores()]
        wins += returns[0] > 0
        print(f"game {g + 1}: returns {returns}, scores {scores}, {len(state.history())} actions, "
              f"{time.perf_counter() - start:.0f} s")
    print(f"IS-MCTS ({args.simulations} simulations per decision) won {wins} of {args.games} games")


if __name__ == "__main__":
    main()
