"""Byzantium: a sea colonist entering it scores one god as one end-game card (Minerva: as any specialist), marked
with a house of the player's supply: half points (rounded up) if another colour marked it already; each player each
god once; marking with the last house ends the game. Solitaria's Contrarius scores its gods with :func:`mark_god`."""
from __future__ import annotations

from collections.abc import Callable

from sestertius.data.catalog import GOODS
from sestertius.rules.boards.roma.part import roma, this_turn
from sestertius.rules.boards.roma.track import track
from sestertius.rules.scoring import god_values
from sestertius.rules.state import GameState
from sestertius.rules.steps import Action
from sestertius.rules.turn import trigger_end


# -- houses on the god table -----------------------------------------------------------------------------------
def houses_on_gods(s: GameState, seat: int) -> int:
    """Houses of the seat's supply marking gods."""
    return sum(m >> seat & 1 for m in roma(s).marks)


def houses_left(s: GameState, seat: int) -> int:
    return s.cat.houses - len(s.players[seat].houses) - houses_on_gods(s, seat)


def can_enter(s: GameState, seat: int) -> bool:
    """May a sea colonist of the seat move to Byzantium now? One per turn; a house left to mark a god; a god not yet
    marked by this player."""
    if seat in this_turn(s).byz or houses_left(s, seat) <= 0:
        return False
    bit = 1 << seat
    return any(not m & bit for m in roma(s).marks)


# -- scoring a god ---------------------------------------------------------------------------------------------
def god_options(s: GameState, seat: int) -> list[Action]:
    """The gods the seat may score: ``("god", name)``, or ``("god", "Minerva", good)`` per specialist."""
    bit = 1 << seat
    out: list[Action] = []
    for name, m in zip(track(s).gods, roma(s).marks):
        if m & bit:
            continue
        if name == "Minerva":
            out.extend(("god", name, g) for g in range(len(GOODS)))
        else:
            out.append(("god", name))
    return out


def god_points(s: GameState, seat: int, a: Action) -> int:
    """Points of one card of this god now; half (rounded up) if another colour marked it already."""
    name = a[1]
    if name == "Minerva":
        g = a[2]
        v = s.cat.cards[specialist(s, g)].vp_per_house * sum(1 for c in s.players[seat].houses if s.city_good[c] == g)
    else:
        v = god_values(s, seat)[name]
    i = track(s).gods.index(name)
    if roma(s).marks[i] & ~(1 << seat):
        v = (v + 1) // 2
    return v


def mark_god(s: GameState, seat: int, a: Action, scored: Callable[[int, bool], None] | None = None) -> int:
    """Score a god in Byzantium for ``seat`` (``a``: one of :func:`god_options`, ``("god", name)`` or
    ``("god", "Minerva", good)``): the points of one card of it (half, rounded up, if another colour marked it
    already) are added to the seat's points and the god is marked with a house of its supply; marking with its last
    house ends the game. Logged as a ``byzantium`` event, unless ``scored(points, half)`` says it instead (an
    automaton giving its reasons). Returns the points."""
    name = a[1]
    pts = god_points(s, seat, a)
    i = track(s).gods.index(name)
    part = roma(s)
    half = bool(part.marks[i] & ~(1 << seat))
    marks = list(part.marks)
    marks[i] |= 1 << seat
    part.marks = tuple(marks)
    s.players[seat].vp += pts
    if scored is None:
        s.log("byzantium", seat, f"scores {god_name(s, a)} in Byzantium: {pts} VP"
              + (" (half: already marked)" if half else ""), god=name, points=pts)
    else:
        scored(pts, half)
    if houses_left(s, seat) <= 0:
        trigger_end(s, seat)
    return pts


def god_name(s: GameState, a: Action) -> str:
    """The god of a decision in words: "Saturnus", "Minerva as Mason"."""
    return f"Minerva as {s.cat.cards[specialist(s, a[2])].title}" if a[1] == "Minerva" else str(a[1])


def specialist(s: GameState, g: int) -> str:
    """The card key of the specialist of good ``g``."""
    return next(c.key for c in s.cat.cards.values() if c.action == "specialist" and c.good == g)
