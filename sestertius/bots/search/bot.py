"""The search bot: plans whole turns on determinised copies of the game and keeps the best line.

Each decision: the seat's view of the game is redrawn ``samples`` times (``Game.determinised``: the hidden order of
the stacks and the dice to come sampled, never read); each decision open now is finished to the end of the turn in
every sample and judged by the estimate of the final scores (:mod:`sestertius.bots.search.evaluate`); from ``depth``
2 on, the best ``deep`` lines are followed through the others' turns and the seat's next ``depth`` - 1 turns, while
the level's ``budget`` of work lasts (a count of estimates, not a clock, so that a game replays). The decisions of the
chosen line made before any chance outcome are kept as the plan, so the rest of the turn costs nothing while it
holds. The bot's generator is seeded from its seed and the position, so a game with bots replays.
"""
from __future__ import annotations

import random
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sestertius.bots.search.evaluate import DEFAULT, Evaluator, Weights
from sestertius.bots.search.plan import Line, Planner

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import Action, Game


@dataclass(frozen=True)
class Level:
    name: str
    samples: int  # determinisations per decision
    width: int  # decisions open now whose turn is finished
    depth: int  # own turns looked at: 1 this turn; more: the others' turns and the seat's next turns too
    deep: int  # lines followed beyond this turn
    beam: int  # positions kept after each turn of the look-ahead
    next_width: int  # cards tried in a turn of the seat's own in the look-ahead (EVERY_CARD: all of them)
    others: int  # cards tried for another seat's turn in the look-ahead (EVERY_CARD: all of them)
    branch: int  # decisions tried per step inside a turn
    budget: int  # the work a decision may spend (``Planner.work``): a line is followed ahead only if it fits
    ends: str = ""  # a packaged learned model that judges the ends of turns ("": the estimate; ``Planner``)


EVERY_CARD = 1_000  # more cards than a hand holds: every card is tried

LEVELS = {
    "quick": Level("quick", samples=1, width=4, depth=1, deep=0, beam=0, next_width=0, others=0, branch=12, budget=0),
    # medium: the ends of turns judged by the learned model of where a turn's alternatives lead (turn_ends.json,
    # tools/train_advantage.py): +3.1 points of margin (+0.8 to +5.4) in 300 paired Solitaria expert games on Italia
    # on fresh seeds, +6.3 (+3.4 to +9.1) in 200 on Imperium, which it was not fitted to (docs/BOTS.md)
    "medium": Level("medium", samples=2, width=8, depth=1, deep=0, beam=0, next_width=0, others=0, branch=30,
                    budget=0, ends="turn_ends"),
    # hard: measured against the earlier hard (width 10, deep 3, beam 3, next_width 4, others 2) in 22 paired
    # Solitaria standard games on Italia: +15.0 +- 7.9 points of margin, 16 wins against 6, at twice the CPU time
    # (p95 about 1 s a decision). The others' turns ahead try every card: the most promising three by the estimate
    # right after the card is played (before its actions, when the estimate has barely moved) missed the turn the
    # other player made (against greedy, two-player games on Italia: see docs/BOTS.md). The budget keeps a decision
    # within about 2 s (team play against Contrarius, where each card is performed twice, took up to 3.3 s without
    # it): some 1.5 s of work on a quiet machine, 2 s with the other core busy. The seat's own turns ahead try every
    # card too (they tried 6: the first six of the hand, as the estimate right after a card ties them): +3.5 points of
    # margin (+0.1 to +6.9) in 60 paired Solitaria expert games on Italia, 43 better and 15 worse, at 1.24 times the
    # CPU (p95 1.17 s a decision against 0.90; docs/BOTS.md, "The look-ahead's own cards")
    "hard": Level("hard", samples=2, width=12, depth=3, deep=5, beam=4, next_width=EVERY_CARD, others=EVERY_CARD,
                  branch=30, budget=50_000),
    # master: hard's search with the ends of turns (its lines' and its look-ahead's) judged by the learned model, as
    # medium's: +8.4 points of margin (+3.8 to +13.0) in 60 paired Solitaria expert games on Imperium, +2.6 (-0.5 to
    # +5.7) in 120 on Italia, against hard (docs/BOTS.md, "Decisions judged by where they lead")
    "master": Level("master", samples=2, width=12, depth=3, deep=5, beam=4, next_width=EVERY_CARD, others=EVERY_CARD,
                    branch=30, budget=50_000, ends="turn_ends"),
}

_PLANS: OrderedDict[tuple[object, ...], list[Action]] = OrderedDict()  # plans by position, shared by bots
PLAN_CACHE = 256


def _key(game: Game, seat: int, level: str, seed: int) -> tuple[object, ...]:
    s = game.state
    return (level, seed, seat, game.options, tuple(game.history), tuple(s.display), tuple(s.city_good))


class SearchBot:
    def __init__(self, seed: int = 0, level: str = "hard", weights: Weights = DEFAULT,
                 evaluator: Evaluator | None = None, ends: Evaluator | None = None) -> None:
        self.seed = seed
        self.level = LEVELS[level]
        self.name = level
        self.evaluator = evaluator if evaluator is not None else Evaluator(weights)
        if ends is None and self.level.ends:
            from sestertius.bots.learned import LearnedEvaluator, packaged  # it builds on this package's evaluator
            ends = LearnedEvaluator(packaged(self.level.ends), weights=self.evaluator.w)
        self.ends = ends  # what judges the ends of turns, if not ``evaluator`` (``Planner``)
        self.last: list[Line] = []  # the lines of the last decision searched (best first), for hints
        self.seconds = 0.0

    @property
    def judge(self) -> Evaluator:
        """What judges the ends of turns, so the values of the lines: ``ends``, or the estimate itself."""
        return self.ends if self.ends is not None else self.evaluator

    def _rng(self, game: Game) -> random.Random:
        return random.Random((self.seed * 1_000_003 + len(game.history)) & 0xFFFFFFFFFFFF)

    def choose(self, game: Game, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = game.to_act()
        assert seat is not None and seat >= 0
        start = time.perf_counter()
        key = _key(game, seat, self.name, self.seed)
        plan = _PLANS.get(key)
        if plan and plan[0] in legal:
            self._remember(game, seat, plan)
            return plan[0]
        lines = self.search(game, seat)
        best = lines[0]
        if best.plan:
            self._remember(game, seat, best.plan)
        self.seconds += time.perf_counter() - start
        return best.action

    def _remember(self, game: Game, seat: int, plan: list[Action]) -> None:
        """Keep the rest of the plan under the position it leads to."""
        if len(plan) < 2:
            return
        g = game.copy()
        g.apply_unchecked(plan[0])
        if g.to_act() == seat and plan[1] in g.legal_actions():
            _PLANS[_key(g, seat, self.name, self.seed)] = plan[1:]
            while len(_PLANS) > PLAN_CACHE:
                _PLANS.popitem(last=False)

    def search(self, game: Game, seat: int, must: Action | None = None) -> list[Line]:
        """Every decision open now, the searched ones first, best first (``must`` is always searched)."""
        lv = self.level
        rng = self._rng(game)
        self.evaluator.forget()  # a clean cache: the work counted (the budget) must not depend on what came before
        if self.ends is not None:
            self.ends.forget()
        planner = Planner(self.evaluator, rng, lv.branch, ends=self.ends)
        try:
            games = [game.determinised(seat, rng) for _ in range(lv.samples)]
            lines = planner.lines(games, seat, lv.width, must)
            if lv.depth >= 2 and not game.is_over:
                searched = [line for line in lines if line.ends][:lv.deep]
                searched += [line for line in lines if line.action == must and line not in searched]
                # the best lines by their turn first, each only if it fits in the budget should it cost what the
                # line before it did (``must`` always)
                followed: list[Line] = []
                last = 0  # the work the last line followed took
                for line in searched:
                    if followed and line.action != must and planner.work + last > lv.budget:
                        continue
                    before = planner.work
                    line.values = [planner.ahead(end, seat, lv.depth - 1, lv.beam, lv.next_width, lv.others)
                                   for end in line.ends]
                    last = planner.work - before
                    followed.append(line)
                searched = followed
                searched.sort(key=lambda line: -line.value)
                lines = searched + [line for line in lines if line not in searched]
        finally:
            self.evaluator.forget()
            if self.ends is not None:
                self.ends.forget()
        self.last = lines
        return lines
