"""Game options: what is chosen before setup, serialised into every game record. ``validate`` checks each value on
its own (a known board, a known mode, a known display...); which combinations may be played is decided in one place,
:mod:`sestertius.rules.rulebook`."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final

from mypy_extensions import mypyc_attr

from sestertius.data.board import BoardError, board_names, load_board
from sestertius.data.catalog import DataError, load_fish_market
from sestertius.data.solitaria import difficulty_key, solo_data
from sestertius.rules.errors import OptionsError, cut, shown

MODES: Final = ("base", "solo", "team")
DISPLAYS: Final = ("standard", "wine")
# Ranges of the values on their own: seats of any mode (Solitaria's 1 to team play's 6; which counts a mode takes is
# the rulebook's MODE_TABLE), and a starting score on the victory point track
PLAYERS: Final = range(1, 7)
START_VP: Final = range(0, 101)
FLAGS: Final = ("venus", "intermediate_scoring", "manual_dice")
UNKNOWN_SHOWN: Final = 5  # the unknown option keys a refusal names


def _whole(value: Any) -> bool:
    return type(value) is int  # not True/False, not 2.0


def _word(value: Any, name: str, known: Any) -> None:
    """A value that must be one of the words ``known`` (a str, not 5 or a list)."""
    if not isinstance(value, str) or value not in known:
        raise OptionsError(f"unknown {name} {shown(value)}; {name}s: {', '.join(known)}")


@mypyc_attr(native_class=False)  # compiled, still a Python class: its values' types are checked by validate, in words
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
        o: Any = self  # read as given: compiled code would refuse a value of the wrong type in its own words
        try:
            _word(o.board, "board", board_names())
            load_board(o.board)
        except BoardError as e:
            raise OptionsError(str(e)) from None
        if not _whole(o.players) or o.players not in PLAYERS:
            raise OptionsError(f"players must be a whole number from {PLAYERS[0]} to {PLAYERS[-1]}, not "
                               f"{shown(o.players)}")
        _word(o.mode, "mode", MODES)
        _word(o.display, "display", DISPLAYS)
        for flag in FLAGS:
            if type(getattr(o, flag)) is not bool:
                raise OptionsError(f"{flag} must be true or false, not {shown(getattr(o, flag))}")
        try:
            levels = solo_data().difficulty
            sides = load_fish_market().sides
        except DataError as data_error:
            raise OptionsError(str(data_error)) from None
        if not isinstance(o.difficulty, str) or difficulty_key(o.difficulty) not in levels:
            raise OptionsError(f"unknown difficulty {shown(o.difficulty)}; difficulties: {', '.join(levels)}")
        if o.start_vp is not None and (not _whole(o.start_vp) or o.start_vp not in START_VP):
            raise OptionsError(f"start_vp must be a whole number of points from {START_VP[0]} to {START_VP[-1]}, "
                               f"or absent (the level's own start), not {shown(o.start_vp)}")
        if o.fish_market is not None and (not isinstance(o.fish_market, str) or o.fish_market not in sides):
            raise OptionsError(f"fish_market must be one of {', '.join(repr(k) for k in sides)} (the side of the "
                               f"fish-market board) or absent, not {shown(o.fish_market)}")
        return self

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults, and always the board and the seats (as records save them)."""
        made = _AS_DICT.get(self)  # made once per options: every view shows them
        if made is None:
            made = {k: v for k, v in asdict(self).items() if v != _DEFAULTS[k] or k in ("board", "players")}
            if len(_AS_DICT) < AS_DICT_KEPT:
                _AS_DICT[self] = made
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


# GameOptions.to_dict's results by options (equal options hash alike), kept here rather than on the frozen instance
# so that the class compiles to a native class (mypyc's have no __dict__); a few hundred distinct options at most
# in practice, and past AS_DICT_KEPT they are made afresh
AS_DICT_KEPT: Final = 4096
_AS_DICT: Final[dict[GameOptions, dict[str, Any]]] = {}
_DEFAULTS: Final[dict[str, Any]] = asdict(GameOptions())
