"""The search bot's help in the web app: hints for the seat to act (its secret required, never for a spectator or
another seat), the review of a finished game (refused while the game is on), the review page, the bot levels in the
lobby's choices."""
from __future__ import annotations

from test_api import create, two_people, view


def test_the_lobby_offers_the_bot_levels(client):
    bots = client.get("/api/meta").json()["bots"]
    assert {"easy", "medium", "hard"} <= set(bots)


def test_every_bot_the_lobby_offers_can_take_a_seat(client):
    for name in client.get("/api/meta").json()["bots"]:
        r = client.post("/api/games", json={"board": "italia", "seed": 2,
                                            "seats": [{"kind": "human"}, {"kind": "bot", "bot": name}]})
        assert r.status_code == 201, (name, r.text)


def test_hints_for_the_seat_to_act(client):
    g = create(client, mode="solo", players=1, seats=[{"kind": "hotseat"}], seed=4)
    key = g["seats"][0]["key"]
    r = client.get(f"/api/games/{g['id']}/hints", params={"seat": 0, "level": "medium"}, headers={"X-Seat-Key": key})
    assert r.status_code == 200, r.text
    h = r.json()
    legal = [e["action"] for e in view(client, g["id"], 0, key)["legal"]]
    assert 1 <= len(h["hints"]) <= 3
    assert all(x["action"] in legal for x in h["hints"])
    assert all(x["reason"] and 0 <= x["chance"] <= 1 for x in h["hints"])
    assert h["decisions"] == 0 and h["level"] == "medium"
    # the first hint can be played as it is
    r = client.post(f"/api/games/{g['id']}/decisions", json={"seat": 0, "key": key, "action": h["hints"][0]["action"]})
    assert r.status_code == 200, r.text


def test_no_hints_without_the_seats_secret_or_out_of_turn(client):
    g = two_people(client)
    gid = g["id"]
    keys = [s["key"] for s in g["seats"]]
    assert client.get(f"/api/games/{gid}/hints").status_code == 403  # a spectator
    assert client.get(f"/api/games/{gid}/hints", params={"seat": 0}, headers={"X-Seat-Key": keys[1]}).status_code == 403
    r = client.get(f"/api/games/{gid}/hints", params={"seat": 1, "level": "medium"}, headers={"X-Seat-Key": keys[1]})
    assert r.status_code == 409 and r.json()["rule"] == "Hints"  # seat 0 is to act


def test_review_of_a_finished_game_only(client):
    g = two_people(client)
    assert client.get(f"/api/games/{g['id']}/review", params={"seat": 0}).status_code == 409
    done = create(client, mode="team", players=2, seats=[{"kind": "bot", "bot": "random"}] * 2, seed=5)
    assert client.get(f"/api/games/{done['id']}").json()["over"]  # played by the bots in the background
    r = client.get(f"/api/games/{done['id']}/review", params={"seat": 1, "level": "medium"})
    assert r.status_code == 200, r.text
    rev = r.json()
    assert rev["seat"] == 1 and rev["decisions"]
    assert sum(d["marked"] for d in rev["decisions"]) <= 3
    assert all(d["loss"] >= 0 for d in rev["decisions"])
    marked = [d["loss"] for d in rev["decisions"] if d["marked"]]
    assert not marked or min(marked) >= max(d["loss"] for d in rev["decisions"] if not d["marked"])
    assert client.get(f"/api/games/{done['id']}/review", params={"seat": 4}).status_code == 422
    page = client.get(f"/review/{done['id']}")
    assert page.status_code == 200 and "review.js" in page.text


def test_reviews_are_made_once_and_a_few_at_a_time(client, monkeypatch):
    """A review is public and costly: two requests for the same one share its making, and while the process makes
    as many different reviews as it may, another is answered 503 at once."""
    import threading
    import time

    from sestertius.web.routes import analysis

    done = create(client, mode="team", players=2, seats=[{"kind": "bot", "bot": "random"}] * 2, seed=5)
    go, made = threading.Event(), []
    real = analysis.analyse

    def slow(record, seat, level):
        go.wait(30)
        made.append((seat, level))
        return real(record, seat, level)

    monkeypatch.setattr(analysis, "analyse", slow)
    monkeypatch.setattr(analysis, "REVIEW_WAITERS", 1)
    url = f"/api/games/{done['id']}/review"
    answers: dict[str, object] = {}

    def ask(name, seat, level="medium"):
        answers[name] = client.get(url, params={"seat": seat, "level": level})

    first = [threading.Thread(target=ask, args=("a", 1)), threading.Thread(target=ask, args=("c", 0))]
    for t in first:
        t.start()
    for _ in range(300):  # both reviews under way
        if len(analysis._making) == analysis.REVIEWS_AT_ONCE:
            break
        time.sleep(0.01)
    assert len(analysis._making) == analysis.REVIEWS_AT_ONCE
    second = threading.Thread(target=ask, args=("b", 1))  # the same review as "a": waits for it
    second.start()
    busy = client.get(url, params={"seat": 1, "level": "hard"})
    assert busy.status_code == 503 and "other reviews" in busy.json()["error"]
    for _ in range(300):  # "b" waits for "a"
        if analysis._waiting[0] == 1:
            break
        time.sleep(0.01)
    crowd = client.get(url, params={"seat": 1, "level": "medium"})  # one waiter is all this test lets wait
    assert crowd.status_code == 503 and "many requests wait for it" in crowd.json()["error"]
    go.set()
    for t in [*first, second]:
        t.join(60)
    assert [answers[k].status_code for k in "abc"] == [200, 200, 200]
    assert answers["a"].json() == answers["b"].json()
    assert sorted(made) == [(0, "medium"), (1, "medium")]  # "b" made nothing
    assert not analysis._making and analysis._waiting[0] == 0


def test_hints_come_from_the_strongest_level_unless_asked(client):
    g = create(client, mode="solo", players=1, seats=[{"kind": "hotseat"}], seed=5)
    key = g["seats"][0]["key"]
    r = client.get(f"/api/games/{g['id']}/hints", params={"seat": 0}, headers={"X-Seat-Key": key})
    assert r.status_code == 200, r.text
    assert r.json()["level"] == "master" and r.json()["hints"]
    r = client.get(f"/api/games/{g['id']}/hints", params={"seat": 0, "level": "expert"}, headers={"X-Seat-Key": key})
    assert r.status_code == 422  # a level the bots do not have
