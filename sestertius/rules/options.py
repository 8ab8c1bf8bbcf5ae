"""Game options: what is chosen before setup, serialised into every game record. ``validate`` checks each value on
its own (a known board, a known mode, a known display...); which combinations may be played is decided in one place,
:mod:`sestertius.rules.rulebook`."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sestertius.data.board import BoardError, board_names, load_board
from sestertius.data.catalog import load_fish_market
from sestertius.rules.errors import OptionsError

MODES = ("base", "solo", "team")
DISPLAYS = ("standard", "wine")


@dataclass(frozen=True)
class GameOptions:
    board: str = "imperium"
    players: int = 4
    venus: bool = False  # Concordia Venus individual play: Magister, double cards, Venus decks
    display: str = "standard"  # or "wine" (the alternative display costs)
    intermediate_scoring: bool = False  # informational snapshot during play
    mode: str = "base"  # "base", "team" (Venus team play; 2 players: Solitaria's team play) or "solo" (Solitaria)
    difficulty: str = "standard"  # Solitaria only
    start_vp: int | None = None  # Solitaria: override the player's starting VP (campaign, beginner)
    manual_dice: bool = False  # table assistant: chance outcomes are entered by a person
    fish_market: str | None = None  # the fish-market variant (FORVM PISCATORVM): "coastal" or "mountain" side

    def validate(self) -> GameOptions:
        """Check each value on its own; the combination is checked by ``rulebook.resolve``."""
        if self.board not in board_names():
            raise OptionsError(f"unknown board {self.board!r}; boards: {', '.join(board_names())}")
        try:
            load_board(self.board)
        except BoardError as e:
            raise OptionsError(str(e)) from None
        if self.mode not in MODES:
            raise OptionsError(f"unknown mode {self.mode!r}; modes: {', '.join(MODES)}")
        if self.display not in DISPLAYS:
            raise OptionsError(f"display must be 'standard' or 'wine', not {self.display!r}")
        sides = load_fish_market().sides
        if self.fish_market is not None and self.fish_market not in sides:
            raise OptionsError(f"fish_market must be one of {', '.join(repr(k) for k in sides)} (the side of the "
                               f"fish-market board) or absent, not {self.fish_market!r}")
        return self

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        return {k: v for k, v in d.items() if v != getattr(GameOptions, k, None) or k in ("board", "players")}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameOptions:
        if d.get("extra") == {}:  # an unused field that records of the first version carry, always empty
            d = {k: v for k, v in d.items() if k != "extra"}
        known = set(cls.__dataclass_fields__)
        unknown = set(d) - known
        if unknown:
            raise OptionsError(f"unknown option(s): {', '.join(sorted(unknown))}")
        try:
            return cls(**d).validate()
        except TypeError as e:
            raise OptionsError(f"bad options: {e}") from None
