"""Final scoring: each god per card with its maximum, Minerva per specialist, the Concordia card, the 134-VP example
of the rules README, and the tie-break by Praefectus Magnus."""
from __future__ import annotations

import pytest

from sestertius.rules.scoring import god_values, ranking, score_seat
from support.rules import (
    BRICK,
    CLOTH,
    FOOD,
    LAND,
    SEA,
    STORE,
    TOOL,
    WINE,
    give_house,
    in_city,
    new_game,
    put,
    route,
    set_city_good,
    set_goods,
)

GOD_ORDER = ["Vesta", "Jupiter", "Saturnus", "Venus", "Mercurius", "Mars", "Minerva"]


def only_cards(g, seat, *keys):
    p = g.state.players[seat]
    p.hand = list(keys)
    p.pile = []


def houses(g, seat, spec: dict[str, int]):
    """Give ``seat`` a house in each named city, setting that city's good."""
    for name, good in spec.items():
        set_city_good(g, name, good)
        give_house(g, seat, name)


# italia provinces (buildable cities): Venetia (Bausanum, Aquileia, Verona), Transpadana (Comum, Segusio),
# Liguria (Genua, Nicaea), Aemilia (Mutina, Ravenna), Etruria (Florentia, Cosa), Umbria (Ancona, Spoletum, Hadria),
# Corsica (Aleria, Olbia), Campania (Casinum, Neapolis), Apulia (Luceria, Brundisium), Lucania (Potentia, Croton),
# Sicilia (Messana, Panormus, Syracusae)
ONE_PER_PROVINCE = ["Bausanum", "Comum", "Genua", "Mutina", "Florentia", "Ancona", "Aleria", "Casinum", "Luceria",
                    "Potentia", "Messana"]
TWO_PER_PROVINCE = ["Bausanum", "Aquileia", "Comum", "Segusio", "Genua", "Nicaea", "Mutina", "Ravenna", "Florentia",
                    "Cosa", "Ancona", "Spoletum", "Aleria", "Olbia"]


# =====================================================================================================================
# Each god
# =====================================================================================================================

@pytest.mark.parametrize("money,goods,vp", [(0, (0, 0, 0, 0, 0), 0), (9, (0, 0, 0, 0, 0), 0),
                                            (10, (0, 0, 0, 0, 0), 1), (3, (0, 0, 0, 0, 1), 1),
                                            (2, (1, 1, 1, 1, 1), 2), (1, (1, 1, 1, 1, 1), 2),
                                            (0, (1, 1, 1, 1, 1), 2), (5, (0, 2, 0, 0, 0), 1),
                                            (57, (0, 0, 0, 0, 0), 5), (101, (2, 2, 2, 2, 2), 15),
                                            (99, (2, 2, 2, 2, 2), 14)])
def test_vesta_cash_plus_goods_at_prices_per_ten(money, goods, vp):
    g = new_game()
    set_goods(g, 0, *goods)
    g.state.players[0].money = money
    only_cards(g, 0, "senator")
    assert god_values(g.state, 0)["Vesta"] == vp
    sc = score_seat(g.state, 0)
    assert sc["Vesta"] == vp and sc["total"] == vp


def test_jupiter_counts_houses_in_non_brick_cities_up_to_15():
    g = new_game()
    houses(g, 0, {"Bausanum": BRICK, "Aquileia": FOOD, "Verona": TOOL, "Comum": WINE, "Segusio": CLOTH})
    only_cards(g, 0, "architect")
    assert score_seat(g.state, 0)["Jupiter"] == 4
    only_cards(g, 0, "architect", "diplomat", "consul")
    assert score_seat(g.state, 0)["Jupiter"] == 12  # 4 per card, three Jupiter cards
    g = new_game()
    houses(g, 0, dict.fromkeys([c for c in g.state.board.cities if c != "Roma"][:15], TOOL))
    only_cards(g, 0, "architect")
    assert score_seat(g.state, 0)["Jupiter"] == 15


def test_saturnus_counts_provinces_with_a_house_up_to_all_provinces():
    g = new_game()
    houses(g, 0, {"Bausanum": BRICK, "Aquileia": BRICK, "Comum": FOOD})  # 2 provinces
    only_cards(g, 0, "prefect", "prefect")
    assert score_seat(g.state, 0)["Saturnus"] == 4
    g = new_game()
    houses(g, 0, dict.fromkeys(ONE_PER_PROVINCE, BRICK))
    only_cards(g, 0, "prefect")
    assert len(g.state.board.provinces) == 11
    assert score_seat(g.state, 0)["Saturnus"] == 11


def test_venus_two_per_province_with_two_own_houses_up_to_14():
    g = new_game(venus=True)
    houses(g, 0, {"Bausanum": BRICK, "Aquileia": BRICK, "Comum": FOOD, "Genua": FOOD, "Nicaea": FOOD,
                  "Mutina": TOOL})
    give_house(g, 1, "Segusio")  # another player's house does not make Transpadana count for seat 0
    only_cards(g, 0, "magister")
    assert score_seat(g.state, 0)["Venus"] == 4  # Venetia and Liguria
    g = new_game(venus=True)
    houses(g, 0, dict.fromkeys(TWO_PER_PROVINCE, BRICK) | {"Verona": BRICK})  # 7 provinces with 2+, 15 houses
    only_cards(g, 0, "magister", "prefect_architect")
    assert score_seat(g.state, 0)["Venus"] == 28


def test_mercurius_two_per_good_type_produced_up_to_10():
    g = new_game()
    houses(g, 0, {"Bausanum": BRICK, "Aquileia": BRICK, "Comum": WINE})
    only_cards(g, 0, "mercator")
    assert score_seat(g.state, 0)["Mercurius"] == 4
    g = new_game()
    houses(g, 0, {"Bausanum": BRICK, "Aquileia": FOOD, "Comum": TOOL, "Genua": WINE, "Mutina": CLOTH,
                  "Cosa": CLOTH})
    only_cards(g, 0, "mercator", "mercator_sale", "diplomat_4")
    assert score_seat(g.state, 0)["Mercurius"] == 30


def test_mars_two_per_colonist_on_the_board_up_to_12():
    g = new_game()
    only_cards(g, 0, "tribune")
    assert score_seat(g.state, 0)["Mars"] == 4  # the two starting colonists in Roma count
    for slot, loc in ((1, route(g, LAND, "Cosa", "Florentia")), (2, in_city(g, "Roma")),
                      (4, route(g, SEA, "Neapolis", "Roma")), (5, route(g, SEA, "Aleria", "Olbia"))):
        put(g, 0, slot, loc)
    only_cards(g, 0, "tribune", "colonist")
    assert score_seat(g.state, 0)["Mars"] == 24
    put(g, 0, 5, STORE)
    assert score_seat(g.state, 0)["Mars"] == 20


@pytest.mark.parametrize("key,good,per", [("mason", BRICK, 3), ("farmer", FOOD, 3), ("smith", TOOL, 3),
                                          ("vintner", WINE, 4), ("weaver", CLOTH, 5)])
def test_minerva_per_house_of_the_specialists_good(key, good, per):
    g = new_game()
    other = (good + 2) % 5
    houses(g, 0, {"Bausanum": good, "Aquileia": good, "Comum": other})
    give_house(g, 1, "Genua")
    set_city_good(g, "Genua", good)
    only_cards(g, 0, key)
    sc = score_seat(g.state, 0)
    assert sc["Minerva"] == 2 * per
    assert sc["total"] == 2 * per


def test_concordia_card_is_seven_for_its_holder_only():
    g = new_game(players=3)
    g.state.concordia = 1
    for seat in range(3):
        only_cards(g, seat)
        set_goods(g, seat)
        g.state.players[seat].money = 0
    assert [score_seat(g.state, seat)["total"] for seat in range(3)] == [0, 7, 0]


def test_every_card_scores_all_of_its_gods():
    g = new_game()
    only_cards(g, 0, "tribune", "architect", "prefect", "prefect", "mercator", "senator", "diplomat")
    houses(g, 0, {"Bausanum": FOOD})
    set_goods(g, 0)
    g.state.players[0].money = 20
    sc = score_seat(g.state, 0)
    # Mars 2 colonists x1, Jupiter 1 x2, Saturnus 1 x2, Mercurius 2 x1, Vesta 2 x1
    assert {k: sc[k] for k in GOD_ORDER} == {"Vesta": 2, "Jupiter": 2, "Saturnus": 2, "Venus": 0, "Mercurius": 2,
                                            "Mars": 4, "Minerva": 0}
    assert sc["total"] == 12


# =====================================================================================================================
# The 134-VP example of the rules README
# =====================================================================================================================

def test_the_134_vp_example():
    g = new_game(players=2, venus=True)
    s = g.state
    # 12 houses in 7 provinces, 5 of them with two houses; 3 brick, 4 food, 3 tool, 2 wine cities
    houses(g, 0, {
        "Bausanum": BRICK, "Aquileia": FOOD,  # Venetia
        "Comum": BRICK, "Segusio": FOOD,  # Transpadana
        "Genua": BRICK, "Nicaea": FOOD,  # Liguria
        "Mutina": FOOD, "Ravenna": TOOL,  # Aemilia
        "Florentia": TOOL, "Cosa": TOOL,  # Etruria
        "Ancona": WINE,  # Umbria
        "Aleria": WINE,  # Corsica
    })
    # 5 colonists on the board: two in Roma, three on routes
    put(g, 0, 1, route(g, LAND, "Cosa", "Florentia"))
    put(g, 0, 2, route(g, LAND, "Comum", "Genua"))
    put(g, 0, 4, route(g, SEA, "Aleria", "Olbia"))
    assert s.colonists_on_board(0) == 5
    # 21 sestertii + brick 3 + food 4 + tool 5 = 33
    set_goods(g, 0, brick=1, food=1, tool=1)
    s.players[0].money = 21
    # cards: Vesta x1, Jupiter x2, Saturnus x4, Venus x2, Mercurius x2, Mars x3, Farmer
    s.players[0].hand = ["tribune", "architect", "prefect", "mercator", "senator", "diplomat", "magister",
                         "prefect_sale", "diplomat_1", "prefect_architect", "mercator_sale", "colonist"]
    s.players[0].pile = ["prefect", "colonist", "farmer"]
    s.concordia = 0
    sc = score_seat(s, 0)
    assert sc == {"Vesta": 3, "Jupiter": 18, "Saturnus": 28, "Venus": 20, "Mercurius": 16, "Mars": 30,
                  "Minerva": 12, "Concordia": 7, "during play": 0, "total": 134}
    assert g.scores()[0]["total"] == 134


# =====================================================================================================================
# Ranking and tie-break
# =====================================================================================================================

def test_higher_total_wins():
    g = new_game(players=3)
    s = g.state
    s.players[0].money += 100
    assert ranking(s)[0] == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_tie_goes_to_praefectus_magnus_then_to_whoever_receives_it_next(players):
    g = new_game("imperium", players=players)
    s = g.state
    totals = [sc["total"] for sc in g.scores()]
    assert len(set(totals)) == 1  # at the start everybody scores the same
    # Praefectus Magnus passes to the right (the previous seat): that is the order of the tie-break
    assert ranking(s) == [(players - 1 - i) % players for i in range(players)]
    s.pm = 1
    assert ranking(s) == [(1 - i) % players for i in range(players)]
    # totals still come first
    s.players[s.pm].money -= 30
    s.players[s.pm].goods = [0, 0, 0, 0, 0]
    assert ranking(s)[-1] == s.pm and ranking(s)[0] == (s.pm - 1) % players


def test_intermediate_scoring_is_taken_once_when_stack_two_reaches_the_display_and_changes_nothing():
    import random

    from sestertius.rules.game import Game
    from sestertius.rules.scoring import score_all
    for seed in range(3):
        opts = {"board": "italia", "players": 3, "intermediate_scoring": True}
        g = Game.new(opts, seed=seed)
        plain = Game.new({**opts, "intermediate_scoring": False}, seed=seed)
        rng = random.Random(seed)
        taken_at = None
        while not g.is_over:
            a = rng.choice(g.legal_actions())
            g.apply(a)
            plain.apply(a)
            s = g.state
            if taken_at is None and s.intermediate is not None:
                taken_at = len(g.history)
                assert "II" in s.seen_decks  # a card of stack II has reached the display
                assert s.intermediate["scores"] == score_all(s)  # the standings at that moment
            if taken_at is None:
                assert "II" not in s.seen_decks or s.pending[-1][0] != "turn"
            assert plain.state.intermediate is None
        assert taken_at is not None
        assert g.scores() == plain.scores()  # for information only: no points change hands


def per_card_points(s, seat):
    """The gods' points summed card by card, as the rules say it (the reference for score_seat's shortcuts)."""
    p = s.players[seat]
    values = god_values(s, seat)
    out = dict.fromkeys(GOD_ORDER, 0)
    for key in p.hand + p.pile:
        card = s.cat.cards[key]
        for god in card.gods:
            if god == "Minerva":
                out[god] += card.vp_per_house * sum(1 for c in p.houses if s.city_good[c] == card.good)
            else:
                out[god] += values[god]
    return out


@pytest.mark.parametrize("options", [
    {"board": "italia", "players": 2},
    {"board": "imperium", "players": 4, "venus": True},
    {"board": "italia", "players": 4, "mode": "team"},
    {"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"},
    {"board": "hellas", "players": 3, "fish_market": "coastal"},
])
def test_scores_agree_with_the_cards_summed_one_by_one_through_a_game(options):
    """score_seat counts a seat's cards per god once per hand and pile and multiplies: the same points as every card
    counted alone, at every position of a game (hands, piles and houses changing, positions scored again)."""
    import random

    from sestertius.rules.game import Game

    g = Game.new(options, seed=3)
    rnd = random.Random(3)
    while not g.is_over:
        s = g.state
        for seat in range(s.n):
            got = score_seat(s, seat)
            assert {god: got[god] for god in GOD_ORDER} == per_card_points(s, seat)
            assert got["total"] == sum(v for k, v in got.items() if k != "total")
        legal = g.legal_actions()
        g.apply(legal[rnd.randrange(len(legal))])
