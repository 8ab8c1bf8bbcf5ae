"""The Mercator: its sestertii, then trade with the bank, selling and buying goods of at most two types (a type is
either sold or bought). A fifth field of the step limits the types (the fish market's Mercator stand: one)."""
from __future__ import annotations

from sestertius.data.catalog import GOODS
from sestertius.rules.state import GameState
from sestertius.rules.steps import DONE, Action, Pending, Step


def untradable(s: GameState, st: Pending, verb: str, g: int) -> str | None:
    """Why the seat may not sell or buy one good of type ``g`` now, or None when it may."""
    seat = st[1]
    return _untradable(s, st, s.players[seat].goods, s.free_space(seat), s.rules.mode.funds(s, seat), verb, g)


def _untradable(s: GameState, st: Pending, goods: list[int], space: int, funds: int, verb: str, g: int) -> str | None:
    sold, bought = st[2], st[3]
    bit = 1 << g
    limit = 2 if len(st) == 4 else st[4]  # st[4]: the types allowed (the fish market's Mercator stand: one)
    if not (sold | bought) & bit and (sold | bought).bit_count() >= limit:
        if limit == 1:
            return "the fish market's Mercator stand trades at most one type of goods"
        return "a Mercator trades at most two types of goods"
    if verb == "sell":
        if not goods[g]:
            return f"you have no {GOODS[g]} to sell"
        if bought & bit:
            return "you may not buy and sell the same good in one trade"
        return None
    if space <= 0:
        return "your storehouse is full"
    if funds < s.cat.prices[g]:
        return f"{GOODS[g]} costs {s.cat.prices[g]} sestertii; you have {funds}"
    if sold & bit:
        return "you may not buy and sell the same good in one trade"
    return None


def legal_trade(s: GameState, st: Pending) -> list[Action]:
    seat = st[1]
    goods, space, funds = s.players[seat].goods, s.free_space(seat), s.rules.mode.funds(s, seat)
    out: list[Action] = [DONE]
    for g in range(5):
        for verb in ("sell", "buy"):
            if _untradable(s, st, goods, space, funds, verb, g) is None:
                out.append((verb, g))
    return out


def apply_trade(s: GameState, st: Pending, a: Action) -> None:
    seat, sold, bought = st[1], st[2], st[3]
    if a[0] == "done":
        s.pending.pop()
        return
    g = a[1]
    p = s.players[seat]
    if a[0] == "sell":
        p.goods[g] -= 1
        p.money += s.cat.prices[g]
        sold |= 1 << g
    else:
        p.goods[g] += 1
        s.rules.mode.spend(s, seat, s.cat.prices[g])
        bought |= 1 << g
    s.pending[-1] = ("trade", seat, sold, bought) + st[4:]


def refuse_trade(s: GameState, st: Pending, a: Action) -> str:
    if not 0 <= a[1] < len(GOODS):
        return f"there is no good {a[1]!r}"
    return untradable(s, st, a[0], a[1]) or "not legal now"


def words_trade(s: GameState, a: Action) -> str:
    return f"{a[0]} 1 {GOODS[a[1]]}"


STEPS = (
    # sold, bought: bitmasks of the goods types sold and bought so far; types: how many types the trade allows
    Step("trade", "Mercator", legal_trade, apply_trade, fields=("seat", "sold", "bought"), optional=("types",),
         prompt="Mercator: sell and buy goods of at most two kinds, then Done.",
         words={"sell": words_trade, "buy": words_trade}, refuse=refuse_trade,
         verbs=frozenset({"sell", "buy", "done"})),
)
