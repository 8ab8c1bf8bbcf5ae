"""A seat's view of a game as the web app answers it: the engine's view (``Game.view``) with the web's own fields
(the seats, the seat entering dice entered by hand, the cost of each house on offer...), and its JSON.

The JSON of each seat's view is built once per position (``Live.views``): a decision's answer, the views pushed to
the seat's browsers and the next GET of that seat share it. The cache is dropped as soon as the game is another
object or has other decisions (a decision, an undo, a catch-up with another process)."""
from __future__ import annotations

import json
from typing import Any

import orjson

from sestertius import CHANCE
from sestertius.data.catalog import GOODS
from sestertius.rules.cards.architect import house_cost
from sestertius.web.live import Live, public_seats
from sestertius.web.seats import dice_seat


def build(live: Live, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: the public view) of the cached game (the caller holds ``live.lock``)."""
    g = live.game
    v = g.view(seat)
    chance = g.to_act() == CHANCE and not g.is_over
    enters = dice_seat(live) if chance else None
    if chance and seat is not None and seat == enters:
        # the table assistant: the person at the table enters the face they rolled (or the tile they drew); the
        # other seats are not offered the entry
        v["legal"] = [{"action": list(a), "text": g.describe(a)} for a in g.legal_actions()]
    for entry in v["legal"]:
        a = entry["action"]
        if a[0] == "build" and len(a) == 2:  # a house in a city: what the engine will charge for it
            goods, coins = house_cost(g.state, a[1])
            entry["cost"] = {"goods": {GOODS[i]: n for i, n in enumerate(goods) if n}, "coins": coins}
    v["chance"] = chance
    v["dice_seat"] = enters
    v["seed_chosen"] = live.seed_chosen
    v["game"] = live.id
    v["seat"] = seat
    v["seats"] = public_seats(live.seats)
    v["decisions"] = len(g.history)
    v["status"] = "over" if g.is_over else "active"
    v["campaign"] = live.campaign
    if live.table is not None and live.table[0] == len(g.history):  # at a real table: what just changed there
        v["table"] = live.table[1]
    return v


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
    data = dumps(build(live, seat))
    live.views[seat] = (g, n, data)
    return data
