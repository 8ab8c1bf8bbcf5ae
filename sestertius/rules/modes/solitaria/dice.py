"""Contrarius' dice: a roll is a chance step (sampled, or entered by a person with ``options.manual_dice``); with
two players a player may veto the result once per game (Contrarius as a third player); then the face is carried
out."""
from __future__ import annotations

from typing import Any, Final

from sestertius.data.solitaria import SoloData
from sestertius.rules.modes.solitaria.colonists import place_new_colonist
from sestertius.rules.modes.solitaria.contrarius import chooser, data, face_good, part
from sestertius.rules.modes.solitaria.display import take_card
from sestertius.rules.modes.solitaria.roma import ship_build
from sestertius.rules.state import AUTOMATON, CHANCE, NOBODY, GameState
from sestertius.rules.steps import DECIDER, Action, Pending
from sestertius.rules.words import KINDS

# the fields of the steps (their records: steps.py)
CONTRARIUS_ROLL_DIE: Final = 2  # ("contrarius_roll", CHANCE, die, purpose, chain): the die's key...
CONTRARIUS_ROLL_PURPOSE: Final = 3  # ... what the face will do ("colonist_only": only its colonist faces count)...
CONTRARIUS_ROLL_CHAIN: Final = 4  # ... and the fallbacks tried in this reaction (flags)
CONTRARIUS_VETO_DIE: Final = 2  # ("contrarius_veto", seat, die, purpose, chain, face): the roll offered for a veto
CONTRARIUS_VETO_PURPOSE: Final = 3
CONTRARIUS_VETO_CHAIN: Final = 4
CONTRARIUS_VETO_FACE: Final = 5


def legal_roll(s: GameState, st: Pending) -> list[Action]:
    """The faces of the die, one entry per face (so that sampling respects repeated faces); a person entering a roll
    (options.manual_dice) chooses among the distinct values. Only the colonist faces when rolling for a colonist."""
    die = data(s).dice[st[CONTRARIUS_ROLL_DIE]]
    faces = die.values() if s.options.manual_dice else die.faces
    if st[CONTRARIUS_ROLL_PURPOSE] == "colonist_only":
        faces = tuple(f for f in faces if f in KINDS)
    return [("roll", f) for f in faces]


def apply_roll(s: GameState, st: Pending, a: Action) -> None:
    die_key, purpose, chain = st[CONTRARIUS_ROLL_DIE], st[CONTRARIUS_ROLL_PURPOSE], st[CONTRARIUS_ROLL_CHAIN]
    s.pending.pop()
    d = data(s)
    die = d.dice[die_key]
    face = a[1]
    # no seat: the die is the subject
    s.log("die", NOBODY, f"the {die.name} shows {face}", die=die_key, face=face, purpose=purpose)
    asker = veto_asker(s, None)
    if asker is not None:  # Contrarius as a third player: a player may veto this die result
        s.pending.append(("contrarius_veto", asker, die_key, purpose, chain, face))
        return
    resolve_roll(s, d, die_key, purpose, chain, face)


# -- vetoes (Contrarius as a third player) ---------------------------------------------------------------------
def veto_asker(s: GameState, after: int | None) -> int | None:
    """The next player to be offered a veto of the die just rolled (after ``after`` declined), or None."""
    vetoes = part(s).veto
    if not vetoes:
        return None
    first = chooser(s)
    order = [first] if data(s).third.get("veto_offer", "both") == "reacting" else [first, 1 - first]
    if after is not None:
        order = order[order.index(after) + 1:] if after in order else []
    for seat in order:
        if vetoes[seat] > 0:
            return seat
    return None


def legal_veto(s: GameState, st: Pending) -> list[Action]:
    """Keep the die result (the default) or use up the veto card to re-roll it."""
    return [("keep",), ("veto",)]


def apply_veto(s: GameState, st: Pending, a: Action) -> None:
    seat, die_key, purpose = st[DECIDER], st[CONTRARIUS_VETO_DIE], st[CONTRARIUS_VETO_PURPOSE]
    chain, face = st[CONTRARIUS_VETO_CHAIN], st[CONTRARIUS_VETO_FACE]
    s.pending.pop()
    d = data(s)
    if a[0] == "veto":
        vetoes = part(s).veto
        assert vetoes is not None
        vetoes[seat] -= 1
        s.log("veto", seat, f"uses the veto card against {face} on the {d.dice[die_key].name}: the die is rolled "
                            f"again", die=die_key, face=face)
        s.pending.append(("contrarius_roll", CHANCE, die_key, purpose, chain))
        return
    nxt = veto_asker(s, seat)
    if nxt is not None:
        s.pending.append(("contrarius_veto", nxt, die_key, purpose, chain, face))
        return
    resolve_roll(s, d, die_key, purpose, chain, face)


# -- carrying out a face -----------------------------------------------------------------------------------------
def resolve_roll(s: GameState, d: SoloData, die_key: str, purpose: str, chain: int, face: Any) -> None:
    """Carry out a die result of Contrarius."""
    die = d.dice[die_key]
    if purpose == "take":
        take_card(s, d, int(face), f"the {die.name} shows {face}", chain)
    elif purpose in ("build", "build_produce", "track"):
        good = face_good(s, d, face, f"the {die.name}")
        s.pending.append(("contrarius_build", AUTOMATON, good, purpose, chain))
    elif purpose == "ship":
        ship_build(s, d, face)
    else:  # colonist, colonist_only
        if face == "card":
            take_card(s, d, 1, f"the {die.name} shows a card", chain)
        else:
            place_new_colonist(s, KINDS.index(face), f"the {die.name} shows a {face} colonist", chain)
