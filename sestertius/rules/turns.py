"""Turn machinery and the base cards: every pending step knows its decider and its legal decisions.

A step is a tuple ``(kind, decider, *args)`` on ``state.pending``. ``STEPS[kind]`` gives the functions that list
the legal decisions of a step and apply one. Playing a card pushes, from bottom to top: the end of the turn, the
ruleset's reaction to the card (Solitaria's Contrarius, a partner's copy in team play), then the card's own steps.
Board rules and variants hook in by registering step kinds and overriding :class:`Ruleset` methods.

Decisions ("actions") are short tuples of a verb and ints, e.g. ``("move", 3, 17)`` or ``("build", 12)``.
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Callable

from sestertius.data.catalog import ANY, Card
from sestertius.rules.boards import board_rules
from sestertius.rules.errors import IllegalAction
from sestertius.rules.state import AUTO, STORE, GameState, _draw

Action = tuple
LegalFn = Callable[[GameState, tuple], list]
ApplyFn = Callable[[GameState, tuple, tuple], None]
STEPS: dict[str, tuple[LegalFn, ApplyFn]] = {}
DONE: Action = ("done",)


def register(kind: str, legal: LegalFn, apply: ApplyFn) -> None:
    STEPS[kind] = (legal, apply)


# ------------------------------------------------------------------------------------------------------------
# The ruleset: what differs between the base game and other modes
# ------------------------------------------------------------------------------------------------------------
class Ruleset:
    """The base game. Modes subclass it and are picked by ``options.mode``."""

    name = "base"
    partner_copies_same = False  # team play: the partner of a Diplomat performs the card it copied (Solitaria)
    market_after_card = False  # fish market: the phase comes after the card is chosen, right before performing it

    def setup(self, s: GameState) -> None:
        pass

    def pm_bonus(self, s: GameState, seat: int) -> bool:
        """Does producing with a Prefect give this seat the Praefectus Magnus double bonus (and pass it on)?"""
        return s.pm == seat

    def pm_next(self, s: GameState, seat: int) -> int:
        """Who receives Praefectus Magnus after ``seat`` used it: the player to the right."""
        return (seat - 1) % s.n

    def venus_with(self, s: GameState, seat: int) -> tuple[int, ...] | None:
        """Team play's Venus: the seats whose houses make a province count for this seat (1 VP per province where
        this seat and one of them have a house); None: the individual Venus."""
        partner = self.partner(s, seat)
        return None if partner is None else (partner,)

    def before_partner(self, s: GameState) -> None:
        """Team play: called when the second partner starts performing the turn's card (after the first action)."""

    def after_card(self, s: GameState, seat: int, card: Card) -> None:
        """Push reaction steps to run after the card's own steps (nothing in the base game)."""

    def diplomat_targets(self, s: GameState, seat: int) -> list[tuple[int, str]]:
        """(target id, card key) pairs a Diplomat may copy: the top card of each other player's pile."""
        out = []
        for other in range(s.n):
            if other != seat:
                card = effective_top(s, s.players[other].pile)
                if card is not None:
                    out.append((other, card))
        return out

    def perform(self, s: GameState, seat: int, card: Card) -> None:
        """Perform a card action the base game does not know."""
        raise ValueError(f"card {card.key}: action {card.action!r} is not part of mode {self.name!r}")

    def copy_done(self, s: GameState, seat: int, target: int) -> None:
        """Called after a Diplomat copied from ``target`` (Solitaria flips Contrarius' card)."""

    def receives_goods(self, s: GameState, seat: int) -> bool:
        """Do this seat's houses produce goods for it? (Solitaria's Contrarius never receives goods.)"""
        return True

    def fish_paid(self, s: GameState, seat: int, n: int) -> None:
        """Fish-market variant: ``seat`` paid ``n`` fish at a stand (they go back to the supply; Solitaria gives them
        to Contrarius)."""

    def final_extras(self, s: GameState, seat: int) -> dict[str, int]:
        """Points of the final scoring beyond the gods, the Concordia card and the points from play (Solitaria:
        Contrarius' fish)."""
        return {}

    def partner(self, s: GameState, seat: int) -> int | None:
        """The seat's team partner (team play), or None."""
        return None

    def funds(self, s: GameState, seat: int) -> int:
        """Sestertii the seat can spend now (team play: a partner's money may be taken too)."""
        return s.players[seat].money

    def spend(self, s: GameState, seat: int, amount: int) -> None:
        s.players[seat].money -= amount

    def ranking(self, s: GameState) -> list[int]:
        from sestertius.rules.scoring import ranking
        return ranking(s)

    def next_seat(self, s: GameState, seat: int) -> int:
        return (seat + 1) % s.n

    def on_end_trigger(self, s: GameState, seat: int) -> None:
        if s.concordia < 0:
            s.concordia = seat
            s.final_turns = s.n  # this turn and one more turn for every other player
            s.log("concordia", seat, "takes the Concordia card: every other player has one more turn")

    def end_turn(self, s: GameState) -> None:
        refill_display(s)
        if s.final_turns > 0:
            s.final_turns -= 1
            if s.final_turns == 0:
                s.over = True
                return
        s.current = self.next_seat(s, s.current)
        s.turn += 1
        s.turn_info = {}
        push_turn(s, s.current)


def push_turn(s: GameState, seat: int) -> None:
    """Start a seat's turn: its card step, and above it any phase a variant puts before the card (the fish
    market, see fish.py)."""
    s.pending.append(("turn", seat))
    if s.options.fish_market is not None and not ruleset(s).market_after_card:
        from sestertius.rules.fish import market_phase
        market_phase(s, seat)


RULESETS: dict[str, Ruleset] = {"base": Ruleset()}


def ruleset_key(options) -> str:
    """The ruleset of a game: its mode, except that Solitaria with two players is its own ruleset ("solo" with 2
    players: Contrarius as a third player; "team" with 2 players: the cooperative team play against Contrarius)."""
    mode = options.mode
    if options.players == 2 and mode != "base":
        return "solo_third" if mode == "solo" else "solo_team"
    return mode


def ruleset(s: GameState) -> Ruleset:
    return RULESETS[ruleset_key(s.options)]


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
# Helpers
# ------------------------------------------------------------------------------------------------------------
def gain_goods(s: GameState, seat: int, good: int, n: int = 1) -> None:
    s.players[seat].goods[good] += n


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
    cards = [c for c in s.display if c is not None]
    while len(cards) < s.cat.display_size and s.deck:
        cards.append(_draw(s))
    s.display = cards + [None] * (s.cat.display_size - len(cards))
    if (s.options.intermediate_scoring and s.intermediate is None
            and s.cat.intermediate_deck in s.seen_decks):
        from sestertius.rules.scoring import score_all
        s.intermediate = {"turn": s.turn, "scores": score_all(s)}
        s.log("scoring", -1, "intermediate scoring (for information)")


def display_empty(s: GameState) -> bool:
    return not s.deck and all(c is None for c in s.display)


def trigger_end(s: GameState, seat: int) -> None:
    ruleset(s).on_end_trigger(s, seat)


# ------------------------------------------------------------------------------------------------------------
# Turn: play a card
# ------------------------------------------------------------------------------------------------------------
def legal_turn(s: GameState, st: tuple) -> list[Action]:
    seat = st[1]
    p = s.players[seat]
    out: list[Action] = []
    seen: set[str] = set()
    for key in p.hand:
        if key in seen:
            continue
        seen.add(key)
        if playable(s, seat, key):
            out.append(("play", key))
    return out


def playable(s: GameState, seat: int, key: str) -> bool:
    card = s.cat.cards[key]
    if card.action == "diplomat":
        return bool(ruleset(s).diplomat_targets(s, seat))
    if card.action == "magister":
        pile = s.players[seat].pile
        # the repeated card must itself be performable now (a repeated Diplomat needs a card to copy)
        return (bool(pile) and s.cat.cards[pile[-1]].action not in ("senator", "magister")
                and playable(s, seat, pile[-1]))
    return True


def why_not_playable(s: GameState, seat: int, key: str) -> str:
    card = s.cat.cards[key]
    if key not in s.players[seat].hand:
        return f"{card.title} is not in your hand"
    if card.action == "diplomat":
        return "Diplomat: no other player's discard pile shows a card you may copy (not empty, not a Diplomat)"
    if card.action == "magister":
        return ("Magister: your discard pile must show a card to repeat, not a Senator, and one you could "
                "perform now (a repeated Diplomat needs a card to copy)")
    return "not playable now"


def apply_turn(s: GameState, st: tuple, a: Action) -> None:
    seat = st[1]
    key = a[1]
    p = s.players[seat]
    p.hand.remove(key)
    card = s.cat.cards[key]
    under = p.pile[-1] if p.pile else None
    p.pile.append(key)
    s.pending.pop()
    s.turn_info = {"seat": seat, "card": key}
    s.log("play", seat, f"plays {card.title}", card=key)
    s.pending.append(("end_turn", AUTO))
    ruleset(s).after_card(s, seat, card)
    if card.action == "magister":
        perform(s, seat, under, via="magister")
    elif card.action == "legatus":  # the partner performs first: the markets come with the performances
        perform(s, seat, key)
    else:
        perform_after_market(s, seat, key)


def perform_after_market(s: GameState, seat: int, key: str | None) -> None:
    """Perform a card, preceded by the seat's fish-market phase when the mode puts it after the card choice (team
    play: each partner uses the market once per turn, right before carrying out its card)."""
    done = s.turn_info.get("market_done", ())
    if s.options.fish_market is None or not ruleset(s).market_after_card or seat in done:
        perform(s, seat, key)
        return
    from sestertius.rules.fish import market_phase
    s.turn_info["market_done"] = (*done, seat)
    s.pending.append(("perform_card", AUTO, seat, key))
    market_phase(s, seat)


def apply_perform_card(s: GameState, st: tuple, a: Action) -> None:
    s.pending.pop()
    perform(s, st[2], st[3])


def perform(s: GameState, seat: int, key: str | None, via: str = "") -> None:
    """Push the steps of a card's action for ``seat`` (played, copied by a Diplomat, or repeated)."""
    if key is None:
        return
    card = s.cat.cards[key]
    act = card.action
    s.turn_info.setdefault("performed", []).append(key)
    if act == "architect":
        s.pending.append(("arch_move", seat, s.colonists_on_board(seat)))
    elif act == "prefect":
        s.pending.append(("fish_prefect" if s.options.fish_market is not None else "prefect", seat, key))
    elif act == "mercator":
        s.players[seat].money += card.money
        s.pending.append(("trade", seat, 0, 0))
    elif act == "colonist":
        s.pending.append(("colonist", seat, 0))
    elif act == "tribune":
        p = s.players[seat]
        k = len(p.pile)  # the Tribune itself included
        bonus = max(0, k - s.cat.tribune_free)
        p.money += bonus
        p.hand.extend(p.pile)
        p.pile.clear()
        s.log("tribune", seat, f"takes {k} cards back" + (f", +{bonus} sestertii" if bonus else ""))
        s.pending.append(("tribune", seat))
        board_rules(s).after_recover(s, seat)  # e.g. Sicilia's volcano tile, before the colonist purchase
    elif act == "senator":
        s.pending.append(("buy", seat, card.buys, 1))
    elif act == "consul":
        s.pending.append(("buy", seat, 1, 0))
    elif act == "diplomat":
        s.pending.append(("diplomat", seat))
    elif act == "specialist":
        p = s.players[seat]
        n = 0
        br = board_rules(s)
        for c in p.houses:
            if s.city_good[c] == card.good and br.can_produce(s, s.board.province_of[c]):
                n += 1
        p.goods[card.good] += n
        s.log("produce", seat, f"{card.title}: {n} houses produce")
        queue_overflow(s, seat)
    elif act == "double":
        s.pending.append(("half", seat, key))
    else:  # actions of a mode (team play's Legatus, Proconsul): the ruleset performs them
        ruleset(s).perform(s, seat, card)


# ------------------------------------------------------------------------------------------------------------
# Architect: move colonists, then build
# ------------------------------------------------------------------------------------------------------------
def legal_arch_move(s: GameState, st: tuple) -> list[Action]:
    seat, pts = st[1], st[2]
    out: list[Action] = [DONE]
    if pts <= 0:
        return out
    br = board_rules(s)
    if br.dynamic_moves:  # distances depend on the position (Balearica's ships): the board computes them
        out.extend(("move", slot, r2) for slot, r2 in br.move_options(s, seat, pts))
        return out
    b = s.board
    R = s.R
    occ = s.route_occ
    stoppable = b.stoppable
    nland = s.cat.land_colonists
    col = s.players[seat].col
    seen: set[tuple[int, int]] = set()
    for slot, loc in enumerate(col):
        if loc == STORE:
            continue
        kind = 0 if slot < nland else 1
        if (kind, loc) in seen:
            continue  # two colonists of one kind at one place: moving either is the same decision
        seen.add((kind, loc))
        table = b.by_distance[loc] if loc < R else b.city_by_distance[kind][loc - R]
        for d, r2 in table:
            if d > pts:
                break
            if occ[r2] < 0 and stoppable[r2]:
                out.append(("move", slot, r2))
    return out


def apply_arch_move(s: GameState, st: tuple, a: Action) -> None:
    seat, pts = st[1], st[2]
    if a[0] == "done":
        s.pending[-1] = ("arch_build", seat) + st[3:]  # st[3]: at most this many houses (fish-market stand)
        return
    _, slot, r2 = a
    p = s.players[seat]
    loc = p.col[slot]
    b = s.board
    br = board_rules(s)
    if br.dynamic_moves:
        d = br.move_cost(s, seat, slot, r2)
    else:
        d = b.dist[loc][r2] if loc < s.R else b.city_dist[0 if slot < s.cat.land_colonists else 1][loc - s.R][r2]
    if loc < s.R:
        s.route_occ[loc] = -1
    if r2 < s.R:  # else a dynamic board's own place (Roma's ship track), not a route
        s.route_occ[r2] = seat
    p.col[slot] = r2
    s.pending[-1] = ("arch_move", seat, pts - d) + st[3:]
    if br.dynamic_moves:
        br.moved(s, seat, slot, loc, r2)  # e.g. Roma: a ship-track space's bonus, house site or Byzantium


def house_cost(s: GameState, city: int) -> tuple[tuple[int, ...], int]:
    """Goods and sestertii for a house in ``city`` now."""
    g = s.city_good[city]
    return s.cat.house_goods[g], s.cat.house_coins[g] * (s.houses[city].bit_count() + 1)


def build_sites(s: GameState, seat: int) -> list[int]:
    """Cities at an end of a route holding one of the seat's colonists (colonists inside cities do not count)."""
    R = s.R
    rc = s.board.route_cities
    sites: list[int] = []
    for loc in s.players[seat].col:
        if 0 <= loc < R:
            a, b = rc[loc]
            if a not in sites:
                sites.append(a)
            if b not in sites:
                sites.append(b)
    return sites


def legal_arch_build(s: GameState, st: tuple) -> list[Action]:
    seat = st[1]
    p = s.players[seat]
    out: list[Action] = [DONE]
    br = board_rules(s)
    if len(p.houses) + br.other_houses(s, seat) >= s.cat.houses:
        return out
    bit = 1 << seat
    cap = s.board.capital
    funds = ruleset(s).funds(s, seat)
    for c in build_sites(s, seat):
        if c == cap or s.houses[c] & bit or not br.can_build(s, c):
            continue
        goods, coins = house_cost(s, c)
        if funds >= coins and can_pay(p.goods, goods):
            out.append(("build", c))
    return out


def apply_arch_build(s: GameState, st: tuple, a: Action) -> None:
    seat = st[1]
    if a[0] == "done":
        s.pending.pop()
        return
    build_house(s, seat, a[1], pay_cost=True)
    if len(st) > 2:  # a limited number of houses (fish-market stand)
        if st[2] <= 1:
            s.pending.pop()
        else:
            s.pending[-1] = ("arch_build", seat, st[2] - 1)


def build_house(s: GameState, seat: int, c: int, pay_cost: bool) -> None:
    p = s.players[seat]
    if pay_cost:
        goods, coins = house_cost(s, c)
        pay(p.goods, goods)
        ruleset(s).spend(s, seat, coins)
    s.houses[c] |= 1 << seat
    p.houses.append(c)
    s.log("build", seat, f"builds a house in {s.board.cities[c]}", city=c)
    if len(p.houses) + board_rules(s).other_houses(s, seat) >= s.cat.houses:
        trigger_end(s, seat)


# ------------------------------------------------------------------------------------------------------------
# Prefect: produce in a province, or cash in the coins
# ------------------------------------------------------------------------------------------------------------
def legal_prefect(s: GameState, st: tuple) -> list[Action]:
    br = board_rules(s)
    out: list[Action] = [("produce", i) for i, up in enumerate(s.marker_up) if up and br.can_produce(s, i)]
    out.append(("cash",))
    return out


def apply_prefect(s: GameState, st: tuple, a: Action) -> None:
    seat = st[1]
    s.pending.pop()
    if a[0] == "cash":
        br = board_rules(s)
        coins = sum(br.marker_coins(s, i) for i, up in enumerate(s.marker_up) if not up)
        s.players[seat].money += coins
        s.marker_up = [True] * len(s.marker_up)
        s.turn_info["prefect"] = ("cash", coins)
        s.log("cash", seat, f"takes {coins} sestertii from the bonus markers; all markers show goods again")
        br.after_cash(s, seat)  # e.g. Roma: move one sea colonist forward
        return
    produce_province(s, seat, a[1], bonus=True)
    queue_overflow(s, seat)


def produce_province(s: GameState, seat: int, prov: int, bonus: bool) -> None:
    """Flip the province's marker; ``seat`` (if >= 0 and bonus) takes the bonus good; every house produces."""
    s.marker_up[prov] = False
    good = s.marker_good[prov]
    rs = ruleset(s)
    text = f"produces in {s.board.provinces[prov]}"
    if bonus and seat >= 0 and not board_rules(s).production_bonus(s, prov):
        text += " (no bonus good: the province has lost its production bonus)"
    elif bonus and seat >= 0:
        n = 1
        if rs.pm_bonus(s, seat):
            n = 2
            if s.pm == seat:
                s.pm = rs.pm_next(s, seat)  # passes to the right
                text += f" with Praefectus Magnus (now with seat {s.pm + 1})"
        s.players[seat].goods[good] += n
    for c in s.board.province_cities[prov]:
        m = s.houses[c]
        if m:
            g = s.city_good[c]
            for other in range(s.n):
                if m >> other & 1 and rs.receives_goods(s, other):
                    s.players[other].goods[g] += 1
    s.turn_info["prefect"] = ("produce", prov)
    s.log("produce", seat, text, province=prov)


# ------------------------------------------------------------------------------------------------------------
# Storehouse overflow: the player chooses which goods to give up
# ------------------------------------------------------------------------------------------------------------
def legal_discard(s: GameState, st: tuple) -> list[Action]:
    p = s.players[st[1]]
    goods = p.goods
    out: list[Action] = [("drop", g) for g in range(5) if goods[g]]
    if p.fish:  # fish market: give up one fish marker (a whole space)
        out.append(("drop_fish",))
    return out


def apply_discard(s: GameState, st: tuple, a: Action) -> None:
    seat = st[1]
    p = s.players[seat]
    if a[0] == "drop_fish":
        p.fish -= 1 if p.fish & 1 else 2  # the single 1-fish marker if there is one, else a 2-fish marker
    else:
        p.goods[a[1]] -= 1
    if s.free_space(seat) >= 0:
        s.pending.pop()


# ------------------------------------------------------------------------------------------------------------
# Mercator: trade up to two goods types with the bank
# ------------------------------------------------------------------------------------------------------------
def legal_trade(s: GameState, st: tuple) -> list[Action]:
    seat, sold, bought = st[1], st[2], st[3]
    p = s.players[seat]
    used = sold | bought
    full = used.bit_count() >= (2 if len(st) == 4 else st[4])  # st[4]: types allowed (fish-market stand)
    space = s.free_space(seat)
    funds = ruleset(s).funds(s, seat)
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


def apply_trade(s: GameState, st: tuple, a: Action) -> None:
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
        ruleset(s).spend(s, seat, s.cat.prices[g])
        bought |= 1 << g
    s.pending[-1] = ("trade", seat, sold, bought) + st[4:]


# ------------------------------------------------------------------------------------------------------------
# Colonist: place new colonists, or take money
# ------------------------------------------------------------------------------------------------------------
def colonist_sites(s: GameState, seat: int) -> list[int]:
    return board_rules(s).colonist_sites(s, seat)


def legal_colonist(s: GameState, st: tuple) -> list[Action]:
    seat, started = st[1], st[2]
    p = s.players[seat]
    out: list[Action] = [DONE]
    if not started:
        out.append(("cash",))
    if can_pay(p.goods, s.cat.colonist_cost):
        nland = s.cat.land_colonists
        kinds = []
        if STORE in p.col[:nland]:
            kinds.append(0)
        if STORE in p.col[nland:]:
            kinds.append(1)
        br = board_rules(s)
        for c in colonist_sites(s, seat):
            for k in kinds:
                if br.may_place(s, k, c):
                    out.append(("place", k, c))
    return out


def apply_colonist(s: GameState, st: tuple, a: Action) -> None:
    seat = st[1]
    p = s.players[seat]
    if a[0] == "done":
        s.pending.pop()
        s.turn_info.setdefault("colonist", "place")
        return
    if a[0] == "cash":
        n = s.colonists_on_board(seat)
        p.money += s.cat.colonist_base_money + n
        s.pending.pop()
        s.turn_info["colonist"] = "cash"
        s.log("cash", seat, f"takes {s.cat.colonist_base_money + n} sestertii")
        return
    _, kind, c = a
    pay(p.goods, s.cat.colonist_cost)
    place_colonist(s, seat, kind, c)
    s.turn_info["colonist"] = "place"
    s.pending[-1] = ("colonist", seat, 1)


def place_colonist(s: GameState, seat: int, kind: int, city: int) -> None:
    p = s.players[seat]
    nland = s.cat.land_colonists
    rng = range(0, nland) if kind == 0 else range(nland, len(p.col))
    for slot in rng:
        if p.col[slot] == STORE:
            p.col[slot] = s.R + city
            s.log("colonist", seat, f"places a {'land' if kind == 0 else 'sea'} colonist in {place_name(s, city)}")
            return
    raise IllegalAction("no colonist of that kind in the storehouse", "Colonist")


def place_name(s: GameState, city: int) -> str:
    """A city's name, or the name of a board's own place past the cities (location ``R + city``: Roma's START)."""
    if city < len(s.board.cities):
        return s.board.cities[city]
    where = board_rules(s).location(s, s.R + city)
    return where["name"] if where else f"place {city}"


# ------------------------------------------------------------------------------------------------------------
# Tribune: after taking the cards back, may buy one colonist into the capital
# ------------------------------------------------------------------------------------------------------------
def legal_tribune(s: GameState, st: tuple) -> list[Action]:
    seat = st[1]
    p = s.players[seat]
    out: list[Action] = [DONE]
    br = board_rules(s)
    sites = br.recruit_sites(s, seat)
    if sites and can_pay(p.goods, s.cat.colonist_cost):
        nland = s.cat.land_colonists
        kinds = [k for k, free in ((0, STORE in p.col[:nland]), (1, STORE in p.col[nland:])) if free]
        for k in kinds:  # ("recruit", kind) for the only site; ("recruit", kind, city) when there is a choice
            out.extend([("recruit", k)] if len(sites) == 1 else
                       [("recruit", k, c) for c in sites if br.may_place(s, k, c)])
    return out


def apply_tribune(s: GameState, st: tuple, a: Action) -> None:
    seat = st[1]
    s.pending.pop()
    if a[0] == "recruit":
        pay(s.players[seat].goods, s.cat.colonist_cost)
        place_colonist(s, seat, a[1], a[2] if len(a) > 2 else board_rules(s).recruit_sites(s, seat)[0])


# ------------------------------------------------------------------------------------------------------------
# Senator and Consul: buy cards from the display
# ------------------------------------------------------------------------------------------------------------
def purchase_options(s: GameState, seat: int, pos: int, with_position: bool) -> list[Action]:
    key = s.display[pos]
    if key is None:
        return []
    goods = s.players[seat].goods
    fixed = list(s.cat.cards[key].cost)
    wild = 0
    if with_position:
        for g in s.display_costs[pos]:
            if g == ANY:
                wild += 1
            else:
                fixed[g] += 1
    if not can_pay(goods, fixed):
        return []
    if wild == 0:
        return [("card", pos, -1)]
    out: list[Action] = []
    for combo in combinations_with_replacement(range(5), wild):
        need = fixed[:]
        for g in combo:
            need[g] += 1
        if can_pay(goods, need):
            out.append(("card", pos, *combo))
    return out


def legal_buy(s: GameState, st: tuple) -> list[Action]:
    seat, with_position = st[1], st[3]
    out: list[Action] = [DONE]
    for pos in range(len(s.display)):
        out.extend(purchase_options(s, seat, pos, bool(with_position)))
    return out


def apply_buy(s: GameState, st: tuple, a: Action) -> None:
    seat, left, with_position = st[1], st[2], st[3]
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
            if g >= 0:
                cost[g] += 1
    pay(p.goods, cost)
    p.hand.append(key)
    s.display[pos] = None
    s.turn_info.setdefault("bought", []).append(key)
    s.log("buy", seat, f"buys {s.cat.cards[key].title} from position {pos + 1}", card=key)
    if display_empty(s):
        trigger_end(s, seat)
    if left <= 1:
        s.pending.pop()
    else:
        s.pending[-1] = ("buy", seat, left - 1, with_position)


# ------------------------------------------------------------------------------------------------------------
# Diplomat and double cards
# ------------------------------------------------------------------------------------------------------------
def legal_diplomat(s: GameState, st: tuple) -> list[Action]:
    # a Diplomat performed by a partner or a follower may find nothing to copy: then it does nothing
    return [("copy", target) for target, _ in ruleset(s).diplomat_targets(s, st[1])] or [DONE]


def apply_diplomat(s: GameState, st: tuple, a: Action) -> None:
    seat = st[1]
    s.pending.pop()
    if a[0] == "done":
        return
    target = a[1]
    key = dict(ruleset(s).diplomat_targets(s, seat))[target]
    s.turn_info["copied"] = key
    s.log("copy", seat, f"copies {s.cat.cards[key].title}", card=key, target=target)
    ruleset(s).copy_done(s, seat, target)
    perform(s, seat, key, via="diplomat")


def legal_half(s: GameState, st: tuple) -> list[Action]:
    return [("half", 0), ("half", 1)]


def apply_half(s: GameState, st: tuple, a: Action) -> None:
    seat, key = st[1], st[2]
    s.pending.pop()
    half = s.cat.cards[key].halves[a[1]]
    s.turn_info["half"] = half
    s.turn_info["half_index"] = a[1]
    perform(s, seat, half)


# ------------------------------------------------------------------------------------------------------------
# Automatic steps
# ------------------------------------------------------------------------------------------------------------
def apply_end_turn(s: GameState, st: tuple, a: Action) -> None:
    s.pending.pop()
    ruleset(s).end_turn(s)


def legal_auto(s: GameState, st: tuple) -> list[Action]:
    return [("auto",)]


register("turn", legal_turn, apply_turn)
register("arch_move", legal_arch_move, apply_arch_move)
register("arch_build", legal_arch_build, apply_arch_build)
register("prefect", legal_prefect, apply_prefect)
register("discard", legal_discard, apply_discard)
register("trade", legal_trade, apply_trade)
register("colonist", legal_colonist, apply_colonist)
register("tribune", legal_tribune, apply_tribune)
register("buy", legal_buy, apply_buy)
register("diplomat", legal_diplomat, apply_diplomat)
register("half", legal_half, apply_half)
register("end_turn", legal_auto, apply_end_turn)
register("perform_card", legal_auto, apply_perform_card)
