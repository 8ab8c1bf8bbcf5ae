"""The observation encoding: what one seat of a game may see as a fixed-size vector of float32 (and, over the same
memory, a dict of named arrays). ``observe`` builds it from the game state, caching what never changes in a game;
``observe_view`` is the reference it equals, built from ``game.view(seat)`` and ``beyond_view(game, seat)`` (the
waiting step's arguments, the seat's own discard pile, the cards each seat bought), so that it holds nothing the
seat may not see.

One layout serves every mode, board and variant: arrays sized for the largest (6 seats, 40 cities, 96 routes, 16
provinces...), padded with zeros, with ``present`` flags saying which entries are in play. Seats are **relative**: entry
0 of every per-seat array is the observer, entry 1 the next seat in seat order, and so on (``options/my_seat`` gives the
observer's seat). Counts are divided by the scale of their field (``Field.scale``) so that most values lie in [0, 1];
no value is negative.

The layout is a contract: :data:`OBSERVATION_VERSION` names it, and ``docs/RESEARCH.md`` lists every field (its
offset, shape, scale and meaning; ``python -m sestertius.research.observations`` prints that table).

>>> from sestertius import Game
>>> from sestertius.research.observations import observe, fields_of
>>> game = Game.new({"board": "italia", "players": 2}, seed=7)
>>> vector = observe(game, 0)                  # numpy float32, shape (OBSERVATION_SIZE,)
>>> fields_of(vector)["players/money"][:2]     # the observer's and the other seat's sestertii, divided by 50
array([0.1 , 0.12], dtype=float32)

The package's modules: ``layout`` (the fields, their offsets, the words and step kinds, the table), ``reference``
(``observe_view`` and ``beyond_view``) and ``fast`` (``observe`` and its per-game cache); their public names are
all here.
"""
from __future__ import annotations

from sestertius.research.actions import CARD_SLOTS, CARDS, GOODS, TILES
from sestertius.research.observations.fast import observe
from sestertius.research.observations.layout import (
    BOARD_SLOTS,
    BOARDS,
    BOATS,
    CARD_INDEX,
    CITIES,
    DIFFICULTIES,
    DISPLAY,
    FIELD,
    FIELDS,
    FISH_SIDES,
    GOOD_INDEX,
    HIGH,
    MODES,
    NUMERALS,
    OBSERVATION_SIZE,
    OBSERVATION_VERSION,
    OFFSET,
    PROVINCES,
    ROUTES,
    SEATS,
    SPOTS,
    STEP_ARGS,
    STEP_KINDS,
    STEP_SLOTS,
    STEP_WORDS,
    TRACK,
    WORD_INDEX,
    WORD_SLOTS,
    Field,
    field_table,
    fields_of,
    step_args,
    step_kind,
)
from sestertius.research.observations.reference import beyond_view, observe_view

__all__ = [
    "BOARDS", "BOARD_SLOTS", "BOATS", "CARDS", "CARD_INDEX", "CARD_SLOTS", "CITIES", "DIFFICULTIES", "DISPLAY",
    "FIELD", "FIELDS", "FISH_SIDES", "GOODS", "GOOD_INDEX", "HIGH", "MODES", "NUMERALS", "OBSERVATION_SIZE",
    "OBSERVATION_VERSION", "OFFSET", "PROVINCES", "ROUTES", "SEATS", "SPOTS", "STEP_ARGS", "STEP_KINDS", "STEP_SLOTS",
    "STEP_WORDS", "TILES", "TRACK", "WORD_INDEX", "WORD_SLOTS", "Field", "beyond_view", "field_table", "fields_of",
    "observe", "observe_view", "step_args", "step_kind",
]
