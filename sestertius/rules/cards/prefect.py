"""The Prefect: produce in a province whose bonus marker shows its good (the Prefect takes the bonus good, every
house there produces), or take the sestertii of the turned markers and turn them all back."""
from __future__ import annotations

from typing import Final

from sestertius.data.catalog import GOODS, Card
from sestertius.rules.errors import shown
from sestertius.rules.state import NOBODY, Entry, GameState, entry
from sestertius.rules.steps import DECIDER, Action, Pending, PerformFn, Step
from sestertius.rules.turn import queue_overflow
from sestertius.rules.words import goods_dict, goods_words, money_words

PREFECT_CARD: Final = 2  # ("prefect", seat, card): the card performed


def perform_prefect(s: GameState, seat: int, card: Card) -> None:
    s.pending.append((s.rules.prefect_step, seat, card.key))  # a variant may have its own (the fish market's)


def perform_specialist(s: GameState, seat: int, card: Card) -> None:
    """Every house of the seat in a city of the card's good produces one (where the board lets it produce)."""
    p = s.players[seat]
    br = s.rules.board
    cities = []  # a loop, not a generator: a closure over s, card and br would cost every performance
    for c in p.houses:
        if s.city_good[c] == card.good and br.can_produce(s, s.board.province_of[c]):
            cities.append(c)
    p.goods[card.good] += len(cities)
    s.logged.append((specialist_entry, s.turn, seat, card.key, cities))
    queue_overflow(s, seat)


def specialist_entry(s: GameState, turn: int, seat: int, key: str, cities: list[int]) -> Entry:
    card = s.cat.cards[key]
    n = len(cities)
    good = GOODS[card.good]
    got = f"{n} house{'s' * (n != 1)} produce{'s' * (n == 1)} {n} {good}" if n else f"no house produces {good}"
    return entry(turn, "produce", seat, f"{card.title}: {got}", card=key, cities=list(cities), goods={good: n})


def produce_refusal(s: GameState, prov: int) -> str | None:
    """The rule that forbids a Prefect to produce in this province now (a key of ``PRODUCE_WORDS``), or None."""
    if not s.rules.board.can_produce(s, prov):
        return "erupted"
    if not s.marker_up[prov]:
        return "produced"
    return None


PRODUCE_WORDS: Final = {
    "erupted": "{} can no longer produce (the volcano has erupted)",
    "produced": "{} has already produced: its bonus marker shows coins",
}


def unproducible(s: GameState, prov: int) -> str | None:
    """Why a Prefect may not produce in this province now, in words, or None when it may."""
    why = produce_refusal(s, prov)
    return None if why is None else PRODUCE_WORDS[why].format(s.board.provinces[prov])


CASH: Final[Action] = ("cash",)
_PRODUCE: Final[list[Action]] = []  # ("produce", province), made once and shared (as the Architect's ``moves_of``)


def legal_prefect(s: GameState, st: Pending) -> list[Action]:
    n = len(s.marker_up)
    for i in range(len(_PRODUCE), n):
        _PRODUCE.append(("produce", i))
    out: list[Action] = [_PRODUCE[i] for i in range(n) if produce_refusal(s, i) is None]
    out.append(CASH)
    return out


def apply_prefect(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    s.pending.pop()
    if a[0] == "cash":
        br = s.rules.board
        coins = sum(br.marker_coins(s, i) for i, up in enumerate(s.marker_up) if not up)
        s.players[seat].money += coins
        s.marker_up = [True] * len(s.marker_up)
        s.turn_info.prefect = ("cash", coins)
        s.log("cash", seat, f"takes {money_words(coins)} from the bonus markers; all markers show goods again")
        br.after_cash(s, seat)  # e.g. Roma: move one sea colonist forward
        return
    produce_province(s, seat, a[1], bonus=True)
    queue_overflow(s, seat)


def produce_province(s: GameState, seat: int, prov: int, bonus: bool) -> None:
    """Flip the province's marker; ``seat`` (unless NOBODY, and with ``bonus``) takes the bonus good; every house
    produces."""
    s.marker_up[prov] = False
    good = s.marker_good[prov]
    rs = s.rules.mode
    n = 0  # the bonus goods; -1: none, the province has lost its production bonus
    pm_to = NOBODY  # the seat Praefectus Magnus passed to
    if bonus and seat != NOBODY and not s.rules.board.production_bonus(s, prov):
        n = -1
    elif bonus and seat != NOBODY:
        n = 1
        if rs.pm_bonus(s, seat):
            n = 2
            if s.pm == seat:
                s.pm = pm_to = rs.pm_next(s, seat)  # passes to the right
        s.players[seat].goods[good] += n
    got = []  # (seat, good, city) of every good a house produced
    for c in s.board.province_cities[prov]:
        m = s.houses[c]
        if m:
            g = s.city_good[c]
            for other in range(s.n):
                if m >> other & 1 and rs.receives_goods(s, other):
                    s.players[other].goods[g] += 1
                    got.append((other, g, c))
    s.turn_info.prefect = ("produce", prov)
    s.logged.append((produce_entry, s.turn, seat, prov, good, n, pm_to, tuple(got)))


def produce_entry(s: GameState, turn: int, seat: int, prov: int, good: int, n: int, pm_to: int,
                  got: tuple[tuple[int, int, int], ...]) -> Entry:
    text = f"produces in {s.board.provinces[prov]}"
    if pm_to != NOBODY:
        text += f" with Praefectus Magnus (now with seat {pm_to + 1})"
    if n < 0:
        text += " (no bonus good: the province has lost its production bonus)"
    elif n:
        text += f"; bonus: {n} {GOODS[good]}"
    per_seat: dict[int, list[int]] = {}
    for other, g, _ in got:
        per_seat.setdefault(other, [0] * 5)[g] += 1
    text += "; houses: " + ("; ".join(f"seat {i + 1} {goods_words(per_seat[i])}" for i in sorted(per_seat))
                            if per_seat else "none")
    return entry(turn, "produce", seat, text, province=prov, bonus=max(n, 0), good=GOODS[good],
                 produced=[{"seat": i, "goods": goods_dict(per_seat[i])} for i in sorted(per_seat)],
                 cities=list(dict.fromkeys(c for _, _, c in got)))


def refuse_prefect(s: GameState, st: Pending, a: Action) -> str:
    if not 0 <= a[1] < len(s.marker_up):
        return f"there is no province {shown(a[1])}"
    return unproducible(s, a[1]) or "not legal now"


def words_produce(s: GameState, a: Action) -> str:
    return f"produce in {s.board.provinces[a[1]]} ({GOODS[s.marker_good[a[1]]]})"


PERFORMERS: Final[dict[str, PerformFn]] = {"prefect": perform_prefect, "specialist": perform_specialist}
STEPS: Final[tuple[Step, ...]] = (
    Step("prefect", "Prefect", legal_prefect, apply_prefect, fields=("seat", "card"),
         prompt="Prefect: choose a bonus marker to produce in its province, or take the money of the turned markers.",
         words={"produce": words_produce}, refuse=refuse_prefect, verbs=frozenset({"produce", "cash"}),
         guide=("Pick a province to produce in: its glowing bonus marker — or cash in the markers turned to their "
                "coin side.")),
)
