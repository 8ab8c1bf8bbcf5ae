"""The bots use the engine's public face only (``sestertius``'s names), so that anyone can write a bot the same way."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import sestertius
from sestertius import Game

PACKAGE = Path(sestertius.__file__).resolve().parent


@pytest.mark.parametrize("part", ["bots", "research"])
def test_bots_and_research_import_nothing_of_the_engine_but_its_public_face(part):
    inner = []
    for path in sorted((PACKAGE / part).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            inner += [f"{path.relative_to(PACKAGE)}: {n}" for n in names
                      if n.startswith(("sestertius.rules", "sestertius.data"))]
    assert inner == []


def test_every_public_name_can_be_imported():
    for name in sestertius.__all__:
        assert getattr(sestertius, name) is not None, name


@pytest.mark.parametrize(("options", "base"), [
    ({"board": "italia", "players": 2}, True),
    ({"board": "imperium", "players": 1, "mode": "solo"}, True),
    ({"board": "balearica", "players": 3}, True),  # its start boats change moving, not building
    ({"board": "sicilia", "players": 2}, False),  # the volcano closes cities
    ({"board": "roma", "players": 2}, False),  # houses on the ship track
    ({"board": "italia", "players": 2, "fish_market": "coastal"}, False),  # fish count for Vesta
])
def test_the_rulebook_says_whether_building_and_goods_follow_the_base_rules(options, base):
    assert Game.new(options, seed=1).state.rules.base_building is base
