"""Concordia Venus team play: partners perform each card, Legatus, Praetor, Proconsul, shared sestertii, the
Diplomat's limits, the team Venus god, team ranking, and the team setup."""
import random
from collections import Counter

import pytest

from sestertius.data.catalog import assumptions_for, load_catalog
from sestertius.rules.errors import IllegalAction, OptionsError
from sestertius.rules.game import Game
from sestertius.rules.modes.team import team_totals
from sestertius.rules.options import GameOptions
from sestertius.rules.scoring import score_seat
from support.rules import (
    BRICK,
    CLOTH,
    LAND,
    VENUS_DECKS,
    WINE,
    city,
    clear_colonists,
    give_house,
    goods,
    legal_of,
    play,
    put,
    route,
    set_city_good,
    set_goods,
    top,
)


def team_game(players=4, seed=3) -> Game:
    g = Game.new({"board": "imperium", "players": players, "mode": "team"}, seed=seed)
    while g.current_step()[0] == "start_city":  # second-half seats choose their start cities
        g.apply(g.legal_actions()[0])
    return g


def test_team_play_needs_four_or_six_players():
    with pytest.raises(OptionsError, match="4 or 6"):
        Game.new({"board": "imperium", "players": 5, "mode": "team"})


def test_setup_hands_money_and_start_city_not_next_to_the_capital():
    g = Game.new({"board": "imperium", "players": 4, "mode": "team"}, seed=1)
    s = g.state
    assert g.current_step()[:2] == ("start_city", 2)
    roma = s.board.capital
    neighbours = {c for r in s.board.routes for c in (r.a, r.b) if roma in (r.a, r.b)}
    starts = {a[1] for a in g.legal_actions()}
    assert starts and not starts & neighbours and roma not in starts
    with pytest.raises(IllegalAction):
        g.apply(("start", city(g, "Novaria")))  # next to Roma
    g.apply(("start", city(g, "Londinium")))
    assert s.players[2].col.count(s.R + city(g, "Londinium")) == 2
    g.apply(g.legal_actions()[0])  # seat 3
    assert g.current_step() == ("turn", 0)
    assert sorted(s.players[0].hand) == sorted(["tribune", "architect", "prefect", "mercator", "legatus", "praetor"])
    assert "diplomat" in s.players[2].hand and "architect" not in s.players[2].hand
    assert [p.money for p in s.players] == [5, 6, 0, 0]
    assert "consul" not in s.deck + s.display and "proconsul" in s.deck + s.display


# the Venus team decks of the rules README: the Venus decks with the Proconsul in place of the Consul
TEAM_DECKS = {n: ["proconsul" if c == "consul" else c for c in cards] for n, cards in VENUS_DECKS.items()}


@pytest.mark.parametrize("players,stacks", [(4, ["I", "II", "III", "IV"]), (6, ["I", "II", "III", "IV", "V"])])
def test_team_sale_stacks_one_to_four_with_four_players_one_to_five_with_six(players, stacks):
    """A-TEAM-DECKS: stacks I-IV with 4 players, I-V with 6, stack I on top."""
    for seed in (1, 2):
        s = Game.new({"board": "imperium", "players": players, "mode": "team"}, seed=seed).state
        assert Counter(s.deck) + Counter(s.display) == Counter(k for n in stacks for k in TEAM_DECKS[n])
        assert len(s.display) == 7 and None not in s.display
        labels = list(reversed(s.deck_labels))  # the end of the list is the top of the stack
        assert labels == [n for n in stacks for _ in TEAM_DECKS[n]][7:]


def test_six_player_team_setup_partners_sit_three_seats_apart_with_money_5_6_7():
    g = Game.new({"board": "imperium", "players": 6, "mode": "team"}, seed=2)
    s = g.state
    for seat in (3, 4, 5):  # the second half of the seats choose their start cities
        assert g.current_step()[:2] == ("start_city", seat)
        g.apply(g.legal_actions()[0])
    assert g.current_step() == ("turn", 0)
    assert [p.money for p in s.players] == [5, 6, 7, 0, 0, 0]  # one purse per team, held by its first player
    for seat, p in enumerate(s.players):
        assert ("architect" in p.hand) == (seat < 3) and ("diplomat" in p.hand) == (seat >= 3)
        assert s.rules.mode.partner(s, seat) == (seat + 3) % 6
    # seat 1's partner is seat 4: it performs seat 1's Mercator, and the two share their sestertii
    money1, money4 = s.players[1].money, s.players[4].money
    play(g, 1, "mercator")
    g.apply(("done",))
    assert g.to_act() == 4 and top(g)[:2] == ("trade", 4)
    assert s.players[4].money == money4 + 3 and s.players[1].money == money1 + 3
    set_goods(g, 4)
    g.apply(("buy", CLOTH))  # 7 sestertii: its own 3 and 4 of its partner's
    g.apply(("done",))
    assert s.players[4].money == 0 and s.players[1].money == money1 + 3 - 4
    assert g.current_step() == ("turn", 2)
    # the team Venus: a province where seat 1 and seat 4 each have a house
    give_house(g, 1, "Londinium")
    give_house(g, 4, "Isca Dumnoniorum")
    give_house(g, 0, "Lutetia")
    give_house(g, 5, "Burdigala")  # Gallia: seat 0 and seat 5, not partners
    assert [sc["Venus"] for sc in g.scores()] == [0, 1, 0, 0, 1, 0]  # one Legatus each
    order = g.ranking()
    assert all(order[i] + 3 == order[i + 1] for i in (0, 2, 4))


def test_partner_performs_the_same_card():
    g = team_game()
    s = g.state
    prov = s.board.province_of[city(g, "Londinium")]
    give_house(g, 2, "Londinium")
    set_city_good(g, "Londinium", WINE)
    before = goods(g, 2)[WINE]
    play(g, 0, "prefect")
    g.apply(("produce", prov))
    # the partner (seat 2, opposite) now performs the Prefect: it produces elsewhere or cashes in
    assert g.to_act() == 2 and top(g)[0] == "prefect"
    assert goods(g, 2)[WINE] == before + 1  # its house produced in the active player's production
    other = s.board.province_of[city(g, "Alexandria")]
    g.apply(("produce", other))
    assert not s.marker_up[prov] and not s.marker_up[other]
    assert g.to_act() == 1  # then the next player's turn


def test_double_card_partner_takes_the_other_half():
    g = team_game()
    play(g, 0, "prefect_architect")
    g.apply(("half", 1))  # the active player takes the Architect
    assert top(g)[0] == "arch_move"
    g.apply(("done",))
    g.apply(("done",))
    assert top(g)[:2] == ("prefect", 2)  # the partner can only perform the Prefect


def test_legatus_partner_plays_a_card_both_perform_partner_first():
    g = team_game()
    s = g.state
    play(g, 0, "legatus")
    assert top(g)[:2] == ("legatus", 2)
    assert ("play", "legatus") not in g.legal_actions()
    money0, money2 = s.players[0].money, s.players[2].money
    g.apply(("play", "mercator"))
    assert "mercator" in s.players[2].pile and s.players[2].pile[-1] == "mercator"
    assert s.players[2].money == money2 + 3 and s.players[0].money == money0  # the partner first
    assert top(g)[:2] == ("trade", 2)
    g.apply(("done",))
    assert top(g)[:2] == ("trade", 0) and s.players[0].money == money0 + 3
    g.apply(("done",))
    assert g.to_act() == 1 and s.players[0].pile[-1] == "legatus"


@pytest.mark.parametrize("half", [0, 1])
def test_legatus_answered_with_a_double_card_the_legatus_player_performs_the_other_half(half):
    """The partner plays the Prefect/Mercator for the Legatus and performs the half it chooses, first; the Legatus
    player then performs the other half, with no choice of its own."""
    g = team_game()
    s = g.state
    s.players[2].hand.append("prefect_mercator")
    prov = 0
    bonus = s.marker_good[prov]
    money0, money2 = s.players[0].money, s.players[2].money
    goods0, goods2 = goods(g, 0), goods(g, 2)
    play(g, 0, "legatus")
    g.apply(("play", "prefect_mercator"))
    assert top(g) == ("half", 2, "prefect_mercator")  # the partner chooses its half
    g.apply(("half", half))
    if half == 0:  # the partner produces; then seat 0 performs the Mercator half: 5 sestertii and a trade
        g.apply(("produce", prov))
        assert goods(g, 2)[bonus] == goods2[bonus] + 1 and s.players[2].money == money2
        assert top(g)[:2] == ("trade", 0) and s.players[0].money == money0 + 5
        g.apply(("done",))
        assert goods(g, 0) == goods0
    else:  # the partner takes 5 sestertii and trades; then seat 0 performs the Prefect half
        assert top(g)[:2] == ("trade", 2) and s.players[2].money == money2 + 5
        g.apply(("done",))
        assert top(g)[:2] == ("prefect", 0) and s.players[0].money == money0
        g.apply(("produce", prov))
        assert goods(g, 0)[bonus] == goods0[bonus] + 1 and goods(g, 2) == goods2
    assert g.current_step() == ("turn", 1)
    assert s.players[0].pile == ["legatus"] and s.players[2].pile == ["prefect_mercator"]


def test_praetor_each_partner_buys_one_and_the_display_refills_after_both():
    g = team_game()
    s = g.state
    set_goods(g, 0, brick=3, food=3, tool=3, wine=3, cloth=3)
    set_goods(g, 2, brick=3, food=3, tool=3, wine=3, cloth=3)
    play(g, 0, "praetor")
    buy0 = [a for a in g.legal_actions() if a[0] == "card"][0]
    g.apply(buy0)
    assert top(g)[:3] == ("buy", 2, 1) and g.to_act() == 2  # one card only, then the partner buys
    assert s.display[buy0[1]] is None  # no refill yet
    buy2 = [a for a in g.legal_actions() if a[0] == "card"][0]
    g.apply(buy2)
    assert g.to_act() == 1 and None not in s.display  # refilled after both


def test_proconsul_buys_at_card_cost_then_partner_plays_for_themselves():
    g = team_game()
    s = g.state
    s.display = ["colonist"] * 7
    set_goods(g, 0, food=1)  # a Colonist's cost, nothing for any position's extra cost
    play(g, 0, "proconsul")
    buys = [a for a in g.legal_actions() if a[0] == "card"]
    assert [a[1] for a in buys] == list(range(7)) and all(a[2] == -1 for a in buys)  # no position costs
    owned = s.players[0].hand.count("colonist") + s.players[0].pile.count("colonist")
    g.apply(("card", 6, -1))
    assert goods(g, 0) == [0, 0, 0, 0, 0]  # the seventh position's extra cost was not charged
    assert s.players[0].hand.count("colonist") + s.players[0].pile.count("colonist") == owned + 1
    assert top(g)[:2] == ("partner_play", 2)
    assert ("play", "legatus") not in g.legal_actions()
    money0 = s.players[0].money
    g.apply(("play", "mercator"))
    g.apply(("done",))
    assert s.players[0].money == money0 and g.to_act() == 1  # only the partner performed it


def test_partners_share_sestertii_for_building():
    g = team_game()
    s = g.state
    s.players[0].money, s.players[2].money = 0, 10
    set_goods(g, 0, brick=1, cloth=1)
    set_city_good(g, "Novaria", CLOTH)
    play(g, 0, "architect")
    novaria_route = [r.id for r in s.board.routes
                     if r.kind == 0 and {r.a, r.b} == {city(g, "Novaria"), s.board.capital}][0]
    slot = s.players[0].col.index(s.R + s.board.capital)
    g.apply(("move", slot, novaria_route))
    g.apply(("done",))
    assert ("build", city(g, "Novaria")) in g.legal_actions()
    g.apply(("build", city(g, "Novaria")))
    assert s.players[0].money == 0 and s.players[2].money == 5  # 5 sestertii taken from the partner


def test_diplomat_never_copies_the_partner_nor_the_same_card_twice_in_a_turn():
    g = team_game()
    s = g.state
    for seat, key in ((0, "mercator"), (1, "prefect"), (3, "mercator")):
        s.players[seat].pile = [key]
    play(g, 2, "diplomat")
    targets = {a[1] for a in g.legal_actions()}
    assert targets == {1, 3}  # not seat 0, the partner
    g.apply(("copy", 3))
    g.apply(("done",))  # trade nothing
    # the partner (seat 0) performs the Diplomat too: not its own pile... nor seat 3's card again
    assert top(g)[:2] == ("diplomat", 0)
    assert {a[1] for a in g.legal_actions()} == {1}


def test_team_venus_and_team_ranking():
    g = team_game()
    s = g.state
    for name in ("Londinium", "Lutetia"):
        give_house(g, 0, name)
    give_house(g, 2, "Isca Dumnoniorum")  # Britannia: both partners have a house there
    s.players[0].hand.append("prefect_architect")  # a Venus card
    sc = g.scores()
    # one province (Britannia) holds a house of each partner; Gallia only seat 0's: 1 VP per Venus card,
    # seat 0 has two (Legatus and the double card), seat 2 one (Legatus)
    assert sc[0]["Venus"] == 2 and sc[2]["Venus"] == 1
    totals = team_totals(s)
    assert totals[0] == sc[0]["total"] + sc[2]["total"]
    order = g.ranking()
    assert {order[0], order[1]} in ({0, 2}, {1, 3}) and order[0] + 2 == order[1]


def test_team_tie_goes_to_the_team_holding_praefectus_magnus_then_to_the_team_receiving_it_next():
    g = Game.new({"board": "imperium", "players": 6, "mode": "team"}, seed=2)
    while g.current_step()[0] == "start_city":
        g.apply(g.legal_actions()[0])
    s = g.state
    assert len(set(team_totals(s))) == 1  # at the start the three teams score the same
    assert s.pm == 5  # the last seat: the team of seats 2 and 5 holds it
    # it passes to the right (5, 4, 3, 2, ...): seat 4's team receives it next, then seat 3's
    assert g.ranking() == [2, 5, 1, 4, 0, 3]
    s.pm = 0
    assert g.ranking() == [0, 3, 2, 5, 1, 4]  # seat 5 receives it next (with seat 2), then seat 4 (with seat 1)
    s.pm = 4
    assert g.ranking() == [1, 4, 0, 3, 2, 5]
    # totals come first: seat 4's team holds it but scores less; of the two tied teams, seat 3's receives it
    # before seat 2's
    set_goods(g, 1)
    assert team_totals(s)[1] < team_totals(s)[0] == team_totals(s)[2]
    assert g.ranking() == [0, 3, 2, 5, 1, 4]
    s.pm = 2  # seat 2's team wins the tie; seat 1's would receive it next, but scores less
    assert g.ranking() == [2, 5, 0, 3, 1, 4]


def test_praefectus_magnus_in_team_play_doubles_the_bonus_of_whoever_holds_it_and_passes_to_the_right():
    g = team_game()
    s = g.state
    assert s.pm == 3  # the last seat
    a, b, c, d = range(4)  # four provinces with their markers up; nobody has a house
    bonus = [s.marker_good[i] for i in range(4)]
    before = [goods(g, seat) for seat in range(4)]

    def got(seat: int, good: int) -> int:
        return goods(g, seat)[good] - before[seat][good]

    play(g, 1, "prefect")  # seat 1 produces without it
    g.apply(("produce", a))
    assert got(1, bonus[a]) == 1 and s.pm == 3
    assert top(g)[:2] == ("prefect", 3)  # its partner, seat 3, performs the Prefect holding Praefectus Magnus
    g.apply(("produce", b))
    assert got(3, bonus[b]) == 2 and s.pm == 2  # the double bonus, then to the right: seat 2
    assert g.to_act() == 2
    # seat 0's Prefect: seat 0 produces with the single bonus; its partner seat 2 holds it now
    before = [goods(g, seat) for seat in range(4)]
    play(g, 0, "prefect")
    g.apply(("produce", c))
    assert got(0, bonus[c]) == 1 and s.pm == 2
    g.apply(("produce", d))
    assert got(2, bonus[d]) == 2 and s.pm == 1
    # cashing in keeps it
    play(g, 1, "prefect")
    g.apply(("cash",))
    assert s.pm == 1
    g.apply(("cash",))
    assert s.pm == 1 and g.to_act() == 2


def test_random_team_games_finish_with_sane_money():
    for seed in range(6):
        n = 4 if seed % 2 else 6
        g = Game.new({"board": "imperium", "players": n, "mode": "team"}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            assert all(p.money >= 0 and min(p.goods) >= 0 for p in g.state.players)
        assert sorted(g.ranking()) == list(range(n))
        assert Game.from_record(g.record()).state.hash() == g.state.hash()


def fish_team_game(seed=4) -> Game:
    g = Game.new({"board": "imperium", "players": 4, "mode": "team", "fish_market": "coastal"}, seed=seed)
    while g.current_step()[0] == "start_city":
        g.apply(g.legal_actions()[0])
    return g


def test_fish_market_in_team_play_comes_after_the_card_once_per_partner_before_each_action():
    g = fish_team_game()
    s = g.state
    s.parts["fish"].stored[:] = [4] * s.n
    assert g.current_step() == ("turn", 0)  # the card is chosen first: no market before it
    g.apply(("play", "mercator"))
    assert g.current_step()[:2] == ("market", 0)  # then the active player's market...
    money = s.players[0].money
    g.apply(("done",))
    assert s.players[0].money == money + 3 and g.current_step()[:2] == ("trade", 0)  # ...then its Mercator
    g.apply(("done",))
    assert g.current_step()[:2] == ("market", 2)  # the partner's market, before the partner performs
    money2 = s.players[2].money
    g.apply(("done",))
    assert s.players[2].money == money2 + 3 and g.current_step()[:2] == ("trade", 2)
    g.apply(("done",))
    assert g.current_step() == ("turn", 1)


def test_fish_market_in_team_play_legatus_partner_first():
    g = fish_team_game()
    g.state.parts["fish"].stored[:] = [4] * g.state.n
    g.apply(("play", "legatus"))
    assert g.current_step()[:2] == ("legatus", 2)  # no market for the Legatus itself
    g.apply(("play", "mercator"))
    assert g.current_step()[:2] == ("market", 2)  # the partner: market, then the card
    g.apply(("done",))
    g.apply(("done",))
    assert g.current_step()[:2] == ("market", 0)  # then the Legatus player: market, then the card
    g.apply(("done",))
    assert g.current_step()[:2] == ("trade", 0)


def test_random_team_games_with_the_fish_market_finish_and_replay():
    for seed, side in ((1, "coastal"), (2, "mountain"), (3, "coastal")):
        g = Game.new({"board": "italia", "players": 4 + 2 * (seed == 3), "mode": "team", "fish_market": side},
                     seed=seed)
        rng = random.Random(seed)
        markets = 0
        while not g.is_over:
            step = g.current_step()
            markets += step[0] == "market"
            g.apply(rng.choice(g.legal_actions()))
            assert all(p.money >= 0 and min(p.goods) >= 0 for p in g.state.players)
            assert min(g.state.parts["fish"].stored) >= 0
            assert all(g.state.storehouse_used(i) <= 12 for i in range(g.state.n) if g.current_step() is None
                       or g.current_step()[0] != "discard")
        assert markets > 0
        assert Game.from_record(g.record()).state.hash() == g.state.hash()


def test_skipping_market_spots_uses_the_teams_sestertii():
    """Paying for skipped market spots is a payment like any other: a second-half seat, which starts with no
    sestertii of its own, may skip spots with its partner's money."""
    g = fish_team_game()
    s = g.state
    f = s.parts["fish"]
    f.stored[:] = [0, 0, 2, 0]
    f.pos[2] = 0
    s.players[0].money, s.players[2].money = 5, 0
    g.apply(("play", "mercator"))  # seat 0 has no fish: no market; its Mercator gives it 3 sestertii
    g.apply(("done",))
    assert g.current_step() == ("market", 2, 0)  # the partner's market phase before its Mercator
    money8 = 4  # coastal: brick, 3 sestertii, wine/cloth, colonist, 8 sestertii, ...
    assert ("enter", money8, 0) in g.legal_actions()  # 3 spots skipped, paid by the team
    g.apply(("enter", money8, 0))
    assert s.players[2].money == 8 and s.players[0].money == 8 - 3
    assert f.coins[1:4] == [1, 1, 1]


# -- the Diplomat, the Legatus and the Proconsul together (A-TEAM-DIPLOMAT-COPIES, A-TEAM-ONE-CARD) ----------------
def test_legatus_diplomat_partners_never_copy_the_same_pile():
    """With a Legatus the partner performs the Diplomat first; the Legatus player then copies another pile."""
    g = team_game()
    s = g.state
    for seat, key in ((1, "mercator"), (3, "prefect")):
        s.players[seat].pile = [key]
    play(g, 0, "legatus")
    g.apply(("play", "diplomat"))  # seat 2 answers with its Diplomat and performs it first
    assert {a[1] for a in g.legal_actions()} == {1, 3}  # never the partner's (seat 0's) pile
    g.apply(("copy", 1))
    g.apply(("done",))  # the Mercator's trade
    assert top(g)[:2] == ("diplomat", 0)
    assert {a[1] for a in g.legal_actions()} == {3}  # not seat 1's card again, not the partner's pile


def test_a_chain_of_copies_never_copies_one_pile_twice():
    g = team_game()
    s = g.state
    s.players[0].hand.append("diplomat")
    for seat, key in ((1, "legatus"), (3, "mercator")):
        s.players[seat].pile = [key]
    s.players[2].pile = ["prefect"]
    play(g, 0, "diplomat")
    g.apply(("copy", 1))  # seat 0 copies seat 1's Legatus: its partner plays a card both perform
    assert top(g)[:2] == ("legatus", 2)
    g.apply(("play", "diplomat"))
    assert {a[1] for a in g.legal_actions()} == {3}  # not seat 1's card (copied by the partner), not seat 0's
    g.apply(("copy", 3))
    g.apply(("done",))
    assert top(g)[:2] == ("diplomat", 0)  # seat 0 follows the Diplomat: seat 1 and seat 3 are taken
    assert g.legal_actions() == [("done",)]
    g.apply(("done",))
    assert top(g)[:2] == ("diplomat", 2)  # seat 2 performs the turn's Diplomat: nothing left to copy
    assert g.legal_actions() == [("done",)]
    g.apply(("done",))
    assert g.to_act() == 1


def test_legatus_answered_with_a_proconsul_both_buy_and_nobody_plays_another_card():
    g = team_game()
    s = g.state
    s.players[2].hand.append("proconsul")
    set_goods(g, 0, brick=3, food=3, tool=3, wine=3, cloth=3)
    set_goods(g, 2, brick=3, food=3, tool=3, wine=3, cloth=3)
    hand0 = list(s.players[0].hand)
    play(g, 0, "legatus")
    g.apply(("play", "proconsul"))
    assert top(g) == ("buy", 2, 1, 0)  # the partner performs the Proconsul first: one card at its own cost
    g.apply(next(a for a in g.legal_actions() if a[0] == "card"))
    assert top(g) == ("buy", 0, 1, 0)  # the Legatus player performs it too; its partner has played already
    g.apply(next(a for a in g.legal_actions() if a[0] == "card"))
    assert g.to_act() == 1  # no second card for anybody
    assert s.players[0].pile == ["legatus"] and s.players[2].pile == ["proconsul"]
    assert len(s.players[0].hand) == len(hand0)  # played the Legatus, bought one card
    assert any("played a card this turn already" in e["text"] for e in s.events[-3:])


def test_proconsul_answered_with_a_proconsul_gives_the_active_player_no_second_card():
    g = team_game()
    s = g.state
    s.players[0].hand.append("proconsul")
    s.players[2].hand.append("proconsul")
    play(g, 0, "proconsul")
    g.apply(("done",))  # buys nothing
    g.apply(("play", "proconsul"))  # the partner plays a Proconsul for itself
    assert top(g)[:2] == ("buy", 2)
    g.apply(("done",))
    assert g.to_act() == 1 and s.players[0].pile == ["proconsul"]


def test_diplomat_copying_a_legatus_the_partner_plays_a_card_both_perform():
    g = team_game()
    s = g.state
    s.players[0].hand.append("diplomat")
    for seat, key in ((1, "legatus"), (3, "prefect")):
        s.players[seat].pile = [key]
    money0, money2 = s.players[0].money, s.players[2].money
    play(g, 0, "diplomat")
    g.apply(("copy", 1))
    assert top(g)[:2] == ("legatus", 2)
    g.apply(("play", "mercator"))  # the partner plays a card: it performs it first, then seat 0
    g.apply(("done",))
    assert top(g)[:2] == ("trade", 0)
    g.apply(("done",))
    assert s.players[2].money == money2 + 3 and s.players[0].money == money0 + 3
    # then the partner performs the turn's card, the Diplomat: not the Legatus copied, not the partner's pile
    assert top(g)[:2] == ("diplomat", 2) and {a[1] for a in g.legal_actions()} == {3}


def test_diplomat_performed_by_the_partner_copying_a_legatus_or_proconsul_brings_in_nobody():
    for card in ("legatus", "proconsul"):
        g = team_game()
        s = g.state
        s.players[0].hand.append("diplomat")
        s.players[1].pile = ["mercator"]
        s.players[3].pile = [card]
        play(g, 0, "diplomat")
        g.apply(("copy", 1))
        g.apply(("done",))
        assert top(g)[:2] == ("diplomat", 2)
        g.apply(("copy", 3))  # seat 2 copies the Legatus or Proconsul; its partner, seat 0, has played
        if card == "proconsul":
            assert top(g)[:2] == ("buy", 2)  # the Proconsul still buys its card
            g.apply(("done",))
        assert g.to_act() == 1, card  # nobody plays a second card
        assert s.players[0].pile == ["diplomat"] and s.players[2].pile == []


def test_diplomat_copying_a_proconsul_buys_then_the_partner_plays_for_itself():
    g = team_game()
    s = g.state
    s.players[0].hand.append("diplomat")
    s.players[1].pile = ["proconsul"]
    s.players[3].pile = ["mercator"]
    play(g, 0, "diplomat")
    g.apply(("copy", 1))
    assert top(g)[:2] == ("buy", 0)
    g.apply(("done",))
    assert top(g)[:2] == ("partner_play", 2)
    g.apply(("play", "prefect"))
    g.apply(("cash",))
    assert top(g)[:2] == ("diplomat", 2)  # then the partner performs the Diplomat: seat 3 is left
    assert {a[1] for a in g.legal_actions()} == {3}


def test_vesta_counts_each_partners_own_sestertii_without_pooling():
    """A-TEAM-VESTA: partners take each other's sestertii to pay; at the final scoring each counts its own."""
    g = team_game()
    s = g.state
    for seat in (0, 2):
        set_goods(g, seat)
        s.players[seat].hand, s.players[seat].pile = ["praetor"], []  # one Vesta card each
    s.players[0].money, s.players[2].money = 19, 1
    sc = g.scores()
    assert (sc[0]["Vesta"], sc[2]["Vesta"]) == (1, 0)  # not 2 and 0 for 20 sestertii moved to one seat


@pytest.mark.parametrize("partner_pile,bonus", [(["diplomat", "prefect", "mercator"], 0),
                                                (["diplomat", "prefect", "mercator", "praetor"], 1)])
def test_tribune_performed_by_the_partner_counts_the_cards_it_takes_back(partner_pile, bonus):
    """A-TEAM-TRIBUNE: the partner takes back its own played cards; the Tribune lies on the active player's pile."""
    g = team_game()
    s = g.state
    s.players[0].pile = ["architect", "prefect", "mercator"]
    s.players[2].pile = list(partner_pile)
    for seat in (0, 2):
        s.players[seat].hand = [k for k in s.players[seat].hand if k not in s.players[seat].pile]
    money0, money2 = s.players[0].money, s.players[2].money
    play(g, 0, "tribune")  # 4 cards back (the Tribune included): +1
    assert s.players[0].money == money0 + 1
    g.apply(("done",))
    assert s.players[2].money == money2 + bonus and s.players[2].pile == []


# -- the same readings in Solitaria's cooperative team play (team.py's steps, seat 2 is Contrarius) --------------
def solo_team_game() -> Game:
    return Game.new({"board": "italia", "players": 2, "mode": "team", "manual_dice": True}, seed=1)


def test_solitaria_team_diplomat_copies_neither_a_diplomat_nor_a_proconsul_of_contrarius():
    """A-TEAM-DIPLOMAT as coded: Contrarius' face-up cards, not a Diplomat (the base rule) nor a Proconsul."""
    g = solo_team_game()
    s = g.state
    s.players[2].hand = ["c_prefect", "proconsul", "diplomat_1", "c_mercator", "prefect_architect"]
    keys = [key for _, key in s.rules.mode.diplomat_targets(s, 1)]
    assert keys == ["c_prefect", "c_mercator", "prefect_architect"]
    assert s.rules.mode.diplomat_targets(s, 2) == []  # Contrarius never plays a card


def test_solitaria_team_legatus_answered_with_a_proconsul_nobody_plays_another_card():
    g = solo_team_game()
    s = g.state
    s.players[1].hand.append("proconsul")
    for seat in (0, 1):
        set_goods(g, seat, brick=3, food=3, tool=3, wine=3, cloth=3)
    play(g, 0, "team_legatus")
    g.apply(("play", "proconsul"))
    assert top(g)[:2] == ("buy", 1)
    g.apply(("done",))
    assert top(g)[:2] == ("buy", 0)  # the Legatus player buys too; no card of its own to play afterwards
    g.apply(("done",))
    assert top(g)[0] not in ("partner_play", "legatus", "turn") and g.to_act() == -1  # Contrarius' die
    assert s.players[0].pile == ["team_legatus"] and s.players[1].pile == ["proconsul"]


def test_random_team_games_one_card_per_player_and_turn_no_pile_copied_twice_and_replay():
    """Random team games (fish market included): nobody plays two cards in one turn, no pile is copied twice in
    one turn, Legatus and Proconsul calls lapse when the partner played already; every game replays."""
    seen = Counter()
    for seed in range(12):
        n = 4 if seed % 2 else 6
        board = ("imperium", "italia", "hellas", "cyprus", "sicilia")[seed % 5]  # seed 9: Sicilia with fish
        g = Game.new({"board": board, "players": n, "mode": "team",
                      "fish_market": ("coastal", "mountain")[seed % 2] if seed % 3 == 0 else None}, seed=100 + seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            assert all(p.money >= 0 and min(p.goods) >= 0 for p in g.state.players)
        events = g.state.events
        plays = Counter((e["turn"], e["seat"]) for e in events if e["kind"] == "play")
        copies = Counter((e["turn"], e["target"]) for e in events if e["kind"] == "copy")
        assert max(plays.values()) == 1, "a seat played two cards in one turn"
        assert max(copies.values(), default=1) == 1, "one pile copied twice in one turn"
        seen["copies"] += len(copies)
        seen["lapsed"] += sum("played a card this turn already" in e["text"] for e in events)
        assert Game.from_record(g.record()).state.hash() == g.state.hash()
    assert seen["copies"] and seen["lapsed"]


def test_a_partner_taking_the_concordia_card_ends_the_game_after_the_active_players_turn():
    """A-TEAM-READINGS: the last turns are counted from the player whose turn it is, also when the partner, performing
    that player's Architect, builds the 15th house: the three other seats then have one turn each, the partner
    included, and the active player none."""
    g = team_game()
    s = g.state
    for name in [n for n in s.board.cities if n not in ("Roma", "Novaria", "Massilia")][:14]:
        give_house(g, 2, name)
    set_city_good(g, "Novaria", BRICK)
    clear_colonists(g, 2)
    put(g, 2, 0, route(g, LAND, "Novaria", "Massilia"))
    set_goods(g, 2, food=2)
    play(g, 0, "architect")
    g.apply(("done",))  # seat 0 moves nothing
    g.apply(("done",))  # and builds nothing
    assert g.current_step()[:2] == ("arch_move", 2)  # the partner performs the Architect
    g.apply(("done",))  # the partner's colonist stands next to Novaria already
    g.apply(("build", city(g, "Novaria")))
    assert s.concordia == 2 and not g.is_over
    while g.current_step()[0] != "turn":
        g.apply(("done",))
    order = []
    while not g.is_over:
        order.append(g.to_act())
        g.apply(("play", "tribune"))
        while not g.is_over and g.current_step()[0] != "turn":
            g.apply(("done",))
    assert order == [1, 2, 3]


def test_team_games_show_the_team_assumptions():
    """Every assumed value a team game plays by is named on its screen (the view's assumptions), and only there."""
    def shown(**options) -> set[str]:
        return {a["id"] for a in assumptions_for(GameOptions.from_dict(options))}

    venus_team = {"A-VENUS-GODS", "A-TEAM-DECKS", "A-TEAM-MONEY", "A-TEAM-READINGS", "A-VENUS-DOUBLE-GODS"}
    assert venus_team <= shown(board="imperium", players=4, mode="team")
    assert venus_team <= shown(board="imperium", players=6, mode="team")
    solitaria_team = shown(board="italia", players=2, mode="team")
    assert {"A-VENUS-GODS", "A-TEAM-DECKS", "A-VENUS-DOUBLE-GODS", "A-TEAM-CARDS"} <= solitaria_team
    assert not {"A-TEAM-MONEY", "A-TEAM-READINGS"} & solitaria_team  # its money and readings are Solitaria's own
    assert not venus_team & shown(board="imperium", players=4)
    assert "A-VENUS-DOUBLE-GODS" in shown(board="imperium", players=4, venus=True)
    cards = load_catalog().cards  # the gods the assumption names are the catalogue's
    assert cards["praetor"].gods == ("Vesta",) and cards["proconsul"].gods == ("Jupiter",)


def test_praetor_pays_the_position_costs_like_the_senator():
    """The Praetor buys like the Senator: the card's cost and the display position's (a Colonist, 1 food: position 1
    with 1 food only; positions 2 and 3 with a second food for their '?')."""
    g = team_game()
    s = g.state
    s.display = ["colonist"] * 7
    set_goods(g, 0, food=1)  # the card's cost only
    play(g, 0, "praetor")
    assert {a[1] for a in legal_of(g, "card")} == {0}  # positions 2-7 cost more than 1 food
    set_goods(g, 0, food=2)
    assert {a[1] for a in legal_of(g, "card")} == {0, 1, 2}  # '?' paid with the second food; 4-7 need cloth


def test_legatus_scores_jupiter_saturnus_and_venus():
    """The Legatus carries Jupiter, Saturnus and Venus: houses in Londinium (wine) and Lutetia (brick), the partner's
    in Isca Dumnoniorum (Britannia, as Londinium): Jupiter 1 (one non-brick city), Saturnus 2 (two provinces), Venus
    1 (one province where both partners have a house)."""
    g = team_game()
    s = g.state
    for seat in (0, 2):
        s.players[seat].hand, s.players[seat].pile = ["legatus"], []
        set_goods(g, seat)
        s.players[seat].money = 0
    set_city_good(g, "Londinium", WINE)
    set_city_good(g, "Lutetia", BRICK)
    give_house(g, 0, "Londinium")
    give_house(g, 0, "Lutetia")
    give_house(g, 2, "Isca Dumnoniorum")
    sc = score_seat(s, 0)
    assert (sc["Jupiter"], sc["Saturnus"], sc["Venus"]) == (1, 2, 1)
