"""Solitaria's cooperative team play (solitaria-team.txt): option mode "team" with 2 players. Seats 0 and 1 are the
team, Contrarius is seat 2. Each card is performed by the active player and then by the partner; Contrarius reacts to
the first action only (Legatus: to the partner's card). Dice are forced."""
from __future__ import annotations

import random

import pytest

from sestertius.data.catalog import BRICK, CLOTH
from sestertius.data.solitaria import solo_data
from sestertius.rules.game import Game
from sestertius.rules.modes import solitaria
from sestertius.rules.scoring import score_seat
from sestertius.rules.state import CHANCE
from support.solitaria import city, set_good, texts, two_player_playout
from support.solitaria import play_seat as play

C = 2
DONE = ("done",)


def team(difficulty: str = "standard", seed: int = 1, manual: bool = True, board: str = "italia") -> Game:
    return Game.new({"board": board, "players": 2, "mode": "team", "difficulty": difficulty,
                     "manual_dice": manual}, seed=seed)


def add_house(g: Game, seat: int, c: int) -> None:
    g.state.houses[c] |= 1 << seat
    g.state.players[seat].houses.append(c)


def two_provinces(g: Game, n: int = 2) -> tuple[int, int]:
    b = g.state.board
    ps = [i for i, cs in enumerate(b.province_cities) if len(cs) >= n]
    return ps[0], ps[1]


def test_setup():
    g = team()
    s = g.state
    d = solo_data()
    assert s.n == 3 and solitaria.cseat(s) == C and g.to_act() == 0
    assert s.players[0].hand == ["tribune", "architect", "team_prefect_pm", "mercator", "team_legatus",
                                 "team_praetor_1"]
    assert s.players[1].hand == ["tribune", "diplomat", "prefect", "mercator", "team_legatus", "team_praetor_2"]
    assert [p.money for p in s.players] == [6, 6, 0]
    assert s.pm == -1
    assert s.deck_labels.count("III") == 6
    assert len(s.deck) + sum(k is not None for k in s.display) + 1 == 21  # the 6th card of Contrarius: a specialist
    assert d.catalog.cards["team_legatus"].gods == ("Jupiter", "Jupiter")
    assert d.catalog.cards["team_prefect_pm"].gods == ("Saturnus", "Saturnus")
    assert [p.vp for p in s.players[:2]] == [20, 20]
    for seat in (0, 1):  # 1 land + 1 sea colonist in the capital each
        assert sorted(s.players[seat].col)[-2:] == [s.R + s.board.capital] * 2


def test_prefect_both_produce_contrarius_reacts_to_the_first():
    g = team()
    s = g.state
    p1, p2 = two_provinces(g, 3)
    b = s.board
    for c in b.province_cities[p2][:3]:
        add_house(g, C, c)  # 3 houses in the partner's province, none in the first
    play(g, 0, "mercator", DONE, DONE)
    g.apply(("roll", "brick"))
    while not (g.to_act() == 1 and g.current_step()[0] == "turn"):
        g.apply(g.legal_actions()[0])
    vp = s.players[C].vp
    play(g, 1, "prefect", ("produce", p1))
    assert g.current_step()[0] == "prefect" and g.to_act() == 0  # the partner performs the Prefect too
    g.apply(("produce", p2))
    assert s.players[C].vp == vp + 1  # 0 houses in p1 (the first action): at least 1; p2's 3 houses do not count
    assert "produced" in texts(g)[-1]


def test_prefect_with_pm_double_bonus_for_its_owner_only():
    g = team()
    s = g.state
    p1, p2 = two_provinces(g)
    g1, g2 = s.marker_good[p1], s.marker_good[p2]
    b0, b1 = list(s.players[0].goods), list(s.players[1].goods)
    play(g, 0, "team_prefect_pm", ("produce", p1))
    g.apply(("produce", p2))  # the partner
    assert s.players[0].goods[g1] - b0[g1] == 2
    assert s.players[1].goods[g2] - b1[g2] == 1
    assert s.players[C].vp == 2 and "at least 2" in texts(g)[-1]


def test_partner_copies_reactivation_example():
    """Player 2 copies ... here simply: first action cash, partner produces; Contrarius scores 2 for the cash."""
    g = team()
    s = g.state
    p1, _ = two_provinces(g)
    play(g, 0, "mercator", DONE, DONE)
    g.apply(("roll", "brick"))
    while g.to_act() != 1:
        g.apply(g.legal_actions()[0])
    vp = s.players[C].vp
    play(g, 1, "prefect", ("cash",), ("produce", p1))
    assert s.players[C].vp == vp + 2


def test_legatus_partner_plays_first_and_contrarius_reacts_to_that_card():
    g = team()
    s = g.state
    play(g, 0, "team_legatus")
    assert g.to_act() == 1 and g.current_step()[0] == "legatus"
    assert ("play", "team_legatus") not in g.legal_actions()
    g.apply(("play", "prefect"))
    p1, p2 = two_provinces(g)
    g.apply(("produce", p1))  # the partner (seat 1) acts first
    assert g.to_act() == 0 and g.current_step()[0] == "prefect"
    g.apply(("cash",))
    assert "prefect" in s.players[1].pile and "team_legatus" in s.players[0].pile
    assert s.players[C].vp == 1 and "produced" in texts(g)[-1] and "(Prefect)" in texts(g)[-2] + texts(g)[-1]
    assert g.to_act() == 1  # turn order unchanged: now seat 1's own turn


def test_legatus_example_the_partner_plays_the_architect_both_build_contrarius_takes_a_card():
    """The rulebook's Legatus example: you lack the Architect, your partner holds it; you play the Legatus, the partner
    plays the Architect and both build (the partner first); Contrarius reacts to the Architect and takes a card;
    then it is the partner's turn."""
    g = team()
    s = g.state
    s.players[0].hand.remove("architect")
    s.players[1].hand.append("architect")
    play(g, 0, "team_legatus")
    g.apply(("play", "architect"))
    for seat in (1, 0):
        assert g.to_act() == seat and g.current_step()[0] == "arch_move"
        g.apply(next(a for a in g.legal_actions() if a[0] == "move"))
        g.apply(DONE)
        houses = len(s.players[seat].houses)
        g.apply(next(a for a in g.legal_actions() if a[0] == "build"))
        assert len(s.players[seat].houses) == houses + 1
        if g.current_step()[0] == "arch_build":
            g.apply(DONE)
    assert g.current_step()[:3] == ("contrarius_roll", CHANCE, "architect")
    display = list(s.display)
    g.apply(("roll", 3))
    assert s.players[C].hand[-1] == display[2]
    assert "architect" in s.players[1].pile and "team_legatus" in s.players[0].pile
    assert g.to_act() == 1 and g.current_step()[0] == "turn"


def test_team_play_example_contrarius_reacts_to_the_first_production_only():
    """The rulebook's example of team play: you produce with your Prefect in a province of 2 houses, your partner
    in one of 3; Contrarius scores 2 (the houses of your province), not 3."""
    g = team()
    s = g.state
    p1, p2 = two_provinces(g, 3)
    for c in s.board.province_cities[p1][:2]:
        add_house(g, C, c)
    for c in s.board.province_cities[p2][:3]:
        add_house(g, C, c)
    vp = s.players[C].vp
    play(g, 0, "prefect", ("produce", p1))
    g.apply(("produce", p2))
    assert s.players[C].vp == vp + 2


def test_prefect_with_pm_example_campania():
    """The rulebook's second example of the Prefect with Praefectus Magnus: Campania (cloth its bonus) holds 4
    houses, Blue's cloth and tool houses, Black's tool house and a fourth. Blue produces there: 3 cloth (2 of them the
    double bonus) and 1 tool; Black, the partner, receives 1 tool whatever they then do; Contrarius scores 4."""
    g = team()
    s = g.state
    set_good(g, "Neapolis", "cloth")
    set_good(g, "Casinum", "tool")
    for seat, name in ((0, "Neapolis"), (0, "Casinum"), (1, "Casinum"), (C, "Neapolis")):
        add_house(g, seat, city(g, name))
    for p in s.players[:2]:
        p.goods = [0] * 5  # room in the storehouses
    campania = s.board.province_of[city(g, "Neapolis")]
    assert s.marker_good[campania] == CLOTH
    blue, black = list(s.players[0].goods), list(s.players[1].goods)
    vp = s.players[C].vp
    play(g, 0, "team_prefect_pm", ("produce", campania))
    assert [a - b for a, b in zip(s.players[0].goods, blue)] == [0, 0, 1, 0, 3]
    assert [a - b for a, b in zip(s.players[1].goods, black)] == [0, 0, 1, 0, 0]
    g.apply(("cash",))  # the partner's own action: reactivating
    assert s.players[C].vp == vp + 4


def test_a_card_with_two_gods_counts_for_both():
    """'they count as 2x Saturnus or 2x Jupiter': the Legatus (Jupiter twice) with 3 houses in non-brick cities
    scores 6, the Prefect with P.M. (Saturnus twice), with those houses in 3 provinces, 6 too."""
    g = team()
    s = g.state
    non_brick = [c for c in s.board.buildable() if s.city_good[c] != BRICK]
    provinces = {s.board.province_of[c]: c for c in non_brick}
    cities = list(provinces.values())[:3]  # 3 non-brick cities in 3 provinces
    for c in cities:
        add_house(g, 0, c)
    s.players[0].hand, s.players[0].pile = ["team_legatus"], []
    assert score_seat(s, 0)["Jupiter"] == 6
    s.players[0].hand = ["team_prefect_pm"]
    assert score_seat(s, 0)["Saturnus"] == 6


def test_double_card_partner_takes_the_other_half_contrarius_reacts_to_the_chosen_one():
    g = team()
    s = g.state
    s.players[0].hand.append("prefect_architect")
    g.apply(("play", "prefect_architect"))
    g.apply(("half", 1))  # the active player: Architect
    g.apply(DONE)
    g.apply(DONE)
    assert g.to_act() == 1 and g.current_step()[0] == "prefect"  # the partner: the Prefect
    g.apply(("cash",))
    assert g.to_act() == CHANCE and s.pending[-1][2] == "architect"  # Contrarius reacts to the Architect


def test_diplomat_partner_copies_the_same_card_which_is_then_face_down():
    g = team()
    s = g.state
    play(g, 0, "mercator", DONE, DONE)
    g.apply(("roll", "brick"))
    while g.to_act() != 1:
        g.apply(g.legal_actions()[0])
    vp = s.players[C].vp
    g.apply(("play", "diplomat"))
    target = next(a for a in g.legal_actions() if s.players[C].hand[-a[1] - 1] == "c_prefect")
    g.apply(target)
    assert "c_prefect" in s.players[C].pile  # flipped: never copied again
    g.apply(("cash",))  # player 2 reactivates
    assert g.to_act() == 0 and g.current_step()[0] == "prefect"  # the partner copies the same card
    p1, _ = two_provinces(g)
    g.apply(("produce", p1))
    assert s.players[C].vp == vp + 2  # reaction to the first action: the cash


def test_sestertii_may_be_taken_from_the_partner():
    g = team()
    s = g.state
    s.players[0].money = 0
    s.players[1].money = 10
    s.players[0].goods = [0, 0, 0, 0, 0]
    play(g, 0, "mercator")  # +3 sestertii (base Mercator), then buy
    assert ("buy", 4) in g.legal_actions()  # cloth costs more than seat 0 has: the partner pays the rest
    before = s.players[0].money + s.players[1].money
    g.apply(("buy", 4))
    assert s.players[0].money == 0 and s.players[0].money + s.players[1].money == before - s.cat.prices[4]


@pytest.mark.parametrize("seat,card", [(0, "team_praetor_1"), (1, "team_praetor_2")])
def test_praetor_one_card_each_refill_after_both_and_its_reaction(seat, card):
    g = team()
    s = g.state
    if seat == 1:
        play(g, 0, "mercator", DONE, DONE)
        g.apply(("roll", "brick"))
        while g.to_act() != 1:
            g.apply(g.legal_actions()[0])
    for p in s.players[:2]:
        p.goods = [3] * 5
    vp = s.players[C].vp
    play(g, seat, card, ("card", 0, -1))
    assert s.display[0] is None and g.to_act() == 1 - seat  # no refill yet; the partner buys one card
    pos = next(a for a in g.legal_actions() if a[0] == "card")
    g.apply(pos)
    if card == "team_praetor_1":
        assert g.to_act() == CHANCE and s.pending[-1][2] == "senator"  # builds a house with the white die
    else:
        assert s.players[C].vp == vp + 2
        assert None not in s.display  # refilled at the end of the turn


def test_proconsul_buys_then_the_partner_plays_for_themselves_contrarius_builds():
    g = team()
    s = g.state
    s.players[0].goods = [3] * 5
    play(g, 0, "proconsul")
    g.apply(next(a for a in g.legal_actions() if a[0] == "card"))
    assert g.to_act() == 1 and g.current_step()[0] == "partner_play"
    assert ("play", "team_legatus") not in g.legal_actions()
    g.apply(("play", "prefect"))
    g.apply(("cash",))
    assert g.to_act() == CHANCE and s.pending[-1][2] == "senator"
    g.apply(("roll", "brick"))
    assert g.to_act() == 1  # then seat 1's own turn


def test_proconsul_contrarius_does_not_react_to_the_partners_card():
    """"Contrarius does not react to the card of your partner": after a Proconsul the partner's Prefect (cash, which
    would give it 2 VP) gets no reaction; Contrarius only builds its house for the Proconsul, then seat 1's turn."""
    g = team()
    s = g.state
    s.players[0].goods = [3] * 5
    play(g, 0, "proconsul")
    g.apply(next(a for a in g.legal_actions() if a[0] == "card"))
    g.apply(("play", "prefect"))
    g.apply(("cash",))
    assert s.players[C].vp == 0 and s.players[C].houses == []
    assert g.to_act() == CHANCE and g.current_step()[2:4] == ("senator", "build")
    g.apply(("roll", "brick"))
    while g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])
    assert g.to_act() == 1 and g.current_step()[0] == "turn"
    assert s.players[C].vp == 0 and len(s.players[C].houses) == 1
    reactions = [t for t in texts(g) if t.startswith("reacts to")]
    assert reactions == ["reacts to your Proconsul: builds a house; rolls the white Senator/Consul die for the good"]


@pytest.mark.parametrize("first, second, reaction", [
    ("cash", "place", "you took the money, so it scores 2 VP"),
    ("place", "cash", "you placed colonists, so it rolls the red Tribune/Colonist die"),
])
def test_colonist_contrarius_reacts_to_the_first_action(first, second, reaction):
    """Colonist: Contrarius reacts to what the first player did (took the money: 2 VP; placed colonists: the red
    die), whatever the partner did."""
    g = team()
    s = g.state
    cap = s.board.capital
    actions = {"cash": [("cash",)], "place": [("place", 0, cap), DONE]}
    play(g, 0, "colonist", *actions[first])
    assert g.to_act() == 1 and g.current_step()[0] == "colonist"  # the partner performs the Colonist too
    for a in actions[second]:
        g.apply(a)
    assert reaction in texts(g)[-1]
    if first == "cash":
        assert s.players[C].vp == 2 and g.to_act() == 1 and g.current_step()[0] == "turn"
    else:
        assert s.players[C].vp == 0 and g.to_act() == CHANCE and g.current_step()[2] == "colonist"


def test_mercator_contrarius_reacts_once_after_both_partners():
    """Mercator: both partners trade, then Contrarius reacts once (one black die, one house); the province of its
    house produces for both partners' houses there (A-SOLO-PRODUCE-ALL); then seat 1's turn."""
    g = team()
    s = g.state
    target = solitaria.plan_build(s, solitaria.data(s), 0)[0]  # where a brick die leads
    assert target is not None
    prov = s.board.province_of[target]
    others = [c for c in s.board.province_cities[prov] if c != target]
    add_house(g, 0, others[0])
    add_house(g, 1, others[-1])
    play(g, 0, "mercator", DONE)
    assert g.to_act() == 1 and g.current_step()[0] == "trade"  # the partner, before any reaction
    before = [s.players[0].goods[s.city_good[others[0]]], s.players[1].goods[s.city_good[others[-1]]]]
    g.apply(DONE)
    assert g.to_act() == CHANCE and g.current_step()[2:4] == ("mercator", "build_produce")
    g.apply(("roll", "brick"))
    while g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])
    assert g.to_act() == 1 and g.current_step()[0] == "turn"
    assert s.players[C].houses == [target] and not s.marker_up[prov]
    assert [s.players[0].goods[s.city_good[others[0]]], s.players[1].goods[s.city_good[others[-1]]]] == \
        [before[0] + 1, before[1] + 1]
    assert len([t for t in texts(g) if t.startswith("reacts to")]) == 1


def test_venus_scoring_team_and_contrarius():
    g = team()
    s = g.state
    b = s.board
    provs = [i for i, cs in enumerate(b.province_cities) if len(cs) >= 3][:3]
    a, bb, c = provs
    add_house(g, 0, b.province_cities[a][0])
    add_house(g, 1, b.province_cities[a][1])  # a: both partners
    add_house(g, 0, b.province_cities[bb][0])  # bb: only seat 0 ...
    add_house(g, C, b.province_cities[bb][1])  # ... and Contrarius
    add_house(g, C, b.province_cities[c][0])  # c: Contrarius alone
    add_house(g, C, b.province_cities[a][2])  # a: Contrarius with both
    for p in s.players:
        p.hand, p.pile = ["prefect_architect"], []  # one Venus card each
    assert score_seat(s, 0)["Venus"] == 1 and score_seat(s, 1)["Venus"] == 1
    assert score_seat(s, C)["Venus"] == 2  # a and bb, not c


def test_team_score_is_the_middle_and_a_tie_goes_to_the_concordia_card():
    g = team()
    s = g.state
    for p in s.players:
        p.hand, p.pile, p.vp, p.money, p.goods = [], [], 0, 0, [0] * 5
    s.players[0].vp, s.players[1].vp, s.players[C].vp = 100, 110, 106
    assert g.ranking() == [C, 1, 0]  # the team's middle score 105 < 106
    s.concordia = 0
    s.players[0].vp = 93  # 93 + 7 (Concordia) = 100; the middle of 100 and 110 is 105
    s.players[C].vp = 105
    assert score_seat(s, 0)["total"] == 100
    assert g.ranking() == [1, 0, C]  # a tie: the team holds the Concordia card
    s.concordia = C
    s.players[C].vp = 98  # 98 + 7 = 105: Contrarius holds the card
    assert g.ranking()[0] == C
    s.players[1].vp = 118  # 93 + 118 = 211 > 2 x 105
    assert g.ranking() == [1, 0, C]


def test_contrarius_ends_the_game_the_team_plays_one_final_card_without_reaction():
    g = team()
    s = g.state
    free = [c for c in s.board.buildable() if s.houses[c] == 0]
    for c in free[:14]:
        add_house(g, C, c)
    play(g, 0, "mercator", DONE, DONE)
    g.apply(("roll", "cloth"))
    while g.to_act() != 1 and not g.is_over:
        g.apply(g.legal_actions()[0])
    assert s.concordia == C and not g.is_over
    vp = s.players[C].vp
    play(g, 1, "prefect", ("cash",))
    assert not g.is_over and g.to_act() == 0  # both actions
    p1, _ = two_provinces(g)
    g.apply(("produce", p1))
    assert g.is_over and s.players[C].vp == vp
    assert any("does not react" in t for t in texts(g)[-3:])
    sc = g.scores()
    assert g.result()["team"] == (sc[0]["total"] + sc[1]["total"]) / 2
    assert g.result()["contrarius"] == sc[C]["total"]


@pytest.mark.parametrize("difficulty", ["standard", "beginner", "veteran", "strong_veteran", "expert",
                                        "strong_expert", "strong_expert_8"])
def test_every_difficulty(difficulty):
    g = team(difficulty, manual=False)
    level = solo_data().difficulty[difficulty]
    assert [p.vp for p in g.state.players[:2]] == [level["start_vp"]] * 2
    rnd = random.Random(3)
    while not g.is_over:
        g.apply(rnd.choice(g.legal_actions()))
    assert Game.from_record(g.record()).state.hash() == g.state.hash()


def test_random_playouts_keep_the_invariants_and_replay():
    for seed in range(16):
        level = ["standard", "veteran", "expert", "strong_expert"][seed % 4]
        board = ["italia", "imperium", "hellas", "ionium", "cyprus"][seed % 5]
        g = team(level, seed=seed, manual=False, board=board)
        rnd = random.Random(seed)
        steps = 0
        while not g.is_over:
            g.apply(rnd.choice(g.legal_actions()))
            steps += 1
            s = g.state
            c = s.players[C]
            assert c.money == 0 and c.goods == [0] * 5 and len(c.houses) <= 15
            assert all(p.money >= 0 for p in s.players)
            assert g.to_act() in (0, 1, None, CHANCE)
            assert steps < 5000
        sc = g.scores()
        assert g.result()["team"] * 2 == sc[0]["total"] + sc[1]["total"]
        assert Game.from_record(g.record()).state.hash() == g.state.hash()
        g2 = team(level, seed=seed, manual=False, board=board)
        rnd = random.Random(seed)
        while not g2.is_over:
            g2.apply(rnd.choice(g2.legal_actions()))
        assert g2.state.hash() == g.state.hash()


def test_simulate_runs_the_mode():
    from sestertius.cli.simulate import run_simulation
    r = run_simulation("italia", 2, 3, mode="team", progress=False)
    assert r["players"] == 2 and "team" in r and "contrarius" in r


@pytest.mark.parametrize("board", ["imperium", "italia", "hellas", "ionium", "cyprus", "sicilia"])
def test_random_games_contrarius_invariants(board, contrarius_builds):
    levels = ["standard", "beginner", "veteran", "strong_veteran", "expert", "strong_expert", "strong_expert_8"]
    for i, level in enumerate(levels):
        two_player_playout("team", board, level, 37 * i + len(board), contrarius_builds, try_all=(i == 0))


def test_a_player_ends_the_game_the_partner_still_acts_and_contrarius_reacts_once_more():
    g = team()
    s = g.state
    s.deck, s.deck_labels = [], []
    s.display = [None] * len(s.display)
    s.display[0] = "colonist"
    for p in s.players[:2]:
        p.goods = [3] * 5
    vp = s.players[C].vp
    play(g, 0, "team_praetor_1", ("card", 0, -1))  # the last card: Concordia to player 1
    assert s.concordia == 0 and not g.is_over
    assert g.to_act() == 1 and g.current_step()[0] == "buy"  # the partner still performs the Praetor
    g.apply(DONE)
    assert g.to_act() == CHANCE  # Contrarius reacts (player 1's Praetor: it builds)
    g.apply(("roll", "brick"))
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    assert g.is_over and s.turn == 0  # the game ended with that reaction
    assert any(t.startswith("reacts to your Praetor") for t in texts(g))
    assert s.players[C].vp == vp and sorted(g.ranking()) == [0, 1, C]
