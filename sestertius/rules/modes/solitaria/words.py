"""How the decisions about Contrarius read: die faces (and why a typed-in face is refused), its colonist's move, the
line of its veteran start, a veto."""
from __future__ import annotations

from typing import Any, Final

from sestertius.data.catalog import GOODS
from sestertius.data.solitaria import SPECIAL_FACE
from sestertius.rules.errors import shown
from sestertius.rules.modes.solitaria.contrarius import best_specialist, con, data
from sestertius.rules.modes.solitaria.dice import CONTRARIUS_ROLL_DIE, CONTRARIUS_ROLL_PURPOSE
from sestertius.rules.state import GameState
from sestertius.rules.steps import KIND, Action, Pending
from sestertius.rules.words import KINDS, place_name


def describe_roll(s: GameState, a: Action) -> str:
    st = s.pending[-1] if s.pending else None
    if st and st[KIND] == "contrarius_roll":
        die = data(s).dice[st[CONTRARIUS_ROLL_DIE]]
        face = a[1]
        if die.key == "architect":  # the card it takes, once the display's gaps are closed (as ``take_card`` does)
            cards = [k for k in s.display if k is not None]
            if isinstance(face, int) and 0 < face <= len(cards):
                return f"{face}: {s.cat.cards[cards[face - 1]].title}"
            return f"{face}: the deck's next card" if s.deck else f"{face}: no card there, it takes the first card"
        if face == SPECIAL_FACE:
            spec, good = best_specialist(s, data(s))
            why = f"its best specialist, {s.cat.cards[spec].title}" if spec else "it has no specialist"
            return f"S: {GOODS[good]} ({why})"
        if face in KINDS:
            return f"{face} colonist"
        return str(face)
    return f"roll {a[1]}"


def roll_prompt(s: GameState, st: Pending) -> str:
    """What a person rolling for Contrarius is asked: which die (the Mercator and the Senator/Consul dice may carry
    the same faces) and its faces."""
    die = data(s).dice[st[CONTRARIUS_ROLL_DIE]]
    faces = ", ".join(map(str, die.values()))
    return f"Roll the {die.name} for Contrarius (its faces: {faces}) and enter the face it shows."


def die_view(s: GameState) -> dict[str, Any] | None:
    """The die to roll now (the top step a roll of Contrarius), as the view gives it, or None."""
    st = s.pending[-1] if s.pending and not s.over else None
    if not st or st[KIND] != "contrarius_roll":
        return None
    die = data(s).dice[st[CONTRARIUS_ROLL_DIE]]
    return {"key": die.key, "name": die.name, "faces": die.values(), "purpose": st[CONTRARIUS_ROLL_PURPOSE]}


def refuse_roll(s: GameState, st: Pending, a: Action) -> str:
    """Why a typed-in roll is refused: it names the die and lists its faces (a face is one of them, exactly: 3, not
    '3'; 'cloth', not 'Cloth')."""
    die = data(s).dice[st[CONTRARIUS_ROLL_DIE]]
    faces = die.values()
    listed = ", ".join(map(str, faces))
    if len(a) != 2:
        return f"a roll is one face of the {die.name}: [\"roll\", face], the face one of {listed}"
    face = a[1]
    colonist_only = st[CONTRARIUS_ROLL_PURPOSE] == "colonist_only"
    if face in faces and type(face) is type(faces[faces.index(face)]) and colonist_only:
        kinds = " or ".join(f for f in faces if f in KINDS)
        return f"{face} is rolled again when the {die.name} decides the kind of a colonist: enter {kinds}"
    same_text = [f for f in faces if str(f).lower() == str(face).strip().lower()]
    hint = f" (did you mean {same_text[0]!r}?)" if same_text else ""
    return f"{shown(face)} is not a face of the {die.name}; its faces are {listed}{hint}"


def describe_cmove(s: GameState, a: Action) -> str:
    slot, r = a[1], a[2]
    loc = con(s).col[slot]
    frm = s.board.route_name(loc) if 0 <= loc < s.R else place_name(s, loc - s.R)
    return f"Contrarius' {KINDS[s.kind_of(slot)]} colonist from {frm} to {s.board.route_name(r)}"


def describe_line(s: GameState, a: Action) -> str:
    return f"Contrarius' colonist onto {s.board.route_name(a[1])}"


KEEP_OR_VETO: Final = {"keep": lambda s, a: "keep the die result",
                "veto": lambda s, a: "use your veto card: Contrarius rolls this die again"}
