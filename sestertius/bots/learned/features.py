"""What the learned evaluation sees of a position, for one seat: the hand-made estimate's features and its value,
and raw quantities of the seat's own pieces and of what every seat shares (the houses on the board, the cards for
sale, the turns left).

It reads only what the search bot's estimate cache keys on (a seat's own pieces, everyone's houses, the cards for
sale, the turns left: :meth:`Evaluator.estimates`), so a cached estimate stays valid; and only what the seat may see
(the search plays on determinised copies, ``Game.determinised``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from sestertius import STORE

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import GameState
    from sestertius.bots.search.model import Context

# the hand-made features (:func:`sestertius.bots.search.model.features`), unweighted
HAND = ("Jupiter", "Saturnus", "Mercurius", "Mars", "Venus", "Minerva", "cards", "wealth", "variety", "production",
        "colonists", "houses", "hand", "sites", "time", "assets", "reactions")
# raw quantities: the hand-made estimate beyond the score now, the score now, the seat's pieces, the turns left
RAW = ("estimate", "now", "n_houses", "n_cards", "money", "goods_value", "col_board", "col_store", "kinds",
       "provinces", "t", "t2", "early", "houses_t", "cards_t", "money_t", "share_houses", "late_now")
NAMES = HAND + RAW


def row(s: GameState, seat: int, ctx: Context, t: float, now: float, f: dict[str, float], extra: float
        ) -> list[float]:
    """The features of the seat (in the order of ``NAMES``): ``f`` the hand-made features, ``extra`` the hand-made
    estimate less the score now, ``t`` the seat's turns left."""
    p = s.players[seat]
    cat = s.cat
    houses = p.houses
    goods_value = 0.0
    for n, price in zip(p.goods, cat.prices):
        goods_value += n * price
    kinds = {s.city_good[c] for c in houses if s.city_good[c] >= 0}
    provinces = {s.board.province_of[c] for c in houses}
    store = p.col.count(STORE)
    n_houses = len(houses)
    n_cards = len(p.hand) + len(p.pile)
    early = t / (t + 4.0)
    all_houses = sum(h.bit_count() for h in s.houses)
    out = [f.get(k, 0.0) for k in HAND]
    out += [extra, now, float(n_houses), float(n_cards), float(p.money), goods_value, float(len(p.col) - store),
            float(store), float(len(kinds)), float(len(provinces)), t, t * t / 10.0, early, n_houses * t / 10.0,
            n_cards * t / 10.0, p.money * early, n_houses / max(all_houses, 1), now * (1.0 - early)]
    return out
