"""Game options: what is chosen before setup, serialised into every game record. ``validate`` checks each value on
its own (a known board, a known mode, a known display...); which combinations may be played is decided in one place,
:mod:`sestertius.rules.rulebook`."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sestertius.data.board import BoardError, board_names, load_board
from sestertius.data.catalog import DataError, load_fish_market
from sestertius.data.solitaria import difficulty_key, solo_data
from sestertius.rules.errors import OptionsError, cut, shown

MODES = ("base", "solo", "team")
DISPLAYS = ("standard", "wine")
# Ranges of the values on their own: seats of any mode (Solitaria's 1 to team play's 6; which counts a mode takes is
# the rulebook's MODE_TABLE), and a starting score on the victory point track
PLAYERS = range(1, 7)
START_VP = range(0, 101)
FLAGS = ("venus", "intermediate_scoring", "manual_dice")
UNKNOWN_SHOWN = 5  # the unknown option keys a refusal names


def _whole(value: Any) -> bool:
    return type(value) is int  # not True/False, not 2.0


def _word(value: Any, name: str, known: Any) -> None:
    """A value that must be one of the words ``known`` (a str, not 5 or a list)."""
    if not isinstance(value, str) or value not in known:
        raise OptionsError(f"unknown {name} {shown(value)}; {name}s: {', '.join(known)}")


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
        """Check each value on its own, its type and its range (2.5, True or "abc" where a whole number belongs are
        refused); the combination is checked by ``rulebook.resolve``."""
        try:
            _word(self.board, "board", board_names())
            load_board(self.board)
        except BoardError as e:
            raise OptionsError(str(e)) from None
        if not _whole(self.players) or self.players not in PLAYERS:
            raise OptionsError(f"players must be a whole number from {PLAYERS[0]} to {PLAYERS[-1]}, not "
                               f"{shown(self.players)}")
        _word(self.mode, "mode", MODES)
        _word(self.display, "display", DISPLAYS)
        for flag in FLAGS:
            if type(getattr(self, flag)) is not bool:
                raise OptionsError(f"{flag} must be true or false, not {shown(getattr(self, flag))}")
        try:
            levels = solo_data().difficulty
            sides = load_fish_market().sides
        except DataError as e:
            raise OptionsError(str(e)) from None
        if not isinstance(self.difficulty, str) or difficulty_key(self.difficulty) not in levels:
            raise OptionsError(f"unknown difficulty {shown(self.difficulty)}; difficulties: {', '.join(levels)}")
        if self.start_vp is not None and (not _whole(self.start_vp) or self.start_vp not in START_VP):
            raise OptionsError(f"start_vp must be a whole number of points from {START_VP[0]} to {START_VP[-1]}, "
                               f"or absent (the level's own start), not {shown(self.start_vp)}")
        if self.fish_market is not None and (not isinstance(self.fish_market, str) or self.fish_market not in sides):
            raise OptionsError(f"fish_market must be one of {', '.join(repr(k) for k in sides)} (the side of the "
                               f"fish-market board) or absent, not {shown(self.fish_market)}")
        return self

    def to_dict(self) -> dict[str, Any]:
        made: dict[str, Any] | None = self.__dict__.get("_as_dict")  # made once per options (every view shows them)
        if made is None:
            made = {k: v for k, v in asdict(self).items()
                    if v != getattr(GameOptions, k, None) or k in ("board", "players")}
            object.__setattr__(self, "_as_dict", made)  # not a field: equality, hashing and asdict ignore it
        return dict(made)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameOptions:
        if not isinstance(d, dict):
            raise OptionsError(f"options must be a table of names and values, not {shown(d)}")
        if d.get("extra") == {}:  # an unused field that records of the first version carry, always empty
            d = {k: v for k, v in d.items() if k != "extra"}
        known = set(cls.__dataclass_fields__)
        unknown = [k for k in d if k not in known]
        if unknown:
            names = sorted(map(str, unknown))  # each cut short, and the first few: a record may hold any keys
            raise OptionsError(f"unknown option(s): {', '.join(cut(k) for k in names[:UNKNOWN_SHOWN])}"
                               + (f" and {len(names) - UNKNOWN_SHOWN} more" if len(names) > UNKNOWN_SHOWN else ""))
        try:
            return cls(**d).validate()
        except TypeError as e:
            raise OptionsError(f"bad options: {e}") from None
