"""Where does Contrarius build? The plan with its reasons (reach, an empty city, a new province, alphabetical, the
goods fallback), the house and where it comes from, the colonist that moves next to it, and the production after a
Mercator reaction's house."""
from __future__ import annotations

from typing import Any, Final

from sestertius.data.catalog import GOODS
from sestertius.data.solitaria import SoloData
from sestertius.rules.cards.architect import build_house
from sestertius.rules.modes.solitaria.colonists import fallback_colonist, move_colonist
from sestertius.rules.modes.solitaria.contrarius import (
    F_BUILD,
    chooser,
    city_name,
    con,
    cseat,
    data,
    houses_in_supply,
    names,
    roma_track,
    say,
    track,
)
from sestertius.rules.modes.solitaria.fish import produce_fish
from sestertius.rules.modes.solitaria.production import produce_with_markers
from sestertius.rules.modes.solitaria.reach import INF, Reach, passes_occupied
from sestertius.rules.state import AUTOMATON, GameState
from sestertius.rules.steps import Action, Pending


def plan_build(s: GameState, d: SoloData, good: int) -> tuple[int | None, list[str], dict[str, Any]]:
    """Apply "Where does Contrarius build?" for a wanted good: reach, empty city, new province, alphabetical,
    and the goods fallback. Returns the city (None if Contrarius cannot build anywhere), the reasons, and data."""
    b = s.board
    p = con(s)
    mine = set(p.houses)
    my_provinces = {b.province_of[c] for c in p.houses}
    reach = Reach(s)
    points = reach.points
    rules = s.rules.board  # a board may close cities (Sicilia's volcano)
    start = d.fallback_order.index(good)
    order = d.fallback_order[start:] + d.fallback_order[:start]
    reasons: list[str] = []
    t = roma_track(s)
    on_track = set(t.site_space) if t is not None else set()  # Roma: the ship alone builds on the track
    for g in order:
        gname = GOODS[g]
        cands = [c for c in b.buildable() if s.city_good[c] == g and c not in mine and c not in on_track]
        closed = [c for c in cands if not rules.can_build(s, c)]
        if closed:
            reasons.append(f"{names(s, closed)}: no house may be built there now ({rules.name} board rule)")
            cands = [c for c in cands if c not in closed]
        if not cands:
            reasons.append(f"no {gname} city without its house is left")
            continue
        far = [c for c in cands if reach.steps(c) > points]
        near = [c for c in cands if reach.steps(c) <= points]
        if far:
            blocked = [c for c in far if reach.steps(c) >= INF]
            slow = [c for c in far if c not in blocked]
            if slow:
                reasons.append(f"{names(s, slow)}: not reachable with {points} step{'s' * (points != 1)}")
            if blocked:  # every line next to it taken, or none of its colonists' kinds leads there
                reasons.append(f"{names(s, blocked)}: no free line next to it that its colonists can reach"
                               + ("" if passes_occupied(s) else " over empty lines"))
        if not near:
            reasons.append(f"no {gname} city is reachable")
            continue
        reasons.append(f"{gname} cities within reach: {names(s, near)}")
        empty = [c for c in near if s.houses[c] == 0]
        if empty and len(empty) < len(near):
            reasons.append(f"{names(s, [c for c in near if c not in empty])}: already has a house "
                           f"(an empty city comes first)")
            near = empty
        new = [c for c in near if b.province_of[c] not in my_provinces]
        if new and len(new) < len(near):
            reasons.append(f"{names(s, [c for c in near if c not in new])}: in a province where it already has "
                           f"a house (a new province comes first)")
            near = new
        near.sort(key=lambda c: b.cities[c])
        if len(near) > 1:
            reasons.append(f"{' before '.join(city_name(s, c) for c in near)} alphabetically")
        city = near[0]
        return city, reasons, {"good": gname, "city": city, "steps": reach.steps(city), "points": points,
                               "reach": reach}
    return None, reasons, {"good": GOODS[good], "city": None, "points": points}


def house_source(s: GameState) -> str | None:
    """Take a house for Contrarius to build or to mark with: from its supply, or when that is empty from the far end
    of the victory point track. Returns where it came from (words for the log), or None: it has no house left."""
    if houses_in_supply(s) > 0:
        return "from its supply"
    if not track(s):
        return None
    return f"from the far end of the victory point track ({track(s).pop()}), its supply being empty"


def build_contrarius_house(s: GameState, city: int) -> None:
    """Put a house of Contrarius into a city (no cost); its 15th house ends the game."""
    build_house(s, cseat(s), city, pay_cost=False)


# the fields of the steps (their records: steps.py)
CONTRARIUS_BUILD_GOOD: Final = 2  # ("contrarius_build", AUTOMATON, good, purpose, chain): build for this good...
CONTRARIUS_BUILD_PURPOSE: Final = 3  # ... why ("track": the house its marker reached on the track)...
CONTRARIUS_BUILD_CHAIN: Final = 4  # ... and the fallbacks tried in this reaction (flags)
CONTRARIUS_MOVE_CITY: Final = 2  # ("contrarius_move", chooser, city): the city its colonist moves next to
CONTRARIUS_PRODUCE_PROVINCE: Final = 2  # ("contrarius_produce", AUTOMATON, province)


def legal_build(s: GameState, st: Pending) -> list[Action]:
    return [("build",)]


def apply_build(s: GameState, st: Pending, a: Action) -> None:
    good, purpose, chain = st[CONTRARIUS_BUILD_GOOD], st[CONTRARIUS_BUILD_PURPOSE], st[CONTRARIUS_BUILD_CHAIN]
    s.pending.pop()
    build(s, data(s), good, purpose, chain)


def build(s: GameState, d: SoloData, good: int, purpose: str, chain: int) -> None:
    """Build a house where "Where does Contrarius build?" leads for this good (``purpose`` "track": the house is the
    one its marker reached on the victory point track), and move a colonist next to it."""
    if purpose != "track" and houses_in_supply(s) <= 0 and not track(s):
        say(s, "cannot build: all its houses are built; it places a colonist instead")
        return fallback_colonist(s, d, chain | F_BUILD)
    city, reasons, info = plan_build(s, d, good)
    if city is None:
        say(s, f"wants to build in a {GOODS[good]} city but cannot build anywhere ("
               + "; ".join(reasons) + "): it places a colonist instead", **info)
        return fallback_colonist(s, d, chain | F_BUILD)
    source = "from the victory point track" if purpose == "track" else house_source(s)
    reach = info.pop("reach")
    say(s, f"builds in {city_name(s, city)}: wants a {GOODS[good]} city; " + "; ".join(reasons)
        + f" → {city_name(s, city)} (house {source})", **info)
    steps, moves = reach.shortest(city)
    build_contrarius_house(s, city)
    if roma_track(s) is not None:  # after the house's colonist move and production: the ship (A-SOLO-ROMA)
        s.pending.append(("contrarius_ship", AUTOMATON))
    if purpose == "build_produce":
        s.pending.append(("contrarius_produce", AUTOMATON, s.board.province_of[city]))
    if steps == 0:
        say(s, f"a colonist already stands next to {city_name(s, city)}: none moves")
    elif len(moves) == 1:
        move_colonist(s, moves[0][0], moves[0][1], f"the shortest way next to {city_name(s, city)}")
    else:
        say(s, f"{len(moves)} ways of {steps} step{'s' * (steps != 1)} lead next to {city_name(s, city)}: "
               f"you choose which colonist moves onto which line")
        s.pending.append(("contrarius_move", chooser(s), city))


# -- the colonist next to the new house, when the player chooses ----------------------------------------------
def legal_move(s: GameState, st: Pending) -> list[Action]:
    """Equally short ways next to the city Contrarius built in: the player chooses (the first is the default)."""
    _, moves = Reach(s).shortest(st[CONTRARIUS_MOVE_CITY])
    return [("cmove", slot, r) for slot, r in moves]


def apply_move(s: GameState, st: Pending, a: Action) -> None:
    s.pending.pop()
    move_colonist(s, a[1], a[2], f"next to {city_name(s, st[CONTRARIUS_MOVE_CITY])}, the way you chose")


# -- the Mercator reaction: the province of the new house produces -------------------------------------------
def legal_produce(s: GameState, st: Pending) -> list[Action]:
    return [("produce",)]


def apply_produce(s: GameState, st: Pending, a: Action) -> None:
    """Mercator reaction, after building: the province produces (the player's houses only, no bonus good), or if it
    already produced, all markers are reactivated when at least 3 show their coins (the fish market: see
    ``produce_fish``)."""
    prov = st[CONTRARIUS_PRODUCE_PROVINCE]
    s.pending.pop()
    if s.rules.uses("fish_market"):
        produce_fish(s, data(s), prov)
    else:
        produce_with_markers(s, data(s), prov)
