"""The Mercator: its sestertii, then trade with the bank, selling and buying goods of at most two types (a type is
either sold or bought). The step's field ``types`` may limit the types (the fish market's Mercator stand: one)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Final

from sestertius.data.catalog import GOODS, Card
from sestertius.rules.errors import shown
from sestertius.rules.state import Entry, GameState, entry
from sestertius.rules.steps import DECIDER, DONE, Action, Pending, PerformFn, Step
from sestertius.rules.words import money_words

# the fields of ("trade", seat, sold, bought, types) (its record: STEPS below)
TRADE_SOLD: Final = 2  # a bitmask of the goods types sold so far
TRADE_BOUGHT: Final = 3  # ... and bought
TRADE_TYPES: Final = 4  # how many types the trade allows; None: two


def perform_mercator(s: GameState, seat: int, card: Card) -> None:
    """The card's sestertii, then the trade."""
    s.players[seat].money += card.money
    if card.money:
        s.logged.append((income_entry, s.turn, seat, card.key))
    s.pending.append(("trade", seat, 0, 0, None))


def income_entry(s: GameState, turn: int, seat: int, key: str) -> Entry:
    card = s.cat.cards[key]
    return entry(turn, "income", seat, f"{card.title}: takes {money_words(card.money)} from the bank", card=key,
                 money=card.money)


def trade_refusals(s: GameState, st: Pending, goods: list[int], space: int, funds: int,
                   g: int) -> tuple[str | None, str | None]:
    """The rules that forbid selling and buying one good of type ``g`` now (keys of ``TRADE_WORDS``; None where it
    is allowed). ``goods``, ``space``, ``funds``: the seat's goods, free storehouse spaces and sestertii."""
    sold: int = st[TRADE_SOLD]
    bought: int = st[TRADE_BOUGHT]
    bit = 1 << g
    types: int | None = st[TRADE_TYPES]
    limit = 2 if types is None else types
    if not (sold | bought) & bit and (sold | bought).bit_count() >= limit:
        return ("types", "types") if limit > 1 else ("one type", "one type")
    sell = "none" if not goods[g] else "both ways" if bought & bit else None
    buy = ("full" if space <= 0 else "money" if funds < s.cat.prices[g] else "both ways" if sold & bit else None)
    return sell, buy


TRADE_WORDS: Final[dict[str, Callable[[GameState, int, int], str]]] = {  # (state, good, funds) -> words
    "types": lambda s, g, funds: "a Mercator trades at most two types of goods",
    "one type": lambda s, g, funds: "the fish market's Mercator stand trades at most one type of goods",
    "none": lambda s, g, funds: f"you have no {GOODS[g]} to sell",
    "both ways": lambda s, g, funds: "you may not buy and sell the same good in one trade",
    "full": lambda s, g, funds: "your storehouse is full",
    "money": lambda s, g, funds: f"{GOODS[g]} costs {money_words(s.cat.prices[g])}; you have {funds}",
}


def untradable(s: GameState, st: Pending, verb: str, g: int) -> str | None:
    """Why the seat may not sell or buy one good of type ``g`` now, in words, or None when it may."""
    seat: int = st[DECIDER]
    funds = s.rules.mode.funds(s, seat)
    sell, buy = trade_refusals(s, st, s.players[seat].goods, s.free_space(seat), funds, g)
    why = sell if verb == "sell" else buy
    return None if why is None else TRADE_WORDS[why](s, g, funds)


SELL: Final[tuple[Action, ...]] = tuple(("sell", g) for g in range(5))  # shared decisions, made once (see ``moves_of``)
BUY: Final[tuple[Action, ...]] = tuple(("buy", g) for g in range(5))


def legal_trade(s: GameState, st: Pending) -> list[Action]:
    seat: int = st[DECIDER]
    goods, space, funds = s.players[seat].goods, s.free_space(seat), s.rules.mode.funds(s, seat)
    out: list[Action] = [DONE]
    for g in range(5):
        sell, buy = trade_refusals(s, st, goods, space, funds, g)
        if sell is None:
            out.append(SELL[g])
        if buy is None:
            out.append(BUY[g])
    return out


def apply_trade(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    sold: int = st[TRADE_SOLD]
    bought: int = st[TRADE_BOUGHT]
    if a[0] == "done":
        s.pending.pop()
        return
    g = a[1]
    p = s.players[seat]
    price = s.cat.prices[g]
    if a[0] == "sell":
        p.goods[g] -= 1
        p.money += price
        sold |= 1 << g
        s.logged.append((trade_entry, s.turn, seat, "sell", g, price))
    else:
        p.goods[g] += 1
        s.rules.mode.spend(s, seat, price)
        bought |= 1 << g
        s.logged.append((trade_entry, s.turn, seat, "buy", g, price))
    s.pending[-1] = ("trade", seat, sold, bought, st[TRADE_TYPES])


def trade_entry(s: GameState, turn: int, seat: int, verb: str, g: int, price: int) -> Entry:
    return entry(turn, "trade", seat, f"{verb}s 1 {GOODS[g]} for {money_words(price)}", verb=verb, good=GOODS[g],
                 money=price)


def refuse_trade(s: GameState, st: Pending, a: Action) -> str:
    if not 0 <= a[1] < len(GOODS):
        return f"there is no good {shown(a[1])}"
    return untradable(s, st, a[0], a[1]) or "not legal now"


def words_trade(s: GameState, a: Action) -> str:
    return f"{a[0]} 1 {GOODS[a[1]]}"


PERFORMERS: Final[dict[str, PerformFn]] = {"mercator": perform_mercator}
STEPS: Final[tuple[Step, ...]] = (
    # sold, bought: bitmasks of the goods types sold and bought so far; types: how many types the trade allows
    Step("trade", "Mercator", legal_trade, apply_trade, fields=("seat", "sold", "bought"), optional=("types",),
         prompt="Mercator: sell and buy goods of at most two kinds, then Done.",
         words={"sell": words_trade, "buy": words_trade}, refuse=refuse_trade,
         verbs=frozenset({"sell", "buy", "done"}),
         guide="Sell and buy goods with the buttons (up to two kinds); “Done trading” when you are finished."),
)
