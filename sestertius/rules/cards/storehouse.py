"""The storehouse limit: a player over it chooses what to give up, one piece at a time, until it fits."""
from __future__ import annotations

from typing import Final

from sestertius.data.catalog import GOODS
from sestertius.rules.state import GameState
from sestertius.rules.steps import DECIDER, Action, Pending, Step

DROP: Final[tuple[Action, ...]] = tuple(("drop", g) for g in range(5))  # shared decisions, made once (see ``moves_of``)


def legal_discard(s: GameState, st: Pending) -> list[Action]:
    seat: int = st[DECIDER]
    goods = s.players[seat].goods
    out: list[Action] = [DROP[g] for g in range(5) if goods[g]]
    for variant in s.rules.variants:  # e.g. the fish market: give up a fish marker
        out.extend(variant.discard_options(s, seat))
    return out


def apply_discard(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    if a[0] == "drop":
        s.players[seat].goods[a[1]] -= 1
        s.log("drop", seat, f"gives up 1 {GOODS[a[1]]} (storehouse over full)", good=GOODS[a[1]])
    else:
        for variant in s.rules.variants:
            variant.discard(s, seat, a)
    if s.free_space(seat) >= 0:
        s.pending.pop()


STEPS: Final[tuple[Step, ...]] = (
    Step("discard", "Storehouse", legal_discard, apply_discard,
         prompt="Your storehouse is over full: choose the goods to give up.",
         words={"drop": lambda s, a: f"drop 1 {GOODS[a[1]]}"},
         refuse=lambda s, st, a: f"you have no {GOODS[a[1]]}", verbs=frozenset({"drop"}),
         guide="Your storehouse is over full: pick the goods you give up."),
)
