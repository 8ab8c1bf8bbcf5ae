"""The fixed action encoding: a bijection between the engine's decisions and range(NUM_ACTIONS), pinned for its
version, covering every decision (chance outcomes included) of random games in every mode, board and variant."""
from __future__ import annotations

import hashlib
import json
import os

import pytest

from sestertius import Game, GameOptions
from sestertius.research.actions import (
    BLOCKS,
    CARDS,
    DIE_FACES,
    ENCODING_VERSION,
    NUM_ACTIONS,
    TILES,
    EncodingError,
    decode,
    encode,
    legal_mask,
    table,
)
from support.research import every_mode, label, random_games

# The digest of version 1's whole table: a change of the encoding must come with a new ENCODING_VERSION (and a new
# digest here), never silently.
VERSION_1 = "5e920469171ca7f610a682dfada8c1e5f4756686db459e724a0650b6d6220352"
# random games per configuration (101 configurations; with the coverage test below, 303 games by default);
# SESTERTIUS_RESEARCH_GAMES=40 plays 4,040 (3,600 with the 90 of 2026-11-26: about 2 minutes on 2 cores)
GAMES = int(os.environ.get("SESTERTIUS_RESEARCH_GAMES", "2"))


def test_the_encoding_is_pinned_for_its_version():
    digest = hashlib.sha256(json.dumps([list(a) if a else None for a in table()]).encode()).hexdigest()
    assert (ENCODING_VERSION, NUM_ACTIONS, digest) == (1, 3215, VERSION_1)
    assert encode(("done",)) == 0 and encode(("play", "architect")) == 6 and encode(("move", 3, 17)) == 470


def test_every_integer_decodes_to_a_decision_that_encodes_back():
    reserved = 0
    for i in range(NUM_ACTIONS):
        try:
            action = decode(i)
        except EncodingError:
            reserved += 1
            continue
        assert encode(action) == i
        assert encode(list(action)) == i  # as a record stores it
    assert reserved == 64 - len(CARDS)  # the play block's room for later cards
    assert [b.offset for b in BLOCKS] == sorted(b.offset for b in BLOCKS)
    with pytest.raises(EncodingError):
        decode(NUM_ACTIONS)
    with pytest.raises(EncodingError):
        decode(-1)
    with pytest.raises(EncodingError):
        encode(("move", 0, 999))
    with pytest.raises(EncodingError):
        encode(("fly",))


def test_the_vocabularies_hold_every_card_die_face_and_volcano_tile_of_the_engine():
    from sestertius.data.solitaria import solo_data
    from sestertius.rules.boards.sicilia import volcano_data
    cards = set()
    for options in every_mode():
        cards |= set(Game.new(options, seed=0).state.cat.cards)
    assert cards <= set(CARDS), cards - set(CARDS)
    faces = {f for die in solo_data().dice.values() for f in die.faces}
    assert faces <= set(DIE_FACES), faces - set(DIE_FACES)
    sicilia = Game.new({"board": "sicilia", "players": 3}, seed=0).view(0)
    assert {p["name"] for p in sicilia["provinces"]} | set(volcano_data().neutral_kinds) <= set(TILES)


@pytest.mark.parametrize("options", every_mode(), ids=label)
def test_every_decision_of_random_games_encodes_and_decodes_to_itself(options):
    verbs = set()
    for _, legal in random_games([options], range(GAMES)):
        ids = [encode(a) for a in legal]
        assert len(set(ids)) == len(set(legal))  # distinct decisions, distinct integers
        for a, i in zip(legal, ids):
            assert decode(i) == a
        verbs |= {a[0] for a in legal}
    assert "play" in verbs


def test_chance_outcomes_and_seat_decisions_of_every_kind_are_covered():
    """Across the configurations, every block of the encoding but the rare ones is used: dice, volcano tiles, the
    veto, Roma's gods, the fish market's stands all show up in a few random games."""
    used = set()
    for _, legal in random_games(every_mode(), range(1)):
        used |= {(a[0], len(a)) for a in legal}
    expected = {(b.verb, 1 + sum(2 if isinstance(d[0], tuple) else 1 for d in b.domains)) for b in BLOCKS}
    rare = {("card", 4)}  # two 'any' extras at once: no display position of the shipped data asks for them
    assert expected - rare <= used, (expected - rare) - used


def test_the_legal_mask_marks_exactly_the_legal_decisions():
    game = Game.new(GameOptions.from_dict({"board": "italia", "players": 2}), seed=3)
    mask = legal_mask(game.legal_actions())
    assert len(mask) == NUM_ACTIONS
    assert sorted(decode(i) for i, m in enumerate(mask) if m) == sorted(game.legal_actions())
    game.apply(decode(mask.index(1)))


def test_the_blocks_are_documented():
    from sestertius.research.actions import block_table
    from support import ROOT
    assert block_table() in (ROOT / "docs" / "RESEARCH.md").read_text(encoding="utf-8")
