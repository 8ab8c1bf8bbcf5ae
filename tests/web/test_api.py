"""The web app's JSON API: creating and playing games, every refusal leaving the game unchanged, restarts, records,
replays, live updates over the WebSocket, solo games with dice entered by hand, campaigns."""
from __future__ import annotations

import json
import random

import pytest

from sestertius import Game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# the fixtures app_factory and client: tests/web/conftest.py; here every test runs on SQLite and on PostgreSQL


@pytest.fixture(params=["sqlite", "postgres"])
def db(request, tmp_path):
    if request.param == "postgres":
        return request.getfixturevalue("postgres_db")
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


def create(client, **body):
    body.setdefault("board", "italia")
    body.setdefault("seed", 11)
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def two_people(client, **kw):
    return create(client, seats=[{"kind": "hotseat", "name": "Ann"}, {"kind": "human", "name": "Bob"}], **kw)


def seat_view(client, gid, seat=None, key=None):
    """A seat's view: the seat in the query string, its secret in the X-Seat-Key header (never in the URL)."""
    params = {} if seat is None else {"seat": seat}
    headers = {} if key is None else {"X-Seat-Key": key}
    return client.get(f"/api/games/{gid}", params=params, headers=headers)


def view(client, gid, seat=None, key=None):
    r = seat_view(client, gid, seat, key)
    assert r.status_code == 200, r.text
    return r.json()


def watch(client, gid, seat=None, key=None):
    """A game's WebSocket, its first message naming the seat and carrying its secret ({} for the public view)."""
    ws = client.websocket_connect(f"/ws/{gid}")
    conn = ws.__enter__()
    conn.send_json({} if seat is None else {"seat": seat, "key": key})
    return _Watching(ws, conn)


class _Watching:
    def __init__(self, ws, conn):
        self.ws, self.conn = ws, conn

    def __enter__(self):
        return self.conn

    def __exit__(self, *exc):
        return self.ws.__exit__(*exc)


def mine(client, seats=(), created=()):
    """The games that these secrets open (the lobby's list of a browser's games)."""
    r = client.post("/api/games/mine", json={"seats": [{"game": g, "seat": s, "key": k} for g, s, k in seats],
                                              "created": [{"game": g, "key": k} for g, k in created]})
    assert r.status_code == 200, r.text
    return r.json()["games"]


def act(client, gid, seat, key, action, **kw):
    return client.post(f"/api/games/{gid}/decisions", json={"seat": seat, "key": key, "action": action, **kw})


def snapshot(client, gid):
    """Everything that must not change when a request is refused: the stored decisions and the live state."""
    app = client.app
    rows = app.state.store.decision_rows(gid)
    live = app.state.service.get(gid)
    return rows, live.game.state.hash(), len(live.game.history)


# ---------------------------------------------------------------------------------------------------------------
def test_create_view_and_act(client):
    g = create(client, seats=[{"kind": "hotseat", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}])
    gid, key = g["id"], g["seats"][0]["key"]
    assert g["seats"][0]["link"].endswith(f"/play/{gid}#seat=0&key={key}")  # the secret in the fragment only
    assert g["seats"][1]["key"] is None and g["seats"][1]["kind"] == "bot"
    v = view(client, gid, 0, key)
    assert v["to_act"] == 0 and v["legal"] and v["players"][0]["hand"]
    assert v["players"][1]["hand"] is None  # another seat's hand is hidden
    public = view(client, gid)
    assert public["legal"] == [] and all(p["hand"] is None for p in public["players"])
    # play a whole turn with the first legal decision until the bot has moved
    for _ in range(50):
        v = view(client, gid, 0, key)
        r = act(client, gid, 0, key, v["legal"][0]["action"], expect=v["decisions"])
        assert r.status_code == 200, r.text
        if r.json()["view"]["turn"] >= 2:
            break
    rows = client.app.state.store.decision_rows(gid)
    assert {d for _, d in rows} == {0, 1}  # the bot's decisions are stored too
    assert r.json()["view"]["to_act"] == 0  # the bot moved at once


def test_illegal_decision_refused_and_nothing_changed(client):
    g = two_people(client)
    gid, key = g["id"], g["seats"][0]["key"]
    before = snapshot(client, gid)
    r = act(client, gid, 0, key, ["build", 3])
    assert r.status_code == 409
    body = r.json()
    assert body["rule"] == "Play a card" and "not a decision you can take now" in body["error"]
    r = act(client, gid, 0, key, ["play", "consul"])  # not in the hand
    assert r.status_code == 409 and "not in your hand" in r.json()["error"]
    assert snapshot(client, gid) == before
    # an illegal move inside an Architect: too far or the wrong kind of route
    assert act(client, gid, 0, key, ["play", "architect"]).status_code == 200
    before = snapshot(client, gid)
    v = view(client, gid, 0, key)
    legal = {tuple(x["action"]) for x in v["legal"]}
    bad = next(("move", 0, r) for r in range(60) if ("move", 0, r) not in legal)
    r = act(client, gid, 0, key, list(bad))
    assert r.status_code == 409 and r.json()["rule"] == "Architect (move)" and r.json()["error"]
    assert snapshot(client, gid) == before


def test_other_seats_secret_refused(client):
    g = two_people(client)
    gid, k0, k1 = g["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    before = snapshot(client, gid)
    for seat, key in ((0, k1), (0, "wrong"), (0, ""), (1, k0), (5, k0)):
        r = act(client, gid, seat, key, ["play", "architect"])
        assert r.status_code in (403, 422), (seat, key, r.text)
        if r.status_code == 403:
            assert r.json()["rule"] == "Seat secret" and r.json()["error"]
    assert seat_view(client, gid, 0, k1).status_code == 403
    assert seat_view(client, gid, 0).status_code == 403
    assert client.post(f"/api/games/{gid}/undo", json={"seat": 0, "key": k1}).status_code == 403
    # a seat that is not to act, with its own secret: refused as out of turn
    r = act(client, gid, 1, k1, ["play", "architect"])
    assert r.status_code == 409 and r.json()["rule"] == "Turn order"
    assert snapshot(client, gid) == before


def test_malformed_requests(client):
    g = two_people(client)
    gid, key = g["id"], g["seats"][0]["key"]
    before = snapshot(client, gid)
    url = f"/api/games/{gid}/decisions"
    bad_bodies = [
        b"{not json", b"", b"[]", b'"play"',
        json.dumps({"seat": 0, "key": key, "action": "play architect"}).encode(),
        json.dumps({"seat": 0, "key": key, "action": []}).encode(),
        json.dumps({"seat": 0, "key": key, "action": ["play", ["architect"]]}).encode(),
        json.dumps({"seat": 0, "key": key, "action": ["play", {"x": 1}]}).encode(),
        json.dumps({"seat": "zero", "key": key, "action": ["play", "architect"]}).encode(),
        json.dumps({"key": key, "action": ["play", "architect"]}).encode(),
        json.dumps({"seat": 0, "key": key, "action": ["play", "architect"], "extra": 1}).encode(),
        json.dumps({"seat": 0, "key": key, "action": ["play", 1.5]}).encode(),
    ]
    for raw in bad_bodies:
        r = client.post(url, content=raw, headers={"Content-Type": "application/json"})
        assert r.status_code == 422, (raw, r.text)
        body = r.json()
        assert body["rule"] == "Request" and body["error"].startswith("malformed request")
    # well-formed JSON, but a decision of the wrong shape for the engine
    r = act(client, gid, 0, key, ["play"])
    assert r.status_code in (409, 422) and r.json()["error"]
    r = act(client, gid, 0, key, ["play", 7])
    assert r.status_code in (409, 422) and r.json()["error"]
    assert client.get(f"/api/games/{gid}", params={"seat": "x"}, headers={"X-Seat-Key": key}).status_code == 422
    assert client.get(f"/api/games/{gid}/replay", params={"step": -1}).status_code == 422
    assert client.post("/api/games", json={"board": "atlantis"}).status_code == 422
    assert client.post("/api/games", json={"board": "italia", "players": 9}).status_code == 422
    assert client.post("/api/games", json={"board": "italia", "seats": [{"kind": "alien"}]}).status_code == 422
    assert client.post("/api/games", content=b"{", headers={"Content-Type": "application/json"}).status_code == 422
    assert snapshot(client, gid) == before


def test_unknown_game(client):
    for method, url, body in [
        ("GET", "/api/games/nosuchgame", None), ("GET", "/api/games/nosuchgame/record", None),
        ("GET", "/api/games/nosuchgame/replay?step=0", None),
        ("POST", "/api/games/nosuchgame/decisions", {"seat": 0, "key": "k", "action": ["done"]}),
        ("POST", "/api/games/nosuchgame/undo", {"seat": 0, "key": "k"}),
        ("GET", "/api/games/..%2F..%2Fetc/record", None),
    ]:
        r = client.request(method, url, json=body)
        assert r.status_code == 404, (url, r.text)
        assert r.json()["error"]
    from starlette.websockets import WebSocketDisconnect
    with pytest.raises(WebSocketDisconnect) as e:
        with watch(client, "nosuchgame") as ws:
            ws.receive_json()
    assert e.value.code == 4404
    assert client.app.state.store.count_games() == 0


def test_undo(client):
    g = two_people(client)
    gid, key = g["id"], g["seats"][0]["key"]
    v0 = view(client, gid, 0, key)
    assert not v0["can_undo"]
    r = client.post(f"/api/games/{gid}/undo", json={"seat": 0, "key": key})
    assert r.status_code == 409 and r.json()["rule"] == "Undo"
    v1 = act(client, gid, 0, key, ["play", "mercator"]).json()["view"]
    v2 = act(client, gid, 0, key, ["sell", 3]).json()["view"]
    assert v2["can_undo"] and v2["players"][0]["goods"]["wine"] == v1["players"][0]["goods"]["wine"] - 1
    v3 = client.post(f"/api/games/{gid}/undo", json={"seat": 0, "key": key}).json()["view"]
    assert v3["players"][0] == v1["players"][0] and v3["decisions"] == v1["decisions"]
    assert len(client.app.state.store.decision_rows(gid)) == v1["decisions"]
    v4 = client.post(f"/api/games/{gid}/undo", json={"seat": 0, "key": key}).json()["view"]
    assert v4["players"][0]["hand"] == v0["players"][0]["hand"] and v4["step"] == ["turn"]
    assert client.app.state.store.decision_rows(gid) == []
    # a stale view is refused instead of acting on the wrong step
    r = act(client, gid, 0, key, ["play", "mercator"], expect=5)
    assert r.status_code == 409 and r.json()["rule"] == "Stale view"


def test_restart_resumes(app_factory):
    c1 = app_factory()
    g = create(c1, seats=[{"kind": "hotseat"}, {"kind": "bot", "bot": "random"}, {"kind": "hotseat"}])
    gid = g["id"]
    keys = {s["seat"]: s["key"] for s in g["seats"] if s["key"]}
    rng = random.Random(2)
    for _ in range(40):
        pub = view(c1, gid)
        seat = pub["to_act"]
        v = view(c1, gid, seat, keys[seat])
        a = rng.choice(v["legal"])["action"]
        assert act(c1, gid, seat, keys[seat], a).status_code == 200
    seat = view(c1, gid)["to_act"]
    before = view(c1, gid, seat, keys[seat])
    # a new application on the same database: the game is rebuilt from its stored decisions
    c2 = app_factory()
    after = view(c2, gid, seat, keys[seat])
    assert after == before
    assert c2.app.state.service.get(gid).game.state.hash() == c1.app.state.service.get(gid).game.state.hash()
    assert act(c2, gid, seat, keys[seat], after["legal"][0]["action"]).status_code == 200
    assert [g["id"] for g in mine(c2, [(gid, 0, keys[0])])] == [gid]


def play_to_end(client, gid, keys, rng, limit=20000):
    for _ in range(limit):
        pub = view(client, gid)
        if pub["over"]:
            return pub
        seat = pub["to_act"] if pub["to_act"] in keys else pub["dice_seat"]
        v = view(client, gid, seat, keys[seat])
        legal = v["legal"]
        useful = [x for x in legal if x["action"][0] in ("build", "card", "place")]
        a = rng.choice(useful or legal)["action"]
        r = act(client, gid, seat, keys[seat], a)
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_full_game_record_and_replay(client):
    g = create(client, seats=[{"kind": "hotseat"}, {"kind": "bot", "bot": "greedy"}], seed=5)
    gid, keys = g["id"], {0: g["seats"][0]["key"]}
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 409 and r.json()["rule"] == "Record"  # the seed stays secret during play
    assert client.get(f"/api/games/{gid}/replay?step=0").status_code == 409
    assert mine(client, [(gid, 0, keys[0])])[0]["seed"] is None
    end = play_to_end(client, gid, keys, random.Random(1))
    assert end["scores"] and end["ranking"] and set(end["scores"][0]) >= {"Vesta", "Jupiter", "total"}
    rec = client.get(f"/api/games/{gid}/record")
    assert rec.status_code == 200 and "attachment" in rec.headers["content-disposition"]
    rec = rec.json()
    game = Game.from_record(rec)  # checks the state hash
    assert game.is_over and game.scores() == end["scores"]
    total = len(rec["actions"])
    rp = client.get(f"/api/games/{gid}/replay", params={"step": total}).json()
    assert rp["total"] == total and rp["view"]["scores"] == end["scores"] and rp["next"] is None
    k = total // 2
    rp = client.get(f"/api/games/{gid}/replay", params={"step": k}).json()
    expected = Game.from_record(rec, upto=k).view(None)
    assert rp["view"]["players"] == expected["players"] and rp["view"]["cities"] == expected["cities"]
    assert rp["next"]["action"] == rec["actions"][k]
    assert client.get(f"/api/games/{gid}/replay", params={"step": total + 1}).status_code == 422
    listed = mine(client, [(gid, 0, keys[0])])
    assert listed[0]["id"] == gid and listed[0]["seed"] == 5
    r = act(client, gid, 0, keys[0], ["done"])
    assert r.status_code == 409 and r.json()["rule"] == "End of game"


def test_all_bots_game_plays_itself(client):
    g = create(client, seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}])
    assert g["status"] == "active"  # answered at once: the bots play in the background (the client waits for them)
    v = view(client, g["id"])
    assert v["over"] and v["scores"]
    assert Game.from_record(client.get(f"/api/games/{g['id']}/record").json()).is_over


def test_websocket_pushes_each_seat_its_view(client):
    g = two_people(client)
    gid, k0, k1 = g["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    from starlette.websockets import WebSocketDisconnect
    with pytest.raises(WebSocketDisconnect) as e:
        with watch(client, gid, 1, k0) as ws:
            ws.receive_json()
    assert e.value.code == 4403
    with watch(client, gid, 0, k0) as w0, watch(client, gid, 1, k1) as w1, watch(client, gid) as wp:
        first = [w.receive_json()["view"] for w in (w0, w1, wp)]
        assert [v["seat"] for v in first] == [0, 1, None]
        assert act(client, gid, 0, k0, ["play", "mercator"]).status_code == 200
        pushed = [w.receive_json()["view"] for w in (w0, w1, wp)]
        assert all(v["decisions"] == 1 for v in pushed)
        assert pushed[0]["players"][0]["hand"] is not None and pushed[0]["players"][1]["hand"] is None
        assert pushed[1]["players"][1]["hand"] is not None and pushed[1]["players"][0]["hand"] is None
        assert pushed[2]["players"][0]["hand"] is None and pushed[2]["legal"] == []
        assert pushed[0]["legal"] and pushed[1]["legal"] == []


def test_solo_with_dice_entered_by_hand(client):
    g = create(client, mode="solo", board="italia", manual_dice=True, seed=3)
    gid, key = g["id"], g["seats"][0]["key"]
    assert len(g["seats"]) == 1
    v = view(client, gid, 0, key)
    assert v["extra"]["contrarius"]["name"] == "Contrarius" and len(v["players"]) == 2
    rng = random.Random(4)
    rolled = 0
    for _ in range(3000):
        v = view(client, gid, 0, key)
        if v["over"]:
            break
        if v["chance"]:
            assert v["to_act"] == -1 and all(x["action"][0] == "roll" for x in v["legal"])
            rolled += 1
        a = rng.choice(v["legal"])["action"]
        assert act(client, gid, 0, key, a).status_code == 200
    assert rolled > 0
    assert v["over"] and len(v["scores"]) == 2
    assert any(e["kind"] == "contrarius" for e in v["events"])
    assert Game.from_record(client.get(f"/api/games/{gid}/record").json()).is_over


def test_solo_refuses_bots_and_extra_seats(client):
    assert client.post("/api/games", json={"mode": "solo", "seats": [{"kind": "bot"}]}).status_code == 422
    r = client.post("/api/games", json={"mode": "solo", "players": 1, "seats": [{"kind": "hotseat"}] * 2})
    assert r.status_code == 422 and "exactly one seat" in r.json()["error"]
    r = client.post("/api/games", json={"mode": "solo", "board": "italia", "seats": [{"kind": "hotseat"}] * 3})
    assert r.status_code == 422 and "Solitaria is for 1 player" in r.json()["error"]


def test_campaign(client):
    assert client.post("/api/campaigns/mine", json={}).json() == {"campaigns": []}
    r = client.post("/api/campaigns", json={"name": "Spring"})
    assert r.status_code == 201 and r.json()["start_vp"] == 20
    own = {"X-Campaign-Key": r.json()["key"]}
    assert client.post("/api/campaigns", json={"name": "Spring"}).status_code == 409
    r = client.post("/api/campaigns/Spring/games", json={"board": "italia", "seed": 9}, headers=own)
    assert r.status_code == 201, r.text
    gid, key = r.json()["id"], r.json()["seats"][0]["key"]
    v = view(client, gid, 0, key)
    assert v["campaign"] == "Spring" and v["players"][0]["vp"] == 20
    assert client.post("/api/campaigns/Spring/games", json={}, headers=own).status_code == 409  # one at a time
    assert client.get("/api/campaigns/Spring", headers=own).json()["active_game"] == gid
    play_to_end(client, gid, {0: key}, random.Random(3))
    c = client.get("/api/campaigns/Spring", headers=own).json()
    assert len(c["games"]) == 1 and c["active_game"] is None and c["games"][0]["web_game"] == gid
    g0 = c["games"][0]
    assert g0["start_vp"] == 20 and c["start_vp"] == g0["next_start_vp"]
    # reloading the finished game (a restart) does not record it twice
    client.app.state.service.forget_all()
    view(client, gid)
    assert len(client.get("/api/campaigns/Spring", headers=own).json()["games"]) == 1
    assert client.get("/api/campaigns/Nope", headers=own).status_code == 404


def test_meta_boards_catalog_and_pages(client):
    meta = client.get("/api/meta").json()
    assert {"italia", "imperium"} <= {b["name"] for b in meta["boards"]} and "solo" in meta["modes"]
    geo = client.get("/api/boards/italia").json()
    assert geo["width"] == 1000 and all(0 <= c["x"] <= 1000 for c in geo["cities"])
    assert client.get("/api/boards/atlantis").status_code == 404
    cat = client.get("/api/catalog").json()
    assert cat["cards"]["architect"]["title"] == "Architect" and len(cat["goods"]) == 5
    for url in ("/", "/play/x", "/replay/x", "/campaigns", "/static/game.js", "/static/board.js", "/docs",
                "/openapi.json"):
        assert client.get(url).status_code == 200, url
    spec = client.get("/openapi.json").json()
    assert "/api/games/{gid}/decisions" in spec["paths"]


@pytest.mark.parametrize("spec", [
    {"board": "italia", "players": 3, "fish_market": "coastal"},
    {"board": "roma", "players": 3},
    {"board": "sicilia", "players": 2},
    {"board": "balearica", "players": 3},
    {"board": "imperium", "players": 4, "mode": "team"},
    {"board": "roma", "players": 2, "mode": "solo"},
    {"board": "italia", "players": 2, "mode": "team", "fish_market": "coastal"},
])
def test_boards_modes_and_variants_play(client, spec):
    """Whatever the engine offers (board rules, team play, the fish market) is played through the same API."""
    r = client.post("/api/games", json={**spec, "seed": 3})
    assert r.status_code == 201, r.json()  # every one of these plays (refusals: test_refusals_in_the_engines_words)
    g = r.json()
    gid, keys = g["id"], {s["seat"]: s["key"] for s in g["seats"]}
    rng = random.Random(1)
    for _ in range(120):
        pub = view(client, gid)
        if pub["over"]:
            break
        seat = pub["to_act"]
        v = view(client, gid, seat, keys[seat])
        assert v["legal"], v["step"]
        assert act(client, gid, seat, keys[seat], rng.choice(v["legal"])["action"]).status_code == 200
    before = view(client, gid)
    client.app.state.service.forget_all()  # rebuilt from the database: the same position
    assert view(client, gid) == before


# ---------------------------------------------------------------------------------------------------------------
# The engine's modes and options offered by the lobby: each played to its end through the API
def greedy_to_the_end(client, gid, keys, limit=3000):
    """Every person's seat decides as the greedy bot would, each decision through the API (dice and tiles entered
    by hand where the game asks a person for them); returns the kinds of steps met and the last view."""
    from sestertius.bots import make_bot
    live = client.app.state.service.get(gid)
    kinds = set()
    for n in range(limit):
        pub = view(client, gid)
        if pub["over"]:
            return kinds, pub
        seat = pub["to_act"]
        if seat is None or seat < 0:  # chance entered by a person: the seat whose turn it is enters it
            seat = pub["dice_seat"]
        v = view(client, gid, seat, keys[seat])
        assert v["legal"], v["step"]
        assert all(e["text"] for e in v["legal"])
        kinds.add(v["step"][0])
        legal = [tuple(e["action"]) for e in v["legal"]]
        if v["chance"]:
            choice = random.Random(n).choice(legal)
        else:
            choice = make_bot("greedy", seed=n).choose(live.game, legal)
        r = act(client, gid, seat, keys[seat], list(choice), expect=v["decisions"])
        assert r.status_code == 200, r.text
    raise AssertionError(f"not over after {limit} decisions")


def people_and_bots(n, people=1):
    """n seats: the first `people` (or the seats in the set `people`) are persons at this screen, the others bots."""
    who = set(range(people)) if isinstance(people, int) else people
    return [{"kind": "hotseat"} if i in who else {"kind": "bot", "bot": "greedy"} for i in range(n)]


@pytest.mark.parametrize("spec,kinds", [
    ({"mode": "team", "board": "imperium", "venus": True, "seats": people_and_bots(4, {0, 2})}, {"start_city"}),
    ({"mode": "team", "board": "imperium", "venus": True, "seats": people_and_bots(6, 2)}, set()),
    ({"mode": "solo", "players": 2, "difficulty": "standard", "seats": people_and_bots(2)}, set()),
    ({"mode": "solo", "players": 2, "manual_dice": True, "seats": people_and_bots(2, 2)},
     {"contrarius_roll", "contrarius_veto"}),
    ({"mode": "team", "players": 2, "seats": people_and_bots(2)}, set()),
    ({"mode": "team", "players": 2, "manual_dice": True, "difficulty": "veteran", "seats": people_and_bots(2, 2)},
     {"contrarius_roll", "partner_play"}),
    ({"fish_market": "coastal", "seats": people_and_bots(3)}, {"market"}),
    ({"fish_market": "mountain", "seats": people_and_bots(3)}, {"market"}),
    ({"board": "sicilia", "seats": people_and_bots(3)}, set()),
    ({"board": "sicilia", "manual_dice": True, "seats": people_and_bots(3)}, {"volcano_setup"}),
    ({"board": "balearica", "seats": people_and_bots(3)}, set()),
    ({"board": "roma", "seats": people_and_bots(3)}, set()),
], ids=["venus-team-4", "venus-team-6", "contrarius-third", "contrarius-third-dice", "coop-team", "coop-team-dice",
        "fish-coastal", "fish-mountain", "sicilia", "sicilia-tiles", "balearica", "roma"])
def test_new_modes_and_options_to_the_end(client, spec, kinds):
    g = create(client, **spec)
    gid, keys = g["id"], {s["seat"]: s["key"] for s in g["seats"] if s["key"]}
    assert len(g["seats"]) == len(spec["seats"])  # Contrarius never takes a seat
    met, last = greedy_to_the_end(client, gid, keys)
    assert kinds <= met, met
    assert last["status"] == "over" and last["ranking"]
    opts = last["options"]
    if spec.get("board") in ("sicilia", "balearica", "roma"):
        assert {"sicilia": "volcano", "balearica": "start_boats", "roma": "roma"}[spec["board"]] in last
    if spec.get("fish_market"):
        assert last["fish_market"]["side"] == spec["fish_market"]
    if opts.get("mode", "base") != "base" and opts["players"] == 2:
        assert last["extra"]["contrarius"]["seat"] == 2 and len(last["seats"]) == 2
    client.app.state.service.forget_all()  # rebuilt from the database: the same end
    assert view(client, gid)["ranking"] == last["ranking"]
    assert client.get(f"/api/games/{gid}/record").status_code == 200


def test_all_bots_against_contrarius_play_themselves(client):
    for mode in ("solo", "team"):
        g = create(client, mode=mode, players=2, seats=people_and_bots(2, 0))
        assert g["status"] == "active"  # the bots play in the background
        v = view(client, g["id"])
        assert v["over"] and v["extra"]["contrarius"]["seat"] == 2


def test_refusals_in_the_engines_words(client):
    """What the engine does not offer is refused (422) with the reason of GameOptions.validate, before and at
    creation."""
    cases = [
        ({"mode": "solo", "players": 2, "board": "balearica"}, "no rule for Balearica"),
        ({"mode": "team", "players": 4, "board": "balearica"}, "needs a board with a capital"),
        ({"mode": "team", "players": 5, "board": "imperium"}, "team play is for"),
        ({"mode": "base", "players": 6, "board": "imperium"}, "2 to 5 players"),
        ({"mode": "team", "players": 2, "board": "italia", "venus": True}, "venus option"),
        ({"board": "balearica", "players": 1, "mode": "solo", "fish_market": "mountain"}, "no rule for Balearica"),
        ({"board": "italia", "players": 3, "fish_market": "lake"}, "fish_market must be one of"),
    ]
    for body, words in cases:
        for url in ("/api/options/check", "/api/games"):
            r = client.post(url, json=body)
            assert r.status_code == 422, (url, body, r.text)
            assert words in r.json()["error"], (body, r.json())
    ok = client.post("/api/options/check", json={"mode": "team", "players": 6, "board": "imperium", "venus": True})
    assert ok.status_code == 200 and ok.json()["options"]["mode"] == "team"
    assert client.app.state.store.count_games() == 0  # a check creates nothing
    r = client.post("/api/games", json={"mode": "solo", "players": 2, "manual_dice": True,
                                        "seats": people_and_bots(2, 0)})
    assert r.status_code == 422 and "person" in r.json()["error"]


@pytest.mark.parametrize("body,words", [
    ({"board": "italia", "players": 2, "table_seat": 1}, "needs dice entered by hand"),
    ({"board": "italia", "players": 2, "manual_dice": True, "table_seat": 4}, "table_seat 4 is not a seat"),
    ({"board": "italia", "manual_dice": True, "seats": people_and_bots(2), "table_seat": 1},
     "table_seat 1 is not a seat"),
    ({"mode": "solo", "board": "italia", "seats": [{"kind": "bot", "bot": "easy"}]}, "the one seat is a person"),
    ({"board": "italia", "seats": [{"kind": "hotseat", "bot": "hard"}, {"kind": "bot"}]},
     "seat 1: bot 'hard' is given, but the seat's kind is 'hotseat'"),
])
def test_the_check_refuses_what_creation_refuses(client, body, words):
    """/api/options/check refuses (422, the same words) every body /api/games refuses for its seats, their bots or the
    seat entering the dice, not only for the engine's options (audit F16: it answered ok to these)."""
    answers = [client.post(url, json=body) for url in ("/api/options/check", "/api/games")]
    assert [r.status_code for r in answers] == [422, 422], [r.text for r in answers]
    assert answers[0].json() == answers[1].json() and words in answers[0].json()["error"], answers[0].json()
    assert client.app.state.store.count_games() == 0


def test_third_player_seats_and_veto_by_hand(client):
    g = create(client, mode="solo", players=2, manual_dice=True, seats=[{"kind": "hotseat", "name": "Ann"},
                                                                         {"kind": "human", "name": "Bob"}])
    assert [s["name"] for s in g["seats"]] == ["Ann", "Bob"] and all(s["key"] for s in g["seats"])
    keys = {s["seat"]: s["key"] for s in g["seats"]}
    gid = g["id"]
    v = view(client, gid, 0, keys[0])
    assert v["extra"]["contrarius"]["veto"] == [1, 1] and len(v["players"]) == 3
    # the Contrarius seat is no seat of the table
    assert seat_view(client, gid, 2, "x").status_code == 403
    for n in range(400):  # until a veto decision is offered
        pub = view(client, gid)
        seat = pub["to_act"] if pub["to_act"] >= 0 else pub["dice_seat"]
        v = view(client, gid, seat, keys[seat])
        if v["step"][0] == "contrarius_veto":
            texts = {e["action"][0]: e["text"] for e in v["legal"]}
            assert set(texts) == {"keep", "veto"} and "veto" in texts["veto"]
            assert act(client, gid, seat, keys[seat], ["veto"]).status_code == 200
            assert view(client, gid)["extra"]["contrarius"]["veto"][seat] == 0
            return
        assert act(client, gid, seat, keys[seat], random.Random(n).choice(v["legal"])["action"]).status_code == 200
    pytest.fail("no veto decision offered")


def test_a_whole_number_is_taken_as_an_integer_only_and_the_schema_says_integer(client):
    """The schema declares integers; 3.0 (a JSON number with a fraction part written) and "3.0" in a query string are
    refused with 422, as a decimal number anywhere is, not taken as 3 (the view's seat, the review's seat and the
    replay's step took "3.0", "+3" and " 3")."""
    g = two_people(client)
    gid, key = g["id"], g["seats"][0]["key"]
    schema = client.get("/openapi.json").json()
    params = {(p["name"], path): p["schema"] for path, ops in schema["paths"].items() for op in ops.values()
              for p in op.get("parameters", []) if p["in"] == "query"}
    for name, path in [("seat", "/api/games/{gid}"), ("seat", "/api/games/{gid}/review"),
                       ("step", "/api/games/{gid}/replay")]:
        declared = params[(name, path)]
        assert "integer" in json.dumps(declared), declared
        for written in ("3.0", "+3", " 3", "3e0"):
            r = client.get(path.replace("{gid}", gid), params={name: written}, headers={"X-Seat-Key": key})
            assert r.status_code == 422, (path, written, r.text)
            assert name in r.json()["error"]
    body = schema["components"]["schemas"]["Decision"]["properties"]["seat"]
    assert body["type"] == "integer"
    for seat in (3.0, 0.0):
        r = client.post(f"/api/games/{gid}/decisions", json={"seat": seat, "key": key, "action": ["play", "tribune"]})
        assert r.status_code == 422 and "seat: Input should be a valid integer" in r.json()["error"], r.text
    view(client, gid, 0, key)  # digits are taken
    assert client.get(f"/api/games/{gid}/replay", params={"step": "0"}).status_code == 409  # taken: not over yet
