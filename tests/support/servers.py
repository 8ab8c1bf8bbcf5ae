"""Real ``concordia serve`` processes for the tests of several processes (tests/web/test_processes*.py): start one
on a database and port, wait until it answers, read a seat's (or the public) view from it."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx


def serve(url: str, port: int) -> subprocess.Popen:
    env = {**os.environ, "SESTERTIUS_LOG": "warning"}
    return subprocess.Popen([sys.executable, "-m", "sestertius", "serve", "--port", str(port), "--db", url],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


START_SECONDS = 60.0  # a server's start on a loaded machine (imports, data, migrations): seen over 20 s at load 15+


def wait_up(port: int, proc: subprocess.Popen, seconds: float = START_SECONDS, log: Path | None = None) -> None:
    """Wait until the server ``proc`` answers on ``port``; fail with what it printed (its pipe, or ``log``) if it
    stops or does not answer within ``seconds``."""
    def printed() -> str:
        if log is not None:
            return log.read_text(errors="replace")[-2000:]
        return proc.stdout.read() if proc.stdout and proc.poll() is not None else ""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server stopped: {printed()}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"the server did not start within {seconds:.0f} s: {printed()}")


def seat_view(base: str, gid: str, seat: int | None = None, key: str | None = None) -> dict:
    r = httpx.get(f"{base}/api/games/{gid}", params={} if seat is None else {"seat": seat},
                  headers={} if key is None else {"X-Seat-Key": key}, timeout=30)
    assert r.status_code == 200, r.text
    return r.json()


def settled_view(base: str, gid: str, seat: int | None = None, key: str | None = None) -> dict:
    """The view once no bot is thinking (the bots decide in the server's background after each decision)."""
    for _ in range(600):
        view = seat_view(base, gid, seat, key)
        if view.get("thinking") is None:
            return view
        time.sleep(0.05)
    raise AssertionError(f"the bots of game {gid} still think")
