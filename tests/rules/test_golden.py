"""Golden records: seeded games of every mode, board and variant (tests/records/, written by tools/make_golden.py)
replay to exactly what they recorded. This is the engine's perft: a change that breaks one of these changed the
rules, the order of legal decisions, the words of the log or a view, and must say so (and rewrite the records)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from sestertius.rules.game import Game
from support import ROOT

sys.path.insert(0, str(ROOT / "tools"))
from make_golden import CONFIGS, fingerprint, legal_trace

RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_configuration_has_a_record_and_they_cover_every_mode_board_and_variant():
    names = {p.stem for p in RECORDS}
    assert names == set(CONFIGS) and len(names) >= 12
    options = [load(p)["options"] for p in RECORDS]
    boards = {o["board"] for o in options}
    assert boards == {"imperium", "italia", "hellas", "ionium", "cyprus", "sicilia", "balearica", "roma"}
    assert {o.get("fish_market") for o in options} >= {"coastal", "mountain"}
    assert {o["board"] for o in options if o.get("fish_market")} >= {"sicilia", "balearica", "roma"}
    assert {(o.get("mode", "base"), o["players"]) for o in options} >= {
        ("base", 2), ("base", 3), ("base", 4), ("base", 5), ("team", 4), ("team", 6), ("solo", 1), ("solo", 2),
        ("team", 2)}
    solo_levels = {o.get("difficulty", "standard") for o in options if o.get("mode") == "solo"}
    assert solo_levels >= {"standard", "beginner", "veteran", "expert", "strong_veteran", "strong_expert",
                           "strong_expert_8"}
    assert any(o.get("venus") for o in options) and any(o.get("manual_dice") for o in options)
    assert sum(1 for p in RECORDS if load(p)["golden"]["script"]) >= 2  # games with undo


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_golden_record_replays_exactly(path):
    rec = load(path)
    golden = rec["golden"]
    game = Game.from_record(rec)  # refuses a different final state hash
    assert game.state.hash() == rec["state_hash"] and game.is_over
    again = game.record()
    assert again["actions"] == rec["actions"] and again["deciders"] == rec["deciders"]
    legal, checkpoints = legal_trace(rec)
    assert checkpoints == golden["checkpoints"]
    assert legal == golden["legal"], "the legal decisions (or their order) changed somewhere along the game"
    now = fingerprint(game)
    for key in ("events", "views", "scores", "ranking"):
        assert now[key] == golden[key], key


@pytest.mark.parametrize("path", [p for p in RECORDS if load(p)["golden"]["script"]],
                         ids=lambda p: p.stem)
def test_golden_game_with_undo_plays_the_same(path):
    """Play the recorded script of decisions and undos: the same game results."""
    rec = load(path)
    game = Game.new(rec["options"], seed=rec["seed"])
    undos = 0
    for entry in rec["golden"]["script"]:
        if entry == "undo":
            game.undo()
            undos += 1
        else:
            game.apply(tuple(entry))
    assert undos > 0
    assert game.state.hash() == rec["state_hash"]
    assert [list(a) for a in game.history] == rec["actions"]
