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
    assert done["status"] == "over"
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
