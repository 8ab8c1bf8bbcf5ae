"""Several server processes on one PostgreSQL database (started here as a throwaway server: support.postgres): two
``concordia serve`` processes started at the same moment on a fresh database (both migrate it), decisions sent to
each in turn, live updates crossing from one process to the other's browsers, identical views, and every game
replaying to its stored hash."""
from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys

import httpx
import pytest

from sestertius.web.service import GameService
from sestertius.web.store import Store
from support.postgres import free_port
from support.servers import seat_view, settled_view, wait_up


def test_two_processes_serve_one_game(two_servers):
    from websockets.sync.client import connect
    url, bases = two_servers
    r = httpx.post(f"{bases[0]}/api/games", json={"board": "italia", "seed": 5, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "bot", "bot": "greedy"}]},
        timeout=30)
    assert r.status_code == 201, r.text
    gid, keys = r.json()["id"], [s["key"] for s in r.json()["seats"][:2]]
    rng = random.Random(1)
    statuses = []
    with contextlib.ExitStack() as stack:
        # a browser watching on each process
        watchers = [stack.enter_context(connect(base.replace("http", "ws") + f"/ws/{gid}", open_timeout=10))
                    for base in bases]
        for ws in watchers:
            ws.send(json.dumps({}))
            assert json.loads(ws.recv(timeout=10))["type"] == "view"
        for i in range(40):
            base = bases[i % 2]  # decisions alternately to each process
            public = settled_view(base, gid)  # the bot decides in the background
            if public["status"] == "over":
                break
            seat = next(s for s in (0, 1) if seat_view(base, gid, s, keys[s])["legal"])
            legal = seat_view(base, gid, seat, keys[seat])["legal"]
            answer = httpx.post(f"{base}/api/games/{gid}/decisions", timeout=30, json={
                "seat": seat, "key": keys[seat], "action": rng.choice(legal)["action"]})
            statuses.append(answer.status_code)
            assert answer.status_code == 200, answer.text
            count = answer.json()["view"]["decisions"]
            # the live update reaches the browsers of both processes, the other's by NOTIFY
            for ws in watchers:
                while True:
                    pushed = json.loads(ws.recv(timeout=10))["view"]
                    if pushed["decisions"] >= count:  # (or the bot's decision after it, pushed in its place)
                        break
            views = [settled_view(b, gid) for b in bases]  # once the bot has decided: the game stands still
            assert views[0] == views[1]  # whichever process answers, the same game
            assert seat_view(bases[0], gid, seat, keys[seat]) == seat_view(bases[1], gid, seat, keys[seat])
    assert statuses and set(statuses) == {200}
    # the stored game replays to its stored hash
    store = Store(url)
    row = store.game_row(gid)
    rebuilt = GameService(store)._load(gid)
    assert rebuilt.game.state.hash() == row["state_hash"] and len(rebuilt.game.history) == row["decisions"]
    store.dispose()


def test_a_race_for_one_position_stores_one_decision(postgres_db):
    """Two services (as two processes) with the same game cached; both decide on the same position: one is stored,
    the other is refused (409) and has caught up; neither answers 500."""
    from sestertius.web.service import ApiError
    a, b = GameService(Store(postgres_db)), GameService(Store(postgres_db))
    live_a, tokens, _ = a.create({"board": "italia", "seed": 3, "seats": [{"kind": "human"}, {"kind": "human"}]})
    live_b = b.get(live_a.id)
    action = list(live_a.game.legal_actions()[0])
    a.act(live_a, 0, action)
    # b's copy is behind: its write finds the row moved on, it catches up, and the same decision is now refused by
    # the rules or turn
    with pytest.raises(ApiError) as e:
        b.act(live_b, 0, action)
    assert e.value.status == 409
    assert live_b.stored == live_a.stored and live_b.game.state.hash() == live_a.game.state.hash()
    # a write from a stale position (bypassing the catch-up) is refused by the database and changes nothing
    live_b.stored -= 1
    g = live_b.game.copy()
    with pytest.raises(ApiError) as e:
        b._commit(live_b, g)
    assert e.value.status == 409 and live_b.stored == live_a.stored
    assert len(a.store.decision_rows(live_a.id)) == live_a.stored
    for s in (a, b):
        s.store.dispose()


def test_migrations_twice_and_the_version(postgres_db):
    """Opening a database migrates it to this version's head; opening it again finds nothing to do."""
    s1 = Store(postgres_db)
    assert s1.schema_version() == "0001"
    s2 = Store(postgres_db)
    assert s2.schema_version() == "0001"
    for s in (s1, s2):
        s.dispose()


def test_workers_share_the_games(postgres_db, tmp_path, monkeypatch):
    """``concordia serve --workers 2``: requests spread over two worker processes see one game."""
    monkeypatch.setenv("SESTERTIUS_CAMPAIGNS", str(tmp_path / "campaigns.sqlite3"))
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "sestertius", "serve", "--port", str(port), "--db", postgres_db,
                             "--workers", "2"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_up(port, proc)
        base = f"http://127.0.0.1:{port}"
        r = httpx.post(f"{base}/api/games", json={"board": "italia", "seed": 8, "seats": [{"kind": "human"}] * 2})
        gid, key = r.json()["id"], r.json()["seats"][0]["key"]
        legal = seat_view(base, gid, 0, key)["legal"]
        for entry in legal[:1]:
            assert httpx.post(f"{base}/api/games/{gid}/decisions", json={"seat": 0, "key": key,
                                                                          "action": entry["action"]}).status_code == 200
        # new connections (each may reach either worker) all see the decision
        assert {httpx.get(f"{base}/api/games/{gid}", headers={"Connection": "close"}).json()["decisions"]
                for _ in range(12)} == {1}
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_workers_refused_with_sqlite(tmp_path):
    r = subprocess.run([sys.executable, "-m", "sestertius", "serve", "--db", str(tmp_path / "g.sqlite3"),
                        "--workers", "2"], capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and "--workers needs a PostgreSQL database" in r.stderr
