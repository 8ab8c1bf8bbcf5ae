"""Faults under load: PostgreSQL restarted, a worker process killed. A server of its own (support.postgres), so that
its restart touches no other test's database.

- The first write after a restart is stored: a pooled connection the server closed is replaced before anything is
  sent on it (it was answered 503 in every process, even 10 s later).
- ``concordia serve --workers 2`` under load from keep-alive clients, PostgreSQL restarted, then a worker killed:
  no acknowledged decision is lost, no request fails once a fault is a second over, and the worker started in the
  killed one's place gets its share of the clients (keep-alive connections are closed now and then: before, they
  stayed with the survivor, which used 9-15 s of CPU against the replacement's 1 s).
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import httpx
import pytest

from sestertius.web.service import GameService
from sestertius.web.store import Store
from support import postgres
from support.servers import wait_up

SPEC = {"board": "italia", "seed": 4, "seats": [{"kind": "human"}, {"kind": "human"}]}


@pytest.fixture(scope="module")
def own_postgres():
    server = postgres.start()
    if server is None:
        if os.environ.get("SESTERTIUS_REQUIRE_POSTGRES"):
            pytest.fail("no PostgreSQL server could be started (install Debian's postgresql package)")
        pytest.skip("no PostgreSQL server (install Debian's postgresql package)")
    yield server
    server.stop()


def test_the_first_write_after_a_postgres_restart_is_stored(own_postgres):
    store = Store(own_postgres.create_db("first_write"))
    service = GameService(store)
    try:
        live, tokens, _ = service.create(SPEC)
        service.act(live, 0, list(live.game.legal_actions()[0]))  # the pool holds connections now
        own_postgres.restart()
        # a write with no read before it (a game created), then a decision: both on a new connection
        other, _, _ = service.create(SPEC)
        seat = live.game.to_act()
        service.act(live, seat, list(live.game.legal_actions()[0]))
        assert store.game_row(other.id) is not None and store.game_row(live.id)["decisions"] == live.stored == 2
    finally:
        store.dispose()


def _client_connections(pids: set[int], port: int) -> dict[int, int]:
    """How many established connections on the server's ``port`` each process holds (/proc/net/tcp's sockets,
    matched to the processes' descriptors by inode)."""
    inodes = {}
    for line in open("/proc/net/tcp").readlines()[1:]:
        cols = line.split()
        if int(cols[1].split(":")[1], 16) == port and cols[3] == "01":  # 01: established
            inodes[cols[9]] = True
    held = dict.fromkeys(pids, 0)
    for pid in pids:
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if target.startswith("socket:[") and target[8:-1] in inodes:
                    held[pid] += 1
        except (FileNotFoundError, ProcessLookupError):
            pass
    return held


def _workers(parent: int) -> set[int]:
    with open(f"/proc/{parent}/task/{parent}/children") as f:
        pids = {int(p) for p in f.read().split()}
    found = set()
    for pid in pids:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"spawn_main" in f.read():
                    found.add(pid)
        except FileNotFoundError:
            pass
    return found


class Player(threading.Thread):
    """One game, both seats, played as fast as the server answers over one keep-alive client; every request's
    moment and outcome, and every acknowledged decision (the position it was made on, the action)."""

    def __init__(self, base: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.base, self.stop = base, stop
        self.failures: list[tuple[float, str]] = []
        self.acked: list[tuple[str, int, list]] = []
        self.requests = 0

    def call(self, client: httpx.Client, method: str, path: str, **kw) -> httpx.Response | None:
        self.requests += 1
        try:
            r = client.request(method, self.base + path, timeout=30, **kw)
        except httpx.HTTPError as e:
            self.failures.append((time.monotonic(), f"{method} {path}: {type(e).__name__}"))
            return None
        if r.status_code >= 400:
            self.failures.append((time.monotonic(), f"{method} {path}: {r.status_code} {r.text[:80]}"))
            return None
        return r

    def run(self) -> None:
        with httpx.Client() as client:
            while not self.stop.is_set():  # a game after another until stopped
                made = self.call(client, "POST", "/api/games", json=SPEC)
                if made is not None:
                    self.play(client, made.json()["id"], [s["key"] for s in made.json()["seats"]])

    def play(self, client: httpx.Client, gid: str, keys: list[str]) -> None:
        while not self.stop.is_set():
            view = self.call(client, "GET", f"/api/games/{gid}?seat=0", headers={"X-Seat-Key": keys[0]})
            if view is None:
                continue
            v = view.json()
            if v["status"] == "over":
                return
            seat = 0
            if not v["legal"]:
                seat = 1
                view = self.call(client, "GET", f"/api/games/{gid}?seat=1", headers={"X-Seat-Key": keys[1]})
                if view is None:
                    continue
                v = view.json()
            action = v["legal"][len(v["legal"]) // 2]["action"]
            done = self.call(client, "POST", f"/api/games/{gid}/decisions",
                             json={"seat": seat, "key": keys[seat], "action": action, "expect": v["decisions"]})
            if done is not None:
                self.acked.append((gid, v["decisions"], action))
            if len(self.acked) % 25 == 24:  # now and then a game created too (a write without a read before)
                self.call(client, "POST", "/api/games", json=SPEC)


def test_postgres_restart_and_a_killed_worker_under_load(own_postgres, tmp_path):
    url = own_postgres.create_db("faults")
    port = postgres.free_port()
    # connections turned over quickly, so that a few seconds show where the clients went
    env = {**os.environ, "SESTERTIUS_CAMPAIGNS": str(tmp_path / "c.sqlite3"), "SESTERTIUS_CONNECTION_REQUESTS": "20",
           "SESTERTIUS_CONNECTION_SECONDS": "2"}
    log = open(tmp_path / "server.log", "w")  # a file: a pipe nobody reads would fill with the faults' warnings
    proc = subprocess.Popen([sys.executable, "-m", "sestertius", "serve", "--port", str(port), "--db", url,
                             "--workers", "2"], env=env, stdout=log, stderr=subprocess.STDOUT, text=True)
    stop = threading.Event()
    players: list[Player] = []
    try:
        wait_up(port, proc)
        deadline = time.monotonic() + 60
        while len(_workers(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        players = [Player(f"http://127.0.0.1:{port}", stop) for _ in range(6)]
        for p in players:
            p.start()
        time.sleep(3)
        windows = []  # each fault: from its start to a second after it is over
        began = time.monotonic()
        own_postgres.restart()
        windows.append(("PostgreSQL restarted", began, time.monotonic() + 1.0))
        time.sleep(3)
        before = _workers(proc.pid)
        victim = min(before)
        began = time.monotonic()
        os.kill(victim, signal.SIGKILL)
        windows.append(("a worker killed", began, began + 1.0))
        survivor = (before - {victim}).pop()
        deadline = time.monotonic() + 60
        while len(_workers(proc.pid) - before) < 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        replacement = (_workers(proc.pid) - before).pop()
        # once it has started, it gets clients: connections are closed now and then, and some of the new ones
        # reach it (before, every client stayed with the survivor)
        deadline = time.monotonic() + 120
        while not _client_connections({replacement}, port)[replacement] and time.monotonic() < deadline:
            time.sleep(0.1)
        waited = round(120 - (deadline - time.monotonic()), 1)
        held = dict.fromkeys((survivor, replacement), 0)
        for _ in range(40):
            for pid, n in _client_connections({survivor, replacement}, port).items():
                held[pid] += n
            time.sleep(0.1)
        stop.set()
        for p in players:
            p.join(timeout=60)
    finally:
        stop.set()
        proc.terminate()
        proc.wait(timeout=30)
        log.close()
    requests = sum(p.requests for p in players)
    failures = [f for p in players for f in p.failures]
    late = [(round(t, 2), what) for t, what in failures if not any(a <= t <= b for _, a, b in windows)]
    assert not late, f"{len(late)} of {requests} requests failed outside the faults' first second: {late[:5]}"
    assert all(p.acked for p in players), "a client made no decision"
    # every acknowledged decision is stored, at the position it was made on
    store = Store(url)
    try:
        acked = [a for p in players for a in p.acked]
        rows = {gid: store.decision_rows(gid) for gid in {gid for gid, _, _ in acked}}
        for gid, at, action in acked:
            assert rows[gid][at][0] == action, f"game {gid}: the acknowledged decision at {at} is not stored"
        for gid in rows:
            GameService(store)._load(gid)  # and the game replays to its stored hash
    finally:
        store.dispose()
    print(f"{requests} requests, {len(failures)} failed in the faults' windows; connections seen over 4 s, "
          f"{waited} s after the replacement started: survivor {held[survivor]}, replacement {held[replacement]}")
    assert sum(held.values()) > 0 and held[replacement] >= 0.25 * sum(held.values()), (held, waited, requests)
