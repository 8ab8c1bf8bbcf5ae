"""Each personality card, rule by rule, on positions set up by hand (see support.rules): Architect, Prefect, the
storehouse limit, Mercator, Colonist, Tribune, Diplomat, Senator, Consul, the specialists and the Venus cards.

The oracle is ../shared/rules/README.md sections 1 and 2; numbers are written out here, not read from the data."""
from __future__ import annotations

import pytest

from sestertius.rules.errors import IllegalAction
from sestertius.rules.turn import effective_top
from support.rules import (
    BRICK,
    CLOTH,
    FOOD,
    LAND,
    SEA,
    STORE,
    TOOL,
    WINE,
    city,
    clear_colonists,
    give_house,
    goods,
    in_city,
    legal_of,
    new_game,
    play,
    put,
    route,
    set_city_good,
    set_goods,
    start_turn,
    top,
    used,
)


def refused(g, action):
    """Apply an illegal decision: it must raise IllegalAction and leave the state exactly as it was."""
    before = g.state.hash()
    n = len(g.history)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert g.state.hash() == before and len(g.history) == n
    assert e.value.rule and str(e.value).startswith(e.value.rule + ": ")
    return e.value


# =====================================================================================================================
# Architect
# =====================================================================================================================

def test_movement_points_count_every_colonist_on_the_board_including_those_in_cities():
    g = new_game()
    play(g, 0, "architect")
    assert top(g) == ("arch_move", 0, 2, None)  # start: 1 land + 1 sea colonist in Roma

    g = new_game()
    put(g, 0, 1, route(g, LAND, "Comum", "Genua"))  # a colonist on a route
    put(g, 0, 4, in_city(g, "Genua"))  # a colonist inside a (non-capital) city
    play(g, 0, "architect")
    assert top(g) == ("arch_move", 0, 4, None)

    g = new_game()
    clear_colonists(g, 0)
    put(g, 0, 2, route(g, LAND, "Comum", "Genua"))
    play(g, 0, "architect")
    assert top(g) == ("arch_move", 0, 1, None)


def test_land_colonists_move_on_land_routes_and_sea_colonists_on_sea_routes():
    g = new_game()
    play(g, 0, "architect")
    moves = legal_of(g, "move")
    board = g.state.board
    land = {a for a in moves if a[1] == 0}
    sea = {a for a in moves if a[1] == 3}
    assert land and sea and land | sea == moves  # the other slots are in the storehouse
    assert all(board.route_kind[a[2]] == LAND for a in land)
    assert all(board.route_kind[a[2]] == SEA for a in sea)
    # one step from Roma: exactly the routes at Roma of each kind
    g = new_game()
    put(g, 0, 3, STORE)  # only the land colonist is on the board: 1 movement point
    play(g, 0, "architect")
    assert legal_of(g, "move") == {("move", 0, route(g, LAND, "Casinum", "Roma")),
                                   ("move", 0, route(g, LAND, "Cosa", "Roma")),
                                   ("move", 0, route(g, LAND, "Roma", "Spoletum"))}
    g = new_game()
    put(g, 0, 0, STORE)
    play(g, 0, "architect")
    assert legal_of(g, "move") == {("move", 3, route(g, SEA, n, "Roma"))
                                   for n in ("Cosa", "Neapolis", "Olbia", "Panormus")}
    # a land colonist may not be put on a sea route
    e = refused(g, ("move", 3, route(g, LAND, "Cosa", "Roma")))
    assert e.rule == "Architect (move)" and "sea colonist moves only on sea routes" in e.detail


def blocked_roma(points: int):
    """Seat 1's three land colonists sit on the three land routes at Roma; seat 0's land colonist is in Roma and
    seat 0 has ``points`` colonists on the board (the others far away in the north-west)."""
    g = new_game()
    for slot, other in enumerate(("Casinum", "Cosa", "Spoletum")):
        put(g, 1, slot, route(g, LAND, other, "Roma"))
    put(g, 0, 3, STORE)
    far = [route(g, LAND, "Nicaea", "Segusio"), route(g, LAND, "Comum", "Verona")]
    for slot in range(1, points):
        put(g, 0, slot, far[slot - 1])
    play(g, 0, "architect")
    assert top(g) == ("arch_move", 0, points, None)
    return g


def test_occupied_routes_are_passed_at_one_step_each():
    # Florentia–Genua is 3 steps from Roma (Roma–Cosa, Cosa–Florentia, Florentia–Genua, or via Spoletum), and
    # every way out of Roma starts on a route occupied by seat 1: it may be passed, but the step still counts.
    fg = route(blocked_roma(3), LAND, "Florentia", "Genua")
    g = blocked_roma(1)
    assert {a for a in legal_of(g, "move") if a[1] == 0} == set()  # nowhere to stop within one step
    e = refused(g, ("move", 0, route(g, LAND, "Cosa", "Roma")))
    assert "occupied" in e.detail
    g = blocked_roma(2)
    slot0 = {a[2] for a in legal_of(g, "move") if a[1] == 0}
    assert route(g, LAND, "Cosa", "Florentia") in slot0 and route(g, LAND, "Casinum", "Neapolis") in slot0
    assert fg not in slot0
    e = refused(g, ("move", 0, fg))
    assert "3 steps away" in e.detail and "2 movement points" in e.detail
    g = blocked_roma(3)
    occupied_before = list(g.state.route_occ)
    g.apply(("move", 0, fg))
    assert top(g) == ("arch_move", 0, 0, None)  # all three points spent
    assert g.legal_actions() == [("done",)]
    assert g.state.players[0].col[0] == fg and g.state.route_occ[fg] == 0
    for other in ("Casinum", "Cosa", "Spoletum"):  # the passed colonists stay where they are
        r = route(g, LAND, other, "Roma")
        assert g.state.route_occ[r] == occupied_before[r] == 1


def test_points_may_be_split_between_colonists_and_a_colonist_may_move_twice():
    g = new_game()
    play(g, 0, "architect")  # 2 points
    g.apply(("move", 0, route(g, LAND, "Cosa", "Roma")))
    assert top(g) == ("arch_move", 0, 1, None)
    g.apply(("move", 3, route(g, SEA, "Neapolis", "Roma")))
    assert top(g) == ("arch_move", 0, 0, None)
    g = new_game()
    play(g, 0, "architect")
    rc = route(g, LAND, "Cosa", "Roma")
    g.apply(("move", 0, rc))
    g.apply(("move", 0, route(g, LAND, "Cosa", "Florentia")))  # one step from Roma–Cosa
    assert g.state.route_occ[rc] == -1  # the route left behind is free again
    assert top(g) == ("arch_move", 0, 0, None)


def test_cannot_stop_on_an_occupied_route_even_ones_own():
    g = new_game()
    rc = route(g, LAND, "Cosa", "Roma")
    put(g, 0, 1, rc)
    play(g, 0, "architect")
    assert ("move", 0, rc) not in g.legal_actions()
    refused(g, ("move", 0, rc))


def test_ionium_dotted_route_costs_a_step_but_cannot_be_stopped_on():
    g = new_game("ionium", players=4)
    clear_colonists(g, 0)
    put(g, 0, 0, in_city(g, "Brundisium"))
    put(g, 0, 1, route(g, LAND, "Ambrakia", "Apollonia"))  # a second colonist: 2 movement points
    play(g, 0, "architect")
    dotted = route(g, LAND, "Apollonia", "Brundisium")
    slot0 = {a[2] for a in legal_of(g, "move") if a[1] == 0}
    assert dotted not in slot0
    assert route(g, LAND, "Brundisium", "Canusium") in slot0
    assert route(g, LAND, "Apollonia", "Scodra") in slot0  # through the dotted route: 2 steps
    e = refused(g, ("move", 0, dotted))
    assert "may be passed but not stopped on" in e.detail
    # with one point the far side of the dotted route is out of reach
    g2 = new_game("ionium", players=4)
    clear_colonists(g2, 0)
    put(g2, 0, 0, in_city(g2, "Brundisium"))
    play(g2, 0, "architect")
    assert route(g2, LAND, "Apollonia", "Scodra") not in {a[2] for a in legal_of(g2, "move")}


def architect_at(g, seat: int, *locs: tuple[int, int], money: int = 100, stock: int = 5):
    """Seat's colonists at the given (slot, loc); plenty of goods and money; play the Architect, skip moving."""
    clear_colonists(g, seat)
    for slot, loc in locs:
        put(g, seat, slot, loc)
    set_goods(g, seat, stock, stock, stock, stock, stock)
    g.state.players[seat].money = money
    play(g, seat, "architect")
    g.apply(("done",))
    assert top(g) == ("arch_build", seat, None)


def test_build_only_at_the_ends_of_routes_holding_an_own_colonist():
    g = new_game()
    for name in ("Cosa", "Florentia", "Genua", "Nicaea"):
        set_city_good(g, name, FOOD)
    put(g, 1, 0, route(g, LAND, "Genua", "Nicaea"))  # another player's colonist gives seat 0 nothing
    architect_at(g, 0, (0, route(g, LAND, "Cosa", "Florentia")), (3, in_city(g, "Genua")))
    assert legal_of(g, "build") == {("build", city(g, "Cosa")), ("build", city(g, "Florentia"))}
    # a colonist inside a city (not on a route) cannot be used to build, even in that very city
    e = refused(g, ("build", city(g, "Genua")))
    assert e.rule == "Architect (build)" and "not at the end of a route holding one of your colonists" in e.detail
    refused(g, ("build", city(g, "Nicaea")))


def test_a_build_is_described_with_what_it_costs():
    """The words of a build name the city's good and the cost by the rules: a brick city 1 food and 1 sestertius, a
    wine city 1 brick, 1 wine and 4 sestertii per house in it after building (here a second house: 8)."""
    g = new_game()
    set_city_good(g, "Cosa", BRICK)
    set_city_good(g, "Florentia", WINE)
    give_house(g, 1, "Florentia")
    architect_at(g, 0, (0, route(g, LAND, "Cosa", "Florentia")))
    words = {tuple(e["action"]): e["text"] for e in g.view(0)["legal"]}
    assert words[("build", city(g, "Cosa"))] == "build in Cosa (brick: 1 food and 1 sestertius)"
    assert words[("build", city(g, "Florentia"))] == "build in Florentia (wine: 1 brick, 1 wine and 8 sestertii)"


def test_never_build_in_the_capital():
    g = new_game()
    architect_at(g, 0, (0, route(g, LAND, "Cosa", "Roma")), (3, route(g, SEA, "Neapolis", "Roma")))
    assert legal_of(g, "build") == {("build", city(g, "Cosa")), ("build", city(g, "Neapolis"))}
    e = refused(g, ("build", city(g, "Roma")))
    assert "no house may be built in the capital" in e.detail


def test_one_house_per_player_per_city_but_other_players_may_share_it():
    g = new_game()
    set_city_good(g, "Cosa", BRICK)
    rc = route(g, LAND, "Cosa", "Florentia")
    architect_at(g, 0, (0, rc))
    g.apply(("build", city(g, "Cosa")))
    assert top(g) == ("arch_build", 0, None)  # building goes on: any number of houses
    assert ("build", city(g, "Cosa")) not in g.legal_actions()
    e = refused(g, ("build", city(g, "Cosa")))
    assert "one house per player per city" in e.detail
    g.apply(("done",))
    architect_at(g, 1, (0, route(g, LAND, "Cosa", "Roma")))
    assert ("build", city(g, "Cosa")) in g.legal_actions()
    g.apply(("build", city(g, "Cosa")))
    assert g.state.houses[city(g, "Cosa")] == 0b11


# price of a house: goods by the city's good, sestertii = base x houses in the city after building
HOUSE_GOODS = {BRICK: [0, 1, 0, 0, 0], FOOD: [1, 1, 0, 0, 0], TOOL: [1, 0, 1, 0, 0], WINE: [1, 0, 0, 1, 0],
               CLOTH: [1, 0, 0, 0, 1]}
HOUSE_COINS = {BRICK: 1, FOOD: 2, TOOL: 3, WINE: 4, CLOTH: 5}


@pytest.mark.parametrize("good", [BRICK, FOOD, TOOL, WINE, CLOTH])
@pytest.mark.parametrize("already", [0, 1, 2, 3])
def test_house_price(good, already):
    g = new_game(players=4)
    set_city_good(g, "Florentia", good)
    for seat in range(1, already + 1):
        give_house(g, seat, "Florentia")
    architect_at(g, 0, (0, route(g, LAND, "Cosa", "Florentia")), money=100, stock=3)
    before = goods(g, 0)
    g.apply(("build", city(g, "Florentia")))
    assert g.state.players[0].money == 100 - HOUSE_COINS[good] * (already + 1)
    assert [b - a for a, b in zip(goods(g, 0), before)] == HOUSE_GOODS[good]
    assert g.state.houses[city(g, "Florentia")] >> 0 & 1


def test_third_house_in_a_wine_city_costs_12_sestertii_a_brick_and_a_wine():
    g = new_game(players=3)
    set_city_good(g, "Florentia", WINE)
    give_house(g, 1, "Florentia")
    give_house(g, 2, "Florentia")
    fl = city(g, "Florentia")
    architect_at(g, 0, (0, route(g, LAND, "Cosa", "Florentia")), money=11)
    set_goods(g, 0, brick=1, wine=1)
    assert ("build", fl) not in g.legal_actions()
    e = refused(g, ("build", fl))
    assert "1 brick, 1 wine and 12 sestertii" in e.detail
    g.state.players[0].money = 12
    set_goods(g, 0, brick=1, wine=0, cloth=1)
    assert ("build", fl) not in g.legal_actions()  # no wine
    set_goods(g, 0, brick=1, wine=1)
    g.apply(("build", fl))
    assert g.state.players[0].money == 0 and goods(g, 0) == [0, 0, 0, 0, 0]
    assert g.state.houses[fl] == 0b111 and g.state.players[0].houses == [fl]


def test_move_first_then_build_and_no_moving_after_building():
    g = new_game()
    set_city_good(g, "Cosa", BRICK)
    set_goods(g, 0, food=3)
    play(g, 0, "architect")
    assert legal_of(g, "build") == set()  # building waits until the moves are done
    g.apply(("move", 0, route(g, LAND, "Cosa", "Roma")))
    g.apply(("done",))
    assert top(g) == ("arch_build", 0, None)
    assert legal_of(g, "move") == set()
    e = refused(g, ("move", 3, route(g, SEA, "Neapolis", "Roma")))  # a point is left, but moving is over
    assert e.rule == "Architect (build)"
    g.apply(("build", city(g, "Cosa")))
    refused(g, ("move", 3, route(g, SEA, "Neapolis", "Roma")))
    g.apply(("done",))
    assert g.state.current == 1 and top(g) == ("turn", 1)


def test_no_house_beyond_the_fifteenth():
    g = new_game("imperium", players=3)
    names = [n for n in g.state.board.cities if n not in ("Roma", "Novaria", "Massilia")][:15]
    for n in names:
        give_house(g, 0, n)
    architect_at(g, 0, (0, route(g, LAND, "Novaria", "Massilia")))
    assert g.legal_actions() == [("done",)]
    e = refused(g, ("build", city(g, "Novaria")))
    assert "all your houses are built" in e.detail


# =====================================================================================================================
# Prefect
# =====================================================================================================================

def etruria(g):
    """Etruria = Florentia (wine) + Cosa (brick), marker wine; Liguria = Genua (tool) + Nicaea (food), marker tool.
    Houses: seat 0 in Cosa; seat 1 in Cosa and Florentia; seat 2 in Genua."""
    set_city_good(g, "Florentia", WINE)
    set_city_good(g, "Cosa", BRICK)
    set_city_good(g, "Genua", TOOL)
    set_city_good(g, "Nicaea", FOOD)
    s = g.state
    s.marker_good = list(s.marker_good)
    s.marker_good[s.board.provinces.index("Etruria")] = WINE
    s.marker_good[s.board.provinces.index("Liguria")] = TOOL
    give_house(g, 0, "Cosa")
    give_house(g, 1, "Cosa")
    give_house(g, 1, "Florentia")
    if s.n > 2:
        give_house(g, 2, "Genua")
    for seat in range(s.n):
        set_goods(g, seat)
    return s.board.provinces.index("Etruria"), s.board.provinces.index("Liguria")


def test_prefect_produces_bonus_good_and_every_house_of_the_province_for_its_owner():
    g = new_game(players=3)  # Praefectus Magnus with seat 2
    etr, lig = etruria(g)
    play(g, 0, "prefect")
    assert ("produce", etr) in g.legal_actions() and ("cash",) in g.legal_actions()
    g.apply(("produce", etr))
    assert goods(g, 0) == [1, 0, 0, 1, 0]  # bonus wine + the brick of its Cosa house
    assert goods(g, 1) == [1, 0, 0, 1, 0]  # another player's houses produce too (Cosa brick, Florentia wine)
    assert goods(g, 2) == [0, 0, 0, 0, 0]  # its Genua house is in another province
    assert g.state.marker_up[etr] is False and g.state.marker_up.count(False) == 1
    assert g.state.pm == 2
    # a flipped province cannot produce again
    play(g, 1, "prefect")
    assert ("produce", etr) not in g.legal_actions() and ("produce", lig) in g.legal_actions()
    e = refused(g, ("produce", etr))
    assert e.rule == "Prefect" and "already produced" in e.detail


def test_praefectus_magnus_doubles_the_bonus_and_passes_to_the_right():
    g = new_game(players=3)
    etr, lig = etruria(g)
    play(g, 2, "prefect")
    g.apply(("produce", lig))
    assert goods(g, 2) == [0, 0, 3, 0, 0]  # 2 bonus tools + the Genua house
    assert g.state.pm == 1  # to the right: the previous seat
    play(g, 1, "prefect")
    g.apply(("produce", etr))
    assert goods(g, 1) == [1, 0, 0, 3, 0]  # 2 bonus wine + Florentia wine + Cosa brick
    assert g.state.pm == 0
    g.state.marker_up = [True] * len(g.state.marker_up)
    play(g, 0, "prefect")
    g.apply(("produce", etr))
    assert goods(g, 0)[WINE] == 2 and g.state.pm == 2  # from the first seat it wraps to the last


def test_prefect_cash_pays_visible_coins_flips_all_back_and_keeps_praefectus_magnus():
    g = new_game(players=3)
    s = g.state
    provinces = s.board.provinces
    s.marker_good = list(s.marker_good)
    down = {"Etruria": WINE, "Corsica": CLOTH, "Liguria": FOOD, "Sicilia": BRICK}
    for name, good in down.items():
        s.marker_good[provinces.index(name)] = good
        s.marker_up[provinces.index(name)] = False
    money = s.players[2].money
    play(g, 2, "prefect")  # seat 2 holds Praefectus Magnus
    assert all(("produce", provinces.index(n)) not in g.legal_actions() for n in down)
    g.apply(("cash",))
    assert s.players[2].money == money + 2 + 1 + 2 + 2  # cloth marker 1 coin, the others 2
    assert all(s.marker_up)
    assert s.pm == 2
    # with every marker on its goods side the cash choice pays nothing
    play(g, 0, "prefect")
    m0 = s.players[0].money
    g.apply(("cash",))
    assert s.players[0].money == m0


# =====================================================================================================================
# Storehouse limit
# =====================================================================================================================

def test_storehouse_counts_colonists_in_it():
    g = new_game()
    assert used(g, 0) == 6 + 4  # starting goods + 2 land and 2 sea colonists in the storehouse
    put(g, 0, 1, in_city(g, "Roma"))
    assert used(g, 0) == 9


def test_overflow_lets_the_owner_choose_what_to_give_up():
    g = new_game(players=3)
    etr, _ = etruria(g)
    set_goods(g, 0, brick=2, food=2, tool=2, wine=1, cloth=1)  # 8 goods + 4 colonists = 12
    play(g, 0, "prefect")
    g.apply(("produce", etr))  # +1 wine, +1 brick: 14
    assert top(g) == ("discard", 0) and g.to_act() == 0
    assert set(g.legal_actions()) == {("drop", BRICK), ("drop", FOOD), ("drop", TOOL), ("drop", WINE),
                                      ("drop", CLOTH)}
    g.apply(("drop", CLOTH))
    assert top(g) == ("discard", 0)  # still 13
    e = refused(g, ("drop", CLOTH))  # none left
    assert e.rule == "Storehouse"
    g.apply(("drop", FOOD))
    assert goods(g, 0) == [3, 1, 2, 2, 0] and used(g, 0) == 12
    assert g.to_act() == 1 and top(g) == ("turn", 1)  # exactly full: no more dropping, the turn is over


def test_overflow_of_another_player_is_their_decision_after_the_active_player():
    g = new_game(players=3)
    etr, _ = etruria(g)
    set_goods(g, 0, brick=4, food=4)  # 12 with the colonists
    set_goods(g, 1, tool=8)
    play(g, 0, "prefect")
    g.apply(("produce", etr))
    assert top(g) == ("discard", 0)
    g.apply(("drop", BRICK))
    g.apply(("drop", BRICK))
    assert top(g) == ("discard", 1) and g.to_act() == 1
    assert set(g.legal_actions()) == {("drop", BRICK), ("drop", TOOL), ("drop", WINE)}
    g.apply(("drop", TOOL))
    g.apply(("drop", WINE))
    assert goods(g, 1) == [1, 0, 7, 0, 0]
    assert top(g) == ("turn", 1)


def test_no_discarding_without_overflow():
    g = new_game(players=3)
    etr, _ = etruria(g)
    set_goods(g, 0, brick=3, food=3)  # 10, production brings it to exactly 12
    play(g, 0, "prefect")
    g.apply(("produce", etr))
    assert used(g, 0) == 12 and top(g) == ("turn", 1)
    e = refused(g, ("drop", BRICK))
    assert e.rule == "Play a card"


# =====================================================================================================================
# Mercator
# =====================================================================================================================

@pytest.mark.parametrize("key,gain", [("mercator", 3), ("mercator_sale", 5)])
def test_mercator_money(key, gain):
    g = new_game()
    m = g.state.players[0].money
    play(g, 0, key)
    assert g.state.players[0].money == m + gain and top(g) == ("trade", 0, 0, 0, None)


def test_mercator_trades_at_most_two_goods_types_at_the_prices():
    g = new_game()
    set_goods(g, 0, brick=1, food=1, tool=1, wine=2, cloth=1)
    g.state.players[0].money = 0
    play(g, 0, "mercator")  # 3
    g.apply(("sell", WINE))
    assert g.state.players[0].money == 9
    g.apply(("buy", TOOL))
    assert g.state.players[0].money == 4 and goods(g, 0) == [1, 1, 2, 1, 1]
    assert set(g.legal_actions()) == {("done",), ("sell", WINE)}  # tool costs 5 now: 4 sestertii left
    e = refused(g, ("sell", BRICK))
    assert e.rule == "Mercator" and "at most two types" in e.detail
    g.state.players[0].money = 50  # money is not what stops the next purchase
    e = refused(g, ("buy", WINE))  # the same type may not be bought after being sold
    assert "may not buy and sell the same good" in e.detail
    g.state.players[0].money = 4
    g.apply(("sell", WINE))
    assert g.state.players[0].money == 10
    g.apply(("buy", TOOL))
    g.apply(("buy", TOOL))
    assert g.state.players[0].money == 0 and goods(g, 0) == [1, 1, 4, 0, 1]
    g.apply(("done",))
    assert top(g) == ("turn", 1)


def test_mercator_buying_is_limited_by_money_and_by_space():
    g = new_game()
    set_goods(g, 0, brick=1)
    g.state.players[0].money = 1
    play(g, 0, "mercator")  # 4 sestertii
    assert legal_of(g, "buy") == {("buy", BRICK), ("buy", FOOD)}
    e = refused(g, ("buy", TOOL))
    assert "tool costs 5 sestertii; you have 4" in e.detail
    # space: 7 goods + 4 colonists = 11 of 12, plenty of money
    g = new_game()
    set_goods(g, 0, brick=1, food=1, tool=1, wine=1, cloth=3)
    g.state.players[0].money = 50
    play(g, 0, "mercator")
    assert legal_of(g, "buy") == {("buy", x) for x in (BRICK, FOOD, TOOL, WINE, CLOTH)}
    g.apply(("buy", BRICK))  # storehouse now full
    assert used(g, 0) == 12
    assert legal_of(g, "buy") == set()
    e = refused(g, ("buy", BRICK))
    assert "storehouse is full" in e.detail
    g.apply(("sell", CLOTH))  # second type; frees a space
    assert legal_of(g, "buy") == {("buy", BRICK)}
    g.apply(("buy", BRICK))
    assert legal_of(g, "buy") == set() and used(g, 0) == 12
    # a colonist leaving the storehouse frees a space too
    g2 = new_game()
    set_goods(g2, 0, cloth=8)
    g2.state.players[0].money = 0
    put(g2, 0, 1, in_city(g2, "Roma"))
    play(g2, 0, "mercator")
    assert legal_of(g2, "buy") == {("buy", BRICK)}  # 3 sestertii, one free space


# =====================================================================================================================
# Colonist
# =====================================================================================================================

def test_colonist_places_several_for_food_and_tool_in_the_capital_or_own_house_cities():
    g = new_game()
    give_house(g, 0, "Genua")
    give_house(g, 1, "Nicaea")
    set_goods(g, 0, food=2, tool=3)
    play(g, 0, "colonist")
    roma, genua, nicaea = city(g, "Roma"), city(g, "Genua"), city(g, "Nicaea")
    assert set(g.legal_actions()) == {("done",), ("cash",), ("place", 0, roma), ("place", 1, roma),
                                      ("place", 0, genua), ("place", 1, genua)}
    e = refused(g, ("place", 0, nicaea))  # another player's house
    assert e.rule == "Colonist"
    g.apply(("place", 0, genua))
    assert goods(g, 0) == [0, 1, 2, 0, 0]
    assert g.state.players[0].col[:3] == [in_city(g, "Roma"), in_city(g, "Genua"), STORE]
    assert ("cash",) not in g.legal_actions()  # one of the two options only
    g.apply(("place", 1, roma))
    assert goods(g, 0) == [0, 0, 1, 0, 0]
    assert g.state.players[0].col[3:] == [in_city(g, "Roma"), in_city(g, "Roma"), STORE]
    assert g.legal_actions() == [("done",)]  # no food left
    g.apply(("done",))
    assert top(g) == ("turn", 1)


def test_colonist_only_places_kinds_still_in_the_storehouse():
    g = new_game()
    put(g, 0, 1, in_city(g, "Roma"))
    put(g, 0, 2, in_city(g, "Roma"))
    set_goods(g, 0, food=5, tool=5)
    play(g, 0, "colonist")
    assert legal_of(g, "place") == {("place", 1, city(g, "Roma"))}


def test_colonist_cash_is_five_plus_colonists_on_the_board():
    g = new_game()
    put(g, 0, 1, route(g, LAND, "Comum", "Genua"))
    put(g, 0, 4, in_city(g, "Roma"))
    m = g.state.players[0].money
    play(g, 0, "colonist")
    g.apply(("cash",))
    assert g.state.players[0].money == m + 5 + 4
    assert top(g) == ("turn", 1)


# =====================================================================================================================
# Tribune
# =====================================================================================================================

@pytest.mark.parametrize("played,bonus", [(0, 0), (1, 0), (2, 0), (3, 1), (4, 2), (6, 4)])
def test_tribune_takes_cards_back_with_one_sestertius_per_card_beyond_three(played, bonus):
    g = new_game()
    p = g.state.players[0]
    cards = ["architect", "prefect", "prefect", "mercator", "senator", "diplomat"][:played]
    for key in cards:
        p.hand.remove(key)
        p.pile.append(key)
    m = p.money
    play(g, 0, "tribune")
    assert p.money == m + bonus
    assert p.pile == [] and sorted(p.hand) == sorted(g.state.cat.hands["base"])


@pytest.mark.parametrize("played,words", [(0, "takes 1 card back"), (1, "takes 2 cards back")])
def test_tribune_log_counts_the_cards_in_words(played, words):
    g = new_game()
    p = g.state.players[0]
    for key in ["architect"][:played]:
        p.hand.remove(key)
        p.pile.append(key)
    play(g, 0, "tribune")
    assert [e["text"] for e in g.view(0)["events"] if e["kind"] == "tribune"] == [words]


def test_tribune_may_buy_one_colonist_into_the_capital():
    g = new_game()
    set_goods(g, 0, food=2, tool=2)
    play(g, 0, "tribune")
    assert set(g.legal_actions()) == {("done",), ("recruit", 0), ("recruit", 1)}
    g.apply(("recruit", 1))
    assert goods(g, 0) == [0, 1, 1, 0, 0]
    assert g.state.players[0].col[3:] == [in_city(g, "Roma"), in_city(g, "Roma"), STORE]
    assert top(g) == ("turn", 1)  # only one
    g2 = new_game()
    set_goods(g2, 0, food=1)
    play(g2, 0, "tribune")
    assert g2.legal_actions() == [("done",)]  # no tool


# =====================================================================================================================
# Diplomat
# =====================================================================================================================

def test_diplomat_copies_the_top_card_of_another_players_pile():
    g = new_game(players=3)
    g.state.players[1].pile = ["architect", "prefect"]
    g.state.players[2].pile = ["diplomat"]
    g.state.players[0].pile = ["mercator"]  # one's own pile is no target
    play(g, 0, "diplomat")
    assert g.legal_actions() == [("copy", 1)]
    e = refused(g, ("copy", 2))
    assert e.rule == "Diplomat"
    g.apply(("copy", 1))
    assert top(g) == ("prefect", 0, "prefect")
    assert g.state.players[0].pile == ["mercator", "diplomat"]


def test_diplomat_is_not_playable_without_a_card_to_copy():
    g = new_game(players=3)
    g.state.players[1].pile = ["prefect", "diplomat"]  # a Diplomat on top cannot be copied
    g.state.players[0].pile = ["prefect"]
    start_turn(g, 0)
    assert ("play", "diplomat") not in g.legal_actions() and ("play", "tribune") in g.legal_actions()
    e = refused(g, ("play", "diplomat"))
    assert e.rule == "Play a card" and "Diplomat" in e.detail


@pytest.mark.parametrize("key,gain", [("mercator", 3), ("mercator_sale", 5)])
def test_diplomat_copying_a_mercator_gets_that_cards_money(key, gain):
    g = new_game()
    g.state.players[1].pile = [key]
    m = g.state.players[0].money
    play(g, 0, "diplomat")
    g.apply(("copy", 1))
    assert g.state.players[0].money == m + gain and top(g)[0] == "trade"


def test_diplomat_copying_a_senator_buys_two_cards_paying_the_position_costs():
    g = new_game()
    s = g.state
    s.display = ["colonist"] * 7  # 1 food each, plus the position's extra
    s.players[1].pile = ["senator"]
    set_goods(g, 0, food=2, cloth=1)
    play(g, 0, "diplomat")
    g.apply(("copy", 1))
    assert top(g) == ("buy", 0, 2, 1)  # two cards, with the positions' costs
    options = legal_of(g, "card")
    assert ("card", 3, -1) in options and ("card", 0, -1) in options
    assert not any(a[1] == 6 for a in options)  # 1 food + 2 cloth: too dear
    assert {a for a in options if a[1] == 5} == {("card", 5, FOOD)}  # 1 food + "?" + 1 cloth: the "?" is a food
    g.apply(("card", 3, -1))  # position 4: 1 food + 1 cloth
    assert goods(g, 0) == [0, 1, 0, 0, 0] and s.display[3] is None  # no sliding before the action ends
    assert top(g) == ("buy", 0, 1, 1)  # a second card
    assert legal_of(g, "card") == {("card", 0, -1)}  # with 1 food left, only position 1 (no extra)
    g.apply(("card", 0, -1))
    assert goods(g, 0) == [0, 0, 0, 0, 0] and s.players[0].hand.count("colonist") == 2
    assert top(g) == ("turn", 1) and None not in s.display
    assert s.players[0].pile == ["diplomat"]


# =====================================================================================================================
# Senator and Consul
# =====================================================================================================================

STANDARD = [[], ["any"], ["any"], [CLOTH], [CLOTH], ["any", CLOTH], [CLOTH, CLOTH]]
WINE_DISPLAY = [[], ["any"], ["any"], [WINE], [CLOTH], ["any", WINE], [WINE, CLOTH]]


def senator_with_display(display: str = "standard", **goods_kw):
    g = new_game(display=display)
    g.state.display = ["colonist"] * 7  # cost 1 food each
    set_goods(g, 0, **goods_kw)
    play(g, 0, "senator")
    return g


@pytest.mark.parametrize("name,table", [("standard", STANDARD), ("wine", WINE_DISPLAY)])
@pytest.mark.parametrize("pos", range(7))
def test_display_extra_cost_by_position(name, table, pos):
    extra = table[pos]
    fixed = [0, 1, 0, 0, 0]  # the Colonist card's own food
    for x in extra:
        if x != "any":
            fixed[x] += 1
    wild = extra.count("any")
    # exactly the fixed goods: buyable only without a wildcard
    g = senator_with_display(name, **dict(zip(("brick", "food", "tool", "wine", "cloth"), fixed)))
    options = {a for a in legal_of(g, "card") if a[1] == pos}
    assert (options == {("card", pos, -1)}) if not wild else options == set()
    # one good short of the fixed goods: never buyable
    for gi in range(5):
        if fixed[gi]:
            short = fixed[:]
            short[gi] -= 1
            g = senator_with_display(name, **dict(zip(("brick", "food", "tool", "wine", "cloth"), short)))
            assert not any(a[1] == pos for a in legal_of(g, "card"))
    if wild:
        # the "?" is paid with any good: with a brick on top of the fixed goods, exactly the brick pays it
        with_brick = fixed[:]
        with_brick[BRICK] += 1
        g = senator_with_display(name, **dict(zip(("brick", "food", "tool", "wine", "cloth"), with_brick)))
        options = {a for a in legal_of(g, "card") if a[1] == pos}
        assert options == {("card", pos, BRICK)}
        g.apply(("card", pos, BRICK))
    else:
        g = senator_with_display(name, **dict(zip(("brick", "food", "tool", "wine", "cloth"), fixed)))
        g.apply(("card", pos, -1))
    assert goods(g, 0) == [0, 0, 0, 0, 0]  # paid exactly the card's cost and the position's extra
    assert g.state.players[0].hand.count("colonist") == 1 and g.state.display[pos] is None
    if wild:
        # with plenty of every good each good may pay it
        g = senator_with_display(name, brick=3, food=3, tool=3, wine=3, cloth=3)
        assert {a[2] for a in legal_of(g, "card") if a[1] == pos} == {BRICK, FOOD, TOOL, WINE, CLOTH}


def test_senator_buys_up_to_two_cards_and_the_display_slides_and_refills_after_the_action():
    g = new_game()
    s = g.state
    before = list(s.display)
    deck_top = [s.deck[-1], s.deck[-2]]
    set_goods(g, 0, brick=2, food=2, tool=2, wine=2, cloth=4)
    play(g, 0, "senator")
    g.apply(next(a for a in g.legal_actions() if a[:2] == ("card", 2)))
    assert s.display[2] is None and s.display[3] == before[3]  # no sliding during the action
    # the second card still costs its own position's extra: position 5 (index 4) = 1 cloth
    cost4 = list(s.cat.cards[before[4]].cost)
    cost4[CLOTH] += 1
    gb = goods(g, 0)
    g.apply(("card", 4, -1))
    assert [a - b for a, b in zip(gb, goods(g, 0))] == cost4
    assert top(g) == ("turn", 1)  # two cards: the action is over
    assert s.display == [before[0], before[1], before[3], before[5], before[6]] + deck_top
    expect = list(s.cat.hands["base"]) + [before[2], before[4]]
    expect.remove("senator")  # played
    assert sorted(s.players[0].hand) == sorted(expect)


def test_a_purchase_is_described_with_all_it_costs():
    """The words of a purchase name everything paid: the card's cost, the position's, the good chosen for its '?'
    (a Colonist, 1 food, at position 2: its '?' paid with brick); the Consul pays no position cost."""
    g = new_game()
    s = g.state
    s.display = ["colonist"] * 7
    set_goods(g, 0, brick=3, food=3, tool=3, wine=3, cloth=3)
    play(g, 0, "senator")
    words = {tuple(e["action"]): e["text"] for e in g.view(0)["legal"]}
    assert words[("card", 0, -1)] == "buy Colonist from position 1 for 1 food"
    assert words[("card", 1, BRICK)] == "buy Colonist from position 2 for 1 brick and 1 food"
    assert words[("card", 6, -1)] == "buy Colonist from position 7 for 1 food and 2 cloth"  # its 2 cloth
    assert words[("card", 5, WINE)] == "buy Colonist from position 6 for 1 food, 1 wine and 1 cloth"
    g = new_game()
    g.state.display = ["colonist"] * 7
    g.state.players[0].hand.append("consul")
    set_goods(g, 0, food=1)
    play(g, 0, "consul")
    assert {e["text"] for e in g.view(0)["legal"] if e["action"][0] == "card"} == {
        f"buy Colonist from position {i} for 1 food" for i in range(1, 8)}

    # a position emptied by this Senator's first purchase: its words (for a refused decision) say so, and nothing fails
    g = new_game()
    g.state.display = ["colonist"] * 7
    set_goods(g, 0, food=3)
    play(g, 0, "senator")
    g.apply(("card", 0, -1))
    assert g.state.display[0] is None
    assert g.describe(("card", 0, -1)) == "buy from position 1 (empty)"


def test_senator_may_stop_after_one_card_or_none():
    g = new_game()
    set_goods(g, 0, brick=5, food=5, tool=5, wine=5, cloth=5)
    play(g, 0, "senator")
    g.apply(("card", 0, -1))
    assert top(g)[0] == "buy"
    g.apply(("done",))
    assert top(g) == ("turn", 1)
    assert len([c for c in g.state.display if c]) == 7


def test_a_bought_card_can_be_played_on_a_later_turn():
    g = new_game()
    g.state.display[0] = "colonist"
    set_goods(g, 0, food=1)
    play(g, 0, "senator")
    g.apply(("card", 0, -1))
    g.apply(("done",))
    start_turn(g, 0)
    assert ("play", "colonist") in g.legal_actions()


def test_consul_pays_only_the_cards_own_cost_and_buys_one():
    g = new_game()
    g.state.display = ["farmer"] * 6 + ["colonist"]
    set_goods(g, 0, food=1)
    play(g, 0, "consul")
    assert legal_of(g, "card") == {("card", 6, -1)}  # last position, no cloth needed; Farmer needs a brick
    g.apply(("card", 6, -1))
    assert goods(g, 0) == [0, 0, 0, 0, 0] and "colonist" in g.state.players[0].hand
    assert top(g) == ("turn", 1)


# =====================================================================================================================
# Specialists
# =====================================================================================================================

@pytest.mark.parametrize("key,good", [("mason", BRICK), ("farmer", FOOD), ("smith", TOOL), ("vintner", WINE),
                                      ("weaver", CLOTH)])
def test_specialist_produces_one_per_own_house_of_its_good(key, good):
    g = new_game()
    other = (good + 1) % 5
    for name, gd in (("Cosa", good), ("Florentia", good), ("Genua", other), ("Nicaea", good)):
        set_city_good(g, name, gd)
    give_house(g, 0, "Cosa")
    give_house(g, 0, "Florentia")
    give_house(g, 0, "Genua")
    give_house(g, 1, "Nicaea")
    give_house(g, 1, "Cosa")
    set_goods(g, 0)
    set_goods(g, 1)
    markers = list(g.state.marker_up)
    pm = g.state.pm
    play(g, 0, key)
    expect = [0] * 5
    expect[good] = 2
    assert goods(g, 0) == expect
    assert goods(g, 1) == [0] * 5  # other players' houses do not produce
    assert g.state.marker_up == markers and g.state.pm == pm  # no marker, no Praefectus Magnus
    assert top(g) == ("turn", 1)


def test_specialist_overflow_asks_for_a_discard():
    g = new_game()
    set_city_good(g, "Cosa", FOOD)
    give_house(g, 0, "Cosa")
    set_goods(g, 0, cloth=8)
    play(g, 0, "farmer")
    assert top(g) == ("discard", 0) and set(g.legal_actions()) == {("drop", FOOD), ("drop", CLOTH)}
    g.apply(("drop", FOOD))
    assert goods(g, 0) == [0, 0, 0, 0, 8]


# =====================================================================================================================
# Concordia Venus: Magister and double cards
# =====================================================================================================================

def test_magister_repeats_the_previous_card():
    g = new_game(venus=True)
    p = g.state.players[0]
    p.hand.remove("prefect")
    p.pile = ["prefect"]
    play(g, 0, "magister")
    assert top(g) == ("prefect", 0, "prefect")
    assert p.pile == ["prefect", "magister"]


@pytest.mark.parametrize("key,gain", [("mercator", 3), ("mercator_sale", 5)])
def test_magister_repeating_a_mercator(key, gain):
    g = new_game(venus=True)
    p = g.state.players[0]
    p.pile = [key]
    m = p.money
    play(g, 0, "magister")
    assert p.money == m + gain and top(g)[0] == "trade"


def test_magister_repeating_the_architect_has_movement_points():
    g = new_game(venus=True)
    g.state.players[0].pile = ["architect"]
    play(g, 0, "magister")
    assert top(g) == ("arch_move", 0, 2, None)


@pytest.mark.parametrize("pile", [[], ["senator"], ["prefect", "senator"], ["diplomat"]])
def test_magister_needs_a_previous_card_other_than_the_senator(pile):
    g = new_game(venus=True)
    g.state.players[0].pile = list(pile)
    start_turn(g, 0)
    assert ("play", "magister") not in g.legal_actions()
    e = refused(g, ("play", "magister"))
    assert e.rule == "Play a card" and "Magister" in e.detail


def test_magister_repeating_a_diplomat_copies_again():
    g = new_game(venus=True)
    g.state.players[0].pile = ["diplomat"]
    g.state.players[1].pile = ["mercator_sale"]
    m = g.state.players[0].money
    play(g, 0, "magister")
    assert g.legal_actions() == [("copy", 1)]
    g.apply(("copy", 1))
    assert g.state.players[0].money == m + 5


def test_diplomat_copying_a_magister_performs_the_card_it_repeated():
    g = new_game(venus=True)
    g.state.players[1].pile = ["architect", "magister"]
    assert effective_top(g.state, g.state.players[1].pile) == "architect"
    play(g, 0, "diplomat")
    g.apply(("copy", 1))
    assert top(g) == ("arch_move", 0, 2, None)


@pytest.mark.parametrize("key,halves", [("prefect_architect", ("prefect", "arch_move")),
                                        ("architect_mercator", ("arch_move", "trade")),
                                        ("prefect_mercator", ("prefect", "trade"))])
@pytest.mark.parametrize("half", [0, 1])
def test_double_card_lets_the_player_choose_a_half(key, halves, half):
    g = new_game(venus=True)
    m = g.state.players[0].money
    play(g, 0, key)
    assert set(g.legal_actions()) == {("half", 0), ("half", 1)}
    g.apply(("half", half))
    assert top(g)[0] == halves[half]
    if halves[half] == "trade":
        assert g.state.players[0].money == m + 5  # the Mercator half is the bought Mercator
    else:
        assert g.state.players[0].money == m


def test_venus_cards_data():
    g = new_game(venus=True)
    cards = g.state.cat.cards
    assert cards["magister"].gods == ("Venus",)
    for key, cost in (("prefect_architect", WINE), ("architect_mercator", TOOL), ("prefect_mercator", WINE)):
        assert cards[key].gods == ("Venus",)
        expect = [0] * 5
        expect[cost] = 1
        assert list(cards[key].cost) == expect


# =====================================================================================================================
# Card data against the rules README
# =====================================================================================================================

def test_cards_for_sale_costs_and_gods():
    cards = new_game().state.cat.cards

    def cost(key):
        return {("brick", "food", "tool", "wine", "cloth")[i]: n for i, n in enumerate(cards[key].cost) if n}

    expect = {
        "architect_sale": ({"tool": 1}, ("Jupiter",)), "prefect_sale": ({"wine": 1}, ("Saturnus",)),
        "mercator_sale": ({"wine": 1}, ("Mercurius",)), "colonist": ({"food": 1}, ("Mars",)),
        "consul": ({"cloth": 1}, ("Jupiter",)), "diplomat_1": ({"tool": 1}, ("Saturnus",)),
        "diplomat_3": ({"food": 1}, ("Saturnus",)), "diplomat_4": ({"tool": 1}, ("Mercurius",)),
        "diplomat_5": ({"food": 1}, ("Mars",)), "mason": ({"food": 1}, ("Minerva",)),
        "farmer": ({"brick": 1, "food": 1}, ("Minerva",)), "smith": ({"brick": 1, "tool": 1}, ("Minerva",)),
        "vintner": ({"brick": 1, "wine": 1}, ("Minerva",)), "weaver": ({"brick": 1, "cloth": 1}, ("Minerva",)),
    }
    for key, (c, gods) in expect.items():
        assert (cost(key), cards[key].gods) == (c, gods), key
    starting = {"tribune": "Mars", "architect": "Jupiter", "prefect": "Saturnus", "mercator": "Mercurius",
                "senator": "Vesta", "diplomat": "Jupiter"}
    for key, god in starting.items():
        assert cards[key].gods == (god,) and not any(cards[key].cost), key
    assert cards["mercator"].money == 3 and cards["mercator_sale"].money == 5
    assert [cards[k].vp_per_house for k in ("mason", "farmer", "smith", "vintner", "weaver")] == [3, 3, 3, 4, 5]


def test_magister_repeats_the_top_card_of_the_pile_not_an_older_one():
    """The Magister repeats the card played just before it (the top of the pile), not an older one."""
    g = new_game(venus=True)
    p = g.state.players[0]
    p.pile = ["architect", "prefect"]
    p.hand = [k for k in p.hand if k != "architect"]
    p.hand.remove("prefect")
    play(g, 0, "magister")
    assert top(g) == ("prefect", 0, "prefect")


def test_tribune_colonist_goes_into_the_capital_only_even_with_own_houses():
    """The Tribune's colonist goes into the capital only, even for a player with houses (the Colonist card may also
    use cities with one's own house; the Tribune not)."""
    g = new_game()
    give_house(g, 0, "Genua")
    give_house(g, 0, "Cosa")
    set_goods(g, 0, food=1, tool=1)
    play(g, 0, "tribune")
    assert legal_of(g, "recruit") == {("recruit", 0), ("recruit", 1)}
    g.apply(("recruit", 0))
    col = g.state.players[0].col
    assert col[:3] == [in_city(g, "Roma"), in_city(g, "Roma"), STORE]
    assert in_city(g, "Genua") not in col and in_city(g, "Cosa") not in col


def test_specialist_houses_produce_in_a_province_whose_marker_shows_coins():
    """A specialist's houses produce whichever side their province's marker shows (no bonus; no marker turned)."""
    g = new_game()
    set_city_good(g, "Cosa", FOOD)
    set_city_good(g, "Genua", FOOD)
    give_house(g, 0, "Cosa")
    give_house(g, 0, "Genua")
    s = g.state
    etr = s.board.provinces.index("Etruria")
    s.marker_up[etr] = False  # Etruria (Cosa) has produced; Liguria (Genua) has not
    set_goods(g, 0)
    play(g, 0, "farmer")
    assert goods(g, 0) == [0, 2, 0, 0, 0]
    assert s.marker_up[etr] is False and s.marker_up[s.board.provinces.index("Liguria")] is True


def test_prefect_may_produce_in_any_province_showing_goods_even_without_houses():
    """The Prefect may produce in any province whose marker shows its good, houses or none; the bonus good goes to
    the Prefect's player whether or not it has a house there."""
    g = new_game(players=3)  # Praefectus Magnus with seat 2
    s = g.state
    assert not any(s.houses)
    play(g, 0, "prefect")
    assert legal_of(g, "produce") == {("produce", i) for i in range(len(s.board.provinces))}
    lig = s.board.provinces.index("Liguria")
    s.marker_good = list(s.marker_good)
    s.marker_good[lig] = WINE
    set_goods(g, 0)
    g.apply(("produce", lig))
    assert goods(g, 0) == [0, 0, 0, 1, 0] and s.marker_up[lig] is False
    assert top(g) == ("turn", 1)


def test_prefect_cash_pays_two_for_a_tool_marker():
    """A tool marker pays 2 sestertii (cloth 1, all others 2: A-MARKER-COINS)."""
    g = new_game(players=3)
    s = g.state
    s.marker_good = list(s.marker_good)
    lig = s.board.provinces.index("Liguria")
    s.marker_good[lig] = TOOL
    s.marker_up[lig] = False
    m = s.players[0].money
    play(g, 0, "prefect")
    g.apply(("cash",))
    assert s.players[0].money == m + 2 and all(s.marker_up)
