"""sestertius: Mac Gerdts' Concordia, exactly. The public face of the package.

>>> from sestertius import Game
>>> game = Game.new({"board": "italia", "players": 2}, seed=7)
>>> game.apply(game.legal_actions()[0])

The names below are imported when first asked for: importing the package (and the ``concordia`` command, which lives
in it) reads no data file yet, so that a bad data or overrides file is refused by the command in one line instead
of failing the import.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from sestertius.rules.errors import ConcordiaError, IllegalAction, OptionsError, RecordError
    from sestertius.rules.game import RECORD_FORMAT, RECORD_VERSION, Game
    from sestertius.rules.options import GameOptions
    from sestertius.rules.rulebook import check_options, choices
    from sestertius.rules.state import AUTO, AUTOMATON, CHANCE

_WHERE = {
    **dict.fromkeys(("ConcordiaError", "IllegalAction", "OptionsError", "RecordError"), "sestertius.rules.errors"),
    **dict.fromkeys(("RECORD_FORMAT", "RECORD_VERSION", "Game"), "sestertius.rules.game"),
    "GameOptions": "sestertius.rules.options",
    **dict.fromkeys(("check_options", "choices"), "sestertius.rules.rulebook"),
    **dict.fromkeys(("AUTO", "AUTOMATON", "CHANCE"), "sestertius.rules.state"),
}
__all__ = ["AUTO", "AUTOMATON", "CHANCE", "RECORD_FORMAT", "RECORD_VERSION", "ConcordiaError", "Game", "GameOptions",
           "IllegalAction", "OptionsError", "RecordError", "check_options", "choices"]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'sestertius' has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])
