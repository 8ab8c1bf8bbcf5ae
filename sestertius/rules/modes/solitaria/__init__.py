"""Concordia Solitaria: solo play against the automaton Contrarius.

Contrarius is the last seat (``cseat(s)``: seat 1, ``CONTRARIUS``, in solo play; seat 2 with two players: the third
player mode and the cooperative team play, see ``ThirdPlayerRuleset`` and ``TeamSoloRuleset``), a seat that never
takes a turn: its houses, colonists and victory points live in the ordinary tables (so the board, the player's house
costs and final scoring see them), its face-up cards are its ``hand`` and its face-down cards its ``pile``. It has no
money and never receives goods. ``state.parts``
holds what has no place in a seat: ``extra["contrarius"]`` (difficulty, houses on the victory point track) and
``extra["public"]`` (a summary for views).

After each card the player plays, Contrarius reacts with the reaction printed on that card (a Diplomat: the card it
copied). The reaction is a stack of steps: dice are chance steps (rolled by the state's generator, or entered by a
person with ``options.manual_dice``), rule-driven choices are automaton steps, and the one choice the rules leave to
the player (which colonist moves onto which line, when several are equally short) is a step of seat 0 whose first
option is the default. Every decision of Contrarius is logged with its reasons (event kind ``contrarius``).
"""
from __future__ import annotations

import random
from collections import deque
from typing import Any, Callable

from sestertius.data.catalog import GOODS
from sestertius.data.catalog import load_fish_market
from sestertius.rules.cards.architect import build_house
from sestertius.rules.cards.colonist import place_colonist
from sestertius.rules.modes.base import Ruleset
from sestertius.rules.modes.team import TeamRuleset
from sestertius.rules.scoring import score_seat
from sestertius.rules.state import AUTOMATON, CHANCE, STORE, GameState, PlayerState, TurnInfo, _draw
from sestertius.rules.steps import Step, legal_auto
from sestertius.rules.variants.fish_market import fish
from sestertius.rules.turn import display_empty, effective_top, queue_overflow, refill_display, trigger_end
from sestertius.rules.words import place_name
from sestertius.data.solitaria import SPECIAL_FACE, SoloData, difficulty_key, solo_data

CONTRARIUS = 1  # Contrarius' seat in solo play; in general it is the last seat, ``cseat(s)``
PLAYER = 0  # the (starting) player
NAME = "Contrarius"
KINDS = ("land", "sea")
INF = 10 ** 6
# fallback chain flags: what already failed in one reaction (the supplementary rules never loop)
F_BUILD, F_COLONIST, F_CARD = 1, 2, 4


# ------------------------------------------------------------------------------------------------------------
# Small helpers
# ------------------------------------------------------------------------------------------------------------
_DATA: dict[int, SoloData] = {}  # id(catalog) -> the Solitaria data it was built with (catalogs are cached)


def data(s: GameState) -> SoloData:
    """The Solitaria data of this game (looked up by its catalog: cheap, unlike re-reading the overrides path)."""
    d = _DATA.get(id(s.cat))
    return d if d is not None else solo_data()


def cseat(s: GameState) -> int:
    """Contrarius' seat: the last one, after the players (1 in solo play, 2 with two players)."""
    return s.options.players


def humans(s: GameState) -> range:
    """The seats of the players (every seat but Contrarius')."""
    return range(s.options.players)


def chooser(s: GameState) -> int:
    """Who takes the choices the rules leave to "you" during a reaction: the player whose card Contrarius reacts to
    (the seat whose turn it is; seat 0 during setup)."""
    return PLAYER if s.turn_info.seat is None else s.turn_info.seat


def con(s: GameState) -> PlayerState:
    return s.players[cseat(s)]


def track(s: GameState) -> list[int]:
    return s.parts["contrarius"]["track"]


def houses_in_supply(s: GameState) -> int:
    """Houses in its supply: not built, not on the victory point track, not marking a god (Roma's Byzantium)."""
    return (s.parts["contrarius"]["houses"] - len(con(s).houses) - len(track(s))
            - s.rules.board.other_houses(s, cseat(s)))


def roma_track(s: GameState) -> Any:
    """Roma's track (START, OSTIA, the ship track, the gates) when the game is on Roma, else None."""
    if s.rules.board.name != "roma":
        return None
    from sestertius.rules.boards.roma import track as _roma_track
    return _roma_track(s)


def capital_label(s: GameState) -> str:
    """The capital's name (Roma: the START oval, which stands in for it for land colonists)."""
    return "Start" if roma_track(s) is not None else city_name(s, s.board.capital)


def capital_routes(s: GameState, kind: int) -> list[int]:
    """The empty routes one step from the capital for a colonist of this kind (Roma: the gate routes from START for
    land colonists; sea colonists never leave the ship track)."""
    t = roma_track(s)
    if t is not None:
        return [g["route"] for g in t.gate_routes if s.route_occ[g["route"]] < 0] if kind == 0 else []
    return [r for r in s.board.routes_at[kind][s.board.capital] if s.route_occ[r] < 0]


def city_name(s: GameState, c: int) -> str:
    return s.board.cities[c]


def names(s: GameState, cities: list[int]) -> str:
    return ", ".join(city_name(s, c) for c in sorted(cities, key=lambda c: s.board.cities[c]))


def say(s: GameState, text: str, **data: Any) -> None:
    """Log one decision of Contrarius with its reasons."""
    s.log("contrarius", cseat(s), text, **data)


def publish(s: GameState) -> None:
    """Refresh the public summary of Contrarius that views show (its face-up and face-down cards are public)."""
    p = con(s)
    info = s.parts["contrarius"]
    s.parts["public"] = {"contrarius": {  # tuples: immutable, so copies of the state share them
        "seat": cseat(s), "name": NAME, "difficulty": info["difficulty"], "vp": p.vp,
        "face_up": tuple(p.hand), "face_down": tuple(p.pile), "houses_built": len(p.houses),
        "houses_in_supply": houses_in_supply(s), "track": tuple(track(s)),
        "colonists_on_board": s.colonists_on_board(cseat(s)),
        **({"fish": info["fish"]} if "fish" in info else {}),
        **({"veto": tuple(info["veto"])} if "veto" in info else {}),
    }}


def best_specialist(s: GameState, d: SoloData) -> tuple[str | None, int]:
    """Contrarius' best specialist (Weaver > Vintner > Smith > Farmer > Mason) among all its cards, and its good."""
    owned = set(con(s).hand) | set(con(s).pile)
    for key in d.specialist_order:
        if key in owned:
            return key, s.cat.cards[key].good
    return None, d.fallback_order[0]


# ------------------------------------------------------------------------------------------------------------
# Reach: Contrarius' colonists move over empty routes only
# ------------------------------------------------------------------------------------------------------------
def colonist_distances(s: GameState, slot: int) -> dict[int, int]:
    """Steps from one colonist of Contrarius to every route it can end on, passing only over empty routes (its own
    route counts 0 steps). Routes that may not be stopped on (Ionium's dotted route) are passed, never ends."""
    loc = con(s).col[slot]
    if loc == STORE:
        return {}
    b = s.board
    kind = 0 if slot < s.cat.land_colonists else 1
    occ = s.route_occ
    t = roma_track(s)
    if t is not None and loc >= t.start(s):  # Roma: START (land), or the ship track (sea: never reaches a site)
        if kind == 1 or loc != t.start(s):
            return {}
        if data(s).reach_passes_occupied:
            return {r2: d for d, r2 in t.start_by_distance if occ[r2] < 0 and b.stoppable[r2]}
        seeds = capital_routes(s, 0)
    else:
        seeds = []
    if data(s).reach_passes_occupied:  # the usual movement: occupied lines are passed, each costing a step
        table = b.by_distance[loc] if loc < s.R else b.city_by_distance[kind][loc - s.R]
        out = {loc: 0} if loc < s.R else {}
        for d, r2 in table:
            if occ[r2] < 0 and b.stoppable[r2]:
                out[r2] = d
        return out
    at = b.routes_at[kind]
    rc = b.route_cities
    seen: dict[int, int] = {}
    queue: deque[int] = deque()
    if seeds:  # Roma's START: the first step goes through a gate
        for r in seeds:
            seen[r] = 1
            queue.append(r)
    elif t is not None and loc >= t.start(s):
        pass  # every gate route is taken: no way into the city
    elif loc < s.R:
        seen[loc] = 0
        queue.append(loc)
    else:
        for r in at[loc - s.R]:
            if occ[r] < 0 and r not in seen:
                seen[r] = 1
                queue.append(r)
    while queue:
        r = queue.popleft()
        d = seen[r] + 1
        for c in rc[r]:
            for r2 in at[c]:
                if r2 not in seen and occ[r2] < 0:
                    seen[r2] = d
                    queue.append(r2)
    return {r: d for r, d in seen.items() if b.stoppable[r]}


class Reach:
    """Movement points of Contrarius, and for every city the (steps, slot, route) ways one of its colonists can end
    next to it. Two colonists of one kind at one place are the same colonist here (the lower slot is kept)."""
    __slots__ = ("points", "ways", "best")

    def __init__(self, s: GameState) -> None:
        p = con(s)
        self.points = s.colonists_on_board(cseat(s))
        rc = s.board.route_cities
        ways: dict[int, list[tuple[int, int, int]]] = {}
        best: dict[int, int] = {}
        seen_places: set[tuple[int, int]] = set()
        nland = s.cat.land_colonists
        for slot, loc in enumerate(p.col):
            kind = 0 if slot < nland else 1
            if loc == STORE or (kind, loc) in seen_places:
                continue
            seen_places.add((kind, loc))
            for r, d in colonist_distances(s, slot).items():
                for c in rc[r]:
                    ways.setdefault(c, []).append((d, slot, r))
                    if d < best.get(c, INF):
                        best[c] = d
        self.ways, self.best = ways, best

    def steps(self, c: int) -> int:
        """The fewest steps that bring a colonist next to city ``c`` (INF: none can)."""
        return self.best.get(c, INF)

    def shortest(self, c: int) -> tuple[int, list[tuple[int, int]]]:
        """The fewest steps next to city ``c``, and every (slot, route) that takes that many."""
        d = self.steps(c)
        return d, sorted({(slot, r) for dd, slot, r in self.ways.get(c, []) if dd == d})


# ------------------------------------------------------------------------------------------------------------
# Where does Contrarius build?
# ------------------------------------------------------------------------------------------------------------
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
            if blocked:
                reasons.append(f"{names(s, blocked)}: no free line next to it that its colonists can reach "
                               f"over empty lines")
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


# ------------------------------------------------------------------------------------------------------------
# The ruleset
# ------------------------------------------------------------------------------------------------------------
class SoloRuleset(Ruleset):
    name = "solo"

    def setup(self, s: GameState) -> None:
        d = solo_data()
        _DATA[id(d.catalog)] = d
        b = s.board
        key = difficulty_key(s.options.difficulty)
        level = d.difficulty[key]  # a known level: the rulebook checked it
        s.cat = cat = d.catalog
        rnd = random.Random(s.rng ^ 0x501174A1A)

        # the solo stacks, shuffled separately, stack I on top; the display
        s.deck, s.deck_labels = [], []
        stacks = self.stacks(d)
        for numeral in reversed(list(stacks)):
            cards = list(stacks[numeral])
            rnd.shuffle(cards)
            s.deck.extend(cards)
            s.deck_labels.extend([numeral] * len(cards))
        s.seen_decks = ()
        s.display = [_draw(s) for _ in range(cat.display_size)]

        # the player(s)
        start_vp = s.options.start_vp if s.options.start_vp is not None else level["start_vp"]
        self.setup_players(s, d, start_vp)
        p = s.players[PLAYER]

        # Contrarius: a seat that never plays
        c = PlayerState()
        c.col = [STORE] * (cat.land_colonists + cat.sea_colonists)
        c.hand = list(d.contrarius_cards)
        s.players.append(c)
        s.n = len(s.players)
        s.pm = self.pm_start(d)
        s.parts["contrarius"] = {"difficulty": key, "houses": cat.houses,
                                 "track": sorted(level.get("track", []))}
        self.setup_extra(s, d)
        if s.rules.uses("fish_market"):
            s.parts["contrarius"]["fish"] = 0  # fish the player paid at the market (scored at the end)
        s.log("setup", -1, f"{self.title}, difficulty {key}: "
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

        cap = b.capital
        if roma_track(s) is not None:  # Roma: START and OSTIA stand in for the capital (A-SOLO-ROMA)
            s.rules.board.setup(s)  # the derived board; every seat's colonists on START and in OSTIA
            if level["contrarius_start"] == "capital":
                say(s, "places 1 land colonist on Start and 1 sea colonist in Ostia (Roma: they stand in for the "
                       "capital)")
            else:
                c.col[0] = STORE  # its land colonists are placed by the veteran rule; its ship starts in Ostia
                say(s, "veteran start on Roma: its sea colonist starts in Ostia, where its ship track begins")
                self._veteran_start(s, int(level.get("houses", 1)))
        elif level["contrarius_start"] == "capital":
            c.col[0] = s.R + cap
            c.col[cat.land_colonists] = s.R + cap
            say(s, f"places 1 land and 1 sea colonist in {city_name(s, cap)}")
        else:
            self._veteran_start(s, int(level.get("houses", 1)))
        publish(s)

    # -- what the modes against Contrarius set up differently ------------------------------------------------------
    title = "Solitaria"

    def config(self, d: SoloData) -> dict[str, Any] | None:
        """The two-player modes' own section of solitaria.toml (stacks, money and hand per seat); None in solo."""
        return None

    def stacks(self, d: SoloData) -> dict[str, tuple[str, ...]]:
        c = self.config(d)
        return d.stacks if c is None else c["stacks"]

    def setup_players(self, s: GameState, d: SoloData, start_vp: int) -> None:
        c = self.config(d)
        for seat in humans(s):
            p = s.players[seat]
            p.money = d.money if c is None else c["money"][seat]
            p.goods = list(d.goods)
            p.hand = list(d.hand if c is None else c["hands"][seat])
            p.vp = start_vp

    def pm_start(self, d: SoloData) -> int:
        return -1  # the Praefectus Magnus is a card of the player's hand here, not a token

    def setup_extra(self, s: GameState, d: SoloData) -> None:
        pass

    def reaction(self, d: SoloData, key: str) -> dict[str, Any] | None:
        """Contrarius' reaction to a card (data: [card_reactions] by card, else [reactions] by action)."""
        return d.reaction(key)

    def whose(self, s: GameState) -> str:
        return "your"

    # -- hooks ------------------------------------------------------------------------------------------------
    def after_card(self, s: GameState, seat: int, card: Any) -> None:
        if s.concordia == cseat(s) and s.final_turns == 1:
            say(s, "does not react to your last card: it ended the game")
            return
        s.pending.append(("contrarius_react", AUTOMATON))

    def pm_bonus(self, s: GameState, seat: int) -> bool:
        performed = s.turn_info.performed
        return bool(performed) and seat == PLAYER and performed[-1] in data(s).double_bonus

    def diplomat_targets(self, s: GameState, seat: int) -> list[tuple[int, str]]:
        """Contrarius' face-up cards (not a Diplomat), as targets -1, -2, ... (one per distinct card)."""
        if seat != PLAYER:
            return []
        out: list[tuple[int, str]] = []
        seen: set[str] = set()
        for i, key in enumerate(con(s).hand):
            if key not in seen and s.cat.cards[key].action not in ("diplomat", "magister"):
                seen.add(key)
                out.append((-(i + 1), key))
        return out

    def copy_done(self, s: GameState, seat: int, target: int) -> None:
        p = con(s)
        key = p.hand.pop(-target - 1)
        p.pile.append(key)
        say(s, f"flips its {s.cat.cards[key].title} face down: it cannot be copied again", card=key)
        publish(s)

    def on_end_trigger(self, s: GameState, seat: int) -> None:
        if s.concordia >= 0:
            return
        s.concordia = seat
        if seat == cseat(s):
            s.final_turns = 2  # this turn, then one last card of the player without reaction
            s.log("concordia", seat, "Contrarius takes the Concordia card and ends the game: you play one last card, "
                                     "without reaction")
        else:
            s.final_turns = 1  # the game ends with Contrarius' reaction to this card
            s.log("concordia", seat, "you take the Concordia card and end the game: Contrarius reacts one last time")

    def next_seat(self, s: GameState, seat: int) -> int:
        return PLAYER

    def end_turn(self, s: GameState) -> None:
        super().end_turn(s)
        publish(s)
        if s.over:
            s.parts["contrarius_score"] = score_seat(s, cseat(s))["total"]
            s.parts["player_score"] = score_seat(s, PLAYER)["total"]

    def receives_goods(self, s: GameState, seat: int) -> bool:
        return seat != cseat(s)

    def fish_paid(self, s: GameState, seat: int, n: int) -> None:
        """Fish market: the fish the player pays go to Contrarius instead of the supply."""
        if n:
            info = s.parts["contrarius"]
            info["fish"] += n
            say(s, f"takes the {n} fish you paid at the market (now {info['fish']} fish, "
                   f"{data(s).fish_market.get('vp_per_fish', 1)} VP each at the end)", fish=n)
            publish(s)

    def final_extras(self, s: GameState, seat: int) -> dict[str, int]:
        if seat == cseat(s) and s.rules.uses("fish_market"):
            return {"fish": s.parts["contrarius"]["fish"] * int(data(s).fish_market.get("vp_per_fish", 1))}
        return {}

    def ranking(self, s: GameState) -> list[int]:
        """The player and Contrarius by total points; a tie goes to the holder of the Concordia card."""
        seats = (PLAYER, cseat(s))
        totals = {seat: score_seat(s, seat)["total"] for seat in seats}
        return sorted(seats, key=lambda seat: (-totals[seat], s.concordia != seat))

    # -- veteran start -----------------------------------------------------------------------------------
    def _veteran_start(self, s: GameState, houses: int) -> None:
        b = s.board
        cap = b.capital
        t = roma_track(s)
        if t is not None:  # Roma: the sites one step from START, behind the gates
            near = {g["site"] for g in t.gate_routes}
        else:
            assert cap is not None
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
            _place_on_route(s, lines[0], f"on the line between {capital_label(s)} and {city_name(s, first)}")
        else:
            s.pending.append(("contrarius_line", PLAYER, "first", first))


def capital_lines(s: GameState, city: int) -> list[int]:
    """The lines between the capital and a city next to it (Roma: the gate routes to a site behind a gate)."""
    b = s.board
    t = roma_track(s)
    if t is not None:
        return sorted(g["route"] for g in t.gate_routes if g["site"] == city)
    return sorted((r for r in range(s.R) if set(b.route_cities[r]) == {b.capital, city} and b.stoppable[r]),
                  key=lambda r: (b.route_kind[r], r))


def _kind_for_route(s: GameState, r: int) -> int:
    return s.board.route_kind[r]


def _free_slot(s: GameState, kind: int) -> int | None:
    nland = s.cat.land_colonists
    col = con(s).col
    rng = range(0, nland) if kind == 0 else range(nland, len(col))
    for slot in rng:
        if col[slot] == STORE:
            return slot
    return None


def _place_on_route(s: GameState, r: int, why: str) -> None:
    kind = _kind_for_route(s, r)
    slot = _free_slot(s, kind)
    assert slot is not None
    con(s).col[slot] = r
    s.route_occ[r] = cseat(s)
    say(s, f"places a {KINDS[kind]} colonist on {s.board.route_name(r)} ({why})", route=r)


def _second_colonist_options(s: GameState, first: int) -> tuple[int | None, int, list[int], list[str]]:
    """Veteran start: the next most valuable city the second colonist can reach from the capital (2 movement
    points, empty lines), preferring the kind of colonist not yet placed; the shortest lines next to it."""
    b = s.board
    cap = b.capital
    placed = [slot for slot, loc in enumerate(con(s).col) if 0 <= loc < s.R]  # on the map (not Roma's ship track)
    used_kind = 0 if placed and placed[0] < s.cat.land_colonists else 1
    points = len(placed) + 1
    reasons: list[str] = []
    for kind in (1 - used_kind, used_kind):
        dist: dict[int, int] = {}
        # BFS from the capital over empty routes of this kind
        queue: deque[int] = deque()
        for r in capital_routes(s, kind):
            dist[r] = 1
            queue.append(r)
        while queue:
            r = queue.popleft()
            for c in b.route_cities[r]:
                for r2 in b.routes_at[kind][c]:
                    if r2 not in dist and s.route_occ[r2] < 0:
                        dist[r2] = dist[r] + 1
                        queue.append(r2)
        best: dict[int, int] = {}
        for r, dd in dist.items():
            if dd <= points and b.stoppable[r]:
                for c in b.route_cities[r]:
                    if c not in (cap, first):
                        best[c] = min(best.get(c, INF), dd)
        if not best:
            reasons.append(f"no city within {points} steps for a {KINDS[kind]} colonist")
            continue
        ranked = sorted(best, key=lambda c: (-s.city_good[c], b.cities[c]))
        city = ranked[0]
        ties = [c for c in ranked if s.city_good[c] == s.city_good[city]]
        if len(ties) > 1:
            reasons.append(f"{' before '.join(city_name(s, c) for c in ties)} alphabetically")
        steps = best[city]
        routes = sorted(r for r, dd in dist.items() if dd == steps and b.stoppable[r] and city in b.route_cities[r])
        return city, kind, routes, reasons
    return None, 0, [], reasons


def apply_setup(s: GameState, st: tuple, a: tuple) -> None:
    """Veteran start, second part: the second colonist next to the next most valuable city it can reach (strong
    veteran: and a house there)."""
    _, _, first, houses = st
    s.pending.pop()
    city, kind, routes, reasons = _second_colonist_options(s, first)
    if city is None:
        say(s, "veteran start: no place for a second colonist (" + "; ".join(reasons) + ")")
        return
    why = (f"next to {city_name(s, city)}, the next most valuable city it can reach "
           f"({GOODS[s.city_good[city]]})" + ("; " + "; ".join(reasons) if reasons else ""))
    if houses >= 2:
        say(s, f"strong veteran start: builds a second house in {city_name(s, city)}", city=city)
        build_house(s, cseat(s), city, pay_cost=False)
    if len(routes) == 1:
        _place_on_route(s, routes[0], why)
    else:
        say(s, f"veteran start: its second colonist goes {why}; you choose the line")
        s.pending.append(("contrarius_line", PLAYER, "second", city))


def legal_line(s: GameState, st: tuple) -> list[tuple]:
    """The player chooses the line of a colonist of Contrarius' veteran start (first option: the default)."""
    _, _, which, city = st
    if which == "first":
        routes = capital_lines(s, city)
    else:
        _, _, routes, _ = _second_colonist_options(s, _first_house(s))
    return [("line", r) for r in routes]


def _first_house(s: GameState) -> int:
    return con(s).houses[0]


def apply_line(s: GameState, st: tuple, a: tuple) -> None:
    _, _, which, city = st
    s.pending.pop()
    where = (f"on the line between {capital_label(s)} and {city_name(s, city)}" if which == "first"
             else f"next to {city_name(s, city)}")
    _place_on_route(s, a[1], where + ", the line you chose")


# ------------------------------------------------------------------------------------------------------------
# Reactions
# ------------------------------------------------------------------------------------------------------------
def first_info(s: GameState) -> TurnInfo:
    """What the first action of the turn did (team play: before the partner performed the card too)."""
    return s.turn_info.first or s.turn_info


def reaction_card(s: GameState) -> str | None:
    """The card whose reaction applies: the card played, for a Diplomat the card it copied, for a double card the
    half chosen first, for a Legatus the card the partner played."""
    key = s.turn_info.card
    info = first_info(s)
    if key is not None and s.cat.cards[key].action == "legatus":
        key = s.turn_info.partner_card
    if key is not None and s.cat.cards[key].action == "diplomat":
        key = info.copied
    if key is not None and s.cat.cards[key].action == "double":
        key = info.half
    return key


def legal_react(s: GameState, st: tuple) -> list[tuple]:
    return [("react",)]


def apply_react(s: GameState, st: tuple, a: tuple) -> None:
    s.pending.pop()
    d = data(s)
    key = reaction_card(s)
    if key is None:
        say(s, "does not react: no card was played")
        return
    card = s.cat.cards[key]
    rs = s.rules.mode
    r = rs.reaction(d, key)
    played = s.cat.cards[s.turn_info.card or key]
    head = (f"reacts to {rs.whose(s)} {played.title}"
            + ("" if played.key == key else f" (copying {card.title})" if played.action == "diplomat"
               else f" ({card.title})"))
    info = first_info(s)
    if r is None:
        say(s, f"{head}: this card has no reaction")
        return
    kind = r["kind"]
    if kind == "take_card":
        say(s, f"{head}: rolls the {d.dice[r['die']].name} for the display card it takes")
        s.pending.append(("contrarius_roll", CHANCE, r["die"], "take", 0))
    elif kind == "prefect":
        pinfo = info.prefect
        if pinfo and pinfo[0] == "produce":
            prov = pinfo[1]
            n = sum(s.houses[c].bit_count() for c in s.board.province_cities[prov])
            vp = max(r["produce_min_vp"], r["produce_vp_per_house"] * n)
            why = (f"{n} house{'s' * (n != 1)} in {s.board.provinces[prov]}"
                   + (f", at least {r['produce_min_vp']}" if vp > r["produce_vp_per_house"] * n else ""))
            score(s, vp, f"{head}: you produced, so it scores {vp} VP ({why})")
        else:
            score(s, r["cash_vp"], f"{head}: you reactivated the provinces, so it scores {r['cash_vp']} VP")
    elif kind in ("build", "build_produce"):
        say(s, f"{head}: builds a house; rolls the {d.dice[r['die']].name} for the good")
        s.pending.append(("contrarius_roll", CHANCE, r["die"], kind, 0))
    elif kind == "tribune":
        spec, good = best_specialist(s, d)
        say(s, f"{head}: 1. builds a house in a {GOODS[good]} city (its best specialist: "
               f"{s.cat.cards[spec].title if spec else 'none'}); 2. rolls the {d.dice[r['die']].name}")
        s.pending.append(("contrarius_roll", CHANCE, r["die"], "colonist", 0))
        s.pending.append(("contrarius_build", AUTOMATON, good, "tribune", 0))
        board_reaction(s, d, kind)
    elif kind == "colonist":
        if info.colonist == "cash":
            score(s, r["cash_vp"], f"{head}: you took the money, so it scores {r['cash_vp']} VP")
        else:
            say(s, f"{head}: you placed colonists, so it rolls the {d.dice[r['die']].name}")
            s.pending.append(("contrarius_roll", CHANCE, r["die"], "colonist", 0))
    elif kind == "vp":
        score(s, r["vp"], f"{head}: scores {r['vp']} VP")


def board_reaction(s: GameState, d: SoloData, kind: str) -> None:
    """What the board adds to a reaction (Sicilia: Contrarius draws a volcano tile when it reacts to a Tribune)."""
    rule = d.boards.get(s.board.name, {})
    if kind in rule.get("volcano_reactions", ()):
        say(s, f"draws a volcano tile as well ({s.board.title or s.board.name}: it reacts to a Tribune); "
               f"its bonus goes to nobody")
        s.rules.board.after_recover(s, cseat(s))  # on top: drawn before its house and its die (A-SOLO-VOLCANO)


def score(s: GameState, vp: int, text: str) -> None:
    """Contrarius scores during play; in expert levels, every house its marker reaches on the track is built."""
    p = con(s)
    p.vp += vp
    say(s, f"{text} (now {p.vp} VP)", vp=vp)
    t = track(s)
    reached = [pos for pos in t if pos <= p.vp]
    for pos in reached:
        t.remove(pos)
    for pos in reversed(reached):  # the lowest position is built first (the top of the stack)
        say(s, f"its marker reaches the house at {pos} on the victory point track: it builds that house "
               f"(black Mercator die)")
        s.pending.append(("contrarius_roll", CHANCE, "mercator", "track", 0))


# -- dice ----------------------------------------------------------------------------------------------------
def legal_roll(s: GameState, st: tuple) -> list[tuple]:
    """The faces of the die, one entry per face (so that sampling respects repeated faces); a person entering a roll
    (options.manual_dice) chooses among the distinct values. Only the colonist faces when rolling for a colonist."""
    die = data(s).dice[st[2]]
    faces = die.values() if s.options.manual_dice else die.faces
    if st[3] == "colonist_only":
        faces = tuple(f for f in faces if f in KINDS)
    return [("roll", f) for f in faces]


def apply_roll(s: GameState, st: tuple, a: tuple) -> None:
    _, _, die_key, purpose, chain = st
    s.pending.pop()
    d = data(s)
    die = d.dice[die_key]
    face = a[1]
    s.log("die", CHANCE, f"rolled {face} on the {die.name}", die=die_key, face=face, purpose=purpose)
    asker = veto_asker(s, None)
    if asker is not None:  # Contrarius as a third player: a player may veto this die result
        s.pending.append(("contrarius_veto", asker, die_key, purpose, chain, face))
        return
    resolve_roll(s, d, die_key, purpose, chain, face)


def veto_asker(s: GameState, after: int | None) -> int | None:
    """The next player to be offered a veto of the die just rolled (after ``after`` declined), or None."""
    vetoes = s.parts["contrarius"].get("veto")
    if not vetoes:
        return None
    first = chooser(s)
    order = [first] if data(s).third.get("veto_offer", "both") == "reacting" else [first, 1 - first]
    if after is not None:
        order = order[order.index(after) + 1:] if after in order else []
    for seat in order:
        if vetoes[seat] > 0:
            return seat
    return None


def legal_veto(s: GameState, st: tuple) -> list[tuple]:
    """Keep the die result (the default) or use up the veto card to re-roll it."""
    return [("keep",), ("veto",)]


def apply_veto(s: GameState, st: tuple, a: tuple) -> None:
    _, seat, die_key, purpose, chain, face = st
    s.pending.pop()
    d = data(s)
    if a[0] == "veto":
        vetoes = s.parts["contrarius"]["veto"]
        vetoes[seat] -= 1
        s.log("veto", seat, f"uses the veto card against {face} on the {d.dice[die_key].name}: the die is rolled "
                            f"again", die=die_key, face=face)
        s.pending.append(("contrarius_roll", CHANCE, die_key, purpose, chain))
        return
    nxt = veto_asker(s, seat)
    if nxt is not None:
        s.pending.append(("contrarius_veto", nxt, die_key, purpose, chain, face))
        return
    resolve_roll(s, d, die_key, purpose, chain, face)


def resolve_roll(s: GameState, d: SoloData, die_key: str, purpose: str, chain: int, face: Any) -> None:
    """Carry out a die result of Contrarius."""
    die = d.dice[die_key]
    if purpose == "take":
        take_card(s, d, int(face), f"the {die.name} shows {face}", chain)
    elif purpose in ("build", "build_produce", "track"):
        if face == SPECIAL_FACE:
            spec, good = best_specialist(s, d)
            say(s, f"S on the {die.name}: the good of its best specialist, "
                   f"{s.cat.cards[spec].title if spec else 'none'}: {GOODS[good]}")
        else:
            good = GOODS.index(face)
        s.pending.append(("contrarius_build", AUTOMATON, good, purpose, chain))
    elif purpose == "ship":
        ship_build(s, d, face)
    else:  # colonist, colonist_only
        if face == "card":
            take_card(s, d, 1, f"the {die.name} shows a card", chain)
        else:
            place_new_colonist(s, KINDS.index(face), f"the {die.name} shows a {face} colonist", chain)


# -- building --------------------------------------------------------------------------------------------------
def legal_build(s: GameState, st: tuple) -> list[tuple]:
    return [("build",)]


def apply_build(s: GameState, st: tuple, a: tuple) -> None:
    _, _, good, purpose, chain = st
    s.pending.pop()
    build(s, data(s), good, purpose, chain)


def build(s: GameState, d: SoloData, good: int, purpose: str, chain: int) -> None:
    if purpose != "track" and houses_in_supply(s) <= 0 and not track(s):
        say(s, "cannot build: all its houses are built; it places a colonist instead")
        return fallback_colonist(s, d, chain | F_BUILD)
    city, reasons, info = plan_build(s, d, good)
    if city is None:
        say(s, f"wants to build in a {GOODS[good]} city but cannot build anywhere ("
               + "; ".join(reasons) + "): it places a colonist instead", **info)
        return fallback_colonist(s, d, chain | F_BUILD)
    source = "from the victory point track" if purpose == "track" else "from its supply"
    if purpose != "track" and houses_in_supply(s) <= 0:
        far = track(s).pop()
        source = f"from the far end of the victory point track ({far}), its supply being empty"
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


# -- Roma: the frontmost ship (roma-sicilia.txt, "Roma and the Expansion Solitaria"; A-SOLO-ROMA) ----------------
def frontmost_ship(s: GameState) -> int | None:
    """The slot of Contrarius' sea colonist furthest along the ship track (the lower slot on a tie), or None."""
    t = roma_track(s)
    col = con(s).col
    start = t.start(s)
    ships = [slot for slot in range(s.cat.land_colonists, len(col)) if col[slot] != STORE and col[slot] > start]
    return max(ships, key=lambda slot: (col[slot], -slot)) if ships else None


def legal_ship(s: GameState, st: tuple) -> list[tuple]:
    return [("sail",)]


def apply_ship(s: GameState, st: tuple, a: tuple) -> None:
    """After a house of Contrarius on Roma: its frontmost ship moves on to the next of CARTHAGO, ATHENAE, BYZANTIUM."""
    s.pending.pop()
    d = data(s)
    rule = d.boards["roma"]
    t = roma_track(s)
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
        byzantium(s, d)
    elif space["kind"] == "building":
        level = s.parts["contrarius"]["difficulty"]
        if level in rule.get("track_build_levels", ()):
            die = d.dice[rule["track_die"]]
            say(s, f"{level}: rolls the {die.name} for a house in {space['name']} (it builds when the result fits a "
                   f"building site there)")
            s.pending.append(("contrarius_roll", CHANCE, rule["track_die"], "ship", 0))
        else:
            say(s, f"{level}: it builds no house in {space['name']}")


def ship_build(s: GameState, d: SoloData, face: Any) -> None:
    """The white die's result in CARTHAGO or ATHENAE: a free house on the site of that good, if it has none there."""
    t = roma_track(s)
    slot = frontmost_ship(s)
    if slot is None:
        return
    k = con(s).col[slot] - t.start(s)
    name = t.spaces[k]["name"]
    if face == SPECIAL_FACE:
        spec, good = best_specialist(s, d)
        say(s, f"S on the die: the good of its best specialist, {s.cat.cards[spec].title if spec else 'none'}: "
               f"{GOODS[good]}")
    else:
        good = GOODS.index(face)
    bit = 1 << cseat(s)
    sites = [c for c in t.space_sites.get(k, ()) if s.city_good[c] == good]
    free = [c for c in sites if not s.houses[c] & bit]
    if not free:
        why = "it has a house there already" if sites else "no building site there"
        say(s, f"{GOODS[good]} does not fit a building site in {name} ({why}): it builds no house there")
        return
    source = "from its supply"
    if houses_in_supply(s) <= 0:
        if not track(s):
            say(s, f"{GOODS[good]} fits {city_name(s, free[0])}, but it has no house left: it builds nothing")
            return
        source = f"from the far end of the victory point track ({track(s).pop()}), its supply being empty"
    say(s, f"{GOODS[good]} fits {city_name(s, free[0])}: it builds a house there ({source})", city=free[0])
    build_contrarius_house(s, free[0])


def byzantium(s: GameState, d: SoloData) -> None:
    """Contrarius' ship in BYZANTIUM: it scores the god worth most to it, marked with one of its houses."""
    rules = s.rules.board
    seat = cseat(s)
    options = rules.god_options(s, seat)
    if not options:
        say(s, "has scored every god already: Byzantium gives it nothing")
        return
    source = "from its supply"
    if houses_in_supply(s) <= 0:
        if not track(s):
            say(s, "has no house left to mark a god: Byzantium gives it nothing")
            return
        source = f"from the far end of the victory point track ({track(s).pop()}), its supply being empty"
    values = [(rules.god_points(s, seat, a), a) for a in options]
    best = max(v for v, _ in values)
    pts, a = next((v, a) for v, a in values if v == best)  # ties: the god table's order

    def label(a: tuple) -> str:
        return f"Minerva as {GOODS[a[2]]}" if a[1] == "Minerva" else a[1]

    from sestertius.rules.boards.roma import roma as roma_extra
    r = roma_extra(s)
    i = roma_track(s).gods.index(a[1])
    half = bool(r["marks"][i] & ~(1 << seat))
    marks = list(r["marks"])
    marks[i] |= 1 << seat
    r["marks"] = tuple(marks)
    shown = ", ".join(f"{label(o)} {v}" for v, o in values if o[1] != "Minerva" or v == max(
        vv for vv, oo in values if oo[1] == "Minerva"))
    score(s, pts, f"scores {label(a)} in Byzantium, the highest scoring god for it ({shown})"
          + (" (half: already marked)" if half else "") + f", marking it with a house {source}")
    if len(con(s).houses) + rules.other_houses(s, seat) >= s.cat.houses:
        trigger_end(s, seat)


def build_contrarius_house(s: GameState, city: int) -> None:
    """Put a house of Contrarius into a city (no cost); its 15th house ends the game."""
    build_house(s, cseat(s), city, pay_cost=False)


def move_colonist(s: GameState, slot: int, r: int, why: str) -> None:
    p = con(s)
    loc = p.col[slot]
    kind = 0 if slot < s.cat.land_colonists else 1
    frm = s.board.route_name(loc) if 0 <= loc < s.R else place_name(s, loc - s.R)
    if 0 <= loc < s.R:
        s.route_occ[loc] = -1
    p.col[slot] = r
    s.route_occ[r] = cseat(s)
    say(s, f"moves its {KINDS[kind]} colonist from {frm} to {s.board.route_name(r)} ({why})", slot=slot, route=r)


def legal_move(s: GameState, st: tuple) -> list[tuple]:
    """Equally short ways next to the city Contrarius built in: the player chooses (the first is the default)."""
    _, moves = Reach(s).shortest(st[2])
    return [("cmove", slot, r) for slot, r in moves]


def apply_move(s: GameState, st: tuple, a: tuple) -> None:
    s.pending.pop()
    move_colonist(s, a[1], a[2], f"next to {city_name(s, st[2])}, the way you chose")


def legal_produce(s: GameState, st: tuple) -> list[tuple]:
    return [("produce",)]


def apply_produce(s: GameState, st: tuple, a: tuple) -> None:
    """Mercator reaction, after building: the province produces (the player's houses only, no bonus good), or if it
    already produced, all markers are reactivated when at least 3 show their coins."""
    prov = st[2]
    s.pending.pop()
    d = data(s)
    pname = s.board.provinces[prov]
    rules = s.rules.board
    if s.rules.uses("fish_market"):
        return _produce_fish(s, d, prov)
    if not rules.can_produce(s, prov):
        say(s, f"{pname} can no longer produce (volcano): nothing happens", province=prov)
        return
    if s.marker_up[prov]:
        s.marker_up[prov] = False
        gained = _players_produce(s, prov)
        say(s, f"activates {pname} for production: {gained}; Contrarius receives no goods", province=prov)
        queue_overflow(s, chooser(s))
        return
    need = d.reactions["mercator"].get("reactivate_min_coins", 3)
    # markers that left the map (Sicilia's erupted provinces) show no coins
    coins = sum(1 for i, up in enumerate(s.marker_up) if not up and rules.can_produce(s, i))
    if coins >= need:
        s.marker_up = [True] * len(s.marker_up)
        say(s, f"{pname} has already produced and {coins} bonus markers show coins (at least {need}): "
               f"all bonus markers are reactivated", province=prov)
    else:
        say(s, f"{pname} has already produced and only {coins} bonus marker{'s' * (coins != 1)} show coins "
               f"(fewer than {need}): nothing happens", province=prov)


def _players_produce(s: GameState, prov: int) -> str:
    """The players' houses in a province produce (Contrarius' never do); returns words for the log. With two players
    (third player, team play) every player's houses produce (A-SOLO-PRODUCE-ALL)."""
    parts = []
    for seat in humans(s):
        got = [0] * 5
        bit = 1 << seat
        for c in s.board.province_cities[prov]:
            if s.houses[c] & bit:
                got[s.city_good[c]] += 1
        p = s.players[seat]
        for g, n in enumerate(got):
            p.goods[g] += n
        who = "you" if s.options.players == 1 else f"seat {seat + 1}"
        parts.append(f"{who} receive{'s' * (who != 'you')} "
                     + (", ".join(f"{n} {GOODS[g]}" for g, n in enumerate(got) if n)
                        or ("nothing (no house of yours)" if who == "you" else "nothing (no house there)")))
    return "; ".join(parts)


def _produce_fish(s: GameState, d: SoloData, prov: int) -> None:
    """Mercator reaction with the fish market: the province produces and Contrarius takes its fish (the bonus good);
    if it has no fish (it produced), the fish regrow as after a Prefect's cash when at least 3 provinces have none
    (A-SOLO-FISH)."""
    f = fish(s)
    pname = s.board.provinces[prov]
    spots = f.spots
    if spots[prov]:
        n = spots[prov]
        spots[prov] = 0
        info = s.parts["contrarius"]
        info["fish"] += n
        gained = _players_produce(s, prov)
        s.marker_up[prov] = False
        say(s, f"activates {pname} for production: {gained}; Contrarius takes its {n} fish, the bonus "
               f"good (now {info['fish']} fish)", province=prov, fish=n)
        queue_overflow(s, chooser(s))
        return
    need = int(d.fish_market.get("reactivate_min_empty", 3))
    empty = spots.count(0)
    if empty >= need:
        f.spots = [2 if x == 1 else x or load_fish_market().setup_fish for x in spots]
        s.marker_up = [True] * len(spots)
        say(s, f"{pname} has already produced and {empty} provinces have no fish (at least {need}): the fish "
               f"regrow as after a Prefect's cash (1 fish -> 2, each empty spot gets 1)", province=prov)
    else:
        say(s, f"{pname} has already produced and only {empty} province{'s' * (empty != 1)} have no fish "
               f"(fewer than {need}): nothing happens", province=prov)


# -- colonists and cards -----------------------------------------------------------------------------------------
def place_new_colonist(s: GameState, kind: int, why: str, chain: int) -> None:
    d = data(s)
    cap = s.board.capital
    if _free_slot(s, kind) is None:
        other = 1 - kind
        if _free_slot(s, other) is None:
            say(s, f"{why}, but all its colonists are placed: it takes the card at position 1 instead")
            return take_card(s, d, 1, "instead of a colonist", chain | F_COLONIST)
        say(s, f"{why}, but it has no {KINDS[kind]} colonist left: it places a {KINDS[other]} colonist")
        kind = other
    if roma_track(s) is not None:
        cap = len(s.board.cities) + kind  # Roma: land colonists on START, sea colonists in OSTIA
    say(s, f"places a {KINDS[kind]} colonist in {place_name(s, cap)} ({why})", colonist=KINDS[kind])
    place_colonist(s, cseat(s), kind, cap)


def fallback_colonist(s: GameState, d: SoloData, chain: int) -> None:
    """Supplementary rule: instead of a house, a colonist (the red die decides which kind)."""
    if chain & F_COLONIST:
        say(s, "no other reaction is possible: Contrarius does nothing")
        return
    free = [k for k in (0, 1) if _free_slot(s, k) is not None]
    if not free:
        say(s, "all its colonists are placed: it takes the card at position 1 instead")
        return take_card(s, d, 1, "instead of a colonist", chain | F_COLONIST)
    if len(free) == 1:
        return place_new_colonist(s, free[0], "only one kind of colonist is left, no roll needed", chain)
    say(s, f"rolls the {d.dice['colonist'].name} for the kind of colonist (a card face is rolled again)")
    s.pending.append(("contrarius_roll", CHANCE, "colonist", "colonist_only", chain))


def take_card(s: GameState, d: SoloData, pos: int, why: str, chain: int) -> None:
    """Take the display card at a position (1-based) face up; position empty: the first card; no card at all: build a
    house with the white Senator/Consul die."""
    refill_display(s)
    cards = [i for i, k in enumerate(s.display) if k is not None]
    if not cards:
        if chain & (F_CARD | F_BUILD):
            say(s, f"{why}: no card is left and it cannot build either: Contrarius does nothing")
            return
        say(s, f"{why}: no card is left in the display; it builds a house with the "
               f"{d.dice['senator'].name} instead")
        s.pending.append(("contrarius_roll", CHANCE, "senator", "build", chain | F_CARD))
        return
    i = pos - 1
    note = ""
    if pos > d.take_positions or i >= len(s.display) or s.display[i] is None:
        note = f"; no card at position {pos}, so it takes the first card"
        i = cards[0]
    key = s.display[i]
    assert key is not None
    s.display[i] = None
    con(s).hand.append(key)
    say(s, f"takes {s.cat.cards[key].title} from position {i + 1} of the display face up ({why}{note})", card=key)
    refill_display(s)
    if display_empty(s):
        trigger_end(s, cseat(s))


# ------------------------------------------------------------------------------------------------------------
# Hooks of the ruleset
# ------------------------------------------------------------------------------------------------------------
def _published(fn: Callable[[GameState, tuple, tuple], None]) -> Callable[[GameState, tuple, tuple], None]:
    def apply(s: GameState, st: tuple, a: tuple) -> None:
        fn(s, st, a)
        publish(s)
    apply.__name__ = fn.__name__
    apply.__doc__ = fn.__doc__
    return apply


# ------------------------------------------------------------------------------------------------------------
# Two players against Contrarius
# ------------------------------------------------------------------------------------------------------------
class ThirdPlayerRuleset(SoloRuleset):
    """Contrarius as a third player in a two-player game (solitaria-solo.txt, last section): seat 0 (the starting
    player) plays the base cards without reaction, seat 1 the Solitaria cards, and Contrarius (seat 2) reacts to each
    card of seat 1. Praefectus Magnus passes between the two players; the Diplomat copies the other player; each
    player has one veto card (re-roll a die of Contrarius once per game)."""
    name = "solo_third"
    title = "Solitaria, Contrarius as a third player"

    def config(self, d: SoloData) -> dict[str, Any] | None:
        return d.third

    def pm_start(self, d: SoloData) -> int:
        return int(d.third.get("pm_start", 1))

    def setup_extra(self, s: GameState, d: SoloData) -> None:
        s.parts["contrarius"]["veto"] = [int(d.third.get("veto_cards", 1))] * s.options.players

    def reaction(self, d: SoloData, key: str) -> dict[str, Any] | None:
        if key in d.third.get("regular_cards", ()):  # the Prefect with PM is a regular Prefect here
            return d.reactions.get(d.catalog.cards[key].action)
        return d.reaction(key)

    def whose(self, s: GameState) -> str:
        return f"player {(1 if s.turn_info.seat is None else s.turn_info.seat) + 1}'s"

    def after_card(self, s: GameState, seat: int, card: Any) -> None:
        if seat not in data(s).third.get("reacting_seats", (1,)):
            return  # the starting player's cards never cause a reaction, bought cards included
        if s.concordia == cseat(s) and s.final_turns == 1:
            say(s, f"does not react to player {seat + 1}'s last card: it ended the game")
            return
        s.pending.append(("contrarius_react", AUTOMATON))

    def pm_bonus(self, s: GameState, seat: int) -> bool:
        return s.pm == seat  # the token; the Prefect with PM card is a regular Prefect

    def pm_next(self, s: GameState, seat: int) -> int:
        return 1 - seat  # it circulates between the two players only

    def diplomat_targets(self, s: GameState, seat: int) -> list[tuple[int, str]]:
        """Regular Concordia: the top of the other player's pile (never Contrarius)."""
        if seat not in humans(s):
            return []
        other = 1 - seat
        card = effective_top(s, s.players[other].pile)
        return [] if card is None else [(other, card)]

    def copy_done(self, s: GameState, seat: int, target: int) -> None:
        pass

    def on_end_trigger(self, s: GameState, seat: int) -> None:
        if s.concordia >= 0:
            return
        s.concordia = seat
        if seat == cseat(s):
            s.final_turns = 3  # this turn, then one last card of each player, without reaction (A-THIRD-END)
            s.log("concordia", seat, "Contrarius takes the Concordia card and ends the game: each player plays one "
                                     "last card, without reaction")
        else:
            s.final_turns = 2  # this turn and one more turn of the other player (regular Concordia)
            s.log("concordia", seat, f"player {seat + 1} takes the Concordia card and ends the game: the other "
                                     f"player has one more turn")

    def next_seat(self, s: GameState, seat: int) -> int:
        return 1 - seat

    def end_turn(self, s: GameState) -> None:
        super().end_turn(s)
        if s.over:
            s.parts["player_scores"] = [score_seat(s, seat)["total"] for seat in humans(s)]

    def ranking(self, s: GameState) -> list[int]:
        """Both players and Contrarius by total points; a tie goes to the holder of the Concordia card, then to the
        holder of Praefectus Magnus."""
        seats = (*humans(s), cseat(s))
        totals = {seat: score_seat(s, seat)["total"] for seat in seats}
        return sorted(seats, key=lambda seat: (-totals[seat], s.concordia != seat, s.pm != seat, seat))


class TeamSoloRuleset(SoloRuleset):
    """Cooperative team play against Contrarius (solitaria-team.txt): seats 0 and 1 are a team, Contrarius is seat 2.
    Each card is performed by the active player, then by the partner (team.py's steps); Contrarius reacts to the
    first action only. The team scores the middle of the partners' scores."""
    name = "solo_team"
    title = "Solitaria team play"
    partner_copies_same = True  # "Your partner also copies the same card that you copy"

    def config(self, d: SoloData) -> dict[str, Any] | None:
        return d.team

    # -- the team (team.py's rules, with seat 2 being Contrarius) --------------------------------------------------
    def partner(self, s: GameState, seat: int) -> int | None:
        return 1 - seat if seat < 2 else None

    funds = TeamRuleset.funds
    spend = TeamRuleset.spend
    perform = TeamRuleset.perform

    def venus_with(self, s: GameState, seat: int) -> tuple[int, ...] | None:
        if seat == cseat(s):
            return tuple(humans(s))  # Contrarius: 1 VP per province where it and one of you have a house
        return (1 - seat,)

    def after_card(self, s: GameState, seat: int, card: Any) -> None:
        if s.concordia == cseat(s) and s.final_turns == 1:
            say(s, "does not react to your last card: it ended the game")
        else:
            s.pending.append(("contrarius_react", AUTOMATON))  # after both partners acted
        TeamRuleset.after_card(self, s, seat, card)  # the partner performs the card (not Legatus, Proconsul)

    def before_partner(self, s: GameState) -> None:
        """Keep what the first action did: Contrarius reacts to it, not to the partner's."""
        ti = s.turn_info
        if ti.first is None:
            ti.first = ti.copy()

    def pm_bonus(self, s: GameState, seat: int) -> bool:
        """The Prefect with Praefectus Magnus: a double bonus for its owner (who played it), not for the partner
        performing it too (A-TEAM-PM)."""
        performed = s.turn_info.performed
        if not performed or performed[-1] not in data(s).team.get("double_bonus", ()):
            return False
        pile = s.players[seat].pile
        return bool(pile) and pile[-1] == performed[-1]

    def diplomat_targets(self, s: GameState, seat: int) -> list[tuple[int, str]]:
        """A face-up card of Contrarius, not a Diplomat nor a card that brings in the partner (A-TEAM-DIPLOMAT)."""
        if seat == cseat(s):
            return []
        out: list[tuple[int, str]] = []
        seen: set[str] = set()
        for i, key in enumerate(con(s).hand):
            if key not in seen and s.cat.cards[key].action not in ("diplomat", "magister", "legatus", "proconsul"):
                seen.add(key)
                out.append((-(i + 1), key))
        return out

    def next_seat(self, s: GameState, seat: int) -> int:
        return 1 - seat

    def end_turn(self, s: GameState) -> None:
        super().end_turn(s)
        if s.over:
            a, b = (score_seat(s, seat)["total"] for seat in humans(s))
            s.parts["player_scores"] = [a, b]
            s.parts["team_score"] = (a + b) / 2
            s.parts["player_score"] = (a + b) / 2

    def ranking(self, s: GameState) -> list[int]:
        """The team (both seats, the better first) against Contrarius: the team's score is the middle of its two
        scores; a tie goes to the holder of the Concordia card."""
        c = cseat(s)
        a, b = (score_seat(s, seat)["total"] for seat in humans(s))
        contra = score_seat(s, c)["total"]
        team = [0, 1] if a >= b else [1, 0]
        team_first = a + b > 2 * contra or (a + b == 2 * contra and s.concordia != c)
        return team + [c] if team_first else [c] + team


# ------------------------------------------------------------------------------------------------------------
# Words for the decisions of this mode
# ------------------------------------------------------------------------------------------------------------
def _describe_roll(s: GameState, a: tuple) -> str:
    st = s.pending[-1] if s.pending else None
    if st and st[0] == "contrarius_roll":
        die = data(s).dice[st[2]]
        face = a[1]
        if die.key == "architect":
            return f"{face} (the card at display position {face})"
        if face == SPECIAL_FACE:
            return "S (the good of Contrarius' best specialist)"
        if face in KINDS:
            return f"{face} colonist"
        return str(face)
    return f"roll {a[1]}"


def _describe_cmove(s: GameState, a: tuple) -> str:
    slot, r = a[1], a[2]
    loc = con(s).col[slot]
    kind = KINDS[0 if slot < s.cat.land_colonists else 1]
    frm = s.board.route_name(loc) if 0 <= loc < s.R else place_name(s, loc - s.R)
    return f"Contrarius' {kind} colonist from {frm} to {s.board.route_name(r)}"


def _describe_line(s: GameState, a: tuple) -> str:
    return f"Contrarius' colonist onto {s.board.route_name(a[1])}"


def _step(kind: str, legal, apply, **more) -> Step:  # type: ignore[no-untyped-def]
    return Step(kind, "Contrarius", legal, _published(apply), **more)


_KEEP_OR_VETO = {"keep": lambda s, a: "keep the die result",
                 "veto": lambda s, a: "use your veto card: Contrarius rolls this die again"}
STEPS = (
    _step("contrarius_react", legal_react, apply_react),
    _step("contrarius_roll", legal_roll, apply_roll, prompt="Roll the die and enter the face it shows.",
          chance_prompt="Roll the die for Contrarius and enter the face it shows.", words={"roll": _describe_roll}),
    _step("contrarius_build", legal_build, apply_build),
    _step("contrarius_move", legal_move, apply_move, prompt="Choose which of Contrarius' colonists moves onto which line.",
          words={"cmove": _describe_cmove}),
    _step("contrarius_produce", legal_produce, apply_produce),
    _step("contrarius_setup", legal_auto, apply_setup),
    _step("contrarius_line", legal_line, apply_line,
          prompt="Choose the line for Contrarius' colonist (click a glowing route).", words={"line": _describe_line}),
    _step("contrarius_ship", legal_ship, apply_ship),
    _step("contrarius_veto", legal_veto, apply_veto,
          prompt="Contrarius rolled: keep the result, or use your one veto card to make Contrarius roll this die again.",
          words=_KEEP_OR_VETO),
)
SoloRuleset.steps = STEPS
TeamSoloRuleset.steps = STEPS + TeamRuleset.steps  # the partner performs, and plays for a Legatus or Proconsul
