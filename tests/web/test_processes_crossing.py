"""Several server processes on one PostgreSQL database, continued (see test_processes.py): an undo or a deletion in
one process seen by the other (its views, its browsers), and the bookkeeping that must happen once whichever process
serves a request: the bots' decisions, a campaign's record of a finished game."""
from __future__ import annotations

import contextlib
import json
import random
import threading
import time

import httpx
import pytest

from sestertius.campaigns import CampaignStore
from sestertius.web.campaigns import Campaigns
from sestertius.web.service import GameService
from sestertius.web.store import Store
from support.servers import seat_view, settled_view


def decide(base: str, gid: str, seat: int, key: str, action: list, expect: int | None = None) -> dict:
    r = httpx.post(f"{base}/api/games/{gid}/decisions", json={"seat": seat, "key": key, "action": action,
                                                               "expect": expect}, timeout=30)
    assert r.status_code == 200, r.text
    return r.json()["view"]


def pushed_until(ws, count: int) -> dict:
    """The views pushed to a browser, read until one at ``count`` decisions (the last one pushed for it)."""
    while True:
        view = json.loads(ws.recv(timeout=10))["view"]
        if view["decisions"] == count:
            return view


def test_undo_and_delete_cross_processes(two_servers):
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect
    _, (a, b) = two_servers
    r = httpx.post(f"{a}/api/games", json={"board": "italia", "seed": 11, "seats": [{"kind": "human"}] * 2},
                   timeout=30)
    assert r.status_code == 201, r.text
    gid, keys, owner = r.json()["id"], [s["key"] for s in r.json()["seats"]], r.json()["owner_key"]
    with contextlib.ExitStack() as stack:
        watcher = stack.enter_context(connect(b.replace("http", "ws") + f"/ws/{gid}", open_timeout=10))
        watcher.send(json.dumps({"seat": 0, "key": keys[0]}))
        assert json.loads(watcher.recv(timeout=10))["view"]["decisions"] == 0
        # in process A, seat 0 decides until it may take a decision back
        rng = random.Random(4)
        view = seat_view(a, gid, 0, keys[0])
        for _ in range(30):
            view = decide(a, gid, 0, keys[0], rng.choice(view["legal"])["action"], view["decisions"])
            if view["can_undo"]:
                break
        assert view["can_undo"] and view["to_act"] == 0
        done = view["decisions"]
        assert seat_view(b, gid, 0, keys[0]) == view  # B has caught up
        pushed_until(watcher, done)
        # the undo, in process A
        r = httpx.post(f"{a}/api/games/{gid}/undo", json={"seat": 0, "key": keys[0], "expect": done}, timeout=30)
        assert r.status_code == 200, r.text
        after = r.json()["view"]
        assert after["decisions"] < done
        # process B shows it: its views, and the view it pushes to its browser (told by NOTIFY)
        assert seat_view(b, gid, 0, keys[0]) == after
        assert seat_view(b, gid) == seat_view(a, gid)
        assert pushed_until(watcher, after["decisions"]) == after
        # a decision on the undone position is refused in B as in A (the game moved back)
        r = httpx.post(f"{b}/api/games/{gid}/decisions", json={"seat": 0, "key": keys[0], "action": ["done"],
                                                                "expect": done}, timeout=30)
        assert r.status_code == 409
        # the deletion, in process A: B answers 404 and closes its browser's connection (4404)
        assert httpx.delete(f"{a}/api/games/{gid}", headers={"X-Owner-Key": owner}).status_code == 204
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(20):
                watcher.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
        assert httpx.get(f"{b}/api/games/{gid}", timeout=30).status_code == 404
        r = httpx.post(f"{b}/api/games/{gid}/decisions", json={"seat": 0, "key": keys[0], "action": ["done"]},
                       timeout=30)
        assert r.status_code == 404


def test_bots_decide_once_whichever_process_answers(two_servers, tmp_path):
    """A game with bots, decisions sent to either process: its stored record is the one a single process makes
    from the same decisions of the person (the bots moved once per turn, in one process)."""
    url, bases = two_servers
    spec = {"board": "italia", "seed": 21, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
                                                     {"kind": "bot", "bot": "random"}]}
    r = httpx.post(f"{bases[0]}/api/games", json=spec, timeout=30)
    gid, key = r.json()["id"], r.json()["seats"][0]["key"]
    rng = random.Random(5)
    mine = []
    view = settled_view(bases[1], gid, 0, key)
    for i in range(40):
        if view["over"]:
            break
        action = rng.choice(view["legal"])["action"]
        mine.append(action)
        decide(bases[i % 2], gid, 0, key, action, view["decisions"])
        view = settled_view(bases[(i + 1) % 2], gid, 0, key)  # the bots move in the background
    # one process alone, the same decisions of the person
    alone = GameService(Store(f"sqlite:///{tmp_path / 'alone.sqlite3'}"))
    live, _, _ = alone.create(spec)
    for action in mine:
        assert alone.bots.idle(timeout=60)
        alone.act(live, 0, action)
    assert alone.bots.idle(timeout=60)
    store = Store(url)
    stored = store.decision_rows(gid)
    assert stored == alone.store.decision_rows(live.id)
    assert store.game_row(gid)["state_hash"] == live.game.state.hash()
    assert sum(1 for _, d in stored if d in (1, 2)) > 0  # the bots did move
    for s in (store, alone.store):
        s.dispose()


def test_a_campaign_records_a_game_once_with_two_processes(postgres_db, tmp_path, monkeypatch):
    """Two processes finishing or rebuilding the same campaign game at the same moment (each checks the campaign,
    then records): the campaign holds the game once."""
    path = tmp_path / "campaigns.sqlite3"
    one, two = GameService(Store(postgres_db)), GameService(Store(postgres_db))
    camps = [Campaigns(one, path), Campaigns(two, path)]
    owner_key = camps[0].create("Autumn", None)[1]
    live, _, _ = camps[0].new_game("Autumn", owner_key, {"board": "italia", "seed": 7})
    rng = random.Random(7)
    for s in (one, two):  # the game finishes (and is rebuilt) without its record: the two record it together below
        s.finish_hooks.clear()
    while not live.game.is_over:
        one.act(live, 0, list(rng.choice(live.game.legal_actions())))
    lives = [live, two.get(live.id)]
    assert lives[1].game.is_over
    real = CampaignStore.has_game

    def slow_check(self, *args):
        found = real(self, *args)
        time.sleep(0.3)  # widen the window between the check and the record
        return found
    monkeypatch.setattr(CampaignStore, "has_game", slow_check)
    threads = [threading.Thread(target=c.on_finish, args=(lv,)) for c, lv in zip(camps, lives)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with CampaignStore(path) as st:
        assert len(st.get("Autumn").games) == 1
    for service in (one, two):
        service.store.dispose()
