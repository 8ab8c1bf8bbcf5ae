"""Live updates: the WebSocket connections of each game; after each change every connection gets its own seat's
fresh view. The number of connections is bounded per game and per client address. A change made by another process
on the same database arrives by PostgreSQL's NOTIFY (``listener.Listener``, on its own thread) and is handed to the
event loop (:meth:`Hub.changed_elsewhere`)."""
from __future__ import annotations

import asyncio
from collections import Counter

from fastapi import WebSocket
from fastapi.concurrency import run_in_threadpool

from sestertius.web.service import ApiError, GameService, Live

MAX_PER_GAME = 48  # connections to one game (its seats' pages and spectators)
MAX_PER_CLIENT = 16  # connections from one client address, to all games together


def view_message(view_json: bytes) -> str:
    """The message pushing a view (its JSON made once per position: ``views.as_json``)."""
    return '{"type":"view","view":' + view_json.decode("utf-8") + "}"


class Hub:
    """WebSocket connections per game; after each change every connection gets its own seat's fresh view."""

    def __init__(self, per_game: int = MAX_PER_GAME, per_client: int = MAX_PER_CLIENT) -> None:
        self.conns: dict[str, set[tuple[WebSocket, int | None]]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.tasks: set[asyncio.Task] = set()
        self.per_game, self.per_client = per_game, per_client
        self.open_games: Counter[str] = Counter()  # connections admitted, seated or not yet
        self.open_clients: Counter[str] = Counter()

    def admit(self, gid: str, client: str) -> bool:
        """Count a new connection to ``gid`` from ``client`` (False, counting nothing, when over a limit)."""
        if self.open_games[gid] >= self.per_game or self.open_clients[client] >= self.per_client:
            return False
        self.open_games[gid] += 1
        self.open_clients[client] += 1
        return True

    def refusal(self, gid: str, client: str) -> str:
        """Why a connection was not admitted (the reason of its closing, at most 123 bytes)."""
        if self.open_games[gid] >= self.per_game:
            return f"too many connections to this game ({self.per_game} at most): try again later"
        return f"too many connections from your address ({self.per_client} at most): try again later"

    def release(self, gid: str, client: str) -> None:
        for counter, k in ((self.open_games, gid), (self.open_clients, client)):
            counter[k] -= 1
            if counter[k] <= 0:
                del counter[k]
        # the game's send lock goes with its last open connection (not its last seated one: a connection admitted
        # and waiting to send its first view must take the lock a broadcast holds, not a new one), and only when
        # nobody holds it or waits for it
        lock = self.locks.get(gid)
        if gid not in self.open_games and lock is not None and not lock.locked() and not getattr(lock, "_waiters",
                                                                                                 None):
            del self.locks[gid]

    def notify(self, service: GameService, live: Live) -> None:
        """Schedule a broadcast without delaying the HTTP answer."""
        if live.id not in self.conns:
            return
        task = asyncio.get_running_loop().create_task(self.broadcast(service, live))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def changed_elsewhere(self, service: GameService, gid: str) -> None:
        """Another process changed ``gid`` (called on the event loop): send the fresh views to this process's
        connections to it, or close them if the game was deleted."""
        if gid not in self.conns:
            return
        task = asyncio.get_running_loop().create_task(self._changed(service, gid))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _changed(self, service: GameService, gid: str) -> None:
        try:
            live = await run_in_threadpool(service.get, gid)
            await run_in_threadpool(service.view_json, live, None)  # catches up, or finds the game deleted
        except ApiError as e:
            if e.status == 404:
                await self.close_game(gid)
            return
        await self.broadcast(service, live)

    def add(self, gid: str, ws: WebSocket, seat: int | None) -> None:
        self.conns.setdefault(gid, set()).add((ws, seat))

    def remove(self, gid: str, ws: WebSocket, seat: int | None) -> None:
        s = self.conns.get(gid)
        if s:
            s.discard((ws, seat))
            if not s:
                self.conns.pop(gid, None)

    async def close_game(self, gid: str) -> None:
        """Close every connection to a game that is gone (4404)."""
        for ws, seat in list(self.conns.get(gid, ())):
            self.remove(gid, ws, seat)
            try:
                await ws.close(code=4404, reason="the game was deleted")
            except Exception:  # already closed
                pass

    def lock(self, gid: str) -> asyncio.Lock:
        """The lock of a game's sends: one broadcast (or a new connection's first view) at a time."""
        return self.locks.setdefault(gid, asyncio.Lock())

    async def broadcast(self, service: GameService, live: Live) -> None:
        # one broadcast at a time per game, each computing the views when it runs: the last view sent is the
        # freshest
        async with self.lock(live.id):
            conns = list(self.conns.get(live.id, ()))
            if not conns or live.deleted:
                return
            seats = {seat for _, seat in conns}
            # each connected seat's view, built once (not those of seats nobody watches)
            views = await run_in_threadpool(lambda: {seat: service.view_json(live, seat) for seat in seats})
            for ws, seat in conns:
                try:
                    await ws.send_text(view_message(views[seat]))
                except Exception:  # a closed connection: forget it
                    self.remove(live.id, ws, seat)
