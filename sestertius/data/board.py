"""Boards: loading, validating and precomputing the route tables of one board data file.

A board file (``data/boards/<name>.toml``) holds provinces, cities (zone letter, latitude/longitude, layout
hint), the capital and every route, and the tables of a board with rules of its own (Roma's ``[roma]``, checked by
:mod:`sestertius.data.board_roma`). Loading refuses a bad file with a :class:`BoardError` naming the file, the problem
and the place. The loaded :class:`Board` is immutable and holds the tables the engine walks in its hot
loops: route ends, routes at each city by kind, and all-pairs step distances between routes.
"""
from __future__ import annotations

import tomllib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Final

from sestertius.data.board_checks import BoardError as BoardError
from sestertius.data.board_checks import check_position, is_number
from sestertius.data.board_roma import check_roma
from sestertius.data.overrides import utf8_text

LAND: Final = 0
SEA: Final = 1
KIND_NAMES: Final = ("land", "sea")
ZONES: Final = ("A", "B", "C", "D")
UNREACHABLE: Final = 255
# The tables of the boards without a capital (Roma, Balearica: their files say "no capital; see [...]"): what their
# rules start the colonists from instead. Any other board must name its capital.
NO_CAPITAL_TABLES: Final = ("roma", "start_boats")




@dataclass(frozen=True, slots=True)
class Route:
    id: int
    kind: int  # LAND or SEA
    a: int  # city id
    b: int  # city id
    no_stop: bool = False

    def other(self, city: int) -> int:
        return self.b if city == self.a else self.a


@dataclass(eq=False)
class Board:
    name: str
    title: str
    capital: int | None
    cities: tuple[str, ...]  # sorted alphabetically: city id order is alphabetical order
    zone: tuple[str, ...]  # "A".."D" per city; "" for the capital
    province_of: tuple[int, ...]  # province id per city; -1 for a capital outside all provinces
    provinces: tuple[str, ...]
    province_cities: tuple[tuple[int, ...], ...]  # buildable cities only (never the capital)
    routes: tuple[Route, ...]
    lat: tuple[float, ...]
    lon: tuple[float, ...]
    layout: tuple[tuple[float, float] | None, ...]
    players: tuple[int, int]  # recommended player counts (min, max)
    bends: tuple[tuple[tuple[float, float], ...], ...] = ()  # per route: where its drawing turns (layout units)
    extra: dict[str, Any] = field(default_factory=dict)  # board-specific data kept for board rules
    # derived tables
    city_index: dict[str, int] = field(init=False)
    routes_at: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False)  # [kind][city] -> route ids
    route_cities: tuple[tuple[int, int], ...] = field(init=False)
    route_kind: tuple[int, ...] = field(init=False)
    stoppable: tuple[bool, ...] = field(init=False)
    dist: tuple[bytes, ...] = field(init=False)  # dist[r1][r2]: steps from route r1 to route r2 (same kind)
    city_dist: tuple[tuple[bytes, ...], ...] = field(init=False)  # [kind][city][r]: steps from a city onto r
    by_distance: tuple[tuple[tuple[int, int], ...], ...] = field(init=False)  # r -> ((steps, r2), ...) sorted
    city_by_distance: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        self.city_index = {name: i for i, name in enumerate(self.cities)}
        n = len(self.cities)
        at: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(2)]
        for r in self.routes:
            at[r.kind][r.a].append(r.id)
            at[r.kind][r.b].append(r.id)
        self.routes_at = tuple(tuple(tuple(x) for x in k) for k in at)
        self.route_cities = tuple((r.a, r.b) for r in self.routes)
        self.route_kind = tuple(r.kind for r in self.routes)
        self.stoppable = tuple(not r.no_stop for r in self.routes)
        self._compute_distances()

    # -- precomputation -------------------------------------------------------------------------------
    def _compute_distances(self) -> None:
        """Breadth-first search over the route graph: one step moves a colonist onto a route that shares an end
        city with its current route (and has its kind), or from a city onto a route at that city. Occupied routes
        may be passed through, so distances do not depend on the position of other colonists."""
        nr = len(self.routes)
        neighbours: list[list[int]] = [[] for _ in range(nr)]
        for r in self.routes:
            for c in (r.a, r.b):
                for r2 in self.routes_at[r.kind][c]:
                    if r2 != r.id and r2 not in neighbours[r.id]:
                        neighbours[r.id].append(r2)
        dist: list[bytes] = []
        for start in range(nr):
            d = [UNREACHABLE] * nr
            d[start] = 0
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for r2 in neighbours[here]:
                    if d[r2] == UNREACHABLE:
                        d[r2] = d[here] + 1
                        queue.append(r2)
            dist.append(bytes(min(x, UNREACHABLE) for x in d))
        self.dist = tuple(dist)
        city_dist: list[list[bytes]] = [[], []]
        for kind in (LAND, SEA):
            for c in range(len(self.cities)):
                first = self.routes_at[kind][c]
                d = [UNREACHABLE] * nr
                for r0 in first:
                    for r2 in range(nr):
                        v = dist[r0][r2]
                        if v != UNREACHABLE and v + 1 < d[r2]:
                            d[r2] = v + 1
                city_dist[kind].append(bytes(d))
        self.city_dist = tuple(tuple(x) for x in city_dist)

        def order(row: bytes) -> tuple[tuple[int, int], ...]:
            return tuple(sorted((row[r2], r2) for r2 in range(nr) if 0 < row[r2] < UNREACHABLE))

        self.by_distance = tuple(order(row) for row in self.dist)
        self.city_by_distance = tuple(tuple(order(row) for row in k) for k in self.city_dist)

    # -- queries --------------------------------------------------------------------------------------
    def city(self, name: str) -> int:
        try:
            return self.city_index[name]
        except KeyError:
            raise KeyError(f"board {self.name} has no city {name!r}") from None

    def steps(self, kind: int, loc: int, route: int) -> int:
        """Steps a colonist of ``kind`` at location ``loc`` (a route, or ``len(routes) + city`` inside a city) needs
        to reach ``route`` (UNREACHABLE if it cannot)."""
        n = len(self.routes)
        return self.dist[loc][route] if loc < n else self.city_dist[kind][loc - n][route]

    def route_name(self, r: int) -> str:
        a, b = self.route_cities[r]
        return f"{KIND_NAMES[self.route_kind[r]]} {self.cities[a]}–{self.cities[b]}"

    def buildable(self) -> list[int]:
        return [c for c in range(len(self.cities)) if c != self.capital]


# -- loading ----------------------------------------------------------------------------------------------

Fail = Callable[[str], BoardError]  # makes the error for a message, naming the file


def board_names() -> list[str]:
    return [*_board_names(), *sorted(_EXTRA)]


@cache
def _board_names() -> tuple[str, ...]:  # the shipped files do not change while the program runs
    folder = resources.files("sestertius") / "data" / "boards"
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")))


# Boards made in code and known by name beside the shipped ones (``register_board``): a small map of a test, or one a
# program builds. A registry, not a patch of ``load_board``: the compiled engine calls its functions directly.
_EXTRA: Final[dict[str, Board]] = {}


def register_board(board: Board) -> None:
    """Make ``board`` known under its name to ``load_board``, ``board_names`` and so to game options (until
    ``unregister_board``). A shipped board's name is refused: it would change what that name means."""
    if board.name in _board_names():
        raise BoardError(f"{board.name!r} is the name of a shipped board")
    _EXTRA[board.name] = board


def unregister_board(name: str) -> None:
    _EXTRA.pop(name, None)


def load_board(name: str) -> Board:
    """A board by name: one shipped with the package (``imperium``, ``italia``, ...) or one registered."""
    extra = _EXTRA.get(name)
    return extra if extra is not None else _load_shipped(name)


@cache
def _load_shipped(name: str) -> Board:
    path = resources.files("sestertius") / "data" / "boards" / f"{name}.toml"
    if not path.is_file():
        raise BoardError(f"unknown board {name!r}; boards: {', '.join(board_names())}")
    text = utf8_text(path.read_bytes(), lambda why: BoardError(f"{name}.toml: {why}; a board file is TOML in UTF-8"))
    return parse_board(text, source=f"{name}.toml")


def parse_board(text: str, source: str = "<board>") -> Board:
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise BoardError(f"{source}: not valid TOML: {e}") from None
    return build_board(raw, source)


def build_board(raw: dict[str, Any], source: str = "<board>") -> Board:
    """A board from the tables of its file; every value is checked for its type and place before it is used."""
    def fail(msg: str) -> BoardError:
        return BoardError(f"{source}: {msg}")

    _check_head(raw, fail)
    cities_raw: dict[str, Any] = raw["cities"]
    capital_name = raw.get("capital")
    names = tuple(sorted(cities_raw))
    index = {n: i for i, n in enumerate(names)}
    province_of, provinces, province_cities = _read_provinces(raw["provinces"], index, capital_name, fail)
    zone, lat, lon, layout = _read_cities(cities_raw, names, province_of, capital_name, fail)
    routes = _read_routes(raw, index, fail)
    bends = _read_bends(raw.get("bends", []), index, routes, fail)
    players = raw.get("players", [2, 5])
    if (not isinstance(players, list) or len(players) != 2 or not all(type(x) is int for x in players)
            or not 1 <= players[0] <= players[1]):
        raise fail(f"players must be [min, max], two whole numbers from 1 up, not {players!r}")
    if "roma" in raw or raw["name"] == "roma":  # Roma's gates, ship track and gods, read by its rules
        check_roma(raw.get("roma"), index, fail)
    known = {"name", "title", "capital", "players", "provinces", "cities", "routes", "parallel_routes", "bends"}
    board = Board(
        name=raw["name"], title=raw.get("title", raw["name"].title()),
        capital=index[capital_name] if capital_name is not None else None,
        cities=names, zone=tuple(zone), province_of=tuple(province_of), provinces=tuple(provinces),
        province_cities=tuple(province_cities), routes=tuple(routes), lat=tuple(lat), lon=tuple(lon),
        layout=tuple(layout), players=(players[0], players[1]), bends=bends,
        extra={k: v for k, v in raw.items() if k not in known},
    )
    _check_connected(board, fail)
    return board


def _check_head(raw: dict[str, Any], fail: Fail) -> None:
    """The keys every board has, its names, and a capital among its cities (unless its own rules replace it)."""
    for key in ("name", "provinces", "cities", "routes"):
        if key not in raw:
            raise fail(f"missing key {key!r}")
    # (a file named roma must have its [roma] table: check_roma says so, which tells more than the capital)
    if "capital" not in raw and not any(key in raw for key in NO_CAPITAL_TABLES) and raw.get("name") != "roma":
        raise fail(f"missing key 'capital' (the city colonists start in); only a board whose own rules replace the "
                   f"capital, with a {' or '.join(f'[{key}]' for key in NO_CAPITAL_TABLES)} table, has none")
    for key in ("name", "title", "capital"):
        if key in raw and (not isinstance(raw[key], str) or not raw[key]):
            raise fail(f"{key} must be a name in quotes, not {raw[key]!r}")
    cities_raw = raw["cities"]
    if not isinstance(cities_raw, dict) or not cities_raw:
        raise fail("[cities] must be a table of cities")
    capital_name = raw.get("capital")
    if capital_name is not None and capital_name not in cities_raw:
        raise fail(f"capital {capital_name!r} is not listed under [cities]")


def _read_provinces(provinces_raw: Any, index: dict[str, int], capital_name: str | None,
                    fail: Fail) -> tuple[list[int], list[str], list[tuple[int, ...]]]:
    """``[provinces]``: the province of each city (-1: none, the capital), the names, each one's buildable cities."""
    if not isinstance(provinces_raw, dict) or not provinces_raw:
        raise fail("[provinces] must be a table of province = [cities]")
    province_of = [-1] * len(index)
    provinces: list[str] = []
    province_cities: list[tuple[int, ...]] = []
    for pname, members in provinces_raw.items():
        if not isinstance(members, list) or not members:
            raise fail(f"province {pname!r}: must list at least one city")
        pid = len(provinces)
        provinces.append(pname)
        buildable: list[int] = []
        for cname in members:
            if not isinstance(cname, str) or cname not in index:
                raise fail(f"province {pname!r}: unknown city {cname!r}")
            c = index[cname]
            if province_of[c] != -1:
                raise fail(f"city {cname!r} is listed in two provinces: {provinces[province_of[c]]!r} and {pname!r}")
            province_of[c] = pid
            if cname != capital_name:
                buildable.append(c)
        province_cities.append(tuple(sorted(buildable)))
    return province_of, provinces, province_cities


def _read_cities(cities_raw: dict[str, Any], names: tuple[str, ...], province_of: list[int],
                 capital_name: str | None,
                 fail: Fail) -> tuple[list[str], list[float], list[float], list[tuple[float, float] | None]]:
    """``[cities]``: each city's zone letter, latitude, longitude and optional layout position."""
    zone: list[str] = []
    lat: list[float] = []
    lon: list[float] = []
    layout: list[tuple[float, float] | None] = []
    for c, cname in enumerate(names):
        info = cities_raw[cname]
        if not isinstance(info, dict):
            raise fail(f"city {cname!r}: must be a table like {{ zone = \"A\", lat = .., lon = .. }}")
        z = info.get("zone", "")
        if cname == capital_name:
            if z:
                raise fail(f"city {cname!r}: the capital has no city token, so no zone letter (found {z!r})")
        else:
            if z not in ZONES:
                raise fail(f"city {cname!r}: wrong zone letter {z!r} (must be one of {', '.join(ZONES)})")
            if province_of[c] == -1:
                raise fail(f"city {cname!r} has no province")
        check_position(info, f"city {cname!r}", fail)
        zone.append(z)
        lat.append(float(info["lat"]))
        lon.append(float(info["lon"]))
        xy = info.get("xy")
        layout.append((float(xy[0]), float(xy[1])) if xy else None)
    return zone, lat, lon, layout


def _read_parallel(parallel: Any, index: dict[str, int], fail: Fail) -> set[tuple[int, int, int]]:
    """``parallel_routes``: (kind, city, city) that may be joined by two routes of one kind."""
    allowed_twice: set[tuple[int, int, int]] = set()
    if not isinstance(parallel, list):
        raise fail(f"parallel_routes must be a list of [kind, city, city], not {parallel!r}")
    for item in parallel:
        if (not isinstance(item, list) or len(item) != 3 or not all(isinstance(x, str) for x in item)
                or item[0] not in KIND_NAMES or item[1] not in index or item[2] not in index):
            raise fail(f"parallel_routes: {item!r} must be [kind, known city, known city]")
        x, y = sorted((index[item[1]], index[item[2]]))
        allowed_twice.add((KIND_NAMES.index(item[0]), x, y))
    return allowed_twice


def _read_routes(raw: dict[str, Any], index: dict[str, int], fail: Fail) -> list[Route]:
    """``routes``: [kind, city, city] with an optional "no-stop"; two of one kind between two cities only where
    ``parallel_routes`` allows it."""
    routes: list[Route] = []
    seen: dict[tuple[int, int, int], int] = {}
    allowed_twice = _read_parallel(raw.get("parallel_routes", []), index, fail)
    if not isinstance(raw["routes"], list):
        raise fail(f"routes must be a list of [\"land\"|\"sea\", city, city], not {raw['routes']!r}")
    for i, item in enumerate(raw["routes"]):
        where = f"route {i + 1} ({' '.join(map(str, item)) if isinstance(item, list) else repr(item)})"
        if not isinstance(item, list) or len(item) not in (3, 4):
            raise fail(f"{where}: must be [\"land\"|\"sea\", city, city] with an optional \"no-stop\"")
        kind_name, a_name, b_name = item[0], item[1], item[2]
        if kind_name not in KIND_NAMES:
            raise fail(f"{where}: kind must be 'land' or 'sea', not {kind_name!r}")
        for cname in (a_name, b_name):
            if not isinstance(cname, str) or cname not in index:
                raise fail(f"{where}: unknown city {cname!r}")
        if a_name == b_name:
            raise fail(f"{where}: a route must join two different cities")
        no_stop = False
        if len(item) == 4:
            if item[3] != "no-stop":
                raise fail(f"{where}: the fourth field may only be \"no-stop\", not {item[3]!r}")
            no_stop = True
        kind = KIND_NAMES.index(kind_name)
        a, b = sorted((index[a_name], index[b_name]))
        ends = (kind, a, b)
        seen[ends] = seen.get(ends, 0) + 1
        if seen[ends] > 1 and ends not in allowed_twice:
            raise fail(f"{where}: duplicate route (declare it in parallel_routes if the board really has two)")
        if seen[ends] > 2:
            raise fail(f"{where}: duplicate route (parallel_routes allows two routes of one kind, not more)")
        routes.append(Route(len(routes), kind, a, b, no_stop))
    return routes


def _read_bends(raw: Any, index: dict[str, int], routes: list[Route],
                fail: Any) -> tuple[tuple[tuple[float, float], ...], ...]:
    """``bends = [{ route = [kind, city, city], via = [[x, y], ...] }, ...]``: the points (layout units, like the
    cities' ``xy``) a route's drawing passes through on its way, so that it does not cross a third city. For drawing
    only; each names one route of the board, once."""
    out: list[tuple[tuple[float, float], ...]] = [() for _ in routes]
    if not isinstance(raw, list):
        raise fail(f"bends must be a list of {{ route = [kind, city, city], via = [[x, y], ...] }}, not {raw!r}")
    for item in raw:
        route = item.get("route") if isinstance(item, dict) else None
        where = f"bends: {' '.join(map(str, route)) if isinstance(route, list) else repr(item)}"
        if not isinstance(item, dict) or set(item) != {"route", "via"}:
            raise fail(f"{where}: must be {{ route = [kind, city, city], via = [[x, y], ...] }}")
        if (not isinstance(route, list) or len(route) != 3 or route[0] not in KIND_NAMES
                or not all(isinstance(c, str) for c in route)):
            raise fail(f"{where}: route must be [\"land\"|\"sea\", city, city]")
        for cname in route[1:]:
            if cname not in index:
                raise fail(f"{where}: unknown city {cname!r}")
        kind = KIND_NAMES.index(route[0])
        ends = sorted((index[route[1]], index[route[2]]))
        found = [r.id for r in routes if r.kind == kind and [r.a, r.b] == ends]
        if len(found) != 1:
            raise fail(f"{where}: " + ("no such route" if not found else "two routes join these cities; "
                                                                          "a bend cannot tell them apart"))
        via = item["via"]
        if (not isinstance(via, list) or not via
                or not all(isinstance(p, list) and len(p) == 2 and all(is_number(v) for v in p) for p in via)):
            raise fail(f"{where}: via must be a list of points [x, y] (two numbers each), not {via!r}")
        if out[found[0]]:
            raise fail(f"{where}: the route has bends twice")
        points = [(float(p[0]), float(p[1])) for p in via]
        # given from route[1] to route[2]: kept from the route's first city (a) to its second (b)
        out[found[0]] = tuple(points if index[route[1]] == ends[0] else points[::-1])
    return tuple(out)


def _check_connected(board: Board, fail: Any) -> None:
    """Every city must be reachable from the capital (or, without a capital, from the first city) by routes."""
    n = len(board.cities)
    adj: list[set[int]] = [set() for _ in range(n)]
    for r in board.routes:
        adj[r.a].add(r.b)
        adj[r.b].add(r.a)
    start = board.capital if board.capital is not None else 0
    seen = {start}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        for c2 in adj[c] - seen:
            seen.add(c2)
            queue.append(c2)
    missing = [board.cities[c] for c in range(n) if c not in seen]
    if missing:
        raise fail(f"unreachable city: {', '.join(missing)} cannot be reached by any route from "
                   f"{board.cities[start]}")
