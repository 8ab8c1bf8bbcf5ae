"""The speed-up of ``concordia simulate --workers N``: the same games on one process and on N, alternately, several
times; prints each run's times and the speed-up's median and range (the reports are checked to be equal).

Beside the wall times, each run's CPU time (this process and its workers, from ``getrusage``) and the machine's busy
time (``/proc/stat``, every process of everyone) are printed, so that a run slowed by other work on the machine shows
as such: ``others`` is the CPU the rest of the machine took meanwhile. ``--ceiling`` also plays the games as N
independent processes (each its own share of the seeds, one worker each, nothing sent back but the report): the
speed-up no pool can beat on this machine at that moment. For the runs on N workers, each worker's CPU time and how long
the first to finish waited for the last (the chunks' end) are printed too.

    python benchmarks/parallel_speed.py --games 1000 --workers 2 --repeat 5 --ceiling
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import sestertius.research.parallel as parallel
from sestertius.cli.simulate import run_simulation

TIMINGS = ("seconds", "games_per_second", "decisions_per_second", "workers")


def cpu_seconds() -> float:
    """CPU time of this process and of its children that ended (the pool's workers once it is closed)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def machine_busy() -> float:
    """Seconds of CPU the whole machine has been busy since boot (all CPUs: user, nice, system, irq, steal)."""
    with open("/proc/stat", encoding="ascii") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields[:8]
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def measured(run: Callable[[], Any]) -> tuple[Any, float, float, float]:
    """The result, wall seconds, our CPU seconds and the CPU seconds of everything else on the machine."""
    cpu, busy, start = cpu_seconds(), machine_busy(), time.perf_counter()
    result = run()
    wall = time.perf_counter() - start
    ours = cpu_seconds() - cpu
    return result, wall, ours, max(0.0, machine_busy() - busy - ours)


TRACE = tempfile.mkdtemp(prefix="parallel_speed-")  # a line per chunk played: the worker's clock and CPU time
_play_chunk = parallel._play_chunk


def _traced_chunk(jobs: list[Any]) -> list[Any]:
    played = _play_chunk(jobs)
    with open(os.path.join(TRACE, str(os.getpid())), "a", encoding="ascii") as f:
        f.write(f"{time.time()} {time.process_time()}\n")
    return played


# the workers are forked from here: they run the traced chunks (pickled by this name, found in the module)
_traced_chunk.__module__, _traced_chunk.__qualname__ = parallel.__name__, "_play_chunk"
parallel._play_chunk = _traced_chunk


def workers_trace() -> tuple[list[float], float]:
    """Each worker's CPU time, and how long the first worker to finish waited for the last; the trace is cleared."""
    ends, cpus = [], []
    for name in os.listdir(TRACE):
        with open(os.path.join(TRACE, name), encoding="ascii") as f:
            end, cpu = map(float, f.read().split()[-2:])
        ends.append(end)
        cpus.append(cpu)
        os.remove(os.path.join(TRACE, name))
    return sorted(cpus), (max(ends) - min(ends)) if ends else 0.0


def _share(args: argparse.Namespace, seed: int, part: int) -> None:
    n = args.games // args.workers
    run_simulation(args.board, args.players, n, seed=seed + part * n, progress=False, workers=1)


def independent(args: argparse.Namespace, seed: int) -> None:
    """N processes, each playing its share of the games on its own."""
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_share, args=(args, seed, i)) for i in range(args.workers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="imperium")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--ceiling", action="store_true", help="also time N independent processes (no pool)")
    args = ap.parse_args()
    n = args.workers
    ratios, ceilings, cpu_ratios = [], [], []
    for k in range(args.repeat):
        seed = 1000 * k
        times, cpus, reports = {}, {}, {}
        for workers in (1, n) if k % 2 == 0 else (n, 1):
            reports[workers], times[workers], cpus[workers], others = measured(partial(
                run_simulation, args.board, args.players, args.games, seed=seed, progress=False, workers=workers))
            per_worker, waited = workers_trace()
            shares = (f"; the workers' CPU {', '.join(f'{c:.2f}' for c in per_worker)} s, the first waited "
                      f"{waited:.2f} s for the last" if workers > 1 else "")
            print(f"  {workers} worker(s): {times[workers]:.2f} s, CPU {cpus[workers]:.2f} s (others {others:.2f} s)"
                  f", load {os.getloadavg()[0]:.2f}{shares}")
        same = ({k: v for k, v in reports[1].items() if k not in TIMINGS}
                == {k: v for k, v in reports[n].items() if k not in TIMINGS})
        ratios.append(times[1] / times[n])
        cpu_ratios.append(cpus[n] / cpus[1])
        line = (f"run {k + 1}: speed-up {ratios[-1]:.2f}x, CPU of {n} workers / CPU of 1: {cpu_ratios[-1]:.3f}, "
                f"same report: {same}")
        if args.ceiling:
            _, wall, cpu, others = measured(partial(independent, args, seed))
            ceilings.append(times[1] / wall)
            line += f"; {n} independent processes: {wall:.2f} s ({ceilings[-1]:.2f}x, others {others:.2f} s)"
        print(line)
    print(f"speed-up with {n} workers: median {statistics.median(ratios):.2f}x (min {min(ratios):.2f}x, max "
          f"{max(ratios):.2f}x, {len(ratios)} runs of {args.games} games); their CPU time against one worker's: "
          f"median {statistics.median(cpu_ratios):.3f}")
    if ceilings:
        print(f"{n} independent processes (the ceiling): median {statistics.median(ceilings):.2f}x "
              f"(min {min(ceilings):.2f}x, max {max(ceilings):.2f}x)")


if __name__ == "__main__":
    main()
