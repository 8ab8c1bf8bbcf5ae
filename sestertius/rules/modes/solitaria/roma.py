"""Contrarius on Roma (roma-sicilia.txt, "Roma and the Expansion Solitaria"; A-SOLO-ROMA): after each house it
builds during play its frontmost ship moves on to the next of CARTHAGO, ATHENAE, BYZANTIUM; there it may build a
house on the track (the white die) or score a god (Roma's ``mark_god``)."""
from __future__ import annotations

from typing import Any

from sestertius.data.board import SEA
from sestertius.data.catalog import GOODS
from sestertius.data.solitaria import SoloData
from sestertius.rules.boards.roma.byzantium import mark_god
from sestertius.rules.boards.roma.rules import RomaRules
from sestertius.rules.modes.solitaria.building import build_contrarius_house, house_source
from sestertius.rules.modes.solitaria.contrarius import (
    F_NONE,
    city_name,
    con,
    cseat,
    data,
    face_good,
    part,
    roma_track,
    say,
    scored,
)
from sestertius.rules.state import CHANCE, STORE, GameState
from sestertius.rules.steps import Action, Pending


def frontmost_ship(s: GameState) -> int | None:
    """The slot of Contrarius' sea colonist furthest along the ship track (the lower slot on a tie), or None."""
    t = roma_track(s)
    assert t is not None
    col = con(s).col
    start = t.start(s)
    ships = [slot for slot, loc in enumerate(col) if s.kind_of(slot) == SEA and loc != STORE and loc > start]
    return max(ships, key=lambda slot: (col[slot], -slot)) if ships else None


def legal_ship(s: GameState, st: Pending) -> list[Action]:
    return [("sail",)]


def apply_ship(s: GameState, st: Pending, a: Action) -> None:
    """After a house of Contrarius on Roma: its frontmost ship moves on to the next of CARTHAGO, ATHENAE, BYZANTIUM."""
    s.pending.pop()
    d = data(s)
    rule = d.boards["roma"]
    t = roma_track(s)
    assert t is not None
    start = t.start(s)
    slot = frontmost_ship(s)
    if slot is None:
        say(s, "has no ship on the ship track: no ship moves")
        return
    k = con(s).col[slot] - start
    route = [next(n for n, sp in t.spaces.items() if sp["name"] == name) for name in rule["ship_spaces"]]
    ahead = [x for x in route if x > k]
    if not ahead:
        say(s, f"its frontmost ship is in {t.spaces[k]['name']} already: it moves no further")
        return
    k2 = ahead[0]
    con(s).col[slot] = start + k2
    space = t.spaces[k2]
    say(s, f"moves its frontmost ship from {t.spaces[k]['name']} to {space['name']} (Roma: whenever it builds a "
           f"house, its frontmost ship moves on to {', then '.join(rule['ship_spaces'])})", slot=slot, space=k2)
    if space["kind"] == "god":
        byzantium(s)
    elif space["kind"] == "building":
        level = part(s).difficulty
        if level in rule.get("track_build_levels", ()):
            die = d.dice[rule["track_die"]]
            say(s, f"{level}: rolls the {die.name} for a house in {space['name']} (it builds when the result fits a "
                   f"building site there)")
            s.pending.append(("contrarius_roll", CHANCE, rule["track_die"], "ship", F_NONE))
        else:
            say(s, f"{level}: it builds no house in {space['name']}")


def ship_build(s: GameState, d: SoloData, face: Any) -> None:
    """The white die's result in CARTHAGO or ATHENAE: a free house on the site of that good, if it has none there."""
    t = roma_track(s)
    assert t is not None
    slot = frontmost_ship(s)
    if slot is None:
        return
    k = con(s).col[slot] - t.start(s)
    name = t.spaces[k]["name"]
    good = face_good(s, d, face, "the die")
    bit = 1 << cseat(s)
    sites = [c for c in t.space_sites.get(k, ()) if s.city_good[c] == good]
    free = [c for c in sites if not s.houses[c] & bit]
    if not free:
        why = "it has a house there already" if sites else "no building site there"
        say(s, f"{GOODS[good]} does not fit a building site in {name} ({why}): it builds no house there")
        return
    source = house_source(s)
    if source is None:
        say(s, f"{GOODS[good]} fits {city_name(s, free[0])}, but it has no house left: it builds nothing")
        return
    say(s, f"{GOODS[good]} fits {city_name(s, free[0])}: it builds a house there ({source})", city=free[0])
    build_contrarius_house(s, free[0])


def byzantium(s: GameState) -> None:
    """Contrarius' ship in BYZANTIUM: it scores the god worth most to it, marked with one of its houses."""
    rules = s.rules.board
    assert isinstance(rules, RomaRules)
    seat = cseat(s)
    options = rules.god_options(s, seat)
    if not options:
        say(s, "has scored every god already: Byzantium gives it nothing")
        return
    source = house_source(s)
    if source is None:
        say(s, "has no house left to mark a god: Byzantium gives it nothing")
        return
    values = [(rules.god_points(s, seat, a), a) for a in options]
    best = max(v for v, _ in values)
    a = next(a for v, a in values if v == best)  # ties: the god table's order

    def label(a: Action) -> str:
        return f"Minerva as {GOODS[a[2]]}" if a[1] == "Minerva" else a[1]

    minerva = max((v for v, o in values if o[1] == "Minerva"), default=None)
    shown = ", ".join(f"{label(o)} {v}" for v, o in values if o[1] != "Minerva" or v == minerva)
    mark_god(s, seat, a, lambda pts, half: scored(
        s, pts, f"scores {label(a)} in Byzantium, the highest scoring god for it ({shown})"
        + (" (half: already marked)" if half else "") + f", marking it with a house {source}"))
