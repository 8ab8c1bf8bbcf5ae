"""The final scoring of Solitaria shows the points a player started with apart from the points scored during play;
the total is unchanged."""
from __future__ import annotations

from sestertius import Game, GameOptions
from support.solitaria import PLAYER, me, solo


def test_starting_points_are_not_counted_as_scored_during_play():
    g = solo(seed=1)
    start = me(g).vp
    assert start == 20  # the standard level
    sc = g.scores()[PLAYER]
    assert sc["starting points"] == 20 and sc["during play"] == 0
    me(g).vp = start + 3  # three points scored during play
    sc = g.scores()[PLAYER]
    assert sc["starting points"] == 20 and sc["during play"] == 3
    assert sc["total"] == sum(v for k, v in sc.items() if k != "total")
    assert g.scores()[1]["starting points"] == 0  # Contrarius starts with none


def test_a_campaign_start_and_each_player_of_two():
    g = Game(GameOptions(mode="solo", players=1, board="italia", start_vp=26), seed=2)
    assert g.scores()[PLAYER]["starting points"] == 26 and g.scores()[PLAYER]["during play"] == 0
    g = Game(GameOptions(mode="solo", players=2, board="italia"), seed=2)
    assert [g.scores()[seat]["starting points"] for seat in (0, 1)] == [20, 20]
