"""The Mercator: its sestertii, then trade with the bank, selling and buying goods of at most two types (a type is
either sold or bought). A fifth field of the step limits the types (the fish market's Mercator stand: one)."""
from __future__ import annotations

from sestertius.data.catalog import GOODS
from sestertius.rules.state import GameState
from sestertius.rules.steps import DONE, Action, Pending, Step


def legal_trade(s: GameState, st: Pending) -> list[Action]:
    seat, sold, bought = st[1], st[2], st[3]
    p = s.players[seat]
    used = sold | bought
    full = used.bit_count() >= (2 if len(st) == 4 else st[4])  # st[4]: types allowed (fish-market stand)
    space = s.free_space(seat)
    funds = s.rules.mode.funds(s, seat)
    prices = s.cat.prices
    out: list[Action] = [DONE]
    for g in range(5):
        bit = 1 << g
        if full and not used & bit:
            continue
        if p.goods[g] and not bought & bit:
            out.append(("sell", g))
        if space > 0 and funds >= prices[g] and not sold & bit:
            out.append(("buy", g))
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
    seat, g = st[1], a[1]
    p = s.players[seat]
    used = (st[2] | st[3]).bit_count()
    limit = 2 if len(st) == 4 else st[4]
    if not (st[2] | st[3]) >> g & 1 and used >= limit:
        if limit == 1:
            return "the fish market's Mercator stand trades at most one type of goods"
        return "a Mercator trades at most two types of goods"
    if a[0] == "sell" and not p.goods[g]:
        return f"you have no {GOODS[g]} to sell"
    if a[0] == "buy" and s.free_space(seat) <= 0:
        return "your storehouse is full"
    if a[0] == "buy" and p.money < s.cat.prices[g]:
        return f"{GOODS[g]} costs {s.cat.prices[g]} sestertii; you have {p.money}"
    return "you may not buy and sell the same good in one trade"


def words_trade(s: GameState, a: Action) -> str:
    return f"{a[0]} 1 {GOODS[a[1]]}"


STEPS = (
    Step("trade", "Mercator", legal_trade, apply_trade,
         prompt="Mercator: sell and buy goods of at most two kinds, then Done.",
         words={"sell": words_trade, "buy": words_trade}, refuse=refuse_trade,
         verbs=frozenset({"sell", "buy", "done"})),
)
