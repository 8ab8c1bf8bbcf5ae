"""The rollout bot: the search's best cards at a turn's start, each played out to the end on determinised copies."""
from __future__ import annotations

import random

from sestertius import Game
from sestertius.bots import make_bot
from sestertius.bots.rollout import RolloutBot, margin, play_out
from sestertius.bots.search import SearchBot

SOLO = {"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"}


def at_turn(options, seed, turns):
    """The game of ``seed`` played by quick bots to the start of the first seat's ``turns``-th turn."""
    game = Game.new(options, seed=seed)
    bots = {s: SearchBot(s, "quick") for s in range(game.state.n)}
    seen = 0
    while True:
        step = game.current_step()
        if step is not None and step[0] == "turn" and game.to_act() == 0:
            if seen == turns:
                return game
            seen += 1
        legal = game.legal_actions()
        game.apply_unchecked(legal[0] if len(legal) == 1 else bots[game.to_act()].choose(game, legal))


def test_it_plays_one_of_the_search_s_best_cards_and_replays():
    game = at_turn(SOLO, 5, 3)
    legal = game.legal_actions()
    best = [line.action for line in SearchBot(7, "quick").search(game, 0)[:3]]
    one = RolloutBot(7, level="quick").choose(game, legal)
    assert one in best
    assert RolloutBot(7, level="quick").choose(game, legal) == one  # seeded by its seed and the position
    # one candidate: the search's own choice, no play-out
    assert RolloutBot(7, level="quick", candidates=1).choose(game, legal) == best[0]


def test_it_never_reads_what_its_seat_cannot_see():
    """Its choice is the same in a copy whose hidden stacks and dice to come were redrawn: it plays out its own
    determinised copies of its view, not the game's."""
    game = at_turn(SOLO, 8, 4)
    other = game.determinised(0, random.Random(99))
    assert other.state.rng != game.state.rng
    bot = RolloutBot(3, level="quick", candidates=4)
    assert bot.choose(game, game.legal_actions()) == RolloutBot(3, level="quick", candidates=4).choose(
        other, other.legal_actions())


def test_inside_a_turn_it_follows_the_plan_of_the_card_it_chose():
    game = at_turn(SOLO, 5, 2)
    bot = RolloutBot(11, level="quick")
    game.apply_unchecked(bot.choose(game, game.legal_actions()))
    while game.to_act() == 0 and game.current_step()[0] != "turn" and not game.is_over:
        legal = game.legal_actions()
        action = bot.choose(game, legal)
        assert action in legal
        game.apply_unchecked(action)


def test_the_margin_of_a_finished_game_is_the_side_s_against_the_best_other():
    solo = at_turn(SOLO, 2, 0)
    play_out(solo, 1)
    result = solo.result()
    assert margin(solo, 0) == result["player"] - result["contrarius"]
    base = at_turn({"board": "italia", "players": 3}, 4, 0)
    play_out(base, 2)
    totals = [s["total"] for s in base.scores()]
    assert margin(base, 1) == totals[1] - max(totals[0], totals[2])


def test_the_levels_by_name():
    assert make_bot("rollout", 1).name == "medium+rollouts"
    assert make_bot("rollout-master", 1).search.name == "master"
