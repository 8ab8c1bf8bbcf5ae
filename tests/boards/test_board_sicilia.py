"""Sicilia (Mount Etna): Syracusae as capital, the volcano tiles at setup and on every Tribune, each row's effect
(no bonus, no building, no production), tile bonuses, the reshuffle of the neutral tiles, views, records, and random
playouts on 2-5 players. Tiles are forced either as a person enters them (``manual_dice``: the chance step waits) or
by placing them directly with ``sicilia.draw``."""
from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from sestertius.data.catalog import assumptions_for
from sestertius.rules.boards.sicilia import VolcanoPart, draw, outcomes, volcano_data
from sestertius.rules.errors import IllegalAction
from sestertius.rules.game import Game
from sestertius.rules.state import CHANCE
from support.playouts import all_cards, check_invariants, fish_playout
from support.rules import (
    BRICK,
    FOOD,
    LAND,
    WINE,
    city,
    give_house,
    legal_of,
    new_game,
    play,
    put,
    route,
    set_city_good,
    set_goods,
    top,
)

COLUMNS = ("Grey", "Yellow", "Orange")  # board data volcano_provinces


def vol(g: Game) -> VolcanoPart:
    return g.state.parts["volcano"]


def prov(g: Game, name: str) -> int:
    return g.state.board.provinces.index(name)


def place(g: Game, name: str, k: int = 1) -> None:
    """Place ``k`` tiles of a volcanic province as if drawn (nobody takes the bonus)."""
    for _ in range(k):
        draw(g.state, -1, name)


def tribune_draw(g: Game, seat: int, tile: str) -> None:
    """``seat`` plays the Tribune; the volcano tile drawn is ``tile`` (entered as at a real table)."""
    play(g, seat, "tribune")
    assert g.to_act() == CHANCE and top(g)[0] == "volcano"
    g.apply(("tile", tile))
    assert top(g)[0] == "tribune"  # then, as usual, the colonist purchase


# -- setup ----------------------------------------------------------------------------------------------------------

def test_syracusae_is_the_capital_and_the_markers_show_one_coin_more():
    g = new_game("sicilia", players=5)
    s = g.state
    assert s.board.cities[s.board.capital] == "Syracusae"
    assert s.players[0].col.count(s.R + s.board.capital) == 2
    br = s.rules.board
    for i in range(len(s.board.provinces)):
        assert br.marker_coins(s, i) == s.cat.marker_coins[s.marker_good[i]] + 1
    assert volcano_data().marker_extra_coins == 1


@pytest.mark.parametrize("players,draws,neutral", [(2, 3, 0), (3, 2, 3), (4, 1, 6), (5, 0, 9)])
def test_setup_draws_tiles_by_player_count(players, draws, neutral):
    for seed in range(12):
        g = new_game("sicilia", players=players, seed=seed)
        v = vol(g)
        assert g.current_step()[0] == "turn"  # the setup draws were sampled before play
        assert [a[0] for a in g.history] == ["tile"] * draws
        placed = sum(v.cols)
        revealed = neutral - v.neutral
        assert placed + revealed == draws
        assert all(c + p == 4 for c, p in zip(v.cols, v.pile))
        assert max(v.cols) <= 2  # a third tile of one province is put back and redrawn
        assert all(p.money == m for p, m in zip(g.state.players, (5, 6, 7, 8, 9)))  # no bonus at setup
        rows = volcano_data().row_of
        for i, name in enumerate(COLUMNS):
            assert g.state.rules.board.production_bonus(g.state, prov(g, name)) == (v.cols[i] < rows["no_bonus"])


def test_two_players_never_start_with_three_tiles_of_one_province():
    g = new_game("sicilia", players=2, manual_dice=True)
    assert g.to_act() == CHANCE and top(g)[0] == "volcano_setup"
    assert {a[1] for a in g.legal_actions()} == set(COLUMNS)  # no neutral tiles at 2 players
    g.apply(("tile", "Yellow"))
    g.apply(("tile", "Yellow"))
    assert {a[1] for a in g.legal_actions()} == {"Grey", "Orange"}
    with pytest.raises(IllegalAction):
        g.apply(("tile", "Yellow"))
    g.apply(("tile", "Grey"))
    assert top(g) == ("turn", 0)
    assert vol(g).cols == (1, 2, 0)
    s = g.state
    assert not s.rules.board.production_bonus(s, prov(g, "Yellow"))  # row 2 from the start
    assert s.rules.board.production_bonus(s, prov(g, "Grey"))
    assert any("Yellow loses its production bonus" in e["text"] for e in s.events)


def test_neutral_setup_tile_is_put_aside():
    g = new_game("sicilia", players=3, manual_dice=True)
    assert {a[1] for a in g.legal_actions()} == set(COLUMNS) | {"coins", "brick"}
    g.apply(("tile", "coins"))
    g.apply(("tile", "brick"))
    v = vol(g)
    assert v.cols == (0, 0, 0) and v.neutral == 1 and v.unseen == (4, 3)
    assert [p.money for p in g.state.players] == [5, 6, 7]


def test_sampled_draws_follow_the_odds_of_the_pile():
    g = new_game("sicilia", players=3, manual_dice=True)
    s = g.state
    s.options = dataclasses.replace(s.options, manual_dice=False)
    # 12 province tiles and 3 neutral tiles drawn from 5 coins + 4 bricks: P(neutral) = 3/15, P(coins) = 3/15 * 5/9
    got = Counter(a[1] for a in outcomes(s, setup=False))
    total = sum(got.values())
    assert got["Grey"] * 15 == 4 * total
    assert (got["coins"] + got["brick"]) * 15 == 3 * total
    assert got["coins"] * 4 == got["brick"] * 5


# -- the Tribune draws a tile ------------------------------------------------------------------------------------

def test_tribune_draws_between_recovering_cards_and_the_colonist():
    g = new_game("sicilia", players=5, manual_dice=True)  # 5 players: no setup draws
    assert top(g) == ("turn", 0)
    s = g.state
    for key in ("architect", "prefect", "mercator"):
        s.players[0].hand.remove(key)
        s.players[0].pile.append(key)
    money = s.players[0].money
    play(g, 0, "tribune")
    assert len(s.players[0].hand) == 7 and not s.players[0].pile  # the cards are back before the draw
    assert s.players[0].money == money + 1  # 4 cards: +1
    assert top(g) == ("volcano", CHANCE, 0)
    with pytest.raises(IllegalAction):
        g.apply(("tile", "Black"))  # not a volcanic province
    g.apply(("tile", "Orange"))
    assert s.players[0].money == money + 2  # a province tile: 1 sestertius
    assert vol(g).cols == (0, 0, 1) and vol(g).pile == (4, 4, 3)
    assert top(g) == ("tribune", 0)
    assert ("recruit", LAND) in g.legal_actions()
    g.apply(("recruit", LAND))
    assert s.players[0].col.count(s.R + s.board.capital) == 3


def test_a_diplomat_copying_a_tribune_draws_too():
    g = new_game("sicilia", players=5, manual_dice=True)
    s = g.state
    s.players[1].pile = ["tribune"]
    play(g, 0, "diplomat")
    g.apply(("copy", 1))
    assert top(g) == ("volcano", CHANCE, 0)


@pytest.mark.parametrize("tile,money,goods", [("coins", 2, 0), ("brick", 0, 1)])
def test_neutral_tile_bonus(tile, money, goods):
    g = new_game("sicilia", players=5, manual_dice=True)
    s = g.state
    set_goods(g, 0)
    before = s.players[0].money
    tribune_draw(g, 0, tile)
    assert s.players[0].money == before + money
    assert s.players[0].goods[BRICK] == goods
    assert vol(g).neutral == 8 and vol(g).cols == (0, 0, 0)


def test_brick_tile_with_a_full_storehouse_gives_nothing():
    g = new_game("sicilia", players=5, manual_dice=True)
    s = g.state
    set_goods(g, 0, food=4, tool=4)  # 8 goods + 4 colonists in the storehouse = 12
    assert s.free_space(0) == 0
    before = s.players[0].money
    tribune_draw(g, 0, "brick")
    assert s.players[0].goods == [0, 4, 4, 0, 0] and s.players[0].money == before
    assert s.free_space(0) == 0
    assert top(g) == ("tribune", 0)  # no discard decision: the brick is simply not taken
    assert "no space" in s.events[-1]["text"]


# -- row 2: no production bonus --------------------------------------------------------------------------------

def test_row_two_removes_the_bonus_but_the_province_still_produces_and_flips():
    g = new_game("sicilia", players=5, manual_dice=True)
    s = g.state
    grey = prov(g, "Grey")
    tribune_draw(g, 0, "Grey")
    g.apply(("done",))
    assert s.rules.board.production_bonus(s, grey)
    tribune_draw(g, 1, "Grey")
    g.apply(("done",))
    assert vol(g).cols[0] == 2 and not s.rules.board.production_bonus(s, grey)
    set_city_good(g, "Caleacte", WINE)
    give_house(g, 1, "Caleacte")
    set_goods(g, 0)
    set_goods(g, 1)
    s.pm = 0
    play(g, 0, "prefect")
    g.apply(("produce", grey))
    assert s.players[0].goods == [0, 0, 0, 0, 0]  # no bonus good (even with Praefectus Magnus)
    assert s.players[1].goods[WINE] == 1  # the houses produce as usual
    assert not s.marker_up[grey]  # the marker still flips
    assert s.pm == 0  # nothing to double: Praefectus Magnus is not used (A-VOLCANO-PM)
    coins = s.rules.board.marker_coins(s, grey)
    assert coins == s.cat.marker_coins[s.marker_good[grey]] + 1  # the volcano marker: as the one it replaced
    money = s.players[1].money
    play(g, 1, "prefect")
    g.apply(("cash",))
    assert s.players[1].money == money + coins
    assert s.marker_up[grey]


def test_other_provinces_keep_their_bonus_with_praefectus_magnus():
    g = new_game("sicilia", players=5, manual_dice=True)
    s = g.state
    place(g, "Grey", 2)
    black = prov(g, "Black")
    set_goods(g, 0)
    s.pm = 0
    play(g, 0, "prefect")
    g.apply(("produce", black))
    assert sum(s.players[0].goods) == 2 and s.pm == 4


# -- row 3: no building ------------------------------------------------------------------------------------------

def test_row_three_forbids_building_in_the_province():
    g = new_game("sicilia", players=5, manual_dice=True)
    s = g.state
    set_goods(g, 0, brick=5, food=5, tool=5, wine=5, cloth=5)
    s.players[0].money = 100
    put(g, 0, 0, route(g, LAND, "Catana", "Tauromenium"))  # Catana: Orange; Tauromenium: Yellow
    place(g, "Yellow", 2)

    def builds():
        play(g, 0, "architect")
        g.apply(("done",))
        return {s.board.cities[a[1]] for a in legal_of(g, "build")}

    assert builds() == {"Catana", "Tauromenium"}
    place(g, "Yellow")
    assert vol(g).cols[1] == 3
    assert builds() == {"Catana"}
    with pytest.raises(IllegalAction, match="closed to building"):
        g.apply(("build", city(g, "Tauromenium")))
    assert s.rules.board.can_produce(s, prov(g, "Yellow"))  # row 3 still produces
    v = g.view(0)
    assert {c["name"]: c["can_build"] for c in v["cities"]}["Tauromenium"] is False
    assert {c["name"]: c["can_build"] for c in v["cities"]}["Catana"] is True


@pytest.mark.parametrize("tile", ["Grey", "Yellow", "Orange"])
def test_the_volcano_example(tile):
    """The rulebook's example: 3 tiles of the brown column (the board data's Grey: the only one left once yellow and
    orange are named) and 2 orange placed. Another Grey goes to row 4: the eruption, no production and no coins there;
    a Yellow to row 1: nothing happens; another Orange to row 3: no more building in Orange."""
    g = new_game("sicilia", players=5, manual_dice=True)
    s = g.state
    board = s.rules.board
    place(g, "Grey", 3)
    place(g, "Orange", 2)
    assert list(vol(g).cols) == [3, 0, 2]
    before = {name: (board.can_produce(s, prov(g, name)), board.production_bonus(s, prov(g, name)),
                     [board.can_build(s, c) for c in s.board.province_cities[prov(g, name)]]) for name in COLUMNS}
    place(g, tile)
    after = {name: (board.can_produce(s, prov(g, name)), board.production_bonus(s, prov(g, name)),
                    [board.can_build(s, c) for c in s.board.province_cities[prov(g, name)]]) for name in COLUMNS}
    changed = {name for name in COLUMNS if after[name] != before[name]}
    if tile == "Grey":
        assert list(vol(g).cols) == [4, 0, 2] and changed == {"Grey"}
        assert after["Grey"][0] is False
        s.marker_up = [True] * len(s.marker_up)
        s.marker_up[prov(g, "Grey")] = False
        assert board.marker_coins(s, prov(g, "Grey")) == 0
    elif tile == "Yellow":
        assert list(vol(g).cols) == [3, 1, 2] and changed == set()
    else:
        assert list(vol(g).cols) == [3, 0, 3] and changed == {"Orange"}
        assert after["Orange"][0] is True and not any(after["Orange"][2])

# -- row 4: no production ----------------------------------------------------------------------------------------


def test_row_four_stops_all_production_in_the_province():
    g = new_game("sicilia", players=5, manual_dice=True)
    s = g.state
    orange = prov(g, "Orange")
    set_city_good(g, "Catana", FOOD)
    set_city_good(g, "Menae", FOOD)
    set_city_good(g, "Enna", FOOD)
    for c in ("Catana", "Menae", "Enna"):
        give_house(g, 0, c)
    place(g, "Orange", 3)
    assert s.rules.board.can_produce(s, orange)
    tribune_draw(g, 0, "Orange")  # the 4th Orange tile: Etna erupts
    g.apply(("done",))
    assert vol(g).cols[2] == 4 and not s.rules.board.can_produce(s, orange)
    assert any("Etna erupts" in e["text"] for e in s.events)
    # Prefect: the province cannot be chosen
    play(g, 1, "prefect")
    assert ("produce", orange) not in g.legal_actions()
    with pytest.raises(IllegalAction, match="can no longer produce"):
        g.apply(("produce", orange))
    g.apply(("cash",))
    # specialists: the houses there do not produce (Enna, Blue province, does)
    set_goods(g, 0)
    play(g, 0, "farmer")
    assert s.players[0].goods[FOOD] == 1
    # cash: the marker has left the mini map, so it gives no coins even if it was on its coin side
    s.marker_up = [True] * len(s.marker_up)
    s.marker_up[orange] = False
    assert s.rules.board.marker_coins(s, orange) == 0
    money = s.players[2].money
    play(g, 2, "prefect")
    g.apply(("cash",))
    assert s.players[2].money == money
    view = g.view(0)
    assert view["provinces"][orange]["can_produce"] is False and view["provinces"][orange]["coins"] == 0


# -- reshuffle -------------------------------------------------------------------------------------------------------

def test_out_of_tiles_the_nine_neutral_tiles_are_reshuffled():
    g = new_game("sicilia", players=2, manual_dice=True)
    for name in ("Grey", "Yellow", "Orange"):
        g.apply(("tile", name))
    for name in COLUMNS:
        place(g, name, 4 - vol(g).cols[COLUMNS.index(name)])
    v = vol(g)
    assert v.pile == (0, 0, 0) and v.neutral == 0
    tribune_draw_start = len(g.history)
    play(g, 0, "tribune")
    v = vol(g)
    assert v.neutral == 9 and v.unseen == (5, 4)
    assert {a[1] for a in g.legal_actions()} == {"coins", "brick"}
    g.apply(("tile", "brick"))
    assert vol(g).neutral == 8 and vol(g).unseen == (5, 3)
    assert len(g.history) == tribune_draw_start + 2
    assert any("shuffled into a new pile" in e["text"] for e in g.state.events)


# -- views, assumptions, records -------------------------------------------------------------------------------

def test_view_shows_the_volcano():
    g = new_game("sicilia", players=2, manual_dice=True)
    for name in ("Yellow", "Yellow", "Orange"):
        g.apply(("tile", name))
    v = g.view(1)
    vol_view = v["volcano"]
    assert [c["name"] for c in vol_view["columns"]] == list(COLUMNS)
    assert [c["tiles"] for c in vol_view["columns"]] == [0, 2, 1]
    assert vol_view["columns"][1]["no_bonus"] and not vol_view["columns"][1]["no_building"]
    assert vol_view["pile"] == 9 and vol_view["last"] == "Orange"
    assert v["provinces"][prov(g, "Yellow")]["production_bonus"] is False
    ids = {a["id"] for a in v["assumptions"]}
    assert {"A-VOLCANO-TILES", "A-VOLCANO-PM", "A-VOLCANO-MARKER"} <= ids
    assert "A-VOLCANO-TILES" not in {a["id"] for a in assumptions_for(new_game("italia").options)}


def test_manual_record_replays_identically():
    g = new_game("sicilia", players=2, seed=4, manual_dice=True)
    for name in ("Grey", "Orange", "Orange"):
        g.apply(("tile", name))
    tribune_draw(g, 0, "Grey")
    g.apply(("done",))
    rec = g.record()
    g2 = Game.from_record(rec)
    assert g2.state.hash() == g.state.hash() and vol(g2) == vol(g)


# -- whole games -----------------------------------------------------------------------------------------------------

def check_volcano(g: Game) -> None:
    v = vol(g)
    assert all(c + p == 4 and 0 <= c <= 4 for c, p in zip(v.cols, v.pile))
    assert 0 <= v.neutral <= sum(v.unseen) <= 9
    s = g.state
    br = s.rules.board
    for i, name in enumerate(COLUMNS):
        if v.cols[i] >= 3:  # no house was built there after the tile came (checked at the build below)
            assert not any(br.can_build(s, c) for c in s.board.province_cities[prov(g, name)])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_keep_the_invariants_and_replay(players):
    for k in range(2):
        seed = 300 + 10 * players + k
        g = Game.new({"board": "sicilia", "players": players, "display": "wine" if k else "standard"}, seed=seed)
        rnd = random.Random(seed)
        cards = all_cards(g.state)
        draws = 0
        while not g.is_over:
            legal = g.legal_actions()
            a = rnd.choice(legal)
            st = g.current_step()
            s = g.state
            if a[0] == "build":
                assert s.rules.board.can_build(s, a[1])
            if a[0] == "produce" and st[0] == "prefect":
                assert s.rules.board.can_produce(s, a[1])
            g.apply(a)
            check_invariants(g, cards)
            check_volcano(g)
            assert len(g.history) < 20000
        draws = sum(1 for a in g.history if a[0] == "tile")
        tribunes = sum(1 for a in g.history if a == ("play", "tribune"))
        assert draws >= tribunes  # every Tribune draws (Diplomats copying one draw too)
        assert g.state.concordia >= 0
        g2 = Game.from_record(g.record())
        assert g2.state.hash() == g.state.hash()


@pytest.mark.parametrize("players,mode,side", [(2, "base", "coastal"), (3, "base", "mountain"), (4, "base", "coastal"),
                                               (5, "base", "mountain"), (4, "team", "coastal"), (6, "team", "mountain"),
                                               (4, "team", "mountain"), (6, "team", "coastal")])
def test_random_playouts_with_the_fish_market_keep_the_invariants_and_replay(players, mode, side):
    """The fish market on Sicilia (A-FISH-SICILIA), in base and team play: the volcano's rows, the fish on the
    spots (none on an erupted province's), every invariant, the replay."""
    g = fish_playout({"board": "sicilia", "players": players, "mode": mode, "fish_market": side},
                     seed=900 + players + 10 * (mode == "team") + (side == "mountain"), check=check_volcano)
    assert any(e["kind"] == "volcano" for e in g.state.events)
