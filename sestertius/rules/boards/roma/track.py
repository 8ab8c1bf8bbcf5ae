"""Roma's ship track as data: its spaces (1 OSTIA .. BYZANTIUM), the gods of Byzantium, and where START and the
spaces lie as colonist locations: ``start(s)`` is the START oval and ``start(s) + k`` track space ``k`` (the places
past the routes and the cities of the derived board)."""
from __future__ import annotations

from typing import Any, Final

from sestertius.data.board import Board
from sestertius.rules.boards.base import first_place
from sestertius.rules.boards.roma.board import Derivation, RomaBoard
from sestertius.rules.state import GameState


class Track(Derivation):
    """Everything Roma adds to one board file: the track spaces and the gods, and (from :class:`Derivation`) the
    derived board, its track house sites, its gate routes and the distances from START."""

    def __init__(self, base: Board) -> None:
        raw: dict[str, Any] = base.extra["roma"]  # checked when the file was loaded (sestertius.data.board_roma)
        self.raw = raw
        spaces = sorted(raw["track"], key=lambda t: t["space"])
        self.spaces = {t["space"]: t for t in spaces}
        self.last = len(spaces)
        self.byzantium = next(t["space"] for t in spaces if t["kind"] == "god")
        self.gods = [g["name"] for g in raw["gods"]]
        self.god_info = raw["gods"]
        building = [t for t in spaces if t["kind"] == "building"]
        self.building_names = tuple(t["name"] for t in building)
        self.derive(base, raw, building)
        self.board.roma_track = self

    # -- places ----------------------------------------------------------------------------------------------
    def start(self, s: GameState) -> int:
        """The location of the START oval."""
        return first_place(s)

    def space_at(self, s: GameState, loc: int) -> int:
        """The track space ``k`` of a colonist location (0: START; outside 1..last: not on the track)."""
        return loc - first_place(s)


_TRACKS: Final[dict[Board, Track]] = {}  # by board file object (boards compare by identity)


def track(s: GameState) -> Track:
    b = s.board
    if isinstance(b, RomaBoard):
        return b.roma_track
    t = _TRACKS.get(b)
    if t is None:  # the board file's board, before setup swaps in the derived board
        t = _TRACKS[b] = Track(b)
    return t
