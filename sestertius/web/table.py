"""The table assistant's record of a change (dice entered by hand, the board on a real table): what the last
decision, outcome or take-back changed on the physical board (:func:`sestertius.rules.table.table_moves`), kept with
the game until the next change and given in every view of that position (``view["table"]``)."""
from __future__ import annotations

from typing import Any

from sestertius import Game
from sestertius.table import needs_table, table_moves, track_points
from sestertius.web.live import Live


def seat_names(live: Live, game: Game) -> list[str]:
    """Each seat's name as the page shows it; a seat no person or bot plays is Contrarius (Solitaria)."""
    names = [s["name"] for s in sorted(live.seats, key=lambda s: s["seat"])]
    return names + ["Contrarius"] * (game.state.n - len(names))


def moves_at(live: Live, old: Game, new: Game, by: int | None) -> dict[str, Any] | None:
    """What changed at the table from ``old`` to ``new`` (``by``: the seat whose decision it was; None: an outcome
    or a take-back of one): the moves, whether the person at the table has any to make that they did not decide
    (``show``), and the points as the physical track shows them. None when nothing changed."""
    names = seat_names(live, new)
    cards = new.state.cat.cards
    moves = table_moves(old.view(None), new.view(None), names, lambda key: cards[key].title)
    if not moves:
        return None
    return {"moves": moves, "by": by, "show": needs_table(moves, by), "from": len(old.history),
            "points": track_points(new.view(None), names)}
