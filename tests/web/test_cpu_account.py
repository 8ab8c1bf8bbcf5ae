"""The load benchmark's CPU account (benchmarks/cpu_account.py): a process tree's CPU counts its processes at every
depth, those that ended during the measurement included, and nothing from before it."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import cpu_account  # beside the benchmark, not a package

BURN = "import time, sys\nt = time.process_time()\nwhile time.process_time() - t < float(sys.argv[1]): pass\n"
# a child that starts a grandchild burning 0.4 s, waits for it (it ends), then burns 0.3 s itself and sleeps
CHILD = (f"import subprocess, sys, time\nsubprocess.run([sys.executable, '-c', {BURN!r}, '0.4'])\n"
         f"exec({BURN!r}.replace('sys.argv[1]', '0.3'))\ntime.sleep(30)\n")


def test_a_trees_cpu_includes_grandchildren_that_ended():
    parent = subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time\n"
                               "time.sleep(0.5)\n"  # started, not yet busy: the measurement begins here
                               f"p = subprocess.Popen([sys.executable, '-c', {CHILD!r}])\n"
                               "time.sleep(30)\n"])
    try:
        time.sleep(0.3)
        tree = cpu_account.Tree("test", parent.pid)
        sampler = cpu_account.Sampler([tree], every=0.1)
        m0 = sampler.begin()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # until the child has burnt its share (the grandchild has ended)
            time.sleep(0.2)
            kids = [p for p in cpu_account.descendants(parent.pid) if p != parent.pid]
            if kids and cpu_account.snapshot(kids[0])[kids[0]].utime + \
                    cpu_account.snapshot(kids[0])[kids[0]].stime >= 0.3 and \
                    len(cpu_account.descendants(kids[0])) == 1:
                break
        time.sleep(0.2)
        m1 = sampler.end()
    finally:
        for p in cpu_account.descendants(parent.pid)[::-1]:
            subprocess.run(["kill", str(p)], check=False)
        parent.wait(10)
    # the child's 0.3 s, the grandchild's 0.4 s (ended: in its parent's child times) and two interpreters' starts
    assert 0.7 <= tree.total <= 1.6, tree.total
    assert (m1 - m0).busy >= tree.total - 0.05
    names = {r[0] for r in tree.rows()}
    assert any("python" in n or "-c" in n for n in names)
    lines = cpu_account.report([tree], m1 - m0, 100)
    assert lines[0].startswith("CPU account") and any("test:" in line for line in lines)
