"""Roma's board rules: the hooks the engine calls (:class:`~sestertius.rules.boards.base.BoardRules`), each handing
over to the module that holds the rule: the derived board and the track (setup), sailing, Byzantium, the steps."""
from __future__ import annotations

from typing import Any, Final

from sestertius.data.board import LAND, SEA, UNREACHABLE
from sestertius.data.catalog import GOODS
from sestertius.rules.boards.base import BoardRules, distance_table
from sestertius.rules.boards.roma.byzantium import god_options, god_points, houses_left, houses_on_gods
from sestertius.rules.boards.roma.part import RomaPart, roma
from sestertius.rules.boards.roma.sailing import arrive, sail_moves, sail_targets, why_not_move
from sestertius.rules.boards.roma.steps import STEPS
from sestertius.rules.boards.roma.track import track
from sestertius.rules.cards.architect import ARCH_MOVE_HOUSES
from sestertius.rules.state import AUTO, NOBODY, STORE, GameState
from sestertius.rules.steps import Action


class RomaRules(BoardRules):
    name = "roma"
    steps = STEPS
    dynamic_moves = True  # START and the ship track are places of this board: it lists and prices the moves

    # -- setup ------------------------------------------------------------------------------------------------
    def setup(self, s: GameState) -> None:
        if "roma" in s.parts:
            return  # set up already (Solitaria sets the board up before Contrarius' start)
        t = track(s)
        if s.board is not t.board:
            s.board = t.board
            s.R = len(t.board.routes)
            s.route_occ = [-1] * s.R
            s.city_good = list(s.city_good) + list(t.site_goods)
            s.houses = s.houses + [0] * t.n_sites
        start = t.start(s)
        nland = s.cat.land_colonists
        for p in s.players:
            p.col = [STORE] * len(p.col)
            for i in range(s.cat.start_land):
                p.col[i] = start
            for i in range(s.cat.start_sea):
                p.col[nland + i] = start + 1  # OSTIA
        s.parts["roma"] = RomaPart((0,) * len(t.gods))

    # -- new colonists: START and OSTIA replace the capital -----------------------------------------------
    def colonist_sites(self, s: GameState, seat: int) -> list[int]:
        C = len(s.board.cities)
        n0 = C - track(s).n_sites
        return [C] + sorted(c for c in s.players[seat].houses if c < n0) + [C + 1]

    def recruit_sites(self, s: GameState, seat: int) -> list[int]:
        C = len(s.board.cities)
        return [C, C + 1]

    def may_place(self, s: GameState, kind: int, city: int) -> bool:
        ostia = len(s.board.cities) + 1
        return (city == ostia) if kind == SEA else city != ostia

    # -- houses on the god table ----------------------------------------------------------------------------
    def other_houses(self, s: GameState, seat: int) -> int:
        return houses_on_gods(s, seat)

    def houses_left(self, s: GameState, seat: int) -> int:
        return houses_left(s, seat)

    # -- movement: land colonists from START or along the city's routes, sea colonists along the track ----------
    def move_options(self, s: GameState, seat: int, pts: int) -> list[tuple[int, int]]:
        b = s.board
        t = track(s)
        start = t.start(s)
        occ = s.route_occ
        stoppable = b.stoppable
        out: list[tuple[int, int]] = []
        seen: set[int] = set()
        for slot in range(s.cat.land_colonists):
            loc = s.players[seat].col[slot]
            if loc == STORE or loc in seen:
                continue  # two land colonists at one place: moving either is the same decision
            seen.add(loc)
            table = t.start_by_distance if loc == start else distance_table(b, LAND, loc)
            for d, r2 in table:
                if d > pts:
                    break
                if occ[r2] == NOBODY and stoppable[r2]:
                    out.append((slot, r2))
        out.extend(sail_moves(s, seat))  # on the ship track: one step to any later space
        return out

    def move_cost(self, s: GameState, seat: int, slot: int, route: int) -> int | None:
        loc = s.players[seat].col[slot]
        if loc == STORE:
            return None
        if s.kind_of(slot) == SEA:
            return 1 if route in sail_targets(s, seat, slot) else None
        if not 0 <= route < s.R:
            return None
        t = track(s)
        d = t.start_dist[route] if loc == t.start(s) else s.board.steps(LAND, loc, route)
        return None if d == UNREACHABLE else d

    def why_not_move(self, s: GameState, seat: int, slot: int, target: int) -> str | None:
        return why_not_move(s, seat, slot, target)

    def moved(self, s: GameState, seat: int, slot: int, frm: int, to: int) -> None:
        """After an Architect's move: a sea colonist arriving on a track space takes its effect."""
        if to < s.R:
            return
        houses = s.pending[-1][ARCH_MOVE_HOUSES]  # of the Architect's move step
        # an Architect limited to some houses (the fish market's stand): the track's count too
        cap = None if houses is None else len(s.players[seat].houses) + houses
        below: tuple[Any, ...] = ("roma_after", AUTO, seat, cap)
        if len(s.pending) < 2 or s.pending[-2] != below:
            s.pending.insert(len(s.pending) - 1, below)  # under the Architect: after its build, the track's turn
        arrive(s, seat, slot, to)

    # -- the Prefect's cash: move one sea colonist -----------------------------------------------------------
    def after_cash(self, s: GameState, seat: int) -> None:
        if sail_moves(s, seat):
            s.pending.append(("roma_sail", seat))

    # -- Byzantium --------------------------------------------------------------------------------------------
    def god_options(self, s: GameState, seat: int) -> list[Action]:
        return god_options(s, seat)

    def god_points(self, s: GameState, seat: int, a: Action) -> int:
        """Points of one card of this god now; half (rounded up) if another colour marked it already."""
        return god_points(s, seat, a)

    # -- views ------------------------------------------------------------------------------------------------
    def location(self, s: GameState, loc: int) -> dict[str, Any] | None:
        t = track(s)
        k = t.space_at(s, loc)
        if k == 0:
            return {"start": True, "name": "Start"}
        if 1 <= k <= t.last:
            return {"track": k, "name": t.spaces[k]["name"]}
        return None

    def public(self, s: GameState) -> dict[str, Any]:
        t = track(s)
        start = t.start(s)
        here: dict[int, list[dict[str, Any]]] = {}
        for seat, p in enumerate(s.players):
            for slot, loc in enumerate(p.col):
                if loc != STORE and loc >= start:
                    here.setdefault(loc - start, []).append({"seat": seat, "slot": slot})
        spaces = []
        for k in range(1, t.last + 1):
            sp = t.spaces[k]
            item: dict[str, Any] = {"space": k, "name": sp["name"], "kind": sp["kind"], "xy": sp.get("xy"),
                                    "lat": sp.get("lat"), "lon": sp.get("lon"), "colonists": here.get(k, [])}
            if "gain" in sp:
                item["gain"] = dict(sp["gain"])
            if "choice" in sp:
                item["choice"] = list(sp["choice"])
            if k in t.space_sites:
                item["sites"] = [{"city": c, "good": GOODS[s.city_good[c]],
                                  "houses": [seat for seat in range(s.n) if s.houses[c] >> seat & 1]}
                                 for c in t.space_sites[k]]
            spaces.append(item)
        gods = [{"name": g["name"], "spelling": g.get("spelling"), "points": g.get("points"),
                 "variable": bool(g.get("variable")), "marked_by": [seat for seat in range(s.n) if m >> seat & 1]}
                for g, m in zip(t.god_info, roma(s).marks)]
        start_info = dict(t.raw.get("start", {}))
        return {"roma": {
            "start": {"name": "Start", **start_info, "colonists": here.get(0, [])},
            "gates": [dict(g) for g in t.gate_routes],
            "track": spaces, "gods": gods,
            "houses_on_gods": [self.other_houses(s, seat) for seat in range(s.n)],
        }}


RULES: Final = RomaRules()
