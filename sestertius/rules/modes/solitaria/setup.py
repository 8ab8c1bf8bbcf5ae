"""The setup against Contrarius: the solo stacks and the display, the players' start (the difficulty level's points),
Contrarius' seat, cards and houses on the victory point track, and its start: in the capital, or the veteran start
(A-VETERAN) with the line the player chooses when several are equally short."""
from __future__ import annotations

import random
from typing import Any, Final, Protocol

from sestertius.data.board import LAND, SEA
from sestertius.data.catalog import GOODS
from sestertius.data.solitaria import SoloData, difficulty_key, solo_data
from sestertius.rules.cards.architect import build_house
from sestertius.rules.modes.solitaria.colonists import free_slot, place_on_route
from sestertius.rules.modes.solitaria.contrarius import (
    PLAYER,
    ContrariusPart,
    capital,
    city_name,
    con,
    cseat,
    humans,
    remember,
    roma_track,
    say,
    track,
)
from sestertius.rules.modes.solitaria.reach import capital_label, capital_lines, distances
from sestertius.rules.state import AUTOMATON, NOBODY, STORE, GameState, PlayerState, _draw
from sestertius.rules.steps import Action, Pending
from sestertius.rules.turn import refill_display


class Setup(Protocol):
    """What the setup asks of the ruleset: the modes against Contrarius differ in these only."""
    title: str

    def config(self, d: SoloData) -> dict[str, Any] | None: ...

    def pm_start(self, d: SoloData) -> int: ...

    def setup_extra(self, s: GameState, d: SoloData) -> None: ...


def set_up(s: GameState, rs: Setup) -> None:
    d = solo_data()
    remember(d)
    key = difficulty_key(s.options.difficulty)
    level = d.difficulty[key]  # a known level: the rulebook checked it
    s.cat = cat = d.catalog
    rnd = random.Random(s.rng ^ 0x501174A1A)
    config = rs.config(d)

    # the solo stacks, shuffled separately, stack I on top; the display
    s.deck, s.deck_labels = [], []
    stacks: dict[str, tuple[str, ...]] = d.stacks if config is None else config["stacks"]
    for numeral in reversed(list(stacks)):
        cards = list(stacks[numeral])
        rnd.shuffle(cards)
        s.deck.extend(cards)
        s.deck_labels.extend([numeral] * len(cards))
    s.seen_decks = ()
    s.display = [_draw(s) for _ in range(cat.display_size)]

    # the player(s)
    start_vp = s.options.start_vp if s.options.start_vp is not None else level["start_vp"]
    for seat in humans(s):
        p = s.players[seat]
        p.money = d.money if config is None else config["money"][seat]
        p.goods = list(d.goods)
        p.hand = list(d.hand if config is None else config["hands"][seat])
        p.vp = start_vp if config is None or config.get("level_points", (True, True))[seat] else 0
    p = s.players[PLAYER]

    # Contrarius: a seat that never plays
    c = PlayerState()
    c.col = [STORE] * (cat.land_colonists + cat.sea_colonists)
    c.hand = list(d.contrarius_cards)
    s.players.append(c)
    s.n = len(s.players)
    s.pm = rs.pm_start(d)
    s.parts["contrarius"] = ContrariusPart(key, cat.houses, sorted(level.get("track", [])),
                                           fish=0 if s.rules.uses("fish_market") else None)
    rs.setup_extra(s, d)
    s.log("setup", NOBODY, f"{rs.title}, difficulty {key}: "
          + ("you start" if s.options.players == 1 else "each player starts") + f" with {p.vp} VP"
          + (f"; Contrarius' houses on the victory point track at {', '.join(map(str, track(s)))}"
             if track(s) else ""))
    if d.take_first_specialist:
        for pos, k in enumerate(s.display):
            if k is not None and cat.cards[k].action == "specialist":
                c.hand.append(k)
                s.display[pos] = None
                say(s, f"takes the first specialist of the display, {cat.cards[k].title} (position {pos + 1}), "
                       f"as its sixth card", card=k)
                break
        refill_display(s)

    if roma_track(s) is not None:  # Roma: START and OSTIA stand in for the capital (A-SOLO-ROMA)
        s.rules.board.setup(s)  # the derived board; every seat's colonists on START and in OSTIA
        if level["contrarius_start"] == "capital":
            say(s, "places 1 land colonist on Start and 1 sea colonist in Ostia (Roma: they stand in for the "
                   "capital)")
        else:
            c.col[0] = STORE  # its land colonists are placed by the veteran rule; its ship starts in Ostia
            say(s, "veteran start on Roma: its sea colonist starts in Ostia, where its ship track begins")
            veteran_start(s, int(level.get("houses", 1)))
    elif level["contrarius_start"] == "capital":
        cap = capital(s)
        c.col[0] = s.R + cap
        c.col[cat.land_colonists] = s.R + cap
        say(s, f"places 1 land and 1 sea colonist in {city_name(s, cap)}")
    else:
        veteran_start(s, int(level.get("houses", 1)))


# ------------------------------------------------------------------------------------------------------------
# The veteran start (A-VETERAN)
# ------------------------------------------------------------------------------------------------------------
def veteran_start(s: GameState, houses: int) -> None:
    """A house in the most valuable city next to the capital and a colonist on the line between them; the second
    colonist (and with ``houses`` 2 a second house) follows in the step ``contrarius_setup``."""
    b = s.board
    t = roma_track(s)
    if t is not None:  # Roma: the sites one step from START, behind the gates
        near = {g["site"] for g in t.gate_routes}
    else:
        cap = capital(s)
        near = {r.other(cap) for r in b.routes if cap in (r.a, r.b) and not r.no_stop}
    neighbours = sorted(near, key=lambda c: (-s.city_good[c], b.cities[c]))
    first = neighbours[0]
    ties = [c for c in neighbours if s.city_good[c] == s.city_good[first]]
    say(s, f"veteran start: builds a house in {city_name(s, first)}, the most valuable city next to "
           f"{capital_label(s)} ({GOODS[s.city_good[first]]})"
           + (f"; {' before '.join(city_name(s, x) for x in ties)} alphabetically" if len(ties) > 1 else ""),
        city=first)
    build_house(s, cseat(s), first, pay_cost=False)
    s.pending.append(("contrarius_setup", AUTOMATON, first, houses))
    lines = capital_lines(s, first)
    if len(lines) == 1:
        place_on_route(s, lines[0], f"on the line between {capital_label(s)} and {city_name(s, first)}")
    else:
        s.pending.append(("contrarius_line", PLAYER, "first", first))


def second_colonist_options(s: GameState, first: int) -> tuple[int | None, list[int], list[str]]:
    """Veteran start: the next most valuable city (by its good, then alphabetical) a new colonist of either kind can
    reach from the capital with 2 movement points (the usual movement, A-REACH), other than the first city; the
    shortest lines next to it, of either kind (several: the player chooses, land lines first)."""
    b = s.board
    t = roma_track(s)
    origin = t.start(s) if t is not None else s.R + capital(s)  # Roma: START (its sea colonists stay on the track)
    points = sum(1 for loc in con(s).col if 0 <= loc < s.R) + 1  # on the map (not Roma's ship track), and this one
    ways: dict[int, list[tuple[int, int]]] = {}  # city -> (steps, route) next to it
    for kind in (LAND, SEA):
        if free_slot(s, kind) is None:
            continue
        for r, dd in distances(s, kind, origin).items():
            if dd <= points:
                for c in set(b.route_cities[r]) - {b.capital, first}:
                    ways.setdefault(c, []).append((dd, r))
    if not ways:
        return None, [], [f"no city within {points} steps of {capital_label(s)}"]
    ranked = sorted(ways, key=lambda c: (-s.city_good[c], b.cities[c]))
    city = ranked[0]
    ties = [c for c in ranked if s.city_good[c] == s.city_good[city]]
    reasons = [f"{' before '.join(city_name(s, c) for c in ties)} alphabetically"] if len(ties) > 1 else []
    steps = min(dd for dd, _ in ways[city])
    routes = sorted({r for dd, r in ways[city] if dd == steps}, key=lambda r: (b.route_kind[r], r))
    return city, routes, reasons


# the fields of the steps (their records: steps.py)
CONTRARIUS_SETUP_FIRST: Final = 2  # ("contrarius_setup", AUTOMATON, first, houses): the city of its first colonist
CONTRARIUS_SETUP_HOUSES: Final = 3  # ... and the houses of its veteran start
CONTRARIUS_LINE_WHICH: Final = 2  # ("contrarius_line", seat, which, city): "first" or "second" colonist...
CONTRARIUS_LINE_CITY: Final = 3  # ... and the city its line leads to


def apply_setup(s: GameState, st: Pending, a: Action) -> None:
    """Veteran start, second part: the second colonist next to the next most valuable city it can reach (strong
    veteran: and a house there)."""
    first, houses = st[CONTRARIUS_SETUP_FIRST], st[CONTRARIUS_SETUP_HOUSES]
    s.pending.pop()
    city, routes, reasons = second_colonist_options(s, first)
    if city is None:
        say(s, "veteran start: no place for a second colonist (" + "; ".join(reasons) + ")")
        return
    why = (f"next to {city_name(s, city)}, the next most valuable city it can reach "
           f"({GOODS[s.city_good[city]]})" + ("; " + "; ".join(reasons) if reasons else ""))
    if houses >= 2:
        say(s, f"strong veteran start: builds a second house in {city_name(s, city)}", city=city)
        build_house(s, cseat(s), city, pay_cost=False)
    if len(routes) == 1:
        place_on_route(s, routes[0], why)
    else:
        say(s, f"veteran start: its second colonist goes {why}; you choose the line")
        s.pending.append(("contrarius_line", PLAYER, "second", city))


# -- the line the player chooses --------------------------------------------------------------------------------
def legal_line(s: GameState, st: Pending) -> list[Action]:
    """The player chooses the line of a colonist of Contrarius' veteran start (first option: the default)."""
    which, city = st[CONTRARIUS_LINE_WHICH], st[CONTRARIUS_LINE_CITY]
    if which == "first":
        routes = capital_lines(s, city)
    else:
        _, routes, _ = second_colonist_options(s, con(s).houses[0])
    return [("line", r) for r in routes]


def apply_line(s: GameState, st: Pending, a: Action) -> None:
    which, city = st[CONTRARIUS_LINE_WHICH], st[CONTRARIUS_LINE_CITY]
    s.pending.pop()
    where = (f"on the line between {capital_label(s)} and {city_name(s, city)}" if which == "first"
             else f"next to {city_name(s, city)}")
    place_on_route(s, a[1], where + ", the line you chose")
