"""How a position is worth to each seat: an estimate of every seat's final score, from the state alone.

The final score is the sum, over a seat's cards, of what each card's gods are worth at the end. The estimate is the
score if the game ended now (``score_seat``) plus a weighted sum of features, each a part of what is likely to
come in the turns left (``turns_left``: from the cards still for sale and the houses still to build):

- per god, the growth of the cards held: the seat's houses still to come (its build rate times its turns left, at
  most its houses left) each add a share of a non-brick city, a province, a kind of goods, and colonists to come;
  specialists grow with the houses to come in cities of their good;
- the cards still to buy (or, for Contrarius, to take), each worth what an average card for sale will be worth;
- sestertii and goods, the kinds of goods held, what the houses produce, colonists on the board, cards in hand,
  colonists next to cities where the seat can build now: worth more early than late;
- Contrarius' points from its reactions to come.

The features' weights are measured: ``tools/fit_weights.py`` fits them to the final scores of games the bot played
(a least-squares fit pulled towards the hand-set start values), one set for a player against Contrarius, one for
Contrarius and one for a player of a game without Contrarius (``Evaluator.scale`` chooses).
``objective`` turns the estimates into what a seat plays for: its side's estimate (a team's mean) less the best
other side's.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from sestertius import Memo
from sestertius.bots.search.model import DEFAULT, Context, Weights, features, turns_left

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import GameState

__all__ = ["DEFAULT", "Evaluator", "SeatEstimate", "Weights", "features", "sides", "turns_left"]


@dataclass
class SeatEstimate:
    total: float  # the estimated final score
    now: float  # the score if the game ended now
    terms: dict[str, float]  # each feature times its weight



# the learned evaluation (bots/learned, not compiled) builds on it: on the compiled build an interpreted class may
# subclass a compiled one only where the compiled one allows it
@mypyc_attr(allow_interpreted_subclasses=True)
class Evaluator:
    """Estimates every seat's final score; ``objective`` is what one seat plays for."""

    def __init__(self, weights: Weights = DEFAULT) -> None:
        self.w = weights
        # Seat estimates by what they read (see ``estimates``): a search judges many positions in which only one seat
        # changed (measured: over half of the estimates repeat one). Valid for one weight set, rulebook and set of
        # city tokens (``_for``); ``_pins`` keeps the shared objects whose identity a key holds alive. Weights changed
        # in place count from the next ``forget()`` (the bot forgets after every decision).
        self._cache: dict[tuple[object, ...], float] = {}
        self._pins: dict[int, object] = {}
        self._for: tuple[object, ...] = ()
        self._keyed = False
        self.made = 0  # seat estimates made (not found in the cache): with the estimates asked for, a search's work

    CACHE = 20_000  # entries before the cache starts anew (a hard decision makes about 7,000 estimates)

    def scale(self, seat: int, ctx: Context) -> dict[str, float]:
        """The weights for this seat: Contrarius', a player's against Contrarius, or a player's in a game without
        Contrarius (the base game and team play, fitted on their own games)."""
        if ctx.automaton is None:
            return self.w.base
        return self.w.automaton if seat == ctx.automaton else self.w.player

    def seat(self, s: GameState, seat: int, ctx: Context | None = None) -> SeatEstimate:
        ctx = ctx or Context(s, self.w)
        now, f = features(s, seat, self.w, ctx)
        scale = self.scale(seat, ctx)
        terms = {k: scale.get(k, 0.0) * v for k, v in f.items()}
        return SeatEstimate(now + sum(terms.values()), now, terms)

    def total(self, s: GameState, seat: int, ctx: Context, scale: dict[str, float] | None = None) -> float:
        now, f = features(s, seat, self.w, ctx)
        get = (self.scale(seat, ctx) if scale is None else scale).get
        extra = 0.0  # a loop, not sum() over a generator (the same additions in the same order: the same float)
        for k, v in f.items():
            extra += get(k, 0.0) * v
        return now + extra

    def estimates(self, s: GameState) -> list[float]:
        ctx = Context(s, self.w)
        f = self._for  # by identity (a Weights compares its dicts): the objects are kept, so their ids stay theirs
        if not f or f[0] is not self.w or f[1] is not s.rules or f[2] is not s.city_good or f[3] is not s.cat:
            self._start(s)
        if not self._keyed:
            self.made += s.n
            return [self.total(s, i, ctx) for i in range(s.n)]
        cache = self._cache
        if len(cache) > self.CACHE:
            self.forget()
        sale = ctx.sale_gods
        self._pins[id(sale)] = sale
        shared = (ctx.turns, id(sale), ctx.track, s.over, s.concordia, s.current, s.final_turns, tuple(s.houses))
        funds = s.rules.mode.funds
        automaton = ctx.automaton
        out = []
        for i, p in enumerate(s.players):
            key = (i, p.money, funds(s, i) if i != automaton else 0, p.vp, tuple(p.goods), tuple(p.col),
                   tuple(p.hand), tuple(p.pile), tuple(p.houses), shared)
            v = cache.get(key)
            if v is None:
                v = cache[key] = self.total(s, i, ctx)
                self.made += 1
            out.append(v)
        return out

    def forget(self) -> None:
        """Let the kept seat estimates go (the bot calls it after each decision: a bot waiting in a game holds none)."""
        self._cache.clear()
        self._pins.clear()

    def _start(self, s: GameState) -> None:
        """A new cache, for this weight set, rulebook and city tokens. The keys hold what a seat's estimate reads of
        the state: its own pieces, everyone's houses, the cards for sale (their memo's object), the turns left, the
        mode's funds; a board or variant that changes what counts (Sicilia's closed cities, Roma's houses outside
        the cities, the fish market's fish for Vesta) reads more: there every estimate is made anew."""
        self._cache = {}
        self._pins = {}
        self._for = (self.w, s.rules, s.city_good, s.cat)
        self._keyed = s.rules.base_building

    def forecast(self, s: GameState) -> list[float]:
        """Every seat's estimated final score, for people to read (hints, the review): the features weighed by the
        forecast sets, fitted to the final scores of games (``Weights.forecast`` where there is no Contrarius,
        ``forecast_player`` and ``forecast_automaton`` against it). The sets the bot plays by choose better, but
        read a final score far from the real one (the base set, with the pieces' worth in it, far above it late in a
        game)."""
        ctx = Context(s, self.w)
        w = self.w
        if ctx.automaton is None:
            return [self.total(s, i, ctx, w.forecast) for i in range(s.n)]
        return [self.total(s, i, ctx, w.forecast_automaton if i == ctx.automaton else w.forecast_player)
                for i in range(s.n)]

    def steering(self, s: GameState, seat: int) -> float:
        """How much of the seat's objective here only steers the search: the objective less the margin the
        forecasts give."""
        return self.objective(s, seat) - self.objective(s, seat, self.forecast(s))

    def objective(self, s: GameState, seat: int, est: list[float] | None = None) -> float:
        """The seat's side's estimated final score less the best other side's (a team counts the mean of its
        partners; Solitaria's team plays against Contrarius alone)."""
        est = est if est is not None else self.estimates(s)
        mine, others = sides(s, seat)
        return sum(est[i] for i in mine) / len(mine) - max(sum(est[i] for i in o) / len(o) for o in others)

    def win_chance(self, s: GameState, margin: float, seat: int) -> float:
        """The chance to win with this forecast margin: a normal spread about it, as measured in games (``spread``,
        ``spread_contrarius``: a + b x turns left)."""
        if s.over:
            return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        a, b = self.w.spread_contrarius if s.rules.mode.automaton(s) is not None else self.w.spread
        sd = max(1.0, a + b * turns_left(s, seat, self.w))
        return 0.5 * (1 + math.erf(margin / (sd * math.sqrt(2))))


Sides = tuple[tuple[int, ...], list[tuple[int, ...]]]
_SIDES: Memo[Sides] = Memo(4096)  # per rulebook (shared by a game's copies), seats and seat


def sides(s: GameState, seat: int) -> Sides:
    """The seat's side (itself and its partner) and the other sides (teams, players, Contrarius)."""
    found = _SIDES.entries.get((id(s.rules), s.n, seat))  # Memo.find inline (once per estimate)
    if found is not None and found[0] is s.rules:
        return found[1]
    return _SIDES.keep(s.rules, (s.n, seat), _sides(s, seat))  # partners are fixed for a game


def _sides(s: GameState, seat: int) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
    mode = s.rules.mode
    groups: list[tuple[int, ...]] = []
    placed: set[int] = set()
    for i in range(s.n):
        if i in placed:
            continue
        partner = mode.partner(s, i)
        group = (i,) if partner is None else tuple(sorted((i, partner)))
        placed.update(group)
        groups.append(group)
    mine = next(g for g in groups if seat in g)
    return mine, [g for g in groups if g != mine]
