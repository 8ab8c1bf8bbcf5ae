"""The speed-up of ``concordia simulate --workers N``: the same games on one process and on N, alternately, several
times; prints each pair's times and the speed-up's median and range (the reports are checked to be equal).

    python benchmarks/parallel_speed.py --games 400 --workers 2 --repeat 5
"""
from __future__ import annotations

import argparse
import statistics
import time

from sestertius.cli.simulate import run_simulation

TIMINGS = ("seconds", "games_per_second", "decisions_per_second", "workers")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="imperium")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    ratios = []
    for k in range(args.repeat):
        times = {}
        reports = {}
        for workers in (1, args.workers) if k % 2 == 0 else (args.workers, 1):
            start = time.perf_counter()
            reports[workers] = run_simulation(args.board, args.players, args.games, seed=1000 * k, progress=False,
                                              workers=workers)
            times[workers] = time.perf_counter() - start
        same = ({k: v for k, v in reports[1].items() if k not in TIMINGS}
                == {k: v for k, v in reports[args.workers].items() if k not in TIMINGS})
        ratios.append(times[1] / times[args.workers])
        print(f"run {k + 1}: 1 worker {times[1]:.2f} s, {args.workers} workers {times[args.workers]:.2f} s, "
              f"speed-up {ratios[-1]:.2f}x, same report: {same}")
    print(f"speed-up with {args.workers} workers: median {statistics.median(ratios):.2f}x "
          f"(min {min(ratios):.2f}x, max {max(ratios):.2f}x, {len(ratios)} runs of {args.games} games)")


if __name__ == "__main__":
    main()
