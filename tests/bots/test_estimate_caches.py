"""The search bot's estimate keeps what many positions share in caches (the gods of the cards for sale per catalogue
and display+deck, a seat's gods per hand and pile, a house's goods at their prices per catalogue, the board's cities
per good, and the evaluator's seat estimates by what they read): across random games, and their determinised copies,
every estimate equals the one computed with every cache emptied by a new evaluator; and Contrarius' points track,
read through the mode's automaton_track, is the one its public summary shows."""
from __future__ import annotations

import random

import pytest

from sestertius import Game
from sestertius.bots.search import Evaluator, Weights, model, sites
from sestertius.bots.search.model import Context, features
from sestertius.rules import scoring

CONFIGS = {
    "solo-expert": {"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"},
    "solo-third": {"board": "italia", "players": 2, "mode": "solo"},
    "solo-team": {"board": "imperium", "players": 2, "mode": "team"},
    "team-4": {"board": "imperium", "players": 4, "mode": "team"},
    "venus-3": {"board": "hellas", "players": 3, "venus": True},
    "fish-2": {"board": "cyprus", "players": 2, "fish_market": "mountain"},
    "sicilia-2": {"board": "sicilia", "players": 2},
    "roma-solo": {"board": "roma", "players": 1, "mode": "solo"},
    "italia-2": {"board": "italia", "players": 2},
}
CACHES = tuple(m.entries for m in (model._SALE, model._BOARDS, sites._GOODS_COST, scoring._HOLDINGS))


def _fresh(fn):
    """``fn()`` computed with every cache emptied; the caches are given back as they were (warm)."""
    saved = [dict(c) for c in CACHES]
    for c in CACHES:
        c.clear()
    try:
        return fn()
    finally:
        for c, kept in zip(CACHES, saved):
            c.clear()
            c.update(kept)


def _check(ev, s):
    warm_ctx = Context(s, ev.w)
    ctx = _fresh(lambda: Context(s, ev.w))
    assert (warm_ctx.sale_gods, warm_ctx.sale_specialists) == (ctx.sale_gods, ctx.sale_specialists)
    assert (warm_ctx.by_good, warm_ctx.for_sale, warm_ctx.turns) == (ctx.by_good, ctx.for_sale, ctx.turns)
    for seat in range(s.n):
        assert features(s, seat, ev.w, warm_ctx) == _fresh(lambda seat=seat: features(s, seat, ev.w))
    assert ev.estimates(s) == _fresh(lambda: Evaluator(ev.w).estimates(s))
    if ctx.automaton is not None:
        assert ctx.track == tuple(s.rules.mode.public(s)["contrarius"]["track"])
    return ctx


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_an_estimate_is_the_same_with_its_caches_emptied(name):
    ev = Evaluator()
    tracks = positions = 0
    for seed in (3, 4):  # two games: the second meets the caches the first filled
        game = Game.new(CONFIGS[name], seed=seed)
        rng = random.Random(seed)
        while not game.is_over and game.state.turn < 300:
            tracks += bool(_check(ev, game.state).track)
            positions += 1
            seat = game.to_act()
            if seat is not None and seat >= 0 and rng.random() < 0.2:  # a copy the bot would search
                _check(ev, game.determinised(seat, rng).state)
            game.apply(rng.choice(game.legal_actions()))
    assert positions > 100
    if name == "solo-expert":
        assert tracks  # the expert Contrarius starts with houses on its points track


def test_sides_are_not_taken_from_another_games_rulebook_with_the_same_id():
    # a rulebook's id may be reused once its game is gone: the cached sides must belong to this very rulebook
    from sestertius.bots.search import evaluate

    team = Game.new({"board": "italia", "players": 4, "mode": "team"}, seed=3)
    base = Game.new({"board": "italia", "players": 4}, seed=3)
    s = base.state
    stale = evaluate._sides(team.state, 0)
    evaluate._SIDES.entries[(id(s.rules), s.n, 0)] = (team.state.rules, stale)
    mine, others = evaluate.sides(s, 0)
    assert mine == (0,) and len(others) == 3


def test_seat_estimates_are_kept_only_where_the_key_holds_all_they_read():
    # Sicilia closes cities, Roma keeps houses outside the cities, the fish market's fish count for Vesta: the key
    # does not hold those parts, so there every estimate is made anew
    for name, keyed in [("italia-2", True), ("solo-expert", True), ("team-4", True), ("venus-3", True),
                        ("solo-team", True), ("sicilia-2", False), ("roma-solo", False), ("fish-2", False)]:
        ev = Evaluator()
        s = Game.new(CONFIGS[name], seed=1).state
        ev.estimates(s)
        assert ev._keyed is keyed, name
        assert bool(ev._cache) is keyed, name


def test_seat_estimates_start_anew_for_other_weights_or_another_game():
    ev = Evaluator()
    s = Game.new(CONFIGS["italia-2"], seed=1).state
    before = ev.estimates(s)
    w = Weights()
    w.base = {**w.base, "wealth": 5.0}
    ev.w = w  # the key does not hold the weights: a new set must not meet the old estimates
    assert ev.estimates(s) != before
    assert ev.estimates(s) == Evaluator(w).estimates(s)
    other = Game.new(CONFIGS["italia-2"], seed=2).state  # other city tokens
    assert ev.estimates(other) == Evaluator(w).estimates(other)
