"""Post-game analysis: for each decision of one seat, what the search bot would have played and what the played
decision lost by its estimate, the costliest ones marked (as a chess engine's review).

``analyse(record, seat)`` replays the record; at each decision of the seat with a choice, the bot searches the
position from that seat's view (the played decision is always among those searched) and the loss is the estimated
final margin of its best decision less that of the played one (never below 0; decisions that read alike, such as
two Architect cards in hand, count as one). Positions are searched as the seat saw them: determinised, so the
analysis knows no more than the player did.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sestertius import Action, Game
from sestertius.bots.search.bot import SearchBot

MARKED = 3  # the costliest decisions marked


@dataclass
class Review:
    index: int  # the decision's index in the record's actions
    turn: int
    played: str
    best: str
    loss: float  # what the played decision lost by the bot's objective (0: the bot agrees or finds no better)
    value: float  # estimated final margin after the played decision, in points (the hints' margin)
    marked: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "turn": self.turn, "played": self.played, "best": self.best,
                "loss": round(self.loss, 1), "value": round(self.value, 1), "marked": self.marked}


@dataclass
class Analysis:
    seat: int
    level: str
    decisions: list[Review] = field(default_factory=list)

    @property
    def total_loss(self) -> float:
        return sum(r.loss for r in self.decisions)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "level": self.level, "total_loss": round(self.total_loss, 1),
                "decisions": [r.to_dict() for r in self.decisions]}


def _tupled(a: Any) -> Action:
    return tuple(_tupled(x) if isinstance(x, list) else x for x in a)


def analyse(record: dict[str, Any], seat: int, level: str = "medium", seed: int = 0,
            progress: Callable[[int, int], None] | None = None) -> Analysis:
    """Review every decision with a choice that ``seat`` took in a game record (a finished game's, or any)."""
    game = Game.from_record(record, upto=0)
    game.auto_chance = False  # chance outcomes come from the record
    if not 0 <= seat < game.options.players:
        raise ValueError(f"no seat {seat} in this game (seats 0..{game.options.players - 1})")
    actions = [_tupled(a) for a in record["actions"]]
    bot = SearchBot(seed, level)
    out = Analysis(seat, level)
    for i, a in enumerate(actions):
        if progress:
            progress(i, len(actions))
        if game.to_act() == seat and len(game.legal_actions()) > 1:
            lines = [line for line in bot.search(game, seat, must=a) if line.values]
            best = lines[0]
            # the played decision is worth the best of the decisions that read as it does: two cards alike in hand
            # (the first Architect and one bought) are one choice to the player, whichever the bot searched higher
            words = game.describe(a)
            alike = [line.value for line in lines if line.action == a or game.describe(line.action) == words]
            value = max(alike) if alike else best.value
            shown = value - bot.judge.steering(game.state, seat)  # the margin as points (as the hints')
            said, best_said = game.describe(a), game.describe(best.action)
            # a decision that reads as the bot's choice is its choice (two Architects in hand are one decision to
            # the player): it loses nothing, whatever the searches of the two cards found
            loss = 0.0 if said == best_said else max(0.0, best.value - value)
            out.decisions.append(Review(i, game.state.turn, said, best_said, loss, shown))
        game.apply(a)
    for r in sorted(out.decisions, key=lambda r: -r.loss)[:MARKED]:
        if r.loss > 0:
            r.marked = True
    return out


def format_analysis(a: Analysis, all_decisions: bool = False) -> str:
    """The review as text: every decision that lost something (or all), the costliest marked with ``??``."""
    n = len(a.decisions)
    lines = [f"seat {a.seat + 1}: {n} decision{'s' if n != 1 else ''} reviewed by the {a.level} bot, "
             f"{a.total_loss:.1f} points of estimated margin lost in all"]
    for r in a.decisions:
        if not all_decisions and r.loss < 0.5 and not r.marked:
            continue
        mark = "??" if r.marked else "?" if r.loss >= 3 else "  "
        better = f"  (better: {r.best})" if r.loss > 0 else ""
        lines.append(f"{mark} turn {r.turn + 1:3}  #{r.index + 1:<5} {r.played:<50} -{r.loss:5.1f}{better}")
    return "\n".join(lines)
