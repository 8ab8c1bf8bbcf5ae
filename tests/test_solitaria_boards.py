"""Solitaria on the boards with rules of their own and with the fish market (roma-sicilia.txt "Interaction with
expansion Solitaria"; solitaria-solo.txt "Fish market of the Balearica expansion"). Every die and tile is entered by
hand."""
from __future__ import annotations

import random

import pytest
from solitaria_support import (CHANCE, CONTRARIUS, GOODS, PLAYER, con, events, last_text, me, play, roll, solo)

from sestertius.automaton.solitaria import data, plan_build
from sestertius.rules.errors import OptionsError
from sestertius.rules.game import Game
from sestertius.rules.turns import DONE


# -- Sicilia ---------------------------------------------------------------------------------------------------------
def sicilia(setup_tiles=("Orange", "Orange", "Grey"), **opts) -> Game:
    g = solo(board="sicilia", **opts)
    for name in setup_tiles:
        assert g.current_step()[0] == "volcano_setup"
        g.apply(("tile", name))
    return g


def column(g: Game, name: str) -> int:
    v = g.state.extra["volcano"]
    prov = g.state.board.provinces.index(name)
    return v["cols"][g.state.board.extra["volcano_provinces"].index(g.state.board.provinces[prov])]


def test_contrarius_draws_a_volcano_tile_when_reacting_to_a_tribune():
    g = sicilia()
    con(g).hand.append("weaver")  # its best specialist: cloth, whose nearest city is Menae (Orange)
    s = g.state
    assert s.board.cities[plan_build(s, data(s), GOODS.index("cloth"))[0]] == "Menae"
    money = me(g).money
    play(g, "tribune")
    g.apply(("tile", "Grey"))  # the player's own tile (+1 sestertius)
    g.apply(DONE)  # no colonist bought
    assert g.current_step()[0] == "volcano" and g.to_act() == CHANCE  # Contrarius' tile comes first
    g.apply(("tile", "Orange"))  # Orange's third tile: no more building there
    assert column(g, "Orange") == 3
    assert "Contrarius has no money or goods" in last_text(g, "volcano")
    assert con(g).money == 0 and con(g).goods == [0] * 5
    assert me(g).money == money + 1 + max(0, 1 - g.state.cat.tribune_free)  # only the player's tile paid
    roll(g, "land")
    settle(g)
    built = [s.board.cities[c] for c in con(g).houses]
    assert built and "Menae" not in built and "Catana" not in built
    assert "Menae: no house may be built there now (sicilia board rule)" in last_text(g, containing="builds in")
    assert "draws a volcano tile as well" in last_text(g, containing="volcano tile")


def test_a_copied_tribune_also_draws_a_tile():
    g = sicilia()
    play(g, "diplomat", ("copy", -1))  # Contrarius' Tribune
    g.apply(("tile", "Grey"))  # the player's Tribune tile
    g.apply(DONE)
    assert g.current_step()[0] == "volcano"
    g.apply(("tile", "Yellow"))
    assert [e["seat"] for e in events(g, "volcano")][-2:] == [PLAYER, CONTRARIUS]


def test_other_reactions_draw_no_tile():
    g = sicilia()
    play(g, "senator", DONE)
    roll(g, "food")
    assert g.to_act() != CHANCE or g.current_step()[0] != "volcano"
    assert not [e for e in events(g, "volcano") if e["seat"] == CONTRARIUS]


def settle(g: Game) -> None:
    """Take the default for the player's choice of Contrarius' colonist move, if asked."""
    while g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])


@pytest.mark.parametrize("erupted_down, reactivated", [(False, True), (True, False)])
def test_mercator_reactivation_ignores_erupted_markers(erupted_down, reactivated):
    """Reactivation needs 3 markers showing coins; an erupted province's marker has left the map."""
    g = sicilia()
    s = g.state
    b = s.board
    v = s.extra["volcano"]
    v["cols"] = (2, 0, 4)  # Orange erupted (row 4)
    v["pile"] = (2, 4, 0)
    down = ["Black", "Blue", "Dark green"]  # Contrarius builds in Gela (brick, Dark green): already produced
    if erupted_down:
        down[1] = "Orange"
    s.marker_up = [b.provinces[i] not in down for i in range(len(b.provinces))]
    play(g, "mercator", DONE)
    roll(g, "brick")
    settle(g)
    assert b.cities[con(g).houses[-1]] == "Gela"
    text = last_text(g, containing="already produced")
    if reactivated:
        assert "3 bonus markers show coins" in text and "reactivated" in text and all(s.marker_up)
    else:
        assert "only 2 bonus markers show coins" in text and not all(s.marker_up)


def test_random_sicilia_solo_games_finish_and_replay():
    for seed in range(6):
        level = ["standard", "veteran", "expert"][seed % 3]
        g = Game.new({"board": "sicilia", "players": 1, "mode": "solo", "difficulty": level}, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            c = g.state.players[CONTRARIUS]
            assert c.money == 0 and c.goods == [0] * 5
            steps += 1
            assert steps < 3000
        closed = [e for e in events(g) if "no house may be built there now" in e["text"]]
        assert all(e for e in closed)
        assert Game.from_record(g.record()).state.hash() == g.state.hash()


# -- boards without a Contrarius rule ----------------------------------------------------------------------------------
def test_balearica_and_roma_are_refused_with_a_reason():
    with pytest.raises(OptionsError, match="no rule for Balearica"):
        solo(board="balearica")
    with pytest.raises(OptionsError, match="Roma"):
        solo(board="roma")


# -- fish market -------------------------------------------------------------------------------------------------------
def fishy(side="coastal", **opts) -> Game:
    return solo(fish_market=side, **opts)


def test_fish_paid_at_the_market_go_to_contrarius_and_score():
    g = fishy()
    s = g.state
    me(g).fish = 3
    s.pending.append(("market", PLAYER, -1))
    g.apply(("enter", 0, 0))  # coastal spot 1: 1 brick for 1 fish
    assert me(g).fish == 2 and s.extra["contrarius"]["fish"] == 1
    assert "takes the 1 fish you paid" in last_text(g)
    assert s.extra["public"]["contrarius"]["fish"] == 1
    assert g.scores()[CONTRARIUS]["fish"] == 1
    assert "fish" not in g.scores()[PLAYER]


def test_contrarius_fish_are_not_goods_for_vesta():
    g = fishy()
    g.state.extra["contrarius"]["fish"] = 9
    con(g).hand.append("mason")
    sc = g.scores()[CONTRARIUS]
    assert sc["fish"] == 9 and sc["Vesta"] == 0


def test_mercator_reaction_takes_the_province_fish():
    g = fishy()
    s = g.state
    play(g, "mercator", DONE)
    roll(g, "brick")
    settle(g)
    c = con(g).houses[-1]
    prov = s.board.province_of[c]
    assert s.extra["fish"]["spots"][prov] == 0 and not s.marker_up[prov]
    assert s.extra["contrarius"]["fish"] == 1
    assert "Contrarius takes its 1 fish" in last_text(g, containing="activates")


def test_mercator_reaction_regrows_the_fish_when_three_provinces_are_empty():
    g = fishy()
    s = g.state
    spots = s.extra["fish"]["spots"]
    # Contrarius will build in Bononia? find its brick city first, then empty it and two more provinces
    city = plan_build(s, data(s), GOODS.index("brick"))[0]
    prov = s.board.province_of[city]
    others = [i for i in range(len(spots)) if i != prov][:2]
    for i in [prov] + others:
        spots[i] = 0
        s.marker_up[i] = False
    spots[others[-1] + 1] = 1
    play(g, "mercator", DONE)
    roll(g, "brick")
    settle(g)
    assert "the fish regrow" in last_text(g, containing="already produced")
    assert 0 not in s.extra["fish"]["spots"] and all(s.marker_up)
    assert s.extra["contrarius"]["fish"] == 0


def test_mercator_reaction_does_nothing_with_fewer_than_three_empty():
    g = fishy()
    s = g.state
    spots = s.extra["fish"]["spots"]
    city = plan_build(s, data(s), GOODS.index("brick"))[0]
    prov = s.board.province_of[city]
    spots[prov] = 0
    s.marker_up[prov] = False
    play(g, "mercator", DONE)
    roll(g, "brick")
    settle(g)
    assert "fewer than 3): nothing happens" in last_text(g, containing="already produced")


def test_prefect_with_praefectus_magnus_takes_the_piscatus_fish():
    g = fishy()
    s = g.state
    play(g, "prefect_pm", ("produce", 0))
    assert me(g).fish == 2  # 1 fish on the spot + 1 for Praefectus Piscatus (the card stays in the hand cycle)
    assert s.pm == -1
    g2 = fishy()
    play(g2, "prefect", ("produce", 0))
    assert me(g2).fish == 1


def test_random_fish_solo_games_finish_score_and_replay():
    for seed in range(6):
        side = ("coastal", "mountain")[seed % 2]
        level = ["standard", "veteran", "expert"][seed % 3]
        g = Game.new({"board": "italia", "players": 1, "mode": "solo", "difficulty": level,
                      "fish_market": side}, seed=seed)
        rng = random.Random(seed)
        paid = 0
        steps = 0
        while not g.is_over:
            before = g.state.players[PLAYER].fish
            g.apply(rng.choice(g.legal_actions()))
            c = g.state.players[CONTRARIUS]
            assert c.money == 0 and c.goods == [0] * 5 and c.fish == 0
            paid += max(0, before - g.state.players[PLAYER].fish)
            steps += 1
            assert steps < 3000
        sc = g.scores()[CONTRARIUS]
        assert sc["fish"] == g.state.extra["contrarius"]["fish"] >= 0
        assert g.state.extra["contrarius_score"] == sc["total"]
        assert Game.from_record(g.record()).state.hash() == g.state.hash()


def test_not_implemented_solitaria_combinations_are_refused():
    # the two-player modes against Contrarius exist (test_solitaria_third.py, test_solitaria_team.py, Sicilia
    # included), but not yet on Roma or Balearica nor with the fish market
    with pytest.raises(OptionsError, match="third player.*roma"):
        Game.new({"board": "roma", "players": 2, "mode": "solo"}, seed=1)
    with pytest.raises(OptionsError, match="cooperative team play.*fish_market"):
        Game.new({"board": "italia", "players": 2, "mode": "team", "fish_market": "coastal"}, seed=1)
    with pytest.raises(OptionsError, match="1 player .solo. or 2 players"):
        Game.new({"board": "italia", "players": 3, "mode": "solo"}, seed=1)
