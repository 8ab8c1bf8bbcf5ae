"""Planning a turn: every decision of a turn tried on copies of a determinised game and judged by the estimate.

A turn is many small decisions (a card, then moves, houses, trades, purchases...). ``Planner.finish`` plays the rest
of the current turn on a copy: each decision is the one whose result the estimate likes best for whoever decides
(the seat itself, a partner, a player choosing how Contrarius' colonist moves). ``Planner.lines`` tries each
decision open now, finishes the turn after it in several determinisations (the decisions of the seat made before any
chance outcome are replayed in each: a plan is what one decides before seeing the dice) and, with ``depth`` 2, also
plays the turns of the others and the seat's own next turn, keeping the best of that turn.
"""
from __future__ import annotations

import bisect
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sestertius import CHANCE, KIND
from sestertius.bots.search.evaluate import Evaluator

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import Action, Game

TURN_LIMIT = 120  # decisions in one turn of a copy (a guard; a real turn has far fewer)


@dataclass
class Line:
    """One decision open now, and what it leads to."""
    action: Action
    plan: list[Action] = field(default_factory=list)  # the seat's decisions of this turn before any chance outcome
    values: list[float] = field(default_factory=list)  # the objective at the end of the line, per determinisation
    ends: list[Game] = field(default_factory=list)  # the copies at the end of the turn, per determinisation
    quick: float = 0.0  # the objective right after the decision (to order the decisions)

    @property
    def value(self) -> float:
        return sum(self.values) / len(self.values) if self.values else self.quick


class Planner:
    def __init__(self, evaluator: Evaluator, rng: random.Random, branch: int = 40, moves: int = 6,
                 ends: Evaluator | None = None) -> None:
        self.ev = evaluator
        # what judges a whole turn's end (the lines, the look-ahead's turns): ``evaluator`` unless another is given
        # (a learned one, fitted to positions at the ends of turns; the steps inside a turn keep ``evaluator``)
        self.ends = ends if ends is not None else evaluator
        self.rng = rng
        self.branch = branch  # decisions tried per step inside a turn (sampled beyond)
        self.moves = moves  # an Architect's moves followed to the houses they allow
        self.evaluations = 0
        self._made = evaluator.made + (self.ends.made if self.ends is not evaluator else 0)

    @property
    def work(self) -> int:
        """The work done so far: estimates asked for plus seat estimates made (measured: about 33,000 a second on
        this machine in Solitaria, team play against Contrarius and four-player games alike; either count alone
        varies by half between them)."""
        made = self.ev.made + (self.ends.made if self.ends is not self.ev else 0)
        return self.evaluations + made - self._made

    # -- one decision, greedily --------------------------------------------------------------------------------
    def value(self, g: Game, seat: int) -> float:
        """The seat's objective. Every seat is estimated even within the seat's own turn: its houses and purchases
        shorten the game for the others too."""
        self.evaluations += 1
        return self.ev.objective(g.state, seat)

    def end_value(self, g: Game, seat: int) -> float:
        """The seat's objective at the end of a turn (by ``ends``)."""
        self.evaluations += 1
        return self.ends.objective(g.state, seat)

    def after(self, g: Game, a: Action) -> Game:
        h = g.copy()
        h.apply_unchecked(a)
        return h

    def greedy(self, g: Game, legal: list[Action]) -> Action:
        """The decision whose immediate result is best for the decider (a sale is judged with its purchase)."""
        seat = g.to_act()
        assert seat is not None and seat >= 0
        if len(legal) == 1:
            return legal[0]
        if len(legal) > self.branch:
            legal = [legal[0], *self.rng.sample(legal[1:], self.branch - 1)]
        kind = g.current_step()[KIND]  # type: ignore[index]
        if kind == "arch_move":
            return self._architect(g, legal, seat)
        trade = kind == "trade"
        best, best_v = legal[0], float("-inf")
        for a in legal:
            h = self.after(g, a)
            v = self.value(h, seat)
            if trade and a[0] == "sell" and h.to_act() == seat:
                for b in h.legal_actions():
                    if b[0] == "buy":
                        v = max(v, self.value(self.after(h, b), seat))
            if v > best_v:
                best, best_v = a, v
        return best

    def _architect(self, g: Game, legal: list[Action], seat: int) -> Action:
        """A move judged by the houses it lets the seat build: the most promising moves (by the estimate right
        after them) are each followed by the end of the moves and the best houses."""
        # the copy made to rank a move is the one followed; only the best ``moves`` copies are kept meanwhile,
        # ordered by value, ties in the order of ``legal``
        top: list[tuple[float, int, Action, Game]] = []
        for i, a in enumerate(legal[1:]):
            h = self.after(g, a)
            rank = (-self.value(h, seat), i)
            if len(top) < self.moves or (top and rank < top[-1][:2]):
                bisect.insort(top, (*rank, a, h), key=lambda x: x[:2])
                del top[self.moves:]
        best, best_v = legal[0], float("-inf")
        for a, h in [(legal[0], self.after(g, legal[0])), *((a, h) for _, _, a, h in top)]:
            self._stop_moving(h, seat)
            self._builds(h, seat)
            v = self.value(h, seat)
            if v > best_v:
                best, best_v = a, v
        return best

    def _stop_moving(self, g: Game, seat: int) -> None:
        """End the moves, in place (a board's own step after a move, Roma's bonus, decided greedily first)."""
        for _ in range(8):
            step = g.current_step()
            if step is None or g.to_act() != seat or step[KIND] == "arch_build":
                return
            legal = g.legal_actions()
            if step[KIND] == "arch_move" and ("done",) in legal:
                g.apply_unchecked(("done",))
                return
            g.apply_unchecked(max(legal, key=lambda a: self.value(self.after(g, a), seat)))

    def _builds(self, g: Game, seat: int) -> None:
        """Build greedily, in place, while the seat is building."""
        for _ in range(16):
            step = g.current_step()
            if step is None or step[KIND] != "arch_build" or g.to_act() != seat:
                return
            legal = g.legal_actions()
            if len(legal) == 1:
                g.apply_unchecked(legal[0])
                return
            g.apply_unchecked(max(legal, key=lambda a: self.value(self.after(g, a), seat)))

    def finish(self, g: Game, seat: int, plan: list[Action] | None = None, chance: bool = False,
               turn: int | None = None) -> list[Action]:
        """Play turn ``turn`` of ``g`` (by default the current one) to its end, in place. The seat's decisions
        follow ``plan`` while it holds; returns the seat's decisions made before the first chance outcome."""
        turn = g.state.turn if turn is None else turn
        made: list[Action] = []
        todo = list(plan or [])
        for _ in range(TURN_LIMIT):
            if g.is_over or g.state.turn != turn:
                break
            who = g.to_act()
            if who is None or who < 0:  # a chance outcome waiting for a person: the copy samples it
                break
            legal = g.legal_actions()
            a = None
            if who == seat and todo:
                nxt = todo.pop(0)
                if nxt in legal:
                    a = nxt
                else:
                    todo = []
            if a is None:
                a = self.greedy(g, legal)
            mark = len(g.history)
            g.apply_unchecked(a)
            if who == seat and not chance:
                made.append(a)
            if CHANCE in g.deciders[mark + 1:]:
                chance = True
        return made

    # -- the decisions open now ---------------------------------------------------------------------------------
    def lines(self, games: list[Game], seat: int, width: int, must: Action | None = None) -> list[Line]:
        """Each decision open now (the ``width`` most promising after one step, and ``must``), its turn finished
        in every determinisation of ``games``; the searched ones first, best first."""
        first = games[0]
        legal = first.legal_actions()
        lines = [Line(a, quick=self.value(self.after(first, a), seat)) for a in legal]
        lines.sort(key=lambda line: -line.quick)
        keep = lines[:width]
        rest = lines[width:]
        extra = [line for line in rest if line.action == must]
        keep += extra
        rest = [line for line in rest if line not in extra]
        for line in keep:
            for k, det in enumerate(games):
                h = self.after(det, line.action)
                chance = CHANCE in h.deciders[len(det.deciders) + 1:]
                made = self.finish(h, seat, line.plan[1:] if k else None, chance, det.state.turn)
                if k == 0:
                    line.plan = [line.action, *made]
                line.values.append(self.end_value(h, seat))
                line.ends.append(h)
        keep.sort(key=lambda line: -line.value)
        return keep + rest

    def to_own_turn(self, g: Game, seat: int, width: int) -> Game:
        """From the end of a turn, the others' turns (each the best of their ``width`` most promising cards,
        finished greedily), up to the seat's own next decision (or the end of the game)."""
        for _ in range(g.state.n + 2):
            who = g.to_act()
            if g.is_over or who is None or who < 0 or who == seat:
                return g
            g = max(self._turns(g, who, width), key=lambda h: self.end_value(h, who))
        return g

    def ahead(self, g: Game, seat: int, turns: int, beam: int, width: int, others: int) -> float:
        """The best objective the seat reaches after ``turns`` more own turns: a beam of the ``beam`` best
        positions after each turn, each turn one of the ``width`` most promising cards finished greedily."""
        frontier = [g]
        for _ in range(turns):
            children: list[Game] = []
            for node in frontier:
                node = self.to_own_turn(node, seat, others)
                if node.is_over or node.to_act() != seat:
                    children.append(node)
                else:
                    children.extend(self._turns(node, seat, width))
            children.sort(key=lambda h: -self.end_value(h, seat))
            frontier = children[:beam]
        return max(self.end_value(h, seat) for h in frontier)

    def _turns(self, g: Game, who: int, width: int) -> list[Game]:
        """The turns of ``who`` after its ``width`` most promising cards, each finished greedily. Ranked even when
        every card is tried (hard's others): the order is the tie-break and the order of the generator's draws."""
        legal = g.legal_actions()
        firsts = [(self.value(self.after(g, a), who), a) for a in legal]
        firsts.sort(key=lambda x: -x[0])
        out = []
        for _, a in firsts[:width]:
            h = self.after(g, a)
            self.finish(h, who, turn=g.state.turn)
            out.append(h)
        return out
