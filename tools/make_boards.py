#!/usr/bin/env python3
"""Generate the board data files ``sestertius/data/boards/<board>.toml`` from the shared board topologies.

Inputs (paths relative to the project root):

* ``../shared/maps/<board>.txt`` -- provinces, cities with their token zone, capital and routes (facts), layout
  hints (``pos``), printed spellings (``name``) and the board-specific extras (Sicilia's volcano provinces,
  Balearica's start boats, Roma's start oval, gates, ship track and god table), plus the file's own counts and
  degree lists, which are checked here;
* ``../shared/maps/README.md`` -- its table of counts, also checked here;
* ``tools/city_coordinates.toml`` -- the real latitude/longitude of every place (a missing or unused entry is refused).

Output: one TOML file per board in the loader's format (see ``sestertius/board.py``); each written text is parsed
back with ``tomllib`` and compared with the data it was made from, then loaded with ``parse_board``.

Usage::

    python tools/make_boards.py              # write every board
    python tools/make_boards.py --check      # exit 1 if a data file differs from what would be written
    python tools/make_boards.py roma italia  # only these boards
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT.parent / "shared" / "maps"
COORDS = ROOT / "tools" / "city_coordinates.toml"
BENDS = ROOT / "tools" / "route_bends.toml"
OUT = ROOT / "sestertius" / "data" / "boards"

BOARDS = ("imperium", "italia", "hellas", "ionium", "cyprus", "sicilia", "balearica", "roma")
TITLES = {b: b.title() for b in BOARDS}
# recommended player counts (../shared/rules/README.md, section 4)
PLAYERS = {"imperium": (3, 5), "italia": (2, 4), "hellas": (3, 4), "ionium": (4, 5), "cyprus": (5, 6),
           "sicilia": (2, 5), "balearica": (3, 3), "roma": (2, 5)}
TOKENS = {"A": 7, "B": 8, "C": 10, "D": 5}  # city tokens per zone letter in the box
GOD_NAMES = {"VESTA": "Vesta", "IVPITER": "Jupiter", "SATVRNVS": "Saturnus", "MERCVRIVS": "Mercurius",
             "MARS": "Mars", "MINERVA": "Minerva", "VENVS": "Venus"}
WRAP = 118
BEND_TABLE: dict[str, list[Any]] = {}  # tools/route_bends.toml, read by main()


class MapError(Exception):
    pass


# -- reading a shared map file --------------------------------------------------------------------------------------

@dataclass
class MapFile:
    board: str
    header: str = ""
    provinces: list[tuple[str, str, list[tuple[str, str]]]] = field(default_factory=list)  # (name, raw, [(city, z)])
    capital: str | None = None
    capital_note: str = ""
    routes: list[tuple[str, str, str, str]] = field(default_factory=list)  # (kind, a, b, flag text or "")
    pos: dict[str, tuple[float, float]] = field(default_factory=dict)
    spelling: dict[str, str] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    degrees: dict[str, str] = field(default_factory=dict)
    volcano: list[tuple[str, list[str]]] = field(default_factory=list)
    islands: str = ""
    start: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)
    startpt: list[tuple[str, tuple[str, str], tuple[float, float]]] = field(default_factory=list)
    start_notes: list[str] = field(default_factory=list)
    gates: list[tuple[str, str, str]] = field(default_factory=list)  # (side, road, site)
    track: list[list[str]] = field(default_factory=list)
    gods: list[list[str]] = field(default_factory=list)
    doubts: list[str] = field(default_factory=list)


def province_name(raw: str) -> str:
    """'Black/dark brown (west)' -> 'Black'; 'CAMPUS MARTIUS (orange, A)' -> 'CAMPUS MARTIUS'."""
    return re.sub(r"\s*\([^)]*\)", "", raw).split("/")[0].strip()


def route_ends(text: str, where: str) -> tuple[str, str]:
    """The two cities of a route written "A-B"."""
    ends = text.split("-")
    if len(ends) != 2:
        raise MapError(f"{where}: a route is written CITY-CITY, not {text!r}")
    return ends[0], ends[1]


def read_map(board: str, path: Path) -> MapFile:
    m = MapFile(board)
    section = ""
    lines = path.read_text(encoding="utf-8").splitlines()
    m.header = lines[0].lstrip("# ").strip()
    for n, line in enumerate(lines[1:], start=2):
        where = f"{path.name}:{n}"
        if not line.strip():
            continue
        if line.startswith("##   "):  # an indented note belonging to the current section
            if section == "start":
                m.start_notes.append(line[2:].strip())
            continue
        if line.startswith("##"):
            text = line[2:].strip()
            head = text.split(":")[0].split("(")[0].strip().lower()
            section = head
            if head == "capital":
                value = text.split(":", 1)[1].strip()
                name = re.split(r"[(.]", value, maxsplit=1)[0].strip()
                m.capital = None if name.lower() == "none" else name
                m.capital_note = value
            elif head == "counts":
                for k, v in re.findall(r"\b(\w+)=(\d+)", text):
                    m.counts[k] = int(v)
                for k, v in re.findall(r"\b([A-D]) (\d+)\b", text):
                    m.counts[k] = int(v)
            elif head == "volcano provinces":
                body = text.split(":", 1)[1]
                for name, members in re.findall(r"([^,()]+?)\s*\(([^)]*)\)", body):
                    m.volcano.append((province_name(name), [c.strip() for c in members.split(",")]))
            elif head == "islands":
                m.islands = text.split(":", 1)[1].strip()
            elif head == "degree check" and ":" in text and text.split(":", 1)[1].strip():
                for item in text.split(":", 1)[1].split(","):
                    city, deg = item.strip().rsplit(" ", 1)
                    m.degrees[city] = deg
            continue
        if line.startswith("#"):
            text = line[1:].strip()
            if section == "degree check":
                for item in text.split(";"):
                    city, deg = item.strip().rsplit(" ", 1)
                    m.degrees[city] = deg
            continue
        fields = line.split("\t")
        tag = fields[0]
        try:
            if tag in ("land", "sea"):
                flag = fields[3] if len(fields) > 3 else ""
                if flag and not flag.upper().startswith("NO-STOP"):
                    raise MapError(f"{where}: unknown route flag {flag!r}")
                m.routes.append((tag, fields[1], fields[2], flag))
            elif tag == "pos":
                m.pos[fields[1]] = (float(fields[2]), float(fields[3]))
            elif tag == "name":
                m.spelling[fields[1]] = fields[2]
            elif tag == "start":
                m.start.append((fields[1], [route_ends(r, where) for r in fields[2:]]))
            elif tag == "startpt":
                m.startpt.append((fields[1], route_ends(fields[2], where), (float(fields[3]), float(fields[4]))))
            elif tag == "gate":
                m.gates.append((fields[1], fields[2], fields[3]))
            elif tag == "track":
                m.track.append(fields[1:])
            elif tag == "god":
                m.gods.append(fields[1:])
            elif tag == "doubt":
                m.doubts.append(f"{fields[1]}: {fields[2]}")
            elif line.startswith("- ") and section == "doubts":
                m.doubts.append(line[2:].strip())
            elif section in ("provinces", "quarters") and ":" in line:
                raw, members = line.split(":", 1)
                cities = []
                for item in members.split(","):
                    mm = re.fullmatch(r"\s*(.+?)\(([A-DX])\)\s*", item)
                    if not mm:
                        raise MapError(f"{where}: cannot read city {item.strip()!r}")
                    cities.append((mm.group(1), mm.group(2)))
                m.provinces.append((province_name(raw), raw.strip(), cities))
            else:
                raise MapError(f"{where}: cannot read line {line!r}")
        except (IndexError, ValueError) as e:
            raise MapError(f"{where}: malformed line {line!r} ({e})") from None
    return m


def match(pattern: str, text: str, whole: bool = False) -> re.Match[str]:
    """The match of a pattern the map files must hold; a clear error where they do not."""
    found = (re.fullmatch if whole else re.match)(pattern, text)
    if found is None:
        raise SystemExit(f"unexpected text {text!r}: does not match {pattern}")
    return found


def read_readme_table(path: Path) -> dict[str, dict[str, Any]]:
    """The README's count table: cities, capital (bool), provinces, land, sea per board."""
    table: dict[str, dict[str, Any]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] not in BOARDS:
            continue
        cities = int(match(r"\d+", cells[2]).group())
        capital = re.match(r"\d+\s*\+\s*[A-Z]", cells[2]) is not None  # "30 + Roma"
        land, sea = (int(x) for x in match(r"(\d+)\s*/\s*(\d+)", cells[4]).groups())
        table[cells[0]] = {"cities": cities + capital, "capital": capital,
                           "provinces": int(match(r"\d+", cells[3]).group()), "land": land, "sea": sea}
    return table


# -- building the board data ----------------------------------------------------------------------------------------

def roma_name(printed: str) -> str:
    """A printed Roma label in ordinary spelling: 'TEMPL. ISIDIS ET SERAPIDIS' -> 'Templum Isidis et Serapidis'."""
    words = []
    for w in printed.split():
        words.append({"TEMPL.": "Templum", "ET": "et"}.get(w, w.capitalize()))
    return " ".join(words)


def need(cond: bool, msg: str) -> None:
    if not cond:
        raise MapError(msg)


def parse_gain(text: str) -> dict[str, Any]:
    """A ship-track bonus as printed: '1 brick', '5 sestertii', '1 food OR 1 tool'."""
    if " OR " in text:
        return {"choice": [part.split()[-1] for part in text.split(" OR ")]}
    amount, what = text.split()
    return {"gain": {what: int(amount)}}


def build(m: MapFile, coords: dict[str, list[float]]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The TOML document (as plain data) and the comments that go with it."""
    b = m.board
    src = f"{m.board}.txt"
    is_roma = b == "roma"
    cname = roma_name if is_roma else (lambda s: s)
    notes: dict[str, Any] = {"doubts": m.doubts, "province_raw": {}, "route_note": {}, "city_note": {}}
    used_coords: set[str] = set()

    def latlon(key: str) -> tuple[float, float]:
        need(key in coords, f"{COORDS.name}: [{b}] has no position for {key!r}")
        used_coords.add(key)
        lat, lon = coords[key]
        return float(lat), float(lon)

    # provinces and cities
    provinces: dict[str, list[str]] = {}
    zone_of: dict[str, str] = {}
    order: list[str] = []
    for pname, raw, members in m.provinces:
        pname = cname(pname)
        need(pname not in provinces, f"{src}: province {pname!r} listed twice")
        provinces[pname] = []
        if raw != pname and not is_roma:
            notes["province_raw"][pname] = raw
        for city, z in members:
            need(city not in zone_of, f"{src}: city {city!r} in two provinces")
            if z == "X":
                need(city == m.capital, f"{src}: {city!r} is marked X (capital) but the capital is {m.capital!r}")
            else:
                need(city != m.capital, f"{src}: the capital {city!r} has a zone letter {z!r}")
            zone_of[city] = "" if z == "X" else z
            provinces[pname].append(cname(city))
            order.append(city)
    if m.capital is not None and m.capital not in zone_of:  # a capital outside every province (Sicilia)
        zone_of[m.capital] = ""
        order.append(m.capital)
    cities: dict[str, dict[str, Any]] = {}
    for city in order:
        info: dict[str, Any] = {}
        if zone_of[city]:
            info["zone"] = zone_of[city]
        info["lat"], info["lon"] = latlon(city)
        if city in m.pos:
            info["xy"] = list(m.pos[city])
        if is_roma:
            info["spelling"] = city
        elif city in m.spelling:
            info["spelling"] = m.spelling[city]
        cities[cname(city)] = info
    for name in m.spelling:
        need(name in zone_of, f"{src}: printed spelling for unknown city {name!r}")

    # routes
    routes: list[list[str]] = []
    seen: dict[tuple[str, str, str], int] = {}
    for kind, a, bb, flag in m.routes:
        for c in (a, bb):
            need(c in zone_of, f"{src}: route {kind} {a}–{bb}: unknown city {c!r}")
        item = [kind, cname(a), cname(bb)] + (["no-stop"] if flag else [])
        if flag:
            notes["route_note"][len(routes)] = f"{flag}: may be passed but not stopped on"
        routes.append(item)
        first, second = sorted((a, bb))
        key = (kind, first, second)
        seen[key] = seen.get(key, 0) + 1
    parallel = [[k, cname(x), cname(y)] for (k, x, y), count in seen.items() if count > 1]

    doc: dict[str, Any] = {"name": b, "title": TITLES[b]}
    if m.capital is not None:
        doc["capital"] = m.capital
    doc["players"] = list(PLAYERS[b])
    if parallel:
        doc["parallel_routes"] = parallel
    if m.volcano:
        for pname, volcano_cities in m.volcano:
            need(pname in provinces and sorted(provinces[pname]) == sorted(volcano_cities),
                 f"{src}: volcano province {pname!r} {volcano_cities} does not match its province")
        doc["volcano_provinces"] = [p for p, _ in m.volcano]
    doc["routes"] = routes
    bends = BEND_TABLE.get(b, [])
    if bends:
        for kind, x, y, _ in bends:
            need([kind, x, y] in routes or [kind, y, x] in routes, f"{src}: route_bends.toml: no route {kind} {x}-{y}")
        doc["bends"] = [{"route": [kind, x, y], "via": via} for kind, x, y, via in bends]
    doc["provinces"] = provinces
    doc["cities"] = cities

    # Balearica: start boats
    if m.start:
        sea_pairs = {frozenset((a, bb)) for kind, a, bb, _ in m.routes if kind == "sea"}
        boats: dict[str, Any] = {}
        for boat, pairs in m.start:
            for pair in pairs:
                need(frozenset(pair) in sea_pairs, f"{src}: start boat {boat}: no sea route {'-'.join(pair)}")
            ends = {pair: xy for bt, pair, xy in m.startpt if bt == boat}
            need(set(ends) == set(pairs), f"{src}: start boat {boat}: startpt lines do not match its routes")
            lat, lon = latlon(boat)
            boats[boat] = {"lat": lat, "lon": lon}
            if boat in m.pos:
                boats[boat]["xy"] = list(m.pos[boat])
            boats[boat]["routes"] = [["sea", a, bb] for a, bb in pairs]
            boats[boat]["line_ends"] = [list(ends[pair]) for pair in pairs]
        doc["start_boats"] = boats
        notes["start"] = m.start_notes

    # Roma: start oval, gates, gate routes, ship track, god table
    if is_roma:
        roma: dict[str, Any] = {}
        lat, lon = latlon("START")
        roma["start"] = {"lat": lat, "lon": lon, "xy": list(m.pos["START (oval)"])}
        need(bool(m.track) and m.track[0][2] == "start", f"{src}: the first track space must be the start")
        roma["sea_start"] = roma_name(m.track[0][1])
        gates: dict[str, Any] = {}
        gate_routes: list[list[str]] = []
        for side, road, site in m.gates:
            need(site in zone_of, f"{src}: gate {side}: unknown site {site!r}")
            gname = side.capitalize()
            if gname not in gates:
                lat, lon = latlon(f"GATE {side}")
                gates[gname] = {"road": roma_name(road), "spelling": road, "lat": lat, "lon": lon,
                                "xy": list(m.pos[f"GATE {side} ({road})"])}
            gate_routes.append([gname, roma_name(site)])
        roma["gate_routes"] = gate_routes
        crossing = [k for k in m.pos if k.startswith("EAST gate road crossing")]
        if crossing:
            roma["east_gate_crossing_xy"] = list(m.pos[crossing[0]])
        roma["gates"] = gates
        track = []
        for i, (order_no, name, kind, what, drawn) in enumerate(m.track, start=1):
            need(int(order_no) == i, f"{src}: track space {name} out of order")
            space: dict[str, Any] = {"space": i, "name": roma_name(name), "spelling": name, "kind": kind}
            if kind == "bonus":
                if what == "coins":  # unreadable value: assumption A-MASSILIA (../shared/rules/README.md)
                    space["gain"] = {"sestertii": 3}
                    notes["massilia"] = i
                else:
                    space.update(parse_gain(what))
            elif kind == "building":
                space["house_sites"] = [g.strip() for g in what.split(",")]
            space["printed"] = what
            space["drawn"] = drawn
            lat, lon = latlon(f"TRACK {name}")
            space.update({"lat": lat, "lon": lon, "xy": list(m.pos[f"TRACK {name}"])})
            track.append(space)
        roma["track"] = track
        gods = []
        for printed, points, icon, meaning in m.gods:
            god: dict[str, Any] = {"name": GOD_NAMES[printed], "spelling": printed}
            if points == "?":
                god["variable"] = True
            else:
                god["points"] = int(points)
            god.update({"icon": icon, "meaning": meaning})
            gods.append(god)
        roma["gods"] = gods
        doc["roma"] = roma

    unused = set(coords) - used_coords
    need(not unused, f"{COORDS.name}: [{b}] has unused entries {sorted(unused)}")
    return doc, notes


def check(m: MapFile, doc: dict[str, Any], readme: dict[str, Any]) -> None:
    """The data agrees with the map file's own counts and degree lists and with the README table."""
    src = f"{m.board}.txt"
    cities = doc["cities"]
    land = sum(r[0] == "land" for r in doc["routes"])
    sea = sum(r[0] == "sea" for r in doc["routes"])
    zones = {z: sum(c.get("zone") == z for c in cities.values()) for z in "ABCD"}
    have = {"cities": len(cities), "sites": len(cities), "land": land, "sea": sea,
            "provinces": len(doc["provinces"]), "quarters": len(doc["provinces"]), **zones}
    if "start_boats" in doc:
        have["start_boats"] = len(doc["start_boats"])
        have["start_links"] = sum(len(x["routes"]) for x in doc["start_boats"].values())
    if "roma" in doc:
        have["gate_routes"] = len(doc["roma"]["gate_routes"])
        have["ship_track_spaces"] = len(doc["roma"]["track"])
    for key, value in m.counts.items():
        need(key in have, f"{src}: unknown count {key!r}")
        need(have[key] == value, f"{src}: counts line says {key}={value}, data has {have[key]}")
    for z, n in zones.items():
        need(n <= TOKENS[z], f"{src}: {n} cities in zone {z}, but only {TOKENS[z]} tokens")
    row = readme[m.board]
    need(row == {"cities": len(cities), "capital": "capital" in doc, "provinces": len(doc["provinces"]),
                 "land": land, "sea": sea}, f"README.md table row for {m.board} {row} disagrees with the data")
    # degree lists: "land/sea" (Sicilia, Balearica) or "land[+Ng]" with gate routes (Roma)
    gate_deg: dict[str, int] = {}
    for _, site in doc.get("roma", {}).get("gate_routes", []):
        gate_deg[site] = gate_deg.get(site, 0) + 1
    for city, deg in m.degrees.items():
        name = roma_name(city) if m.board == "roma" else city
        need(name in cities, f"{src}: degree check names unknown city {city!r}")
        dl = sum(r[0] == "land" and name in r[1:3] for r in doc["routes"])
        ds = sum(r[0] == "sea" and name in r[1:3] for r in doc["routes"])
        if "/" in deg:
            want = tuple(int(x) for x in deg.split("/"))
            need((dl, ds) == want, f"{src}: degree check {city} {deg}, data has {dl}/{ds}")
        else:
            mm = match(r"(\d+)(?:\+(\d+)g)?", deg, whole=True)
            want = (int(mm.group(1)), int(mm.group(2) or 0))
            need((dl, gate_deg.get(name, 0)) == want,
                 f"{src}: degree check {city} {deg}, data has {dl} land + {gate_deg.get(name, 0)} gate")


# -- writing TOML ---------------------------------------------------------------------------------------------------

def q(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def key(s: str) -> str:
    return s if re.fullmatch(r"[A-Za-z0-9_-]+", s) else q(s)


def val(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return q(v)
    if isinstance(v, list):
        return "[" + ", ".join(val(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{key(k)} = {val(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)


def assign(k: str, v: Any) -> list[str]:
    """`k = v`, with a long array written one item a line."""
    line = f"{key(k)} = {val(v)}"
    if len(line) <= WRAP or not isinstance(v, list):
        return [line]
    return [f"{key(k)} = ["] + [f"  {val(x)}," for x in v] + ["]"]


def comment(text: str, indent: str = "") -> list[str]:
    return [indent + "# " + line for line in textwrap.wrap(text, WRAP - len(indent) - 2)] or [indent + "#"]


def render(m: MapFile, doc: dict[str, Any], notes: dict[str, Any], status: str) -> str:
    b = m.board
    out: list[str] = []
    out.append(f"# {doc['title']}: provinces, cities and routes of the board (facts restated from "
               f"../shared/maps/{b}.txt)")
    out += comment(f"Source status (../shared/maps/README.md): {status}.")
    out += comment("Generated by tools/make_boards.py from that file and tools/city_coordinates.toml. lat/lon: the "
                   "real position of each place (ancient city, or monument in ancient Rome); xy: where it sits on the "
                   "printed board (layout hint, fractions, x right, y down). A user with the physical board may fix "
                   "a mistake here directly: the file is validated on load (sestertius.board.parse_board); please "
                   "also report it so that the shared map file can be corrected.")
    if notes["doubts"]:
        out.append("#")
        out.append(f"# Doubts recorded in ../shared/maps/{b}.txt:")
        for d in notes["doubts"]:
            wrapped = textwrap.wrap(d, WRAP - 4)
            out.append("# - " + wrapped[0])
            out += ["#   " + w for w in wrapped[1:]]
    out.append("")
    for k in ("name", "title", "capital", "players"):
        if k in doc:
            line = f"{k} = {val(doc[k])}"
            if k == "capital":
                line += "  # no city token, so no zone letter"
                if not any(doc["capital"] in members for members in doc["provinces"].values()):
                    line += "; it belongs to no province"
            out.append(line)
    if "capital" not in doc:
        out.append("# no capital" + ("; see [start_boats]" if "start_boats" in doc else "; see [roma]"))
    if "parallel_routes" in doc:
        out += comment("pairs joined by two routes of one kind: each is its own route space")
        out.append(f"parallel_routes = {val(doc['parallel_routes'])}")
    if "volcano_provinces" in doc:
        out += comment("provinces shown with a volcano icon (the 3 columns of the volcano display), "
                       "in the order of the source file")
        out.append(f"volcano_provinces = {val(doc['volcano_provinces'])}")
    out.append("routes = [")
    for i, r in enumerate(doc["routes"]):
        line = f"  {val(r)},"
        if i in notes["route_note"]:
            line += f"  # {notes['route_note'][i]}"
        out.append(line)
    out.append("]")
    if "bends" in doc:
        out += comment("bends: where a route's drawing turns on its way (xy as the cities'), so that it passes no "
                       "third city; from tools/route_bends.toml, for drawing only")
        out.append("bends = [")
        out += [f"  {{ route = {val(x['route'])}, via = {val(x['via'])} }}," for x in doc["bends"]]
        out.append("]")
    out.append("")
    out.append("[provinces]" + ("  # Roma: its quarters" if b == "roma" else ""))
    for p, members in doc["provinces"].items():
        line = f"{key(p)} = {val(members)}"
        if p in notes["province_raw"]:
            line += f"  # {notes['province_raw'][p]}"
        out.append(line)
    out.append("")
    out.append("[cities]" + ("  # Roma: its building sites" if b == "roma" else ""))
    for c, info in doc["cities"].items():
        out.append(f"{key(c)} = {val(info)}")
    if "start_boats" in doc:
        out.append("")
        out += comment("Start boats (no city, no province): each player starts with 1 sea colonist on each boat. "
                       "The first step of a starting sea colonist goes onto one of the sea routes listed for its "
                       "boat (joined to it by a thin blue line on the board). line_ends: where each thin line meets "
                       "its sea route (xy, same order as routes).")
        for note in notes.get("start", []):
            out += comment(note)
        if m.islands:
            out += comment(f"Islands: {m.islands}")
        for boat, info in doc["start_boats"].items():
            out.append(f"[start_boats.{key(boat)}]")
            for k, v in info.items():
                out += assign(k, v)
            out.append("")
        out.pop()
    if "roma" in doc:
        render_roma(doc["roma"], notes, m, out)
    return "\n".join(out) + "\n"


def render_roma(roma: dict[str, Any], notes: dict[str, Any], m: MapFile, out: list[str]) -> None:
    out.append("")
    out.append("[roma]")
    out += comment("start: the START oval outside the wall (in Horti Caesaris), joined to no road. Every land "
                   "colonist starts there; its first step goes through a gate of the player's choice onto one of "
                   "the gate routes. sea_start: the first ship-track space, where every new sea colonist is placed "
                   "(Roma has no sea routes; sea colonists move along the track). No capital: START and OSTIA "
                   "replace the capital on TRIBUNE and COLONIST.")
    out.append(f"start = {val(roma['start'])}")
    out.append(f"sea_start = {val(roma['sea_start'])}")
    out += comment("gate routes: [gate, the one building site at the inner end]. A gate is not a site; colonists "
                   "never leave the city again. The EAST gate (Via Tiburtina) has three gate routes; the drawn X "
                   "just inside it is read as these three routes and no land route Horti Maecenatis–Amphitheatrum "
                   "Castrense (see the doubts above for the alternative).")
    out.append("gate_routes = [")
    for gr in roma["gate_routes"]:
        out.append(f"  {val(gr)},")
    out.append("]")
    if "east_gate_crossing_xy" in roma:
        out.append(f"east_gate_crossing_xy = {val(roma['east_gate_crossing_xy'])}  # where the roads cross (X)")
    out.append("")
    out.append("[roma.gates]  # the four gates in the wall, named by side; road: the road printed outside")
    for g, info in roma["gates"].items():
        out.append(f"{key(g)} = {val(info)}")
    out.append("")
    out += comment("Ship track, left to right. Sea colonists move only forward; one movement step goes to any later "
                   "space; only one own sea colonist may enter BYZANTIUM per turn. kind: start | bonus (gain or "
                   "choice on entering) | building (build 1 house on one of its house_sites on entering, normal "
                   "cost; counts as a province for SATVRNVS/VENVS) | god (score one god of the table below). "
                   "printed: the bonus column of the source; drawn: how the space is drawn.")
    for space in roma["track"]:
        out.append("")
        out.append("[[roma.track]]")
        if notes.get("massilia") == space["space"]:
            out += comment("coin value not legible on the board (II + I?): 3 sestertii is assumption A-MASSILIA "
                           "of ../shared/rules/README.md; check the physical board")
        for k, v in space.items():
            out += assign(k, v)
    out.append("")
    out += comment("BYZANTIUM god table, top to bottom as printed: entering BYZANTIUM scores one god at once as for "
                   "one card of it; half points (rounded up) if another colour already marks it; each player each "
                   "god once; marking with the last house ends the game. variable: scored as a specialist card of "
                   "the player's choice. points, icon and meaning are what the table prints, shown to the players; "
                   "the scoring itself is the god's own (data/components.toml [scoring]), so changing them changes "
                   "no score.")
    for god in roma["gods"]:
        out.append("")
        out.append("[[roma.gods]]")
        for k, v in god.items():
            out += assign(k, v)


# -- main -----------------------------------------------------------------------------------------------------------

def make(board: str, coords: dict[str, Any], readme: dict[str, Any], statuses: dict[str, str]) -> str:
    m = read_map(board, MAPS / f"{board}.txt")
    doc, notes = build(m, coords.get(board, {}))
    check(m, doc, readme)
    text = render(m, doc, notes, statuses[board])
    back = tomllib.loads(text)
    need(back == doc, f"{board}: the written TOML does not read back as the data it was made from")
    return text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("boards", nargs="*", default=list(BOARDS))
    ap.add_argument("--check", action="store_true", help="compare with the files on disk instead of writing")
    args = ap.parse_args(argv)
    coords = tomllib.loads(COORDS.read_text(encoding="utf-8"))
    BEND_TABLE.update(tomllib.loads(BENDS.read_text(encoding="utf-8")))
    readme_text = (MAPS / "README.md").read_text(encoding="utf-8")
    readme = read_readme_table(MAPS / "README.md")
    statuses = {}
    for line in readme_text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] in BOARDS:
            statuses[cells[0]] = cells[1]
    try:
        from sestertius.data.board import parse_board  # validate with the project's own loader
    except ImportError:  # run from a checkout without an installed package
        sys.path.insert(0, str(ROOT))
        from sestertius.data.board import parse_board

    OUT.mkdir(parents=True, exist_ok=True)
    stale = []
    for board in args.boards:
        if board not in BOARDS:
            ap.error(f"unknown board {board!r}; boards: {', '.join(BOARDS)}")
        try:
            text = make(board, coords, readme, statuses)
        except MapError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        loaded = parse_board(text, source=f"{board}.toml")
        path = OUT / f"{board}.toml"
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(board)
            continue
        path.write_text(text, encoding="utf-8")
        land = sum(r.kind == 0 for r in loaded.routes)
        print(f"{path.relative_to(ROOT)}: {len(loaded.cities)} cities, {len(loaded.provinces)} provinces, "
              f"{land} land / {len(loaded.routes) - land} sea routes")
    if stale:
        print(f"out of date: {', '.join(stale)} (run tools/make_boards.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
