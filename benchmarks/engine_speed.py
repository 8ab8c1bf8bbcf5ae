"""Engine speed, both builds in one sitting: random games per second and decisions per second on one core, and the
`hard` bot's time per decision.

    python benchmarks/engine_speed.py [--games N] [--rounds R] [--bot-decisions D] [--build pure|compiled|both]

Random games: 2-player Italia and 4-player Imperium, choices from `legal_actions()` (uniform, by `random()`) applied
unchecked as a simulation would. The bot: a `hard` search bot decides for seat 0 of solo-expert Italia games on fixed
seeds (every other decision random) until D of its decisions with a choice were timed. Each figure is CPU time of its
own process (the machine is shared); the builds run alternately, R rounds each, the best round reported with the range.
The compiled build is `build/compiled` (`tools/build_compiled.py`; refused if stale), the pure one this checkout.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = [("italia", 2), ("imperium", 4)]
BUILDS = {"pure": ROOT, "compiled": ROOT / "build" / "compiled"}


def run_games(board: str, players: int, games: int, seed: int) -> dict[str, float]:
    import random
    import time

    from sestertius.rules.game import Game

    decisions = 0
    start = time.process_time()
    for i in range(games):
        game = Game.new({"board": board, "players": players}, seed=seed + i)
        rng = random.Random(seed + i)
        pick = rng.random  # a C function: randrange runs Python code that would weigh on both builds' figures
        while not game.is_over:
            legal = game.legal_actions()
            game.apply_unchecked(legal[int(pick() * len(legal))])
        decisions += len(game.history)
    cpu = time.process_time() - start
    return {"games_s": games / cpu, "decisions_s": decisions / cpu, "per_game": decisions / games}


def run_bot(decisions: int, seed: int) -> dict[str, float]:
    import random
    import time

    from sestertius.bots.search.bot import SearchBot
    from sestertius.rules.game import Game

    timed, spent, i = 0, 0.0, 0
    while timed < decisions:
        game = Game.new({"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"}, seed=seed + i)
        bot, rng = SearchBot(seed=seed + i, level="hard"), random.Random(seed + i)
        while not game.is_over and timed < decisions:
            legal = game.legal_actions()
            if game.to_act() == 0 and len(legal) > 1:
                start = time.process_time()
                action = bot.choose(game, legal)
                spent += time.process_time() - start
                timed += 1
            else:
                action = legal[rng.randrange(len(legal))]
            game.apply_unchecked(action)
        i += 1
    return {"s_per_decision": spent / timed}


def child(args: argparse.Namespace) -> None:
    """One measurement in this process, printed as JSON (the parent set PYTHONPATH to the build)."""
    import sestertius

    if args.what == "bot":
        out = run_bot(args.bot_decisions, args.seed)
    else:
        board, players = args.what.split(":")
        out = run_games(board, int(players), args.games, args.seed)
    print(json.dumps({"build": sestertius.engine_build(), **out}))


def measure(build: str, what: str, args: argparse.Namespace) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(BUILDS[build])}
    cmd = [sys.executable, __file__, "--child", what, "--games", str(args.games), "--seed", str(args.seed),
           "--bot-decisions", str(args.bot_decisions)]
    out = json.loads(subprocess.run(cmd, env=env, check=True, capture_output=True, text=True,
                                    cwd=BUILDS[build]).stdout)
    if out.pop("build") != build:
        raise SystemExit(f"asked for the {build} build, got the other: see tools/build_compiled.py")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--bot-decisions", type=int, default=20, help="0: no bot figure")
    ap.add_argument("--build", choices=["pure", "compiled", "both"], default="both")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        args.what = args.child
        child(args)
        return
    builds = ["pure", "compiled"] if args.build == "both" else [args.build]
    if "compiled" in builds:
        sys.path.insert(0, str(ROOT / "tools"))
        from build_compiled import is_current

        if not is_current(BUILDS["compiled"]):
            raise SystemExit("build/compiled is missing or stale: run tools/build_compiled.py first")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {platform.python_version()} on {platform.machine()}, one process per figure, CPU time, "
          f"{args.rounds} rounds alternating, load average {load:.1f}")
    whats = [f"{b}:{n}" for b, n in CONFIGS] + (["bot"] if args.bot_decisions else [])
    results: dict[tuple[str, str], list[dict[str, float]]] = {}
    for _ in range(args.rounds):
        for what in whats:
            for build in builds:
                results.setdefault((what, build), []).append(measure(build, what, args))
    for what in whats:
        best: dict[str, float] = {}
        for build in builds:
            rounds = results[(what, build)]
            if what == "bot":
                vals = [r["s_per_decision"] for r in rounds]
                best[build] = min(vals)
                print(f"hard bot, solo expert Italia: {build:8} {min(vals):6.3f} s per decision "
                      f"(rounds {min(vals):.3f}-{max(vals):.3f}, {args.bot_decisions} decisions)")
            else:
                vals = [r["decisions_s"] for r in rounds]
                best[build] = max(vals)
                board, players = what.split(":")
                print(f"{players}-player {board:9}: {build:8} {max(vals):9.0f} decisions/s "
                      f"(rounds {min(vals):.0f}-{max(vals):.0f}; {rounds[0]['per_game']:.0f} decisions per game, "
                      f"{args.games} games)")
        if len(builds) == 2:
            ratio = best["pure"] / best["compiled"] if what == "bot" else best["compiled"] / best["pure"]
            print(f"{'':28}compiled / pure: {ratio:.2f}x")


if __name__ == "__main__":
    main()
