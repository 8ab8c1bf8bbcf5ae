"""Words for decisions: a readable text for every action, and the reason an illegal one is refused."""
from __future__ import annotations

from typing import Callable

from sestertius.data.catalog import GOODS
from sestertius.rules.boards import board_rules
from sestertius.rules.state import CHANCE, STORE, GameState
from sestertius.rules.turns import STEPS, build_sites, house_cost, place_name, purchase_options, ruleset, why_not_playable

KINDS = ("land", "sea")
# texts for the verbs of other modes (Solitaria registers its own): verb -> describe(state, action)
DESCRIBERS: dict[str, Callable[[GameState, tuple], str]] = {}
# why a decision of a step kind of a mode or variant is refused (the fish market registers its own)
EXPLAINERS: dict[str, Callable[[GameState, tuple, tuple], str]] = {}
STEP_VERBS = {  # the verbs each base step kind accepts
    "turn": {"play"}, "arch_move": {"move", "done"}, "arch_build": {"build", "done"}, "prefect": {"produce", "cash"},
    "discard": {"drop", "drop_fish"}, "trade": {"sell", "buy", "done"}, "colonist": {"place", "cash", "done"},
    "tribune": {"recruit", "done"}, "buy": {"card", "done"}, "diplomat": {"copy"}, "half": {"half"},
}


def describe(s: GameState, a: tuple) -> str:
    """A short readable text for a decision, e.g. 'move land colonist to land Roma–Novaria'."""
    b = s.board
    verb = a[0]
    try:
        if verb in DESCRIBERS:
            return DESCRIBERS[verb](s, a)
        if verb == "play":
            return f"play {s.cat.cards[a[1]].title}"
        if verb == "move":
            kind = KINDS[0 if a[1] < s.cat.land_colonists else 1]
            if a[2] >= s.R:  # a board's own place (Roma's ship track)
                return f"move {kind} colonist to {place_name(s, a[2] - s.R)}"
            return f"move {kind} colonist to {b.route_name(a[2])}"
        if verb == "build":
            return f"build in {b.cities[a[1]]} ({GOODS[s.city_good[a[1]]]})"
        if verb == "produce":
            return f"produce in {b.provinces[a[1]]} ({GOODS[s.marker_good[a[1]]]})"
        if verb == "cash":
            return "take the money"
        if verb in ("sell", "buy", "drop"):
            return f"{verb} 1 {GOODS[a[1]]}"
        if verb == "place":
            return f"place a {KINDS[a[1]]} colonist in {place_name(s, a[2])}"
        if verb == "recruit":
            if len(a) > 2:  # a board where the new colonist's city is chosen (Balearica)
                return f"buy a {KINDS[a[1]]} colonist into {place_name(s, a[2])}"
            return f"buy a {KINDS[a[1]]} colonist into {b.cities[b.capital]}" if b.capital is not None else verb
        if verb == "card":
            key = s.display[a[1]]
            title = s.cat.cards[key].title if key else "?"
            extra = [GOODS[g] for g in a[2:] if g >= 0]
            return f"buy {title} from position {a[1] + 1}" + (f" (paying {', '.join(extra)} for '?')"
                                                                if extra else "")
        if verb == "copy":
            seat = s.pending[-1][1] if s.pending and s.pending[-1][0] == "diplomat" else s.current
            key = dict(ruleset(s).diplomat_targets(s, seat)).get(a[1])
            title = s.cat.cards[key].title if key else "the card"
            return f"copy {title} of seat {a[1] + 1}" if a[1] >= 0 else f"copy {title}"
        if verb == "half":
            return f"perform the {('first', 'second')[a[1]]} half"
        if verb == "done":
            return "done"
    except (IndexError, KeyError, TypeError):
        pass
    return " ".join(map(str, a))


def explain_illegal(s: GameState, st: tuple, a: tuple) -> str:
    """Why ``a`` is not a legal decision for step ``st``: names the rule broken."""
    kind, seat = st[0], st[1]
    if kind in EXPLAINERS:
        return EXPLAINERS[kind](s, st, a)
    legal = STEPS[kind][0](s, st)
    verbs = sorted({x[0] for x in legal})
    # a verb this step accepts is explained even when no decision of it is legal now (e.g. no house affordable)
    accepted = STEP_VERBS.get(kind, set(verbs))
    if not a or not isinstance(a[0], str) or a[0] not in accepted:
        return f"'{a[0] if a else a}' is not a decision you can take now; expected one of: {', '.join(verbs)}"
    p = s.players[seat] if seat >= 0 else None
    b = s.board
    try:
        if kind == "turn":
            if a[1] not in s.cat.cards:
                return f"unknown card {a[1]!r}"
            return why_not_playable(s, seat, a[1])
        if kind == "arch_move" and p is not None:
            slot, r = a[1], a[2]
            if not 0 <= slot < len(p.col) or p.col[slot] == STORE:
                return "that colonist is not on the board"
            why = board_rules(s).why_not_move(s, seat, slot, r) if board_rules(s).dynamic_moves else None
            if why:
                return why
            if not 0 <= r < s.R:
                return f"no route {r}"
            k = 0 if slot < s.cat.land_colonists else 1
            if b.route_kind[r] != k:
                return f"a {KINDS[k]} colonist moves only on {KINDS[k]} routes"
            if s.route_occ[r] >= 0:
                return f"{b.route_name(r)} is occupied: a route holds one colonist at the end of a move"
            if not b.stoppable[r]:
                return f"{b.route_name(r)} may be passed but not stopped on"
            loc = p.col[slot]
            br = board_rules(s)
            if br.dynamic_moves:
                d = br.move_cost(s, seat, slot, r)
                if d is None:
                    return f"{b.route_name(r)} cannot be reached by that colonist now"
            else:
                d = b.dist[loc][r] if loc < s.R else b.city_dist[k][loc - s.R][r]
            if d <= st[2]:
                first = next(i for i, x in enumerate(p.col) if x == loc and (i < s.cat.land_colonists) == (k == 0))
                return (f"colonists of one kind in one city are interchangeable: move the colonist of slot {first} "
                        f"instead")
            return f"{b.route_name(r)} is {d} steps away; you have {st[2]} movement points left"
        if kind == "arch_build" and p is not None:
            c = a[1]
            if c == b.capital:
                return "no house may be built in the capital"
            if s.houses[c] >> seat & 1:
                return f"you already have a house in {b.cities[c]}: one house per player per city"
            if c not in build_sites(s, seat):
                return f"{b.cities[c]} is not at the end of a route holding one of your colonists"
            if len(p.houses) + board_rules(s).other_houses(s, seat) >= s.cat.houses:
                return "all your houses are built"
            if not board_rules(s).can_build(s, c):
                return (f"no more houses may be built in {b.cities[c]}: its province "
                        f"{b.provinces[b.province_of[c]]} is closed to building (the volcano)")
            goods, coins = house_cost(s, c)
            need = ", ".join(f"{n} {GOODS[g]}" for g, n in enumerate(goods) if n)
            return f"a house in {b.cities[c]} costs {need} and {coins} sestertii; you cannot pay it"
        if kind == "prefect":
            if not board_rules(s).can_produce(s, a[1]):
                return f"{b.provinces[a[1]]} can no longer produce (the volcano has erupted)"
            return f"{b.provinces[a[1]]} has already produced: its bonus marker shows coins"
        if kind == "trade" and p is not None:
            g = a[1]
            used = (st[2] | st[3]).bit_count()
            limit = 2 if len(st) == 4 else st[4]  # the fish market's Mercator stand: 1 type
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
        if kind == "tribune":
            where = "the capital" if b.capital is not None else "a city with your house"
            return f"the Tribune may buy one colonist from your storehouse for 1 food and 1 tool, into {where}"
        if kind == "colonist" and a[0] == "cash":
            return "the Colonist either places colonists or takes the money, not both"
        if kind == "colonist":
            return "new colonists cost 1 food and 1 tool each, come from your storehouse, and go into the " \
                   "capital or a city with your house"
        if kind == "buy":
            pos = a[1]
            if not 0 <= pos < len(s.display) or s.display[pos] is None:
                return f"there is no card at position {pos + 1}"
            if not purchase_options(s, seat, pos, bool(st[3])):
                return f"you cannot pay the card at position {pos + 1} (its cost plus the position's cost)"
            return "pay the '?' of the position with one good you have"
        if kind == "diplomat":
            return "the Diplomat copies the top card of another player's pile: not empty and not a Diplomat"
        if kind == "discard":
            return f"you have no {GOODS[a[1]]}"
    except (IndexError, TypeError, KeyError, ValueError):  # e.g. a negative good index in a bit shift
        return f"malformed decision {a!r}"
    return f"{describe(s, a)} is not legal now"

# What the seat to act is asked, per step kind (shown above its decisions); a chance step entered by a person
# at the table has its own words.
PROMPTS = {
    "turn": "Play a card from your hand.",
    "arch_move": "Architect: move your colonists. Click a glowing route (or first one of your colonists), then Done.",
    "arch_build": "Architect: build houses. Click a glowing city, then Done.",
    "prefect": "Prefect: click a province's bonus marker to produce there, or take the money from the turned markers.",
    "discard": "Your storehouse is over full: choose the goods to give up.",
    "trade": "Mercator: sell and buy goods of at most two kinds, then Done.",
    "colonist": "Colonist: place new colonists (1 food + 1 tool each) in the capital or a city with your house — or take the money.",
    "tribune": "Tribune: you may buy one colonist into the capital for 1 food + 1 tool.",
    "buy": "Buy cards from the display (click a glowing card), then Done.",
    "diplomat": "Diplomat: choose the card to copy.",
    "half": "Choose which half of the card to perform.",
    "contrarius_line": "Choose the line for Contrarius' colonist (click a glowing route).",
    "contrarius_move": "Choose which of Contrarius' colonists moves onto which line.",
    "contrarius_roll": "Roll the die and enter the face it shows.",
    "start_city": "Team play: choose the city where your colonists start (click a glowing city).",
    "partner_play": "Team play: a decision on your partner's turn.",
    "legatus": "Legatus: choose a card.",
    "market": "Fish market: use a spot, or go on.",
    "roma_sail": "Ship track: move a ship, or Done.",
    "roma_build": "Ship track: build a house (click a glowing city).",
    "roma_god": "Choose a god.",
    "roma_bonus": "Ship track: take the bonus.",
    "contrarius_veto": "Contrarius rolled: keep the result, or use your one veto card to make Contrarius roll this die again.",
    "stands": "Fish market: use a stand of your spot (paying its fish), or Done.",
    "fish_colonist": "Fish market: place the colonist.",
    "fish_good": "Fish market: choose the good.",
    "fish_prefect": "Prefect with fish: choose the province.",
    "volcano": "The volcano erupts: draw a tile and enter it.",
}
CHANCE_PROMPTS = {
    "contrarius_roll": "Roll the die for Contrarius and enter the face it shows.",
    "die": "Roll the die and enter the face it shows.",
    "volcano": "Draw a volcano tile and enter which it is.",
    "volcano_setup": "Setup: draw a volcano tile and enter which it is.",
}


def prompt(s: GameState) -> str | None:
    """The words for the step to decide now."""
    if s.over or not s.pending:
        return None
    st = s.pending[-1]
    if st[1] == CHANCE:
        return CHANCE_PROMPTS.get(st[0], "Chance: enter the outcome.")
    return PROMPTS.get(st[0], "Your decision.")
