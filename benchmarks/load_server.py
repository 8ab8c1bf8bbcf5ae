"""Load test of the web app: many games at once against a real server on loopback.

    python benchmarks/load_server.py [--games 32] [--seconds 30] [--players 3] [--board italia] [--db URL]
                                     [--think 1 3] [--workers N]

Starts ``concordia serve`` in a subprocess on a free loopback port (a fresh SQLite file unless --db is given), then
plays ``--games`` games at the same time (httpx clients in threads, spread over ``--client-procs`` processes; each
seat a person online), every decision chosen at random among the legal ones of the seat's view. When a game ends,
its table starts a new one.
Every decision is a POST that the server writes to the database (committed) before answering; a GET fetches the
view of the next seat when the seat to act changes.

``--think MIN MAX``: each person thinks a random time between MIN and MAX seconds before each decision (human-paced
play; the tables start at random moments within the first MAX seconds; the default 0 0 sends as fast as the server
answers, which measures saturation). ``--workers N``: the server
runs N worker processes (PostgreSQL only).

Reports decisions per second (POSTed decisions acknowledged), the median, 95th and 99th percentile response times of
the decision POSTs and of the view GETs, and the server's memory per game (the growth of its processes' resident
memory over the run, divided by the games started). The figures in the README come from this script.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]



def seat_view(http: Any, gid: str, seat: int, key: str) -> Any:
    """A seat's view; the seat's secret goes in a header, never in the URL."""
    return http.get(f"/api/games/{gid}", params={"seat": seat}, headers={"X-Seat-Key": key}).json()

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, int(round(p / 100 * (len(xs) - 1)))))
    return xs[k]


class Stats:
    def __init__(self) -> None:
        self.post: list[float] = []
        self.get: list[float] = []
        self.errors = 0
        self.games_done = 0
        self.games_started = 0

    def merge(self, other: Stats) -> None:
        self.post += other.post
        self.get += other.get
        self.errors += other.errors
        self.games_done += other.games_done
        self.games_started += other.games_started


def client(base: str) -> httpx.Client:
    # TCP_NODELAY, as browsers do: otherwise a POST's body may wait for the ACK of its headers (Nagle's algorithm
    # against delayed ACKs)
    transport = httpx.HTTPTransport(socket_options=[(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)])
    return httpx.Client(base_url=base, transport=transport, timeout=60)


def play_games(base: str, args: argparse.Namespace, rng: random.Random, stop_at: float) -> Stats:
    """One simulated table: plays games one after the other until the time is up."""
    stats = Stats()
    if args.think[1] > 0:  # people arrive over the first think time, not all in the same instant
        time.sleep(rng.uniform(0, args.think[1]))
    with client(base) as http:
        while time.time() < stop_at:
            r = http.post("/api/games", json={
                "board": args.board, "seed": rng.randrange(2**31),
                "seats": [{"kind": "human"} for _ in range(args.players)]})
            r.raise_for_status()
            g = r.json()
            stats.games_started += 1
            gid = g["id"]
            keys = {s["seat"]: s["key"] for s in g["seats"]}
            seat = 0
            t = time.perf_counter()
            view = seat_view(http, gid, seat, keys[seat])
            stats.get.append(time.perf_counter() - t)
            while time.time() < stop_at:
                if view["over"]:
                    stats.games_done += 1
                    break
                if view["to_act"] != seat:
                    seat = view["to_act"]
                    t = time.perf_counter()
                    view = seat_view(http, gid, seat, keys[seat])
                    stats.get.append(time.perf_counter() - t)
                    continue
                legal = view["legal"]
                # like a person: mostly not "done" at once, so that turns have some substance
                choice = rng.choice(legal[1:] if len(legal) > 1 and legal[0]["action"] == ["done"]
                                    and rng.random() < 0.6 else legal)
                if args.think[1] > 0:  # a person thinking before deciding
                    time.sleep(rng.uniform(*args.think))
                    if time.time() >= stop_at:
                        break
                t = time.perf_counter()
                r = http.post(f"/api/games/{gid}/decisions", json={
                    "seat": seat, "key": keys[seat], "action": choice["action"], "expect": view["decisions"]})
                stats.post.append(time.perf_counter() - t)
                if r.status_code != 200:
                    stats.errors += 1
                    view = seat_view(http, gid, seat, keys[seat])
                else:
                    view = r.json()["view"]
    return stats


def client_process(base: str, args: argparse.Namespace, first: int, count: int, stop_at: float) -> Stats:
    """One load process: ``count`` tables in threads (the client's own work is spread over processes so that
    the load generator does not become the bottleneck)."""
    with ThreadPoolExecutor(count) as pool:
        futures = [pool.submit(play_games, base, args, random.Random(args.seed + first + i), stop_at)
                   for i in range(count)]
        total = Stats()
        for f in futures:
            total.merge(f.result())
    return total


def run_load(base: str, args: argparse.Namespace) -> Stats:
    procs = max(1, min(args.client_procs, args.games))
    per = [args.games // procs + (1 if i < args.games % procs else 0) for i in range(procs)]
    firsts = [sum(per[:i]) for i in range(procs)]
    httpx.get(base + "/api/meta")  # warm up
    t0 = time.time()
    stop_at = t0 + args.seconds
    stats = Stats()
    with ProcessPoolExecutor(procs) as pool:
        for st in pool.map(client_process, [base] * procs, [args] * procs, firsts, per, [stop_at] * procs):
            stats.merge(st)
    stats.elapsed = time.time() - t0  # type: ignore[attr-defined]
    return stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=32, help="games played at the same time")
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--board", default="italia")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--client-procs", type=int, default=2, help="load generator processes (threads inside)")
    ap.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file in a temporary folder)")
    ap.add_argument("--think", type=float, nargs=2, default=(0.0, 0.0), metavar=("MIN", "MAX"),
                    help="seconds a person thinks before each decision (default: none)")
    ap.add_argument("--workers", type=int, default=1, help="server worker processes (PostgreSQL only)")
    args = ap.parse_args()

    tmp = tempfile.TemporaryDirectory()
    db = args.db or f"sqlite:///{Path(tmp.name) / 'load.sqlite3'}"
    port = free_port()
    env = {**os.environ, "SESTERTIUS_CAMPAIGNS": str(Path(tmp.name) / "campaigns.sqlite3")}
    proc = subprocess.Popen([sys.executable, "-m", "sestertius", "serve", "--port", str(port), "--db", db,
                             "--workers", str(args.workers)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 30
        while True:
            try:
                httpx.get(base + "/api/meta", timeout=1)
                break
            except httpx.HTTPError:
                if time.time() > deadline:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.1)
        rss0, cpu0 = server_rss(proc.pid), server_cpu(proc.pid)
        stats = run_load(base, args)
        rss1, cpu1 = server_rss(proc.pid), server_cpu(proc.pid)
    finally:
        proc.terminate()
        proc.wait(10)
        tmp.cleanup()

    n = len(stats.post)
    el = stats.elapsed  # type: ignore[attr-defined]
    ms = lambda x: f"{1000 * x:.1f} ms"
    print(f"server: concordia serve on loopback, {args.workers} process(es); database: "
          f"{'SQLite (temporary file)' if not args.db else 'given URL'}; "
          f"load from {args.client_procs} client processes")
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    think = f"a person thinks {args.think[0]:g}-{args.think[1]:g} s per decision" if args.think[1] else "no think time"
    print(f"load: {args.games} games at once ({think}), {args.players} seats each ({args.board}), "
          f"{args.seconds:.0f} s; "
          f"{stats.games_started} games started, {stats.games_done} finished")
    print(f"decisions: {n} in {el:.1f} s = {n / el:.0f} decisions/s (each written to the database before the "
          f"answer); refused: {stats.errors}")
    print(f"decision POST: median {ms(statistics.median(stats.post))}, p95 {ms(pct(stats.post, 95))}, "
          f"p99 {ms(pct(stats.post, 99))}")
    print(f"view GET: {len(stats.get)} requests, median {ms(statistics.median(stats.get))}, "
          f"p95 {ms(pct(stats.get, 95))}")
    print(f"all requests: {(n + len(stats.get)) / el:.0f} per second")
    print(f"server CPU time: {cpu1 - cpu0:.1f} s = {1000 * (cpu1 - cpu0) / max(1, n):.2f} ms per decision (its GETs "
          f"included); load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if rss0 and rss1:
        print(f"server memory: {rss0 / 2**20:.0f} MB before, {rss1 / 2**20:.0f} MB after: "
              f"{(rss1 - rss0) / max(1, stats.games_started) / 1024:.0f} kB per game started")


def server_pids(pid: int) -> list[int]:
    """The server process and its children (the workers)."""
    try:
        return [pid] + [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return [pid]


def server_cpu(pid: int) -> float:
    """The CPU time (user + system, seconds) the server's processes have used so far."""
    total = 0
    for p in server_pids(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of the whole line)
        except (OSError, IndexError, ValueError):
            pass
    return total / os.sysconf("SC_CLK_TCK")


def server_rss(pid: int) -> int:
    """The resident memory of the server: the process and its children (the workers), in bytes (0: unknown)."""
    total = 0
    for p in server_pids(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


if __name__ == "__main__":
    main()
