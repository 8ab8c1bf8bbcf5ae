"""A simple greedy bot: it tries each legal decision on a copy of the game, finishes its own turn greedily, and
keeps the decision whose outcome has the best value for it (points now plus a rough worth of pieces)."""
from __future__ import annotations

import random

from sestertius import KIND, STORE, build_sites, score_seat

PIECE_WORTH = {"house": 10.0, "colonist": 3.0, "card": 6.0, "site": 0.6, "money": 0.3, "goods": 0.25,
               "spare_money": 0.05, "spare_goods": 0.05, "brick": 1.5, "space": 0.5,
               "variety": 1.5}
MONEY_NEEDED = 30  # sestertii beyond this are worth little: spend them (a hoarding bot never ends the game)
BRICKS_NEEDED = 3  # every house outside brick cities needs a brick
GOODS_USEFUL = 2  # per good type


def value(game, seat: int) -> float:
    s = game.state
    v = worth(s, seat, float(score_seat(s, seat)["total"]))
    automaton = s.rules.mode.automaton(s)
    if automaton is not None:
        v -= score_seat(s, automaton)["total"]  # the automaton's points count against the player(s)
    return v


def worth(s, seat: int, start: float = 0.0, pieces: dict[str, float] = PIECE_WORTH) -> float:
    """What the seat's pieces are worth beyond its points, added to ``start`` (one term after another: ``value``
    gives the same float as before it was split out). The search bot's estimate counts it too (``assets``), with
    its own numbers ``pieces``."""
    p = s.players[seat]
    v = start
    v += pieces["house"] * len(p.houses)
    v += pieces["colonist"] * sum(1 for loc in p.col if loc != STORE)
    v += pieces["card"] * (len(p.hand) + len(p.pile))
    v += pieces["money"] * min(p.money, MONEY_NEEDED)
    v += pieces["spare_money"] * max(0, p.money - MONEY_NEEDED)
    # a few of each good are useful; a storehouse full of one good blocks everything else
    v += sum(pieces["goods"] * price * min(n, GOODS_USEFUL) + pieces["spare_goods"] * price
             * max(0, n - GOODS_USEFUL) for n, price in zip(p.goods, s.cat.prices))
    v += pieces["space"] * min(s.free_space(seat), 3)
    v += pieces["variety"] * sum(1 for n in p.goods if n)  # houses and cards need many kinds of goods
    v += pieces["brick"] * min(p.goods[0], BRICKS_NEEDED)
    if pieces["site"]:  # the sites cost the most to count: not at all when they count nothing
        bit = 1 << seat
        v += pieces["site"] * sum(1 for c in build_sites(s, seat) if not s.houses[c] & bit
                                       and c != s.board.capital)
    return v


class GreedyBot:
    name = "greedy"
    max_branch = 24  # decisions tried per step inside a look-ahead (sampled when there are more)

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game, legal: list[tuple]) -> tuple:
        if len(legal) == 1:
            return legal[0]
        seat = game.to_act()
        best, best_v = legal[0], float("-inf")
        for a in legal:
            g = self._copy(game)
            g.apply_unchecked(a)
            self._finish_turn(g, seat)
            v = value(g, seat) + self.rng.random() * 1e-3
            if v > best_v:
                best, best_v = a, v
        return best

    def _copy(self, game):
        """A copy whose future chance outcomes are the bot's own guesses: it must not see the real dice. The stacks
        keep their real order (reshuffling them, as ``Game.determinised`` does, costs time on every copy): harmless
        while ``value`` reads neither the display nor the stacks, which a change of ``value`` must keep in mind."""
        g = game.copy()
        g.state.rng = self.rng.getrandbits(64)
        return g

    def _finish_turn(self, g, seat: int, limit: int = 40) -> None:
        """Complete this seat's pending decisions greedily (one step look-ahead each)."""
        start_turn = g.state.turn
        for _ in range(limit):
            if g.is_over or g.to_act() != seat or g.state.turn != start_turn:
                return
            legal = g.legal_actions()
            if len(legal) > self.max_branch:
                legal = [legal[0]] + self.rng.sample(legal[1:], self.max_branch - 1)
            two_ply = g.current_step()[KIND] == "trade"  # selling only pays off with the purchase after it
            best, best_v = legal[0], float("-inf")
            for a in legal:
                h = self._copy(g)
                h.apply_unchecked(a)
                v = value(h, seat)
                if two_ply and a[0] == "sell" and h.to_act() == seat and h.current_step()[KIND] == "trade":
                    for b in h.legal_actions():
                        if b[0] == "buy":
                            k = self._copy(h)
                            k.apply_unchecked(b)
                            v = max(v, value(k, seat))
                if v > best_v:
                    best, best_v = a, v
            g.apply_unchecked(best)
