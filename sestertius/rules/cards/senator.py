"""The Senator (buy up to two cards from the display, paying each card's cost plus its position's) and the Consul
(one card, its own cost only)."""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Final

from sestertius.data.catalog import ANY, NO_GOOD, Card
from sestertius.rules.state import Entry, GameState, entry
from sestertius.rules.steps import DECIDER, DONE, Action, Pending, PerformFn, Step
from sestertius.rules.turn import can_pay, display_empty, pay, trigger_end
from sestertius.rules.words import goods_dict, goods_words

# the fields of ("buy", seat, left, with_position) (its record: STEPS below)
BUY_LEFT: Final = 2  # the cards the seat may still buy
BUY_WITH_POSITION: Final = 3  # 1 when the display position's cost is paid too (Senator), else 0


def perform_senator(s: GameState, seat: int, card: Card) -> None:
    s.pending.append(("buy", seat, card.buys, 1))


def perform_consul(s: GameState, seat: int, card: Card) -> None:
    s.pending.append(("buy", seat, 1, 0))


def purchase_options(s: GameState, seat: int, pos: int, with_position: bool) -> list[Action]:
    key = s.display[pos]
    if key is None:
        return []
    goods = s.players[seat].goods
    cost = s.cat.cards[key].cost
    if not with_position or not s.display_costs[pos]:  # the card's own cost: no list to make
        return [("card", pos, NO_GOOD)] if can_pay(goods, cost) else []
    fixed = list(cost)
    wild = 0
    for g in s.display_costs[pos]:
        if g == ANY:
            wild += 1
        else:
            fixed[g] += 1
    if not can_pay(goods, fixed):
        return []
    if wild == 0:
        return [("card", pos, NO_GOOD)]
    out: list[Action] = []
    for combo in combinations_with_replacement(range(5), wild):
        need = fixed[:]
        for g in combo:
            need[g] += 1
        if can_pay(goods, need):
            out.append(("card", pos, *combo))
    return out


def legal_buy(s: GameState, st: Pending) -> list[Action]:
    seat: int = st[DECIDER]
    with_position: int = st[BUY_WITH_POSITION]
    out: list[Action] = [DONE]
    for pos in range(len(s.display)):
        out.extend(purchase_options(s, seat, pos, bool(with_position)))
    return out


def apply_buy(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    left: int = st[BUY_LEFT]
    with_position: int = st[BUY_WITH_POSITION]
    if a[0] == "done":
        s.pending.pop()
        return
    pos = a[1]
    key = s.display[pos]
    assert key is not None
    p = s.players[seat]
    cost = list(s.cat.cards[key].cost)
    if with_position:
        extra = [g for g in s.display_costs[pos] if g != ANY]
        for g in extra:
            cost[g] += 1
        for g in a[2:]:
            if g != NO_GOOD:
                cost[g] += 1
    pay(p.goods, cost)
    p.hand.append(key)
    s.display[pos] = None
    s.turn_info.bought += (key,)
    s.logged.append((buy_entry, s.turn, seat, key, pos, tuple(cost)))
    if display_empty(s):
        trigger_end(s, seat)
    if left <= 1:
        s.pending.pop()
    else:
        s.pending[-1] = ("buy", seat, left - 1, with_position)


def buy_entry(s: GameState, turn: int, seat: int, key: str, pos: int, cost: tuple[int, ...]) -> Entry:
    return entry(turn, "buy", seat, f"buys {s.cat.cards[key].title} from position {pos + 1} for {goods_words(cost)}",
                 card=key, pos=pos, goods=goods_dict(cost))


def refuse_buy(s: GameState, st: Pending, a: Action) -> str:
    pos = a[1]
    if not 0 <= pos < len(s.display) or s.display[pos] is None:
        return f"there is no card at position {pos + 1}"
    if not purchase_options(s, st[DECIDER], pos, bool(st[BUY_WITH_POSITION])):
        return f"you cannot pay the card at position {pos + 1} (its cost plus the position's cost)"
    return "pay the '?' of the position with one good you have"


def words_card(s: GameState, a: Action) -> str:
    """The purchase and what it costs in all (the card's cost, the position's, the goods chosen for its '?')."""
    key = s.display[a[1]]
    if key is None:  # an emptied position: words for a refused decision (cards are bought from full ones only)
        return f"buy from position {a[1] + 1} (empty)"
    title = s.cat.cards[key].title
    step = s.pending[-1]  # words are asked of the step on top: this buy step
    cost = list(s.cat.cards[key].cost)
    if step[BUY_WITH_POSITION]:
        for g in [g for g in s.display_costs[a[1]] if g != ANY] + [g for g in a[2:] if g != NO_GOOD]:
            cost[g] += 1
    return f"buy {title} from position {a[1] + 1} for {goods_words(tuple(cost))}"


PERFORMERS: Final[dict[str, PerformFn]] = {"senator": perform_senator, "consul": perform_consul}
STEPS: Final[tuple[Step, ...]] = (
    # left: cards the seat may still buy; with_position: 1 when the display position's cost is paid too (Senator)
    Step("buy", "Buying cards", legal_buy, apply_buy, fields=("seat", "left", "with_position"),
         prompt="Buy cards from the display, then Done.",
         words={"card": words_card}, refuse=refuse_buy, verbs=frozenset({"card", "done"}),
         guide=("Buy a card: pick a glowing card of the display (you pay its goods and the position's extra cost) — "
                "or pass.")),
)
