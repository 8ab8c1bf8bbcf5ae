"""A turn: play a card, perform its action, end the turn; and the small helpers every card shares.

Playing a card pushes, from bottom to top: the end of the turn, the mode's reaction to the card (Solitaria's
Contrarius, a partner's performance in team play), then the card's own steps. So a card's steps finish first, then
the reaction, then the turn ends. Variants put phases of their own around these points (the fish market before the
card) through the hooks of :class:`sestertius.rules.variants.base.Variant`.
"""
from __future__ import annotations

from typing import Final

from sestertius.rules.errors import shown
from sestertius.rules.scoring import score_all
from sestertius.rules.state import AUTO, NOBODY, Entry, GameState, TurnInfo, _draw, entry
from sestertius.rules.steps import DECIDER, Action, Pending, Step, auto_step

# the fields of ("perform_card", AUTO, seat, card) (its record: STEPS below): perform the card for the seat
PERFORM_CARD_SEAT: Final = 2
PERFORM_CARD_CARD: Final = 3


# ------------------------------------------------------------------------------------------------------------
# Helpers shared by the cards
# ------------------------------------------------------------------------------------------------------------
def queue_overflow(s: GameState, first: int) -> None:
    """Push a discard step for every player over the storehouse limit, the acting player deciding first."""
    order = [(first + i) % s.n for i in range(s.n)]
    for seat in reversed(order):
        if s.free_space(seat) < 0:
            s.pending.append(("discard", seat))


def pay(goods: list[int], cost: tuple[int, ...] | list[int]) -> None:
    for g in range(5):
        goods[g] -= cost[g]


def can_pay(goods: list[int], cost: tuple[int, ...] | list[int]) -> bool:
    # unrolled: this runs for every display card and house site each time decisions are listed
    return (goods[0] >= cost[0] and goods[1] >= cost[1] and goods[2] >= cost[2] and goods[3] >= cost[3]
            and goods[4] >= cost[4])


def refill_display(s: GameState) -> None:
    cards: list[str | None] = [c for c in s.display if c is not None]
    while len(cards) < s.cat.display_size and s.deck:
        cards.append(_draw(s))
    s.display = cards + [None] * (s.cat.display_size - len(cards))
    if (s.options.intermediate_scoring and s.intermediate is None
            and s.cat.intermediate_deck in s.seen_decks):
        s.intermediate = {"turn": s.turn, "scores": score_all(s)}
        s.log("scoring", NOBODY, "intermediate scoring (for information)")


def display_empty(s: GameState) -> bool:
    return not s.deck and all(c is None for c in s.display)


def trigger_end(s: GameState, seat: int) -> None:
    s.rules.mode.on_end_trigger(s, seat)


def effective_top(s: GameState, pile: list[str]) -> str | None:
    """The card a Diplomat copies from a pile: its top, or under a Magister the card the Magister repeated."""
    if not pile:
        return None
    key = pile[-1]
    action = s.cat.cards[key].action
    if action == "magister":
        return effective_top(s, pile[:-1])
    if action == "diplomat":
        return None
    return key


# ------------------------------------------------------------------------------------------------------------
# Starting and ending a turn
# ------------------------------------------------------------------------------------------------------------
def push_turn(s: GameState, seat: int) -> None:
    """Start a seat's turn: its card step, and above it any phase a variant puts before the card."""
    s.pending.append(("turn", seat))
    for variant in s.rules.variants:
        variant.turn_started(s, seat)


def apply_end_turn(s: GameState, st: Pending, a: Action) -> None:
    s.pending.pop()
    s.rules.mode.end_turn(s)


# ------------------------------------------------------------------------------------------------------------
# Play a card
# ------------------------------------------------------------------------------------------------------------
# the actions whose playability depends on the game: every other card in a hand may always be played
CONDITIONAL: Final = frozenset({"diplomat", "magister"})


def unplayable(s: GameState, seat: int, key: str) -> str | None:
    """Why the seat may not play this card of its hand now, or None when it may (cards of CONDITIONAL actions
    only: the others always may)."""
    card = s.cat.cards[key]
    if card.action == "diplomat":
        if not s.rules.mode.diplomat_targets(s, seat):
            return "Diplomat: no other player's discard pile shows a card you may copy (not empty, not a Diplomat)"
    elif card.action == "magister":
        pile = s.players[seat].pile
        # the repeated card must itself be performable now (a repeated Diplomat needs a card to copy)
        if (not pile or s.cat.cards[pile[-1]].action in ("senator", "magister")
                or unplayable(s, seat, pile[-1]) is not None):
            return ("Magister: your discard pile must show a card to repeat, not a Senator, and one you could "
                    "perform now (a repeated Diplomat needs a card to copy)")
    return None


# ("play", card) made once per card and shared, as the Architect's moves are (``moves_of``): a third of the decisions
# listed in four-player games
_PLAYS: Final[dict[str, Action]] = {}


def play_action(key: str) -> Action:
    action = _PLAYS.get(key)
    if action is None:
        action = _PLAYS[key] = ("play", key)
    return action


def legal_turn(s: GameState, st: Pending) -> list[Action]:
    seat: int = st[DECIDER]
    cards = s.cat.cards
    out: list[Action] = []
    seen: list[str] = []  # each card once, in hand order (a list: a hand is short, and no dict is made and dropped)
    for key in s.players[seat].hand:
        if key in seen:
            continue
        seen.append(key)
        if cards[key].action not in CONDITIONAL or unplayable(s, seat, key) is None:
            out.append(play_action(key))
    return out


def refuse_turn(s: GameState, st: Pending, a: Action) -> str:
    key = a[1]
    if key not in s.cat.cards:
        return f"unknown card {shown(key)}"
    if key not in s.players[st[DECIDER]].hand:
        return f"{s.cat.cards[key].title} is not in your hand"
    return unplayable(s, st[DECIDER], key) or "not playable now"


def apply_turn(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    key = a[1]
    p = s.players[seat]
    p.hand.remove(key)
    card = s.cat.cards[key]
    under = p.pile[-1] if p.pile else None
    p.pile.append(key)
    s.pending.pop()
    s.turn_info = TurnInfo(seat=seat, card=key)
    s.logged.append((play_entry, s.turn, seat, key))  # made when the log is read (a LazyEntry, see state.py)
    s.pending.append(("end_turn", AUTO))
    s.rules.mode.after_card(s, seat, card)
    if card.action == "magister":
        perform(s, seat, under)
    elif card.action == "legatus":  # the partner performs first: the markets come with the performances
        perform(s, seat, key)
    else:
        carry_out(s, seat, key)


def play_entry(s: GameState, turn: int, seat: int, key: str) -> Entry:
    return entry(turn, "play", seat, f"plays {s.cat.cards[key].title}", card=key)


def carry_out(s: GameState, seat: int, key: str | None) -> None:
    """Perform a card, unless a variant first puts a phase right before it (then the ``perform_card`` step it
    pushed performs the card afterwards)."""
    for variant in s.rules.variants:
        if variant.before_performing(s, seat, key):
            return
    perform(s, seat, key)


def apply_perform_card(s: GameState, st: Pending, a: Action) -> None:
    s.pending.pop()
    perform(s, st[PERFORM_CARD_SEAT], st[PERFORM_CARD_CARD])


def perform(s: GameState, seat: int, key: str | None) -> None:
    """Push the steps of a card's action for ``seat`` (played, copied by a Diplomat, or repeated): the action's
    performer from its card module (``Rulebook.performers``), else the mode's (team play's Legatus, Proconsul)."""
    if key is None:
        return
    card = s.cat.cards[key]
    s.turn_info.performed += (key,)
    performer = s.rules.performers.get(card.action)
    if performer is None:
        s.rules.mode.perform(s, seat, card)
    else:
        performer(s, seat, card)


STEPS: Final[tuple[Step, ...]] = (
    Step("turn", "Play a card", legal_turn, apply_turn, prompt="Play a card from your hand.",
         guide="Play a card from your hand: pick a glowing card (the small i on a card says what it does).",
         words={"play": lambda s, a: f"play {s.cat.cards[a[1]].title}"}, refuse=refuse_turn,
         verbs=frozenset({"play"})),
    auto_step("end_turn", "End of turn", apply_end_turn),
    auto_step("perform_card", "Perform a card", apply_perform_card, fields=("decider", "seat", "card")),
)
