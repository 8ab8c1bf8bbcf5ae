"""Contrarius' colonists: a free slot of a kind, a colonist placed on a line (the veteran start), moved next to a
city (after building), a new colonist in the capital, and the supplementary rule placing a colonist instead of a
house (the red die decides which kind)."""
from __future__ import annotations

from sestertius.data.board import LAND, SEA
from sestertius.data.solitaria import SoloData
from sestertius.rules.cards.colonist import place_colonist
from sestertius.rules.modes.solitaria.contrarius import F_COLONIST, capital, con, cseat, data, roma_track, say
from sestertius.rules.modes.solitaria.display import take_card
from sestertius.rules.state import CHANCE, NOBODY, STORE, GameState
from sestertius.rules.words import KINDS, place_name


def free_slot(s: GameState, kind: int) -> int | None:
    """Contrarius' first colonist of this kind still in its supply, or None."""
    col = con(s).col
    for slot, loc in enumerate(col):
        if loc == STORE and s.kind_of(slot) == kind:
            return slot
    return None


def place_on_route(s: GameState, r: int, why: str) -> None:
    """Put a colonist of the route's kind from its supply onto a line."""
    kind = s.board.route_kind[r]
    slot = free_slot(s, kind)
    assert slot is not None
    con(s).col[slot] = r
    s.route_occ[r] = cseat(s)
    say(s, f"places a {KINDS[kind]} colonist on {s.board.route_name(r)} ({why})", route=r)


def move_colonist(s: GameState, slot: int, r: int, why: str) -> None:
    p = con(s)
    loc = p.col[slot]
    frm = s.board.route_name(loc) if 0 <= loc < s.R else place_name(s, loc - s.R)
    if 0 <= loc < s.R:
        s.route_occ[loc] = NOBODY
    p.col[slot] = r
    s.route_occ[r] = cseat(s)
    say(s, f"moves its {KINDS[s.kind_of(slot)]} colonist from {frm} to {s.board.route_name(r)} ({why})",
        slot=slot, route=r)


def place_new_colonist(s: GameState, kind: int, why: str, chain: int) -> None:
    d = data(s)
    if free_slot(s, kind) is None:
        other = 1 - kind
        if free_slot(s, other) is None:
            say(s, f"{why}, but all its colonists are placed: it takes the card at position 1 instead")
            return take_card(s, d, 1, "instead of a colonist", chain | F_COLONIST)
        say(s, f"{why}, but it has no {KINDS[kind]} colonist left: it places a {KINDS[other]} colonist")
        kind = other
    # Roma: land colonists on START, sea colonists in OSTIA (the places past the cities)
    cap = len(s.board.cities) + kind if roma_track(s) is not None else capital(s)
    say(s, f"places a {KINDS[kind]} colonist in {place_name(s, cap)} ({why})", colonist=KINDS[kind])
    place_colonist(s, cseat(s), kind, cap)


def fallback_colonist(s: GameState, d: SoloData, chain: int) -> None:
    """Supplementary rule: instead of a house, a colonist (the red die decides which kind)."""
    if chain & F_COLONIST:
        say(s, "no other reaction is possible: Contrarius does nothing")
        return
    free = [k for k in (LAND, SEA) if free_slot(s, k) is not None]
    if not free:
        say(s, "all its colonists are placed: it takes the card at position 1 instead")
        return take_card(s, d, 1, "instead of a colonist", chain | F_COLONIST)
    if len(free) == 1:
        return place_new_colonist(s, free[0], "only one kind of colonist is left, no roll needed", chain)
    say(s, f"rolls the {d.dice['colonist'].name} for the kind of colonist (a card face is rolled again)")
    s.pending.append(("contrarius_roll", CHANCE, "colonist", "colonist_only", chain))
