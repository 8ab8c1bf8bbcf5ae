"""A game row damaged in the database (changed by hand, a broken disk): the lobby leaves it out and logs it, the other
games are listed as before; opening it answers a JSON error naming what is wrong (never a bare 500); nothing is
written to the row. The database is corrupted with sqlite3 directly, under the running app."""
from __future__ import annotations

import logging
import sqlite3

import pytest

from sestertius.web.store import stored_actions, stored_options

DAMAGE = [  # (SQL on one game row, the problem the error names)
    ("UPDATE games SET options = '{bad' WHERE id = ?", "its options are not valid JSON (Expecting property name "
                                                        "enclosed in double quotes: line 1 column 2 (char 1))"),
    ("UPDATE games SET options = '[1]' WHERE id = ?", "its options are not a JSON object: '[1]'"),
    ("UPDATE games SET status = 'bogus' WHERE id = ?", "its status is 'bogus', not one of active, over"),
]


def _path(db: str) -> str:
    return db.removeprefix("sqlite:///")


def _create(client, **body):
    r = client.post("/api/games", json={"board": "italia", "seed": 5, "public": True, **body})
    assert r.status_code == 201, r.text
    return r.json()


def _damage(db: str, sql: str, gid: str) -> tuple:
    with sqlite3.connect(_path(db)) as conn:
        conn.execute(sql, (gid,))
    return _rows(db, gid)


def _rows(db: str, gid: str) -> tuple:
    conn = sqlite3.connect(_path(db))
    try:
        return (conn.execute("SELECT * FROM games WHERE id = ?", (gid,)).fetchall(),
                conn.execute("SELECT * FROM decisions WHERE game = ? ORDER BY idx", (gid,)).fetchall())
    finally:
        conn.close()


def _mine(client, games):
    r = client.post("/api/games/mine", json={"seats": [{"game": g["id"], "seat": 0, "key": g["seats"][0]["key"]}
                                                       for g in games]})
    assert r.status_code == 200, r.text
    return sorted(x["id"] for x in r.json()["games"])


@pytest.mark.parametrize(("sql", "problem"), DAMAGE)
def test_one_damaged_game_is_left_out_of_the_lobby_and_answered_in_json(client, db, caplog, sql, problem):
    games = [_create(client) for _ in range(3)]
    bad = games[1]["id"]
    others = sorted(g["id"] for g in games if g["id"] != bad)
    before = _damage(db, sql, bad)
    client.app.state.service.forget_all()  # the damaged row is read again from the database
    with caplog.at_level(logging.ERROR, logger="sestertius.web"):
        r = client.get("/api/games")
        assert r.status_code == 200, r.text
        assert sorted(g["id"] for g in r.json()["games"]) == others
        assert _mine(client, games) == others
        for seat in (None, 0):
            r = client.get(f"/api/games/{bad}", params={} if seat is None else {"seat": seat},
                           headers={} if seat is None else {"X-Seat-Key": games[1]["seats"][0]["key"]})
            assert r.status_code == 500 and r.headers["content-type"] == "application/json", r.text
            assert r.json() == {"error": f"game {bad} is damaged in the database: {problem}", "rule": "Damaged game",
                                "code": "damaged_game"}
    assert f"game {bad} is damaged in the database, left out of the lobby: {problem}" in caplog.text
    assert f"game {bad} is damaged in the database: {problem}" in caplog.text
    for g in others:  # the other games open as before
        assert client.get(f"/api/games/{g}").status_code == 200
    assert _rows(db, bad) == before  # nothing was written


def test_a_decision_row_that_is_not_json_is_answered_in_json_and_left_as_found(client, db, caplog):
    g = _create(client, seats=[{"kind": "hotseat"}, {"kind": "hotseat"}])
    gid, key = g["id"], g["seats"][0]["key"]
    v = client.get(f"/api/games/{gid}", params={"seat": 0}, headers={"X-Seat-Key": key}).json()
    r = client.post(f"/api/games/{gid}/decisions", json={"seat": 0, "key": key, "action": v["legal"][0]["action"]})
    assert r.status_code == 200, r.text
    other = _create(client)
    before = _damage(db, "UPDATE decisions SET action = '[\"play\", ' WHERE game = ? AND idx = 0", gid)
    client.app.state.service.forget_all()
    with caplog.at_level(logging.ERROR, logger="sestertius.web"):
        r = client.get(f"/api/games/{gid}", params={"seat": 0}, headers={"X-Seat-Key": key})
    assert r.status_code == 500 and r.headers["content-type"] == "application/json", r.text
    error = r.json()["error"]
    assert error.startswith(f"game {gid} is damaged in the database: its decision 1 is not valid JSON (") and \
        error.endswith("): '[\"play\", '"), error
    assert f"game {gid} is damaged in the database: its decision 1" in caplog.text
    r = client.post(f"/api/games/{gid}/decisions", json={"seat": 0, "key": key, "action": ["done"]})
    assert r.status_code == 500 and r.json()["rule"] == "Damaged game"
    assert _rows(db, gid) == before  # nothing was written, the refused decision neither
    assert {x["id"] for x in client.get("/api/games").json()["games"]} == {gid, other["id"]}  # its row itself is sound


def test_the_row_readers_say_what_is_wrong():
    assert stored_options({"status": "over", "options": '{"board": "italia"}'}) == {"board": "italia"}
    assert stored_actions([('["play", "tribune"]', 0), ("[1]", 1)], 4) == [(["play", "tribune"], 0), ([1], 1)]
    from sestertius.web.store import DamagedRow
    with pytest.raises(DamagedRow, match=r"^its decision 6 is not valid JSON \(.*\): '\[1'$"):
        stored_actions([('["play", "tribune"]', 0), ("[1", 1)], 4)
    with pytest.raises(DamagedRow, match="^its options are not valid JSON"):
        stored_options({"status": "active", "options": None})
    with pytest.raises(DamagedRow, match=r"^its status is None, not one of active, over$"):
        stored_options({"status": None, "options": "{}"})


@pytest.mark.parametrize(("sql", "problem"), DAMAGE)
def test_a_damaged_game_of_a_campaign_is_left_out_of_its_view(client, db, caplog, sql, problem):
    """The campaign view reads its games' rows with the store's checked readers: a damaged one is left out and
    logged, as the lobby does, instead of breaking the view of the campaign (a 500)."""
    r = client.post("/api/campaigns", json={"name": "Spring"})
    own = {"X-Campaign-Key": r.json()["key"]}
    r = client.post("/api/campaigns/Spring/games", json={"board": "italia", "seed": 9}, headers=own)
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    assert client.get("/api/campaigns/Spring", headers=own).json()["active_game"] == gid
    before = _damage(db, sql, gid)
    with caplog.at_level(logging.ERROR, logger="sestertius.web"):
        r = client.get("/api/campaigns/Spring", headers=own)
        assert r.status_code == 200, r.text
        assert r.json()["name"] == "Spring" and r.json()["active_game"] is None
        r = client.post("/api/campaigns/mine", json={"campaigns": [{"name": "Spring", "key": own["X-Campaign-Key"]}]})
        assert r.status_code == 200 and [c["name"] for c in r.json()["campaigns"]] == ["Spring"], r.text
    assert f"game {gid} is damaged in the database, left out of campaign 'Spring': {problem}" in caplog.text
    assert _rows(db, gid) == before  # nothing was written
