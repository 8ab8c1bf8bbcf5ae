"""Balearica (no capital, two start boats, land colonists riding their owner's ships) and Cyprus (base rules with
Antiochia as capital; the alternative "wine" display): start positions, the first step from a boat, crossing own
ships (one step per ship, never stopping at sea), new colonists only in cities with own houses, views, records and
random playouts on 2-5 players."""
from __future__ import annotations

import random

import pytest

from sestertius.data.catalog import ANY, WINE
from sestertius.rules.cards.architect import build_sites
from sestertius.rules.errors import IllegalAction
from sestertius.rules.game import Game
from support.playouts import all_cards, fish_playout
from support.rules import (
    FOOD,
    LAND,
    SEA,
    STORE,
    TOOL,
    city,
    give_house,
    in_city,
    legal_of,
    new_game,
    play,
    put,
    route,
    set_goods,
    top,
)

WEST = [("Ebussus", "Andrachium"), ("Andrachium", "Palmaria"), ("Ebussus", "Palmaria")]
EAST = [("Pollentia", "Iamno"), ("Iamno", "Turris Solis"), ("Pollentia", "Servariopolis"),
        ("Servariopolis", "Turris Solis")]
SEA0, SEA1, SEA2 = 3, 4, 5  # colonist slots: 3 land (0-2), then 3 sea


def boat(g: Game, k: int) -> int:
    """The location 'on start boat k' (after the routes and the cities)."""
    return g.state.R + len(g.state.board.cities) + k


def moves(g: Game, slot: int) -> dict[int, int]:
    """Routes colonist ``slot`` of the seat to act may move to now -> their cost in steps."""
    s = g.state
    seat = top(g)[1]
    br = s.rules.board
    return {a[2]: br.move_cost(s, seat, slot, a[2]) for a in legal_of(g, "move") if a[1] == slot}


def names(g: Game, routes) -> set[str]:
    return {g.state.board.route_name(r) for r in routes}


def sea(g: Game, pairs) -> set[int]:
    return {route(g, SEA, a, b) for a, b in pairs}


def architect(g: Game, seat: int) -> None:
    play(g, seat, "architect")
    assert top(g)[0] == "arch_move"


# -- setup ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_start_one_sea_colonist_on_each_boat_the_rest_in_the_storehouse(players):
    g = new_game("balearica", players=players)
    s = g.state
    assert s.board.capital is None
    assert all(s.board.zone[c] != "B" for c in s.board.buildable())  # B tokens stay in the box
    for seat, p in enumerate(s.players):
        assert p.col == [STORE, STORE, STORE, boat(g, 0), boat(g, 1), STORE]
        assert s.colonists_on_board(seat) == 2
        assert s.storehouse_used(seat) == 6 + 4  # 6 goods + 4 colonists
    assert s.route_occ == [-1] * s.R
    v = g.view(0)
    assert v["players"][1]["colonists"][SEA0]["at"] == {"boat": 0, "name": "Start West"}
    assert v["players"][1]["colonists"][SEA1]["at"] == {"boat": 1, "name": "Start East"}
    boats = v["start_boats"]
    assert [b["name"] for b in boats] == ["Start West", "Start East"]
    assert set(boats[0]["routes"]) == sea(g, WEST) and set(boats[1]["routes"]) == sea(g, EAST)
    assert boats[0]["colonists"] == list(range(players))
    assert "A-BALEARICA-BOATS" in {a["id"] for a in v["assumptions"]}


# -- sea colonists: the first step from a boat ------------------------------------------------------------------

def test_first_step_from_a_boat_goes_onto_a_linked_sea_route():
    g = new_game("balearica", players=3)
    s = g.state
    s.players[0].col[SEA1] = STORE  # one colonist on the board: 1 movement point
    architect(g, 0)
    assert top(g)[2] == 1
    assert set(moves(g, SEA0)) == sea(g, WEST)
    assert set(moves(g, SEA0).values()) == {1}
    assert not any(a[1] == SEA1 for a in legal_of(g, "move"))
    g.apply(("move", SEA0, route(g, SEA, "Ebussus", "Palmaria")))
    assert top(g)[0] == "arch_move" and top(g)[2] == 0
    assert s.route_occ[route(g, SEA, "Ebussus", "Palmaria")] == 0


def test_further_steps_from_a_boat_cost_one_more_each():
    g = new_game("balearica", players=3)
    architect(g, 0)  # 2 colonists on the boats: 2 movement points
    east = moves(g, SEA1)
    assert {r for r, d in east.items() if d == 1} == sea(g, EAST)
    two = names(g, (r for r, d in east.items() if d == 2))
    assert "sea Iamno–Fornix" in two or "sea Fornix–Iamno" in two
    assert all(d <= 2 for d in east.values())
    # an occupied linked route is not a target, but may be passed
    put(g, 1, SEA1, route(g, SEA, "Iamno", "Turris Solis"))
    east = moves(g, SEA1)
    assert route(g, SEA, "Iamno", "Turris Solis") not in east
    assert east[route(g, SEA, "Mago", "Turris Solis")] == 2
    with pytest.raises(IllegalAction):
        g.apply(("move", SEA1, route(g, SEA, "Portus Magnus", "Soller")))


# -- land colonists riding their own ships ----------------------------------------------------------------------

def land_on_ibiza(g: Game, seat: int = 0) -> None:
    """``seat`` has a house and a land colonist in Ebussus; its two sea colonists leave the boats."""
    give_house(g, seat, "Ebussus")
    p = g.state.players[seat]
    p.col[0] = in_city(g, "Ebussus")
    p.col[SEA0] = p.col[SEA1] = STORE


def test_a_land_colonist_crosses_its_own_ship_one_step_per_ship():
    g = new_game("balearica", players=3)
    land_on_ibiza(g)
    put(g, 0, SEA0, route(g, SEA, "Ebussus", "Palmaria"))
    g.state.players[0].col[SEA1] = in_city(g, "Ebussus")  # a third colonist: 3 movement points
    architect(g, 0)
    land = moves(g, 0)
    palmaria = {route(g, LAND, "Palmaria", x) for x in ("Andrachium", "Lucus Maior", "Rapidus", "Selva")}
    for r in palmaria:
        assert land[r] == 2  # onto the ship (1), off it onto the land route (1)
    assert land[route(g, LAND, "Andrachium", "Soller")] == 3
    assert all(g.state.board.route_kind[r] == LAND for r in land)  # never stops at sea
    assert route(g, LAND, "Cubus", "Ebussus") in land and land[route(g, LAND, "Cubus", "Ebussus")] == 1
    g.apply(("move", 0, route(g, LAND, "Palmaria", "Selva")))
    assert top(g)[2] == 1  # 3 - 2
    assert g.state.players[0].col[0] == route(g, LAND, "Palmaria", "Selva")
    # the ship stays where it is
    assert g.state.route_occ[route(g, SEA, "Ebussus", "Palmaria")] == 0


def test_without_enough_points_or_an_own_ship_there_is_no_crossing():
    g = new_game("balearica", players=3)
    land_on_ibiza(g)
    put(g, 1, SEA0, route(g, SEA, "Ebussus", "Palmaria"))  # another player's ship: no ride
    architect(g, 0)  # 1 colonist: 1 point
    assert names(g, moves(g, 0)) <= {"land Ebussus–Nigrum", "land Cubus–Ebussus", "land Ebussus–Portus Magnus"}
    g2 = new_game("balearica", players=3)
    land_on_ibiza(g2)
    put(g2, 0, SEA0, route(g2, SEA, "Ebussus", "Palmaria"))  # own ship, but 2 points only
    architect(g2, 0)
    assert top(g2)[2] == 2
    assert route(g2, LAND, "Palmaria", "Selva") in moves(g2, 0)
    assert route(g2, LAND, "Andrachium", "Soller") not in moves(g2, 0)  # 3 steps away
    with pytest.raises(IllegalAction):
        g2.apply(("move", 0, route(g2, SEA, "Ebussus", "Palmaria")))  # a land colonist never stops at sea


def test_two_ships_in_a_row_cost_a_step_each():
    g = new_game("balearica", players=3)
    give_house(g, 0, "Cubus")
    p = g.state.players[0]
    p.col[0] = in_city(g, "Cubus")
    p.col[SEA0] = p.col[SEA1] = STORE
    put(g, 0, SEA0, route(g, SEA, "Cubus", "Frumentaria"))
    put(g, 0, SEA1, route(g, SEA, "Frumentaria", "Sanctus Agninus"))
    architect(g, 0)  # 3 points
    target = route(g, LAND, "Fenalicium", "Sanctus Agninus")
    assert moves(g, 0)[target] == 3
    g.apply(("move", 0, target))
    assert top(g)[0] == "arch_move" and top(g)[2] == 0
    assert legal_of(g, "move") == set()
    g.apply(("done",))
    assert {city(g, "Fenalicium"), city(g, "Sanctus Agninus")} <= set(build_sites(g.state, 0))


# -- new colonists -----------------------------------------------------------------------------------------------

def test_no_house_no_new_colonist():
    g = new_game("balearica", players=3)
    set_goods(g, 0, food=3, tool=3)
    play(g, 0, "colonist")
    assert set(g.legal_actions()) == {("done",), ("cash",)}
    g2 = new_game("balearica", players=3)
    set_goods(g2, 0, food=3, tool=3)
    play(g2, 0, "tribune")
    assert g2.legal_actions() == [("done",)]


def test_new_colonists_start_in_cities_with_own_houses():
    g = new_game("balearica", players=3)
    give_house(g, 0, "Ebussus")
    give_house(g, 0, "Palmaria")
    give_house(g, 1, "Cubus")
    set_goods(g, 0, food=3, tool=3)
    play(g, 0, "colonist")
    places = {(a[1], g.state.board.cities[a[2]]) for a in legal_of(g, "place")}
    assert places == {(k, c) for k in (LAND, SEA) for c in ("Ebussus", "Palmaria")}
    g.apply(("place", LAND, city(g, "Palmaria")))
    assert g.state.players[0].col[0] == in_city(g, "Palmaria")
    # the Tribune: the player chooses the city
    play(g, 0, "tribune")
    recruits = set(legal_of(g, "recruit"))
    assert recruits == {("recruit", k, city(g, c)) for k in (LAND, SEA) for c in ("Ebussus", "Palmaria")}
    assert "Ebussus" in g.describe(("recruit", SEA, city(g, "Ebussus")))
    g.apply(("recruit", SEA, city(g, "Ebussus")))
    assert g.state.players[0].col[SEA2] == in_city(g, "Ebussus")
    assert g.state.players[0].goods[FOOD] == 1 and g.state.players[0].goods[TOOL] == 1


def test_a_single_house_needs_no_choice():
    g = new_game("balearica", players=3)
    give_house(g, 0, "Mago")
    set_goods(g, 0, food=1, tool=1)
    play(g, 0, "tribune")
    assert set(legal_of(g, "recruit")) == {("recruit", LAND), ("recruit", SEA)}
    g.apply(("recruit", LAND))
    assert g.state.players[0].col[0] == in_city(g, "Mago")


def test_team_play_needs_a_capital():
    from sestertius.rules.errors import OptionsError
    with pytest.raises(OptionsError, match="needs a board with a capital"):
        Game.new({"board": "balearica", "players": 4, "mode": "team"})


def test_refusals_name_the_rule():
    g = new_game("balearica", players=3)
    play(g, 0, "tribune")
    with pytest.raises(IllegalAction, match="a city with your house"):
        g.apply(("recruit", LAND, city(g, "Mago")))
    g2 = new_game("balearica", players=3)
    land_on_ibiza(g2)
    architect(g2, 0)
    with pytest.raises(IllegalAction, match="cannot be reached"):
        g2.apply(("move", 0, route(g2, LAND, "Palmaria", "Selva")))


# -- Cyprus: base rules with Antiochia; the wine display ----------------------------------------------------------

def test_cyprus_plays_by_the_base_rules_with_antiochia_and_the_wine_display():
    g = Game.new({"board": "cyprus", "players": 5, "display": "wine"}, seed=3)
    s = g.state
    assert s.board.cities[s.board.capital] == "Antiochia"
    assert s.players[0].col.count(s.R + s.board.capital) == 2
    assert s.display_costs[3] == (WINE,) and s.display_costs[6] == (WINE, 4)
    assert s.display_costs[5] == (ANY, WINE)
    assert "A-WINE-DISPLAY" in {a["id"] for a in g.view(0)["assumptions"]}
    rnd = random.Random(3)
    while not g.is_over:
        g.apply(rnd.choice(g.legal_actions()))
    assert Game.from_record(g.record()).state.hash() == g.state.hash()


# -- whole games -----------------------------------------------------------------------------------------------------

def check_invariants(g: Game, cards: list[str]) -> None:
    s = g.state
    b = s.board
    R, C = s.R, len(b.cities)
    discarding = [st[1] for st in s.pending if st[0] == "discard"]
    occ = [-1] * R
    for seat, p in enumerate(s.players):
        assert p.money >= 0 and min(p.goods) >= 0
        assert s.storehouse_used(seat) <= 12 or seat in discarding
        assert len(set(p.houses)) == len(p.houses) <= 15
        assert sorted(p.houses) == sorted(c for c in range(C) if s.houses[c] >> seat & 1)
        for slot, loc in enumerate(p.col):
            kind = LAND if slot < 3 else SEA
            if loc == STORE:
                continue
            if loc < R:
                assert b.route_kind[loc] == kind, "a colonist stopped on a route of the other kind"
                assert occ[loc] == -1
                occ[loc] = seat
            elif loc < R + C:
                assert s.houses[loc - R] >> seat & 1, "colonist in a city without own house"
            else:
                assert kind == SEA and loc - R - C in (0, 1), "only sea colonists sit on the start boats"
    assert occ == s.route_occ
    assert all_cards(s) == cards
    if not s.over:
        legal = g.legal_actions()
        assert legal and len(set(legal)) == len(legal)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_keep_the_invariants_and_replay(players):
    for k in range(2):
        seed = 700 + 10 * players + k
        g = Game.new({"board": "balearica", "players": players, "display": "wine" if k else "standard"}, seed=seed)
        rnd = random.Random(seed)
        cards = all_cards(g.state)
        while not g.is_over:
            legal = g.legal_actions()
            g.copy().apply(rnd.choice(legal))  # a second listed decision applies as well (on a copy)
            a = rnd.choice(legal)
            s = g.state
            if a[0] == "move" and a[1] < 3:
                loc = s.players[s.pending[-1][1]].col[a[1]]
                static = (s.board.by_distance[loc] if loc < s.R else s.board.city_by_distance[LAND][loc - s.R])
                plain = {r: d for d, r in static}
                cost = s.rules.board.move_cost(s, s.pending[-1][1], a[1], a[2])
                assert cost <= plain.get(a[2], 255)  # riding own ships only ever shortens the way
            g.apply(a)
            check_invariants(g, cards)
            assert len(g.history) < 20000
        assert g.state.concordia >= 0
        assert Game.from_record(g.record()).state.hash() == g.state.hash()


@pytest.mark.parametrize("players,side", [(2, "mountain"), (3, "coastal"), (4, "mountain"), (5, "coastal")])
def test_random_playouts_with_the_fish_market_keep_the_invariants_and_replay(players, side):
    """The fish market on Balearica: new colonists of the colonist stand start in cities with own houses."""
    g = fish_playout({"board": "balearica", "players": players, "fish_market": side}, seed=950 + players,
                     check=lambda g: check_invariants(g, all_cards(g.state)))
    assert g.state.concordia >= 0


def test_balearica_another_players_ship_carries_no_land_colonist_even_with_points_enough():
    """A land colonist crosses the sea only on ships of its own player: with 3 points, another player's ship
    between Ebussus and Palmaria carries it nowhere."""
    g = new_game("balearica", players=3)
    s = g.state
    give_house(g, 0, "Ebussus")
    p = s.players[0]
    p.col[0] = in_city(g, "Ebussus")
    p.col[4] = in_city(g, "Ebussus")  # seat 0: 1 land + 2 sea colonists on the board -> 3 points
    p.col[3] = in_city(g, "Ebussus")
    s.players[1].col[3] = STORE
    put(g, 1, 3, route(g, SEA, "Ebussus", "Palmaria"))  # seat 1's ship
    play(g, 0, "architect")
    assert top(g)[2] == 3
    land = {a[2] for a in legal_of(g, "move") if a[1] == 0}
    assert route(g, LAND, "Palmaria", "Selva") not in land
    assert route(g, LAND, "Cubus", "Ebussus") in land
