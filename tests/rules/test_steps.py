"""Every step kind has one record (legal decisions, effect, words, refusals, prompt, the names of its fields), and
every pending step of the golden games has the shape its record declares."""
from __future__ import annotations

import json

from sestertius.rules.game import Game
from sestertius.rules.rulebook import resolve
from support import ROOT

RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))


def test_every_pending_step_of_the_golden_games_has_its_records_shape():
    kinds: set[str] = set()
    for path in RECORDS:
        rec = json.loads(path.read_text(encoding="utf-8"))
        game = Game.from_record(rec, upto=0)
        game.auto_chance = False
        steps = game.state.rules.steps
        for raw in rec["actions"]:
            for st in game.state.pending:
                step = steps[st[0]]
                assert 1 + len(step.fields) <= len(st) <= 1 + len(step.fields) + len(step.optional), (path.stem, st)
                kinds.add(st[0])
            game.apply(tuple(raw))
    assert {"turn", "arch_move", "arch_build", "trade", "buy", "market", "contrarius_roll", "volcano",
            "roma_sail", "legatus"} <= kinds


def test_one_record_per_step_kind_with_a_title_and_words_for_the_verbs_it_lists():
    from sestertius.rules.options import GameOptions
    rules = resolve(GameOptions(board="imperium", players=4, mode="team", fish_market="coastal"))
    for kind, step in rules.steps.items():
        assert step.kind == kind and step.title and step.fields[0] in ("seat", "decider", "partner", "chooser")
