"""Board rules: what a board adds to or changes in the base game (Sicilia's volcano, Balearica's start boats,
Roma's gates and ship track). A board with rules of its own has a module here named after it, defining a subclass
of :class:`BoardRules` and registering it in ``BOARD_RULES``; boards without one play by the base rules.

The engine calls these hooks at fixed points of the card steps (see turns.py), so a board changes the game by
overriding hooks or pushing steps of its own, never by editing the card code.
"""
from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


class BoardRules:
    """The base game's board rules: a capital where new colonists arrive, every city open to building."""

    name = "base"

    def setup(self, s: "GameState") -> None:
        """Adjust the set-up state (called after the mode's setup)."""

    def colonist_sites(self, s: "GameState", seat: int) -> list[int]:
        """Cities where the Colonist card may place new colonists: the capital and cities with an own house."""
        sites = [] if s.board.capital is None else [s.board.capital]
        sites.extend(sorted(s.players[seat].houses))
        return sites

    def recruit_sites(self, s: "GameState", seat: int) -> list[int]:
        """Cities where the Tribune's new colonist may arrive: the capital."""
        return [] if s.board.capital is None else [s.board.capital]

    def after_recover(self, s: "GameState", seat: int) -> None:
        """Called when a Tribune has taken the cards back, before its colonist purchase (push steps here)."""

    def can_build(self, s: "GameState", city: int) -> bool:
        """May houses be built in this city at all now (besides the usual conditions)?"""
        return True


BASE = BoardRules()
BOARD_RULES: dict[str, BoardRules] = {}
# boards that cannot be played by the base rules: they need their module here before they can be chosen
OWN_RULES = ("sicilia", "balearica", "roma")


def has_rules(name: str) -> bool:
    """Can this board be played? (Boards in OWN_RULES need their rules module.)"""
    if name not in OWN_RULES:
        return True
    return importlib.util.find_spec(f"{__name__}.{name}") is not None


def board_rules(s: "GameState") -> BoardRules:
    name = s.board.name
    rules = BOARD_RULES.get(name)
    if rules is None:
        try:
            importlib.import_module(f"{__name__}.{name}")  # registers itself
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{name}":
                raise
        rules = BOARD_RULES.setdefault(name, BASE)
    return rules
