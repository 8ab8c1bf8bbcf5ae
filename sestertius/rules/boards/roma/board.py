"""The Roma board as played, derived from ``roma.toml``: its 25 sites and 50 routes, then the house sites of the
ship track's building spaces as cities 25.. (no routes, no token; province ids past the 7 quarters, so that they
count as provinces in scoring but never produce), then the gate routes (routes 50.., both ends at their site: from
it a colonist steps through the site like from any route, builds in the site and blocks it like any route), and the
distances from START, whose first step goes through a gate onto a gate route."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sestertius.data.board import LAND, Board, Route
from sestertius.data.catalog import GOODS
from sestertius.rules.boards.base import DistanceTable, entry_tables

if TYPE_CHECKING:  # pragma: no cover
    from sestertius.rules.boards.roma.track import Track


class RomaBoard(Board):
    """The Roma board as played: gate routes and the track house sites added (see the module text)."""

    gate_of: dict[int, str]  # gate route id -> "North gate (Via Flaminia)"
    roma_track: Track  # the Track it was derived by

    def route_name(self, r: int) -> str:
        gate = self.gate_of.get(r)
        if gate is not None:
            return f"land {gate}–{self.cities[self.route_cities[r][0]]}"
        return super().route_name(r)


class Derivation:
    """What deriving the board adds to the board file: the board as played, the track house sites, the gate routes
    and the distances from START."""

    board: RomaBoard
    space_sites: dict[int, tuple[int, ...]]  # building space -> its house sites (cities)
    site_space: dict[int, int]  # house site -> its building space
    site_goods: tuple[int, ...]  # the good of each house site, in city order
    n_sites: int
    gate_routes: list[dict[str, Any]]  # {"gate", "road", "route", "site"} per gate route
    first_gate: int  # the first gate route's id
    start_dist: bytes  # steps from START onto each route (UNREACHABLE: never)
    start_by_distance: DistanceTable  # (steps, route) from START, fewest steps first

    def derive(self, base: Board, raw: dict[str, Any], building: list[dict[str, Any]]) -> None:
        """Derive the board from the board file ``base``, its ``[roma]`` table ``raw`` and the track's building
        spaces (in space order)."""
        n0 = len(base.cities)
        names: list[str] = []
        prov: list[int] = []
        lat: list[float] = []
        lon: list[float] = []
        layout: list[tuple[float, float] | None] = []
        goods: list[int] = []
        self.space_sites = {}
        self.site_space = {}
        for j, t in enumerate(building):
            ids = []
            for g in t["house_sites"]:
                c = n0 + len(names)
                ids.append(c)
                self.site_space[c] = t["space"]
                names.append(f"{t['name']}, {g} site")
                prov.append(len(base.provinces) + j)  # counts as a province in scoring, never produces
                lat.append(float(t["lat"]))
                lon.append(float(t["lon"]))
                layout.append(tuple(t["xy"]) if t.get("xy") else None)
                goods.append(GOODS.index(g))
            self.space_sites[t["space"]] = tuple(ids)
        self.site_goods = tuple(goods)
        self.n_sites = len(names)

        # gate routes: land routes with both ends at their site
        R0 = len(base.routes)
        gates = raw["gates"]
        routes = list(base.routes)
        gate_of: dict[int, str] = {}
        self.gate_routes = []
        for i, (gate, site) in enumerate(raw["gate_routes"]):
            c = base.city(site)
            routes.append(Route(R0 + i, LAND, c, c))
            gate_of[R0 + i] = f"{gate} gate ({gates[gate]['road']})"
            self.gate_routes.append({"gate": gate, "road": gates[gate]["road"], "route": R0 + i, "site": c})
        self.first_gate = R0
        board = RomaBoard(
            name=base.name, title=base.title, capital=None, cities=base.cities + tuple(names),
            zone=base.zone + ("",) * len(names), province_of=base.province_of + tuple(prov), provinces=base.provinces,
            province_cities=base.province_cities, routes=tuple(routes), lat=base.lat + tuple(lat),
            lon=base.lon + tuple(lon), layout=base.layout + tuple(layout), players=base.players, extra=base.extra)
        board.gate_of = gate_of
        self.board = board

        # START: one step onto any gate route, then on through its site
        self.start_dist, self.start_by_distance = entry_tables(board, gate_of)
