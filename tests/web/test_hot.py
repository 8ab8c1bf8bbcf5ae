"""The hot routes (web/hot.py): plain decisions and views of cached games answered without FastAPI's machinery give
the very answers the FastAPI routes give, and everything else goes on to those routes."""
from __future__ import annotations

import random

import pytest

from sestertius.web.app import create_app
from support.settled import SettledClient


@pytest.fixture(params=["sqlite", "postgres"])
def pair(request, tmp_path):
    """Two apps: with the hot routes and without; on SQLite databases of their own, or on one PostgreSQL database
    (each its own games; there the hot routes decide and view on the event loop: GameService.act_answer_on_loop)."""
    clients = []
    for hot in (True, False):
        db = (request.getfixturevalue("postgres_db") if request.param == "postgres"
              else f"sqlite:///{tmp_path / f'g{hot}.sqlite3'}")
        app = create_app(db, campaigns_path=str(tmp_path / f"c{hot}.sqlite3"), hot_routes=hot)
        c = SettledClient(app)
        c.__enter__()
        clients.append(c)
    yield clients
    for c in clients:
        c.__exit__(None, None, None)


def both(pair, method, url, **kw):
    """The same request to both apps: (status, headers' content type, body) of each must be the same."""
    answers = [c.request(method, url, **kw) for c in pair]
    hot, plain = answers
    assert (hot.status_code, hot.headers.get("content-type"), hot.content) == \
        (plain.status_code, plain.headers.get("content-type"), plain.content), (method, url, kw)
    return hot


def test_a_game_played_through_the_hot_routes_answers_as_the_routes_do(pair):
    hot_app, plain_app = (c.app for c in pair)
    body = {"board": "italia", "seed": 12, "seats": [{"kind": "human"}] * 3}
    created = [c.post("/api/games", json=body).json() for c in pair]
    gids = [g["id"] for g in created]
    keys = [{s["seat"]: s["key"] for s in g["seats"]} for g in created]
    rng = random.Random(3)

    def each(method, path, seat=None, json=None, query="", key=True):
        """The request to both apps, each with its own game's id and secret."""
        answers = []
        for i, c in enumerate(pair):
            headers = {"X-Seat-Key": keys[i][seat]} if (seat is not None and key and method == "GET") else {}
            payload = None if json is None else {**json, **({"key": keys[i][seat]} if key else {})}
            answers.append(c.request(method, path.format(gid=gids[i]) + query, headers=headers, json=payload))
        a, b = answers
        assert (a.status_code, a.headers.get("content-type")) == (b.status_code, b.headers.get("content-type"))
        assert a.content.replace(gids[0].encode(), b"G") == b.content.replace(gids[1].encode(), b"G")
        return a

    seat = 0
    view = each("GET", "/api/games/{gid}", seat, query=f"?seat={seat}").json()
    statuses = set()
    for _ in range(120):
        if view["to_act"] != seat:
            seat = view["to_act"]
            view = each("GET", "/api/games/{gid}", seat, query=f"?seat={seat}").json()
            each("GET", "/api/games/{gid}")  # the public view
            continue
        action = rng.choice(view["legal"])["action"]
        r = rng.random()
        if r < 0.1:  # a stale view: refused (409) by the service, after the hot route took the request
            a = each("POST", "/api/games/{gid}/decisions", seat,
                     {"seat": seat, "action": action, "expect": view["decisions"] + 1})
        elif r < 0.15:  # another seat's secret: refused (403) by the FastAPI route
            wrong = (seat + 1) % 3
            payloads = [{"seat": seat, "key": keys[i][wrong], "action": action} for i in range(2)]
            answers = [c.post(f"/api/games/{gids[i]}/decisions", json=payloads[i]) for i, c in enumerate(pair)]
            assert answers[0].status_code == answers[1].status_code == 403
            assert answers[0].content == answers[1].content
            continue
        elif r < 0.2:  # malformed: refused (422) by the FastAPI route
            a = each("POST", "/api/games/{gid}/decisions", seat, {"seat": seat, "action": action, "extra": 1})
        else:
            a = each("POST", "/api/games/{gid}/decisions", seat,
                     {"seat": seat, "action": action, "expect": view["decisions"]})
            view = a.json()["view"]
        statuses.add(a.status_code)
    assert statuses == {200, 409, 422}
    assert hot_app.state.hot_answered > 100 and plain_app.state.hot_answered == 0


def test_what_the_hot_routes_hand_on(pair):
    """Unknown games, secrets in the URL, a game not in the cache (after a restart), a body over the limit, a body
    that is not JSON: the FastAPI routes' answers."""
    created = pair[0].post("/api/games", json={"board": "italia", "seed": 2, "seats": [{"kind": "human"}] * 2}).json()
    gid, key = created["id"], created["seats"][0]["key"]
    hot = pair[0].app
    both(pair, "GET", "/api/games/nosuchgame", params={"seat": 0})
    both(pair, "POST", "/api/games/nosuchgame/decisions", json={"seat": 0, "key": "x", "action": ["done"]})
    both(pair, "POST", "/api/games/nosuchgame/decisions", content=b"{", headers={"content-type": "application/json"})
    both(pair, "POST", "/api/games/x/decisions", content=b"x" * 200_000, headers={"content-type": "application/json"})
    both(pair, "GET", "/api/games/nosuchgame", params={"seat": 0, "key": "x"})
    before = hot.state.hot_answered
    r = pair[0].get(f"/api/games/{gid}", params={"seat": 0, "key": key})
    assert r.status_code == 422 and "never goes in a URL" in r.json()["error"]
    r = pair[0].get(f"/api/games/{gid}", params={"seat": 7}, headers={"X-Seat-Key": key})
    assert r.status_code == 422
    r = pair[0].get(f"/api/games/{gid}", params={"seat": 1}, headers={"X-Seat-Key": key})
    assert r.status_code == 403
    assert hot.state.hot_answered == before  # each of those answered by the FastAPI route
    hot.state.service.forget_all()  # as after a restart: the route loads the game
    r = pair[0].get(f"/api/games/{gid}", params={"seat": 0}, headers={"X-Seat-Key": key})
    assert r.status_code == 200 and hot.state.hot_answered == before
    r = pair[0].get(f"/api/games/{gid}", params={"seat": 0}, headers={"X-Seat-Key": key})
    assert r.status_code == 200 and hot.state.hot_answered == before + 1  # now in the cache
    action = r.json()["legal"][0]["action"]
    r = pair[0].post(f"/api/games/{gid}/decisions", json={"seat": 0, "key": key, "action": action},
                     headers={"content-type": "text/plain"})
    assert hot.state.hot_answered == before + 1  # not declared JSON: the route's answer, whatever it is
    assert r.status_code in (200, 422)
