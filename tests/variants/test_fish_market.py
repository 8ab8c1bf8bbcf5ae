"""The fish-market variant (FORVM PISCATORVM): setup, the Prefect's two choices with and without Praefectus
Piscatus, the tie-break by Praefectus Piscatus, fish in the storehouse, Vesta, the market phase (first entry,
skipping, money left on spots, the stop at the start spot, every stand, refusals), the end of the game through the
Senator and Architect stands, the rulebook example, the mountainside, random playouts and replays."""
import random

import pytest

from sestertius.data.catalog import assumptions_for, load_fish_market
from sestertius.rules.errors import IllegalAction, OptionsError
from sestertius.rules.game import Game
from sestertius.rules.options import GameOptions
from sestertius.rules.scoring import god_values
from sestertius.rules.state import TurnInfo
from sestertius.rules.turn import push_turn
from support.playouts import all_cards, check_fish, check_invariants
from support.rules import (
    BRICK,
    CLOTH,
    FOOD,
    LAND,
    STORE,
    TOOL,
    WINE,
    city,
    clear_colonists,
    give_house,
    goods,
    in_city,
    legal_of,
    pass_turn,
    play,
    put,
    route,
    set_city_good,
    set_goods,
    top,
    used,
)

COASTAL = load_fish_market().sides["coastal"].spots
MOUNTAIN = load_fish_market().sides["mountain"].spots


def fish_game(side="coastal", board="italia", players=2, seed=1) -> Game:
    return Game.new({"board": board, "players": players, "fish_market": side}, seed=seed)


def fish(g: Game) -> dict:
    return g.state.parts["fish"]


def spot_of(spots, action, **kw) -> int:
    """The index of the (first) spot having a stand with this action (and these attributes)."""
    return next(j for j, row in enumerate(spots) for st in row
                if st.action == action and all(getattr(st, k) == v for k, v in kw.items()))


def open_market(g: Game, seat: int, fish_count: int | None = None, pos: int | None = None) -> None:
    """Make it the start of ``seat``'s turn, with the market phase pushed as the engine does."""
    s = g.state
    if fish_count is not None:
        s.parts["fish"].stored[seat] = fish_count
    if pos is not None:
        fish(g).pos[seat] = pos
    s.current = seat
    s.pending = []
    s.turn_info = TurnInfo()
    push_turn(s, seat)


def refused(g: Game, action: tuple) -> IllegalAction:
    before = g.state.hash()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert g.state.hash() == before, "a refused decision changed the game"
    return e.value


# -- options and setup ----------------------------------------------------------------------------------------------
def test_setup_fish_on_every_marker_spot_and_piscatus_to_the_last_player():
    for board in ("imperium", "italia", "hellas", "ionium", "cyprus"):
        g = fish_game(board=board, players=3)
        s = g.state
        assert fish(g).spots == [1] * len(s.board.provinces)
        assert fish(g).pos == [-1, -1, -1] and set(fish(g).coins) == {0}
        assert s.pm == 2  # Praefectus Piscatus replaces Praefectus Magnus
        assert fish(g).stored == [0, 0, 0]
        assert top(g) == ("turn", 0)  # nobody has fish yet: no market phase
    g = fish_game("mountain")
    assert len(fish(g).coins) == len(MOUNTAIN)
    v = g.view(0)
    assert v["fish_market"]["side"] == "mountain" and v["fish_market"]["praefectus_piscatus"] == 1
    assert v["fish_market"]["province_fish"] == [1] * len(g.state.board.provinces)
    assert "A-FISH-MARKET" in {x["id"] for x in v["assumptions"]}
    assert "A-FISH-MARKET" not in {x["id"] for x in assumptions_for(GameOptions())}
    assert GameOptions(fish_market="coastal").to_dict()["fish_market"] == "coastal"
    assert "fish_market" not in GameOptions().to_dict()


@pytest.mark.parametrize("opts,words", [
    ({"fish_market": "river"}, "'coastal'"),
    ({"fish_market": "coastal", "mode": "solo", "players": 1, "board": "balearica"}, "no rule for Balearica"),
    ({"fish_market": "coastal", "mode": "team", "players": 4, "board": "roma"}, "needs a board with a capital"),
])
def test_options_refused_with_a_clear_message(opts, words):
    with pytest.raises(OptionsError, match=words):
        Game.new({"board": "italia", "players": 2, **opts}, seed=1)


def test_base_games_keep_their_state_hash_shape():
    g = Game.new({"board": "italia", "players": 2}, seed=1)
    assert "fish" not in g.state.players[0].to_dict() and "fish" not in g.state.parts
    assert "fish_market" not in g.view(0)


# -- the Prefect --------------------------------------------------------------------------------------------------
def test_prefect_produce_takes_the_fish_and_houses_produce_without_piscatus():
    g = fish_game()
    s = g.state
    give_house(g, 0, "Aquileia")  # food
    give_house(g, 1, "Verona")  # brick
    venetia = s.board.provinces.index("Venetia")
    before0, before1 = goods(g, 0), goods(g, 1)
    play(g, 0, "prefect")
    assert legal_of(g, "produce") == {("produce", i) for i in range(len(s.board.provinces))}
    g.apply(("produce", venetia))
    assert s.parts["fish"].stored[0] == 1 and fish(g).spots[venetia] == 0
    assert goods(g, 0)[FOOD] == before0[FOOD] + 1 and goods(g, 0)[CLOTH] == before0[CLOTH]  # no bonus good
    assert goods(g, 1)[BRICK] == before1[BRICK] + 1
    assert s.pm == 1  # seat 0 does not hold Praefectus Piscatus
    # a province without fish cannot produce
    play(g, 0, "prefect")
    e = refused(g, ("produce", venetia))
    assert e.rule == "Prefect (fish market)" and "no fish" in str(e)


def test_prefect_produce_with_piscatus_takes_one_more_fish_and_passes_it_right():
    g = fish_game(players=3)
    s = g.state
    assert s.pm == 2
    fish(g).spots[1] = 2
    play(g, 2, "prefect")
    g.apply(("produce", 1))
    assert s.parts["fish"].stored[2] == 3  # 2 from the spot, 1 from the supply
    assert s.pm == 1  # passed to the right


def test_prefect_cash_pays_per_province_without_fish_gives_a_good_and_the_fish_grow():
    for seat in (0, 1):  # seat 1 holds Praefectus Piscatus and keeps it
        g = fish_game()
        s = g.state
        n = len(s.board.provinces)
        fish(g).spots = [0, 0, 0, 1, 2] + [1] * (n - 5)
        money = s.players[seat].money
        before = goods(g, seat)
        play(g, seat, "prefect")
        g.apply(("cash",))
        assert s.players[seat].money == money + 3
        assert top(g)[0] == "fish_good" and len(g.legal_actions()) == 5
        g.apply(("take", WINE))
        assert goods(g, seat)[WINE] == before[WINE] + 1
        assert fish(g).spots == [1, 1, 1, 2, 2] + [2] * (n - 5)
        assert s.pm == 1 and s.parts["fish"].stored[seat] == 0


@pytest.mark.parametrize("choice", ["produce", "cash"])
def test_the_prefect_example(choice):
    """The rulebook's Prefect example: 4 spots without fish, one (dark green) with 2. Producing there takes both fish
    into the storehouse (no Praefectus Piscatus: nothing more) and its houses produce; the cash instead pays 4, one
    good of the player's choice, then every 1-fish spot turns to 2 and every empty spot gets 1."""
    g = fish_game()
    s = g.state
    n = len(s.board.provinces)
    green = 4
    spots = [0, 0, 0, 0, 2] + [1] * (n - 5)
    fish(g).spots = list(spots)
    city = s.board.cities[s.board.province_cities[green][0]]
    give_house(g, 0, city)
    good = s.city_good[s.board.province_cities[green][0]]
    money, before = s.players[0].money, goods(g, 0)
    assert s.pm != 0
    play(g, 0, "prefect")
    if choice == "produce":
        g.apply(("produce", green))
        assert s.parts["fish"].stored[0] == 2 and fish(g).spots == spots[:4] + [0] + spots[5:]
        assert goods(g, 0) == [x + (i == good) for i, x in enumerate(before)] and s.players[0].money == money
    else:
        g.apply(("cash",))
        assert s.players[0].money == money + 4
        g.apply(("take", WINE))
        assert goods(g, 0) == [x + (i == WINE) for i, x in enumerate(before)]
        assert fish(g).spots == [1, 1, 1, 1, 2] + [2] * (n - 5) and s.parts["fish"].stored[0] == 0


def test_ties_go_to_praefectus_piscatus_then_to_whoever_receives_it_next():
    """Praefectus Piscatus replaces Praefectus Magnus also for the tie-break (docs/ASSUMPTIONS.md): the tie-break
    follows it as it passes to the right."""
    g = fish_game(players=3)
    s = g.state
    assert len({sc["total"] for sc in g.scores()}) == 1  # at the start everybody scores the same
    assert g.ranking() == [2, 1, 0]  # seat 2 holds it; seat 1 receives it next
    play(g, 2, "prefect")
    g.apply(("produce", 0))
    assert s.pm == 1 and g.view(0)["fish_market"]["praefectus_piscatus"] == 1
    s.parts["fish"].stored[2] = 0  # the fish taken would score for Vesta: the totals tie again
    assert len({sc["total"] for sc in g.scores()}) == 1
    assert g.ranking() == [1, 0, 2]
    play(g, 1, "prefect")
    g.apply(("produce", 1))
    s.parts["fish"].stored[1] = 0
    assert s.pm == 0 and g.ranking() == [0, 2, 1]
    # totals still come first
    s.players[0].money -= 5
    assert g.ranking() == [2, 1, 0]


# -- fish in the storehouse and Vesta ----------------------------------------------------------------------------
def test_fish_take_one_space_per_marker_of_one_or_two():
    g = fish_game()
    s = g.state
    base = used(g, 0)
    for n, spaces in ((1, 1), (2, 1), (3, 2), (4, 2), (5, 3)):
        s.parts["fish"].stored[0] = n
        assert used(g, 0) == base + spaces
    assert g.view(0)["fish_market"]["fish_markers"][0] == [2, 2, 1]


def test_a_full_storehouse_loses_fish_or_goods_as_chosen():
    g = fish_game()
    s = g.state
    assert s.players[0].col.count(STORE) == 4
    set_goods(g, 0, brick=3, food=2, tool=1, wine=1)  # 7 goods + 4 colonists + 1 fish marker = 12
    s.parts["fish"].stored[0] = 1
    play(g, 0, "prefect")
    g.apply(("produce", 0))  # the single fish's marker flips to 2: still 12 spaces
    assert s.parts["fish"].stored[0] == 2 and used(g, 0) == 12 and top(g)[0] != "discard"
    fish(g).spots[1] = 2
    play(g, 0, "prefect")
    g.apply(("produce", 1))  # 4 fish = 2 markers: one space too many
    assert top(g) == ("discard", 0)
    assert ("drop_fish",) in g.legal_actions()
    g.apply(("drop", BRICK))
    assert s.parts["fish"].stored[0] == 4 and used(g, 0) == 12
    # giving up a fish marker frees a space: the 1-fish marker if there is one, else a 2-fish marker
    s.parts["fish"].stored[0] = 5
    s.pending.append(("discard", 0))
    g.apply(("drop_fish",))
    assert s.parts["fish"].stored[0] == 4 and used(g, 0) == 12 and top(g)[0] != "discard"
    s.parts["fish"].stored[0] = 6
    s.pending.append(("discard", 0))
    g.apply(("drop_fish",))
    assert s.parts["fish"].stored[0] == 4


def test_vesta_counts_each_fish_as_three_sestertii():
    g = fish_game()
    s = g.state
    set_goods(g, 0)
    s.players[0].money = 5
    assert god_values(s, 0)["Vesta"] == 0
    s.parts["fish"].stored[0] = 2
    assert god_values(s, 0)["Vesta"] == 1  # 5 + 2 x 3 = 11
    s.parts["fish"].stored[0] = 5
    assert god_values(s, 0)["Vesta"] == 2  # 5 + 15 = 20


# -- the market phase -----------------------------------------------------------------------------------------------
def test_first_use_may_start_anywhere_and_the_phase_is_before_the_card():
    g = fish_game()
    open_market(g, 0, fish_count=2)
    assert top(g) == ("market", 0, -1)
    # every stand it can pay and carry out; the colonist stand too (food and a colonist in the storehouse)
    assert legal_of(g, "enter") == {("enter", j, 0) for j in range(len(COASTAL))}
    assert legal_of(g, "play") == set()  # the card comes after the market phase
    money = g.state.players[0].money
    j = spot_of(COASTAL, "money", money=8)
    g.apply(("enter", j, 0))
    assert fish(g).pos[0] == j and g.state.parts["fish"].stored[0] == 0 and g.state.players[0].money == money + 8
    assert set(fish(g).coins) == {0}  # nothing skipped at the first use
    assert top(g) == ("market", 0, j)
    g.apply(("done",))
    assert top(g) == ("turn", 0)


def test_no_market_phase_without_anything_to_enter():
    g = fish_game()
    open_market(g, 0, fish_count=0)
    assert top(g) == ("turn", 0)


def test_skipping_leaves_money_on_the_spots_which_the_next_one_entering_takes():
    g = fish_game()
    s = g.state
    open_market(g, 0, fish_count=4, pos=0)
    money = s.players[0].money
    g.apply(("enter", 3, 0))  # skips spots 1 and 2
    assert fish(g).coins[1:3] == [1, 1] and s.players[0].money == money - 2
    assert top(g)[0] == "fish_colonist"
    # seat 1 starts where a sestertius lies and takes it, then skips a spot on its way to the money stand
    open_market(g, 1, fish_count=3)
    money1 = s.players[1].money
    g.apply(("enter", 2, 0))
    g.apply(("take", CLOTH))
    assert s.players[1].money == money1 + 1 and fish(g).coins[2] == 0
    assert fish(g).coins[1] == 1  # still lying on spot 2 (index 1)
    g.apply(("enter", 4, 0))  # skips spot index 3 (where seat 0 stands: markers do not hinder)
    assert fish(g).coins[3] == 1 and s.players[1].money == money1 + 1 - 1 + 8


def test_not_enough_money_or_fish_is_refused_naming_the_rule():
    g = fish_game()
    s = g.state
    open_market(g, 0, fish_count=1, pos=0)
    s.players[0].money = 1
    e = refused(g, ("enter", 3, 0))
    assert e.rule == "Fish market" and "skipping 2 spots costs 2 sestertii" in str(e) and "you have 1" in str(e)
    e = refused(g, ("enter", 1, 1))
    assert "no stand 2 at spot 2" in str(e)
    assert ("enter", 1, 0) in g.legal_actions() and ("enter", 2, 0) in g.legal_actions()
    money8 = spot_of(COASTAL, "money", money=8)
    fish(g).pos[0] = money8 - 1  # next to the money stand: no skipping
    e = refused(g, ("enter", money8, 0))
    assert "costs 2 fish; you have 1" in str(e)


def test_a_good_stand_needs_room_in_the_storehouse():
    g = fish_game()
    set_goods(g, 0, brick=4, food=2, tool=1)  # 7 + 4 colonists + a 2-fish marker = 12
    open_market(g, 0, fish_count=2, pos=len(COASTAL) - 1)
    assert used(g, 0) == 12
    e = refused(g, ("enter", 0, 0))  # paying 1 of 2 fish frees no space
    assert "free space" in str(e)
    # paying 1 of 1 fish frees its space
    g.state.parts["fish"].stored[0] = 1
    set_goods(g, 0, brick=4, food=2, tool=1)
    assert used(g, 0) == 12
    g.apply(("enter", 0, 0))
    assert goods(g, 0)[BRICK] == 5 and used(g, 0) == 12


def test_the_phase_stops_on_returning_to_its_start_spot():
    g = fish_game()
    s = g.state
    s.players[0].money = 50
    set_goods(g, 0)
    open_market(g, 0, fish_count=6, pos=2)
    start = 2
    g.apply(("enter", 5, 0))  # food or tool
    g.apply(("take", TOOL))
    n = len(COASTAL)
    assert {a[1] for a in legal_of(g, "enter")} == {(5 + d) % n for d in range(1, (start - 5) % n + 1)}
    e = refused(g, ("enter", 3, 0))
    assert "must stop" in str(e) and "spot 3" in str(e)
    g.apply(("enter", start, 0))  # a full circle: its stand once more, then the phase ends
    g.apply(("take", WINE))
    assert top(g) == ("turn", 0)


def test_each_coastal_stand_carries_out_its_action():
    s_money3, s_money8 = spot_of(COASTAL, "money", money=3), spot_of(COASTAL, "money", money=8)
    g = fish_game()
    s = g.state
    p = s.players[0]
    # money
    open_market(g, 0, fish_count=3)
    m = p.money
    g.apply(("enter", s_money3, 0))
    assert p.money == m + 3 and fish(g).stored[0] == 2
    # brick (single good: no choice)
    open_market(g, 0, fish_count=1, pos=-1)
    g.apply(("enter", spot_of(COASTAL, "good", goods=(BRICK,)), 0))
    assert top(g)[0] == "market" and goods(g, 0)[BRICK] == 2
    # wine or cloth: a choice of the two
    open_market(g, 0, fish_count=1, pos=-1)
    g.apply(("enter", spot_of(COASTAL, "good", goods=(WINE, CLOTH)), 0))
    assert set(g.legal_actions()) == {("take", WINE), ("take", CLOTH)}
    assert "choose one of: wine, cloth" in str(refused(g, ("take", BRICK)))
    g.apply(("take", WINE))
    # colonist for 1 food or 1 tool into the capital
    open_market(g, 0, fish_count=1, pos=-1)
    set_goods(g, 0, food=1, tool=1)
    g.apply(("enter", spot_of(COASTAL, "colonist"), 0))
    cap = s.board.capital
    assert set(g.legal_actions()) == {("settle", k, gd, cap) for k in (0, 1) for gd in (FOOD, TOOL)}
    g.apply(("settle", 1, TOOL, cap))
    assert goods(g, 0) == [0, 1, 0, 0, 0] and p.col.count(in_city(g, "Roma")) == 3
    # Senator: buy 1 card paying the position's cost too; the display refills before the card
    open_market(g, 0, fish_count=2, pos=-1)
    set_goods(g, 0, brick=1, food=2, tool=1, wine=1, cloth=1)
    first = s.display[0]
    g.apply(("enter", spot_of(COASTAL, "senator"), 0))
    assert top(g) == ("buy", 0, 1, 1)
    g.apply(("card", 0, -1))
    assert first in p.hand and None not in s.display and top(g)[0] == "market"
    # Mercator: 2 sestertii, then one type of goods
    open_market(g, 0, fish_count=1, pos=-1)
    set_goods(g, 0, brick=2, food=1)
    m = p.money
    g.apply(("enter", spot_of(COASTAL, "mercator"), 0))
    assert p.money == m + 2 and top(g) == ("trade", 0, 0, 0, 1)
    g.apply(("sell", BRICK))
    assert set(g.legal_actions()) == {("done",), ("sell", BRICK)}
    assert "at most" in str(refused(g, ("sell", FOOD)))
    g.apply(("sell", BRICK))
    g.apply(("done",))
    assert p.money == m + 2 + 6 and top(g)[0] == "market"
    # Architect: 1 step with 1 colonist, then 1 house
    open_market(g, 0, fish_count=2, pos=-1)
    put(g, 0, 1, route(g, LAND, "Bausanum", "Verona"))
    set_city_good(g, "Verona", BRICK)
    set_city_good(g, "Casinum", BRICK)
    set_goods(g, 0, food=3)
    p.money = 20
    g.apply(("enter", spot_of(COASTAL, "architect"), 0))
    assert top(g) == ("arch_move", 0, 1, 1)
    roma_casinum = route(g, LAND, "Casinum", "Roma")
    g.apply(("move", 0, roma_casinum))
    assert top(g) == ("arch_move", 0, 0, 1) and g.legal_actions() == [("done",)]  # the one step is used
    g.apply(("done",))
    assert top(g) == ("arch_build", 0, 1)  # at most one house
    assert {("build", city(g, "Verona")), ("build", city(g, "Casinum"))} <= set(g.legal_actions())
    g.apply(("build", city(g, "Casinum")))
    assert top(g)[0] == "market" and len(p.houses) == 1
    assert s_money8 != s_money3


def test_the_colonist_stand_is_refused_without_a_colonist_or_food_and_tool():
    g = fish_game()
    j = spot_of(COASTAL, "colonist")
    open_market(g, 0, fish_count=1)
    set_goods(g, 0, brick=1, wine=1)
    assert ("enter", j, 0) not in g.legal_actions()
    assert "costs 1 food or tool" in str(refused(g, ("enter", j, 0)))
    set_goods(g, 0, food=1)
    p = g.state.players[0]
    p.col = [in_city(g, "Roma")] * 6
    assert "no colonist in your storehouse" in str(refused(g, ("enter", j, 0)))


def test_the_rulebook_example_replayed_move_by_move():
    """Red moves from the bricks stand to the wine/cloth stand (1 sestertius on the skipped spot), pays 1 fish and
    takes 1 cloth; moves on to the money stand (1 sestertius on the skipped spot), pays 2 fish and receives 8
    sestertii; then plays an Architect and builds 2 houses."""
    g = fish_game()
    s = g.state
    red = s.players[0]
    bricks = spot_of(COASTAL, "good", goods=(BRICK,))
    wine_cloth = spot_of(COASTAL, "good", goods=(WINE, CLOTH))
    money8 = spot_of(COASTAL, "money", money=8)
    assert wine_cloth == bricks + 2 and money8 == wine_cloth + 2  # the layout the example needs
    assert COASTAL[wine_cloth][0].fish == 1 and COASTAL[money8][0].fish == 2
    # a position: Red has few goods and coins, a colonist between a cloth and a brick city
    set_city_good(g, "Bausanum", CLOTH)
    set_city_good(g, "Verona", BRICK)
    put(g, 0, 0, route(g, LAND, "Bausanum", "Verona"))
    set_goods(g, 0, brick=1, food=1)
    red.money = 2
    open_market(g, 0, fish_count=3, pos=bricks)
    g.apply(("enter", wine_cloth, 0))
    assert fish(g).coins[bricks + 1] == 1 and red.money == 1 and fish(g).stored[0] == 2
    g.apply(("take", CLOTH))
    assert goods(g, 0)[CLOTH] == 1
    g.apply(("enter", money8, 0))
    assert fish(g).coins[wine_cloth + 1] == 1 and fish(g).stored[0] == 0 and red.money == 0 + 8
    g.apply(("done",))
    g.apply(("play", "architect"))
    g.apply(("done",))  # no moves needed
    g.apply(("build", city(g, "Bausanum")))  # 1 brick + 1 cloth + 5 sestertii
    g.apply(("build", city(g, "Verona")))  # 1 food + 1 sestertius
    assert len(red.houses) == 2 and red.money == 2 and goods(g, 0) == [0, 0, 0, 0, 0]


def test_the_senator_stand_buying_the_last_card_takes_the_concordia_card():
    g = fish_game(players=3)
    s = g.state
    s.deck, s.deck_labels = [], []
    s.display = ["colonist"] + [None] * 6
    set_goods(g, 0, food=1)
    open_market(g, 0, fish_count=2)
    g.apply(("enter", spot_of(COASTAL, "senator"), 0))
    g.apply(("card", 0, -1))
    assert s.concordia == 0 and not g.is_over
    assert top(g)[0] == "market"  # the market phase goes on, then seat 0 plays its card
    g.apply(("done",))
    assert pass_turn(g) == 0 and not g.is_over
    assert pass_turn(g) == 1 and not g.is_over  # one more turn for every other player
    assert pass_turn(g) == 2 and g.is_over
    assert [sc["Concordia"] for sc in g.scores()] == [7, 0, 0]


def test_the_architect_stand_building_the_fifteenth_house_takes_the_concordia_card():
    g = fish_game(players=3)
    s = g.state
    for name in [n for n in s.board.cities if n not in ("Roma", "Verona", "Bausanum")][:14]:
        give_house(g, 0, name)
    clear_colonists(g, 0)
    put(g, 0, 0, route(g, LAND, "Bausanum", "Verona"))
    set_city_good(g, "Verona", BRICK)
    set_goods(g, 0, food=1)
    open_market(g, 0, fish_count=2)
    g.apply(("enter", spot_of(COASTAL, "architect"), 0))
    g.apply(("done",))  # no step needed
    g.apply(("build", city(g, "Verona")))
    assert s.concordia == 0 and len(s.players[0].houses) == 15 and not g.is_over
    assert top(g)[0] == "market"
    g.apply(("done",))
    assert pass_turn(g) == 0
    assert pass_turn(g) == 1 and not g.is_over
    assert pass_turn(g) == 2 and g.is_over
    assert [sc["Concordia"] for sc in g.scores()] == [7, 0, 0]


# -- the mountainside ---------------------------------------------------------------------------------------------
def test_mountainside_one_new_spot_both_stands_in_any_order():
    g = fish_game("mountain")
    s = g.state
    p = s.players[0]
    set_goods(g, 0, brick=1)
    open_market(g, 0, fish_count=4)
    assert legal_of(g, "enter") >= {("enter", 0, 0), ("enter", 0, 1)}
    m = p.money
    g.apply(("enter", 0, 1))  # 3 sestertii first
    assert top(g) == ("stands", 0, 0, 2) and p.money == m + 3
    e = refused(g, ("enter", 1, 0))
    assert e.rule.startswith("Fish market") and "only one new spot" in str(e)
    assert "only once" in str(refused(g, ("stand", 1)))
    g.apply(("stand", 0))  # then the brick
    assert goods(g, 0)[BRICK] == 2 and top(g) == ("turn", 0)  # both used: the phase ends
    # next turn: one spot further up, one stand only, then done
    open_market(g, 0)
    g.apply(("enter", 2, 0))  # skips spot 2 (index 1)
    assert fish(g).coins[1] == 1
    g.apply(("take", WINE))
    assert top(g)[0] == "stands"
    g.apply(("done",))
    assert top(g) == ("turn", 0)


def test_mountainside_jumps_from_the_top_back_to_the_lowest():
    g = fish_game("mountain")
    s = g.state
    top_spot = len(MOUNTAIN) - 1
    open_market(g, 0, fish_count=4, pos=top_spot)
    m = s.players[0].money
    g.apply(("enter", 0, 1))  # the lowest spot is next after the top: nothing skipped
    assert set(fish(g).coins) == {0} and s.players[0].money == m + 3


def test_the_market_phase_comes_at_the_start_of_every_turn_in_play():
    g = fish_game()
    s = g.state
    s.parts["fish"].stored[1] = 1
    play(g, 0, "tribune")
    g.apply(("done",))
    assert s.current == 1 and top(g) == ("market", 1, -1)


# -- whole games ----------------------------------------------------------------------------------------------------
BOARDS = ("imperium", "italia", "hellas", "ionium", "cyprus", "sicilia", "balearica", "roma")


@pytest.mark.parametrize("side", ["coastal", "mountain"])
def test_random_playouts_finish_with_invariants_and_replay_identically(side):
    for i, board in enumerate(BOARDS):  # every board, the ones with rules of their own included
        players = 2 + (i + (side == "mountain")) % 4
        g = fish_game(side, board, players, seed=40 + i)
        rnd = random.Random(i)
        cards = all_cards(g.state)
        used_kinds = set()
        hashes = {0: g.state.hash()}  # by decisions in the history (chance outcomes drawn by the engine included)
        while not g.is_over:
            legal = g.legal_actions()
            used_kinds.add(g.current_step()[0])
            g.copy().apply(rnd.choice(legal))  # a second listed decision applies as well (on a copy)
            g.apply(rnd.choice(legal))
            check_invariants(g, cards)
            check_fish(g)
            if len(hashes) < 60:
                hashes[len(g.history)] = g.state.hash()
            assert len(g.history) < 20000
        assert {"market", "fish_prefect"} <= used_kinds, board
        if side == "mountain":
            assert "stands" in used_kinds
        scores = g.scores()
        assert sum(sc["Concordia"] for sc in scores) == 7
        rec = g.record()
        again = Game.from_record(rec)
        assert again.state.hash() == g.state.hash() and again.history == g.history
        for k in sorted(hashes)[1::17]:
            assert Game.from_record(rec, upto=k).state.hash() == hashes[k]
