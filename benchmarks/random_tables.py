"""The tables of the instruction benchmarks (``server_instructions.py`` over HTTP, ``app_driver.py`` on the ASGI app
itself): each creates a 3-seat Italia game of people, then plays it with seeded random choices, a decision POST and,
when the seat to act changes, that seat's view GET, as ``load_server.py``'s tables do; a new game when one ends."""
from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

# one request: (method, path, query string, JSON body or None, the seat's secret or None) -> (status, body)
Request = Callable[[str, str, str, Any, "str | None"], Awaitable[tuple[int, bytes]]]


async def play(connect: Callable[[], Request], decisions: int, games: int, seed: int,
               close: Callable[[Any], None] = lambda request: None) -> tuple[int, int]:
    """``decisions`` decisions (and the views between them) by ``games`` tables at once, each on its own
    ``connect()``: (decisions, views)."""
    done = views = 0

    async def table(i: int) -> None:
        nonlocal done, views
        rng = random.Random(seed * 1000 + i)
        request = connect()
        while done < decisions:
            status, body = await request("POST", "/api/games", "", {
                "board": "italia", "seed": rng.randrange(2**31), "seats": [{"kind": "human"}] * 3}, None)
            assert status == 201, body
            g = orjson.loads(body)
            gid, keys = g["id"], {s["seat"]: s["key"] for s in g["seats"]}

            async def view(seat: int, gid: str = gid, keys: dict[int, str] = keys) -> Any:
                nonlocal views
                status, body = await request("GET", f"/api/games/{gid}", f"seat={seat}", None, keys[seat])
                assert status == 200, body
                views += 1
                return orjson.loads(body)
            seat = 0
            v = await view(seat)
            while done < decisions and not v["over"]:
                if v["to_act"] != seat:
                    seat = v["to_act"]
                    v = await view(seat)
                    continue
                legal = v["legal"]
                choice = rng.choice(legal[1:] if len(legal) > 1 and legal[0]["action"] == ["done"]
                                    and rng.random() < 0.6 else legal)
                status, body = await request("POST", f"/api/games/{gid}/decisions", "", {
                    "seat": seat, "key": keys[seat], "action": choice["action"], "expect": v["decisions"]}, None)
                assert status == 200, body
                done += 1
                v = orjson.loads(body)["view"]
        close(request)
    await asyncio.gather(*(table(i) for i in range(games)))
    return done, views
