"""The API's shape: every answer documented in the OpenAPI schema (errors with the one error model), the one seat
check on every route that needs a seat's secret, the documented view model matching real views, and the lobby's
choices coming from the engine."""
from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():  # starlette's note about httpx in its test client
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import sestertius
from sestertius.web.app import create_app
from sestertius.web.models import GameView, ReplayStep

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ERROR = "#/components/schemas/ErrorAnswer"


@pytest.fixture
def client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}", campaigns_path=str(tmp_path / "campaigns.sqlite3"))
    with TestClient(app) as c:
        yield c


def two_people(client):
    r = client.post("/api/games", json={"board": "italia", "seed": 11,
                                        "seats": [{"kind": "hotseat", "name": "Ann"},
                                                  {"kind": "human", "name": "Bob"}]})
    assert r.status_code == 201, r.text
    g = r.json()
    return g["id"], g["seats"][0]["key"], g["seats"][1]["key"]


def error_schema(spec, path, method, status):
    answer = spec["paths"][path][method]["responses"].get(str(status))
    assert answer is not None, f"{method.upper()} {path} does not document {status}"
    return answer["content"]["application/json"]["schema"].get("$ref")


# ---------------------------------------------------------------------------------------------------------------
def test_openapi_lists_every_error_answer_with_the_error_model(client):
    spec = client.get("/openapi.json").json()
    for path in ("/api/games/{gid}/decisions", "/api/games/{gid}/undo"):
        for status in (403, 404, 409, 422):
            assert error_schema(spec, path, "post", status) == ERROR, (path, status)
    assert error_schema(spec, "/api/games/{gid}", "get", 404) == ERROR
    assert error_schema(spec, "/api/games/{gid}", "get", 403) == ERROR
    model = spec["components"]["schemas"]["ErrorAnswer"]
    assert set(model["required"]) == {"error", "rule", "code"}
    # every route has a response model, and no error answer is documented in another shape than the real one
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            ok = op["responses"].get("200") or op["responses"].get("201")
            if ok is None:  # an answer without content (a deletion)
                assert "204" in op["responses"] and "content" not in op["responses"]["204"], (method, path)
            else:
                assert ok["content"]["application/json"]["schema"].get("$ref"), (method, path)
            for status, answer in op["responses"].items():
                if status.startswith(("4", "5")):
                    assert answer["content"]["application/json"]["schema"]["$ref"] == ERROR, (method, path, status)


SEAT_ROUTES = {
    "view": lambda c, gid, seat, key: c.get(f"/api/games/{gid}", params={"seat": seat}, headers={"X-Seat-Key": key}),
    "decision": lambda c, gid, seat, key: c.post(f"/api/games/{gid}/decisions",
                                                 json={"seat": seat, "key": key, "action": ["play", "mercator"]}),
    "undo": lambda c, gid, seat, key: c.post(f"/api/games/{gid}/undo", json={"seat": seat, "key": key}),
}


@pytest.mark.parametrize("route", sorted(SEAT_ROUTES))
@pytest.mark.parametrize("wrong", ["other seat's", "made up", "empty"])
def test_seat_check_refuses_a_wrong_secret_on_every_seat_route(client, route, wrong):
    gid, k0, k1 = two_people(client)
    key = {"other seat's": k1, "made up": "x" * 24, "empty": ""}[wrong]
    live = client.app.state.service.get(gid)
    before = (live.game.state.hash(), client.app.state.store.decision_rows(gid))
    r = SEAT_ROUTES[route](client, gid, 0, key)
    assert r.status_code == 403, r.text
    assert r.json()["rule"] == "Seat secret" and "seat 0" in r.json()["error"]
    assert (live.game.state.hash(), client.app.state.store.decision_rows(gid)) == before
    # the seat's own secret passes the same check (a decision first, so that there is one to take back)
    if route == "undo":
        assert SEAT_ROUTES["decision"](client, gid, 0, k0).status_code == 200
    assert SEAT_ROUTES[route](client, gid, 0, k0).status_code == 200


@pytest.mark.parametrize("wrong", ["other seat's", "made up", "empty"])
def test_seat_check_refuses_a_wrong_secret_on_the_websocket(client, wrong):
    from starlette.websockets import WebSocketDisconnect
    gid, k0, k1 = two_people(client)
    key = {"other seat's": k1, "made up": "x" * 24, "empty": ""}[wrong]
    with pytest.raises(WebSocketDisconnect) as e:
        with client.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_json({"seat": 0, "key": key})  # the seat and its secret: the first message, never the URL
            ws.receive_json()
    assert e.value.code == 4403
    with client.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"seat": 0, "key": k0})
        assert ws.receive_json()["view"]["seat"] == 0


@pytest.mark.parametrize("body", [
    {"board": "italia", "seed": 2, "seats": [{"kind": "hotseat"}, {"kind": "bot"}]},
    {"mode": "solo", "board": "italia", "manual_dice": True, "seed": 3},
    {"mode": "team", "board": "imperium", "venus": True, "seed": 4,
     "seats": [{"kind": "hotseat"}] + [{"kind": "bot"}] * 3},
    {"board": "sicilia", "manual_dice": True, "seed": 5, "seats": [{"kind": "hotseat"}, {"kind": "bot"}]},
])
def test_documented_view_model_matches_real_views(client, body):
    g = client.post("/api/games", json=body).json()
    gid, key = g["id"], g["seats"][0]["key"]
    for _ in range(6):
        mine = client.get(f"/api/games/{gid}", params={"seat": 0}, headers={"X-Seat-Key": key}).json()
        GameView.model_validate(mine)
        GameView.model_validate(client.get(f"/api/games/{gid}").json())
        if not mine["legal"]:
            break
        r = client.post(f"/api/games/{gid}/decisions",
                        json={"seat": 0, "key": key, "action": mine["legal"][0]["action"]})
        assert r.status_code == 200, r.text
    assert mine["prompt"] is None or isinstance(mine["prompt"], str)
    partners = [p["partner"] for p in mine["players"]]
    if body.get("mode") == "team":
        assert partners == [2, 3, 0, 1]
    elif body.get("mode") is None:
        assert partners == [None, None]


def test_replay_answer_matches_its_model(client):
    g = client.post("/api/games", json={"board": "italia", "seed": 5, "seats": [{"kind": "bot"}] * 2}).json()
    for step in (0, 9):
        ReplayStep.model_validate(client.get(f"/api/games/{g['id']}/replay", params={"step": step}).json())


def test_lobby_choices_come_from_the_engine(client):
    meta = client.get("/api/meta").json()
    offer = sestertius.choices()
    assert meta["modes"] == [m["name"] for m in offer["modes"]]
    assert meta["difficulties"] == offer["difficulties"] and meta["displays"] == offer["displays"]
    assert meta["fish_market"] == offer["fish_market"]
    assert [b["name"] for b in meta["boards"]] == [b["name"] for b in offer["boards"]]
    for b in meta["boards"]:
        for mode, players in (("base", 2), ("solo", 1)):
            why = sestertius.check_options({"board": b["name"], "players": players, "mode": mode})
            assert b["why_not"][mode] == why and b[mode] == (why is None)
    assert not next(b for b in meta["boards"] if b["name"] == "balearica")["solo"]


def test_pages_load_es_modules_that_all_resolve(client):
    """The browser UI is ES modules without a build step: every page's module and everything it imports is served."""
    import re
    from urllib.parse import urljoin
    seen, todo = set(), []
    for page in ("/", "/play/x", "/replay/x", "/campaigns"):
        html = client.get(page).text
        assert "<script src=" not in html  # no classic scripts sharing globals
        todo += re.findall(r'<script type="module" src="([^"]+)"', html)
    assert todo
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        r = client.get(url)
        assert r.status_code == 200 and "javascript" in r.headers["content-type"], url
        todo += [urljoin(url, m) for m in re.findall(r'^import .* from "([^"]+)";$', r.text, flags=re.M)]
    assert {"/static/game.js", "/static/game/play.js", "/static/board.js", "/static/common.js"} <= seen
    game = "".join(client.get(u).text for u in seen if u.startswith("/static/game"))
    # the engine's words and rules come from the view: no JS copies of the prompts or of the team-partner rule
    assert "PROMPTS" not in game and "partnerOf" not in game and "v.prompt" in game and "p.partner" in game


def test_lobby_player_counts_and_team_seating_come_from_the_engine(client):
    """Each mode's numbers of players are the engine's choices(); the team partners are those a game of the engine
    seats; the numbers played against Contrarius are those whose games publish Contrarius."""
    meta = client.get("/api/meta").json()
    offer = sestertius.choices()
    assert [(m["name"], m["players"]) for m in meta["modes_detail"]] == [(m["name"], m["players"]) for m in
                                                                         offer["modes"]]
    assert meta["modes"] == [m["name"] for m in meta["modes_detail"]]
    team = next(m for m in offer["modes"] if m["name"] == "team")
    assert sorted(meta["team_partners"], key=int) == [str(n) for n in team["players"]]
    for m in meta["modes_detail"]:
        for n in m["players"]:
            view = sestertius.Game.new({"mode": m["name"], "players": n}, seed=3).view(None)
            assert (n in m["against_contrarius"]) == ("contrarius" in (view.get("extra") or {})), (m["name"], n)
            if m["name"] == "team":
                assert meta["team_partners"][str(n)] == [p["partner"] for p in view["players"][:n]]
    assert meta["team_partners"]["4"] == [2, 3, 0, 1] and meta["team_partners"]["6"] == [3, 4, 5, 0, 1, 2]
    assert {(m["name"], n) for m in meta["modes_detail"] for n in m["against_contrarius"]} == {
        ("solo", 1), ("solo", 2), ("team", 2)}
    lobby = client.get("/static/lobby.js").text  # no JS copy of the seating or of the numbers of players
    assert "teamOf" not in lobby and "n / 2" not in lobby and '["4", "6"]' not in lobby
    assert "META.team_partners" in lobby and "META.modes_detail" in lobby


def test_a_house_to_build_names_what_the_engine_charges(client):
    """The view's build decisions carry the house's cost; building takes exactly that from the player."""
    g = client.post("/api/games", json={"board": "italia", "seed": 21, "players": 2,
                                        "seats": [{"kind": "hotseat"}, {"kind": "hotseat"}]}).json()
    keys = {s["seat"]: s["key"] for s in g["seats"]}
    cat = client.get("/api/catalog").json()
    assert cat["concordia_vp"] == 7 and cat["cards"]["praetor"]["buys"] == 1 and cat["cards"]["senator"]["buys"] == 2
    seen = 0
    for _ in range(300):
        seat = client.get(f"/api/games/{g['id']}").json()["to_act"]
        v = client.get(f"/api/games/{g['id']}", params={"seat": seat}, headers={"X-Seat-Key": keys[seat]}).json()
        builds = [e for e in v["legal"] if e["action"][0] == "build"]
        if builds:
            e = builds[-1]
            city = v["cities"][e["action"][1]]
            assert e["cost"]["coins"] > 0 and e["cost"]["goods"] and city["name"] in e["text"]
            me = v["players"][seat]
            after = client.post(f"/api/games/{g['id']}/decisions", json={
                "seat": seat, "key": keys[seat], "action": e["action"], "expect": v["decisions"]}).json()["view"]
            now = after["players"][seat]
            assert me["money"] - now["money"] == e["cost"]["coins"]
            assert {k: me["goods"][k] - now["goods"][k] for k in me["goods"] if me["goods"][k] != now["goods"][k]} \
                == e["cost"]["goods"]
            seen += 1
            if seen == 3:
                return
            continue
        assert all("cost" not in x for x in v["legal"])
        pick = ([x for x in v["legal"] if x["action"] == ["play", "architect"]]
                or [x for x in v["legal"] if x["action"][0] == "move"] or v["legal"])
        client.post(f"/api/games/{g['id']}/decisions", json={
            "seat": seat, "key": keys[seat], "action": pick[0]["action"], "expect": v["decisions"]})
    raise AssertionError(f"only {seen} houses built")
