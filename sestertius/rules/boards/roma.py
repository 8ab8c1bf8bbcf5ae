"""Roma: the city map, its four gates, the ship track and Byzantium (roma-sicilia.txt, the Roma part).

What the board changes, and how it is modelled:

- No capital. Every land colonist starts on the START oval, every sea colonist in OSTIA (space 1 of the ship
  track); these two replace the capital for the Tribune and the Colonist. New land colonists may also go into a
  site with an own house (the usual rule), new sea colonists only into OSTIA.
- Gates: a land colonist's first step goes from START through a gate onto one of the gate routes behind it. A gate
  route has one neighbouring site, so it is modelled as a land route whose two ends are that site: from it a
  colonist steps through the site like from any route, builds in the site, and blocks it like any route. Land
  colonists never go back to START (it is not on the route graph), i.e. they never leave the city.
- Ship track: sea colonists move only along the track, forward, any distance for one step, each at most once per
  turn, at most one per turn into BYZANTIUM, any number per space. Entering a light-blue space gives its bonus at
  once (goods that do not fit are lost; ALEXANDRIA and ANTIOCHIA let the player choose the good). Entering CARTHAGO
  or ATHENAE allows one house on one of its house sites this turn, for the usual cost. Entering BYZANTIUM scores one
  god as one end-game card (Minerva: as any specialist), marked with a house of the player's supply: half points
  (rounded up) if another colour marked it already; each player each god once; marking with the last house ends
  the game. Architect order: move (bonuses on entering), build (cities, then the track sites entered), Byzantium.
- Prefect: production only in the 7 quarters; taking the cash lets the player move exactly one sea colonist forward
  (with its bonus, its house site, Byzantium).
- The five track house sites count like cities of their good (specialists, Jupiter, Mercurius, Minerva); CARTHAGO
  and ATHENAE count as two more provinces for Saturnus and Venus.

Encoding. The game runs on a board derived from ``roma.toml``: its 25 sites and 50 routes, then the five track house
sites as cities 25..29 (no routes, no token; province ids 7 and 8, past the 7 quarters, so that they count as
provinces in scoring but never produce), then the six gate routes (routes 50..55, both ends at their site).
Colonist locations past the routes and cities are this board's own places: ``R + C`` the START oval and
``R + C + k`` track space ``k`` (1 OSTIA .. 9 BYZANTIUM), C = number of cities of the derived board. The Colonist's
and Tribune's "city" numbers ``C`` and ``C + 1`` mean START and OSTIA. God marks and this turn's sailing live in
``state.parts["roma"]`` (tuples and ints: hashed, cheap to copy).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sestertius.data.board import LAND, SEA, UNREACHABLE, Board, Route
from sestertius.data.catalog import GOODS
from sestertius.rules.boards.base import BoardRules
from sestertius.rules.cards.architect import build_house, house_cost, words_build, words_move
from sestertius.rules.scoring import god_values
from sestertius.rules.state import AUTO, NOBODY, STORE, GameState
from sestertius.rules.steps import DONE, Action, Pending, Step, auto_step
from sestertius.rules.turn import can_pay, trigger_end


class RomaBoard(Board):
    """The Roma board as played: gate routes and the track house sites added (see the module text)."""

    gate_of: dict[int, str]  # gate route id -> "North gate (Via Flaminia)"
    roma_track: Track  # the Track it was derived by

    def route_name(self, r: int) -> str:
        gate = self.gate_of.get(r)
        if gate is not None:
            return f"land {gate}–{self.cities[self.route_cities[r][0]]}"
        return super().route_name(r)


class Track:
    """Everything Roma adds to one board file: the derived board, the track spaces, the gods, START distances."""

    def __init__(self, base: Board) -> None:
        raw: dict[str, Any] = base.extra["roma"]
        self.raw = raw
        spaces = sorted(raw["track"], key=lambda t: t["space"])
        if [t["space"] for t in spaces] != list(range(1, len(spaces) + 1)) or spaces[0]["kind"] != "start":
            raise ValueError(f"{base.name}.toml [roma.track]: spaces must be numbered 1.. with the start first")
        self.spaces = {t["space"]: t for t in spaces}
        self.last = len(spaces)
        self.byzantium = next(t["space"] for t in spaces if t["kind"] == "god")
        self.gods = [g["name"] for g in raw["gods"]]
        self.god_info = raw["gods"]

        # house sites of the building spaces become cities after the board's own cities
        n0 = len(base.cities)
        names: list[str] = []
        zone: list[str] = []
        prov: list[int] = []
        lat: list[float] = []
        lon: list[float] = []
        layout: list[tuple[float, float] | None] = []
        goods: list[int] = []
        self.space_sites: dict[int, tuple[int, ...]] = {}
        self.site_space: dict[int, int] = {}
        building = [t for t in spaces if t["kind"] == "building"]
        for j, t in enumerate(building):
            ids = []
            for g in t["house_sites"]:
                c = n0 + len(names)
                ids.append(c)
                self.site_space[c] = t["space"]
                names.append(f"{t['name']}, {g} site")
                zone.append("")
                prov.append(len(base.provinces) + j)  # counts as a province in scoring, never produces
                lat.append(float(t["lat"]))
                lon.append(float(t["lon"]))
                layout.append(tuple(t["xy"]) if t.get("xy") else None)
                goods.append(GOODS.index(g))
            self.space_sites[t["space"]] = tuple(ids)
        self.site_goods = tuple(goods)
        self.building_names = tuple(t["name"] for t in building)

        # gate routes: land routes with both ends at their site
        R0 = len(base.routes)
        gates = raw["gates"]
        routes = list(base.routes)
        gate_of: dict[int, str] = {}
        self.gate_routes: list[dict[str, Any]] = []
        for i, (gate, site) in enumerate(raw["gate_routes"]):
            c = base.city(site)
            routes.append(Route(R0 + i, LAND, c, c))
            gate_of[R0 + i] = f"{gate} gate ({gates[gate]['road']})"
            self.gate_routes.append({"gate": gate, "road": gates[gate]["road"], "route": R0 + i, "site": c})
        board = RomaBoard(
            name=base.name, title=base.title, capital=None, cities=base.cities + tuple(names),
            zone=base.zone + tuple(zone), province_of=base.province_of + tuple(prov), provinces=base.provinces,
            province_cities=base.province_cities, routes=tuple(routes), lat=base.lat + tuple(lat),
            lon=base.lon + tuple(lon), layout=base.layout + tuple(layout), players=base.players, extra=base.extra)
        board.gate_of = gate_of
        board.roma_track = self
        self.board = board
        self.n_sites = len(names)
        self.first_gate = R0

        # START: one step onto any gate route, then on through its site
        nr = len(routes)
        d = [UNREACHABLE] * nr
        for g in gate_of:
            for r2 in range(nr):
                v = board.dist[g][r2]
                if v != UNREACHABLE and v + 1 < d[r2]:
                    d[r2] = v + 1
        self.start_dist = bytes(d)
        self.start_by_distance = tuple(sorted((d[r], r) for r in range(nr) if d[r] < UNREACHABLE))

    # -- places ----------------------------------------------------------------------------------------------
    def start(self, s: GameState) -> int:
        """The location of the START oval."""
        return s.R + len(s.board.cities)


_TRACKS: dict[Board, Track] = {}  # by board file object (boards compare by identity)


def track(s: GameState) -> Track:
    b = s.board
    if isinstance(b, RomaBoard):
        return b.roma_track
    t = _TRACKS.get(b)
    if t is None:  # the board file's board, before setup swaps in the derived board
        t = _TRACKS[b] = Track(b)
    return t


def roma(s: GameState) -> dict[str, Any]:
    part: dict[str, Any] = s.parts["roma"]
    return part


def this_turn(s: GameState) -> dict[str, Any]:
    """This turn's sailing (read only): who moved which sea colonist, who went to Byzantium, what may be built."""
    r = roma(s)
    return r if r["turn"] == s.turn else _EMPTY_TURN


_EMPTY_TURN = {"moved": (), "byz": (), "entered": (), "score": ()}


def _turn_for_update(s: GameState) -> dict[str, Any]:
    r = roma(s)
    if r["turn"] != s.turn:
        r.update(turn=s.turn, moved=(), byz=(), entered=(), score=())
    return r


class RomaRules(BoardRules):
    name = "roma"
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
        s.parts["roma"] = {"marks": (0,) * len(t.gods), "turn": -1, "moved": (), "byz": (), "entered": (),
                           "score": ()}

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
        return sum(m >> seat & 1 for m in roma(s)["marks"])

    def houses_left(self, s: GameState, seat: int) -> int:
        return s.cat.houses - len(s.players[seat].houses) - self.other_houses(s, seat)

    # -- movement -------------------------------------------------------------------------------------------
    def can_enter_byzantium(self, s: GameState, seat: int) -> bool:
        """One sea colonist per turn; a house left to mark a god; a god not yet marked by this player."""
        if seat in this_turn(s)["byz"] or self.houses_left(s, seat) <= 0:
            return False
        bit = 1 << seat
        return any(not m & bit for m in roma(s)["marks"])

    def sail_targets(self, s: GameState, seat: int, slot: int) -> list[int]:
        """Track places a sea colonist may move to now (any later space; not twice in a turn)."""
        loc = s.players[seat].col[slot]
        start = track(s).start(s)
        if loc == STORE or loc <= start or (seat, slot) in this_turn(s)["moved"]:
            return []
        t = track(s)
        out = [start + k for k in range(loc - start + 1, t.last + 1)]
        if out and out[-1] == start + t.byzantium and not self.can_enter_byzantium(s, seat):
            out.pop()
        return out

    def move_options(self, s: GameState, seat: int, pts: int) -> list[tuple[int, int]]:
        b = s.board
        R = s.R
        t = track(s)
        start = t.start(s)
        occ = s.route_occ
        stoppable = b.stoppable
        nland = s.cat.land_colonists
        out: list[tuple[int, int]] = []
        seen: set[int] = set()
        for slot, loc in enumerate(s.players[seat].col):
            if loc == STORE:
                continue
            if slot >= nland:  # on the ship track: one step to any later space
                if loc not in seen:
                    targets = self.sail_targets(s, seat, slot)
                    if targets:  # an unmoved colonist on a space stands for the others there
                        seen.add(loc)
                        out.extend((slot, x) for x in targets)
                continue
            if loc in seen:
                continue  # two land colonists at one place: moving either is the same decision
            seen.add(loc)
            table = t.start_by_distance if loc == start else b.by_distance[loc] if loc < R else \
                b.city_by_distance[LAND][loc - R]
            for d, r2 in table:
                if d > pts:
                    break
                if occ[r2] == NOBODY and stoppable[r2]:
                    out.append((slot, r2))
        return out

    def move_cost(self, s: GameState, seat: int, slot: int, route: int) -> int | None:
        loc = s.players[seat].col[slot]
        if loc == STORE:
            return None
        if slot >= s.cat.land_colonists:
            return 1 if route in self.sail_targets(s, seat, slot) else None
        if not 0 <= route < s.R:
            return None
        b = s.board
        t = track(s)
        d = t.start_dist[route] if loc == t.start(s) else b.steps(LAND, loc, route)
        return None if d == UNREACHABLE else d

    def why_not_move(self, s: GameState, seat: int, slot: int, target: int) -> str | None:
        nland = s.cat.land_colonists
        start = track(s).start(s)
        if target < s.R:
            return "sea colonists move only along the ship track" if slot >= nland else None
        if slot < nland:
            return "land colonists move only on the routes of the city; they never leave it"
        t = track(s)
        k = target - start
        if not 1 <= k <= t.last:
            return f"no ship-track space {target}"
        loc = s.players[seat].col[slot]
        if (seat, slot) in this_turn(s)["moved"]:
            return "each sea colonist moves at most once per turn"
        if loc - start >= k:
            return "sea colonists move only forward along the ship track"
        if k == t.byzantium:
            if seat in this_turn(s)["byz"]:
                return "only one of your sea colonists may move to Byzantium per turn"
            if self.houses_left(s, seat) <= 0:
                return "you have no house left to mark a god: Byzantium cannot be used"
            return "you have scored every god at Byzantium already"
        return None

    def moved(self, s: GameState, seat: int, slot: int, frm: int, to: int) -> None:
        """After an Architect's move: a sea colonist arriving on a track space takes its effect."""
        if to < s.R:
            return
        below = ("roma_after", AUTO, seat)
        if len(s.pending) < 2 or s.pending[-2] != below:
            s.pending.insert(len(s.pending) - 1, below)  # under the Architect: after its build, the track's turn
        self.arrive(s, seat, slot, to)

    def arrive(self, s: GameState, seat: int, slot: int, to: int) -> None:
        t = track(s)
        k = to - t.start(s)
        space = t.spaces[k]
        r = _turn_for_update(s)
        r["moved"] = r["moved"] + ((seat, slot),)
        p = s.players[seat]
        name = space["name"]
        s.log("sail", seat, f"sails to {name}", space=k)
        kind = space["kind"]
        if kind == "bonus":
            gain = space.get("gain", {})
            for key, n in gain.items():
                if key == "sestertii":
                    p.money += n
                    s.log("bonus", seat, f"{name}: +{n} sestertii")
                else:
                    g = GOODS.index(key)
                    kept = max(0, min(n, s.free_space(seat)))
                    p.goods[g] += kept
                    s.log("bonus", seat, f"{name}: +{kept} {key}" + (f" ({n - kept} lost: storehouse full)"
                                                                        if kept < n else ""))
            if space.get("choice"):
                if s.free_space(seat) > 0:
                    s.pending.append(("roma_bonus", seat, k))
                else:
                    s.log("bonus", seat, f"{name}: the good is lost (storehouse full)")
        elif kind == "building":
            r["entered"] = r["entered"] + ((seat, k),)
        elif kind == "god":
            r["byz"] = r["byz"] + (seat,)
            r["score"] = r["score"] + (seat,)

    # -- the Prefect's cash: move one sea colonist -----------------------------------------------------------
    def after_cash(self, s: GameState, seat: int) -> None:
        nland = s.cat.land_colonists
        if any(self.sail_targets(s, seat, slot) for slot in range(nland, len(s.players[seat].col))):
            s.pending.append(("roma_sail", seat))

    # -- track house sites ----------------------------------------------------------------------------------
    def build_options(self, s: GameState, seat: int) -> list[Action]:
        entered = [k for se, k in this_turn(s)["entered"] if se == seat]
        if not entered or self.houses_left(s, seat) <= 0:
            return []
        t = track(s)
        p = s.players[seat]
        bit = 1 << seat
        funds = s.rules.mode.funds(s, seat)
        out: list[Action] = []
        for k in dict.fromkeys(entered):
            for c in t.space_sites[k]:
                if s.houses[c] & bit:
                    continue
                goods, coins = house_cost(s, c)
                if funds >= coins and can_pay(p.goods, goods):
                    out.append(("build", c))
        return out

    def clear_entries(self, s: GameState, seat: int) -> None:
        r = _turn_for_update(s)
        r["entered"] = tuple(e for e in r["entered"] if e[0] != seat)

    # -- Byzantium --------------------------------------------------------------------------------------------
    def god_options(self, s: GameState, seat: int) -> list[Action]:
        bit = 1 << seat
        out: list[Action] = []
        for name, m in zip(track(s).gods, roma(s)["marks"]):
            if m & bit:
                continue
            if name == "Minerva":
                out.extend(("god", name, g) for g in range(len(GOODS)))
            else:
                out.append(("god", name))
        return out

    def god_points(self, s: GameState, seat: int, a: Action) -> int:
        """Points of one card of this god now; half (rounded up) if another colour marked it already."""
        name = a[1]
        if name == "Minerva":
            g = a[2]
            per = next(c.vp_per_house for c in s.cat.cards.values() if c.action == "specialist" and c.good == g)
            v = per * sum(1 for c in s.players[seat].houses if s.city_good[c] == g)
        else:
            v = god_values(s, seat)[name]
        i = track(s).gods.index(name)
        if roma(s)["marks"][i] & ~(1 << seat):
            v = (v + 1) // 2
        return v

    # -- views ------------------------------------------------------------------------------------------------
    def location(self, s: GameState, loc: int) -> dict[str, Any] | None:
        t = track(s)
        k = loc - t.start(s)
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
        marks = roma(s)["marks"]
        gods = [{"name": g["name"], "spelling": g.get("spelling"), "points": g.get("points"),
                 "variable": bool(g.get("variable")), "marked_by": [seat for seat in range(s.n) if m >> seat & 1]}
                for g, m in zip(t.god_info, marks)]
        start_info = dict(t.raw.get("start", {}))
        return {"roma": {
            "start": {"name": "Start", **start_info, "colonists": here.get(0, [])},
            "gates": [dict(g) for g in t.gate_routes],
            "track": spaces, "gods": gods,
            "houses_on_gods": [self.other_houses(s, seat) for seat in range(s.n)],
        }}


RULES = RomaRules()


# ------------------------------------------------------------------------------------------------------------
# Steps of the ship track
# ------------------------------------------------------------------------------------------------------------
def legal_bonus(s: GameState, st: Pending) -> list[Action]:
    return [("take", GOODS.index(g)) for g in track(s).spaces[st[2]]["choice"]]


def apply_bonus(s: GameState, st: Pending, a: Action) -> None:
    seat, k = st[1], st[2]
    s.pending.pop()
    s.players[seat].goods[a[1]] += 1
    s.log("bonus", seat, f"{track(s).spaces[k]['name']}: +1 {GOODS[a[1]]}")


def legal_sail(s: GameState, st: Pending) -> list[Action]:
    seat = st[1]
    out: list[Action] = [DONE]
    seen: set[int] = set()
    col = s.players[seat].col
    for slot in range(s.cat.land_colonists, len(col)):
        if col[slot] in seen:
            continue
        targets = RULES.sail_targets(s, seat, slot)
        if targets:
            seen.add(col[slot])
            out.extend(("move", slot, x) for x in targets)
    return out


def apply_sail(s: GameState, st: Pending, a: Action) -> None:
    seat = st[1]
    s.pending.pop()
    if a[0] == "done":
        return
    _, slot, to = a
    s.pending.append(("roma_after", AUTO, seat))
    s.players[seat].col[slot] = to
    RULES.arrive(s, seat, slot, to)


def apply_after(s: GameState, st: Pending, a: Action) -> None:
    """After the moves (and the Architect's city houses): the track's house sites, then Byzantium."""
    seat = st[2]
    s.pending.pop()
    s.pending.append(("roma_score", AUTO, seat))
    if RULES.build_options(s, seat):
        s.pending.append(("roma_build", seat))
    else:
        if any(se == seat for se, _ in this_turn(s)["entered"]):
            s.log("build", seat, "builds no house on the ship track")
        RULES.clear_entries(s, seat)


def legal_build(s: GameState, st: Pending) -> list[Action]:
    return [DONE] + RULES.build_options(s, st[1])


def apply_build(s: GameState, st: Pending, a: Action) -> None:
    seat = st[1]
    if a[0] == "done":
        s.pending.pop()
        RULES.clear_entries(s, seat)
        return
    c = a[1]
    build_house(s, seat, c, pay_cost=True)
    k = track(s).site_space[c]
    r = _turn_for_update(s)
    entered = list(r["entered"])
    entered.remove((seat, k))  # one house per entry of the space
    r["entered"] = tuple(entered)
    if not RULES.build_options(s, seat):
        s.pending.pop()
        RULES.clear_entries(s, seat)


def apply_score(s: GameState, st: Pending, a: Action) -> None:
    seat = st[2]
    s.pending.pop()
    r = _turn_for_update(s)
    if seat not in r["score"]:
        return
    score = list(r["score"])
    score.remove(seat)
    r["score"] = tuple(score)
    if RULES.houses_left(s, seat) <= 0 or not RULES.god_options(s, seat):
        s.log("byzantium", seat, "has no house left to mark a god: Byzantium gives nothing")
        return
    s.pending.append(("roma_god", seat))


def legal_god(s: GameState, st: Pending) -> list[Action]:
    return RULES.god_options(s, st[1])


def apply_god(s: GameState, st: Pending, a: Action) -> None:
    s.pending.pop()
    mark_god(s, st[1], a)


def mark_god(s: GameState, seat: int, a: Action, scored: Callable[[int, bool], None] | None = None) -> int:
    """Score a god in Byzantium for ``seat`` (``a``: one of ``RULES.god_options``, ``("god", name)`` or
    ``("god", "Minerva", good)``): the points of one card of it (half, rounded up, if another colour marked it
    already) are added to the seat's points and the god is marked with a house of its supply; marking with its last
    house ends the game. Logged as a ``byzantium`` event, unless ``scored(points, half)`` says it instead (an
    automaton giving its reasons). Returns the points."""
    name = a[1]
    pts = RULES.god_points(s, seat, a)
    i = track(s).gods.index(name)
    r = roma(s)
    half = bool(r["marks"][i] & ~(1 << seat))
    marks = list(r["marks"])
    marks[i] |= 1 << seat
    r["marks"] = tuple(marks)
    s.players[seat].vp += pts
    if scored is None:
        what = f"{name} as {s.cat.cards[_specialist(s, a[2])].title}" if name == "Minerva" else name
        s.log("byzantium", seat, f"scores {what} in Byzantium: {pts} VP" + (" (half: already marked)" if half else ""),
              god=name, points=pts)
    else:
        scored(pts, half)
    if RULES.houses_left(s, seat) <= 0:
        trigger_end(s, seat)
    return pts


def _specialist(s: GameState, g: int) -> str:
    return next(c.key for c in s.cat.cards.values() if c.action == "specialist" and c.good == g)




# ------------------------------------------------------------------------------------------------------------
# Words
# ------------------------------------------------------------------------------------------------------------
def _describe_god(s: GameState, a: Action) -> str:
    seat = s.pending[-1][1] if s.pending else s.current
    what = f"Minerva as {s.cat.cards[_specialist(s, a[2])].title}" if a[1] == "Minerva" else a[1]
    try:
        return f"score {what} in Byzantium ({RULES.god_points(s, seat, a)} VP)"
    except (IndexError, KeyError, ValueError, StopIteration):
        return f"score {what} in Byzantium"


def _describe_take(s: GameState, a: Action) -> str:
    return f"take 1 {GOODS[a[1]]}"


def _explain(s: GameState, st: Pending, a: Action) -> str:
    kind, seat = st[0], st[1]
    verb = a[0] if a else None
    if kind == "roma_bonus":
        names = " or ".join(track(s).spaces[st[2]]["choice"])
        return f"{track(s).spaces[st[2]]['name']} gives 1 {names}: take one of them"
    if kind == "roma_sail":
        if verb == "move" and len(a) == 3:
            why = RULES.why_not_move(s, seat, a[1], a[2]) if 0 <= a[1] < len(s.players[seat].col) else None
            return why or "that sea colonist cannot move there"
        return "after taking the cash, you may move exactly one sea colonist forward on the ship track, or be done"
    if kind == "roma_build":
        if verb == "build" and len(a) == 2:
            c = a[1]
            t = track(s)
            if c not in t.site_space:
                return "now only a house on a ship-track site you entered this turn can be built"
            if not any(se == seat and k == t.site_space[c] for se, k in this_turn(s)["entered"]):
                return f"you did not enter {t.spaces[t.site_space[c]]['name']} this turn"
            if s.houses[c] >> seat & 1:
                return f"you already have a house on {s.board.cities[c]}: one house per player per site"
            if RULES.houses_left(s, seat) <= 0:
                return "you have no house left"
            goods, coins = house_cost(s, c)
            need = ", ".join(f"{n} {GOODS[g]}" for g, n in enumerate(goods) if n)
            return f"a house on {s.board.cities[c]} costs {need} and {coins} sestertii; you cannot pay it"
        return "build one house on a site of the ship-track space you entered, or be done"
    if kind == "roma_god":
        if verb == "god" and len(a) >= 2 and a[1] in track(s).gods:
            if a[1] == "Minerva" and (len(a) != 3 or not 0 <= a[2] < len(GOODS)):
                return "Minerva is scored as a specialist: name its good"
            return f"you have scored {a[1]} in Byzantium already: each god once per player"
        return f"choose a god to score in Byzantium: one of {', '.join(track(s).gods)}"
    return "not legal now"


def _step(kind: str, title: str, legal, apply, prompt: str, words) -> Step:  # type: ignore[no-untyped-def]
    return Step(kind, title, legal, apply, prompt=prompt, words=words, refuse=_explain, refuses_all=True)


RomaRules.steps = (
    _step("roma_bonus", "Ship track (bonus)", legal_bonus, apply_bonus, "Ship track: take the bonus.",
          {"take": _describe_take}),
    _step("roma_sail", "Prefect (ship move)", legal_sail, apply_sail, "Ship track: move a ship, or Done.",
          {"move": words_move}),
    auto_step("roma_after", "Ship track", apply_after),
    _step("roma_build", "Ship track (house)", legal_build, apply_build,
          "Ship track: build a house (click a glowing city).", {"build": words_build}),
    auto_step("roma_score", "Byzantium", apply_score),
    _step("roma_god", "Byzantium", legal_god, apply_god, "Choose a god.", {"god": _describe_god}),
)
