"""What the terminal game shows, drawn from a seat's view (``Game.view(seat)``): the same dict the web client gets.

Every function here takes a view (or a part of one) and returns text; none of them sees the game's state. Static
reference data comes from where a web client takes it: card titles and costs from the card catalogue (the web
client's ``/api/catalog``), board titles from ``sestertius.choices()``.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from typing import Any

from sestertius.table import money, needs_table, table_moves, track_points

View = dict[str, Any]

STATE_EVENTS = ("contrarius", "die", "concordia", "setup")  # told as they happen (the player's own moves are not)


@cache
def catalog() -> dict[str, dict[str, Any]]:
    """Card key -> title, cost (goods, one entry per good) and label: the base cards and Solitaria's own. The label
    tells apart cards of solo play that share a title but not their effect: "Mercator (3 sestertii)" and "Mercator
    (5 sestertii)", "Diplomat (Jupiter)" and "Diplomat (Mars)"; other cards are labelled by their title."""
    from sestertius.data.catalog import GOODS
    from sestertius.data.solitaria import solo_data
    solo = solo_data()
    cards = solo.catalog.cards
    titles = {key: card.title.replace(" (Contrarius)", "") for key, card in cards.items()}
    in_play = {*solo.hand, *(k for stack in solo.stacks.values() for k in stack)}  # the player's (not Contrarius')
    labels = {}
    for key in in_play:
        twins = [cards[k] for k in in_play if titles[k] == titles[key]]
        parts = []
        if len({c.money for c in twins}) > 1:
            parts.append(money(cards[key].money))
        if len({c.gods for c in twins}) > 1:
            parts.append(", ".join(f"{g} ×{n}" if n > 1 else g
                                   for g, n in Counter(cards[key].gods).items()) or "no god")
        if parts:
            labels[key] = f"{titles[key]} ({'; '.join(parts)})"
    return {key: {"title": titles[key], "label": labels.get(key, titles[key]),
                  "cost": [GOODS[g] for g, n in enumerate(card.cost) for _ in range(n)]}
            for key, card in cards.items()}


@cache
def prices() -> dict[str, int]:
    """Good -> its price in sestertii (the Mercator buys and sells at it), as the web client's catalogue has it."""
    from sestertius.data.catalog import GOODS, load_catalog
    return dict(zip(GOODS, load_catalog().prices))


@cache
def board_title(name: str) -> str:
    from sestertius import choices
    return next((b["title"] for b in choices()["boards"] if b["name"] == name), name)


def cards(keys: Iterable[str]) -> str:
    return ", ".join(catalog().get(k, {"label": k})["label"] for k in keys) or "-"


def city(view: View, c: int) -> str:
    return view["cities"][c]["name"]


def route(view: View, r: int, kind: bool = True) -> str:
    """'land Roma–Novaria' (without its kind: 'Roma–Novaria')."""
    line = view["routes"][r]
    ends = f"{city(view, line['a'])}–{city(view, line['b'])}"
    return f"{line['kind']} {ends}" if kind else ends


def contrarius(view: View) -> dict[str, Any]:
    """Contrarius' public summary (``extra``), empty when no Contrarius plays."""
    return (view.get("extra") or {}).get("contrarius") or {}


def seat_marks(view: View, seat: int) -> dict[int, str]:
    """One letter per seat for the board: Y you, C Contrarius, else the seat's number."""
    marks = {p["seat"]: str(p["seat"] + 1) for p in view["players"]}
    marks[seat] = "Y"
    if contrarius(view):
        marks[contrarius(view)["seat"]] = "C"
    return marks


def colonists(view: View, player: dict[str, Any]) -> str:
    out = []
    for col in player["colonists"]:
        at = col["at"]
        if at == "store":
            continue
        if "route" in at:
            where = route(view, at["route"], kind=False)
        elif "city" in at:
            where = f"in {city(view, at['city'])}"
        else:  # a board's own place (Roma's Start, a start boat)
            where = f"on {at.get('name', at)}"
        out.append(f"{col['kind']} {where}")
    return "; ".join(out) or "-"


def houses(view: View, player: dict[str, Any]) -> str:
    names = ", ".join(city(view, c) for c in player["houses"]) or "-"
    return f"houses {len(player['houses'])}/{len(player['houses']) + player['houses_left']}: {names}"


def display(view: View) -> str:
    shown = []
    for i, slot in enumerate(view["display"]):
        if slot["card"] is None:
            continue
        card = catalog().get(slot["card"], {"label": slot["card"], "cost": []})
        extra = "+".join(slot["extra"])
        shown.append(f"{i + 1} {card['label']} ({' '.join(card['cost']) or 'free'}{' + ' + extra if extra else ''})")
    return " | ".join(shown) or "empty"


def render_state(view: View, seat: int = 0) -> str:
    """The state at the start of a turn: the turn, you, Contrarius, the display and the produced provinces."""
    me = view["players"][seat]
    con = contrarius(view)
    goods = " ".join(f"{g} {n}" for g, n in me["goods"].items() if n) or "none"
    head = f"── turn {view['turn'] + 1} · {board_title(view['board'])}"
    if con:
        head += f" · {con['difficulty']}"
    head += f" · deck {view['deck_size']} card{'s' if view['deck_size'] != 1 else ''}"
    if view["final_turns"] > 0:
        head += f" · game ends after {'this turn' if view['final_turns'] == 1 else 'the next turn'}"
    pile = cards([me["pile_top"]] if me["pile_top"] is not None else [])
    if me["pile_size"] > 1:  # the view shows a discard pile's top card only
        pile += f" (on top of {me['pile_size'] - 1} more)"
    lines = [
        head,
        f"You: {money(me['money'])} · {goods} ({me['storehouse']['used']}/{me['storehouse']['size']}) · "
        f"VP so far {me['vp']}",
        f"  {houses(view, me)}",
        f"  colonists: {colonists(view, me)}",
        f"  hand: {cards(me['hand'] or [])} · played: {pile}",
    ]
    if con:
        c = view["players"][con["seat"]]
        lines += [
            f"Contrarius: {con['vp']} VP · {houses(view, c)}"
            + (f" · houses on the VP track at {', '.join(map(str, con['track']))}" if con["track"] else ""),
            f"  colonists: {colonists(view, c)}",
            f"  cards face up: {cards(con['face_up'])} · face down: {cards(con['face_down'])}",
        ]
    produced = [p["name"] for p in view["provinces"] if not p["good_side"]]
    lines += [f"Display: {display(view)}", f"Provinces that have produced: {', '.join(produced) or 'none'}"]
    return "\n".join(lines)


def render_board(view: View, seat: int = 0) -> str:
    """Every province with its marker and its cities (good, houses: Y you, C Contrarius), and the occupied lines."""
    marks = seat_marks(view, seat)
    lines = []
    for p in view["provinces"]:
        shown = []
        for c in view["cities"]:
            if c["province"] != p["id"] or c["capital"]:
                continue
            who = "".join(marks[s] for s in c["houses"])
            shown.append(f"{c['name']}{' ' + c['good'] if c['good'] else ''}" + (f" [{who}]" if who else ""))
        lines.append(f"  {p['name']} ({p['good'] if p['good_side'] else 'coins'}): {', '.join(shown)}")
    occupied = [f"{route(view, r['id'])} {marks[r['colonist']]}" for r in view["routes"] if r["colonist"] >= 0]
    capital = next((c["name"] for c in view["cities"] if c["capital"]), None)
    where = f"capital {capital} · " if capital else ""
    lines.append(f"  {where}lines with colonists: {'; '.join(occupied) or 'none'}")
    return "\n".join(lines)


def seat_names(view: View, seat: int = 0) -> list[str]:
    names = [f"seat {p['seat'] + 1}" for p in view["players"]]
    names[seat] = "You"
    if contrarius(view):
        names[contrarius(view)["seat"]] = "Contrarius"
    return names


def render_scores(scores: list[dict[str, int]], names: list[str]) -> str:
    """A table of scores (the view's ``scores`` at the end): a column per seat and a row per god and part, the
    total last, so that it fits a terminal of 80 columns."""
    parts = [g for g in scores[0] if g != "total"] + ["total"]
    width = max(12, *(len(n) + 2 for n in names))
    rows = [f"{'':16}" + "".join(f"{name:>{width}}" for name in names)]
    for part in parts:
        rows.append(f"{part:16}" + "".join(f"{score.get(part, 0):>{width}}" for score in scores))
    return "\n".join(rows)


def result(view: View, seat: int = 0) -> str:
    """Who won a finished game, and by how much (from the view's ``scores`` and ``ranking``)."""
    names = seat_names(view, seat)
    first, second = view["ranking"][0], view["ranking"][1]
    margin = view["scores"][first]["total"] - view["scores"][second]["total"]
    tie = " (tie: the Concordia card decides)" if margin == 0 else ""
    winner = "You win" if first == seat else f"{names[first]} wins"
    return f"{winner} by {margin}{tie}."


def decisions(legal: list[dict[str, Any]]) -> list[tuple[tuple, str]]:
    """The decisions to number: (action, text) from a view's ``legal``; a die lists a repeated face once; a card
    that shares its title with another of different effect is named by its label ("play Mercator (5 sestertii)")."""
    out: list[tuple[tuple, str]] = []
    for d in legal:
        action = _tupled(d["action"])
        if all(action != a for a, _ in out):
            out.append((action, _labelled(action, d["text"])))
    return out


def _labelled(action: tuple, text: str) -> str:
    for arg in action[1:]:
        card = catalog().get(arg) if isinstance(arg, str) else None
        if card and card["label"] != card["title"] and card["label"] not in text:
            return text.replace(card["title"], card["label"], 1)
    return text


def priced(options: list[tuple[tuple, str]]) -> list[tuple[tuple, str]]:
    """The Mercator's decisions with what each good fetches or costs: "sell 1 wine for 6 sestertii"."""
    goods = list(prices())
    return [(a, f"{text} for {money(prices()[goods[a[1]]])}" if a[0] in ("sell", "buy") and len(a) == 2
             and type(a[1]) is int and 0 <= a[1] < len(goods) else text) for a, text in options]


def purse(view: View, seat: int = 0) -> str:
    """What the seat has to trade with: its sestertii, goods and storehouse space, and the prices."""
    me = view["players"][seat]
    goods = " ".join(f"{g} {n}" for g, n in me["goods"].items() if n) or "no goods"
    return (f"You have {money(me['money'])} · {goods} ({me['storehouse']['used']}/{me['storehouse']['size']}) · "
            f"prices: {', '.join(f'{g} {p}' for g, p in prices().items())}")


def _tupled(a: list) -> tuple:
    return tuple(_tupled(x) if isinstance(x, list) else x for x in a)


def new_events(seen: list[dict[str, Any]], events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of ``events`` (a view's latest events) that came after ``seen`` (an earlier view's): the view
    keeps only the latest events, so the two lists are lined up where the end of ``seen`` meets ``events``."""
    for start in range(max(0, len(seen) - len(events)), len(seen)):
        if seen[start:] == events[:len(seen) - start]:
            return events[len(seen) - start:]
    return list(events)


def table_lines(before: View, after: View, by: int | None, seat: int = 0) -> list[str]:
    """What changed on the board between two public views, the key facts before the log's reasons (``by``: the seat
    whose decision it was, None: a die): with the dice entered by hand (a real table) every move a person makes
    there for what they did not decide themselves; else the display's cards taken and the new cards laid out from
    the deck (which the player would otherwise have to find)."""
    moves = table_moves(before, after, seat_names(after, seat), lambda key: catalog()[key]["title"])
    if after["options"].get("manual_dice"):
        if not needs_table(moves, by):
            return []
        points = track_points(after, seat_names(after, seat))
        return ["  table: " + m["text"] for m in moves] + [f"  points track: {points}"]
    return ["  display: " + m["text"] for m in moves if m["kind"] in ("take", "slide", "deal", "display")
            and m.get("to") != seat]


def event_lines(view: View, events: list[dict[str, Any]]) -> list[str]:
    """What the player is told as it happens: Contrarius' decisions with their reasons, dice, the Concordia card."""
    cseat = contrarius(view).get("seat")
    lines = []
    for e in events:
        if e["kind"] not in STATE_EVENTS and e["seat"] != cseat:
            continue
        if e["kind"] in ("build", "colonist") and e["seat"] == cseat:
            continue  # the explanation before it says the same
        who = "die:" if e["kind"] == "die" else "Contrarius:" if e["kind"] == "contrarius" else "·"
        text = e["text"]
        if who == "·" and 0 <= e["seat"] < len(view["players"]):  # the entry's seat is its subject
            name = seat_names(view)[e["seat"]]
            text = f"{name} {after_name(name, text)}"
        lines.append(f"  {who} {text}")
    return lines


YOU_VERBS = {"is": "are", "has": "have", "does": "do", "goes": "go"}


def after_name(name: str, text: str) -> str:
    """The log words what a player does in the third person ("takes the Concordia card"); after "You" the verb
    takes its own form ("You take the Concordia card"), as the web page does."""
    word = text.split(" ", 1)[0]
    if name != "You" or not word.isalpha() or not word.islower() or not word.endswith("s"):
        return text
    if word in YOU_VERBS:
        base = YOU_VERBS[word]
    elif word.endswith("ies"):
        base = word[:-3] + "y"
    elif word.endswith(("ches", "shes", "sses", "xes")):
        base = word[:-2]
    else:
        base = word[:-1]
    return base + text[len(word):]
