"""Each observer's vector from the one kept per game (:mod:`.fast`): the game's vector is kept as seat 0 sees it, in
absolute seats, with every seat's private part (its own seat, its team, its hand and its pile) in a block of its
own after it; each observer keeps its own vector, seats relative, brought up to date by one numpy gather of the
entries of the seats that changed since its last look (:func:`seat_subset`), with index arrays made once per number
of seats, observer, board size and set of seats."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from sestertius.research.actions import CARDS
from sestertius.research.observations.layout import CARD_SLOTS, FIELD, OBSERVATION_SIZE, SEATS

if TYPE_CHECKING:  # pragma: no cover
    from sestertius.research.observations.fast import _Kept as Kept

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


# the seat-indexed fields an observer's kept vector takes from the game's (those of the game's counters, the seat to
# act, the holders, are written on each observer's copy instead, with the waiting step)
VOLATILE_SEAT_FIELDS = ("game/current", "game/to_act", "game/praefectus_magnus", "game/concordia")
_SEAT_GATHERS: dict[tuple[int, int, int, int], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def seat_gather(n: int, me: int, cities: int, routes: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(dst, src, seat)``: every entry of observer ``me``'s vector that comes from one seat's part of the kept
    vector (``v[dst] = kept[src]``, those that stay where they are included), and that seat (its private block:
    ``me``), so that an observer's own kept vector takes again only the entries of the seats that changed
    (:func:`seat_subset`). The seat fields of :data:`VOLATILE_SEAT_FIELDS` are left out."""
    key = (n, me, cities, routes)
    out = _SEAT_GATHERS.get(key)
    if out is None:
        bounds = {"cities": cities, "routes": routes, "cards": len(CARDS)}
        dst, src, seat = [], [], []
        for name, axis, bounded, bound in SEAT_FIELDS:
            if name in VOLATILE_SEAT_FIELDS:
                continue
            f = FIELD[name]
            entries = np.arange(f.offset, f.offset + f.size).reshape(f.shape)
            rows = min(n, SEATS)
            absolute = (np.arange(rows) + me) % n  # the seat whose entries relative seat r shows
            moved = entries.take(absolute, axis=axis)
            here = entries.take(np.arange(rows), axis=axis)
            seats = np.broadcast_to(absolute.reshape([-1 if a == axis else 1 for a in range(len(f.shape))]),
                                    moved.shape)
            if bounded is not None and bound is not None:
                keep = np.arange(min(bounds[bound], f.shape[bounded]))
                moved, here, seats = (a.take(keep, axis=bounded) for a in (moved, here, seats))
            dst.append(here.ravel())
            src.append(moved.ravel())
            seat.append(seats.ravel())
        for name, at, size in PRIVATE_FIELDS:
            dst.append(np.arange(size) + FIELD[name].offset)
            src.append(np.arange(size) + private_at(me) + at)
            seat.append(np.full(size, me))
        out = _SEAT_GATHERS[key] = (np.concatenate(dst).astype(np.intp), np.concatenate(src).astype(np.intp),
                                    np.concatenate(seat).astype(np.intp))
    return out


_SUBSETS: dict[tuple[int, int, int, int, int], tuple[np.ndarray, np.ndarray]] = {}


def seat_subset(n: int, me: int, cities: int, routes: int, seats: int) -> tuple[np.ndarray, np.ndarray]:
    """The ``(dst, src)`` of :func:`seat_gather`'s entries whose seat is in the bit set ``seats``."""
    key = (n, me, cities, routes, seats)
    out = _SUBSETS.get(key)
    if out is None:
        dst, src, seat = seat_gather(n, me, cities, routes)
        chosen = (np.right_shift(seats, seat) & 1).astype(bool)
        out = _SUBSETS[key] = (dst[chosen], src[chosen])
    return out


_MOVES: dict[tuple[int, int, int, int], tuple[np.ndarray, np.ndarray]] = {}


def seat_moves(n: int, me: int, cities: int, routes: int) -> tuple[np.ndarray, np.ndarray]:
    """The ``(dst, src)`` of :func:`seat_gather`'s entries that move (``dst != src``): the kept vector with
    ``v[dst] = kept[src]`` is observer ``me``'s, but for the fields written on each copy. For seat 0 only its private
    block moves (86 entries in four-player Imperium): cheaper than keeping its own vector up to date."""
    key = (n, me, cities, routes)
    out = _MOVES.get(key)
    if out is None:
        dst, src, _seat = seat_gather(n, me, cities, routes)
        out = _MOVES[key] = (dst[dst != src], src[dst != src])
    return out


class View:
    """One observer's own vector (never handed out: the observer gets a copy), in its relative seats: the game's kept
    vector gathered, brought up to date by gathering again only the seats whose part changed since (one gather, with
    the index arrays of that set of seats, made once), and the display and the markers when they changed. It holds
    zeros where the counters, the holders and the waiting step go. An observer whose entries that move from the
    kept vector are fewer than one seat's part (seat 0: its private block) keeps no vector (``direct``): its copy is
    made from the kept vector by one gather of those, as before."""

    __slots__ = ("v", "seen", "display", "markers", "key", "subsets", "direct", "moves")

    def __init__(self, kept: np.ndarray, n: int, me: int, cities: int, routes: int) -> None:
        self.seen = [-1] * n  # per seat: the kept version its entries were gathered from
        self.display = self.markers = -1
        self.key = (n, me, cities, routes)  # relative.seat_subset's arguments but the seats
        self.subsets: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # set of seats (bits) -> its (dst, src)
        self.moves = seat_moves(n, me, cities, routes)
        one_seat = seat_subset(n, me, cities, routes, 1 << me)[0]
        self.direct = len(self.moves[0]) <= len(one_seat)
        self.v = kept if self.direct else kept.copy()  # (direct: the kept vector itself, never written)


_DISPLAY_SPAN = slice(FIELD["display/card"].offset, FIELD["display/card"].offset + FIELD["display/card"].size)
_MARKER_SPAN = slice(FIELD["provinces/good_side"].offset,
                     FIELD["provinces/good_side"].offset + FIELD["provinces/good_side"].size)


def catch_up(kept: Kept, view: View, n: int, out: np.ndarray | None) -> np.ndarray:
    """The observer's own vector brought up to date (the seats that changed since its last look gathered again, the
    display and the markers copied when they changed), and its copy (into ``out`` if given)."""
    ov = view.v
    seen = view.seen
    version = kept.version
    seats = 0
    for seat in range(n):
        if seen[seat] != version[seat]:
            seats |= 1 << seat
            seen[seat] = version[seat]
    if seats:
        subset = view.subsets.get(seats)
        if subset is None:
            subset = view.subsets[seats] = seat_subset(*view.key, seats)
        ov[subset[0]] = kept.v[subset[1]]
    if view.display != kept.display_version:
        ov[_DISPLAY_SPAN] = kept.v[_DISPLAY_SPAN]
        view.display = kept.display_version
    if view.markers != kept.marker_version:
        ov[_MARKER_SPAN] = kept.v[_MARKER_SPAN]
        view.markers = kept.marker_version
    if out is None:
        return ov.copy()
    np.copyto(out, ov)
    return out
