"""The research environments' speed against the bare engine's, in one process: decisions per second on 4-player
Imperium with random legal decisions.

    python benchmarks/env_speed.py [--games N] [--seed S] [--code DIR] [--parts] [--policy bool|int8]

- engine: ``legal_actions()`` then ``apply_unchecked`` of a random one (what a simulation does), on five times the
  games;
- pettingzoo: the AEC environment, every seat an agent: ``last()`` (the observation and its action mask) then
  ``step`` of a random legal action id drawn from the mask; one step is one decision;
- the policy reads the int8 mask the fast way, ``mask.view(np.bool_).nonzero()[0]`` (a view without a copy: its
  bytes are 0 and 1, valid booleans, and numpy's nonzero is fast for booleans only; the method, not
  ``np.flatnonzero``, whose Python wrappers cost about as much again); ``--policy int8`` reads it as before
  2026-12-01, ``np.flatnonzero(mask)`` on the int8 array (about 8 us a step more on the pure build);
- gymnasium: the single-agent environment (seat 0) against random bots: a random legal action from
  ``info["action_mask"]``; one step is the agent's decision and the bots' decisions up to its next one, so both the
  steps and all the game's decisions per second are given.

``--parts`` adds where a PettingZoo step's time goes (by subtraction of whole loops, ``bench_parts``). ``--code
DIR`` imports sestertius from DIR instead of this checkout (to measure a copy of an older commit in the same
sitting). Times are the process's CPU time (``time.process_time``). The figures are recorded in docs/SPEED.md;
nothing here is a test.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from typing import Any

import numpy as np

OPTIONS = {"board": "imperium", "players": 4}
# the process's CPU time, not the wall clock: the machine is shared, and every part runs in this one thread
CLOCK = time.process_time
# the policy's reading of the int8 mask (``--policy``): the legal ids, in increasing order
LEGAL_IDS = {"bool": lambda mask: mask.view(np.bool_).nonzero()[0], "int8": lambda mask: np.flatnonzero(mask)}
legal_ids_of = LEGAL_IDS["bool"]


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
            legal = legal_ids_of(obs["action_mask"])
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return CLOCK() - start, steps


def bench_parts(games: int, seed: int, rounds: int = 3) -> dict[str, float]:
    """Where a PettingZoo step's CPU time goes, in microseconds per decision, by subtraction of whole loops (no timer
    inside a step; the best of ``rounds``): the engine's decision; ``observe()`` of the seat to act; ``step()`` with
    the id drawn from the environment's own list of legal ids (no ``last()``; the engine's decision within);
    ``last()`` (the observation, the mask, the listing of the legal decisions); the benchmark's choice from the mask."""
    from sestertius import Game
    from sestertius.research.actions import ids_of
    from sestertius.research.observations import observe
    from sestertius.research.pettingzoo_env import env

    e = env(options=OPTIONS)

    def legal_ids() -> list[int]:  # the environment's own list, sorted as the mask gives it (so that every loop plays
        ids: Any = e._legal_now()  # the same games); older code kept the decisions, not their ids
        return sorted(ids if not ids or type(ids[0]) is int else ids_of(ids))

    def run(mode: str) -> float:
        rng = random.Random(seed)
        n = 0
        start = CLOCK()
        for i in range(games):
            if mode in ("engine", "observe"):
                game = Game.new(OPTIONS, seed=seed + i)
                grng = random.Random(seed + i)
                while not game.is_over:
                    if mode == "observe":
                        observe(game, game.to_act() or 0)  # (no chance step in these games: a seat always acts)
                    legal = game.legal_actions()
                    game.apply_unchecked(legal[grng.randrange(len(legal))])
                    n += 1
                continue
            e.reset(seed=seed + i)
            for agent in e.agent_iter():
                if e.terminations[agent] or e.truncations[agent]:
                    e.step(None)
                    continue
                if mode == "mask":  # as bench_pettingzoo
                    mask = legal_ids_of(e.last()[0]["action_mask"])
                    e.step(int(mask[rng.randrange(len(mask))]))
                else:
                    if mode == "last":
                        e.last()
                    ids = legal_ids()
                    e.step(ids[rng.randrange(len(ids))])
                n += 1
        return (CLOCK() - start) / n * 1e6

    modes = ("engine", "observe", "step", "last", "mask")
    best = dict.fromkeys(modes, float("inf"))
    for _ in range(rounds):
        for mode in modes:
            best[mode] = min(best[mode], run(mode))
    return {"engine": best["engine"], "observe": best["observe"] - best["engine"], "step": best["step"],
            "last": best["last"] - best["step"], "choice": best["mask"] - best["last"], "total": best["mask"]}


def bench_gymnasium(games: int, seed: int) -> tuple[float, int, int]:
    from sestertius.research.gym_env import ConcordiaEnv

    e = ConcordiaEnv(OPTIONS, opponents="random")
    rng = random.Random(seed)
    steps = decisions = 0
    start = CLOCK()
    for i in range(games):
        _, info = e.reset(seed=seed + i)
        done = False
        while not done:
            legal = legal_ids_of(info["action_mask"])
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
    ap.add_argument("--parts", action="store_true", help="also where a PettingZoo step's time goes (bench_parts)")
    ap.add_argument("--code", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."),
                    help="the directory to import sestertius from (default: this checkout)")
    ap.add_argument("--policy", choices=sorted(LEGAL_IDS), default="bool",
                    help="how the random policy reads the int8 mask: as booleans (a view, the fast way) or as int8")
    args = ap.parse_args()
    global legal_ids_of
    legal_ids_of = LEGAL_IDS[args.policy]
    sys.path.insert(0, os.path.abspath(args.code))
    import sestertius

    print(f"{platform.python_implementation()} {platform.python_version()}, sestertius from "
          f"{os.path.dirname(os.path.dirname(sestertius.__file__))}, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}, the policy reads the mask as {args.policy}")
    t, n = bench_engine(5 * args.games, args.seed)  # five times the games: the engine alone is fast
    engine = n / t
    print(f"engine      {engine:9.0f} decisions/s  ({n} decisions, {5 * args.games} games, {t:.2f} CPU s)")
    t, n = bench_pettingzoo(args.games, args.seed)
    print(f"pettingzoo  {n / t:9.0f} steps/s      ({n} steps, {t:.2f} CPU s): {engine / (n / t):.2f}x the engine's "
          f"time per decision")
    if args.parts:
        p = bench_parts(args.games // 2 or 1, args.seed)
        print(f"parts (us of CPU per decision, best of 3): engine {p['engine']:.1f}; pettingzoo step "
              f"{p['total']:.1f} = step() {p['step']:.1f} (the engine's decision within) + last() {p['last']:.1f} "
              f"(of which observe() {p['observe']:.1f}) + the choice from the mask {p['choice']:.1f}")
    t, n, d = bench_gymnasium(args.games, args.seed)
    print(f"gymnasium   {n / t:9.0f} steps/s      ({n} steps, {d} decisions: {d / t:.0f} decisions/s, "
          f"{engine / (d / t):.2f}x the engine's time per decision)")


if __name__ == "__main__":
    main()
