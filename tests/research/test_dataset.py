"""Records of simulated games (``concordia simulate --save-records``) replay, and ``concordia dataset`` turns them into
rows of (observation, legal mask, action, outcome) that match the replayed games."""
from __future__ import annotations

import json

import numpy as np
import pytest

from sestertius import Game
from sestertius.cli import main
from sestertius.research.actions import encode
from sestertius.research.observations import observe

pq = pytest.importorskip("pyarrow.parquet")


def _simulate(folder, *args):
    assert main(["simulate", "--no-progress", "--json", "--save-records", str(folder), *args]) == 0


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """Two solo games and one two-player game, saved by simulations on one and on two workers."""
    folder = tmp_path_factory.mktemp("records")
    _simulate(folder, "--board", "italia", "--mode", "solo", "--games", "2", "--seed", "5", "--workers", "2")
    _simulate(folder / "duel", "--board", "italia", "--players", "2", "--games", "1", "--seed", "15", "--workers", "1")
    return folder


def test_every_game_is_saved_under_its_index_and_seed_and_replays(records, capsys):
    assert sorted(p.name for p in records.glob("*.json")) == ["game-000000-seed-5.json", "game-000001-seed-6.json"]
    assert [p.name for p in (records / "duel").glob("*.json")] == ["game-000000-seed-15.json"]
    capsys.readouterr()
    assert main(["replay", str(records / "game-000001-seed-6.json")]) == 0
    assert "matches" in capsys.readouterr().out  # the state hash the record holds
    rec = json.loads((records / "game-000001-seed-6.json").read_text())
    assert rec["seed"] == 6 and Game.from_record(rec).is_over  # from_record checks the state hash


def test_the_records_do_not_depend_on_the_number_of_workers(records, tmp_path):
    _simulate(tmp_path, "--board", "italia", "--mode", "solo", "--games", "2", "--seed", "5", "--workers", "1")
    for path in tmp_path.glob("*.json"):
        assert json.loads(path.read_text()) == json.loads((records / path.name).read_text())


def _dataset(records, out, *args):
    """The rows without their vectors (dicts), the observations and the legal masks (2-D arrays)."""
    assert main(["dataset", str(records), str(out), *args]) == 0
    table = pq.read_table(out)
    vectors = [table.column(c).combine_chunks() for c in ("observation", "legal")]
    obs, legal = (v.flatten().to_numpy(zero_copy_only=False).reshape(len(table), -1) for v in vectors)
    return table.drop_columns(["observation", "legal"]).to_pylist(), obs, legal, table.schema


def test_the_dataset_has_a_row_per_decision_of_a_seat_matching_the_replayed_games(records, tmp_path, capsys):
    rows, obs, legal, schema = _dataset(records, tmp_path / "solo.parquet")
    saved = {p.stem: json.loads(p.read_text()) for p in records.glob("*.json")}
    assert "2 games" in capsys.readouterr().out
    seat_decisions = {name: [i for i, d in enumerate(r["deciders"]) if d >= 0] for name, r in saved.items()}
    assert all(-1 in r["deciders"] for r in saved.values())  # the dice are in the records, and give no rows
    assert len(rows) == sum(len(v) for v in seat_decisions.values())
    for name, rec in saved.items():
        mine = [r for r in rows if r["game"] == name]
        assert [r["decision"] for r in mine] == seat_decisions[name]
        game = Game.from_record(rec)
        score = game.scores()[0]["total"]
        contrarius = game.scores()[1]["total"]
        assert {(r["score"], r["rank"], r["win"], r["margin"]) for r in mine} == \
            {(score, game.ranking().index(0) + 1, game.ranking()[0] == 0, score - contrarius)}
    actions = np.array([r["action"] for r in rows])
    assert legal[np.arange(len(rows)), actions].all()  # the action taken is in the mask
    assert (legal.sum(axis=1) == [r["choices"] for r in rows]).all() and max(r["choices"] for r in rows) > 1
    for k in (0, len(rows) // 2, len(rows) - 1):  # rows checked against the game replayed up to their decision
        row = rows[k]
        rec = saved[row["game"]]
        before = Game.from_record(rec, upto=row["decision"])
        assert before.to_act() == row["seat"] == rec["deciders"][row["decision"]]
        assert np.array_equal(obs[k], observe(before, row["seat"]))
        assert legal[k].sum() == len(before.legal_actions())
        before.apply(rec["actions"][row["decision"]])
        assert row["action"] == encode(before.history[-1])
    assert schema.metadata[b"observation_version"] and schema.metadata[b"encoding_version"]


def test_a_seat_of_a_two_player_game(records, tmp_path):
    rec = json.loads(next((records / "duel").glob("*.json")).read_text())
    game = Game.from_record(rec)
    every, obs, _, _ = _dataset(records / "duel", tmp_path / "all.parquet")
    second, obs2, _, _ = _dataset(records / "duel", tmp_path / "two.parquet", "--seat", "2")
    assert len(every) == len(rec["deciders"]) and {r["seat"] for r in every} == {0, 1}
    assert second == [r for r in every if r["seat"] == 1]
    assert np.array_equal(obs2, obs[[r["seat"] == 1 for r in every]])
    totals = [s["total"] for s in game.scores()]
    winner = game.ranking()[0]
    assert {(r["score"], r["rank"], r["win"], r["margin"]) for r in second} == \
        {(totals[1], game.ranking().index(1) + 1, winner == 1, totals[1] - totals[0])}


def test_bad_folders_and_records_are_refused(tmp_path, capsys):
    assert main(["dataset", str(tmp_path), str(tmp_path / "d.parquet")]) == 2
    assert "no game records" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text('{"format": "nothing"}')
    assert main(["dataset", str(tmp_path), str(tmp_path / "d.parquet")]) == 1
    assert "bad" in capsys.readouterr().err
