"""Which cities Contrarius reaches (A-REACH): one of its colonists moves as in the usual movement, with as many
steps as it has colonists on the board, passing occupied lines (each costs a step), and must end on an empty line
next to the city (data ``reach_passes_occupied``; false reads it as a way over empty lines only); the capital and its
lines (Roma: START and the gate routes stand in for them)."""
from __future__ import annotations

from collections import deque
from typing import Final

from sestertius.data.board import LAND, SEA
from sestertius.rules.boards.base import distance_table
from sestertius.rules.modes.solitaria.contrarius import capital, city_name, con, cseat, data, roma_track
from sestertius.rules.state import NOBODY, STORE, GameState

INF: Final = 10 ** 6  # steps to a city no colonist can reach


# ------------------------------------------------------------------------------------------------------------
# The capital (Roma: START)
# ------------------------------------------------------------------------------------------------------------
def capital_label(s: GameState) -> str:
    """The capital's name (Roma: the START oval, which stands in for it for land colonists)."""
    return "Start" if roma_track(s) is not None else city_name(s, capital(s))


def capital_routes(s: GameState, kind: int) -> list[int]:
    """The empty routes one step from the capital for a colonist of this kind (Roma: the gate routes from START for
    land colonists; sea colonists never leave the ship track)."""
    t = roma_track(s)
    if t is not None:
        return [g["route"] for g in t.gate_routes if s.route_occ[g["route"]] == NOBODY] if kind == LAND else []
    return [r for r in s.board.routes_at[kind][capital(s)] if s.route_occ[r] == NOBODY]


def capital_lines(s: GameState, city: int) -> list[int]:
    """The lines between the capital and a city next to it (Roma: the gate routes to a site behind a gate)."""
    b = s.board
    t = roma_track(s)
    if t is not None:
        return sorted(g["route"] for g in t.gate_routes if g["site"] == city)
    return sorted((r for r in range(s.R) if set(b.route_cities[r]) == {b.capital, city} and b.stoppable[r]),
                  key=lambda r: (b.route_kind[r], r))


# ------------------------------------------------------------------------------------------------------------
# Steps: as usual (the board's distance tables), or over empty lines only (the other reading of A-REACH)
# ------------------------------------------------------------------------------------------------------------
def steps_over_empty_lines(s: GameState, kind: int, seeds: dict[int, int]) -> dict[int, int]:
    """Steps to every route of this kind a colonist reaches from the ``seeds`` (route -> steps already taken),
    going on through cities onto empty routes only; routes that may not be stopped on are included (the reading
    ``reach_passes_occupied = false``; the board's distance tables count occupied lines too, so they cannot serve
    here)."""
    at = s.board.routes_at[kind]
    rc = s.board.route_cities
    occ = s.route_occ
    seen = dict(seeds)
    queue: deque[int] = deque(seeds)
    while queue:
        r = queue.popleft()
        d = seen[r] + 1
        for c in rc[r]:
            for r2 in at[c]:
                if r2 not in seen and occ[r2] == NOBODY:
                    seen[r2] = d
                    queue.append(r2)
    return seen


def distances(s: GameState, kind: int, loc: int) -> dict[int, int]:
    """Steps for a colonist of this kind at ``loc`` (a route, ``R + city``, Roma's START) to every route it can end on
    (A-REACH). As usual (``reach_passes_occupied``, the default): occupied lines are passed, each costing a step, and
    only the line it ends on must be empty; the other reading (false) moves over empty lines only. Its own route
    counts 0 steps; routes that may not be stopped on (Ionium's dotted route) are passed, never ends."""
    b = s.board
    occ = s.route_occ
    passes = data(s).reach_passes_occupied
    t = roma_track(s)
    if t is not None and loc >= t.start(s):  # Roma: START (land), or the ship track (sea: never reaches a site)
        if kind == SEA or loc != t.start(s):
            return {}
        if passes:
            return {r2: d for d, r2 in t.start_by_distance if occ[r2] == NOBODY and b.stoppable[r2]}
        seeds = dict.fromkeys(capital_routes(s, LAND), 1)  # the first step goes through a gate (none free: no way in)
    elif passes:  # the usual movement: occupied lines are passed, each costing a step
        out = {loc: 0} if loc < s.R else {}
        stoppable = b.stoppable
        for d, r2 in distance_table(b, kind, loc):
            if occ[r2] == NOBODY and stoppable[r2]:
                out[r2] = d
        return out
    elif loc < s.R:
        seeds = {loc: 0}
    else:
        seeds = {r: 1 for r in b.routes_at[kind][loc - s.R] if occ[r] == NOBODY}
    return {r: d for r, d in steps_over_empty_lines(s, kind, seeds).items() if b.stoppable[r]}


def colonist_distances(s: GameState, slot: int) -> dict[int, int]:
    """Steps from one colonist of Contrarius to every route it can end on (see ``distances``)."""
    loc = con(s).col[slot]
    return {} if loc == STORE else distances(s, s.kind_of(slot), loc)


def passes_occupied(s: GameState) -> bool:
    """The reach reading in play (A-REACH): True, as usual, occupied lines are passed; False: empty lines only."""
    return data(s).reach_passes_occupied


class Reach:
    """Movement points of Contrarius, and for every city the (steps, slot, route) ways one of its colonists can end
    next to it. Two colonists of one kind at one place are the same colonist here (the lower slot is kept)."""
    __slots__ = ("points", "ways", "best")

    def __init__(self, s: GameState) -> None:
        p = con(s)
        self.points = s.colonists_on_board(cseat(s))
        rc = s.board.route_cities
        ways: dict[int, list[tuple[int, int, int]]] = {}
        best: dict[int, int] = {}
        seen_places: set[tuple[int, int]] = set()
        for slot, loc in enumerate(p.col):
            kind = s.kind_of(slot)
            if loc == STORE or (kind, loc) in seen_places:
                continue
            seen_places.add((kind, loc))
            for r, d in colonist_distances(s, slot).items():
                for c in rc[r]:  # (runs for every route of every colonist: no list made for setdefault to drop)
                    way = (d, slot, r)
                    found = ways.get(c)
                    if found is None:
                        ways[c] = [way]
                        best[c] = d
                    else:
                        found.append(way)
                        if d < best[c]:
                            best[c] = d
        self.ways, self.best = ways, best

    def steps(self, c: int) -> int:
        """The fewest steps that bring a colonist next to city ``c`` (INF: none can)."""
        return self.best.get(c, INF)

    def shortest(self, c: int) -> tuple[int, list[tuple[int, int]]]:
        """The fewest steps next to city ``c``, and every (slot, route) that takes that many."""
        d = self.steps(c)
        return d, sorted({(slot, r) for dd, slot, r in self.ways.get(c, []) if dd == d})
