"""Which rules are in play: the one place that turns options into a mode, a board's rules and variants, and the
one table of what may be combined. The engine, the command line and the lobby all read it."""
from __future__ import annotations

from typing import Any

from sestertius.data.board import board_names, load_board
from sestertius.data.catalog import load_fish_market
from sestertius.data.solitaria import solo_data
from sestertius.rules.errors import ConcordiaError
from sestertius.rules.options import MODES

MODE_PLAYERS = {"base": (2, 3, 4, 5), "team": (2, 4, 6), "solo": (1, 2)}
DISPLAYS = ("standard", "wine")


def choices() -> dict[str, Any]:
    """What a new game may be set up with: modes with their player counts, boards, displays, fish-market sides and
    Solitaria's difficulty levels (which combinations are allowed: :func:`check_options`)."""
    return {
        "modes": [{"name": m, "players": list(MODE_PLAYERS[m])} for m in MODES],
        "boards": [{"name": n, "title": load_board(n).title, "players": list(load_board(n).players)}
                   for n in board_names()],
        "displays": list(DISPLAYS),
        "fish_market": [{"name": k, "title": v.title} for k, v in load_fish_market().sides.items()],
        "difficulties": list(solo_data().difficulty),
    }


def check_options(options: dict[str, Any]) -> str | None:
    """None when a game can be set up with these options, else the engine's reason for refusing them."""
    from sestertius.rules.game import Game
    try:
        Game.new(options, seed=0)
    except ConcordiaError as e:
        return str(e)
    return None
