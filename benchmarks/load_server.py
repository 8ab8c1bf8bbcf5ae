"""Load test of the web app: many games at once against a real server on loopback.

    python benchmarks/load_server.py [--games 32] [--seconds 30] [--players 3] [--board italia]
                                     [--db URL | --postgres [--fsync-off]] [--workers N] [--think 1 3]
                                     [--server-root PATH]

Starts ``concordia serve`` in a subprocess on a free loopback port (a fresh SQLite file unless --db is given;
``--postgres``: a throwaway PostgreSQL server of its own, durable as PostgreSQL's defaults make it and as a
deployment runs it: ``fsync=on``, each commit waiting for the disk; ``--fsync-off`` starts it with ``fsync=off`` as
the tests' server runs, faster and not durable, and the report says so), then plays ``--games`` games at the same
time, each seat a person online, every decision chosen at random among the legal ones of the seat's view. When a
game ends, its table starts a new one.

The report states the database's durability settings as the database reports them (PostgreSQL: ``SHOW fsync``,
``synchronous_commit``, ``full_page_writes``, ``wal_sync_method``; SQLite: ``PRAGMA journal_mode`` and
``synchronous`` on a connection the server's store makes) and the machine's load (its CPU count, the load averages
before and after the run), since other processes on the machine change every figure.

The load comes from ONE separate client process: an asyncio event loop (uvloop) with one keep-alive HTTP/1.1
connection per table, a minimal HTTP client of its own (no HTTP library) and orjson (its cost per request is a
small fraction of the server's), so that the figures show the server's cost rather than the client's. The client's
own CPU time is reported beside the server's (and PostgreSQL's, with ``--postgres``).

Every decision is a POST that the server writes to the database (committed) before answering; a GET fetches the view
of the next seat when the seat to act changes.

``--think MIN MAX``: each person thinks a random time between MIN and MAX seconds before each decision (human-paced
play; the tables start at random moments within the first MAX seconds; the default 0 0 sends as fast as the server
answers, which measures saturation). ``--workers N``: the server runs N worker processes (PostgreSQL only).
``--server-root PATH``: run the server from another checkout (a before/after comparison with the same client).

Reports decisions per second (POSTed decisions acknowledged), the median, 95th and 99th percentile response times of
the decision POSTs and of the view GETs, the server's memory per game (the growth of its processes' resident memory
over the run, divided by the games started) and the CPU time of the server, the client and PostgreSQL over the run
(each a whole process tree, processes that ended included), then an account of all the machine's CPU over the run
(``cpu_account.py``): the whole machine's busy time from /proc/stat, each process of the server's, PostgreSQL's and
the client's trees with its user and system time and context switches, and the rest (other users' processes, kernel
threads, interrupts), all per decision.
The web server's figures in docs/SPEED.md come from this script.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cpu_account  # beside this script

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def throwaway_postgres(name: str, durable: bool = True) -> tuple[str, Any]:
    """A fresh database on a PostgreSQL server of its own, started as the tests start one but durable unless told
    (``fsync=on``): its URL, and the server (``stop()`` it at the end)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from support import postgres  # type: ignore[import-not-found]  # tests/support: not a package mypy is shown
    pg = postgres.start(durable=durable)
    if pg is None:
        raise SystemExit("no PostgreSQL server could be started (install Debian's postgresql package)")
    return pg.create_db(name), pg


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, int(round(p / 100 * (len(xs) - 1)))))
    return xs[k]


# -- the client: one process, one event loop, one keep-alive connection per table ------------------------------------
class Conn:
    """A keep-alive HTTP/1.1 connection to the server, just enough of HTTP for this API: requests with a JSON body or
    none, answers with a Content-Length (or chunked)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.reconnects = -1

    async def open(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        sock = self.writer.get_extra_info("socket")
        if sock is not None:  # as browsers do: no Nagle delay on a request's last segment
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.reconnects += 1

    async def request(self, method: str, path: str, body: Any = None,
                      headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        data = b"" if body is None else orjson.dumps(body)
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        for k, v in (headers or {}).items():
            head += f"{k}: {v}\r\n"
        raw = head.encode() + b"\r\n" + data
        for attempt in (0, 1):
            if self.writer is None:
                await self.open()
            assert self.reader is not None and self.writer is not None
            try:
                self.writer.write(raw)
                status_line = await self.reader.readuntil(b"\r\n")
            except (ConnectionError, asyncio.IncompleteReadError):
                # the server closed an idle keep-alive connection before reading this request: send it again on a
                # new one (nothing was read, so nothing was done)
                self.writer = None
                if attempt:
                    raise
                continue
            return await self._answer(status_line)
        raise AssertionError("unreachable")

    async def _answer(self, status_line: bytes) -> tuple[int, bytes]:
        assert self.reader is not None
        status = int(status_line.split(b" ", 2)[1])
        head = await self.reader.readuntil(b"\r\n\r\n")
        length, chunked, close = None, False, False
        for line in head.split(b"\r\n"):
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding" and b"chunked" in value.lower():
                chunked = True
            elif name == b"connection" and b"close" in value.lower():
                close = True
        if chunked:
            parts = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    break
                parts.append(chunk[:-2])
            body = b"".join(parts)
        else:
            body = await self.reader.readexactly(length or 0)
        if close:
            self.writer = None
        return status, body


class Stats:
    def __init__(self) -> None:
        self.post: list[float] = []
        self.post_at: list[float] = []  # when each decision was sent (clock())
        self.get: list[float] = []
        self.errors = 0
        self.refusals: dict[str, int] = {}  # "status code: the refusal's code" -> how many
        self.games_done = 0
        self.games_started = 0
        self.reconnects = 0


async def table(host: str, port: int, args: argparse.Namespace, rng: random.Random, stop_at: float,
                stats: Stats) -> None:
    """One simulated table: plays games one after the other until the time is up."""
    loop = asyncio.get_running_loop()
    clock = time.perf_counter
    if args.think[1] > 0:  # people arrive over the first think time, not all in the same instant
        await asyncio.sleep(rng.uniform(0, args.think[1]))
    http = Conn(host, port)

    async def seat_view(gid: str, seat: int, key: str) -> Any:
        """A seat's view; the seat's secret goes in a header, never in the URL."""
        t = clock()
        status, body = await http.request("GET", f"/api/games/{gid}?seat={seat}", headers={"X-Seat-Key": key})
        stats.get.append(clock() - t)
        if status != 200:
            raise RuntimeError(f"view: {status} {body[:200]!r}")
        return orjson.loads(body)

    while loop.time() < stop_at:
        status, body = await http.request("POST", "/api/games", {
            "board": args.board, "seed": rng.randrange(2**31),
            "seats": [{"kind": "human"} for _ in range(args.players)]})
        if status != 201:
            raise RuntimeError(f"create: {status} {body[:200]!r}")
        g = orjson.loads(body)
        stats.games_started += 1
        gid = g["id"]
        keys = {s["seat"]: s["key"] for s in g["seats"]}
        seat = 0
        view = await seat_view(gid, seat, keys[seat])
        while loop.time() < stop_at:
            if view["over"]:
                stats.games_done += 1
                break
            if view["to_act"] != seat:
                seat = view["to_act"]
                view = await seat_view(gid, seat, keys[seat])
                continue
            legal = view["legal"]
            # like a person: mostly not "done" at once, so that turns have some substance
            choice = rng.choice(legal[1:] if len(legal) > 1 and legal[0]["action"] == ["done"]
                                and rng.random() < 0.6 else legal)
            if args.think[1] > 0:  # a person thinking before deciding
                await asyncio.sleep(rng.uniform(*args.think))
                if loop.time() >= stop_at:
                    break
            t = clock()
            status, body = await http.request("POST", f"/api/games/{gid}/decisions", {
                "seat": seat, "key": keys[seat], "action": choice["action"], "expect": view["decisions"]})
            stats.post.append(clock() - t)
            stats.post_at.append(t)
            if status != 200:
                stats.errors += 1
                try:
                    why = f"{status} {orjson.loads(body).get('code')}"
                except (ValueError, AttributeError):
                    why = str(status)
                stats.refusals[why] = stats.refusals.get(why, 0) + 1
                view = await seat_view(gid, seat, keys[seat])
            else:
                view = orjson.loads(body)["view"]
    stats.reconnects += max(0, http.reconnects)
    if http.writer is not None:
        http.writer.close()


async def client_main(base: str, args: argparse.Namespace) -> dict[str, Any]:
    host, port = base.removeprefix("http://").split(":")
    loop = asyncio.get_running_loop()
    stats = Stats()
    t0, c0 = loop.time(), time.perf_counter()
    stop_at = t0 + args.seconds
    await asyncio.gather(*(table(host, int(port), args, random.Random(args.seed + i), stop_at, stats)
                           for i in range(args.games)))
    return {"post": stats.post, "post_at": [t - c0 for t in stats.post_at], "get": stats.get,
            "errors": stats.errors, "refusals": stats.refusals, "games_done": stats.games_done,
            "games_started": stats.games_started, "reconnects": stats.reconnects, "elapsed": loop.time() - t0}


def run_client(base: str, args: argparse.Namespace) -> None:
    """The client process: plays, then prints its figures (JSON) with its own CPU time."""
    try:
        import uvloop
        uvloop.install()
    except ImportError:
        pass
    out = asyncio.run(client_main(base, args))
    ru = resource.getrusage(resource.RUSAGE_SELF)
    out["cpu"] = ru.ru_utime + ru.ru_stime
    out["rss"] = ru.ru_maxrss * 1024
    json.dump(out, sys.stdout)


# -- the driver: the server (and PostgreSQL), the client process, the report ----------------------------------------
def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=32, help="games played at the same time")
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--board", default="italia")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file in a temporary folder)")
    ap.add_argument("--postgres", action="store_true",
                    help="start a throwaway PostgreSQL server (durable: fsync=on, PostgreSQL's default) and use it")
    ap.add_argument("--fsync-off", action="store_true",
                    help="with --postgres: start it with fsync=off (not durable: a crash may lose or corrupt data)")
    ap.add_argument("--think", type=float, nargs=2, default=(0.0, 0.0), metavar=("MIN", "MAX"),
                    help="seconds a person thinks before each decision (default: none)")
    ap.add_argument("--workers", type=int, default=1, help="server worker processes (PostgreSQL only)")
    ap.add_argument("--warmup", type=float, default=None,
                    help="also report the decisions sent after this many seconds (default: with --think, 10 s: the "
                         "tables arriving and creating their games)")
    ap.add_argument("--server-root", default=str(ROOT), help="the checkout whose server runs (default: this one)")
    ap.add_argument("--client-of", default=None, help=argparse.SUPPRESS)  # internal: run as the client process
    args = ap.parse_args()
    if args.fsync_off and not args.postgres:
        ap.error("--fsync-off is for the throwaway server of --postgres")
    if args.client_of:
        run_client(args.client_of, args)
        return

    tmp = tempfile.TemporaryDirectory()
    pg = None
    if args.postgres:
        args.db, pg = throwaway_postgres("load", durable=not args.fsync_off)
    db = args.db or f"sqlite:///{Path(tmp.name) / 'load.sqlite3'}"
    port = free_port()
    server_root = str(Path(args.server_root).resolve())
    # the rates per client address off: every simulated player comes from this one address
    env = {**os.environ, "SESTERTIUS_CAMPAIGNS": str(Path(tmp.name) / "campaigns.sqlite3"),
           "PYTHONPATH": server_root, "SESTERTIUS_RATE_LIMITS": "off"}
    proc = subprocess.Popen([sys.executable, "-m", "sestertius", "serve", "--port", str(port), "--db", db,
                             "--workers", str(args.workers)], cwd=server_root, env=env, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 300  # a machine busy with other work may take minutes to start the workers
        while True:
            try:
                urllib.request.urlopen(base + "/api/meta", timeout=1).read()
                break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.1)
        time.sleep(0.5 * args.workers)  # every worker up
        for _ in range(4 * args.workers):  # warm up each worker
            urllib.request.urlopen(base + "/api/meta", timeout=5).read()
        pg_pid = postmaster(pg)
        durability = db_durability(db)
        rss0, cpu0, pg0 = server_rss(proc.pid), server_cpu(proc.pid), server_cpu(pg_pid) if pg_pid else 0.0
        load0 = os.getloadavg()
        trees = [cpu_account.Tree("the server (every process under concordia serve)", proc.pid)]
        if pg_pid:
            trees.append(cpu_account.Tree("PostgreSQL (the postmaster and every process under it)", pg_pid))
        own0, kids0 = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        client = subprocess.Popen([sys.executable, __file__, "--client-of", base, *sys.argv[1:]],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)})
        trees.append(cpu_account.Tree("the load client", client.pid))
        everything = cpu_account.Tree("every process", 1)  # other users' processes: what remains of it
        sampler = cpu_account.Sampler([*trees, everything])
        m0 = sampler.begin()
        out, err = client.communicate()
        m1 = sampler.end()
        own1, kids1 = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        # the client has ended and been reaped by this process (its only child that ended meanwhile): its whole tree
        trees[-1].end_total = trees[-1].start_total + (kids1.ru_utime + kids1.ru_stime - kids0.ru_utime
                                                       - kids0.ru_stime)
        if client.returncode != 0:
            raise SystemExit(f"the client failed:\n{err[-3000:]}")
        rss1, cpu1, pg1 = server_rss(proc.pid), server_cpu(proc.pid), server_cpu(pg_pid) if pg_pid else 0.0
        load1 = os.getloadavg()
        stats = json.loads(out)
    finally:
        proc.terminate()
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        finally:  # the throwaway PostgreSQL server stopped whatever happened to the web server
            if pg is not None:
                pg.stop()
            tmp.cleanup()
    report(args, stats, rss0, rss1, cpu1 - cpu0, pg1 - pg0 if pg_pid else None, load0, load1, durability)
    own = own1.ru_utime + own1.ru_stime - own0.ru_utime - own0.ru_stime
    print("\n".join(cpu_account.report(trees, m1 - m0, len(stats["post"]), own, everything)))


def report(args: argparse.Namespace, stats: dict[str, Any], rss0: int, rss1: int, cpu: float, pg_cpu: float | None,
           load0: tuple[float, ...], load1: tuple[float, ...], durability: str) -> None:
    post, get = stats["post"], stats["get"]
    n, el = len(post), stats["elapsed"]
    ms = lambda x: f"{1000 * x:.1f} ms"
    db = ("SQLite (temporary file)" if not args.db else
          (f"PostgreSQL (throwaway server, {'fsync=off: NOT durable' if args.fsync_off else 'durable'})"
           if args.postgres else "given URL"))
    root = "" if Path(args.server_root).resolve() == ROOT else f" from {args.server_root}"
    print(f"server: concordia serve{root} on loopback, {args.workers} process(es); database: {db}; "
          "load from one asyncio client process")
    print(f"durability, as the database reports it: {durability}")
    avg = lambda la: "/".join(f"{x:.2f}" for x in la)
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; load average "
          f"(1/5/15 min) {avg(load0)} at the start, {avg(load1)} at the end")
    think = f"a person thinks {args.think[0]:g}-{args.think[1]:g} s per decision" if args.think[1] else "no think time"
    print(f"load: {args.games} games at once ({think}), {args.players} seats each ({args.board}), "
          f"{args.seconds:.0f} s; {stats['games_started']} games started, {stats['games_done']} finished")
    print(f"decisions: {n} in {el:.1f} s = {n / el:.0f} decisions/s (each written to the database before the "
          f"answer); refused: {stats['errors']}"
          + (f" ({', '.join(f'{k}: {v}' for k, v in sorted(stats['refusals'].items()))})" if stats["errors"] else "")
          + f"; reconnections: {stats['reconnects']}")
    if post:
        print(f"decision POST: median {ms(statistics.median(post))}, p95 {ms(pct(post, 95))}, "
              f"p99 {ms(pct(post, 99))}")
    warmup = args.warmup if args.warmup is not None else (10.0 if args.think[1] else 0.0)
    if warmup and post:
        late = [x for x, at in zip(post, stats["post_at"]) if at >= warmup]
        if late:
            print(f"decision POST after the first {warmup:g} s: {len(late)} decisions = "
                  f"{len(late) / (el - warmup):.0f}/s, median {ms(statistics.median(late))}, "
                  f"p95 {ms(pct(late, 95))}, p99 {ms(pct(late, 99))}")
    if get:
        print(f"view GET: {len(get)} requests, median {ms(statistics.median(get))}, p95 {ms(pct(get, 95))}")
    print(f"all requests: {(n + len(get)) / el:.0f} per second")
    per = lambda s: f"{s:.1f} s = {1000 * s / max(1, n):.2f} ms per decision"
    print(f"CPU time: server {per(cpu)} (its GETs included); client {per(stats['cpu'])}"
          + (f"; PostgreSQL {per(pg_cpu)}" if pg_cpu is not None else ""))
    if rss0 and rss1:
        print(f"server memory: {rss0 / 2**20:.0f} MB before, {rss1 / 2**20:.0f} MB after: "
              f"{(rss1 - rss0) / max(1, stats['games_started']) / 1024:.0f} kB per game started")


def db_durability(url: str) -> str:
    """The database's durability settings as it reports them: PostgreSQL's ``SHOW`` of each, or SQLite's pragmas on
    a connection made by the server's own store (its connections set them: ``store.Store``)."""
    from sqlalchemy import make_url, text
    if url.startswith("sqlite"):
        from sestertius.web.store import Store
        store = Store(url)  # the server has made the schema: nothing to migrate
        try:
            with store.engine.connect() as conn:
                mode = conn.execute(text("PRAGMA journal_mode")).scalar()
                sync = conn.execute(text("PRAGMA synchronous")).scalar()
        finally:
            store.dispose()
        names = ("OFF", "NORMAL", "FULL", "EXTRA")
        shown = names[sync] if isinstance(sync, int) and 0 <= sync < len(names) else sync
        return f"SQLite journal_mode={mode}, synchronous={shown}"
    import psycopg
    conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo) as conn:
        shown = {k: conn.execute(f"SHOW {k}").fetchone()[0]  # type: ignore[index]
                 for k in ("server_version", "fsync", "synchronous_commit", "full_page_writes", "wal_sync_method",
                           "commit_delay")}
    version = shown.pop("server_version")
    return f"PostgreSQL {version}: " + ", ".join(f"{k}={v}" for k, v in shown.items())


def postmaster(pg: Any) -> int | None:
    """The PostgreSQL server's main process (its backends are its children)."""
    if pg is None:
        return None
    try:
        return int(Path(f"{pg.folder}/data/postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def server_pids(pid: int) -> list[int]:
    """The server process and every process under it (its workers, and theirs)."""
    return cpu_account.descendants(pid)


def server_cpu(pid: int) -> float:
    """The CPU time (user + system, seconds) the process tree has used so far, processes that ended included (see
    cpu_account)."""
    return cpu_account.tree_cpu(cpu_account.snapshot(pid))


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
