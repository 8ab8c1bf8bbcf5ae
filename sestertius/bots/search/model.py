"""The features of the search bot's estimate of a seat's final score, and the numbers of their projection.

``features(state, seat)`` gives the score if the game ended now and, for what is likely to come in the turns left
(``turns_left``: from the cards still for sale and the houses still to build), unweighted features: per god the
growth of the cards held with the houses still to come, the cards still to buy (or, for Contrarius, to take), and
for a player its wealth, kinds of goods, production, colonists on the board, cards in hand, colonists next to
cities where it can build now and, in a game without Contrarius, the greedy bot's worth of its pieces (``assets``,
also once the game is over); for Contrarius its reactions to come. :mod:`.evaluate` weighs them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sestertius import BRICK, NOBODY, STORE, Memo, holdings, score_seat
from sestertius.bots.greedy import worth as pieces_worth
from sestertius.bots.search.sites import sites_worth
from sestertius.bots.search.weights import (
    ASSET_WORTH,
    AUTOMATON_SCALE,
    BASE_SCALE,
    FORECAST_AUTOMATON,
    FORECAST_PLAYER,
    FORECAST_SCALE,
    PLAYER_SCALE,
    SPREAD_BASE,
    SPREAD_CONTRARIUS,
)

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import Catalog, GameState

GROWING = ("Jupiter", "Saturnus", "Mercurius", "Mars")


@dataclass
class Weights:
    """The numbers of the estimate: the projection's rates and each feature's weight per role."""
    drain: float = 0.42  # cards leaving the display per turn of a player (purchases, Contrarius' takes)
    build_rate: float = 0.4  # houses a player builds per own turn
    automaton_rate: float = 0.6  # houses Contrarius builds per turn of the players
    automaton_vp: float = 1.5  # points Contrarius scores per turn of a player during play (its track's houses)
    automaton_cards: float = 0.2  # cards Contrarius takes per turn of the players
    colonist_rate: float = 0.15  # colonists placed per own turn
    card_rate: float = 0.3  # cards a player buys per own turn
    province_rate: float = 0.5  # provinces a house to come adds (a share)
    good_rate: float = 0.25  # kinds of goods a house to come adds
    specialist_bias: float = 1.8  # a specialist's owner builds in cities of its good more than by chance
    venus_rate: float = 0.6  # Venus points per house to come and Venus card
    rho_half: float = 4.0  # turns left at which the features worth more early are worth half
    budget: bool = False  # houses to come are limited by what the seat can pay (measured weaker: off)
    income: float = 3.0  # sestertii a player earns per own turn besides what its houses produce
    card_cost: float = 6.0  # what a card to come costs
    goods_stock: int = 2  # goods of a kind counted at their full price
    goods_spare: float = 0.5  # the share of the price counted for each good beyond
    wealth_cap: int = 40  # sestertii (goods at their prices) fully counted
    wealth_beyond: float = 0.2  # the share counted of the rest
    production: float = 0.12  # share of its good's price a house yields per own turn
    hand_cap: int = 5
    spread: tuple[float, float] = SPREAD_BASE  # a final margin's spread about the forecast's: a + b x turns left
    spread_contrarius: tuple[float, float] = SPREAD_CONTRARIUS  # the same against Contrarius
    player: dict[str, float] = field(default_factory=lambda: dict(PLAYER_SCALE))
    automaton: dict[str, float] = field(default_factory=lambda: dict(AUTOMATON_SCALE))
    base: dict[str, float] = field(default_factory=lambda: dict(BASE_SCALE))  # a player where there is no Contrarius
    # what people are shown (hints, the review): fitted to final scores, where there is no Contrarius and, against it,
    # for a player and for Contrarius
    forecast: dict[str, float] = field(default_factory=lambda: dict(FORECAST_SCALE))
    forecast_player: dict[str, float] = field(default_factory=lambda: dict(FORECAST_PLAYER))
    forecast_automaton: dict[str, float] = field(default_factory=lambda: dict(FORECAST_AUTOMATON))


DEFAULT = Weights()


class Context:
    """What every seat's estimate of one state shares: the board's cities by good, the cards still for sale (their
    gods counted), the turns left."""

    def __init__(self, s: GameState, w: Weights) -> None:
        self.automaton = s.rules.mode.automaton(s)
        city_good = tuple(s.city_good)
        found = _BOARDS.entries.get((id(s.board), city_good))  # Memo.find inline (once per estimate)
        if found is not None and found[0] is s.board:
            board = found[1]
        else:
            board = _BOARDS.keep(s.board, (city_good,), _board_info(s))
        self.by_good, self.n_buildable = board
        keys = (*[k for k in s.display if k is not None], *s.deck)
        self.for_sale = len(keys)
        self.house_cost = _house_cost(s) if w.budget else 0.0
        self.sale_gods, self.sale_specialists = sale_gods(s.cat, keys)
        self.turns = _turns(s, w, self.automaton)
        # Contrarius' houses on its points track (Solitaria's expert levels)
        self.track = s.rules.mode.automaton_track(s) if self.automaton is not None else ()


_SALE: Memo[tuple[dict[str, int], list[int]]] = Memo(4096)  # per catalogue and cards for sale


def sale_gods(cat: Catalog, keys: tuple[str, ...]) -> tuple[dict[str, int], list[int]]:
    """The growing gods of the cards for sale (their count per god) and, per good, the points per house of the
    specialists for sale. Kept per catalogue and cards for sale: a search judges many positions of one display and
    deck. The answer is shared: read it, never change it."""
    found = _SALE.entries.get((id(cat), keys))  # Memo.find inline (once per estimate)
    if found is not None and found[0] is cat:
        return found[1]
    cards = cat.cards
    gods = dict.fromkeys(GROWING, 0)
    specialists = [0] * 5  # per good: the points per house of the specialists for sale
    for k in keys:
        card = cards[k]
        for god in card.gods:
            if god == "Minerva":
                specialists[card.good] += card.vp_per_house
            elif god in gods:
                gods[god] += 1
    return _SALE.keep(cat, (keys,), (gods, specialists))


_BOARDS: Memo[tuple[list[int], int]] = Memo(1024)  # per board and goods of its cities


def _board_info(s: GameState) -> tuple[list[int], int]:
    """Cities where houses may stand (not the capital, with a good), counted per good."""
    by_good = [0] * 5
    for c in range(len(s.board.cities)):
        if c != s.board.capital and s.city_good[c] >= 0:
            by_good[s.city_good[c]] += 1
    return by_good, sum(by_good)


def _house_cost(s: GameState) -> float:
    """What a house costs on average now (goods at their prices and sestertii), over the cities one may build in."""
    cat = s.cat
    total, n = 0.0, 0
    for c in range(len(s.board.cities)):
        good = s.city_good[c]
        if c == s.board.capital or good < 0:
            continue
        total += sum(k * price for k, price in zip(cat.house_goods[good], cat.prices))
        total += cat.house_coins[good] * (s.houses[c].bit_count() + 1)
        n += 1
    return max(total / max(n, 1), 1.0)


def _turns(s: GameState, w: Weights, automaton: int | None) -> float:
    """The turns of each player still to come, before the Concordia card is taken."""
    players = s.n - (automaton is not None)
    cards = len(s.deck) + sum(1 for c in s.display if c is not None)
    by_cards = cards / w.drain  # turns of all players
    most = max((len(p.houses) for i, p in enumerate(s.players) if i != automaton), default=0)
    by_houses = (s.cat.houses - most) / w.build_rate * players
    if automaton is not None:
        by_houses = min(by_houses, (s.cat.houses - len(s.players[automaton].houses)) / w.automaton_rate)
    return max(0.0, min(by_cards, by_houses) / max(players, 1)) + 0.5


def turns_left(s: GameState, seat: int, w: Weights = DEFAULT, ctx: Context | None = None) -> float:
    """The seat's own turns still to come, estimated (exact once the Concordia card is taken); for Contrarius,
    the turns of a player still to come."""
    if s.over:
        return 0.0
    if s.concordia != NOBODY:  # final turns: every seat still to play has exactly one
        automaton = ctx.automaton if ctx else s.rules.mode.automaton(s)
        order = [(s.current + k) % s.n for k in range(max(s.final_turns, 0))]
        return 1.0 if seat in order or (seat == automaton and order) else 0.0
    return ctx.turns if ctx else _turns(s, w, s.rules.mode.automaton(s))


def _god_counts(s: GameState, seat: int) -> tuple[dict[str, int], tuple[tuple[int, int], ...]]:
    """How many of the seat's cards count each god, and its specialists as (good, points per house): the engine's
    ``holdings`` (kept per hand and pile) with every god present."""
    p = s.players[seat]
    gods, specialists = holdings(s.cat, p.hand, p.pile)
    counts = {"Vesta": 0, "Jupiter": 0, "Saturnus": 0, "Mercurius": 0, "Mars": 0, "Venus": 0}
    for god, n in gods:
        counts[god] = n
    return counts, specialists


def features(s: GameState, seat: int, w: Weights = DEFAULT, ctx: Context | None = None
             ) -> tuple[float, dict[str, float]]:
    """The score now and the estimate's features for one seat (unweighted): what its cards' gods will be worth
    with the houses it will build (``_god_features``), and for a player what its pieces promise (``_pieces``)."""
    now_score = score_seat(s, seat)
    now = float(now_score["total"])
    if s.over:
        # a player's pieces keep their worth at the end: a line that ends the game is weighed like one that does not
        # (measured: hard looking two own turns ahead gained 7.2 +- 2.3 points of margin with it, 71 of 100 games won)
        if s.rules.mode.automaton(s) is not None:
            return now, {}
        return now, {"assets": pieces_worth(s, seat, pieces=ASSET_WORTH)}
    ctx = ctx or Context(s, w)
    t = turns_left(s, seat, w, ctx)
    houses = s.players[seat].houses
    own_by_good = [0] * 5
    for c in houses:
        if s.city_good[c] >= 0:
            own_by_good[s.city_good[c]] += 1
    provinces = {s.board.province_of[c] for c in houses}
    f, counts, specialists, minerva_end = _god_features(s, seat, w, ctx, t, now_score, own_by_good, provinces)
    if seat == ctx.automaton:
        f["reactions"] = t * max(1, s.n - 1)
        return now, f
    _pieces(s, seat, w, ctx, t, f, own_by_good, provinces, counts, specialists)
    return now, f


def _future_houses(s: GameState, seat: int, w: Weights, ctx: Context, t: float, own_by_good: list[int]
                   ) -> tuple[float, float, int]:
    """The houses the seat will still build, the cards it will still buy, and how many players' colonists it
    stands for (Contrarius moves for them all)."""
    p = s.players[seat]
    cat = s.cat
    houses_left = cat.houses - len(p.houses) - s.rules.board.other_houses(s, seat)
    if seat == ctx.automaton:
        players = max(1, s.n - 1)
        # its houses to come: from its reactions, and from the victory point track (expert levels) as far as its
        # points will reach
        reach = p.vp + t * w.automaton_vp
        track = sum(1 for pos in ctx.track if pos <= reach)
        future = min(houses_left, t * w.automaton_rate + track)
        cards_to_come = min(t * w.automaton_cards, len(s.deck) + 7.0)
        return future, cards_to_come, players
    cards_to_come = min(t * w.card_rate, len(s.deck) + 7.0)
    future = min(houses_left, t * w.build_rate)
    if w.budget:
        # houses must be paid: with what the seat has, what it will earn (its houses produce) and what is left
        # once it has bought its cards to come
        pr = cat.prices
        g = p.goods
        has = p.money + g[0] * pr[0] + g[1] * pr[1] + g[2] * pr[2] + g[3] * pr[3] + g[4] * pr[4]
        made = sum(n * price for n, price in zip(own_by_good, pr))
        budget = has + t * (w.income + w.production * made) - cards_to_come * w.card_cost
        future = max(0.0, min(future, budget / ctx.house_cost))
    return future, cards_to_come, 1


def _god_features(s: GameState, seat: int, w: Weights, ctx: Context, t: float, now_score: dict[str, int],
                  own_by_good: list[int], provinces: set[int]
                  ) -> tuple[dict[str, float], dict[str, int], tuple[tuple[int, int], ...], list[float]]:
    """What one card of each god will be worth at the end with the houses to come, times the seat's cards (and
    the cards for sale, for the cards to come); also the seat's god counts, its specialists and Minerva's end."""
    p = s.players[seat]
    counts, specialists = _god_counts(s, seat)
    board = s.board
    sc = s.cat.scoring
    future, cards_to_come, players = _future_houses(s, seat, w, ctx, t, own_by_good)
    kinds = sum(1 for n in own_by_good if n)
    open_by_good = [total - own for total, own in zip(ctx.by_good, own_by_good)]
    n_open = max(sum(open_by_good), 1)
    nonbrick = sum(own_by_good) - own_by_good[BRICK]
    share_nb = (n_open - open_by_good[BRICK]) / n_open
    store = p.col.count(STORE)
    on_board = len(p.col) - store
    end = {
        "Jupiter": min(sc["jupiter_max"], nonbrick + future * share_nb),
        "Saturnus": min(len(board.provinces), len(provinces) + future * w.province_rate),
        "Mercurius": min(sc["mercurius_max"], sc["mercurius_per"] * min(5, kinds + future * w.good_rate)),
        "Mars": min(sc["mars_max"], sc["mars_per"] * (on_board + min(store, t * w.colonist_rate * players))),
    }
    f: dict[str, float] = {}
    for god in GROWING:
        n = counts[god]
        f[god] = n * (end[god] - now_score.get(god, 0) / n) if n else 0.0
    f["Venus"] = counts["Venus"] * future * w.venus_rate
    bias = future / n_open * w.specialist_bias
    minerva_end = [min(k, k * bias) for k in open_by_good]
    minerva = 0.0
    for good, vp in specialists:
        minerva += vp * minerva_end[good]
    f["Minerva"] = minerva
    if ctx.for_sale:
        sale = ctx.sale_gods
        worth = (sale["Jupiter"] * end["Jupiter"] + sale["Saturnus"] * end["Saturnus"]
                 + sale["Mercurius"] * end["Mercurius"] + sale["Mars"] * end["Mars"])
        for good, vp in enumerate(ctx.sale_specialists):
            if vp:
                worth += vp * (own_by_good[good] + minerva_end[good])
        f["cards"] = cards_to_come * worth / ctx.for_sale
    else:
        f["cards"] = 0.0
    return f, counts, specialists, minerva_end


def _pieces(s: GameState, seat: int, w: Weights, ctx: Context, t: float, f: dict[str, float],
            own_by_good: list[int], provinces: set[int], counts: dict[str, int],
            specialists: tuple[tuple[int, int], ...]) -> None:
    """A player's pieces, weighed more early in the game: its wealth, goods, production, colonists, houses, hand,
    the sites it could build on, and (without Contrarius) its pieces' flat worth."""
    p = s.players[seat]
    houses = p.houses
    early = t / (t + w.rho_half)
    pr = s.cat.prices
    g = p.goods
    # goods count at their price up to a few of a kind; more of a kind are worth less (they wait for a Mercator to
    # be sold, or for houses of that good): money pays every house's sestertii
    stock, spare = w.goods_stock, w.goods_spare
    wealth = float(p.money)
    for k in range(5):
        n = g[k]
        wealth += pr[k] * (n if n <= stock else stock + spare * (n - stock))
    for variant in s.rules.variants:
        wealth += variant.goods_value(s, seat)
    # sestertii and goods pay for houses and cards; beyond what a few turns can spend they are worth little
    f["wealth"] = early * (min(wealth, w.wealth_cap) + w.wealth_beyond * max(0, wealth - w.wealth_cap))
    f["variety"] = early * (5 - g.count(0))
    o = own_by_good
    made = o[0] * pr[0] + o[1] * pr[1] + o[2] * pr[2] + o[3] * pr[3] + o[4] * pr[4]
    f["production"] = early * t * w.production * made
    f["colonists"] = early * (len(p.col) - p.col.count(STORE))
    f["houses"] = early * len(houses)  # a house produces, and every card still to come counts it
    f["hand"] = early * min(len(p.hand), w.hand_cap)
    f["sites"] = sites_worth(s, seat, counts, specialists, provinces, {g for g in range(5) if own_by_good[g]},
                             0.25 * early)
    f["time"] = t
    if ctx.automaton is None:
        # what the greedy bot counts its pieces worth, to the end (measured: a flat worth of houses, cards and goods
        # beside the projection plays far better in games without Contrarius, where the projection alone is no
        # better than the greedy bot; against Contrarius it gained nothing, and costs 9% of a game's instructions)
        f["assets"] = pieces_worth(s, seat, pieces=ASSET_WORTH)
