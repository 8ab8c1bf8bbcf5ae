"""Live updates: the WebSocket connections of each game; after each change every connection gets its own seat's
fresh view."""
from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import WebSocket
from fastapi.concurrency import run_in_threadpool

from sestertius.web.service import GameService, Live


def view_message(view: dict[str, Any]) -> str:
    return json.dumps({"type": "view", "view": view}, separators=(",", ":"))


class Hub:
    """WebSocket connections per game; after each change every connection gets its own seat's fresh view."""

    def __init__(self) -> None:
        self.conns: dict[str, set[tuple[WebSocket, int | None]]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.tasks: set[asyncio.Task] = set()

    def notify(self, service: GameService, live: Live) -> None:
        """Schedule a broadcast without delaying the HTTP answer."""
        if live.id not in self.conns:
            return
        task = asyncio.get_running_loop().create_task(self.broadcast(service, live))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def add(self, gid: str, ws: WebSocket, seat: int | None) -> None:
        self.conns.setdefault(gid, set()).add((ws, seat))

    def remove(self, gid: str, ws: WebSocket, seat: int | None) -> None:
        s = self.conns.get(gid)
        if s:
            s.discard((ws, seat))
            if not s:
                self.conns.pop(gid, None)
                self.locks.pop(gid, None)

    async def broadcast(self, service: GameService, live: Live) -> None:
        # one broadcast at a time per game, each computing the views when it runs: the last view sent is the
        # freshest
        lock = self.locks.setdefault(live.id, asyncio.Lock())
        async with lock:
            conns = list(self.conns.get(live.id, ()))
            if not conns:
                return
            seats = {seat for _, seat in conns}
            views = await run_in_threadpool(lambda: {seat: service.view(live, seat) for seat in seats})
            for ws, seat in conns:
                try:
                    await ws.send_text(view_message(views[seat]))
                except Exception:  # a closed connection: forget it
                    self.remove(live.id, ws, seat)
