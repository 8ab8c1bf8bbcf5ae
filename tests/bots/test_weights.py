"""The search bot's weight sets: a game without Contrarius (the base game) is estimated with its own weights, a solo
game with the player's and Contrarius' weights."""
from __future__ import annotations

import pytest

from sestertius import Game
from sestertius.bots.search import Evaluator, SearchBot, Weights
from sestertius.bots.search import weights as weights_module
from sestertius.bots.search.evaluate import DEFAULT, features
from sestertius.bots.search.model import Context


def _marked() -> Weights:
    """Weights whose three sets differ only in the weight of wealth, so that a seat's term names its set."""
    w = Weights()
    w.player = {**w.player, "wealth": 1.0}
    w.automaton = {**w.automaton, "wealth": 0.0}
    w.base = {**w.base, "wealth": 2.0}
    return w


@pytest.mark.parametrize(("options", "expected"), [
    ({"board": "italia", "players": 2}, [2.0, 2.0]),
    ({"board": "imperium", "players": 4}, [2.0] * 4),
    ({"board": "italia", "players": 1, "mode": "solo"}, [1.0, None]),  # the player, then Contrarius (no wealth)
    ({"board": "imperium", "players": 2, "mode": "team"}, [1.0, 1.0, None]),
])
def test_each_game_is_estimated_with_its_own_weight_set(options, expected):
    game = Game.new(options, seed=5)
    s = game.state
    w = _marked()
    ev = Evaluator(w)
    for seat, weight in enumerate(expected):
        est = ev.seat(s, seat)
        if weight is None:  # Contrarius has no wealth feature: its set is the automaton's
            assert "wealth" not in est.terms and "reactions" in est.terms
            continue
        _, f = features(s, seat, w)
        assert f["wealth"] > 0  # a seat starts with sestertii
        assert est.terms["wealth"] == pytest.approx(weight * f["wealth"])
        assert ev.total(s, seat, Context(s, w)) == pytest.approx(est.total)


def test_the_default_weights_hold_the_three_sets():
    assert DEFAULT.player == weights_module.PLAYER_SCALE
    assert DEFAULT.automaton == weights_module.AUTOMATON_SCALE
    assert DEFAULT.base == weights_module.BASE_SCALE
    assert set(weights_module.BASE_SCALE) == set(weights_module.PLAYER_SCALE)  # the same features, own weights


def test_the_pieces_are_worth_what_the_greedy_bot_counts_with_a_short_look_ahead_without_contrarius():
    """``assets``: the greedy bot's worth of a seat's pieces, weighed by the levels that look at this turn only, in
    the base set only (measured to play better there, not against Contrarius nor with ``hard``'s look-ahead)."""
    from sestertius.bots.greedy import PIECE_WORTH, worth
    base = Game.new({"board": "italia", "players": 2}, seed=5).state
    solo = Game.new({"board": "italia", "players": 1, "mode": "solo"}, seed=5).state
    assert weights_module.BASE_SCALE["assets"] == weights_module.PLAYER_SCALE["assets"] == 0
    hard, medium = SearchBot(1, "hard").evaluator, SearchBot(1, "medium").evaluator
    assert medium.w.base["assets"] == SearchBot(2, "medium").evaluator.w.base["assets"] > 0
    assert SearchBot(2, "medium").evaluator.w is medium.w  # one weight set per level: the cache holds
    assert hard.w is DEFAULT
    for seat in range(2):
        _, f = features(base, seat)
        assert f["assets"] == worth(base, seat) > 0
        assert medium.seat(base, seat).terms["assets"] == pytest.approx(medium.w.base["assets"] * f["assets"])
        assert hard.seat(base, seat).terms["assets"] == 0.0
    assert medium.seat(solo, 0).terms["assets"] == 0.0
    # a house and a card more are worth their pieces' worth more
    s = base.copy()
    before = worth(s, 0)
    city = next(c for c in range(len(s.board.cities)) if c != s.board.capital and not s.houses[c])
    s.players[0].houses.append(city)
    s.houses[city] |= 1
    s.players[0].hand.append(s.deck[0])
    assert worth(s, 0) == pytest.approx(before + PIECE_WORTH["house"] + PIECE_WORTH["card"])
