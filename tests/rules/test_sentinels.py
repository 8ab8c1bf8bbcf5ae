"""The four sentinels that share the value -1 (STORE, CHANCE, NOBODY, NOT_YET) are each used in their own sense:
the value is what records, views and state hashes carry; the names say what is meant."""
from __future__ import annotations

import ast
import json

from sestertius.rules.game import Game
from sestertius.rules.state import AUTO, AUTOMATON, CHANCE, NOBODY, NOT_YET, STORE
from sestertius.rules.steps import DECIDER, KIND
from support import ROOT

CHANCE_KINDS = {"contrarius_roll", "volcano", "volcano_setup"}  # the steps whose outcome is drawn or rolled


def test_they_keep_the_value_records_and_views_carry():
    assert STORE == CHANCE == NOBODY == NOT_YET == -1 and len({AUTO, AUTOMATON, CHANCE}) == 3


def test_chance_is_the_decider_of_the_chance_steps_and_of_the_records_chance_outcomes_only():
    seen = set()
    for path in sorted((ROOT / "tests" / "records").glob("*.json")):
        rec = json.loads(path.read_text(encoding="utf-8"))
        game = Game.from_record(rec, upto=0)
        game.auto_chance = False
        for raw, decider in zip(rec["actions"], rec["deciders"]):
            st = game.current_step()
            assert (game.to_act() == CHANCE) == (st[KIND] in CHANCE_KINDS) == (st[DECIDER] == CHANCE), (path.stem, st)
            assert game.to_act() == decider
            if st[KIND] in CHANCE_KINDS:
                seen.add(st[KIND])
            game.apply(tuple(raw))
    assert seen == CHANCE_KINDS


def test_nobody_on_an_empty_route_store_for_a_colonist_in_the_storehouse_not_yet_before_the_concordia_card():
    for path in sorted((ROOT / "tests" / "records").glob("base-*.json"))[:3]:
        rec = json.loads(path.read_text(encoding="utf-8"))
        game = Game.from_record(rec, upto=0)
        s = game.state
        assert s.concordia == NOBODY and s.final_turns == NOT_YET
        for raw in rec["actions"]:
            game.apply(tuple(raw))
            on = {loc: seat for seat, p in enumerate(s.players) for loc in p.col if 0 <= loc < s.R}
            assert s.route_occ == [on.get(r, NOBODY) for r in range(s.R)]
            assert all(loc == STORE or loc >= 0 for p in s.players for loc in p.col)
            assert (s.concordia == NOBODY) == (s.final_turns == NOT_YET)
        assert s.concordia != NOBODY  # the games end with the Concordia card taken


def test_the_engine_names_the_sentinel_instead_of_comparing_with_a_literal_minus_one():
    found = []
    for path in (ROOT / "sestertius" / "rules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                for x in (node.left, *node.comparators):
                    minus_one = isinstance(x, ast.UnaryOp) and isinstance(x.op, ast.USub)
                    if minus_one and getattr(x.operand, "value", 0) == 1:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found
