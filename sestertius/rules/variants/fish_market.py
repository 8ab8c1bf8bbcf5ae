"""The fish-market variant (FORVM PISCATORVM, Balearica/Cyprus rulebook), option ``fish_market`` = "coastal" or
"mountain": the side of the market board, whose stands are data (``data/fish_market.toml``, assumption A-FISH-MARKET).

State: ``state.parts["fish"]``, a :class:`FishPart`: the fish on each province's marker spot (0, 1 or 2), the
sestertii on each market spot, each seat's market spot (-1 before its first use) and each seat's stored fish (a
storehouse space holds one marker of 1 or 2 fish; two 1-fish markers may always combine, so ``n`` fish take
``ceil(n / 2)`` spaces). ``state.pm`` is the holder of Praefectus Piscatus, which replaces Praefectus Magnus (also
for the tie-break). ``state.marker_up[i]`` stays "province i has fish".

Steps (pushed through the hooks of :class:`~sestertius.rules.variants.base.Variant`; the stands push the base
steps with arguments, never a copy of their code):

- ``("market", seat, start)``: the phase before the card (pushed above the turn step when the turn starts);
  ``start`` is the spot where the phase began (-1 before the first use). Decisions ``("enter", spot, stand)``
  and ``("done",)``. Coastal: any number of spots, stopping on returning to ``start``. Mountainside: one spot,
  then ``("stands", seat, spot, used_mask)`` offers its other stand.
- ``("fish_prefect", seat, card)``: the Prefect of the variant: ``("produce", province)`` or ``("cash",)``.
- ``("fish_good", seat, goods_mask, overflow)``: take 1 good of the mask; ``("fish_colonist", seat, spot, stand)``:
  pay 1 food or tool and place a colonist where the Tribune's new colonist would arrive (the capital, or what
  stands for it); ``("fish_refill", AUTO)``: refill the display after the
  Senator stand's purchase (as after a Senator).
- Senator stand: ``("buy", seat, 1, 1)``; Architect stand: ``("arch_move", seat, 1, 1)`` (1 step, then at most 1
  house); Mercator stand: +2 sestertii and ``("trade", seat, 0, 0, 1)`` (one type of goods).

Solitaria: fish paid go to Contrarius (``Ruleset.fish_paid``), who scores them at the end. Venus team play
(``Ruleset.partners_perform``, also Solitaria's team play): the cards are chosen first; each partner uses the market
once per turn, right before carrying out its card. The boards with rules of their own plug in through their hooks:
where new colonists arrive (the colonist stand), ``can_produce`` and ``production_bonus`` (Sicilia's volcano:
A-FISH-SICILIA), ``after_cash`` (Roma's ship move: A-FISH-ROMA); Solitaria's Contrarius through ``fish_bonus``,
``empty_spots`` and ``regrow`` (A-SOLO-FISH-BOARDS).
"""
from __future__ import annotations

from typing import Any, Final

from sestertius.data.catalog import GOODS, Stand, load_fish_market
from sestertius.rules.cards.colonist import place_colonist
from sestertius.rules.cards.prefect import produce_province
from sestertius.rules.errors import shown
from sestertius.rules.state import AUTO, NOBODY, NOT_YET, STORE, GameState
from sestertius.rules.steps import DECIDER, DONE, KIND, Action, ApplyFn, LegalFn, Pending, Step, WordsFn, auto_step
from sestertius.rules.turn import queue_overflow, refill_display
from sestertius.rules.variants.base import Variant
from sestertius.rules.variants.fish_part import FishPart, empty_spots, fish, fish_bonus, regrow, side
from sestertius.rules.words import money_words, place_name

# the fields of the steps (their records: STEPS below)
MARKET_START: Final = 2  # ("market", seat, start): the spot where the phase began (NOT_YET before the first use)
STANDS_SPOT: Final = 2  # ("stands", seat, spot, used): the spot entered...
STANDS_USED: Final = 3  # ... and a bitmask of its stands used
FISH_GOOD_GOODS: Final = 2  # ("fish_good", seat, goods, may_overflow): a bitmask of the goods to choose from...
FISH_GOOD_MAY_OVERFLOW: Final = 3  # ... and 1 when the good may overflow the storehouse
FISH_COLONIST_SPOT: Final = 2  # ("fish_colonist", seat, spot, stand): the colonist stand used
FISH_COLONIST_STAND: Final = 3
FISH_PREFECT_CARD: Final = 2  # ("fish_prefect", seat, card): the card performed


def market_phase(s: GameState, seat: int) -> None:
    """Push the market phase if the seat can use the market at all (a phase with nothing to do but 'done' is left
    out)."""
    st = ("market", seat, fish(s).pos[seat])
    if len(legal_market(s, st)) > 1:
        s.pending.append(st)


# -- the market --------------------------------------------------------------------------------------------------
def refusal(s: GameState, seat: int, stand: Stand) -> str | None:
    """Why ``seat`` cannot pay and carry out this stand now, or None."""
    p = s.players[seat]
    have = fish(s).stored[seat]
    if have < stand.fish:
        return f"the stand costs {stand.fish} fish; you have {have}"
    if stand.action == "good":
        room = s.free_space(seat) + ((have + 1) >> 1) - ((have - stand.fish + 1) >> 1)
        if room < 1:
            return "the good needs a free space in your storehouse (after paying the fish)"
    elif stand.action == "colonist":
        if not s.rules.board.recruit_sites(s, seat):
            return "there is no city where a new colonist may arrive"
        if STORE not in p.col:
            return "you have no colonist in your storehouse"
        if not colonist_places(s, seat):
            return "no colonist of your storehouse may go where new colonists arrive"
        if not any(p.goods[g] for g in stand.goods):
            return f"the colonist costs 1 {' or '.join(GOODS[g] for g in stand.goods)}; you have none"
    return None


def colonist_places(s: GameState, seat: int) -> list[tuple[int, int]]:
    """(kind, place) for the colonist stand's new colonist: a kind the seat has in its storehouse, a place where the
    board lets the Tribune's new colonist arrive ("into the capital"; Balearica: a city with an own house; Roma: START
    for a land colonist, OSTIA for a sea colonist)."""
    p = s.players[seat]
    nland = s.cat.land_colonists
    kinds = [kind for kind, slots in ((0, p.col[:nland]), (1, p.col[nland:])) if STORE in slots]
    br = s.rules.board
    return [(kind, c) for c in br.recruit_sites(s, seat) for kind in kinds if br.may_place(s, kind, c)]


def reach(pos: int, start: int, n: int) -> list[tuple[int, int]]:
    """(spot, spots skipped) the marker may move to: any spot at the first use; else forward, at most back to the
    spot where this phase began (a full circle)."""
    if pos == NOT_YET:
        return [(j, 0) for j in range(n)]
    limit = (start - pos) % n or n
    return [((pos + d) % n, d - 1) for d in range(1, limit + 1)]


def legal_market(s: GameState, st: Pending) -> list[Action]:
    seat, start = st[DECIDER], st[MARKET_START]
    spots = side(s).spots
    money = s.rules.mode.funds(s, seat)  # team play: the partner's sestertii too, as for every payment
    out: list[Action] = [DONE]
    for j, skips in reach(fish(s).pos[seat], start, len(spots)):
        if skips > money:
            break
        for k, stand in enumerate(spots[j]):
            if refusal(s, seat, stand) is None:
                out.append(("enter", j, k))
    return out


def apply_market(s: GameState, st: Pending, a: Action) -> None:
    seat, start = st[DECIDER], st[MARKET_START]
    if a[0] == "done":
        s.pending.pop()
        return
    _, j, k = a
    sd = side(s)
    n = len(sd.spots)
    f = fish(s)
    p = s.players[seat]
    pos = f.pos[seat]
    text = f"fish market: {'starts at' if pos == NOT_YET else 'moves to'} spot {j + 1}"
    if pos != NOT_YET:
        d = (j - pos) % n or n
        for i in range(1, d):
            f.coins[(pos + i) % n] += 1
        s.rules.mode.spend(s, seat, d - 1)
        if d > 1:
            text += f", leaving 1 sestertius on each of the {d - 1} skipped spot{'s' if d > 2 else ''}"
    f.pos[seat] = j
    taken = f.coins[j]
    if taken:
        p.money += taken
        f.coins[j] = 0
        text += f", takes the {money_words(taken)} lying there"
    if start == NOT_YET:
        start = j
    returned = pos != NOT_YET and j == start  # back where the phase began: stop here
    if sd.one_spot_per_phase:  # mountainside: one new spot per phase, its other stand(s) may follow
        if len(sd.spots[j]) > 1:
            s.pending[-1] = ("stands", seat, j, 1 << k)
        else:
            s.pending.pop()
    elif returned:
        s.pending.pop()
        text += " (back at the spot where the phase began: the phase ends)"
    else:
        s.pending[-1] = ("market", seat, start)
    s.log("market", seat, text, spot=j)
    use_stand(s, seat, j, k)


def use_stand(s: GameState, seat: int, j: int, k: int) -> None:
    """Pay the stand's fish and carry out its action (pushing the base game's steps where it has them)."""
    stand = side(s).spots[j][k]
    p = s.players[seat]
    fish(s).stored[seat] -= stand.fish
    act = stand.action
    s.log("stand", seat, f"pays {stand.fish} fish: {stand.text()}", spot=j, stand=k)
    s.rules.mode.fish_paid(s, seat, stand.fish)
    if act == "good":
        if len(stand.goods) == 1:
            p.goods[stand.goods[0]] += 1
        else:
            s.pending.append(("fish_good", seat, sum(1 << g for g in stand.goods), 0))
    elif act == "money":
        p.money += stand.money
    elif act == "senator":
        s.pending.append(("fish_refill", AUTO))  # the display slides and refills after the purchase
        s.pending.append(("buy", seat, stand.cards, 1))
    elif act == "architect":
        s.pending.append(("arch_move", seat, stand.steps, stand.houses))
    elif act == "colonist":
        s.pending.append(("fish_colonist", seat, j, k))
    else:  # mercator
        p.money += stand.money
        s.pending.append(("trade", seat, 0, 0, stand.types))


def legal_stands(s: GameState, st: Pending) -> list[Action]:
    seat, j, used = st[DECIDER], st[STANDS_SPOT], st[STANDS_USED]
    out: list[Action] = [DONE]
    for k, stand in enumerate(side(s).spots[j]):
        if not used >> k & 1 and refusal(s, seat, stand) is None:
            out.append(("stand", k))
    return out


def apply_stands(s: GameState, st: Pending, a: Action) -> None:
    seat, j, used = st[DECIDER], st[STANDS_SPOT], st[STANDS_USED]
    if a[0] == "done":
        s.pending.pop()
        return
    k = a[1]
    used |= 1 << k
    if used == (1 << len(side(s).spots[j])) - 1:
        s.pending.pop()
    else:
        s.pending[-1] = ("stands", seat, j, used)
    use_stand(s, seat, j, k)


def legal_fish_good(s: GameState, st: Pending) -> list[Action]:
    return [("take", g) for g in range(5) if st[FISH_GOOD_GOODS] >> g & 1]


def apply_fish_good(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    s.pending.pop()
    s.players[seat].goods[a[1]] += 1
    s.log("take", seat, f"takes 1 {GOODS[a[1]]}")
    if st[FISH_GOOD_MAY_OVERFLOW]:
        queue_overflow(s, seat)


def legal_fish_colonist(s: GameState, st: Pending) -> list[Action]:
    seat, j, k = st[DECIDER], st[FISH_COLONIST_SPOT], st[FISH_COLONIST_STAND]
    p = s.players[seat]
    goods = [g for g in side(s).spots[j][k].goods if p.goods[g]]
    return [("settle", kind, g, c) for kind, c in colonist_places(s, seat) for g in goods]


def apply_fish_colonist(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    _, kind, g, c = a
    s.pending.pop()
    s.players[seat].goods[g] -= 1
    place_colonist(s, seat, kind, c, tuple(int(x == g) for x in range(5)))


def apply_fish_refill(s: GameState, st: Pending, a: Action) -> None:
    s.pending.pop()
    refill_display(s)


# -- the Prefect of the variant ------------------------------------------------------------------------------------
def legal_fish_prefect(s: GameState, st: Pending) -> list[Action]:
    br = s.rules.board
    out: list[Action] = [("produce", i) for i, n in enumerate(fish(s).spots) if n and br.can_produce(s, i)]
    out.append(("cash",))
    return out


def apply_fish_prefect(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    s.pending.pop()
    f = fish(s)
    p = s.players[seat]
    spots = f.spots
    br = s.rules.board
    if a[0] == "cash":  # (b): 1 per province without fish, 1 good of choice; then the fish grow
        empty = empty_spots(s)
        p.money += empty
        regrow(s)
        s.turn_info.prefect = ("cash", empty)
        s.log("cash", seat, f"takes {money_words(empty)} (1 per province without fish) and 1 good of choice; "
                            f"1-fish markers turn to 2 fish, each empty spot gets 1 fish")
        br.after_cash(s, seat)  # e.g. Roma: move one sea colonist forward, after the good of choice
        s.pending.append(("fish_good", seat, 31, 1))  # the good may overflow the storehouse
        return
    prov = a[1]
    n = spots[prov]
    spots[prov] = 0
    pname = s.board.provinces[prov]
    if fish_bonus(s, prov):
        text = f"takes the {n} fish of {pname}"
        more = " and {} more with Praefectus Piscatus"
    else:  # the fish are the province's bonus, which it has lost (Sicilia's volcano, A-FISH-SICILIA)
        text = (f"takes none of the {n} fish of {pname}: the province has lost its production bonus, its fish go "
                f"back to the supply")
        n = 0
        more = "; takes {} fish from the supply with Praefectus Piscatus"
    if s.rules.mode.pm_bonus(s, seat):  # the holder of Praefectus Piscatus (Solitaria: the Prefect with P. M. card)
        extra = load_fish_market().piscatus_extra_fish
        n += extra
        text += more.format(extra)
        if s.pm == seat:
            s.pm = s.rules.mode.pm_next(s, seat)  # passes to the right (the mode's rule, as Praefectus Magnus)
            text += f" (now with seat {s.pm + 1})"
    f.stored[seat] += n
    s.log("fish", seat, text, province=prov)
    produce_province(s, seat, prov, bonus=False)  # the marker spot is empty; every house produces as usual
    queue_overflow(s, seat)  # fish or goods beyond the storehouse are given up


# -- words ---------------------------------------------------------------------------------------------------------
def _stand_text(s: GameState, j: int, k: int) -> str:
    stand = side(s).spots[j][k]
    return f"{stand.text()} for {stand.fish} fish"


def describe_enter(s: GameState, a: Action) -> str:
    _, j, k = a
    text = f"fish market: go to spot {j + 1} and use its stand {_stand_text(s, j, k)}"
    st = s.pending[-1] if s.pending else None
    if st and st[KIND] == "market":
        f = fish(s)
        pos = f.pos[st[DECIDER]]
        n = len(side(s).spots)
        skips = ((j - pos) % n or n) - 1 if pos != NOT_YET else 0
        if skips:
            text += f", skipping {skips} spot{'s' if skips > 1 else ''} (1 sestertius each)"
        if f.coins[j]:
            text += f", taking the {money_words(f.coins[j])} there"
    return text


def describe_stand(s: GameState, a: Action) -> str:
    st = s.pending[-1] if s.pending else None
    if st and st[KIND] == "stands":
        return f"fish market: also use the stand {_stand_text(s, st[STANDS_SPOT], a[1])}"
    return f"use stand {a[1] + 1}"


def describe_produce(s: GameState, a: Action) -> str:
    if not s.rules.board.production_bonus(s, a[1]):
        return f"produce in {s.board.provinces[a[1]]} (no fish: the province has lost its production bonus)"
    return f"produce in {s.board.provinces[a[1]]} (taking its {fish(s).spots[a[1]]} fish)"


def explain(s: GameState, st: Pending, a: Action) -> str:
    """Why a decision of a fish-market step is refused; names the rule."""
    kind, seat = st[KIND], st[DECIDER]
    verbs = sorted({x[0] for x in STEPS_BY_KIND[kind].legal(s, st)})
    spots = side(s).spots
    n = len(spots)
    try:
        if kind == "stands" and a[0] == "enter":
            return ("mountainside market: only one new spot may be entered in one fish-market phase; use this "
                    "spot's other stand or end the phase")
        if not a or a[0] not in STEPS_BY_KIND[kind].verbs:
            return f"'{a[0] if a else a}' is not a decision you can take now; expected one of: {', '.join(verbs)}"
        if kind == "market":
            j, k = a[1], a[2]
            if not 0 <= j < n or not 0 <= k < len(spots[j]):
                return f"the market has no stand {k + 1} at spot {j + 1} (spots 1 to {n})"
            pos, start = fish(s).pos[seat], st[MARKET_START]
            if pos != NOT_YET:
                d = (j - pos) % n or n
                if d > ((start - pos) % n or n):
                    return (f"the marker moves forward and must stop on reaching the spot where this phase began "
                            f"(spot {start + 1}); spot {j + 1} lies beyond it")
                funds = s.rules.mode.funds(s, seat)
                if d - 1 > funds:
                    return (f"skipping {d - 1} spot{'s' if d > 2 else ''} costs {money_words(d - 1)} (1 left on each "
                            f"skipped spot); you have {funds}")
            why = refusal(s, seat, spots[j][k])
            return f"spot {j + 1} ({_stand_text(s, j, k)}): {why or 'not possible now'}"
        if kind == "stands":
            k = a[1]
            j = st[STANDS_SPOT]
            if not 0 <= k < len(spots[j]):
                return f"this spot has no stand {k + 1}"
            if st[STANDS_USED] >> k & 1:
                return "each market stand may be used only once, when its spot is entered"
            return f"stand {_stand_text(s, j, k)}: {refusal(s, seat, spots[j][k]) or 'not possible now'}"
        if kind == "fish_prefect":
            if not s.rules.board.can_produce(s, a[1]):
                return f"{s.board.provinces[a[1]]} can no longer produce (the volcano has erupted)"
            return (f"{s.board.provinces[a[1]]} has no fish on its marker spot: only a province with fish may "
                    f"produce")
        if kind == "fish_good":
            return "choose one of: " + ", ".join(GOODS[g] for g in range(5) if st[FISH_GOOD_GOODS] >> g & 1)
        if kind == "fish_colonist":
            return ("the colonist stand: pay 1 of the listed goods you have and place a colonist from your "
                    "storehouse where new colonists arrive (the capital, or what stands for it on this board)")
    except (IndexError, TypeError, KeyError, ValueError):
        return f"malformed decision {shown(a)}"
    return f"{shown(a)} is not legal now"



def words_settle(s: GameState, a: Action) -> str:
    return f"pay 1 {GOODS[a[2]]} and place a {('land', 'sea')[a[1]]} colonist in {place_name(s, a[3])}"


def _step(kind: str, title: str, legal: LegalFn, apply: ApplyFn, fields: tuple[str, ...], prompt: str,
          words: dict[str, WordsFn], verbs: set[str]) -> Step:
    return Step(kind, title, legal, apply, fields=fields, prompt=prompt, words=words, refuse=explain,
                verbs=frozenset(verbs), refuses_all=True)


STEPS: Final[tuple[Step, ...]] = (
    _step("market", "Fish market", legal_market, apply_market, ("seat", "start"), "Fish market: use a spot, or go on.",
          {"enter": describe_enter}, {"enter", "done"}),
    _step("stands", "Fish market (mountainside spot)", legal_stands, apply_stands, ("seat", "spot", "used"),
          "Fish market: use a stand of your spot (paying its fish), or Done.", {"stand": describe_stand},
          {"stand", "done"}),
    _step("fish_good", "Fish market (good of choice)", legal_fish_good, apply_fish_good,
          ("seat", "goods", "may_overflow"), "Fish market: choose the good.",
          {"take": lambda s, a: f"take 1 {GOODS[a[1]]}"}, {"take"}),
    _step("fish_colonist", "Fish market (colonist stand)", legal_fish_colonist, apply_fish_colonist,
          ("seat", "spot", "stand"), "Fish market: place the colonist.", {"settle": words_settle}, {"settle"}),
    _step("fish_prefect", "Prefect (fish market)", legal_fish_prefect, apply_fish_prefect, ("seat", "card"),
          "Prefect with fish: choose the province.", {"produce": describe_produce}, {"produce", "cash"}),
    auto_step("fish_refill", "Fish market (display)", apply_fish_refill),
)
STEPS_BY_KIND: Final = {step.kind: step for step in STEPS}


class FishMarket(Variant):
    name = "fish_market"
    option = "fish_market"
    steps = STEPS
    replaces = {"prefect": "fish_prefect"}

    def setup(self, s: GameState) -> None:
        """1 fish on each bonus-marker spot instead of the bonus markers; Praefectus Piscatus to the last player
        (``state.pm``, set up as for Praefectus Magnus)."""
        n_prov = len(s.board.provinces)
        s.parts["fish"] = FishPart([load_fish_market().setup_fish] * n_prov, [0] * len(side(s).spots),
                                   [NOT_YET] * s.n, [0] * s.n)
        s.marker_up = [True] * n_prov

    def turn_started(self, s: GameState, seat: int) -> None:
        if not s.rules.mode.partners_perform:
            market_phase(s, seat)

    def before_performing(self, s: GameState, seat: int, key: str | None) -> bool:
        """Team play: each partner uses the market once per turn, right before carrying out its card."""
        f = fish(s)
        done = f.used_by if f.used_in == s.turn else ()
        if not s.rules.mode.partners_perform or seat in done:
            return False
        f.used_in, f.used_by = s.turn, (*done, seat)
        s.pending.append(("perform_card", AUTO, seat, key))
        market_phase(s, seat)
        return True

    def production_ended(self, s: GameState, prov: int) -> None:
        """Sicilia's eruption: the province's bonus-marker spot leaves the mini map; its fish go back to the supply
        and it gets none again (A-FISH-SICILIA)."""
        f = fish(s)
        if f.spots[prov]:
            s.log("fish", NOBODY, f"the {f.spots[prov]} fish on the bonus-marker spot of {s.board.provinces[prov]} go "
                                  f"back to the supply")
        f.spots[prov] = 0
        s.marker_up[prov] = False

    def storehouse_used(self, s: GameState, seat: int) -> int:
        return (fish(s).stored[seat] + 1) >> 1  # markers of 1 or 2 fish, one a space

    def discard_options(self, s: GameState, seat: int) -> list[Action]:
        return [("drop_fish",)] if fish(s).stored[seat] else []

    def discard(self, s: GameState, seat: int, a: Action) -> None:
        if a[0] == "drop_fish":
            n = fish(s).stored[seat]
            fish(s).stored[seat] -= 1 if n & 1 else 2  # the single 1-fish marker if there is one, else a 2-fish one

    def goods_value(self, s: GameState, seat: int) -> int:
        return fish(s).stored[seat] * load_fish_market().vesta_fish_value  # each stored fish counts for Vesta

    def public(self, s: GameState) -> dict[str, Any]:
        return {"fish_market": public_view(s)}


def public_view(s: GameState) -> dict[str, Any]:
    sd = side(s)
    f = fish(s)
    return {
        "side": sd.name, "title": sd.title, "one_spot_per_phase": sd.one_spot_per_phase,
        "spots": [{"spot": j, "coins": f.coins[j], "markers": [i for i in range(s.n) if f.pos[i] == j],
                   "stands": [{"action": st.action, "fish": st.fish, "text": st.text()} for st in stands]}
                  for j, stands in enumerate(sd.spots)],
        "province_fish": list(f.spots),
        "fish": list(f.stored),
        # storehouse fish markers, as compact as possible: 2-fish markers and at most one 1-fish marker
        "fish_markers": [[2] * (n // 2) + [1] * (n & 1) for n in f.stored],
        "praefectus_piscatus": s.pm,
        "assumption": "A-FISH-MARKET",
    }
