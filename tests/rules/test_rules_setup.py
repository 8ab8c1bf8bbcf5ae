"""Setup (city tokens, bonus markers, money, Praefectus Magnus, sale decks and display, hands) and the end of the
game (the Concordia card and one more turn for every other player)."""
from __future__ import annotations

from collections import Counter

import pytest

from sestertius import check_options
from sestertius.rules.errors import OptionsError
from sestertius.rules.game import Game
from sestertius.rules.options import GameOptions
from support.rules import (
    BRICK,
    CLOTH,
    FOOD,
    LAND,
    STORE,
    TOOL,
    VENUS_DECKS,
    WINE,
    city,
    clear_colonists,
    give_house,
    in_city,
    new_game,
    pass_turn,
    play,
    put,
    route,
    set_city_good,
    set_goods,
    top,
)

# zone piles of the rules README: brick, food, tool, wine, cloth
TOKENS = {"A": (2, 2, 1, 1, 1), "B": (2, 2, 2, 1, 1), "C": (3, 2, 2, 2, 1), "D": (1, 1, 1, 1, 1)}
BASE_DECKS = {
    "I": ["architect_sale", "prefect_sale", "mercator_sale", "colonist", "diplomat_1", "mason", "farmer", "smith"],
    "II": ["architect_sale", "prefect_sale", "mercator_sale", "colonist", "consul", "vintner", "weaver"],
    "III": ["architect_sale", "prefect_sale", "mercator_sale", "colonist", "diplomat_3", "consul"],
    "IV": ["architect_sale", "prefect_sale", "colonist", "diplomat_4", "consul"],
    "V": ["prefect_sale", "mercator_sale", "diplomat_5", "consul"],
}
BASE_HAND = ["tribune", "architect", "prefect", "prefect", "mercator", "senator", "diplomat"]
NUMERALS = ["I", "II", "III", "IV", "V"]


# =====================================================================================================================
# Setup
# =====================================================================================================================

@pytest.mark.parametrize("seed", range(6))
def test_imperium_uses_every_city_token_of_every_zone(seed):
    g = new_game("imperium", players=4, seed=seed)
    s = g.state
    b = s.board
    assert s.city_good[b.capital] == -1
    for zone, pile in TOKENS.items():
        got = Counter(s.city_good[c] for c in b.buildable() if b.zone[c] == zone)
        assert got == Counter({good: n for good, n in enumerate(pile) if n}), zone


@pytest.mark.parametrize("board", ["italia", "hellas", "ionium", "cyprus", "sicilia", "balearica"])
def test_each_city_gets_a_token_of_its_zone(board):
    from sestertius.rules.options import GameOptions
    from sestertius.rules.rulebook import resolve
    from sestertius.rules.state import new_state
    for seed in range(4):
        opts = GameOptions(board=board, players=3)
        s = new_state(opts, resolve(opts), seed)  # setup only: Sicilia/Balearica rules aside
        b = s.board
        for zone, pile in TOKENS.items():
            got = Counter(s.city_good[c] for c in b.buildable() if b.zone[c] == zone)
            assert all(got[good] <= n for good, n in enumerate(pile)), (zone, got)
            assert sum(got.values()) == b.zone.count(zone)


def test_tokens_are_shuffled_by_the_seed():
    goods = {tuple(new_game("imperium", players=4, seed=seed).state.city_good) for seed in range(8)}
    assert len(goods) > 1
    assert new_game(seed=5).state.hash() == new_game(seed=5).state.hash()


@pytest.mark.parametrize("board", ["imperium", "italia", "hellas", "ionium", "cyprus"])
def test_bonus_markers_show_the_most_valuable_good_of_the_province(board):
    for seed in range(4):
        s = new_game(board, players=4, seed=seed).state
        b = s.board
        for prov, cities in enumerate(b.province_cities):
            assert s.marker_good[prov] == max(s.city_good[c] for c in cities)
        assert all(s.marker_up)


def test_marker_of_a_wine_and_brick_province_is_wine():
    # cloth > wine > tool > food > brick: the goods are numbered in this order of value
    assert (BRICK, FOOD, TOOL, WINE, CLOTH) == (0, 1, 2, 3, 4)
    assert new_game().state.cat.prices == (3, 4, 5, 6, 7)
    seen = 0
    for seed in range(40):
        s = new_game("imperium", players=4, seed=seed).state
        for prov, cities in enumerate(s.board.province_cities):
            if {s.city_good[c] for c in cities} == {WINE, BRICK}:
                assert s.marker_good[prov] == WINE
                seen += 1
    assert seen  # the seeds dealt such provinces


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_players_start_with_money_by_seat_goods_colonists_and_hand(players):
    g = new_game("imperium", players=players)
    s = g.state
    roma = in_city(g, "Roma")
    for seat, p in enumerate(s.players):
        assert p.money == [5, 6, 7, 8, 9][seat]
        assert p.goods == [1, 2, 1, 1, 1]
        assert p.col == [roma, STORE, STORE, roma, STORE, STORE]  # 1 land + 1 sea in Roma, 2 + 2 in store
        assert sorted(p.hand) == sorted(BASE_HAND) and p.pile == [] and p.houses == []
    assert s.pm == players - 1  # Praefectus Magnus with the last player
    assert s.current == 0 and top(g) == ("turn", 0)
    assert s.route_occ == [-1] * s.R and s.houses == [0] * len(s.board.cities)
    assert s.concordia == -1 and not s.over


@pytest.mark.parametrize("venus", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sale_decks_one_per_player_stack_one_on_top(players, venus):
    decks = VENUS_DECKS if venus else BASE_DECKS
    s = new_game("imperium", players=players, venus=venus, seed=players).state
    used = NUMERALS[:players]
    expect = Counter(k for n in used for k in decks[n])
    assert Counter(s.deck) + Counter(s.display) == expect
    assert len(s.display) == 7 and None not in s.display
    # the display is filled from stack I: all of its 7 cards are stack I cards, the rest of stack I is on top
    assert Counter(s.display) <= Counter(decks["I"])
    n_rest_of_i = len(decks["I"]) - 7
    assert s.deck_labels[len(s.deck_labels) - n_rest_of_i:] == ["I"] * n_rest_of_i
    # below: II, then III ... (the end of the list is the top)
    labels = list(reversed(s.deck_labels))
    assert labels == [n for n in used for _ in decks[n]][7:]
    for key, label in zip(s.deck, s.deck_labels):
        assert key in decks[label]


def test_decks_are_shuffled():
    orders = {tuple(new_game("imperium", players=5, seed=seed).state.deck) for seed in range(6)}
    assert len(orders) > 1


def test_venus_hand_adds_the_magister():
    s = new_game(venus=True).state
    for p in s.players:
        assert sorted(p.hand) == sorted(BASE_HAND + ["magister"])
    assert "magister" not in new_game(venus=False).state.players[0].hand


def test_bad_options_are_refused():
    with pytest.raises(OptionsError, match="2 to 5 players"):
        Game.new({"board": "italia", "players": 6})
    with pytest.raises(OptionsError, match="unknown board"):
        Game.new({"board": "atlantis", "players": 3})
    with pytest.raises(OptionsError, match="display"):
        Game.new({"board": "italia", "players": 3, "display": "beer"})
    for mode, players in (("solo", 1), ("solo", 2), ("team", 2)):  # Solitaria's hands are its own: no Venus cards
        with pytest.raises(OptionsError, match="venus option does not apply"):
            Game.new({"board": "italia", "players": players, "mode": mode, "venus": True})


# =====================================================================================================================
# End of the game
# =====================================================================================================================

def test_buying_the_last_card_gives_concordia_and_one_more_turn_to_every_other_player():
    g = new_game(players=3)
    s = g.state
    s.deck, s.deck_labels = [], []
    s.display = ["colonist", "colonist"] + [None] * 5
    set_goods(g, 0, food=3, brick=1)
    play(g, 0, "senator")
    g.apply(("card", 0, -1))
    assert s.concordia == -1  # one card is still on display
    g.apply(("card", 1, 0))
    assert s.concordia == 0
    assert top(g) == ("turn", 1)
    assert pass_turn(g) == 1
    assert not g.is_over and top(g) == ("turn", 2)
    assert pass_turn(g) == 2
    assert g.is_over and g.legal_actions() == [] and g.to_act() is None
    scores = g.scores()
    assert [sc["Concordia"] for sc in scores] == [7, 0, 0]
    with pytest.raises(Exception, match="over"):
        g.apply(("play", "tribune"))


def test_the_last_seat_triggering_the_end_gives_the_first_seats_one_turn_each():
    g = new_game(players=4)
    s = g.state
    s.deck, s.deck_labels = [], []
    s.display = [None] * 6 + ["colonist"]
    set_goods(g, 3, food=1)
    play(g, 3, "consul")
    g.apply(("card", 6, -1))
    assert s.concordia == 3 and top(g) == ("turn", 0)
    assert [pass_turn(g) for _ in range(3)] == [0, 1, 2]
    assert g.is_over


def test_building_the_fifteenth_house_gives_concordia():
    g = new_game("imperium", players=3)
    names = [n for n in g.state.board.cities if n not in ("Roma", "Novaria", "Massilia")][:14]
    for n in names:
        give_house(g, 0, n)
    set_city_good(g, "Novaria", BRICK)
    clear_colonists(g, 0)
    put(g, 0, 0, route(g, LAND, "Novaria", "Massilia"))
    set_goods(g, 0, food=2)
    play(g, 0, "architect")
    g.apply(("done",))
    g.apply(("build", city(g, "Novaria")))
    assert g.state.concordia == 0 and len(g.state.players[0].houses) == 15
    assert g.legal_actions() == [("done",)]  # no 16th house
    g.apply(("done",))
    assert pass_turn(g) == 1 and not g.is_over
    assert pass_turn(g) == 2 and g.is_over
    assert g.scores()[0]["Concordia"] == 7


def test_only_the_first_trigger_takes_the_concordia_card():
    g = new_game("imperium", players=3)
    s = g.state
    s.deck, s.deck_labels = [], []
    s.display = ["colonist"] + [None] * 6
    set_goods(g, 0, food=1)
    play(g, 0, "consul")
    g.apply(("card", 0, -1))
    assert s.concordia == 0
    # seat 1 builds its 15th house during the last round: no second Concordia card, no extra turns
    names = [n for n in s.board.cities if n not in ("Roma", "Novaria", "Massilia")][:14]
    for n in names:
        give_house(g, 1, n)
    clear_colonists(g, 1)
    put(g, 1, 0, route(g, LAND, "Novaria", "Massilia"))
    set_city_good(g, "Novaria", BRICK)
    set_goods(g, 1, food=1)
    g.apply(("play", "architect"))
    g.apply(("done",))
    g.apply(("build", city(g, "Novaria")))
    g.apply(("done",))
    assert s.concordia == 0 and len(s.players[1].houses) == 15
    assert pass_turn(g) == 2 and g.is_over


def test_an_empty_stack_alone_does_not_end_the_game():
    g = new_game(players=2)
    s = g.state
    s.deck, s.deck_labels = [], []
    set_goods(g, 0, food=2, brick=2, tool=2, wine=2, cloth=2)
    play(g, 0, "consul")
    g.apply(("card", 0, -1))
    assert s.concordia == -1
    # the display slides left but is not refilled
    assert s.display[:6] == [c for c in s.display if c] and s.display[6] is None
    assert pass_turn(g) == 1 and not g.is_over


BAD_OPTIONS = [  # (option, value, words of the refusal)
    ("players", 2.5, "players must be a whole number from 1 to 6, not 2.5"),
    ("players", 2.0, "players must be a whole number from 1 to 6, not 2.0"),
    ("players", True, "players must be a whole number from 1 to 6, not True"),
    ("players", -10 ** 9, "players must be a whole number from 1 to 6, not -1000000000"),
    ("players", "2", "players must be a whole number from 1 to 6, not '2'"),
    ("start_vp", "abc", "start_vp must be a whole number of points from 0 to 100"),
    ("start_vp", 2.5, "start_vp must be a whole number"),
    ("start_vp", True, "start_vp must be a whole number"),
    ("start_vp", -10 ** 9, "not -1000000000"),
    ("start_vp", 101, "not 101"),
    ("difficulty", 5, "unknown difficulty 5; difficulties: standard"),
    ("difficulty", ["expert"], "unknown difficulty ['expert']"),
    ("difficulty", "impossible", "unknown difficulty 'impossible'"),
    ("board", 5, "unknown board 5; boards: balearica"),
    ("board", ["italia"], "unknown board ['italia']"),
    ("mode", None, "unknown mode None; modes: base, solo, team"),
    ("display", 1, "unknown display 1; displays: standard, wine"),
    ("venus", "yes", "venus must be true or false, not 'yes'"),
    ("venus", 1, "venus must be true or false, not 1"),
    ("intermediate_scoring", None, "intermediate_scoring must be true or false"),
    ("manual_dice", 0, "manual_dice must be true or false, not 0"),
    ("fish_market", ["coastal"], "fish_market must be one of 'coastal', 'mountain'"),
    ("fish_market", True, "fish_market must be one of"),
]


@pytest.mark.parametrize("option,value,words", BAD_OPTIONS, ids=[f"{o}={v!r}"[:40] for o, v, _ in BAD_OPTIONS])
def test_each_option_is_checked_for_its_type_and_range_when_the_game_is_made(option, value, words):
    """Every way of making a game checks each value: a dict of options, GameOptions made directly and passed to
    Game(...), and the lobby's check_options; nothing fails later in setup or scoring."""
    base = {"board": "italia", "players": 1, "mode": "solo"} if option == "start_vp" else {"board": "italia",
                                                                                          "players": 2}
    options = {**base, option: value}
    with pytest.raises(OptionsError) as e:
        Game.new(options)
    assert words in str(e.value)
    with pytest.raises(OptionsError) as e:
        Game(GameOptions(**options), seed=1)
    assert words in str(e.value)
    with pytest.raises(OptionsError):
        Game.new(GameOptions(**options))
    assert words in check_options(options)


def test_the_edges_of_each_range_are_accepted():
    assert Game.new({"board": "italia", "players": 1, "mode": "solo", "start_vp": 0}).state.players[0].vp == 0
    assert Game.new({"board": "italia", "players": 1, "mode": "solo", "start_vp": 100}).state.players[0].vp == 100
    assert Game.new({"board": "italia", "players": 1, "mode": "solo", "difficulty": "Strong Veteran"})
    assert Game(GameOptions(board="imperium", players=6, mode="team"), seed=2).state.n == 6


def test_the_mode_table_seats_players_within_the_range_the_options_accept():
    from sestertius.rules.options import PLAYERS
    from sestertius.rules.rulebook import MODE_TABLE
    assert {n for _, n in MODE_TABLE} <= set(PLAYERS) and {min(PLAYERS), max(PLAYERS)} <= {n for _, n in MODE_TABLE}


@pytest.mark.parametrize("seed", [-1, 2 ** 64, 10 ** 5000, True, 1.0, "7", None],
                         ids=["-1", "2**64", "5000 digits", "True", "1.0", "'7'", "None"])
def test_a_seed_outside_the_generators_range_is_refused(seed):
    with pytest.raises(OptionsError) as e:
        Game.new({"board": "italia", "players": 2}, seed=seed)
    assert str(e.value).startswith("a seed is a whole number from 0 to 2**64 - 1, not ")
    assert len(str(e.value)) < 120
    assert Game.new({"board": "italia", "players": 2}, seed=2 ** 64 - 1).seed == 2 ** 64 - 1
