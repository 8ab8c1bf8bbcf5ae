"""The web app driven in-process, for instruction counts (valgrind's callgrind) of the server's own work per decision:
the same requests as ``load_server.py`` (a decision POST, the next seat's view GET when the seat to act changes),
called on the ASGI application directly (no sockets, no HTTP parsing, no client), on PostgreSQL or SQLite.

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \\
        python benchmarks/app_driver.py --postgres --decisions 400 [--server-root PATH]
    callgrind_annotate /tmp/cg.out | head      # "PROGRAM TOTALS": the instructions of every thread

``--postgres``: a throwaway PostgreSQL server (its processes are others than this one: not counted). The count
includes the start (imports, data, the app): the figure per decision is the difference of two runs with different
``--decisions`` divided by the difference of decisions; compare it before and after a change (``--server-root``: the
app of another checkout, the same driver).
Deterministic: seeded games, seeded choices (each table its own generator since 2026-12-02, as in
``server_instructions.py``: the counts of docs/SPEED.md before that date came from other games). Prints the
decisions and views played and the wall time.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
import random_tables  # beside this script

ROOT = Path(__file__).resolve().parents[1]


async def call(app: Any, method: str, path: str, body: Any = None, query: bytes = b"",
               headers: list[tuple[bytes, bytes]] | None = None) -> tuple[int, bytes]:
    """One request on the ASGI app: (status, body)."""
    data = b"" if body is None else orjson.dumps(body)
    hs = list(headers or [])
    if body is not None:
        hs += [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "path": path,
             "raw_path": path.encode(), "query_string": query, "headers": hs, "scheme": "http",
             "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 5000), "root_path": "", "app": app}
    sent = False
    out: dict[str, Any] = {"status": 0, "body": []}

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            await asyncio.sleep(3600)
        sent = True
        return {"type": "http.request", "body": data, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            out["status"] = message["status"]
        elif message["type"] == "http.response.body":
            out["body"].append(message.get("body", b""))
    await app(scope, receive, send)
    return out["status"], b"".join(out["body"])


def app_tables(app: Any, decisions: int, games: int, seed: int) -> tuple[int, int]:
    """The tables of ``random_tables.play`` on the ASGI app itself: (decisions, views)."""
    async def request(method: str, path: str, query: str, body: Any, key: str | None) -> tuple[int, bytes]:
        return await call(app, method, path, body, query.encode(),
                          headers=None if key is None else [(b"x-seat-key", key.encode())])
    return asyncio.run(random_tables.play(lambda: request, decisions, games, seed))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=400)
    ap.add_argument("--games", type=int, default=1, help="games played at once (each on its own task)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--postgres", action="store_true")
    ap.add_argument("--server-root", default=str(ROOT))
    args = ap.parse_args()
    sys.path.insert(0, str(Path(args.server_root).resolve()))
    tmp = tempfile.TemporaryDirectory()
    pg = None
    if args.postgres:
        from load_server import throwaway_postgres  # this script's folder is on the path
        url, pg = throwaway_postgres("driver")
    else:
        url = f"sqlite:///{Path(tmp.name) / 'g.sqlite3'}"
    os.environ["SESTERTIUS_CAMPAIGNS"] = str(Path(tmp.name) / "c.sqlite3")
    os.environ.setdefault("SESTERTIUS_RATE_LIMITS", "off")  # one client address plays every game
    from sestertius.web.app import create_app
    try:
        app = create_app(url)
        t = time.perf_counter()
        done, views = app_tables(app, args.decisions, args.games, args.seed)
        print(f"{done} decisions, {views} views in {time.perf_counter() - t:.2f} s")
        app.state.store.dispose()
    finally:
        if pg is not None:
            pg.stop()
        tmp.cleanup()


if __name__ == "__main__":
    main()
