"""The research environments' cost against the bare engine's in instructions (valgrind's callgrind), which do not
depend on what else the machine runs: 4-player Imperium, random legal decisions, per decision.

    python benchmarks/env_instructions.py [--games 6] [--code DIR] [--modes engine,gymnasium,pettingzoo]

Each mode runs in its own process under callgrind (``PYTHONHASHSEED=0``, so that dictionaries and sets are the same
in every run; ``OPENBLAS_NUM_THREADS=1``, so that numpy's idle threads are not counted), plays one warm-up game of
every mode (the caches, the observation's index arrays), then ``--games`` games of its own; a run with no games of its
own is subtracted from it, so that the interpreter's start, the imports and the warm-up are not counted. The loops
are ``env_speed.py``'s own (its policy reading the mask as booleans): the engine lists the legal decisions and
applies a random one; the PettingZoo step is ``last()`` then ``step`` of a random legal id from the mask; the
Gymnasium step is seat 0's decision and the random bots' decisions up to its next one, counted per decision of the
game. ``--code DIR`` imports sestertius from DIR (a copy of
an older commit, or a compiled build's folder such as ``build/compiled``). Nothing here is a test.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import env_speed  # beside this script: the loops measured

ROOT = Path(__file__).resolve().parent.parent
MODES = ("engine", "gymnasium", "pettingzoo")


def play(mode: str, games: int, seed: int) -> int:
    """``games`` games of ``mode`` from ``seed`` by ``env_speed.py``'s loops: the decisions played."""
    if mode == "engine":
        return env_speed.bench_engine(games, seed)[1]
    if mode == "pettingzoo":
        return env_speed.bench_pettingzoo(games, seed)[1]
    return env_speed.bench_gymnasium(games, seed)[2]


def child(code: str, mode: str, games: int) -> None:
    sys.path.insert(0, code)
    import sestertius

    if not sestertius.__file__ or not os.path.abspath(sestertius.__file__).startswith(code + os.sep):
        raise SystemExit(f"sestertius was imported from {sestertius.__file__}, not from {code}")
    for m in MODES:  # the warm-up: one game of every mode
        play(m, 1, 100)
    print("decisions", play(mode, games, 1) if games else 0)


def counted(code: str, mode: str, games: int) -> tuple[int, int]:
    """(instructions, decisions) of one child process under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
        env.pop("PYTHONPATH", None)  # (the child puts --code first itself)
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                              __file__, "--child", mode, "--games", str(games), "--code", code],
                             capture_output=True, text=True, env=env, cwd=tmp)
        if run.returncode != 0:
            raise SystemExit(f"{mode}: the child failed:\n{run.stderr[-2000:]}")
        summary = re.search(r"^summary:\s*(\d+)", out.read_text(), re.M)
        decisions = re.search(r"^decisions (\d+)", run.stdout, re.M)
        assert summary and decisions, run.stdout
        return int(summary.group(1)), int(decisions.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--code", default=str(ROOT), help="where to import sestertius from (default: this checkout)")
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    args.code = os.path.abspath(args.code)  # (the children run elsewhere)
    if args.child:
        child(args.code, args.child, args.games)
        return
    modes = [m for m in args.modes.split(",") if m]
    unknown = set(modes) - set(MODES)
    if unknown:
        raise SystemExit(f"unknown modes {sorted(unknown)}: choose from {', '.join(MODES)}")
    base, _ = counted(args.code, "engine", 0)
    print(f"sestertius from {os.path.abspath(args.code)}; {args.games} games per mode; {base:,} instructions before "
          f"the games (start, imports, warm-up), subtracted")
    per = {}
    for mode in modes:
        total, decisions = counted(args.code, mode, args.games)
        per[mode] = (total - base) / decisions
        ratio = f", {per[mode] / per['engine']:.2f}x the engine" if "engine" in per and mode != "engine" else ""
        print(f"{mode:11s} {per[mode] / 1000:8.1f}k instructions per decision ({decisions} decisions){ratio}")


if __name__ == "__main__":
    main()
