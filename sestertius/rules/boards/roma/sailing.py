"""Sailing on Roma's ship track: sea colonists move only along the track, forward, any distance for one step, each at
most once per turn, at most one per turn into BYZANTIUM, any number per space. Entering a light-blue space gives its
bonus at once (goods that do not fit are lost; ALEXANDRIA and ANTIOCHIA let the player choose the good). Entering
CARTHAGO or ATHENAE allows one house on one of its house sites this turn, for the usual cost. Entering BYZANTIUM
scores a god (:mod:`~sestertius.rules.boards.roma.byzantium`) after the builds."""
from __future__ import annotations

from dataclasses import replace

from sestertius.data.board import SEA
from sestertius.data.catalog import GOODS
from sestertius.rules.boards.base import store_goods
from sestertius.rules.boards.roma.byzantium import can_enter, houses_left
from sestertius.rules.boards.roma.part import for_update, this_turn
from sestertius.rules.boards.roma.track import track
from sestertius.rules.cards.architect import house_cost
from sestertius.rules.state import STORE, GameState
from sestertius.rules.steps import Action
from sestertius.rules.turn import can_pay
from sestertius.rules.words import money_words


# -- where sea colonists may sail --------------------------------------------------------------------------------
def sail_targets(s: GameState, seat: int, slot: int) -> list[int]:
    """Track places a sea colonist may move to now (any later space; not twice in a turn)."""
    loc = s.players[seat].col[slot]
    t = track(s)
    start = t.start(s)
    if loc == STORE or loc <= start or (seat, slot) in this_turn(s).moved:
        return []
    out = [start + k for k in range(loc - start + 1, t.last + 1)]
    if out and out[-1] == start + t.byzantium and not can_enter(s, seat):
        out.pop()
    return out


def sail_moves(s: GameState, seat: int) -> list[tuple[int, int]]:
    """(slot, place) for every sea colonist's move now; an unmoved colonist on a space stands for the others there."""
    col = s.players[seat].col
    out: list[tuple[int, int]] = []
    seen: set[int] = set()
    for slot in range(s.cat.land_colonists, len(col)):
        if col[slot] in seen:
            continue
        targets = sail_targets(s, seat, slot)
        if targets:
            seen.add(col[slot])
            out.extend((slot, x) for x in targets)
    return out


def why_not_move(s: GameState, seat: int, slot: int, target: int) -> str | None:
    """Why Roma refuses moving colonist ``slot`` to ``target`` (a route or a track place; None: Roma's own rules do
    not forbid it, the movement points aside): land colonists stay on the routes of the city, sea colonists on the
    ship track, with its limits."""
    sea = s.kind_of(slot) == SEA
    if target < s.R:
        return "sea colonists move only along the ship track" if sea else None
    if not sea:
        return "land colonists move only on the routes of the city; they never leave it"
    t = track(s)
    k = t.space_at(s, target)
    if not 1 <= k <= t.last:
        return f"no ship-track space {target}"
    col = s.players[seat].col
    if col[slot] == STORE:
        return "that sea colonist is not on the board"
    if (seat, slot) in this_turn(s).moved:
        return "each sea colonist moves at most once per turn"
    if t.space_at(s, col[slot]) >= k:
        return "sea colonists move only forward along the ship track"
    if k == t.byzantium:
        if seat in this_turn(s).byz:
            return "only one of your sea colonists may move to Byzantium per turn"
        if houses_left(s, seat) <= 0:
            return "you have no house left to mark a god: Byzantium cannot be used"
        if not can_enter(s, seat):  # neither of the above: no god left to score
            return "you have scored every god at Byzantium already"
    # the decisions name one colonist per space (sail_moves): the first that has not moved this turn
    first = next((i for i in range(s.cat.land_colonists, slot) if col[i] == col[slot] and sail_targets(s, seat, i)),
                 slot)
    if first != slot:
        return (f"sea colonists on one space are interchangeable: move the colonist of slot {first} from "
                f"{t.spaces[t.space_at(s, col[slot])]['name']} instead")
    return None


# -- entering a space ------------------------------------------------------------------------------------------
def arrive(s: GameState, seat: int, slot: int, to: int) -> None:
    """A sea colonist arrived on a track place: the space's bonus now (a choice of good: a ``roma_bonus`` step);
    a building space or Byzantium is noted for later in the turn."""
    t = track(s)
    k = t.space_at(s, to)
    space = t.spaces[k]
    part, sl = for_update(s)
    sl = part.sailing = replace(sl, moved=sl.moved + ((seat, slot),))
    p = s.players[seat]
    name = space["name"]
    s.log("sail", seat, f"sails to {name}", space=k)
    kind = space["kind"]
    if kind == "bonus":
        gain = space.get("gain", {})
        for key, n in gain.items():
            if key == "sestertii":
                p.money += n
                s.log("bonus", seat, f"{name}: +{money_words(n)}")
            else:
                kept = store_goods(s, seat, GOODS.index(key), n)
                s.log("bonus", seat, f"{name}: +{kept} {key}" + (f" ({n - kept} lost: storehouse full)"
                                                                    if kept < n else ""))
        if space.get("choice"):
            if s.free_space(seat) > 0:
                s.pending.append(("roma_bonus", seat, k))
            else:
                s.log("bonus", seat, f"{name}: the good is lost (storehouse full)")
    elif kind == "building":
        part.sailing = replace(sl, entered=sl.entered + ((seat, k),))
    elif kind == "god":
        part.sailing = replace(sl, byz=sl.byz + (seat,), score=sl.score + (seat,))


# -- houses on the track sites entered ---------------------------------------------------------------------------
def track_builds(s: GameState, seat: int, cap: int | None = None) -> list[Action]:
    """The houses the seat may build now on the sites of the building spaces it entered this turn (``cap``: while it
    has fewer houses than this, the limit of an Architect that builds a given number of houses)."""
    entered = [k for se, k in this_turn(s).entered if se == seat]
    if not entered or houses_left(s, seat) <= 0 or (cap is not None and len(s.players[seat].houses) >= cap):
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


def built_on_track(s: GameState, seat: int, c: int) -> None:
    """A house was built on track site ``c``: one house per entry of its space."""
    part, sl = for_update(s)
    entered = list(sl.entered)
    entered.remove((seat, track(s).site_space[c]))
    part.sailing = replace(sl, entered=tuple(entered))


def clear_entries(s: GameState, seat: int) -> None:
    """The seat is done building on the track: its entries of building spaces lapse."""
    part, sl = for_update(s)
    part.sailing = replace(sl, entered=tuple(e for e in sl.entered if e[0] != seat))


def take_score(s: GameState, seat: int) -> bool:
    """Does the seat score a god in Byzantium now (it entered it this turn)? Takes the entry."""
    part, sl = for_update(s)
    if seat not in sl.score:
        return False
    score = list(sl.score)
    score.remove(seat)
    part.sailing = replace(sl, score=tuple(score))
    return True
