"""Roma's part of the state (``state.parts["roma"]``, a :class:`RomaPart`): the god marks of Byzantium and this turn's
sailing. Its ``to_dict()`` is the flat dict ``{"marks", "turn", "moved", "byz", "entered", "score"}`` the state hash
covers."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from sestertius.rules.state import NOT_YET, GameState


@dataclass(frozen=True, slots=True)
class Sailing:
    """What the ship track saw in one turn (each change makes a new record)."""

    turn: int = NOT_YET  # the turn it belongs to
    moved: tuple[tuple[int, int], ...] = ()  # (seat, slot): sea colonists moved (each at most once per turn)
    byz: tuple[int, ...] = ()  # seats that moved a sea colonist to Byzantium (one per turn)
    entered: tuple[tuple[int, int], ...] = ()  # (seat, space): building spaces entered, one house each
    score: tuple[int, ...] = ()  # seats still to score a god in Byzantium


NO_SAILING: Final = Sailing()


@dataclass(slots=True)
class RomaPart:
    """Roma's part of the state (tuples and ints: hashed, cheap to copy)."""

    marks: tuple[int, ...]  # per god of the god table, a bit per seat that marked it with a house
    sailing: Sailing = NO_SAILING  # the latest turn's sailing

    def copy(self) -> RomaPart:
        return RomaPart(self.marks, self.sailing)

    def to_dict(self) -> dict[str, Any]:
        sl = self.sailing
        return {"marks": self.marks, "turn": sl.turn, "moved": sl.moved, "byz": sl.byz, "entered": sl.entered,
                "score": sl.score}

    def now(self, turn: int) -> Sailing:
        """The sailing of ``turn`` (read only): an empty record if nothing sailed in it yet."""
        return self.sailing if self.sailing.turn == turn else NO_SAILING

    def begin(self, turn: int) -> Sailing:
        """The sailing of ``turn``, about to be changed: an earlier turn's record is dropped first."""
        if self.sailing.turn != turn:
            self.sailing = Sailing(turn)
        return self.sailing


def roma(s: GameState) -> RomaPart:
    part: RomaPart = s.parts["roma"]
    return part


def this_turn(s: GameState) -> Sailing:
    """This turn's sailing (read only): who moved which sea colonist, who went to Byzantium, what may be built."""
    return roma(s).now(s.turn)


def for_update(s: GameState) -> tuple[RomaPart, Sailing]:
    """Roma's part and this turn's sailing, about to be changed (``part.sailing = replace(sailing, ...)``)."""
    part = roma(s)
    return part, part.begin(s.turn)
