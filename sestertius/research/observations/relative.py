"""Each observer's vector from the one kept per game (:mod:`.fast`): the game's vector is kept as seat 0 sees it, in
absolute seats, with every seat's private part (its own seat, its team, its hand and its pile) in a block of its
own after it; an observer's vector is a copy of it with the entries of the seat-indexed fields moved to their
relative seats and the private fields taken from its block, by one numpy gather with index arrays made once per
number of seats, observer and board size (:func:`gather`)."""
from __future__ import annotations

import numpy as np

from sestertius.research.actions import CARDS
from sestertius.research.observations.layout import CARD_SLOTS, FIELD, OBSERVATION_SIZE, SEATS

# the seat-indexed fields the kept vector holds (the boards', variants' and modes' own parts are written on each
# observer's copy, relative already): field, the axis of its seats, the axis bounded by the board (cities, routes)
# or by the cards (only their first len(CARDS) entries are ever set) and which of these bounds it, else None
SEAT_FIELDS: tuple[tuple[str, int, int | None, str | None], ...] = (
    ("game/current", 0, None, None), ("game/to_act", 0, None, None), ("game/praefectus_magnus", 0, None, None),
    ("game/concordia", 0, None, None), ("players/contrarius", 0, None, None), ("players/money", 0, None, None),
    ("players/goods", 0, None, None), ("players/storehouse", 0, None, None), ("players/houses", 0, None, None),
    ("players/houses_left", 0, None, None), ("players/hand_size", 0, None, None),
    ("players/pile_size", 0, None, None), ("players/pile_top", 0, 1, "cards"), ("players/vp", 0, None, None),
    ("players/colonists", 0, None, None), ("players/bought", 0, 1, "cards"), ("cities/houses", 1, 0, "cities"),
    ("cities/colonists", 1, 0, "cities"), ("routes/colonist", 1, 0, "routes"),
)
# a seat's private block, after the game's vector: its one-hot seat, its team (relative seats), its hand, its pile
PRIVATE_MY_SEAT, PRIVATE_MY_TEAM, PRIVATE_HAND = 0, SEATS, 2 * SEATS
PRIVATE_PILE = PRIVATE_HAND + CARD_SLOTS
PRIVATE_SIZE = PRIVATE_PILE + CARD_SLOTS
PRIVATE_FIELDS = (("options/my_seat", PRIVATE_MY_SEAT, SEATS), ("players/my_team", PRIVATE_MY_TEAM, SEATS),
                  ("hand", PRIVATE_HAND, len(CARDS)), ("pile", PRIVATE_PILE, len(CARDS)))


def private_at(seat: int) -> int:
    """Where a seat's private block begins in the kept vector."""
    return OBSERVATION_SIZE + PRIVATE_SIZE * seat


_GATHERS: dict[tuple[int, int, int, int], tuple[np.ndarray, np.ndarray]] = {}


def gather(n: int, me: int, cities: int, routes: int) -> tuple[np.ndarray, np.ndarray]:
    """``(dst, src)``: observer ``me``'s vector is the kept one with ``v[dst] = kept[src]`` (``n`` seats; the board's
    ``cities`` and ``routes``). Entries of relative seats past ``n`` stay zeros; those that do not move are left out."""
    key = (n, me, cities, routes)
    out = _GATHERS.get(key)
    if out is None:
        bounds = {"cities": cities, "routes": routes, "cards": len(CARDS)}
        dst, src = [], []
        for name, axis, bounded, bound in SEAT_FIELDS:
            f = FIELD[name]
            entries = np.arange(f.offset, f.offset + f.size).reshape(f.shape)  # each entry's index in the vector
            rows = min(n, SEATS)
            moved = entries.take((np.arange(rows) + me) % n, axis=axis)  # where relative seat r's entries are kept
            here = entries.take(np.arange(rows), axis=axis)
            if bounded is not None and bound is not None:
                keep = np.arange(min(bounds[bound], f.shape[bounded]))
                moved, here = moved.take(keep, axis=bounded), here.take(keep, axis=bounded)
            dst.append(here.ravel())
            src.append(moved.ravel())
        for name, at, size in PRIVATE_FIELDS:
            dst.append(np.arange(size) + FIELD[name].offset)
            src.append(np.arange(size) + private_at(me) + at)
        d, s = np.concatenate(dst).astype(np.intp), np.concatenate(src).astype(np.intp)
        out = _GATHERS[key] = (d[d != s], s[d != s])  # (the entries that stay where they are left out)
    return out
