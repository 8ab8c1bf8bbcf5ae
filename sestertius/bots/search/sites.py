"""Colonists next to building sites: what the houses a seat could build where its colonists stand are worth."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sestertius import BRICK, Memo

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import Catalog, GameState


def house_gain(s: GameState, seat: int, city: int, counts: dict[str, int], specialists: Sequence[tuple[int, int]],
               provinces: set[int], kinds: set[int]) -> float:
    """What a house of the seat in ``city`` would add to its score now (with its cards now)."""
    good = s.city_good[city]
    gain = 0.0
    if good != BRICK:
        gain += counts["Jupiter"]
    if s.board.province_of[city] not in provinces:
        gain += counts["Saturnus"]
    elif counts["Venus"]:
        gain += counts["Venus"]
    if good not in kinds:
        gain += 2 * counts["Mercurius"]
    for sg, vp in specialists:
        if sg == good:
            gain += vp
    return gain


def sites_worth(s: GameState, seat: int, counts: dict[str, int], specialists: Sequence[tuple[int, int]],
           provinces: set[int], kinds: set[int], rho: float) -> float:
    """The worth of the best houses the seat could build where its colonists stand: in full when it can pay them
    now, half when a trade would pay them, a fifth when not."""
    R = s.R
    rc = s.board.route_cities
    capital = s.board.capital
    bit = 1 << seat
    seen: set[int] = set()
    options: list[tuple[float, int, int, tuple[int, ...]]] = []
    br = s.rules.board
    cat = s.cat
    goods_cost = _goods_cost(cat)
    for loc in s.players[seat].col:
        if 0 <= loc < R:
            for c in rc[loc]:
                if c in seen or c == capital or s.houses[c] & bit:
                    continue
                seen.add(c)
                if not br.can_build(s, c):
                    continue
                good = s.city_good[c]
                coins = cat.house_coins[good] * (s.houses[c].bit_count() + 1)
                need = cat.house_goods[good]
                cost = coins + goods_cost[good]
                gain = house_gain(s, seat, c, counts, specialists, provinces, kinds) - rho * cost
                if gain > 0:
                    options.append((gain, cost, coins, need))
    if not options:
        return 0.0
    options.sort(reverse=True)
    p = s.players[seat]
    money = s.rules.mode.funds(s, seat)
    goods = p.goods[:]
    wealth = money
    for n, price in zip(goods, cat.prices):
        wealth += n * price
    worth = 0.0
    for gain, cost, coins, need in options:
        payable = coins <= money
        if payable:
            for g, n in zip(goods, need):
                if g < n:
                    payable = False
                    break
        if payable:
            worth += gain
            money -= coins
            for k in range(5):
                goods[k] -= need[k]
            wealth -= cost
        elif cost <= wealth:
            worth += gain * 0.5
            wealth -= cost
        else:
            worth += gain * 0.2
    return worth


_GOODS_COST: Memo[list[int]] = Memo(64)  # per catalogue


def _goods_cost(cat: Catalog) -> list[int]:
    """Per city good: the goods a house there costs, at their prices (whole sestertii; kept per catalogue)."""
    found = _GOODS_COST.entries.get((id(cat),))  # Memo.find inline (once per estimate)
    if found is not None and found[0] is cat:
        return found[1]
    cost = [sum(n * price for n, price in zip(need, cat.prices)) for need in cat.house_goods]
    return _GOODS_COST.keep(cat, (), cost)
