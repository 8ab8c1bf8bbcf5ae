"""Hints: the search bot's best decisions for the seat to act, each with its estimate and a short reason in words.

``hints(game, seat)`` searches the position from the seat's own view (a determinised copy: nothing the seat cannot
see is read) and gives the ``count`` best decisions: the decision, the rest of the turn as the bot would play it,
the estimated final score and margin, the chance to win, and why ("builds its 4th wine city (Potentia): Jupiter +2,
Minerva +4 (Vintner)"). The reason comes from what the turn changes: houses and their goods, cards bought, goods
made, the gods whose points grow most, and what Contrarius or the best other player gains.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sestertius import GOODS, STORE, score_seat
from sestertius.bots.search.bot import SearchBot
from sestertius.bots.search.evaluate import sides
from sestertius.bots.search.plan import Line

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import Action, Game, GameState

SKIP = {"done", "auto", "keep"}


@dataclass
class Hint:
    action: Action
    text: str  # the decision in words
    plan: list[str] = field(default_factory=list)  # the rest of the turn as planned (before any chance outcome)
    score: float = 0.0  # the seat's estimated final score (a team: the mean of the partners)
    margin: float = 0.0  # estimated final margin over the best other side
    chance: float = 0.0  # estimated chance to win
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"action": list(self.action), "text": self.text, "plan": self.plan, "score": round(self.score, 1),
                "margin": round(self.margin, 1), "chance": round(self.chance, 3), "reason": self.reason}


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def plan_words(game: Game, plan: list[Action]) -> list[str]:
    """The words of each decision of a plan, in the position where it is taken (a copy of the game)."""
    g = game.copy()
    g.auto_chance = True
    out = []
    seat = g.to_act()
    for a in plan:
        if g.is_over or g.to_act() != seat or a not in g.legal_actions():
            break
        if a[0] not in SKIP:
            out.append(g.describe(a))
        g.apply_unchecked(a)
    return out


def reason(before: GameState, after: GameState, seat: int) -> str:
    """What the turn did and which points it brings, in a few words."""
    parts: list[str] = []
    p0, p1 = before.players[seat], after.players[seat]
    built = [c for c in p1.houses if c not in p0.houses]  # in the order built
    held = [after.city_good[h] for h in p0.houses if h in p1.houses]
    houses = []
    for c in built:
        good = after.city_good[c]
        held.append(good)
        houses.append(f"its {ordinal(held.count(good))} {GOODS[good]} city ({after.board.cities[c]})")
    if houses:  # one part, so that no house is left out of the words
        parts.append("builds " + (houses[0] if len(houses) == 1 else ", ".join(houses[:-1]) + " and " + houses[-1]))
    cards = after.cat.cards
    bought = [k for k in p1.hand + p1.pile if (p1.hand + p1.pile).count(k) > (p0.hand + p0.pile).count(k)]
    if bought:
        parts.append("buys " + " and ".join(sorted({cards[k].title for k in bought})))
    placed = sum(1 for x in p1.col if x != STORE) - sum(1 for x in p0.col if x != STORE)
    if placed > 0:
        parts.append(f"places {placed} colonist{'s' if placed > 1 else ''}")
    if len(p1.hand) > len(p0.hand) and not bought:
        back = len(p1.hand) - len(p0.hand) + 1
        parts.append(f"takes back {back} card{'s' if back != 1 else ''}")
    goods = [f"{n} {GOODS[g]}" for g, n in enumerate(b - a for a, b in zip(p0.goods, p1.goods)) if n > 0]
    if goods and not built:
        parts.append("gets " + ", ".join(goods))
    money = p1.money - p0.money
    if money > 0 and not built and not bought:
        parts.append(f"gets {money} sesterti{'us' if money == 1 else 'i'}")
    what = "; ".join(parts[:3]) or "keeps its options"
    s0, s1 = score_seat(before, seat), score_seat(after, seat)
    gods = sorted(((s1[g] - s0.get(g, 0), g) for g in s1 if g not in ("total", "during play")), reverse=True)
    gains = [f"{g} +{d}" for d, g in gods if d > 0][:3]
    # the specialists whose points the turn changed: a house built in a city of their good, or bought now while the
    # seat has houses of their good
    owned_before = set(p0.hand + p0.pile)
    grown = {after.city_good[c] for c in built}
    goods_held = {after.city_good[h] for h in p1.houses}
    specialists = {cards[k].title for k in p1.hand + p1.pile if cards[k].good >= 0 and cards[k].vp_per_house
                   and (cards[k].good in grown or (k not in owned_before and cards[k].good in goods_held))}
    gains = [f"{x} ({' and '.join(sorted(specialists))})" if x.startswith("Minerva") and specialists else x
             for x in gains]
    text = what + (": " + ", ".join(gains) + " now" if gains else "")
    _, others = sides(after, seat)
    rival = max((i for o in others for i in o), key=lambda i: score_seat(after, i)["total"], default=None)
    if rival is not None:
        gain = score_seat(after, rival)["total"] - score_seat(before, rival)["total"]
        automaton = after.rules.mode.automaton(after)
        if gain > 0 and rival == automaton:
            text += f"; Contrarius gains {gain}"
    return text


def hint_of(bot: SearchBot, game: Game, seat: int, line: Line, steering: float) -> Hint:
    """The hint of one searched line. Its score and margin are meant as points: the score is the forecast, and the
    part of the bot's objective that only steers the search (``steering``: the ``Evaluator.steering`` of the position
    now by the bot's judge of the lines, the same for every line, so the order stays the bot's) is taken off the
    margin."""
    ev = bot.evaluator
    end = line.ends[0] if line.ends else None
    margin = line.value - steering
    state = end.state if end is not None else game.state
    est = ev.forecast(state)
    mine, _ = sides(state, seat)
    score = sum(est[i] for i in mine) / len(mine)
    why = reason(game.state, end.state, seat) if end is not None else ""
    return Hint(line.action, game.describe(line.action), plan_words(game, line.plan)[1:], score, margin,
                ev.win_chance(game.state, margin, seat), why)


def hints(game: Game, seat: int, level: str = "master", count: int = 3, seed: int = 0) -> list[Hint]:
    """The ``count`` best decisions for ``seat``, which must be the seat to act, best first. Everything is worked
    out on a determinised copy (the same view, the hidden order and chance redrawn): the words of a planned turn
    never show a card the real stacks would bring."""
    if game.is_over or game.to_act() != seat:
        raise ValueError(f"seat {seat} has no decision to take now")
    game = game.determinised(seat, random.Random(seed))
    bot = SearchBot(seed, level)
    lines = [line for line in bot.search(game, seat) if line.values]
    steering = bot.judge.steering(game.state, seat)  # what judged the lines (a learned judge has its own level)
    out: list[Hint] = []
    seen: set[tuple[str, ...]] = set()
    for line in lines:  # two decisions that read and play alike (two Prefects in hand) are one hint
        if len(out) == count:
            break
        hint = hint_of(bot, game, seat, line, steering)
        key = (hint.text, *hint.plan)
        if key not in seen:
            seen.add(key)
            out.append(hint)
    return out
