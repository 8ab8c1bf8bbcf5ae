"""The hard bot's look-ahead: another seat's turn, and the seat's own turns ahead, are the best of all their cards, not
of the few the estimate ranks first right after the card is played (there the estimate has barely moved: the card's
actions are still to come)."""
from __future__ import annotations

import dataclasses
import random

import pytest

from sestertius import Game
from sestertius.bots import make_bot
from sestertius.bots.search import SearchBot
from sestertius.bots.search.bot import LEVELS
from sestertius.bots.search.evaluate import Evaluator
from sestertius.bots.search.plan import Planner


def planner() -> Planner:
    return Planner(Evaluator(), random.Random(0), LEVELS["hard"].branch)


def turn_starts(seed: int):
    """Two greedy bots' game on Italia, at each start of seat 1's turn with five cards or more to choose from."""
    game = Game.new({"board": "italia", "players": 2}, seed=seed)
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    while not game.is_over:
        legal = game.legal_actions()
        who = game.to_act()
        if who == 1 and len(legal) >= 5 and all(a[0] == "play" for a in legal):
            yield game
        game.apply_unchecked(legal[0] if len(legal) == 1 else bots[who].choose(game, legal))


def work_at_each_ahead(monkeypatch) -> list[int]:
    """The work done when each ``Planner.ahead`` starts (one per line followed and determinisation), as searches run."""
    started: list[int] = []
    ahead = Planner.ahead

    def counted(self: Planner, g: Game, seat: int, *rest: int) -> float:
        started.append(self.work)
        return ahead(self, g, seat, *rest)

    monkeypatch.setattr(Planner, "ahead", counted)
    return started


def test_another_seats_turn_ahead_is_the_best_of_all_its_cards():
    for game in turn_starts(1):
        turns = planner()._turns(game, 1, len(game.legal_actions()))  # every card, the most promising first
        best = max(range(len(turns)), key=lambda i: planner().value(turns[i], 1))
        if best < 3:
            continue
        # a position where the best card is not among the three ranked first: hard finds it, three would not
        assert planner().to_own_turn(game, 0, LEVELS["hard"].others).history == turns[best].history
        assert planner().to_own_turn(game, 0, 3).history != turns[best].history
        return
    raise AssertionError("no turn whose best card is ranked fourth or later")


def test_the_seats_own_turn_ahead_is_the_best_of_all_its_cards():
    """Alone against Contrarius (expert, Italia): a turn start whose best card, finished, is ranked after the sixth by
    the estimate right after the card (there the cards tie, so the ranking is the hand's order); hard's turn ahead
    reaches it, six cards would not."""
    game = Game.new({"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"}, seed=1)
    bot = SearchBot(1, "medium", ends=Evaluator())  # medium with the estimate alone judging (where such a turn comes)
    while not game.is_over:
        legal = game.legal_actions()
        if game.to_act() == 0 and len(legal) > 6 and all(a[0] == "play" for a in legal):
            turns = planner()._turns(game, 0, len(legal))  # every card, the most promising first
            values = [planner().value(h, 0) for h in turns]
            if max(range(len(turns)), key=lambda i: values[i]) >= 6:
                hard = LEVELS["hard"]
                assert planner().ahead(game, 0, 1, hard.beam, hard.next_width, hard.others) == max(values)
                assert planner().ahead(game, 0, 1, hard.beam, 6, hard.others) < max(values)
                return
        game.apply_unchecked(legal[0] if len(legal) == 1 else bot.choose(game, legal))
    raise AssertionError("no own turn whose best card is ranked seventh or later")


@pytest.mark.pure_only  # watches the Planner's methods
def test_alone_against_contrarius_the_look_ahead_plays_only_the_seats_own_turns(monkeypatch):
    """So how many of another seat's cards are tried changes nothing in solo Solitaria (its measured rows stand)."""
    game = Game.new({"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"}, seed=3)
    rnd = random.Random(3)
    while len(game.history) < 40 or game.to_act() != 0 or len(game.legal_actions()) < 2:
        game.apply(rnd.choice(game.legal_actions()))
    played: list[int] = []
    turns = Planner._turns

    def counted(self: Planner, g: Game, who: int, width: int) -> list[Game]:
        played.append(who)
        return turns(self, g, who, width)

    monkeypatch.setattr(Planner, "_turns", counted)
    SearchBot(1, "hard").search(game, 0)
    assert played and set(played) == {0}


@pytest.mark.pure_only  # watches the Planner's methods
def test_the_budget_follows_only_the_lines_that_fit_but_always_the_best_and_must(monkeypatch):
    """A decision follows the best lines by their turn's end while each fits in its budget of work, should it cost
    what the line before it did (hard: within about 2 s)."""
    game = next(turn_starts(2))
    started = work_at_each_ahead(monkeypatch)
    by_turn: list[object] = []  # the decisions open, best by their turn's end first
    lines_of = Planner.lines

    def kept(self: Planner, *args):
        found = lines_of(self, *args)
        by_turn[:] = [line.action for line in found]
        return found

    monkeypatch.setattr(Planner, "lines", kept)
    hard = LEVELS["hard"]

    def search(budget: int, must=None):
        started.clear()
        bot = SearchBot(5, "hard")
        bot.level = dataclasses.replace(hard, budget=budget)
        return bot.search(game, 1, must)

    search(10**9)
    assert len(started) == hard.deep * hard.samples  # no budget: every deep line, in every determinisation
    s = started[::hard.samples]  # the work done when each line started
    budget = 2 * s[1] - s[0]  # the second line fits exactly if it costs what the first did
    expected = 1
    while expected < len(s) and s[expected] + s[expected] - s[expected - 1] <= budget:
        expected += 1
    assert 2 <= expected < hard.deep
    search(budget)
    assert len(started) == expected * hard.samples  # the lines that fit, no more
    lines = search(0)
    assert len(started) == hard.samples  # with nothing left, the best line by its turn's end is still followed
    assert lines[0].action == by_turn[0] and lines[1].action == by_turn[1]  # the rest in the order of their turn
    last = by_turn[-1]
    lines = search(0, must=last)
    assert len(started) == 2 * hard.samples  # and ``must``
    assert last in {lines[0].action, lines[1].action}


@pytest.mark.pure_only  # watches the Planner's methods
def test_the_work_counted_does_not_depend_on_what_the_bots_cache_held_before(monkeypatch):
    """The budget binds at the same point whatever the evaluator kept from earlier: a game with bots replays."""
    game = next(turn_starts(2))
    started = work_at_each_ahead(monkeypatch)
    hard = LEVELS["hard"]
    fresh = SearchBot(5, "hard")
    fresh.search(game, 1)
    s = started[::hard.samples]
    budget = 2 * s[1] - s[0]  # two lines fit in it (see above); a warm cache would let more fit
    started.clear()
    fresh.level = dataclasses.replace(hard, budget=budget)
    expected = [(line.action, line.value) for line in fresh.search(game, 1)]
    followed = len(started)
    assert 2 * hard.samples <= followed < hard.deep * hard.samples
    warm = SearchBot(5, "hard")
    with monkeypatch.context() as m:  # a search that leaves its estimates behind
        m.setattr(Evaluator, "forget", lambda self: None)
        warm.search(game, 1)
    assert warm.evaluator.made and warm.evaluator._cache
    started.clear()
    warm.level = fresh.level
    assert [(line.action, line.value) for line in warm.search(game, 1)] == expected
    assert len(started) == followed
