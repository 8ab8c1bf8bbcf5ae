"""The Architect: move colonists (one decision per colonist move, costing the shortest number of steps), then
build houses at the ends of the routes holding one's colonists.

Occupied routes may be passed (each costs a step), so step distances do not depend on other colonists: they are
precomputed per board (``Board.by_distance``), and a move is legal when the target is within the remaining points,
empty and not a no-stop route. A board whose distances depend on the position sets ``dynamic_moves`` and computes
moves itself (Balearica's ships, Roma's ship track).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Final

from sestertius.data.catalog import GOODS, Card
from sestertius.rules.state import NOBODY, STORE, Entry, GameState, entry
from sestertius.rules.steps import DECIDER, DONE, Action, Pending, PerformFn, Step
from sestertius.rules.turn import can_pay, pay, trigger_end
from sestertius.rules.words import KINDS, goods_dict, goods_words, place_name, spot, spot_name

# the fields of the steps (their records: STEPS below); houses: None, or at most this many (the fish market's stand)
ARCH_MOVE_POINTS: Final = 2  # ("arch_move", seat, points, houses): the movement points left
ARCH_MOVE_HOUSES: Final = 3
ARCH_BUILD_HOUSES: Final = 2  # ("arch_build", seat, houses)


def perform_architect(s: GameState, seat: int, card: Card) -> None:
    """Movement points: one per colonist on the board."""
    s.pending.append(("arch_move", seat, s.colonists_on_board(seat), None))


# ("move", slot, route) made once per pair and shared (a decision is an immutable tuple): the moves are most of the
# decisions listed (4 in 10 in four-player games), and a listed one that is not taken then costs no allocation
_MOVES: Final[list[list[Action]]] = []


def moves_of(slot: int, routes: int) -> list[Action]:
    """The moves of colonist ``slot`` to each of the first ``routes`` routes: ``moves_of(slot, R)[route]``."""
    while len(_MOVES) <= slot:
        _MOVES.append([])
    row = _MOVES[slot]
    for r2 in range(len(row), routes):
        row.append(("move", slot, r2))
    return row


def legal_arch_move(s: GameState, st: Pending) -> list[Action]:
    seat: int = st[DECIDER]
    pts: int = st[ARCH_MOVE_POINTS]
    out: list[Action] = [DONE]
    if pts <= 0:
        return out
    br = s.rules.board
    if br.dynamic_moves:  # distances depend on the position (Balearica's ships): the board computes them
        out.extend(("move", slot, r2) for slot, r2 in br.move_options(s, seat, pts))
        return out
    b = s.board
    R = s.R
    occ = s.route_occ
    stoppable = b.stoppable
    nland = s.cat.land_colonists
    col = s.players[seat].col
    seen: list[int] = []  # (kind, place) as one int: a few colonists, no tuple or set made for them
    for slot, loc in enumerate(col):
        if loc == STORE:
            continue
        kind = 0 if slot < nland else 1  # s.kind_of(slot), inlined: this loop lists every move
        here = 2 * loc + kind
        if here in seen:
            continue  # two colonists of one kind at one place: moving either is the same decision
        seen.append(here)
        table = b.by_distance[loc] if loc < R else b.city_by_distance[kind][loc - R]
        moves = moves_of(slot, R)
        for d, r2 in table:
            if d > pts:
                break
            if occ[r2] == NOBODY and stoppable[r2]:
                out.append(moves[r2])
    return out


def apply_arch_move(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    pts: int = st[ARCH_MOVE_POINTS]
    if a[0] == "done":
        s.pending[-1] = ("arch_build", seat, st[ARCH_MOVE_HOUSES])
        return
    _, slot, r2 = a
    p = s.players[seat]
    loc = p.col[slot]
    b = s.board
    br = s.rules.board
    if br.dynamic_moves:
        cost = br.move_cost(s, seat, slot, r2)
        assert cost is not None  # a move taken from the list has its cost
        d = cost
    else:
        d = b.steps(s.kind_of(slot), loc, r2)
    if loc < s.R:
        s.route_occ[loc] = NOBODY
    if r2 < s.R:  # else a dynamic board's own place (Roma's ship track), not a route
        s.route_occ[r2] = seat
    p.col[slot] = r2
    s.pending[-1] = ("arch_move", seat, pts - d, st[ARCH_MOVE_HOUSES])
    s.logged.append((move_entry, s.turn, seat, slot, loc, r2, d, pts - d))
    if br.dynamic_moves:
        br.moved(s, seat, slot, loc, r2)  # e.g. Roma: a ship-track space's bonus, house site or Byzantium


def house_cost(s: GameState, city: int) -> tuple[tuple[int, ...], int]:
    """Goods and sestertii for a house in ``city`` now."""
    g = s.city_good[city]
    return s.cat.house_goods[g], s.cat.house_coins[g] * (s.houses[city].bit_count() + 1)


def build_sites(s: GameState, seat: int) -> list[int]:
    """Cities at an end of a route holding one of the seat's colonists (colonists inside cities do not count)."""
    R = s.R
    rc = s.board.route_cities
    sites: list[int] = []
    for loc in s.players[seat].col:
        if 0 <= loc < R:
            a, b = rc[loc]
            if a not in sites:
                sites.append(a)
            if b not in sites:
                sites.append(b)
    return sites


def houses_built(s: GameState, seat: int) -> int:
    """Houses of the seat's supply already placed: in cities, and on a board's own places (Roma's god table)."""
    return len(s.players[seat].houses) + s.rules.board.other_houses(s, seat)


def build_refusal(s: GameState, seat: int, c: int, funds: int, at_site: bool = False) -> str | None:
    """The rule that forbids the seat a house in city ``c`` now (a key of ``BUILD_WORDS``), or None when it may
    build there. ``funds``: the sestertii it may spend; ``at_site``: the caller knows that ``c`` is a build site and
    that the seat has a house left."""
    if c == s.board.capital:
        return "capital"
    if s.houses[c] >> seat & 1:
        return "own house"
    if not at_site:
        if c not in build_sites(s, seat):
            return "no colonist"
        if houses_built(s, seat) >= s.cat.houses:
            return "all built"
    if not s.rules.board.can_build(s, c):
        return "closed"
    goods, coins = house_cost(s, c)
    if funds < coins or not can_pay(s.players[seat].goods, goods):
        return "cost"
    return None


def _cost_words(s: GameState, c: int) -> str:
    goods, coins = house_cost(s, c)
    need = ", ".join(f"{n} {GOODS[g]}" for g, n in enumerate(goods) if n)
    return f"a house in {s.board.cities[c]} costs {need} and {coins} {_coins(coins)}; you cannot pay it"


BUILD_WORDS: Final[dict[str, Callable[[GameState, int], str]]] = {
    "capital": lambda s, c: "no house may be built in the capital",
    "own house": lambda s, c: f"you already have a house in {s.board.cities[c]}: one house per player per city",
    "no colonist": lambda s, c: f"{s.board.cities[c]} is not at the end of a route holding one of your colonists",
    "all built": lambda s, c: "all your houses are built",
    "closed": lambda s, c: (f"no more houses may be built in {s.board.cities[c]}: its province "
                            f"{s.board.provinces[s.board.province_of[c]]} is closed to building (the volcano)"),
    "cost": _cost_words,
}


def unbuildable(s: GameState, seat: int, c: int) -> str | None:
    """Why the seat may not build a house in city ``c`` now, in words, or None when it may."""
    why = build_refusal(s, seat, c, s.rules.mode.funds(s, seat))
    return None if why is None else BUILD_WORDS[why](s, c)


def legal_arch_build(s: GameState, st: Pending) -> list[Action]:
    seat: int = st[DECIDER]
    out: list[Action] = [DONE]
    if houses_built(s, seat) < s.cat.houses:
        funds = s.rules.mode.funds(s, seat)
        out.extend(("build", c) for c in build_sites(s, seat) if build_refusal(s, seat, c, funds, True) is None)
    return out


def refuse_arch_build(s: GameState, st: Pending, a: Action) -> str:
    return unbuildable(s, st[DECIDER], a[1]) or f"no house in {s.board.cities[a[1]]} now"


def apply_arch_build(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    if a[0] == "done":
        s.pending.pop()
        return
    build_house(s, seat, a[1], pay_cost=True)
    houses = st[ARCH_BUILD_HOUSES]
    if houses is not None:  # a limited number of houses (fish-market stand)
        if houses <= 1:
            s.pending.pop()
        else:
            s.pending[-1] = ("arch_build", seat, houses - 1)


def build_house(s: GameState, seat: int, c: int, pay_cost: bool) -> None:
    p = s.players[seat]
    if pay_cost:
        goods, coins = house_cost(s, c)
        pay(p.goods, goods)
        s.rules.mode.spend(s, seat, coins)
        s.logged.append((build_entry, s.turn, seat, c, goods, coins))
    else:
        s.logged.append((build_entry, s.turn, seat, c, None, 0))
    s.houses[c] |= 1 << seat
    p.houses.append(c)
    if houses_built(s, seat) >= s.cat.houses:
        trigger_end(s, seat)


def move_entry(s: GameState, turn: int, seat: int, slot: int, frm: int, to: int, d: int, left: int) -> Entry:
    kind = KINDS[s.kind_of(slot)]
    return entry(turn, "move", seat, f"moves a {kind} colonist by {kind} from {spot_name(s, frm)} to "
                                     f"{spot_name(s, to)} ({d} step{'s' * (d != 1)}, {left} left)",
                 slot=slot, colonist=kind, frm=spot(s, frm), to=spot(s, to), steps=d)


def build_entry(s: GameState, turn: int, seat: int, c: int, goods: tuple[int, ...] | None, coins: int) -> Entry:
    if goods is None:  # a free house (Contrarius)
        return entry(turn, "build", seat, f"builds a house in {s.board.cities[c]}", city=c)
    return entry(turn, "build", seat, f"builds a house in {s.board.cities[c]} for {goods_words(goods, coins)}",
                 city=c, goods=goods_dict(goods), money=coins)


def unmovable(s: GameState, seat: int, pts: int, slot: int, r: int) -> str | None:
    """Why the seat's colonist ``slot`` may not move onto route ``r`` with ``pts`` movement points left, or None
    when it may. (On a board whose moves depend on the position, a move onto one of the board's own places past
    the routes is the board's to judge, its movement points aside: ``BoardRules.why_not_move``.)"""
    p = s.players[seat]
    b = s.board
    br = s.rules.board
    if not 0 <= slot < len(p.col) or p.col[slot] == STORE:
        return "that colonist is not on the board"
    why = br.why_not_move(s, seat, slot, r) if br.dynamic_moves else None
    if why:
        return why
    own_place = br.dynamic_moves and r >= s.R  # a place of the board's own its rules allow (Roma's ship track)
    why = None if own_place else route_refusal(s, slot, r)
    if why:
        return why
    where = place_name(s, r - s.R) if own_place else b.route_name(r)
    loc = p.col[slot]
    k = s.kind_of(slot)
    if br.dynamic_moves:
        d = br.move_cost(s, seat, slot, r)
        if d is None:
            return f"{where} cannot be reached by that colonist now"
    else:
        d = b.steps(k, loc, r)
    if d > pts:
        left = f"{pts} movement point{'s' * (pts != 1)}" if pts else "no movement points"
        return f"{where} is {d} step{'s' * (d != 1)} away; you have {left} left"
    first = next(i for i, x in enumerate(p.col) if x == loc and s.kind_of(i) == k)
    if first != slot and not own_place:  # the decisions list one colonist per kind and place (own places: the board)
        return f"colonists of one kind in one city are interchangeable: move the colonist of slot {first} instead"
    return None


def route_refusal(s: GameState, slot: int, r: int) -> str | None:
    """Why no colonist of this slot's kind may end a move on ``r`` now, whatever its place: no such route, a route
    of the other kind, occupied, or no-stop."""
    b = s.board
    if not 0 <= r < s.R:
        return f"no route {r}"
    k = s.kind_of(slot)
    if b.route_kind[r] != k:
        return f"a {KINDS[k]} colonist moves only on {KINDS[k]} routes"
    if s.route_occ[r] != NOBODY:
        return f"{b.route_name(r)} is occupied: a route holds one colonist at the end of a move"
    if not b.stoppable[r]:
        return f"{b.route_name(r)} may be passed but not stopped on"
    return None


def refuse_arch_move(s: GameState, st: Pending, a: Action) -> str:
    return unmovable(s, st[DECIDER], st[ARCH_MOVE_POINTS], a[1], a[2]) or "not legal now"


def words_move(s: GameState, a: Action) -> str:
    kind = KINDS[s.kind_of(a[1])]
    if a[2] >= s.R:  # a board's own place (Roma's ship track)
        return f"move {kind} colonist to {place_name(s, a[2] - s.R)}"
    return f"move {kind} colonist to {s.board.route_name(a[2])}"


def words_build(s: GameState, a: Action) -> str:
    """The city, its good and what a house there costs now."""
    goods, coins = house_cost(s, a[1])
    need = ", ".join(f"{n} {GOODS[g]}" for g, n in enumerate(goods) if n)
    return f"build in {s.board.cities[a[1]]} ({GOODS[s.city_good[a[1]]]}: {need} and {coins} {_coins(coins)})"


def _coins(n: int) -> str:
    return "sestertius" if n == 1 else "sestertii"


PERFORMERS: Final[dict[str, PerformFn]] = {"architect": perform_architect}
STEPS: Final[tuple[Step, ...]] = (
    # houses: how many the build may place at most (the fish market's Architect stand); None: any number
    Step("arch_move", "Architect (move)", legal_arch_move, apply_arch_move, fields=("seat", "points"),
         optional=("houses",),
         prompt=lambda s, st: (f"Architect: move your colonists ({st[ARCH_MOVE_POINTS]} movement "
                               f"point{'s' * (st[ARCH_MOVE_POINTS] != 1)} left). "
                               f"Choose a route (or first one of your colonists), then Done."),
         words={"move": words_move}, refuse=refuse_arch_move, verbs=frozenset({"move", "done"}),
         guide=("Move your colonists: pick a glowing route (or first one of your ringed colonists), then “Done moving” "
                "to build.")),
    Step("arch_build", "Architect (build)", legal_arch_build, apply_arch_build, optional=("houses",),
         prompt="Architect: build houses. Choose a city, then Done.",
         words={"build": words_build}, refuse=refuse_arch_build, verbs=frozenset({"build", "done"}),
         guide=("Pick a city to build in: a glowing city next to your colonists; “Done building” when you have built "
                "enough.")),
)
