"""The table assistant: what a person at a real table does on the physical board. The difference between two
public views of a game (before and after an outcome, a decision or a take-back) is told as moves of pieces, cards
and markers, in the order a person makes them: the display first (the card taken, the cards slid along, the card
the app drew from the deck laid out: the person finds it in the physical deck), then houses, colonists, the points
track, the bonus markers, the Concordia card, goods and money.

The board is on the table and the app is its assistant (Solitaria with dice entered by hand): after each outcome it
says, in large words, what Contrarius does there. Each move is ``{"kind", "seat", "text"}`` (and fields of its
own): ``seat`` the player whose pieces move (None: shared pieces, the display, the markers). Only views are read
(``Game.view(None)``), as the terminal and the web client read them; card titles come from the caller (the card
catalogue).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

View = dict[str, Any]
Move = dict[str, Any]


def possessive(name: str) -> str:
    """'your', "Contrarius'", "Aulus'", "Livia's"."""
    if name == "You":
        return "your"
    return name + ("'" if name.endswith("s") else "'s")


def money(n: int) -> str:
    """A sum in words: '1 sestertius', '3 sestertii'."""
    return f"{n} sesterti{'us' if n == 1 else 'i'}"


def amounts(counts: dict[str, int], coins: int) -> str:
    """Goods and sestertii in words: '1 food, 1 tool and 4 sestertii'."""
    parts = [f"{n} {g}" for g, n in counts.items() if n] + ([money(coins)] if coins else [])
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


class _Words:
    def __init__(self, view: View, names: Sequence[str], title: Callable[[str], str]) -> None:
        self.view = view
        self.names = names
        self.title = title

    def card(self, key: str) -> str:
        try:
            return self.title(key).replace(" (Contrarius)", "")
        except KeyError:
            return key

    def whose(self, seat: int) -> str:
        return possessive(self.names[seat]) if 0 <= seat < len(self.names) else "the"

    def object(self, seat: int) -> str:
        """'yours', 'Contrarius' (after 'of')."""
        name = self.names[seat] if 0 <= seat < len(self.names) else "nobody"
        return "yours" if name == "You" else name

    def at(self, at: Any) -> str:
        """'in Roma', 'on land Roma–Novaria'."""
        return ("on " if isinstance(at, dict) and "route" in at else "in ") + self.place(at)

    def place(self, at: Any) -> str:
        if not isinstance(at, dict):
            return "the storehouse"
        if "route" in at:
            routes = self.view["routes"]
            r = at["route"]
            if 0 <= r < len(routes) and routes[r]["id"] == r:
                route = routes[r]
                return f"{route['kind']} {self.city(route['a'])}–{self.city(route['b'])}"
            return str(at.get("name", f"route {r}"))
        if "city" in at:
            return self.city(at["city"])
        return str(at.get("name", "its place"))

    def city(self, c: int) -> str:
        cities = self.view["cities"]
        return cities[c]["name"] if 0 <= c < len(cities) else f"place {c}"


def table_moves(before: View, after: View, names: Sequence[str], title: Callable[[str], str]) -> list[Move]:
    """The moves at the table that take the pieces from ``before`` to ``after`` (public views of a game);
    ``names``: each seat's name ("You" reads "your"); ``title``: a card's title from its key."""
    w = _Words(after, names, title)
    out: list[Move] = []
    out += _display(w, before, after)
    out += _houses(w, before, after)
    out += _colonists(w, before, after)
    out += _points(w, before, after)
    out += _markers(w, before, after)
    if before.get("concordia") != after.get("concordia") and after.get("concordia", -1) >= 0:
        seat = after["concordia"]
        out.append({"kind": "concordia", "seat": seat, "text": f"Give the Concordia card to {names[seat]}"})
    out += _purses(w, before, after)
    return out


def needs_table(moves: list[Move], seat: int | None) -> bool:
    """Whether a person at the table has something to do that they did not decide themselves (``seat``: the seat
    whose decision it was; None: chance): another seat's pieces, or a card laid out from the deck."""
    return any(seat is None or (m["seat"] is not None and m["seat"] != seat) or m["kind"] == "deal" for m in moves)


# -- the display ---------------------------------------------------------------------------------------------------
def _holders(w: _Words, before: View, after: View) -> dict[str, tuple[str, int]]:
    """Card key -> where it went and to whom, for the cards that left the display (a hand, Contrarius' face-up
    cards); key "": a hand that grew by a card not shown (another seat's)."""
    where: dict[str, tuple[str, int]] = {}
    con_b = (before.get("extra") or {}).get("contrarius")
    con_a = (after.get("extra") or {}).get("contrarius")
    if con_b and con_a:
        for key in Counter(con_a["face_up"]) - Counter(con_b["face_up"]):
            where[key] = ("face up in front of Contrarius", con_a["seat"])
    for pb, pa in zip(before["players"], after["players"]):
        if pa["hand"] is not None and pb["hand"] is not None:
            for key in Counter(pa["hand"]) - Counter(pb["hand"]):
                where.setdefault(key, (f"into {w.whose(pa['seat'])} hand", pa["seat"]))
        elif pa["hand_size"] > pb["hand_size"]:
            where.setdefault("", (f"into {w.whose(pa['seat'])} hand", pa["seat"]))
    return where


def _display(w: _Words, before: View, after: View) -> list[Move]:
    b = [slot["card"] for slot in before["display"]]
    a = [slot["card"] for slot in after["display"]]
    if a == b:
        return []
    drawn = before["deck_size"] - after["deck_size"]
    kept_b = [c for c in b if c is not None]
    kept_a = [c for c in a if c is not None]
    # the usual change: cards taken out, the rest slid towards position 1, the deck's next cards laid out at the end
    n_new = max(drawn, 0)
    old = kept_a[:len(kept_a) - n_new]
    it = iter(kept_b)
    if drawn >= 0 and all(any(c == x for x in it) for c in old):  # old is kept_b with some cards taken out
        out: list[Move] = []
        where = _holders(w, before, after)
        left = Counter(kept_b) - Counter(old)
        gaps = [pos for pos, key in enumerate(b) if key is None]
        for pos, key in enumerate(b):
            if key is not None and left[key] > 0:
                left[key] -= 1
                gaps.append(pos)
                to, seat = where.get(key) or where.get("") or ("", None)
                out.append({"kind": "take", "seat": None, "to": seat, "position": pos + 1, "card": key,
                            "text": f"Take {w.card(key)} from display position {pos + 1}" + (f" {to}" if to else "")})
        if gaps and min(gaps) < len(old):  # a card that stays lies past a gap
            out.append({"kind": "slide", "seat": None,
                        "text": "Slide the display's cards towards position 1 to close the gap"})
        for i, key in enumerate(kept_a[len(old):]):
            pos = len(old) + i + 1
            out.append({"kind": "deal", "seat": None, "position": pos, "card": key,
                        "text": f"Lay out {w.card(key)} from the deck at display position {pos}"})
        return out
    # anything else (a take-back): the whole display as it is to lie
    laid = " · ".join(f"{i + 1} {w.card(k)}" for i, k in enumerate(a) if k is not None) or "empty"
    back = f"; {-drawn} card{'s' * (-drawn > 1)} back on the deck" if drawn < 0 else ""
    return [{"kind": "display", "seat": None, "text": f"Lay out the display as: {laid}{back}"}]


# -- houses, colonists, points, markers, purses -------------------------------------------------------------------
def _houses(w: _Words, before: View, after: View) -> list[Move]:
    out: list[Move] = []
    for cb, ca in zip(before["cities"], after["cities"]):
        for seat in ca["houses"]:
            if seat not in cb["houses"]:
                out.append({"kind": "house", "seat": seat, "city": ca["id"],
                            "text": f"Place {w.whose(seat)} house in {w.city(ca['id'])}"})
        for seat in cb["houses"]:
            if seat not in ca["houses"]:
                out.append({"kind": "house_back", "seat": seat, "city": ca["id"],
                            "text": f"Take {w.whose(seat)} house off {w.city(ca['id'])}"})
    return out


def _colonists(w: _Words, before: View, after: View) -> list[Move]:
    out: list[Move] = []
    for pb, pa in zip(before["players"], after["players"]):
        seat = pa["seat"]
        for cb, ca in zip(pb["colonists"], pa["colonists"]):
            frm, to = cb["at"], ca["at"]
            if frm == to:
                continue
            who = f"{w.whose(seat)} {ca['kind']} colonist"
            if frm == "store":
                text = f"Put a new {ca['kind']} colonist of {w.object(seat)} {w.at(to)}"
            elif to == "store":
                text = f"Take {who} from {w.place(frm)} back to the supply"
            else:
                text = f"Move {who} from {w.place(frm)} to {w.place(to)}"
            out.append({"kind": "colonist", "seat": seat, "text": text})
    return out


def _points(w: _Words, before: View, after: View) -> list[Move]:
    out: list[Move] = []
    for pb, pa in zip(before["players"], after["players"]):
        if pb["vp"] != pa["vp"]:
            seat = pa["seat"]
            out.append({"kind": "points", "seat": seat, "from": pb["vp"], "to": pa["vp"],
                        "text": f"Move {w.whose(seat)} marker on the points track from {pb['vp']} to {pa['vp']}"})
    con_b = (before.get("extra") or {}).get("contrarius")
    con_a = (after.get("extra") or {}).get("contrarius")
    if con_b and con_a:
        for pos in sorted(set(con_b["track"]) - set(con_a["track"])):
            out.append({"kind": "track_house", "seat": con_a["seat"],
                        "text": f"Take Contrarius' house at {pos} off the points track"})
        for key in Counter(con_a["face_down"]) - Counter(con_b["face_down"]):
            out.append({"kind": "card", "seat": con_a["seat"],
                        "text": f"Turn Contrarius' {w.card(key)} face down"})
    return out


def _markers(w: _Words, before: View, after: View) -> list[Move]:
    coins = [pa["name"] for pb, pa in zip(before["provinces"], after["provinces"])
             if pb["good_side"] and not pa["good_side"]]
    goods = [pa["name"] for pb, pa in zip(before["provinces"], after["provinces"])
             if not pb["good_side"] and pa["good_side"]]
    out: list[Move] = [{"kind": "marker", "seat": None, "province": name,
                        "text": f"Flip {name}'s bonus marker to its coin side"} for name in coins]
    if goods:
        out.append({"kind": "markers", "seat": None,
                    "text": f"Turn the bonus marker{'s' * (len(goods) > 1)} of {', '.join(goods)} back to the goods "
                            f"side"})
    return out


def _purses(w: _Words, before: View, after: View) -> list[Move]:
    out: list[Move] = []
    goods = list(after["players"][0]["goods"]) if after["players"] else []
    for pb, pa in zip(before["players"], after["players"]):
        gain = [max(0, pa["goods"][g] - pb["goods"][g]) for g in goods]
        loss = [max(0, pb["goods"][g] - pa["goods"][g]) for g in goods]
        money = pa["money"] - pb["money"]
        seat = pa["seat"]
        name = w.names[seat] if seat < len(w.names) else f"seat {seat + 1}"
        if any(gain) or money > 0:
            text = amounts(dict(zip(goods, gain)), max(money, 0))
            out.append({"kind": "gain", "seat": seat, "text": f"{name}: take {text} from the supply"})
        if any(loss) or money < 0:
            text = amounts(dict(zip(goods, loss)), max(-money, 0))
            out.append({"kind": "pay", "seat": seat, "text": f"{name}: return {text} to the supply"})
    return out


def track_points(view: View, names: Sequence[str]) -> str:
    """The points as the physical track shows them (each player's marker), 'You 20 · Contrarius 0'."""
    return " · ".join(f"{names[p['seat']]} {p['vp']}" for p in view["players"] if p["seat"] < len(names))

