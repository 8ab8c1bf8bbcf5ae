"""The Colonist (place new colonists for 1 food and 1 tool each in the capital or a city with one's house, or take
5 sestertii plus 1 per colonist on the board) and the Tribune (take the played cards back, 1 sestertius for each
beyond three, then may buy one colonist into the capital)."""
from __future__ import annotations

from typing import Final

from sestertius.data.catalog import Card
from sestertius.rules.errors import IllegalAction
from sestertius.rules.state import STORE, Entry, GameState, entry
from sestertius.rules.steps import DECIDER, DONE, Action, Pending, PerformFn, Step
from sestertius.rules.turn import can_pay, pay
from sestertius.rules.words import KINDS, goods_dict, goods_words, money_words, place_name, spot

COLONIST_PLACED: Final = 2  # ("colonist", seat, placed): 1 once a colonist is placed (no cash then)


def perform_colonist(s: GameState, seat: int, card: Card) -> None:
    s.pending.append(("colonist", seat, 0))


def perform_tribune(s: GameState, seat: int, card: Card) -> None:
    """Take the played cards back (1 sestertius for each beyond the free ones), then the colonist purchase."""
    p = s.players[seat]
    k = len(p.pile)  # the Tribune itself included
    bonus = max(0, k - s.cat.tribune_free)
    p.money += bonus
    p.hand.extend(p.pile)
    p.pile.clear()
    cards = "1 card" if k == 1 else f"{k} cards"
    s.log("tribune", seat, f"takes {cards} back" + (f", +{bonus} sesterti{'us' if bonus == 1 else 'i'}" if bonus
                                                    else ""))
    s.pending.append(("tribune", seat))
    s.rules.board.after_recover(s, seat)  # e.g. Sicilia's volcano tile, before the colonist purchase


def legal_colonist(s: GameState, st: Pending) -> list[Action]:
    seat, started = st[DECIDER], st[COLONIST_PLACED]
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
        br = s.rules.board
        for c in s.rules.board.colonist_sites(s, seat):
            for k in kinds:
                if br.may_place(s, k, c):
                    out.append(("place", k, c))
    return out


def apply_colonist(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    p = s.players[seat]
    if a[0] == "done":
        s.pending.pop()
        if s.turn_info.colonist is None:
            s.turn_info.colonist = "place"
        return
    if a[0] == "cash":
        n = s.colonists_on_board(seat)
        p.money += s.cat.colonist_base_money + n
        s.pending.pop()
        s.turn_info.colonist = "cash"
        s.log("cash", seat, f"takes {money_words(s.cat.colonist_base_money + n)} ({s.cat.colonist_base_money} + 1 per "
                            f"colonist on the board: {n})", money=s.cat.colonist_base_money + n)
        return
    _, kind, c = a
    pay(p.goods, s.cat.colonist_cost)
    place_colonist(s, seat, kind, c, s.cat.colonist_cost)
    s.turn_info.colonist = "place"
    s.pending[-1] = ("colonist", seat, 1)


def place_colonist(s: GameState, seat: int, kind: int, city: int, paid: tuple[int, ...] | None = None) -> None:
    """Take a colonist of ``kind`` from the seat's storehouse into ``city``; ``paid``: the goods it cost (logged)."""
    p = s.players[seat]
    nland = s.cat.land_colonists
    rng = range(0, nland) if kind == 0 else range(nland, len(p.col))
    for slot in rng:
        if p.col[slot] == STORE:
            p.col[slot] = s.R + city
            s.logged.append((colonist_entry, s.turn, seat, kind, city, paid))
            return
    raise IllegalAction("no colonist of that kind in the storehouse", "Colonist")


def colonist_entry(s: GameState, turn: int, seat: int, kind: int, city: int, paid: tuple[int, ...] | None) -> Entry:
    cost = f" for {goods_words(paid)}" if paid else ""
    return entry(turn, "colonist", seat, f"places a {KINDS[kind]} colonist in {place_name(s, city)}{cost}",
                 colonist=KINDS[kind], to=spot(s, s.R + city), **({"goods": goods_dict(paid)} if paid else {}))


def legal_tribune(s: GameState, st: Pending) -> list[Action]:
    seat: int = st[DECIDER]
    p = s.players[seat]
    out: list[Action] = [DONE]
    br = s.rules.board
    sites = br.recruit_sites(s, seat)
    if sites and can_pay(p.goods, s.cat.colonist_cost):
        nland = s.cat.land_colonists
        kinds = [k for k, free in ((0, STORE in p.col[:nland]), (1, STORE in p.col[nland:])) if free]
        for k in kinds:  # ("recruit", kind) for the only site; ("recruit", kind, city) when there is a choice
            out.extend([("recruit", k)] if len(sites) == 1 else
                       [("recruit", k, c) for c in sites if br.may_place(s, k, c)])
    return out


def apply_tribune(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    s.pending.pop()
    if a[0] == "recruit":
        pay(s.players[seat].goods, s.cat.colonist_cost)
        place_colonist(s, seat, a[1], a[2] if len(a) > 2 else s.rules.board.recruit_sites(s, seat)[0],
                       s.cat.colonist_cost)


def refuse_colonist(s: GameState, st: Pending, a: Action) -> str:
    if a[0] == "cash":
        return "the Colonist either places colonists or takes the money, not both"
    return ("new colonists cost 1 food and 1 tool each, come from your storehouse, and go into the capital or a city "
            "with your house")


def refuse_tribune(s: GameState, st: Pending, a: Action) -> str:
    where = "the capital" if s.board.capital is not None else "a city with your house"
    return f"the Tribune may buy one colonist from your storehouse for 1 food and 1 tool, into {where}"


def words_recruit(s: GameState, a: Action) -> str:
    b = s.board
    if len(a) > 2:  # a board where the new colonist's city is chosen (Balearica)
        return f"buy a {KINDS[a[1]]} colonist into {place_name(s, a[2])}"
    return f"buy a {KINDS[a[1]]} colonist into {b.cities[b.capital]}" if b.capital is not None else a[0]


PERFORMERS: Final[dict[str, PerformFn]] = {"colonist": perform_colonist, "tribune": perform_tribune}
STEPS: Final[tuple[Step, ...]] = (
    Step("colonist", "Colonist", legal_colonist, apply_colonist, fields=("seat", "placed"),
         prompt=("Colonist: place new colonists (1 food + 1 tool each) in the capital or a city with your house — "
                 "or take the money."),
         words={"place": lambda s, a: f"place a {KINDS[a[1]]} colonist in {place_name(s, a[2])}"},
         refuse=refuse_colonist, verbs=frozenset({"place", "cash", "done"}),
         guide="Put new colonists into the capital or a city of yours — or take the money instead."),
    Step("tribune", "Tribune", legal_tribune, apply_tribune,
         prompt="Tribune: you may buy one colonist into the capital for 1 food + 1 tool.",
         words={"recruit": words_recruit}, refuse=refuse_tribune, verbs=frozenset({"recruit", "done"}),
         guide="Buy a new colonist if you want one, or decline."),
)
