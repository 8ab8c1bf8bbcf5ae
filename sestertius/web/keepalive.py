"""Keep-alive connections closed now and then, so that every worker process gets its share of the clients.

Worker processes of ``concordia serve --workers N`` take new connections from one shared socket, but a keep-alive
connection stays with the process that accepted it. After a worker dies its clients reconnect to the survivors, and
the replacement started in its place got almost none of them (1 s of CPU against the survivor's 9-15 s over the next
40 s). Here a connection's answer carries ``Connection: close`` (uvicorn then closes it, and the client's next
request opens a new one, accepted by whichever process is free) once the connection has served ``max_requests``
requests or is ``max_seconds`` old: a reconnection per that many requests or seconds.

A connection is known by its peer's address and port (the ASGI scope has no connection of its own); a connection
idle longer than the server's keep-alive time is closed by the server and forgotten here.
"""
from __future__ import annotations

import time
from collections import OrderedDict

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class Recycle:
    """ASGI middleware closing keep-alive connections after ``max_requests`` requests or ``max_seconds``. Put it
    outside the proxy headers' middleware, which replaces the peer's address and port with the forwarded client's."""

    def __init__(self, app: ASGIApp, max_requests: int, max_seconds: float, keep_alive: float = 75.0) -> None:
        self.app, self.max_requests, self.max_seconds = app, max_requests, max_seconds
        self.forget_after = keep_alive + 1.0  # idle longer than this: closed by the server
        # peer: [requests, first seen, last seen], the least recently used first
        self.conns: OrderedDict[tuple[str, int], list[float]] = OrderedDict()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        peer = scope.get("client")
        if scope["type"] != "http" or not peer:
            await self.app(scope, receive, send)
            return
        key = (peer[0], peer[1])
        now = time.monotonic()
        conns = self.conns
        while conns:  # forget the connections the server has closed for idleness
            oldest = next(iter(conns.values()))
            if now - oldest[2] < self.forget_after:
                break
            conns.popitem(last=False)
        seen = conns.get(key)
        if seen is None:
            seen = conns[key] = [0, now, now]
        else:
            conns.move_to_end(key)
            seen[2] = now
        seen[0] += 1
        if seen[0] < self.max_requests and now - seen[1] < self.max_seconds:
            await self.app(scope, receive, send)
            return
        del conns[key]

        async def closing(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"connection", b"close")]}
            await send(message)
        await self.app(scope, receive, closing)
