"""Game options: what is chosen before setup. Validated; serialised into every game record."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from sestertius.data.board import BoardError, board_names, load_board
from sestertius.rules.errors import OptionsError

MODES = ("base", "solo", "team")


@dataclass(frozen=True)
class GameOptions:
    board: str = "imperium"
    players: int = 4
    venus: bool = False  # Concordia Venus individual play: Magister, double cards, Venus decks
    display: str = "standard"  # or "wine" (the alternative display costs)
    intermediate_scoring: bool = False  # informational snapshot during play
    mode: str = "base"  # "base" or "solo" (Solitaria against Contrarius)
    difficulty: str = "standard"  # Solitaria only
    start_vp: int | None = None  # Solitaria: override the player's starting VP (campaign, beginner)
    manual_dice: bool = False  # table assistant: chance outcomes are entered by a person
    extra: dict[str, Any] = field(default_factory=dict)
    fish_market: str | None = None  # the fish-market variant (FORVM PISCATORVM): "coastal" or "mountain" side

    def validate(self) -> "GameOptions":
        if self.board not in board_names():
            raise OptionsError(f"unknown board {self.board!r}; boards: {', '.join(board_names())}")
        try:
            load_board(self.board)
        except BoardError as e:
            raise OptionsError(str(e)) from None
        from sestertius.rules.boards import has_rules
        if not has_rules(self.board):
            raise OptionsError(f"board {self.board!r}: its own rules are not implemented yet, so it cannot be "
                               f"played (its map is in the data already)")
        if self.mode not in MODES:
            raise OptionsError(f"unknown mode {self.mode!r}; modes: {', '.join(MODES)}")
        if self.mode == "base" and not 2 <= self.players <= 5:
            raise OptionsError(f"the base game is for 2 to 5 players, not {self.players}")
        if self.mode == "team" and self.players not in (2, 4, 6):
            raise OptionsError(f"team play is for 2 players (Solitaria's cooperative team play against Contrarius) "
                               f"or 4 or 6 players (teams of two), not {self.players}")
        if self.mode == "team" and load_board(self.board).capital is None:
            raise OptionsError(f"team play needs a board with a capital (the second half of the seats starts in a "
                               f"city away from it); {self.board} has none")
        if self.mode == "solo" and self.players not in (1, 2):
            raise OptionsError(f"Solitaria is for 1 player (solo) or 2 players (Contrarius as a third player), "
                               f"not {self.players}")
        if self.mode in ("solo", "team") and self.players == 2:
            self._validate_two_against_contrarius()
        if self.display not in ("standard", "wine"):
            raise OptionsError(f"display must be 'standard' or 'wine', not {self.display!r}")
        if self.fish_market is not None:
            self._validate_fish_market()
        return self

    def _validate_two_against_contrarius(self) -> None:
        what = "Contrarius as a third player" if self.mode == "solo" else "Solitaria's cooperative team play"
        if self.board in ("balearica", "roma"):  # boards without a capital: not yet combined with two players
            raise OptionsError(f"{what} is not yet combined with the own rules of board {self.board!r}; it can be "
                               f"played on the boards with a capital (Sicilia included)")
        if self.fish_market is not None:
            raise OptionsError(f"the fish market with {what} is not implemented yet; play without fish_market")
        if self.venus:
            raise OptionsError(f"{what} uses its own cards; the venus option does not apply")

    def _validate_fish_market(self) -> None:
        from sestertius.data.catalog import load_fish_market
        from sestertius.rules.boards import OWN_RULES
        sides = load_fish_market().sides
        if self.fish_market not in sides:
            raise OptionsError(f"fish_market must be one of {', '.join(repr(k) for k in sides)} (the side of the "
                               f"fish-market board) or absent, not {self.fish_market!r}")
        if self.board in OWN_RULES:
            raise OptionsError(f"the fish market is not yet combined with the own rules of board {self.board!r}; "
                               f"it can be played on the boards without own rules")

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        return {k: v for k, v in d.items() if v != getattr(GameOptions, k, None) or k in ("board", "players")}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "GameOptions":
        known = set(cls.__dataclass_fields__)
        unknown = set(d) - known
        if unknown:
            raise OptionsError(f"unknown option(s): {', '.join(sorted(unknown))}")
        try:
            return cls(**d).validate()
        except TypeError as e:
            raise OptionsError(f"bad options: {e}") from None
