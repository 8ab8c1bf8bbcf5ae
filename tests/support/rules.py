"""Helpers for the rules tests (and the Solitaria ones): set up a position by editing ``game.state`` directly, then
act through ``apply``.

Positions are built on real boards with named cities and routes, so that each test reads like a situation at the
table. Every helper keeps the state consistent (``route_occ`` follows the colonists, the houses bitmask follows the
players' house lists), so the engine sees a position that could have arisen in play.
"""
from __future__ import annotations

from sestertius.data.board import LAND, SEA
from sestertius.data.catalog import BRICK, CLOTH, FOOD, GOODS, TOOL, WINE
from sestertius.rules.game import Game
from sestertius.rules.state import STORE, TurnInfo

__all__ = ["LAND", "SEA", "BRICK", "FOOD", "TOOL", "WINE", "CLOTH", "GOODS", "STORE", "new_game", "city", "route",
           "in_city", "set_goods", "goods", "put", "clear_colonists", "give_house", "set_city_good", "start_turn",
           "play", "top", "legal_of", "pass_turn", "used"]


def new_game(board: str = "italia", players: int = 2, venus: bool = False, seed: int = 1, **opts) -> Game:
    return Game.new({"board": board, "players": players, "venus": venus, **opts}, seed=seed)


def city(g: Game, name: str) -> int:
    return g.state.board.city(name)


def route(g: Game, kind: int, a: str, b: str) -> int:
    """The id of the route of this kind between two named cities (there must be exactly one)."""
    board = g.state.board
    ca, cb = board.city(a), board.city(b)
    found = [r.id for r in board.routes if r.kind == kind and {r.a, r.b} == {ca, cb}]
    assert len(found) == 1, f"{len(found)} {('land', 'sea')[kind]} routes {a}–{b}"
    return found[0]


def in_city(g: Game, name: str) -> int:
    """The colonist location 'inside this city'."""
    return g.state.R + city(g, name)


def set_goods(g: Game, seat: int, brick: int = 0, food: int = 0, tool: int = 0, wine: int = 0,
              cloth: int = 0) -> None:
    g.state.players[seat].goods = [brick, food, tool, wine, cloth]


def goods(g: Game, seat: int) -> list[int]:
    return list(g.state.players[seat].goods)


def used(g: Game, seat: int) -> int:
    return g.state.storehouse_used(seat)


def put(g: Game, seat: int, slot: int, loc: int) -> None:
    """Move colonist ``slot`` of ``seat`` to ``loc`` (a route id, ``in_city(...)`` or ``STORE``)."""
    s = g.state
    p = s.players[seat]
    old = p.col[slot]
    if 0 <= old < s.R:
        assert s.route_occ[old] == seat
        s.route_occ[old] = -1
    if 0 <= loc < s.R:
        assert s.route_occ[loc] < 0, "route already occupied"
        assert s.board.route_kind[loc] == (LAND if slot < s.cat.land_colonists else SEA), "wrong kind of route"
        s.route_occ[loc] = seat
    p.col[slot] = loc


def clear_colonists(g: Game, seat: int) -> None:
    for slot in range(len(g.state.players[seat].col)):
        put(g, seat, slot, STORE)


def give_house(g: Game, seat: int, name: str) -> None:
    s = g.state
    c = city(g, name)
    assert not s.houses[c] >> seat & 1
    s.houses[c] |= 1 << seat
    s.players[seat].houses.append(c)


def set_city_good(g: Game, name: str, good: int) -> None:
    s = g.state
    s.city_good = list(s.city_good)  # never edit a list another state may share
    s.city_good[city(g, name)] = good


def start_turn(g: Game, seat: int) -> None:
    """Make it the start of ``seat``'s turn."""
    s = g.state
    s.current = seat
    s.pending = [("turn", seat)]
    s.turn_info = TurnInfo()


def play(g: Game, seat: int, key: str) -> None:
    """Start ``seat``'s turn and play card ``key`` (added to the hand if missing) through ``apply``."""
    start_turn(g, seat)
    hand = g.state.players[seat].hand
    if key not in hand:
        hand.append(key)
    g.apply(("play", key))


def top(g: Game) -> tuple:
    return g.state.pending[-1]


def legal_of(g: Game, verb: str) -> set[tuple]:
    return {a for a in g.legal_actions() if a[0] == verb}


def pass_turn(g: Game) -> int:
    """The seat to act plays its Tribune and buys nothing: the quietest complete turn. Returns that seat."""
    seat = g.to_act()
    assert g.current_step()[0] == "turn"
    g.apply(("play", "tribune"))
    g.apply(("done",))
    return seat


# the Venus decks of the rules README, written out here as the tests' oracle (not read from cards.toml)
VENUS_DECKS = {
    "I": ["prefect_architect", "architect_sale", "mercator_sale", "colonist", "diplomat_1", "farmer", "smith"],
    "II": ["architect_mercator", "prefect_sale", "mercator_sale", "colonist", "consul", "vintner", "weaver",
           "mason"],
    "III": ["architect_sale", "prefect_sale", "prefect_mercator", "colonist", "diplomat_3", "consul"],
    "IV": ["architect_mercator", "prefect_sale", "colonist", "diplomat_4", "consul"],
    "V": ["prefect_sale", "mercator_sale", "diplomat_5", "consul"],
}
