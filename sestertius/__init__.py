"""sestertius: Mac Gerdts' Concordia, exactly. The public face of the package.

>>> from sestertius import Game
>>> game = Game.new({"board": "italia", "players": 2}, seed=7)
>>> game.apply(game.legal_actions()[0])

Besides the game itself, the names below are what a bot may read (the bots in ``sestertius.bots`` use these and
nothing else of the engine): the state (``GameState``, with its ``rules``; a seat's part, ``PlayerState``) and a
decision's type, the score of a seat, the gods a hand holds, where a seat can build now, the goods (with the markers
of no good and of an 'any good' payment), the markers of a colonist in the storehouse and of a route without
colonist, and ``Memo``, a small cache keyed by a shared object.

The names are imported when first asked for: importing the package (and the ``concordia`` command, which lives in
it) reads no data file yet, so that a bad data or overrides file is refused by the command in one line instead of
failing the import.
"""
from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from sestertius.data.catalog import ANY, BRICK, GOODS, NO_GOOD, Catalog
    from sestertius.rules.cards.architect import build_sites
    from sestertius.rules.errors import ConcordiaError, IllegalAction, OptionsError, RecordError
    from sestertius.rules.game import RECORD_FORMAT, RECORD_VERSION, Game
    from sestertius.rules.memo import Memo
    from sestertius.rules.options import GameOptions
    from sestertius.rules.rulebook import check_options, choices
    from sestertius.rules.scoring import holdings, score_seat
    from sestertius.rules.state import AUTO, AUTOMATON, CHANCE, NOBODY, STORE, GameState, PlayerState, splitmix64
    from sestertius.rules.steps import DECIDER, KIND, Action

_WHERE = {
    **dict.fromkeys(("ConcordiaError", "IllegalAction", "OptionsError", "RecordError"), "sestertius.rules.errors"),
    **dict.fromkeys(("RECORD_FORMAT", "RECORD_VERSION", "Game"), "sestertius.rules.game"),
    "GameOptions": "sestertius.rules.options",
    **dict.fromkeys(("check_options", "choices"), "sestertius.rules.rulebook"),
    **dict.fromkeys(("AUTO", "AUTOMATON", "CHANCE", "NOBODY", "STORE", "GameState", "PlayerState"),
                   "sestertius.rules.state"),
    # what bots read
    **dict.fromkeys(("ANY", "BRICK", "GOODS", "NO_GOOD", "Catalog"), "sestertius.data.catalog"),
    **dict.fromkeys(("Action", "DECIDER", "KIND"), "sestertius.rules.steps"),  # a step's fields: st[KIND]
    "build_sites": "sestertius.rules.cards.architect",
    "Memo": "sestertius.rules.memo",
    "splitmix64": "sestertius.rules.state",
    **dict.fromkeys(("holdings", "score_seat"), "sestertius.rules.scoring"),
}
__all__ = ["ANY", "AUTO", "AUTOMATON", "BRICK", "CHANCE", "DECIDER", "GOODS", "KIND", "NOBODY", "NO_GOOD",
           "RECORD_FORMAT", "RECORD_VERSION", "STORE", "Action", "Catalog", "ConcordiaError", "Game", "GameOptions",
           "GameState", "IllegalAction", "Memo", "OptionsError", "PlayerState", "RecordError", "build_sites",
           "check_options", "choices", "engine_build", "holdings", "score_seat", "splitmix64"]


def engine_build() -> str:
    """"compiled" when the engine runs as C extensions built by mypyc (``tools/build_compiled.py``), else "pure"."""
    spec = importlib.util.find_spec("sestertius.rules.game")
    origin = spec.origin if spec is not None else None
    return "compiled" if origin is not None and origin.endswith((".so", ".pyd")) else "pure"


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'sestertius' has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])
