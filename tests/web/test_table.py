"""The table assistant (dice entered by hand, the board on a real table): what each outcome changes on the physical
board, in every view of that position; entering the last die again; and the stable codes of refusals."""
from __future__ import annotations

import pytest

from web.test_api import act, create, view


def play_until(client, gid, key, done, limit=400):
    """Play the first legal decision (the die's first face) until ``done(view)``; the view then."""
    for _ in range(limit):
        v = view(client, gid, 0, key)
        if done(v) or v["over"]:
            return v
        assert act(client, gid, 0, key, v["legal"][0]["action"], expect=v["decisions"]).status_code == 200
    raise AssertionError("not reached")


def test_an_outcome_tells_the_table_what_contrarius_does_and_can_be_entered_again(client):
    g = create(client, mode="solo", board="italia", manual_dice=True, seed=3)
    gid, key = g["id"], g["seats"][0]["key"]
    v = view(client, gid, 0, key)
    assert "table" not in v  # nothing has changed yet
    v = play_until(client, gid, key, lambda v: v["chance"] and v["extra"]["die"]["key"] == "architect")
    before = v
    face = next(x for x in v["legal"] if x["action"] == ["roll", 4])["action"]
    r = act(client, gid, 0, key, face, expect=v["decisions"])
    after = r.json()["view"]
    t = after["table"]
    taken = before["display"][3]["card"]
    assert t["show"] and t["by"] is None and t["from"] == before["decisions"]
    texts = [m["text"] for m in t["moves"]]
    assert texts[0].startswith("Take ") and "from display position 4 face up in front of Contrarius" in texts[0]
    assert t["moves"][0]["card"] == taken and t["moves"][0]["position"] == 4
    deal = [m for m in t["moves"] if m["kind"] == "deal"]
    assert deal and deal[0]["position"] == 7 and deal[0]["card"] == after["display"][6]["card"]
    assert t["points"] == "You 20 · Contrarius 0"  # the track: Solitaria starts the player on 20
    assert view(client, gid, 0, key)["table"] == t  # a reload shows it again

    # a mis-tapped face: entered again; the table is told how to put the display back
    r = client.post(f"/api/games/{gid}/retype", json={"seat": 0, "key": key, "expect": after["decisions"]})
    assert r.status_code == 200
    again = r.json()["view"]
    assert again["decisions"] == before["decisions"] and again["chance"]
    assert [d["card"] for d in again["display"]] == [d["card"] for d in before["display"]]
    undo_moves = again["table"]["moves"]
    assert undo_moves[0]["kind"] == "display" and undo_moves[0]["text"].startswith("Lay out the display as: 1 ")
    assert "card back on the deck" in undo_moves[0]["text"]


def test_retype_is_refused_with_a_code(client):
    g = create(client, mode="solo", board="italia", manual_dice=True, seed=3)
    gid, key = g["id"], g["seats"][0]["key"]
    r = client.post(f"/api/games/{gid}/retype", json={"seat": 0, "key": key})
    assert r.status_code == 409 and r.json()["code"] == "dice" and "no die has been entered yet" in r.json()["error"]
    g2 = create(client, mode="solo", board="italia", seed=3)
    r = client.post(f"/api/games/{g2['id']}/retype", json={"seat": 0, "key": g2["seats"][0]["key"]})
    assert r.status_code == 409 and r.json()["code"] == "dice"


@pytest.mark.parametrize("action, code", [(["build", 3], "turn"), (["play", "nothing"], "turn"),
                                          (["play", ["a", ["b"]]], "request")])
def test_a_refused_decision_carries_the_step_kind_as_its_code(client, action, code):
    g = create(client, board="italia", players=2, seats=[{"kind": "hotseat", "name": "Ann"},
                                                         {"kind": "hotseat", "name": "Bob"}])
    gid, key = g["id"], g["seats"][0]["key"]
    r = act(client, gid, 0, key, action)
    body = r.json()
    assert body["code"] == code and body["rule"] and body["error"]


def test_refusals_of_the_api_carry_codes(client):
    g = create(client, board="italia", players=2, seats=[{"kind": "hotseat", "name": "Ann"},
                                                         {"kind": "hotseat", "name": "Bob"}])
    gid, k0, k1 = g["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    assert act(client, gid, 1, k1, ["play", "mercator"]).json()["code"] == "turn_order"
    assert act(client, gid, 0, "wrong", ["play", "mercator"]).json()["code"] == "seat_secret"
    assert act(client, gid, 0, k0, ["play", "mercator"], expect=5).json()["code"] == "stale_view"
    assert client.post(f"/api/games/{gid}/undo", json={"seat": 0, "key": k0}).json()["code"] == "undo"
    assert client.get("/api/games/nosuchgame").json()["code"] == "unknown_game"
    assert client.post("/api/games", json={"players": 9}).json()["code"] == "request"
    # an arch_move refusal: the Architect's own step kind
    assert act(client, gid, 0, k0, ["play", "architect"]).status_code == 200
    r = act(client, gid, 0, k0, ["move", 0, 99999])
    assert r.status_code == 409 and r.json()["code"] == "arch_move" and r.json()["rule"] == "Architect (move)"
