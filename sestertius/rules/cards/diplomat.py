"""The Diplomat (perform the top card of another player's discard pile) and the double cards of Concordia Venus
(perform one half of the card)."""
from __future__ import annotations

from typing import Final

from sestertius.data.catalog import Card
from sestertius.rules.state import GameState
from sestertius.rules.steps import DECIDER, DONE, KIND, Action, Pending, PerformFn, Step
from sestertius.rules.turn import perform

HALF_CARD: Final = 2  # ("half", seat, card): the double card played


def perform_diplomat(s: GameState, seat: int, card: Card) -> None:
    s.pending.append(("diplomat", seat))


def perform_double(s: GameState, seat: int, card: Card) -> None:
    s.pending.append(("half", seat, card.key))


def legal_diplomat(s: GameState, st: Pending) -> list[Action]:
    # a Diplomat performed by a partner or a follower may find nothing to copy: then it does nothing
    return [("copy", target) for target, _ in s.rules.mode.diplomat_targets(s, st[DECIDER])] or [DONE]


def apply_diplomat(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    s.pending.pop()
    if a[0] == "done":
        return
    target = a[1]
    key = dict(s.rules.mode.diplomat_targets(s, seat))[target]
    s.turn_info.copied = key
    whose = f" from the pile of seat {target + 1}" if target >= 0 else ""
    s.log("copy", seat, f"copies {s.cat.cards[key].title}{whose}", card=key, target=target)
    s.rules.mode.copy_done(s, seat, target)
    perform(s, seat, key)


def legal_half(s: GameState, st: Pending) -> list[Action]:
    return [("half", 0), ("half", 1)]


def apply_half(s: GameState, st: Pending, a: Action) -> None:
    seat, key = st[DECIDER], st[HALF_CARD]
    s.pending.pop()
    half = s.cat.cards[key].halves[a[1]]
    s.turn_info.half = half
    s.turn_info.half_index = a[1]
    perform(s, seat, half)


def words_copy(s: GameState, a: Action) -> str:
    seat = s.pending[-1][DECIDER] if s.pending and s.pending[-1][KIND] == "diplomat" else s.current
    key = dict(s.rules.mode.diplomat_targets(s, seat)).get(a[1])
    title = s.cat.cards[key].title if key else "the card"
    return f"copy {title} of seat {a[1] + 1}" if a[1] >= 0 else f"copy {title}"


PERFORMERS: Final[dict[str, PerformFn]] = {"diplomat": perform_diplomat, "double": perform_double}
STEPS: Final[tuple[Step, ...]] = (
    Step("diplomat", "Diplomat", legal_diplomat, apply_diplomat, prompt="Diplomat: choose the card to copy.",
         words={"copy": words_copy},
         refuse=lambda s, st, a: "the Diplomat copies the top card of another player's pile: not empty and not a "
                                 "Diplomat", verbs=frozenset({"copy"}),
         guide="Pick the player whose top card you copy."),
    Step("half", "Double card", legal_half, apply_half, fields=("seat", "card"),
         prompt="Choose which half of the card to perform.",
         words={"half": lambda s, a: f"perform the {('first', 'second')[a[1]]} half"}, verbs=frozenset({"half"}),
         guide="Pick which half of the double card you perform."),
)
