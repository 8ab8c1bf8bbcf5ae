"""Roma's ``[roma]`` table of a board file, checked when the file is loaded (:func:`check_roma`, called by
:func:`~sestertius.data.board.build_board`): every value the Roma rules read (:mod:`sestertius.rules.boards.roma`:
the gates and their routes, the ship track with its bonuses and house sites, the gods of Byzantium) must have its
type and name a known gate, site, good or god. A mistake is refused with a
:class:`~sestertius.data.board_checks.BoardError` naming the file and the key (``roma.track[2] (Massilia): gain:
unknown key 'sesterii' ...``), before any game starts; nothing of the file is used.

A user corrects a value of the board (e.g. Massilia's coins, assumption A-MASSILIA) in ``data/boards/roma.toml``
itself, so the checks are those of the shipped file as much as of an edited one.
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Any, Final

from sestertius.data.board_checks import Fail, check_position, check_xy
from sestertius.data.catalog import GODS, GOODS

# the keys of each table: True if it must be there
ROMA: Final = {"start": False, "sea_start": False, "gate_routes": True, "east_gate_crossing_xy": False, "gates": True,
        "track": True, "gods": True}
PLACE: Final = {"lat": False, "lon": False, "xy": False}
GATE: Final = {"road": True, "spelling": False, **PLACE}
SPACE: Final = {"space": True, "name": True, "kind": True, "spelling": False, "printed": False, "drawn": False,
         "lat": True, "lon": True, "xy": False}
SPACE_KINDS: Final = {"start": {}, "bonus": {"gain": False, "choice": False}, "building": {"house_sites": True},
               "god": {}}  # kind -> the keys of its own
GOD: Final = {"name": True, "spelling": False, "points": False, "variable": False, "icon": False, "meaning": False}
WORDS: Final = ("spelling", "printed", "drawn", "icon", "meaning")  # texts shown, never read by the rules


def check_roma(raw: Any, sites: Collection[str], fail: Fail) -> None:
    """The ``[roma]`` table of a board file whose building sites are ``sites``; ``fail(message)`` refuses it."""
    if raw is None:
        raise fail("missing key 'roma' (the table [roma]: the Roma board's gates, ship track and gods)")
    roma = _table(raw, "roma", ROMA, fail)
    gates = _gates(roma["gates"], fail)
    _gate_routes(roma["gate_routes"], gates, sites, fail)
    names = _track(roma["track"], fail)
    if "sea_start" in roma and roma["sea_start"] != names[0]:
        raise fail(f"roma.sea_start = {roma['sea_start']!r}: must name the track's first space, {names[0]!r}")
    _gods(roma["gods"], fail)
    if "start" in roma:
        check_position(_table(roma["start"], "roma.start", PLACE, fail), "roma.start", fail, need=False)
    check_xy(roma.get("east_gate_crossing_xy"), "roma.east_gate_crossing_xy", fail)


# -- the parts of [roma] ---------------------------------------------------------------------------------------------
def _gates(raw: Any, fail: Fail) -> dict[str, Any]:
    """``[roma.gates]``: gate name -> { road = "Via ...", ... }."""
    if not isinstance(raw, dict) or not raw:
        raise fail(f"roma.gates must be a table of gates, like North = {{ road = \"Via Flaminia\" }}, not {raw!r}")
    for name, info in raw.items():
        where = f"roma.gates.{name}"
        _place(_table(info, where, GATE, fail), where, fail)
        _word(info["road"], f"{where}: road", fail)
    return raw


def _gate_routes(raw: Any, gates: dict[str, Any], sites: Collection[str], fail: Fail) -> None:
    """``gate_routes = [[gate, site], ...]``: each a gate of ``[roma.gates]`` and the building site behind it."""
    if not isinstance(raw, list) or not raw:
        raise fail(f"roma.gate_routes must be a list of [gate, building site], not {raw!r}")
    seen: list[Any] = []
    for i, item in enumerate(raw):
        where = f"roma.gate_routes[{i + 1}] = {item!r}"
        if not isinstance(item, list) or len(item) != 2:
            raise fail(f"{where}: must be [gate, building site]")
        gate, site = item
        if not isinstance(gate, str) or gate not in gates:
            raise fail(f"{where}: unknown gate {gate!r} (gates of [roma.gates]: {', '.join(gates)})")
        if not isinstance(site, str) or site not in sites:
            raise fail(f"{where}: unknown building site {site!r} (a city of [cities])")
        if item in seen:
            raise fail(f"{where}: the same gate route twice")
        seen.append(item)


def _track(raw: Any, fail: Fail) -> list[str]:
    """``[[roma.track]]``: the spaces, numbered 1.., the start first and the god space (Byzantium) last. Returns
    their names in space order."""
    if not isinstance(raw, list) or not raw:
        raise fail(f"roma.track must be a list of [[roma.track]] spaces, not {raw!r}")
    names: dict[int, str] = {}
    kinds: dict[int, str] = {}
    for i, info in enumerate(raw):
        where = f"roma.track[{i + 1}]"
        if not isinstance(info, dict):
            raise fail(f"{where} must be a table, not {info!r}")
        if isinstance(info.get("name"), str):
            where += f" ({info['name']})"
        kind = info.get("kind")
        if not isinstance(kind, str) or kind not in SPACE_KINDS:
            raise fail(f"{where}: kind must be one of {', '.join(map(repr, SPACE_KINDS))}, not {kind!r}")
        space = _table(info, where, {**SPACE, **SPACE_KINDS[kind]}, fail)
        _place(space, where, fail)
        name = _word(space["name"], f"{where}: name", fail)
        k = space["space"]
        if type(k) is not int or k in names:
            raise fail(f"{where}: space must be a whole number, each space's own, not {k!r}")
        if name in names.values():
            raise fail(f"{where}: two spaces are named {name!r}")
        names[k], kinds[k] = name, kind
        if kind == "bonus":
            _bonus(space, where, fail)
        elif kind == "building":
            _goods(space["house_sites"], f"{where}: house_sites", fail)
    order = sorted(names)
    if order != list(range(1, len(order) + 1)):
        raise fail(f"roma.track: the spaces must be numbered 1 to {len(order)}, each once, not {order}")
    ends = [k for k in order if kinds[k] in ("start", "god")]
    if ends != [1, len(order)] or kinds[1] != "start":
        raise fail("roma.track: space 1 must be the only one of kind 'start' (OSTIA) and the last space the only "
                   "one of kind 'god' (BYZANTIUM)")
    return [names[k] for k in order]


def _bonus(space: dict[str, Any], where: str, fail: Fail) -> None:
    """A bonus space: ``gain = { sestertii = 3 }`` (sestertii or goods, whole numbers) and/or ``choice = [goods]``
    (one of them)."""
    if not space.get("gain") and not space.get("choice"):
        raise fail(f"{where}: a bonus space needs gain = {{ sestertii = n }} (or goods) or choice = [goods]")
    gain = space.get("gain", {})
    if not isinstance(gain, dict):
        raise fail(f"{where}: gain must be a table like {{ sestertii = 3 }} or {{ brick = 1 }}, not {gain!r}")
    for key, n in gain.items():
        if key != "sestertii" and key not in GOODS:
            raise fail(f"{where}: gain: unknown key {key!r}; a gain takes sestertii or a good "
                       f"({', '.join(GOODS)})")
        if type(n) is not int or n < 0:
            raise fail(f"{where}: gain.{key} must be a whole number, 0 or more, not {n!r}")
    if "choice" in space:
        _goods(space["choice"], f"{where}: choice", fail)


def _gods(raw: Any, fail: Fail) -> None:
    """``[[roma.gods]]``: the god table, each a god of the cards (Minerva: scored as a specialist) once."""
    if not isinstance(raw, list) or not raw:
        raise fail(f"roma.gods must be a list of [[roma.gods]] tables, not {raw!r}")
    seen: set[str] = set()
    for i, info in enumerate(raw):
        where = f"roma.gods[{i + 1}]"
        god = _table(info, where, GOD, fail)
        name = god["name"]
        if name not in GODS:
            raise fail(f"{where}: name = {name!r}: unknown god (gods: {', '.join(GODS)})")
        if name in seen:
            raise fail(f"{where}: name = {name!r}: the god is listed twice")
        seen.add(name)
        _words(god, f"{where} ({name})", fail)
        points, variable = god.get("points", 0), god.get("variable", False)
        if type(points) is not int or points < 0:
            raise fail(f"{where} ({name}): points must be a whole number, 0 or more, not {points!r}")
        if not isinstance(variable, bool):
            raise fail(f"{where} ({name}): variable must be true or false, not {variable!r}")


# -- values ----------------------------------------------------------------------------------------------------------
def _table(raw: Any, where: str, keys: dict[str, bool], fail: Fail) -> dict[str, Any]:
    """A table with only the ``keys`` (True: it must be there)."""
    if not isinstance(raw, dict):
        raise fail(f"{where} must be a table, not {raw!r}")
    for key in raw:
        if key not in keys:
            raise fail(f"{where}: unknown key {key!r}; it takes {', '.join(keys)}")
    for key, need in keys.items():
        if need and key not in raw:
            raise fail(f"{where}: missing key {key!r}")
    return raw


def _place(info: dict[str, Any], where: str, fail: Fail) -> None:
    """A place's texts and its position (where it has them)."""
    _words(info, where, fail)
    check_position(info, where, fail, need=False)


def _words(info: dict[str, Any], where: str, fail: Fail) -> None:
    """A table's texts shown to the players (where it has them)."""
    for key in WORDS:
        if key in info:
            _word(info[key], f"{where}: {key}", fail)


def _word(x: Any, where: str, fail: Fail) -> str:
    if not isinstance(x, str) or not x:
        raise fail(f"{where} must be a text in quotes, not {x!r}")
    return x


def _goods(raw: Any, where: str, fail: Fail) -> None:
    """A list of goods, each once."""
    if not isinstance(raw, list) or not raw:
        raise fail(f"{where} must be a list of goods ({', '.join(GOODS)}), not {raw!r}")
    for g in raw:
        if g not in GOODS:
            raise fail(f"{where}: unknown good {g!r} (goods: {', '.join(GOODS)})")
    if len(set(raw)) != len(raw):
        raise fail(f"{where}: a good is listed twice in {raw!r}")
