"""Where the CPU of a load run goes: the whole machine's busy time (``/proc/stat``) and that of every process of
given process trees (recursive descendants, including those that end during the run), so that the figures add up.

A tree's CPU is counted exactly by summing, over its live processes, utime + stime + cutime + cstime: a process that
ends is reaped by its parent (uvicorn's supervisor reaps its workers, PostgreSQL's postmaster its backends), whose
cumulative child times then hold all of it. The difference of that sum between two moments is the tree's CPU in
between, whatever started or ended meanwhile. For the per-process breakdown the trees are also sampled periodically
(each process's last figures kept), and what the samples miss of processes that ended between two samples is
reported as such.

Context switches: ``/proc/stat``'s ``ctxt`` for the machine, and each process's threads' voluntary and involuntary
switches (``/proc/PID/task/*/status``).
"""
from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


@dataclass
class Machine:
    """The whole machine's CPU time (seconds, all CPUs together) and context switches since boot."""
    user: float = 0.0  # user + nice
    system: float = 0.0
    irq: float = 0.0  # irq + softirq
    idle: float = 0.0  # idle + iowait
    steal: float = 0.0
    ctxt: int = 0

    @property
    def busy(self) -> float:
        return self.user + self.system + self.irq + self.steal

    def __sub__(self, other: Machine) -> Machine:
        return Machine(self.user - other.user, self.system - other.system, self.irq - other.irq,
                       self.idle - other.idle, self.steal - other.steal, self.ctxt - other.ctxt)


def machine() -> Machine:
    m = Machine()
    for line in Path("/proc/stat").read_text().splitlines():
        if line.startswith("cpu "):
            f = [int(x) for x in line.split()[1:]]
            f += [0] * (8 - len(f))
            m.user, m.system, m.idle = (f[0] + f[1]) / TICK, f[2] / TICK, (f[3] + f[4]) / TICK
            m.irq, m.steal = (f[5] + f[6]) / TICK, f[7] / TICK
        elif line.startswith("ctxt "):
            m.ctxt = int(line.split()[1])
    return m


@dataclass
class Proc:
    """One process's figures (seconds; switches summed over its threads)."""
    pid: int
    name: str
    utime: float = 0.0
    stime: float = 0.0
    children: float = 0.0  # cutime + cstime: its children that ended and were reaped
    voluntary: int = 0
    involuntary: int = 0
    threads: int = 1


def _stat(pid: int) -> tuple[int, float, float, float] | None:
    """(parent pid, utime, stime, cutime + cstime) of a process, None if it is gone."""
    try:
        f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    # after the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14)
    return int(f[1]), int(f[11]) / TICK, int(f[12]) / TICK, (int(f[13]) + int(f[14])) / TICK


def _switches(pid: int) -> tuple[int, int, int]:
    vol = invol = n = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0, 0, 0
    for t in tasks:
        try:
            for line in Path(f"/proc/{pid}/task/{t}/status").read_text().splitlines():
                if line.startswith("voluntary_ctxt_switches:"):
                    vol += int(line.split()[1])
                elif line.startswith("nonvoluntary_ctxt_switches:"):
                    invol += int(line.split()[1])
            n += 1
        except OSError:
            pass
    return vol, invol, n


def _name(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").strip().decode("utf-8", "replace")
    except OSError:
        return "?"
    if raw.startswith("postgres:"):  # a backend: "postgres: user db 127.0.0.1(port) idle" -> its kind
        parts = raw.split()
        return "postgres: backend" if len(parts) > 3 and "(" in parts[3] else " ".join(parts[:3])
    if "multiprocessing" in raw:
        return "python (uvicorn worker)"
    if "--client-of" in raw:
        return "python (load client)"
    if " serve " in f" {raw} ":
        return "python (concordia serve)"
    return raw[:60]


def descendants(root: int) -> list[int]:
    """``root`` and every process below it (children's children too), as found now."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            st = _stat(int(entry))
            if st is not None:
                children.setdefault(st[0], []).append(int(entry))
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, ()))
    return out


def snapshot(root: int) -> dict[int, Proc]:
    """Every live process of the tree under ``root`` with its figures."""
    procs = {}
    for pid in descendants(root):
        st = _stat(pid)
        if st is None:
            continue
        vol, invol, n = _switches(pid)
        procs[pid] = Proc(pid, _name(pid), st[1], st[2], st[3], vol, invol, max(1, n))
    return procs


def tree_cpu(procs: dict[int, Proc]) -> float:
    """The tree's counter of CPU seconds: its live processes' own and reaped children's times (see the module)."""
    return sum(p.utime + p.stime + p.children for p in procs.values())


@dataclass
class Tree:
    """A process tree followed over a run: its exact total and the per-process figures of the samples."""
    label: str
    root: int
    first: dict[int, Proc] = field(default_factory=dict)  # at the start
    last: dict[int, Proc] = field(default_factory=dict)  # each process as last seen
    start_total: float = 0.0
    end_total: float = 0.0

    def sample(self) -> dict[int, Proc]:
        now = snapshot(self.root)
        self.last.update(now)
        return now

    def begin(self) -> None:
        self.first = self.sample()
        self.start_total = tree_cpu(self.first)

    def end(self) -> None:
        self.end_total = tree_cpu(self.sample())

    @property
    def total(self) -> float:
        return self.end_total - self.start_total

    def rows(self) -> list[tuple[str, int, float, float, float, int, int, int]]:
        """Per process: (name, pid, CPU, user, system, voluntary, involuntary switches, threads) over the run, the
        largest first."""
        out = []
        for pid, p in self.last.items():
            q = self.first.get(pid, Proc(pid, p.name))
            out.append((p.name, pid, p.utime + p.stime - q.utime - q.stime, p.utime - q.utime, p.stime - q.stime,
                        p.voluntary - q.voluntary, p.involuntary - q.involuntary, p.threads))
        return sorted(out, key=lambda r: -r[2])


class Sampler:
    """Samples trees every ``every`` seconds on a thread, between :meth:`begin` and :meth:`end`."""

    def __init__(self, trees: list[Tree], every: float = 0.5) -> None:
        self.trees, self.every = trees, every
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def begin(self) -> Machine:
        for t in self.trees:
            t.begin()
        self.thread.start()
        return machine()

    def _run(self) -> None:
        while not self.stop.wait(self.every):
            for t in self.trees:
                t.sample()

    def end(self) -> Machine:
        m = machine()
        self.stop.set()
        self.thread.join()
        for t in self.trees:
            t.end()
        return m


def report(trees: list[Tree], m: Machine, decisions: int, own: float = 0.0,
           everything: Tree | None = None) -> list[str]:
    """The lines of the CPU account: the machine, each tree with its processes (grouped by name), the rest;
    ``everything``: the tree of every process (pid 1's), whose remainder once ours are taken out is other users'
    processes."""
    n = max(1, decisions)
    ms = lambda s: f"{1000 * s / n:.3f}"
    lines = [f"CPU account over the run, ms per decision (all CPUs together; {decisions} decisions):",
             f"  whole machine busy {ms(m.busy)} (user {ms(m.user)}, system {ms(m.system)}, irq+softirq "
             f"{ms(m.irq)}{f', steal {ms(m.steal)}' if m.steal else ''}); idle {ms(m.idle)}; context switches "
             f"{m.ctxt / n:.1f} per decision"]
    ours = own
    for t in trees:
        ours += t.total
        groups: dict[str, list[float]] = {}
        for name, _pid, cpu, user, system, vol, invol, threads in t.rows():
            g = groups.setdefault(name, [0, 0.0, 0.0, 0.0, 0, 0, 0])
            g[0] += 1
            g[1] += cpu
            g[2] += user
            g[3] += system
            g[4] += vol
            g[5] += invol
            g[6] = max(g[6], threads)
        seen = sum(g[1] for g in groups.values())
        lines.append(f"  {t.label}: {ms(t.total)} in all")
        for name, g in sorted(groups.items(), key=lambda kv: -kv[1][1]):
            if g[1] <= 0 and g[4] + g[5] == 0:
                continue
            lines.append(f"    {name} x{g[0]:.0f}: {ms(g[1])} (user {ms(g[2])}, system {ms(g[3])}); switches "
                         f"{g[4] / n:.1f} voluntary, {g[5] / n:.1f} involuntary per decision; up to {g[6]:.0f} "
                         "threads")
        if abs(t.total - seen) * 1000 / n >= 0.0005:
            lines.append(f"    processes that ended between samples: {ms(t.total - seen)}")
    if own:
        lines.append(f"  the benchmark's driver (this process, sampling /proc): {ms(own)}")
    lines.append(f"  all of these: {ms(ours)}")
    rest = m.busy - ours
    if everything is not None:
        others = everything.total - ours
        top = [r for r in everything.rows() if r[1] not in {pid for t in trees for pid in t.last}][:3]
        lines.append(f"  other processes on the machine (other users'): {ms(others)}"
                     + (f"; the busiest: {', '.join(f'{r[0][:30]} {ms(r[2])}' for r in top)}" if top else ""))
        rest -= others
    lines.append(f"  the rest (kernel threads, interrupts, work not charged to any process): {ms(rest)}")
    return lines
