"""The web app's trust and limits: who may enter dice, campaigns' owners, listing and deleting games, secrets kept
out of URLs and logs, a failed write changing nothing, memory and size limits, and the API's schema telling the
truth (Allow on 405, the API pages served offline)."""
from __future__ import annotations

import gc
import logging
import random
import re
import socket
import threading
import time
import tracemalloc

import pytest
from starlette.websockets import WebSocketDisconnect

from sestertius import CHANCE
from sestertius.web.app import create_app
from support.servers import START_SECONDS
from support.settled import SettledClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def create(client, **body):
    body.setdefault("board", "italia")
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def seat_view(client, gid, seat=None, key=None):
    return client.get(f"/api/games/{gid}", params={} if seat is None else {"seat": seat},
                      headers={} if key is None else {"X-Seat-Key": key})


def view(client, gid, seat=None, key=None):
    r = seat_view(client, gid, seat, key)
    assert r.status_code == 200, r.text
    return r.json()


def act(client, gid, seat, key, action, **kw):
    return client.post(f"/api/games/{gid}/decisions", json={"seat": seat, "key": key, "action": action, **kw})


def keys_of(g):
    return {s["seat"]: s["key"] for s in g["seats"] if s["key"]}


def mine(client, seats=(), created=()):
    r = client.post("/api/games/mine", json={"seats": [{"game": g, "seat": s, "key": k} for g, s, k in seats],
                                              "created": [{"game": g, "key": k} for g, k in created]})
    assert r.status_code == 200, r.text
    return r.json()["games"]


# -- 1. chance entered by hand: only the seat to act (or the table) ---------------------------------------------
def until_chance(client, gid, keys, current, rng, limit=3000):
    """Play on (each seat at random, chance by the seat that enters it) until a chance outcome is due during
    ``current``'s turn; returns the public view then."""
    service = client.app.state.service
    for _ in range(limit):
        pub = view(client, gid)
        live = service.get(gid)
        if pub["to_act"] == CHANCE and live.game.state.current == current:
            return pub
        assert not pub["over"]
        seat = pub["to_act"] if pub["to_act"] >= 0 else pub["dice_seat"]
        v = view(client, gid, seat, keys[seat])
        assert act(client, gid, seat, keys[seat], rng.choice(v["legal"])["action"]).status_code == 200
    raise AssertionError(f"no chance outcome during seat {current}'s turn")


@pytest.mark.parametrize("body,turns", [
    ({"mode": "solo", "players": 2, "manual_dice": True, "seed": 4}, (1,)),  # Contrarius' dice (after Bob's turn)
    ({"board": "sicilia", "players": 2, "manual_dice": True, "seed": 4}, (1, 0)),  # the volcano's tiles
], ids=["contrarius-dice", "volcano-tiles"])
def test_only_the_seat_to_act_enters_a_chance_outcome(client, body, turns):
    g = create(client, seats=[{"kind": "hotseat", "name": "Ann"}, {"kind": "human", "name": "Bob"}], **body)
    gid, keys = g["id"], keys_of(g)
    for current in turns:
        other = 1 - current
        pub = until_chance(client, gid, keys, current, random.Random(current))
        assert pub["chance"] and pub["dice_seat"] == current
        theirs, mine_ = view(client, gid, other, keys[other]), view(client, gid, current, keys[current])
        assert theirs["chance"] and theirs["legal"] == [] and theirs["dice_seat"] == current  # no entry offered
        assert mine_["legal"] and all(e["action"][0] in ("roll", "tile") for e in mine_["legal"])
        before = client.app.state.store.decision_rows(gid)
        for entry in mine_["legal"]:  # no outcome, however welcome, is taken from the other seat
            r = act(client, gid, other, keys[other], entry["action"])
            assert r.status_code == 409 and r.json()["rule"] == "Turn order", r.text
        assert client.app.state.store.decision_rows(gid) == before
        assert act(client, gid, current, keys[current], mine_["legal"][0]["action"]).status_code == 200


def test_the_table_seat_enters_every_outcome(client):
    g = create(client, mode="solo", players=2, manual_dice=True, seed=4, table_seat=0,
               seats=[{"kind": "hotseat", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    gid, keys = g["id"], keys_of(g)
    pub = until_chance(client, gid, keys, 1, random.Random(1))  # Bob's turn: Ann, at the table, enters his dice
    assert pub["dice_seat"] == 0
    assert view(client, gid, 1, keys[1])["legal"] == []
    legal = view(client, gid, 0, keys[0])["legal"]
    assert act(client, gid, 1, keys[1], legal[0]["action"]).status_code == 409
    assert act(client, gid, 0, keys[0], legal[0]["action"]).status_code == 200
    # the table is a seat played by a person, in a game with dice entered by hand
    people = [{"kind": "hotseat"}, {"kind": "bot"}]
    for bad in ({"table_seat": 1, "manual_dice": True}, {"table_seat": 0}, {"table_seat": 5, "manual_dice": True}):
        r = client.post("/api/games", json={"board": "sicilia", "seats": people, **bad})
        assert r.status_code == 422 and "table_seat" in r.json()["error"], r.text


# -- 2. campaigns have an owner; 3. a campaign keeps every game --------------------------------------------------
def finish_campaign_game(client, name, key, seed):
    """The campaign's next game on italia with this seed, played to its end through the service."""
    r = client.post(f"/api/campaigns/{name}/games", json={"board": "italia", "seed": seed},
                    headers={"X-Campaign-Key": key})
    assert r.status_code == 201, r.text
    service = client.app.state.service
    live = service.get(r.json()["id"])
    rng = random.Random(seed)
    while not live.game.is_over:
        service.act(live, 0, list(rng.choice(live.game.legal_actions())))
    return live.id


def test_a_campaign_is_seen_and_played_with_its_secret_only(client):
    r = client.post("/api/campaigns", json={"name": "Spring"})
    assert r.status_code == 201
    key = r.json()["key"]
    assert key and "key" not in client.get("/api/campaigns/Spring", headers={"X-Campaign-Key": key}).json()
    for headers in ({}, {"X-Campaign-Key": "guess"}, {"X-Campaign-Key": ""}):
        assert client.get("/api/campaigns/Spring", headers=headers).status_code == 403
        r = client.post("/api/campaigns/Spring/games", json={"board": "italia"}, headers=headers)
        assert r.status_code == 403 and r.json()["rule"] == "Campaign secret"
    assert client.app.state.store.count_games() == 0  # nobody else started its game
    assert client.get("/api/campaigns/Spring", headers={"X-Campaign-Key": key}).json()["name"] == "Spring"
    listed = client.post("/api/campaigns/mine", json={"campaigns": [{"name": "Spring", "key": key},
                                                                    {"name": "Nope", "key": key}]}).json()
    assert [c["name"] for c in listed["campaigns"]] == ["Spring"]
    assert client.post("/api/campaigns/mine", json={"campaigns": [{"name": "Spring", "key": "x"}]}).json() == {
        "campaigns": []}
    assert client.get("/api/campaigns").status_code == 405  # no list of everyone's campaigns
    # a campaign made in the terminal has no secret: the web app does not play it
    from sestertius.campaigns import CampaignStore
    with CampaignStore(client.app.state.campaigns.path) as st:
        st.create("Terminal")
    assert client.post("/api/campaigns/Terminal/games", json={}, headers={"X-Campaign-Key": ""}).status_code == 403


def test_a_campaign_records_every_game_even_with_the_same_board_and_seed(client):
    key = client.post("/api/campaigns", json={"name": "Twice"}).json()["key"]
    own = {"X-Campaign-Key": key}
    first = finish_campaign_game(client, "Twice", key, seed=9)
    second = finish_campaign_game(client, "Twice", key, seed=9)
    c = client.get("/api/campaigns/Twice", headers=own).json()
    assert [g["web_game"] for g in c["games"]] == [first, second]
    assert [g["seed"] for g in c["games"]] == [9, 9] and c["games"][1]["start_vp"] == c["games"][0]["next_start_vp"]
    client.app.state.service.forget_all()  # rebuilt after a restart: recorded once each
    view(client, first)
    view(client, second)
    assert len(client.get("/api/campaigns/Twice", headers=own).json()["games"]) == 2


def test_a_game_recorded_before_game_ids_were_kept_is_not_recorded_again(client):
    from sestertius.campaigns import CampaignStore
    key = client.post("/api/campaigns", json={"name": "Old"}).json()["key"]
    gid = finish_campaign_game(client, "Old", key, seed=5)
    path = client.app.state.campaigns.path
    with CampaignStore(path) as st:  # as a file of the earlier version holds it: without its game id
        st.db.execute("UPDATE campaign_games SET game_id = NULL")
        st.db.commit()
    client.app.state.service.forget_all()
    view(client, gid)  # the reload asks the campaign to record the finished game
    with CampaignStore(path) as st:
        assert len(st.get("Old").games) == 1


def test_a_campaign_file_of_the_earlier_version_is_read(tmp_path):
    import sqlite3

    from sestertius.campaigns import CampaignStore
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE campaigns (name TEXT PRIMARY KEY, created REAL NOT NULL, start_vp INTEGER NOT NULL,
                                finished INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE campaign_games (id INTEGER PRIMARY KEY AUTOINCREMENT, campaign TEXT NOT NULL, number INTEGER
            NOT NULL, played REAL NOT NULL, board TEXT NOT NULL, seed INTEGER, start_vp INTEGER NOT NULL,
            player_score INTEGER NOT NULL, contrarius_score INTEGER NOT NULL, won INTEGER NOT NULL,
            next_start_vp INTEGER NOT NULL, record TEXT);
        INSERT INTO campaigns VALUES ('Old', 1.0, 18, 0);
        INSERT INTO campaign_games (campaign, number, played, board, seed, start_vp, player_score, contrarius_score,
            won, next_start_vp) VALUES ('Old', 1, 1.0, 'italia', 3, 20, 110, 100, 1, 18);
    """)
    db.commit()
    db.close()
    with CampaignStore(path) as st:
        c = st.get("Old")
        assert c.start_vp == 18 and c.games[0].game_id is None and st.owner_hash("Old") is None
        st.record_game("Old", 90, 100, False, board="italia", seed=3, game_id="abc")
        assert [g.game_id for g in st.get("Old").games] == [None, "abc"]


def test_a_campaigns_file_that_cannot_be_used_is_answered_503_in_json_and_left_unchanged(tmp_path, db, caplog):
    path = tmp_path / "campaigns.sqlite3"
    path.write_text("not a database\n")
    with SettledClient(create_app(db, campaigns_path=str(path))) as client:
        own = {"X-Campaign-Key": "k"}
        for r in (client.post("/api/campaigns", json={"name": "c1"}), client.get("/api/campaigns/c1", headers=own),
                  client.post("/api/campaigns/mine", json={"campaigns": [{"name": "c1", "key": "k"}]}),
                  client.post("/api/campaigns/c1/games", json={}, headers=own)):
            assert r.status_code == 503 and r.headers["content-type"] == "application/json", r.text
            assert r.json() == {"error": "campaigns are unavailable: the server's campaigns file is not an SQLite "
                                         "database; nothing was written to it (the server's log names it)",
                                "rule": "Campaign file", "code": "campaign_file"}
        assert client.get("/api/meta").status_code == 200  # the rest of the app works
    assert path.read_text() == "not a database\n"
    assert f"campaigns file {path}: is not an SQLite database" in caplog.text  # the path: in the log only


@pytest.mark.parametrize("name,why", [("a/b", "it has a '/'"), (" padded ", "it has spaces at its start or end"),
                                      ("   ", "it is only spaces"), ("..", "it is '..'"),
                                      ("a\nb", "it has a control character")])
def test_a_campaign_name_against_the_terminals_rule_is_refused(client, name, why):
    from sestertius.campaigns import NAME_RULE
    r = client.post("/api/campaigns", json={"name": name})
    assert r.status_code == 422 and r.json() == {"error": f"campaign name {name!r}: {why}; {NAME_RULE}",
                                                 "rule": "Campaign name", "code": "campaign_name"}
    assert client.post("/api/campaigns", json={"name": "ok"}).status_code == 201


def test_every_campaign_name_the_rule_allows_can_be_opened(client):
    from urllib.parse import quote
    for name in ("a b", "Ärger?#%", "x.y", "...", "a\\b", "…"):  # what campaigns.js sends: encodeURIComponent
        key = client.post("/api/campaigns", json={"name": name}).json()["key"]
        r = client.get(f"/api/campaigns/{quote(name, safe='')}", headers={"X-Campaign-Key": key})
        assert r.status_code == 200 and r.json()["name"] == name, (name, r.text)


# -- 4. memory: unknown game ids leave nothing behind ------------------------------------------------------------
def test_unknown_game_ids_leave_nothing_behind(client):
    service = client.app.state.service
    for n in range(200):
        assert client.get(f"/api/games/{'u' * (20 + n % 12)}{n}").status_code == 404
        assert client.get(f"/api/games/{'x' * 2000}{n}").status_code == 404
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        for n in range(10_000):
            for gid in (f"{n:032d}", "y" * 500 + str(n)):
                with pytest.raises(Exception, match="no"):
                    service.get(gid)
        gc.collect()
        grown = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(before, "filename"))
    finally:
        tracemalloc.stop()
    assert grown < 200_000, f"{grown} bytes kept after asking for 20,000 unknown games"
    assert service._loading == {}


# -- 5. a failed write changes nothing -----------------------------------------------------------------------------
def test_a_failed_write_is_never_stored_later(client, monkeypatch):
    g = create(client, seed=11, seats=[{"kind": "hotseat"}, {"kind": "human"}])
    gid, keys = g["id"], keys_of(g)
    service, store = client.app.state.service, client.app.state.store
    live = service.get(gid)  # the game as a request holds it (concurrent requests hold the same object)
    start = (live.game.state.hash(), len(live.game.history))
    legal = [list(a) for a in live.game.legal_actions()]
    real = store.sync_decisions

    def refuse(*a, **kw):
        raise OSError("disk full")
    monkeypatch.setattr(store, "sync_decisions", refuse)
    with pytest.raises(Exception):  # noqa: B017 - whatever the database raises, the decision is refused
        service.act(live, 0, legal[0])
    assert (live.game.state.hash(), len(live.game.history)) == start  # the held game is unchanged
    r = act(client, gid, 0, keys[0], legal[0])  # answered: nothing changed, try again
    assert r.status_code == 503 and r.json()["rule"] == "Storage"
    assert view(client, gid)["decisions"] == 0
    monkeypatch.setattr(store, "sync_decisions", real)
    # the next decision through the same held game stores that decision alone
    service.act(live, 0, legal[-1])
    assert [a for a, _ in store.decision_rows(gid)] == [legal[-1]]
    client.app.state.service.forget_all()
    assert view(client, gid)["decisions"] == 1


# -- 6. limits -----------------------------------------------------------------------------------------------------
@pytest.fixture
def small_client(db, campaigns_db):
    app = create_app(db, campaigns_path=str(campaigns_db), max_body=4096, ws_per_game=3, ws_per_client=4)
    with SettledClient(app) as c:
        yield c


def test_a_body_over_the_limit_is_refused_before_it_is_read(small_client):
    pad = {"board": "italia", "seats": [{"kind": "hotseat", "name": "A"}], "difficulty": "x" * 5000}
    r = small_client.post("/api/games", json=pad)
    assert r.status_code == 413 and r.json()["rule"] == "Request size"
    # sent in chunks without a length: refused once the limit is passed
    chunks = iter([b'{"board": "italia", "x": "'] + [b"y" * 1000] * 50 + [b'"}'])
    r = small_client.post("/api/games", content=chunks, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["error"]
    assert small_client.post("/api/games", json={"board": "italia"}).status_code == 201
    assert small_client.app.state.store.count_games() == 1


def test_a_body_over_the_default_limit_is_refused(client):
    r = client.post("/api/games", content=b"{" + b" " * 300_000 + b"}", headers={"Content-Type": "application/json"})
    assert r.status_code == 413


LONG = "z" * 100_000


@pytest.mark.parametrize("method,url,body", [
    ("POST", "/api/games", {"difficulty": LONG, "mode": "solo"}),
    ("POST", "/api/games", {"board": LONG}),
    ("POST", "/api/options/check", {"fish_market": LONG}),
    ("POST", "/api/games", {"seats": [{"name": LONG}]}),
    ("POST", "/api/campaigns", {"name": LONG}),
    ("POST", "/api/games/mine", {"seats": [{"game": LONG, "seat": 0, "key": "k"}]}),
    ("POST", "/api/games/mine", {"created": [{"game": "g", "key": LONG}]}),
    ("GET", "/api/campaigns/" + LONG[:3000], None),
    ("POST", "/api/campaigns/Spring/games", {"seats": [{"name": LONG}]}),
])
def test_every_string_has_a_bounded_length_and_is_not_repeated(method, url, body, db, campaigns_db):
    app = create_app(db, campaigns_path=str(campaigns_db), max_body=1_000_000)  # past the body limit: the models
    with SettledClient(app) as client:
        r = client.request(method, url, json=body)
        assert r.status_code == 422, r.text[:300]
        assert len(r.content) < 2000 and "zzzzzzzzzz" not in r.text


def test_an_unknown_board_is_named_cut_short(client):
    r = client.get("/api/boards/" + LONG[:5000])  # audit F17: the 404 repeated the whole name
    assert r.status_code == 404 and r.json()["error"] == "no board '" + "z" * 76 + "...", r.text[:300]


def test_long_secrets_and_decisions_are_refused(client):
    g = create(client, seats=[{"kind": "hotseat"}, {"kind": "bot"}])
    gid = g["id"]
    for r in (seat_view(client, gid, 0, "k" * 5000), act(client, gid, 0, "k" * 5000, ["play", "architect"]),
              act(client, gid, 0, g["seats"][0]["key"], ["play", "a" * 5000]),
              act(client, gid, 0, g["seats"][0]["key"], ["move", 0, 10**40])):
        assert r.status_code == 422 and len(r.content) < 2000, r.text[:300]


@pytest.mark.parametrize("start_vp,ok", [(-5, False), (0, True), (40, True), (100, True), (101, False),
                                         (10**12, False)])
def test_start_vp_has_a_range(client, start_vp, ok):
    r = client.post("/api/options/check", json={"mode": "solo", "board": "italia", "start_vp": start_vp})
    assert r.status_code == (200 if ok else 422), r.text


def test_websockets_are_limited_per_game_and_per_client(small_client):
    c = small_client
    g1, g2 = create(c, seats=[{"kind": "hotseat"}, {"kind": "bot"}]), create(c, seats=[{"kind": "hotseat"}] * 2)
    opened = []

    def open_ws(gid):
        ws = c.websocket_connect(f"/ws/{gid}")
        conn = ws.__enter__()
        conn.send_json({})
        assert conn.receive_json()["type"] == "view"
        opened.append(ws)
        return ws

    try:
        for _ in range(3):
            open_ws(g1["id"])
        with pytest.raises(WebSocketDisconnect) as e:  # a fourth to the same game
            with c.websocket_connect(f"/ws/{g1['id']}") as ws:
                ws.receive_json()
        assert (e.value.code, e.value.reason) == (1013, "too many connections to this game (3 at most): try again "
                                                        "later")
        open_ws(g2["id"])
        with pytest.raises(WebSocketDisconnect) as e:  # a fifth from the same client
            with c.websocket_connect(f"/ws/{g2['id']}") as ws:
                ws.receive_json()
        assert (e.value.code, e.value.reason) == (1013, "too many connections from your address (4 at most): try "
                                                        "again later")
        opened.pop(0).__exit__(None, None, None)  # a closed connection frees its place
        time.sleep(0.2)
        open_ws(g2["id"])
    finally:
        for ws in opened:
            ws.__exit__(None, None, None)
    deadline = time.time() + 5
    while c.app.state.hub.open_clients and time.time() < deadline:
        time.sleep(0.05)
    assert not c.app.state.hub.open_clients and not c.app.state.hub.open_games


@pytest.mark.parametrize("first", [True, False], ids=["first-message", "later"])
def test_a_binary_websocket_frame_closes_the_connection_cleanly(client, first):
    g = create(client, seats=[{"kind": "hotseat"}, {"kind": "bot"}])
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        if not first:
            ws.send_json({"seat": 0, "key": g["seats"][0]["key"]})
            assert ws.receive_json()["view"]["seat"] == 0
            ws.send_text("ping")
            assert ws.receive_json() == {"type": "pong"}
        ws.send_bytes(b"\x00\x01binary")
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
    assert e.value.code == 1003
    assert not client.app.state.hub.conns and not client.app.state.hub.open_games


def test_a_malformed_first_message_closes_the_websocket(client):
    g = create(client, seats=[{"kind": "hotseat"}, {"kind": "bot"}])
    for msg in ("hello", '{"seat": "zero"}', '{"seat": 0, "key": "k", "extra": 1}', "x" * 5000):
        with pytest.raises(WebSocketDisconnect) as e:
            with client.websocket_connect(f"/ws/{g['id']}") as ws:
                ws.send_text(msg)
                ws.receive_json()
        assert e.value.code in (4400, 1009), msg


# -- 7. secrets out of URLs and logs -----------------------------------------------------------------------------
def test_links_carry_secrets_in_their_fragment_only(client):
    g = create(client, seats=[{"kind": "hotseat"}, {"kind": "hotseat"}, {"kind": "human"}])
    for s in g["seats"]:
        path, _, fragment = s["link"].partition("#")
        assert "?" not in path and s["key"] not in path and fragment == f"seat={s['seat']}&key={s['key']}"
    path, _, fragment = g["hotseat_link"].partition("#")
    assert "?" not in path and fragment == f"keys=0:{g['seats'][0]['key']},1:{g['seats'][1]['key']}"


def test_a_secret_in_a_url_is_refused(client):
    g = create(client, seats=[{"kind": "hotseat"}, {"kind": "bot"}])
    gid, key = g["id"], g["seats"][0]["key"]
    r = client.get(f"/api/games/{gid}", params={"seat": 0, "key": key})
    assert r.status_code == 422 and "X-Seat-Key" in r.json()["error"]
    assert view(client, gid, 0, key)["seat"] == 0
    with pytest.raises(WebSocketDisconnect) as e:
        with client.websocket_connect(f"/ws/{gid}?seat=0&key={key}") as ws:
            ws.receive_json()
    assert e.value.code == 4400


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_no_secret_reaches_the_servers_log(db, campaigns_db):
    """A real server (uvicorn, access log at level info): creating, viewing, watching, deciding, listing and
    deleting leave no secret in any log line."""
    import httpx
    import uvicorn
    from websockets.sync.client import connect

    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(record.getMessage())

    port = free_port()
    config = uvicorn.Config(create_app(db, campaigns_path=str(campaigns_db)), host="127.0.0.1", port=port,
                            log_level="trace", access_log=True)  # configures uvicorn's loggers
    server = uvicorn.Server(config)
    handler = Keep(level=logging.DEBUG)
    loggers = [logging.getLogger(n) for n in ("uvicorn", "uvicorn.access", "uvicorn.error", "sestertius.web")]
    for lg in loggers:
        lg.addHandler(handler)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + START_SECONDS
        while not server.started and time.time() < deadline:
            time.sleep(0.05)
        with httpx.Client(base_url=base, timeout=10) as http:
            g = http.post("/api/games", json={"board": "italia", "seats": [{"kind": "hotseat"}, {"kind": "human"}],
                                              "manual_dice": False}).json()
            gid, k0, k1 = g["id"], g["seats"][0]["key"], g["seats"][1]["key"]
            secrets_ = {k0, k1, g["owner_key"]}
            v = http.get(f"/api/games/{gid}", params={"seat": 0}, headers={"X-Seat-Key": k0}).json()
            with connect(f"ws://127.0.0.1:{port}/ws/{gid}") as ws:
                ws.send(f'{{"seat": 1, "key": "{k1}"}}')
                assert '"view"' in ws.recv(timeout=10)
                r = http.post(f"/api/games/{gid}/decisions",
                              json={"seat": 0, "key": k0, "action": v["legal"][0]["action"]})
                assert r.status_code == 200
                assert '"view"' in ws.recv(timeout=10)
            # a secret in a URL is refused, and blanked in the access log
            assert http.get(f"/api/games/{gid}", params={"seat": 0, "key": k0}).status_code == 422
            assert [x["id"] for x in http.post("/api/games/mine", json={
                "seats": [{"game": gid, "seat": 1, "key": k1}]}).json()["games"]] == [gid]
            c = http.post("/api/campaigns", json={"name": "Logged"}).json()
            secrets_.add(c["key"])
            assert http.get("/api/campaigns/Logged", headers={"X-Campaign-Key": c["key"]}).status_code == 200
            assert http.delete(f"/api/games/{gid}", headers={"X-Owner-Key": g["owner_key"]}).status_code == 204
    finally:
        server.should_exit = True
        thread.join(10)
        for lg in loggers:
            lg.removeHandler(handler)
    logged = "\n".join(records)
    assert f"/api/games/{gid}" in logged and "/ws/" in logged  # the access log was on
    assert "TEXT '{\"seat\": 1" in logged  # and so was the debugging output of the WebSocket's frames
    for secret in secrets_:
        assert secret not in logged


# -- 8. who sees which games -------------------------------------------------------------------------------------
def test_the_lobby_lists_public_games_and_each_browser_its_own(client):
    private = create(client, seed=1, seats=[{"kind": "hotseat"}, {"kind": "human"}])
    public = create(client, public=True, seats=[{"kind": "hotseat"}, {"kind": "bot"}])
    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [public["id"]] and listed[0]["public"]
    assert listed[0]["your_seats"] == [] and not listed[0]["creator"]
    assert "owner_hash" not in listed[0] and all("token_hash" not in s for s in listed[0]["seats"])
    pid = private["id"]
    got = mine(client, seats=[(pid, 1, private["seats"][1]["key"])])
    assert [(g["id"], g["your_seats"], g["creator"]) for g in got] == [(pid, [1], False)]
    got = mine(client, created=[(pid, private["owner_key"])])
    assert [(g["id"], g["your_seats"], g["creator"]) for g in got] == [(pid, [], True)]
    assert got[0]["seed_chosen"] and not got[0]["public"] and got[0]["seed"] is None
    # wrong secrets, another game's secret, unknown games: nothing
    assert mine(client, seats=[(pid, 0, private["seats"][1]["key"]), (pid, 1, "guess"), ("nosuch", 0, "k")],
                created=[(pid, public["owner_key"]), (pid, "")]) == []
    assert client.get("/api/games", params={"status": "over"}).json()["games"] == []


def test_the_creator_deletes_a_game_in_progress(client):
    g = create(client, seats=[{"kind": "hotseat"}, {"kind": "human"}])
    gid, owner = g["id"], g["owner_key"]
    seat_key = g["seats"][0]["key"]
    for headers in ({}, {"X-Owner-Key": seat_key}, {"X-Owner-Key": "guess"}):
        r = client.delete(f"/api/games/{gid}", headers=headers)
        assert r.status_code == 403 and r.json()["rule"] == "Creator"
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({})
        ws.receive_json()
        assert client.delete(f"/api/games/{gid}", headers={"X-Owner-Key": owner}).status_code == 204
        with pytest.raises(WebSocketDisconnect) as e:  # the watchers are told
            ws.receive_json()
        assert e.value.code == 4404
    assert seat_view(client, gid).status_code == 404
    assert act(client, gid, 0, seat_key, ["play", "architect"]).status_code == 404
    assert client.app.state.store.count_games() == 0 and client.app.state.store.decision_rows(gid) == []
    assert client.delete(f"/api/games/{gid}", headers={"X-Owner-Key": owner}).status_code == 404
    # a finished game stays
    done = create(client, seats=[{"kind": "bot"}, {"kind": "bot"}])
    assert view(client, done["id"])["over"]  # played by the bots in the background
    r = client.delete(f"/api/games/{done['id']}", headers={"X-Owner-Key": done["owner_key"]})
    assert r.status_code == 409 and view(client, done["id"])["over"]


def test_every_seat_is_told_when_the_creator_chose_the_seed(client):
    chosen = create(client, seed=7, seats=[{"kind": "hotseat"}, {"kind": "human"}])
    drawn = create(client, seats=[{"kind": "hotseat"}, {"kind": "human"}])
    for g, told in ((chosen, True), (drawn, False)):
        for seat in (0, 1):
            assert view(client, g["id"], seat, g["seats"][seat]["key"])["seed_chosen"] is told
        assert view(client, g["id"])["seed_chosen"] is told
    client.app.state.service.forget_all()  # kept in the database
    assert view(client, chosen["id"])["seed_chosen"] is True



def test_bots_are_seeded_one_way_from_the_game_and_seat(client):
    """A bot's choices can give its seed away; the seed must not lead back to the game's seed (which orders the
    stacks): each seat's bot is seeded with ``bot_seed``, a digest of game seed and seat, anew at each decision. The
    server's game of two random bots is the one played here with those seeds, to its end (a random bot made afresh
    for each decision once drew the same first number each time and went round a cycle of turns until the limit)."""
    from sestertius import Game
    from sestertius.bots import make_bot
    from sestertius.web.botruns import bot_seed
    done = create(client, seed=7, seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
    record = client.get(f"/api/games/{done['id']}/record").json()
    g = Game.new({"board": "italia", "players": 2}, seed=7)
    while not g.is_over:
        seat = g.to_act()
        g.apply(make_bot("random", seed=bot_seed(7, seat)).choose(g, g.legal_actions()))
    assert [list(a) for a in g.history] == record["actions"]
    seeds = {bot_seed(s, seat) for s in range(1000) for seat in range(6)}
    assert len(seeds) == 6000 and all(0 <= x < 2**32 for x in seeds)
    assert bot_seed(7, 1) != hash((7, 1)) & 0xFFFFFFFF

# -- 9. the schema tells the truth -------------------------------------------------------------------------------
@pytest.mark.parametrize("method,url,allow", [
    ("PUT", "/api/games", "GET, POST"), ("PATCH", "/api/games/abc", "DELETE, GET"),
    ("GET", "/api/games/abc/decisions", "POST"), ("GET", "/api/campaigns", "POST"), ("DELETE", "/api/meta", "GET"),
])
def test_405_answers_name_the_allowed_methods(client, method, url, allow):
    r = client.request(method, url)
    assert r.status_code == 405 and r.headers["allow"] == allow and r.json()["error"]


def test_the_api_pages_work_without_internet(client):
    for page in ("/docs", "/redoc"):
        html = client.get(page).text
        urls = re.findall(r'(?:src|href)="([^"]+)"', html) + re.findall(r"url: '([^']+)'", html)
        assert urls, page
        for url in urls:
            assert url.startswith("/") and not url.startswith("//"), (page, url)  # nothing from another host
            assert client.get(url).status_code == 200, (page, url)
        assert "SwaggerUIBundle" in html or "<redoc" in html


def test_a_database_of_the_earlier_version_gets_the_new_columns(tmp_path, campaigns_db):
    import sqlalchemy as sa
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text("CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, options TEXT NOT NULL, seed BIGINT NOT "
                             "NULL, status VARCHAR(16) NOT NULL, created DATETIME NOT NULL, updated DATETIME NOT NULL, "
                             "decisions INTEGER NOT NULL, state_hash VARCHAR(32), campaign VARCHAR(200))"))
        conn.execute(sa.text("INSERT INTO games VALUES ('old1', '{\"board\": \"italia\", \"players\": 2}', 3, "
                             "'active', '2024-01-01 00:00:00', '2024-01-01 00:00:00', 0, NULL, NULL)"))
    engine.dispose()
    with SettledClient(create_app(url, campaigns_path=str(campaigns_db))) as client:
        v = view(client, "old1")
        assert v["seed_chosen"] is False and v["decisions"] == 0
        assert client.get("/api/games").json()["games"] == []  # not public
        assert client.delete("/api/games/old1", headers={"X-Owner-Key": "x"}).status_code == 403  # no creator
