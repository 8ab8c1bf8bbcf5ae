"""Dice typed in at a real table (``manual_dice``): only a face of the die is taken, exactly as the die shows it; a
refusal names the die and lists its faces, and nothing changes."""
from __future__ import annotations

import pytest

from sestertius.data.solitaria import solo_data
from sestertius.rules.errors import IllegalAction
from support.solitaria import CHANCE, solo

DICE = solo_data().dice


def waiting_for(die: str):
    """A game at the table waiting for a roll of ``die`` (Contrarius reacting as it does to the cards in play)."""
    g = solo(seed=3)
    s = g.state
    s.pending.append(("contrarius_roll", CHANCE, die, "take" if die == "architect" else "colonist" if
                      die == "colonist" else "build", 0))
    return g


def refused(g, action) -> str:
    h, n, step = g.state.hash(), len(g.history), g.current_step()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert g.state.hash() == h and len(g.history) == n and g.current_step() == step
    assert e.value.rule == "Contrarius"
    return e.value.detail


@pytest.mark.parametrize("die", list(DICE))
def test_a_face_the_die_does_not_have_is_refused_naming_the_die_and_its_faces(die):
    g = waiting_for(die)
    name, faces = DICE[die].name, ", ".join(map(str, DICE[die].values()))
    for bad in (6, 0, "purple", "6", 1.5):
        assert refused(g, ("roll", bad)) == f"{bad!r} is not a face of the {name}; its faces are {faces}"
    for face in DICE[die].values():  # every face of the die is taken
        h = g.copy()
        h.apply(("roll", face))
        assert h.history[-1] == ("roll", face)


def test_the_architect_die_refuses_a_position_beyond_its_faces_not_as_a_display_position():
    g = waiting_for("architect")
    detail = refused(g, ("roll", 6))
    assert detail == "6 is not a face of the blue Architect die; its faces are 1, 2, 3, 4, 5"
    assert "display position" not in detail


def test_a_face_typed_as_text_or_in_capitals_is_refused_with_the_face_meant():
    assert refused(waiting_for("architect"), ("roll", "3")).endswith("its faces are 1, 2, 3, 4, 5 (did you mean 3?)")
    assert refused(waiting_for("mercator"), ("roll", "Cloth")).endswith("(did you mean 'cloth'?)")


def test_a_roll_of_the_wrong_shape_is_refused_with_the_die():
    g = waiting_for("senator")
    for bad in (("roll",), ("roll", "brick", "food")):
        assert refused(g, bad).startswith('a roll is one face of the white Senator/Consul die: ["roll", face]')


def test_true_for_the_face_1_is_refused():
    detail = refused(waiting_for("architect"), ("roll", True))
    assert "True" in detail and "whole number 1" in detail


def test_a_card_face_for_a_colonist_is_refused_as_a_roll_to_repeat():
    """Rolling for the kind of a colonist (Contrarius' supplementary rule), a card face is rolled again."""
    g = solo(seed=3)
    g.state.pending.append(("contrarius_roll", CHANCE, "colonist", "colonist_only", 0))
    assert g.legal_actions() == [("roll", "land"), ("roll", "sea")]
    assert refused(g, ("roll", "card")) == ("card is rolled again when the red Tribune/Colonist die decides the kind "
                                            "of a colonist: enter land or sea")
