"""A seat's view of a game as the web app answers it: the engine's view (``Game.view``) with the web's own fields
(the seats, the seat entering dice entered by hand, the cost of each house on offer...), and its JSON.

The JSON of each seat's view is built once per position (``Live.views``): a decision's answer, the views pushed to
the seat's browsers and the next GET of that seat share it. The cache is dropped as soon as the game is another
object or has other decisions (a decision, an undo, a catch-up with another process). The public parts of a
position (the board, the log, the display, the scores...: all but a seat's hand, its decisions on offer, its log
since its last turn and its undo) are made once per position for every seat and spectator (``Live.shared``), with
their JSON: each seat's view makes only its own parts, and its JSON takes the public parts' as made."""
from __future__ import annotations

import json
from typing import Any, Final

import orjson

from sestertius import CHANCE
from sestertius.data.catalog import GOODS
from sestertius.rules.cards.architect import house_cost
from sestertius.rules.view import SEAT_PARTS, seat_view
from sestertius.web.botruns import bot_to_act
from sestertius.web.live import Live, public_seats
from sestertius.web.seats import dice_seat


def build(live: Live, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: the public view) of the cached game (the caller holds ``live.lock``)."""
    return for_seat(live, seat, public(live))


def public(live: Live) -> dict[str, Any]:
    """The public view of the cached game with the web's own fields: every part of a view but the seat's own."""
    g = live.game
    v = g.view(None)
    chance = g.to_act() == CHANCE and not g.is_over
    v["chance"] = chance
    v["dice_seat"] = dice_seat(live) if chance else None
    v["seed_chosen"] = live.seed_chosen
    v["game"] = live.id
    v["seat"] = None
    v["seats"] = public_seats(live.seats)
    v["decisions"] = len(g.history)
    v["status"] = "over" if g.is_over else "active"
    v["campaign"] = live.campaign
    if live.table is not None and live.table[0] == len(g.history):  # at a real table: what just changed there
        v["table"] = live.table[1]
    # the bot deciding in the background (botruns.py): its decision comes as the next view
    v["thinking"] = bot_to_act(live)
    return v


def for_seat(live: Live, seat: int | None, pub: dict[str, Any]) -> dict[str, Any]:
    """The view of ``seat`` made from the public one of the same position (``pub``, or its parts as JSON fragments:
    :func:`shared`): the engine's parts of the seat (``rules.view.seat_view``), then the web's."""
    if seat is None:
        return dict(pub)
    g = live.game
    v = seat_view(g, seat, pub)
    if pub["chance"] and seat == pub["dice_seat"]:
        # the table assistant: the person at the table enters the face they rolled (or the tile they drew); the
        # other seats are not offered the entry
        v["legal"] = [{"action": list(a), "text": g.describe(a)} for a in g.legal_actions()]
    for entry in v["legal"]:
        a = entry["action"]
        if a[0] == "build" and len(a) == 2:  # a house in a city: what the engine will charge for it
            goods, coins = house_cost(g.state, a[1])
            entry["cost"] = {"goods": {GOODS[i]: n for i, n in enumerate(goods) if n}, "coins": coins}
    v["seat"] = seat
    return v


FRAGMENT = 64  # bytes: a public part whose JSON is longer is kept as JSON for every seat's view of the position
RAW: Final = frozenset((*SEAT_PARTS, "seat", "to_act", "chance", "dice_seat"))  # read by for_seat: kept as values


def shared(live: Live) -> dict[str, Any]:
    """The public view of the current position with its longer parts as JSON already made (``orjson.Fragment``),
    once per position for every seat that looks at it (the caller holds ``live.lock``)."""
    g, n = live.game, len(live.game.history)
    hit = live.shared
    if hit is not None and hit[0] is g and hit[1] == n:
        return hit[2]
    parts: dict[str, Any] = {}
    for k, x in public(live).items():
        if k not in RAW:
            data = dumps(x)
            if len(data) > FRAGMENT:
                x = orjson.Fragment(data)
        parts[k] = x
    live.shared = (g, n, parts)
    return parts


def dumps(content: Any) -> bytes:
    """Compact JSON as UTF-8 (views are plain dicts, lists, tuples, str, int, bool, None): orjson, the same bytes as
    ``json.dumps(content, separators=(",", ":"), ensure_ascii=False)`` (keys that are not strings made strings as
    json does) in a fifteenth of the time on a late game's view; json itself for anything orjson refuses (an integer
    over 64 bits...). Views have string keys: orjson is asked for keys of other types only when it refused one
    (allowing them costs about 40% more on every view)."""
    try:
        return orjson.dumps(content)
    except TypeError:  # orjson.JSONEncodeError: a key that is not a string, an integer over 64 bits...
        pass
    try:
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return json.dumps(content, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def as_json(live: Live, seat: int | None) -> bytes:
    """The JSON of :func:`build`, made once per position and seat (the caller holds ``live.lock``)."""
    g, n = live.game, len(live.game.history)
    hit = live.views.get(seat)
    if hit is not None and hit[0] is g and hit[1] == n:
        return hit[2]
    if live.views and any(e[0] is not g or e[1] != n for e in live.views.values()):
        live.views.clear()  # another position: every seat's view changed
    try:  # the position's public parts as made once (shared), the seat's own made now
        data = orjson.dumps(for_seat(live, seat, shared(live)))
    except TypeError:  # a part orjson refuses (see dumps): the whole view through dumps
        data = dumps(build(live, seat))
    live.views[seat] = (g, n, data)
    return data
