"""The views the web app answers: each seat's JSON made once per position (a decision's answer and the views pushed
to the browsers share it; no view is made for a seat nobody watches), always the current position's, and reads
surviving a lost database connection."""
from __future__ import annotations

import json
import random

from sestertius import Game
from sestertius.web import views
from sestertius.web.service import GameService
from sestertius.web.store import Store


def test_the_cached_json_is_always_the_current_view(tmp_path):
    service = GameService(Store(f"sqlite:///{tmp_path / 'g.sqlite3'}"))
    live, _, _ = service.create({"board": "italia", "seed": 4, "seats": [{"kind": "human"}, {"kind": "human"}]})
    rng = random.Random(2)
    undone = 0
    for _ in range(60):
        for seat in (None, 0, 1):
            cached = service.view_json(live, seat)
            assert json.loads(cached) == json.loads(views.dumps(service.view(live, seat)))
            assert service.view_json(live, seat) is cached  # made once for this position
        seat = live.game.to_act()
        if rng.random() < 0.2 and live.game.can_undo():
            service.undo(live, seat)
            undone += 1
        else:
            before = service.view_json(live, seat)
            answer = service.act_answer(live, seat, list(rng.choice(live.game.legal_actions())))
            assert answer is service.view_json(live, seat) and answer != before
    assert undone  # undos were among the changes


def test_a_decision_makes_each_watched_seats_view_once(client, monkeypatch):
    """A decision's answer and the view pushed to the seat's browser are one view; the seat nobody watches gets
    none."""
    r = client.post("/api/games", json={"board": "italia", "seed": 6, "seats": [{"kind": "human"}] * 2})
    gid, keys = r.json()["id"], [s["key"] for s in r.json()["seats"]]
    made, public = [], []
    real, real_public = views.for_seat, Game.view

    def counting(live, seat, pub):
        made.append(seat)
        return real(live, seat, pub)
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_text(json.dumps({"seat": 0, "key": keys[0]}))
        first = json.loads(ws.receive_text())["view"]
        monkeypatch.setattr(views, "for_seat", counting)
        monkeypatch.setattr(Game, "view", lambda self, seat=None: (public.append(seat), real_public(self, seat))[1])
        action = first["legal"][0]["action"]
        answer = client.post(f"/api/games/{gid}/decisions", json={"seat": 0, "key": keys[0], "action": action})
        assert answer.status_code == 200
        pushed = json.loads(ws.receive_text())["view"]
        assert pushed == answer.json()["view"]
        assert made == [0]  # seat 1 and the public view: nobody watches them
        assert public == [None]  # the position's public parts, made once
        client.get(f"/api/games/{gid}", params={"seat": 0}, headers={"X-Seat-Key": keys[0]})
        assert made == [0]  # the same position: the same view
        client.get(f"/api/games/{gid}", params={"seat": 1}, headers={"X-Seat-Key": keys[1]})
        client.get(f"/api/games/{gid}")
        assert made == [0, 1, None] and public == [None]  # other seats: their own parts only


def test_reads_survive_a_lost_connection(postgres_db, caplog, monkeypatch):
    """PostgreSQL restarted (every connection of the pool cut): the next read reconnects instead of failing. A pooled
    connection the server closed is replaced when it is lent; one whose end is not seen yet (a server on another
    machine, gone without a word) fails its read, which is tried again on a new connection."""
    import time

    import psycopg

    from sestertius.web import pg
    service = GameService(Store(postgres_db))
    live, _, _ = service.create({"board": "italia", "seed": 2, "seats": [{"kind": "human"}] * 2})
    url = service.store.engine.url

    def cut_all() -> None:
        with psycopg.connect(host=url.host, port=url.port, user=url.username, dbname=url.database,
                             autocommit=True) as conn:
            cut = conn.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = %s "
                               "AND pid <> pg_backend_pid()", (url.database,)).fetchone()
        assert cut and cut[0] >= 1
        # pg_terminate_backend only signals: wait until the backends have gone (their sockets closed)
        with psycopg.connect(host=url.host, port=url.port, user=url.username, dbname=url.database,
                             autocommit=True) as conn:
            for _ in range(100):
                left = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> "
                                    "pg_backend_pid()", (url.database,)).fetchone()
                if left and left[0] == 0:
                    break
                time.sleep(0.05)
        time.sleep(0.1)

    for seen in (True, False):
        caplog.clear()
        service.view_json(live, None)
        if not seen:
            monkeypatch.setattr(pg, "closed_by_server", lambda conn: False)
        cut_all()
        assert json.loads(service.view_json(live, None))["decisions"] == live.stored
        # the read did meet the lost connection: replaced when lent, or its read tried again
        assert ("closed by the server; replacing it" if seen else "reading again on a new one") in caplog.text
        before = live.stored
        service.act(live, live.game.to_act(), list(live.game.legal_actions()[0]))
        assert live.stored > before
    service.store.dispose()


def test_the_views_constant_parts_are_made_once_and_handed_out_as_copies():
    """The options and the assumption notes of a view are made once per game, yet each view gets its own."""
    from sestertius.data.catalog import assumptions_for
    g = Game.new({"board": "italia", "players": 2, "mode": "solo"}, seed=3)
    first, second = g.view(0), g.view(0)
    assert first["options"] == second["options"] == g.options.to_dict()
    assert first["assumptions"] == second["assumptions"] == assumptions_for(g.options) and first["assumptions"]
    first["options"]["board"] = "changed"
    first["assumptions"][0]["text"] = "changed"
    assert g.view(0)["options"]["board"] == "italia"
    assert g.view(0)["assumptions"][0]["text"] != "changed"
    # made once per set of rules in play, not once for all games: a base game has no notes on Contrarius
    base = {a["id"] for a in Game.new({"board": "italia"}, seed=3).view(0)["assumptions"]}
    assert "A-CONTRARIUS-CARDS" in {a["id"] for a in first["assumptions"]} and "A-CONTRARIUS-CARDS" not in base


def _json(content) -> bytes:
    return json.dumps(content, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def test_the_views_json_is_the_bytes_json_would_write(tmp_path):
    """views.dumps (orjson) writes exactly what json.dumps writes, for every seat's view along random games of several
    boards and modes (Venus, Solitaria, dice entered by hand: the chance view), and falls back to json for what
    orjson refuses."""
    service = GameService(Store(f"sqlite:///{tmp_path / 'g.sqlite3'}"))
    specs = [{"board": "italia", "seats": [{"kind": "human"}] * 3},
             {"board": "imperium", "venus": True, "seats": [{"kind": "human"}] * 4},
             {"mode": "solo", "board": "italia", "seats": [{"kind": "human"}]},
             {"board": "italia", "manual_dice": True, "seats": [{"kind": "human"}] * 2}]
    rng = random.Random(5)
    checked = 0
    for i, spec in enumerate(specs):
        live, _, _ = service.create({**spec, "seed": 30 + i})
        for _ in range(150):
            g = live.game
            for seat in (None, *range(len(live.seats))):
                v = service.view(live, seat)
                assert views.dumps(v) == _json(v)
                checked += 1
            if g.is_over:
                break
            seat = views.dice_seat(live) if g.to_act() < 0 else g.to_act()
            legal = g.legal_actions() if g.to_act() >= 0 else [a["action"] for a in service.view(live, seat)["legal"]]
            service.act(live, seat, list(rng.choice(legal)))
    assert checked > 1000
    for odd in ({3: "é", "t": (1, "x"), "f": 0.1, "n": -7}, {"big": 2**70}):  # a key that is not a string; over 64 bits
        assert views.dumps(odd) == _json(odd)


def test_each_seats_json_takes_the_positions_public_parts_as_made(tmp_path):
    """A position's public parts are made once (with their JSON) for every seat and spectator; each seat's JSON is
    byte for byte the JSON of its whole view made alone (views.build), along random games of several boards and
    modes, the dice entered by hand among them (whose entering seat is offered the chance outcomes)."""
    service = GameService(Store(f"sqlite:///{tmp_path / 'g.sqlite3'}"))
    specs = [{"board": "italia", "seats": [{"kind": "human"}] * 3},
             {"board": "imperium", "venus": True, "seats": [{"kind": "human"}] * 4},
             {"mode": "solo", "board": "italia", "seats": [{"kind": "human"}]},
             {"board": "sicilia", "manual_dice": True, "seats": [{"kind": "human"}] * 3},
             {"mode": "solo", "board": "italia", "manual_dice": True, "seats": [{"kind": "human"}]}]
    rng = random.Random(6)
    checked = entered = 0
    for i, spec in enumerate(specs):
        live, _, _ = service.create({**spec, "seed": 40 + i})
        for _ in range(120):
            g = live.game
            parts = None
            for seat in (*range(len(live.seats)), None):
                data = service.view_json(live, seat)
                assert data == views.dumps(views.build(live, seat))
                parts = parts or live.shared
                assert live.shared is parts  # made once for the position
                entered += bool(not g.is_over and g.to_act() < 0 and json.loads(data)["legal"])
                checked += 1
            if g.is_over:
                break
            seat = views.dice_seat(live) if g.to_act() < 0 else g.to_act()
            legal = g.legal_actions() if g.to_act() >= 0 else [a["action"] for a in service.view(live, seat)["legal"]]
            service.act(live, seat, list(rng.choice(legal)))
    assert checked > 1000 and entered
