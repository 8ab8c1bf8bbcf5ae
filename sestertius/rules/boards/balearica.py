"""Balearica: no capital, two start boats, land colonists riding their owner's ships (balearica-cyprus.txt).

- Each player starts with one sea colonist on each start boat (board data ``[start_boats]``); the other four
  colonists are in the storehouse. A colonist on a boat is on the board (movement points, Mars, the Colonist's
  money). Its first step goes onto one of the sea routes linked to its boat.
- New colonists (Tribune, Colonist) start inside cities with the player's own houses: without a house, none can be
  bought. The Tribune's new colonist goes into a city of the player's choice among them.
- A land colonist may move over sea routes holding one of its owner's sea colonists, one step per ship used, but
  never stops on a sea route. Distances therefore depend on the position: the Architect's moves are computed at
  run time (a breadth-first search over land routes plus the owner's ship routes); sea colonists and land colonists
  of a player without ships at sea use the board's precomputed tables.

Locations: a start boat ``k`` is the pseudo-location ``R + C + k`` (after the routes and the cities); boats hold any
number of colonists and are not routes (``route_occ`` ignores them; no house can be built from a boat).
"""
from __future__ import annotations

from collections import deque
from typing import Any

from sestertius.data.board import KIND_NAMES, LAND, SEA, UNREACHABLE, Board, BoardError
from sestertius.rules.boards.base import BoardRules, DistanceTable, distance_table, entry_tables, first_place
from sestertius.rules.state import NOBODY, STORE, GameState


class Boats:
    """The start boats of one board: names, linked sea routes, positions, and step tables from each boat."""

    def __init__(self, b: Board) -> None:
        raw: dict[str, Any] = b.extra.get("start_boats") or {}
        if not raw:
            raise BoardError(f"{b.name}.toml: [start_boats] is missing")
        self.names: tuple[str, ...] = tuple(raw)
        self.info = [raw[n] for n in self.names]
        links: list[tuple[int, ...]] = []
        for name, info in zip(self.names, self.info):
            ids = []
            for item in info.get("routes", []):
                kind, x, y = item
                ca, cb = b.city(x), b.city(y)
                found = [r.id for r in b.routes if r.kind == KIND_NAMES.index(kind) and {r.a, r.b} == {ca, cb}]
                if len(found) != 1 or kind != "sea":
                    raise BoardError(f"{b.name}.toml [start_boats.{name!r}]: {item!r} must name exactly one sea "
                                     f"route")
                ids.append(found[0])
            if not ids:
                raise BoardError(f"{b.name}.toml [start_boats.{name!r}]: no linked sea routes")
            links.append(tuple(ids))
        self.links = tuple(links)
        tables = [entry_tables(b, first) for first in self.links]  # a boat's first step: onto a linked sea route
        self.dist: tuple[bytes, ...] = tuple(d for d, _ in tables)
        self.by_distance: tuple[DistanceTable, ...] = tuple(t for _, t in tables)


class BalearicaRules(BoardRules):
    name = "balearica"
    dynamic_moves = True

    def __init__(self) -> None:
        self._boats: dict[str, Boats] = {}

    def boats(self, s: GameState) -> Boats:
        bt = self._boats.get(s.board.name)
        if bt is None:
            bt = self._boats[s.board.name] = Boats(s.board)
        return bt

    def boat_loc(self, s: GameState, k: int) -> int:
        return first_place(s) + k

    # -- setup and new colonists -------------------------------------------------------------------------------
    def setup(self, s: GameState) -> None:
        nland = s.cat.land_colonists
        nboats = len(self.boats(s).names)
        for p in s.players:
            p.col = [STORE] * len(p.col)
            for k in range(nboats):  # one sea colonist on each start boat
                p.col[nland + k] = self.boat_loc(s, k)

    def colonist_sites(self, s: GameState, seat: int) -> list[int]:
        return sorted(s.players[seat].houses)

    def recruit_sites(self, s: GameState, seat: int) -> list[int]:
        return sorted(s.players[seat].houses)

    # -- movement ----------------------------------------------------------------------------------------------
    def reach(self, s: GameState, seat: int, slot: int, limit: int) -> list[tuple[int, int]]:
        """(steps, route) for every route colonist ``slot`` can end on or pass, within ``limit`` steps, sorted
        (occupancy of the target is not checked here; a land colonist's list holds land routes only)."""
        b = s.board
        R = s.R
        loc = s.players[seat].col[slot]
        kind = s.kind_of(slot)
        if kind == SEA:
            boat = loc - first_place(s)
            table = self.boats(s).by_distance[boat] if boat >= 0 else distance_table(b, SEA, loc)
            return [(d, r) for d, r in table if d <= limit]
        occ = s.route_occ
        ships = [r for r in range(R) if occ[r] == seat and b.route_kind[r] == SEA]
        if not ships:  # no ship to ride: the board's own land distances
            return [(d, r) for d, r in distance_table(b, LAND, loc) if d <= limit]
        ship = set(ships)
        rc = b.route_cities
        at_land, at_sea = b.routes_at[LAND], b.routes_at[SEA]
        dist: dict[int, int] = {}
        queue: deque[int] = deque()
        if loc < R:
            dist[loc] = 0
            queue.append(loc)
        else:
            for r in at_land[loc - R] + tuple(r for r in at_sea[loc - R] if r in ship):
                if r not in dist:
                    dist[r] = 1
                    queue.append(r)
        while queue:
            r = queue.popleft()
            d = dist[r] + 1
            if d > limit:
                continue
            for c in rc[r]:
                for r2 in at_land[c]:
                    if r2 not in dist:
                        dist[r2] = d
                        queue.append(r2)
                for r2 in at_sea[c]:
                    if r2 in ship and r2 not in dist:
                        dist[r2] = d
                        queue.append(r2)
        kinds = b.route_kind
        return sorted((d, r) for r, d in dist.items() if 0 < d <= limit and kinds[r] == LAND)

    def move_options(self, s: GameState, seat: int, pts: int) -> list[tuple[int, int]]:
        occ = s.route_occ
        stoppable = s.board.stoppable
        out: list[tuple[int, int]] = []
        seen: set[tuple[int, int]] = set()
        for slot, loc in enumerate(s.players[seat].col):
            if loc == STORE:
                continue
            key = (s.kind_of(slot), loc)
            if key in seen:
                continue  # two colonists of one kind at one place: moving either is the same decision
            seen.add(key)
            out.extend((slot, r) for _, r in self.reach(s, seat, slot, pts) if occ[r] == NOBODY and stoppable[r])
        return out

    def move_cost(self, s: GameState, seat: int, slot: int, route: int) -> int | None:
        if s.players[seat].col[slot] == STORE:
            return None
        for d, r in self.reach(s, seat, slot, UNREACHABLE):
            if r == route:
                return d
        return None

    # -- views -------------------------------------------------------------------------------------------------
    def location(self, s: GameState, loc: int) -> dict[str, Any] | None:
        k = loc - first_place(s)
        bt = self.boats(s)
        return {"boat": k, "name": bt.names[k]} if 0 <= k < len(bt.names) else None

    def public(self, s: GameState) -> dict[str, Any]:
        bt = self.boats(s)
        boats = []
        for k, name in enumerate(bt.names):
            loc = self.boat_loc(s, k)
            info = bt.info[k]
            boats.append({"id": k, "name": name, "lat": info.get("lat"), "lon": info.get("lon"),
                          "xy": info.get("xy"), "routes": list(bt.links[k]),
                          "colonists": [seat for seat, p in enumerate(s.players) for x in p.col if x == loc]})
        return {"start_boats": boats}


