"""A seat's part of the fast observation (:mod:`.fast`), written again only when what it is made from changed: its
colonists, its houses, its cards (and the observer's own hand and pile). Each writer returns the entries it set that
depend on the state, to be cleared (:func:`clear`) before the part is written again."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

from sestertius.research.observations.layout import CARD_INDEX, CARD_SLOTS, CITIES, OFFSET, ROUTES, SEATS

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import PlayerState
    from sestertius.research.observations.fast import _Static as Static

_O = OFFSET
_COLONISTS: Final = _O["players/colonists"]
_ROUTE_COLONIST: Final = _O["routes/colonist"]
_CITY_COLONISTS: Final = _O["cities/colonists"]
_HOUSES: Final = _O["players/houses"]
_CITY_HOUSES: Final = _O["cities/houses"]
_HOUSES_LEFT: Final = _O["players/houses_left"]
_HAND_SIZE: Final = _O["players/hand_size"]
_PILE_SIZE: Final = _O["players/pile_size"]
_PILE_TOP: Final = _O["players/pile_top"]
_BOUGHT: Final = _O["players/bought"]


def hand_counts(keys: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for k in keys:
        out[k] = out.get(k, 0) + 1
    return out


def bought(cards: list[str], held: dict[str, int]) -> tuple[tuple[int, float], ...]:
    out = []
    for k, c in hand_counts(cards).items():
        c -= held.get(k, 0)
        i = CARD_INDEX.get(k)
        if c > 0 and i is not None:
            out.append((i, c / 3))
    return tuple(out)


def clear(m: Any, placed: list[int]) -> None:
    for i in placed:
        m[i] = 0.0


# A seat's part, by what it is made from (``_Kept.players``: per seat, its money, goods, victory points, colonists,
# houses, hand and pile as last written, then the entries the colonists, the houses and the cards set, to be cleared
# before they are written again).

def write_colonists(m: Any, static: Static, col: list[int], seat: int) -> list[int]:
    placed: list[int] = []
    R = static.R
    RC = R + static.cities
    land = static.land
    store_land = store_sea = routes = cities = elsewhere = 0
    in_city: dict[int, int] = {}
    for slot, loc in enumerate(col):
        if loc < 0:
            if slot < land:
                store_land += 1
            else:
                store_sea += 1
        elif loc < R:
            routes += 1
            if loc < ROUTES:  # one colonist per route: the route's occupant is this seat
                i = _ROUTE_COLONIST + SEATS * loc + seat
                m[i] = 1.0
                placed.append(i)
        elif loc < RC:
            cities += 1
            in_city[loc] = in_city.get(loc, 0) + 1
        else:
            elsewhere += 1
    o = _COLONISTS + 5 * seat
    m[o], m[o + 1], m[o + 2], m[o + 3], m[o + 4] = (store_land / 6, store_sea / 6, routes / 6, cities / 6,
                                                    elsewhere / 6)
    for loc, count in in_city.items():
        if loc - R < CITIES:
            i = _CITY_COLONISTS + SEATS * (loc - R) + seat
            m[i] = count / 3
            placed.append(i)
    return placed


def write_houses(m: Any, static: Static, houses: list[int], seat: int) -> list[int]:
    placed: list[int] = []
    m[_HOUSES + seat] = len(houses) / 15
    for c in houses:
        if c < CITIES:
            i = _CITY_HOUSES + SEATS * c + seat
            m[i] = 1.0
            placed.append(i)
    if not static.own_houses:
        left = static.houses_total - len(houses)
        m[_HOUSES_LEFT + seat] = left / 15 if left > 0 else 0.0
    return placed


def write_cards(m: Any, static: Static, seat: int, p: PlayerState, own: int) -> list[int]:
    """The hand's and the pile's sizes, the pile's top, the cards bought of ``seat`` (the kept vector's seats are
    absolute); and its own hand and pile, which only it sees, counted from ``own`` (its private block: the hand, then
    the pile ``CARD_SLOTS`` on; -1: not counted, the seat is not observed)."""
    placed: list[int] = []
    hand = p.hand
    m[_HAND_SIZE + seat] = len(hand) / 10
    pile = p.pile
    m[_PILE_SIZE + seat] = len(pile) / 10
    if pile and pile[-1] in CARD_INDEX:
        i = _PILE_TOP + CARD_SLOTS * seat + CARD_INDEX[pile[-1]]
        m[i] = 1.0
        placed.append(i)
    total = len(hand) + len(pile)
    if total > static.setup_size[seat]:  # a seat never loses a card: one more than at setup is one bought
        known = static.bought[seat]
        if known is None or known[0] is not p or known[1] != total:
            known = static.bought[seat] = (p, total, bought(hand + pile, static.setup[seat]))
        o = _BOUGHT + CARD_SLOTS * seat
        for i, x in known[2]:
            m[o + i] = x
            placed.append(o + i)
    if own < 0:
        return placed
    for k, c in hand_counts(hand).items():
        i = CARD_INDEX.get(k, -1)
        if i >= 0:
            m[own + i] = c / 3
            placed.append(own + i)
    own += CARD_SLOTS
    for k, c in hand_counts(pile).items():
        i = CARD_INDEX.get(k, -1)
        if i >= 0:
            m[own + i] = c / 3
            placed.append(own + i)
    return placed
