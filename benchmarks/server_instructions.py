"""The server's instructions per decision, the whole request included (uvicorn's HTTP, the event loop, the threads,
psycopg and libpq): ``concordia serve`` (one process) run under valgrind's callgrind, counting only while a fixed
number of decisions is played over loopback HTTP by the client of ``load_server.py`` (the same requests: a decision
POST, the next seat's view GET when the seat to act changes), after a warm-up.

    python benchmarks/server_instructions.py [--postgres] [--decisions 400] [--warmup 100] [--games 8]
                                             [--server-root PATH] [--keep FILE]

Instructions do not depend on what else the machine runs (the time does): compare a change by this figure, the
code before (``--server-root`` a copy of it) and after. Not counted: PostgreSQL's processes, the kernel (system
calls, context switches: ``load_server.py`` reports those as CPU time and switches), the client. The concurrency
(``--games`` tables, each waiting for its answers) changes how many requests share one wake-up of the event loop:
keep it the same between the runs compared.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import random_tables  # beside this script
from load_server import ROOT, Conn, free_port, throwaway_postgres


class HttpTable:
    """One table's requests over loopback HTTP, on a keep-alive connection of its own."""

    def __init__(self, host: str, port: int) -> None:
        self.http = Conn(host, port)

    async def __call__(self, method: str, path: str, query: str, body: Any, key: str | None) -> tuple[int, bytes]:
        return await self.http.request(method, f"{path}?{query}" if query else path, body,
                                       headers=None if key is None else {"X-Seat-Key": key})

    def close(self) -> None:
        if self.http.writer is not None:
            self.http.writer.close()


def http_tables(host: str, port: int, decisions: int, games: int, seed: int) -> tuple[int, int]:
    """The tables of ``random_tables.play`` over loopback HTTP: (decisions, views)."""
    return asyncio.run(random_tables.play(lambda: HttpTable(host, port), decisions, games, seed,
                                          lambda table: table.close()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=400, help="decisions counted")
    ap.add_argument("--warmup", type=int, default=100, help="decisions played first, not counted")
    ap.add_argument("--games", type=int, default=8, help="tables playing at once")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL server (else SQLite)")
    ap.add_argument("--server-root", default=str(ROOT), help="the checkout whose server runs (default: this one)")
    ap.add_argument("--keep", default=None, help="keep callgrind's output in this file (for callgrind_annotate)")
    args = ap.parse_args()
    tmp = tempfile.TemporaryDirectory()
    pg = None
    if args.postgres:
        db, pg = throwaway_postgres("instructions")
    else:
        db = f"sqlite:///{Path(tmp.name) / 'g.sqlite3'}"
    out = args.keep or str(Path(tmp.name) / "callgrind.out")
    port = free_port()
    root = str(Path(args.server_root).resolve())
    env = {**os.environ, "PYTHONPATH": root, "SESTERTIUS_RATE_LIMITS": "off",
           "SESTERTIUS_CAMPAIGNS": str(Path(tmp.name) / "c.sqlite3")}
    proc = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                             sys.executable, "-m", "sestertius", "serve", "--port", str(port), "--db", db],
                            cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 600
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=5).read()
                break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.5)
        http_tables("127.0.0.1", port, args.warmup, args.games, args.seed + 1)
        subprocess.run(["callgrind_control", "-i", "on", str(proc.pid)], check=True, capture_output=True)
        t = time.perf_counter()
        done, views = http_tables("127.0.0.1", port, args.decisions, args.games, args.seed)
        wall = time.perf_counter() - t
        subprocess.run(["callgrind_control", "-i", "off", str(proc.pid)], check=True, capture_output=True)
    finally:
        proc.terminate()
        try:
            proc.wait(120)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if pg is not None:
            pg.stop()
    total = 0
    for f in Path(out).parent.glob(Path(out).name + "*"):  # one file per thread with --separate-threads, else one
        counts = [int(m.group(1)) for m in re.finditer(r"^(?:summary|totals): (\d+)", f.read_text(errors="replace"),
                                                       re.M)]
        total += max(counts, default=0)
    root_shown = "" if Path(root) == ROOT else f" from {root}"
    print(f"server{root_shown}: {'PostgreSQL' if args.postgres else 'SQLite'}, {args.games} tables at once; "
          f"{done} decisions and {views} views counted after {args.warmup} of warm-up ({wall:.1f} s under valgrind)")
    print(f"instructions: {total / 1e6:.1f}M in all, {total / max(1, done) / 1e6:.3f}M per decision (views included)")
    tmp.cleanup()


if __name__ == "__main__":
    main()
