"""Every step kind has one record (legal decisions, effect, words, refusals, prompt, the names of its fields), every
pending step of the golden games has all the fields its record declares, and the index constants that read the
fields by name agree with the records."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import sestertius.rules
from sestertius.rules.game import Game
from sestertius.rules.options import GameOptions
from sestertius.rules.rulebook import BASE_STEPS, BOARDS, MODE_TABLE, VARIANTS, resolve
from sestertius.rules.steps import DECIDER, KIND, Step
from support import ROOT

RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))


def all_steps() -> list[Step]:
    """Every step record of the base game, the modes, the boards and the variants."""
    found = [*BASE_STEPS, *(st for m in MODE_TABLE.values() for st in m.steps),
             *(st for b in BOARDS.values() for st in b.steps), *(st for v in VARIANTS.values() for st in v.steps)]
    return list({st.kind: st for st in found}.values())


def test_every_pending_step_of_the_golden_games_has_all_its_records_fields():
    kinds: set[str] = set()
    for path in RECORDS:
        rec = json.loads(path.read_text(encoding="utf-8"))
        game = Game.from_record(rec, upto=0)
        game.auto_chance = False
        steps = game.state.rules.steps
        for raw in rec["actions"]:
            for st in game.state.pending:
                step = steps[st[KIND]]
                assert len(st) == 1 + len(step.fields) + len(step.optional), (path.stem, st)
                kinds.add(st[KIND])
            game.apply(tuple(raw))
    assert {"turn", "arch_move", "arch_build", "trade", "buy", "market", "contrarius_roll", "volcano",
            "roma_sail", "legatus"} <= kinds


def test_one_record_per_step_kind_with_a_title_and_words_for_the_verbs_it_lists():
    rules = resolve(GameOptions(board="imperium", players=4, mode="team", fish_market="coastal"))
    for kind, step in rules.steps.items():
        assert step.kind == kind and step.title and step.fields[0] in ("seat", "decider", "partner", "chooser")


def _final_ints() -> dict[str, tuple[str, int]]:
    """The module-level ``Final`` ints of the engine's modules: name -> (module, value), read from their source (a
    compiled module keeps no annotations; its source ships beside it)."""
    out: dict[str, tuple[str, int]] = {}
    rules = Path(sestertius.rules.__file__).parent
    for path in sorted(rules.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and "Final" in
                    ast.unparse(node.annotation) and isinstance(node.value, ast.Constant)
                    and type(node.value.value) is int):
                const, value = node.target.id, node.value.value
                assert out.get(const, (str(path), value))[1] == value, const
                out.setdefault(const, (str(path), value))
    return out


def test_the_field_constants_agree_with_the_records():
    """For every step kind, field ``f`` (after the decider) is read as ``st[KIND_F]``, the constant's value its place
    in the tuple; and every such constant names a field of its step."""
    assert (KIND, DECIDER) == (0, 1)
    finals = _final_ints()
    expected: dict[str, int] = {}
    for step in all_steps():
        for i, f in enumerate((*step.fields, *step.optional)[1:]):
            expected[f"{step.kind}_{f}".upper()] = 2 + i
    for const, index in expected.items():
        assert const in finals, f"no constant {const} for the field of its step"
        assert finals[const][1] == index, (const, finals[const], index)
    prefixes = tuple(step.kind.upper() + "_" for step in all_steps())
    stray = {c for c in finals if c.startswith(prefixes) and c not in expected}
    assert not stray, f"constants named after a step that are none of its fields: {stray}"


@pytest.mark.parametrize("st,saved", [
    (("arch_move", 0, 3, None), ["arch_move", 0, 3]),  # an optional field at its default: left out
    (("arch_move", 0, 1, 1), ["arch_move", 0, 1, 1]),  # ... else kept
    (("arch_build", 0, None), ["arch_build", 0]),
    (("trade", 0, 0, 0, None), ["trade", 0, 0, 0]),
    (("roma_build", 0, None), ["roma_build", 0]),
    (("buy", 0, 1, 0), ["buy", 0, 1, 0]),  # no optional field: all kept, whatever the values
])
def test_a_step_is_saved_without_its_optional_fields_at_their_default(st, saved):
    steps = {step.kind: step for step in all_steps()}
    assert steps[st[KIND]].saved(st) == saved
