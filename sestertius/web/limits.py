"""The limits of what one client may ask (the numbers: :class:`Limits`, documented in docs/DEPLOYMENT.md).

- The size of a request body (:class:`BodyLimit`): a body announced (Content-Length) or sent over the limit is
  refused with 413 before it is read whole.
- Per client address (:class:`ClientLimits`), a token bucket each: games created, requests for game ids that turn out
  unknown, decisions (and undos), new WebSockets. Over a rate: 429 with ``Retry-After`` (a WebSocket: accepted, then
  closed with 1013 "try again later" and the reason). Unknown ids are counted from the 404s answered; once a client
  has spent them, its requests for games that are not in memory are refused before the database is read.
- The time a request body may take to arrive (:class:`ClientLimits` too): a body that stops short of its
  Content-Length is answered 408 and its connection closed (uvicorn's keep-alive timeout runs only between requests).

The client's address is the connection's, or, from a trusted proxy (``forwarded_allow_ips``), the one its
X-Forwarded-For names (uvicorn's ProxyHeadersMiddleware, put in the app by :func:`.app.create_app`). The number of open
WebSockets is limited by the hub (:mod:`.hub`), strings and numbers by the request models (:mod:`.models.requests`).
"""
from __future__ import annotations

import asyncio
import math
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

if TYPE_CHECKING:
    from sestertius.settings import Settings

MAX_BODY = 128 * 1024  # bytes: the largest request, a browser's list of its games' secrets, is well under


@dataclass(frozen=True)
class Rate:
    """A token bucket: ``burst`` at once, then ``per_second`` on average."""
    burst: int
    per_second: float


@dataclass(frozen=True)
class Limits:
    """Per client address, unless said otherwise: the settings' (:meth:`of`; their help in
    :class:`sestertius.settings.Settings`)."""
    rate_limits: bool = True  # off: none of the four rates below (a load test from one address)
    # a person creates a game now and then; 20 at once covers a class setting up its tables
    games: Rate = Rate(20, 0.5)
    # a mistyped or expired link now and then; a scan of ids is cut short before it reaches the database
    unknown: Rate = Rate(30, 1.0)
    # decisions and undos: a person makes at most a few a second (a hot-seat table shares one address)
    decisions: Rate = Rate(100, 20.0)
    # new WebSockets: a page opens one, and one again after each lost connection
    websockets: Rate = Rate(30, 2.0)
    body_seconds: float = 10.0  # the time a request body may take, from its headers
    forwarded_allow_ips: str = "127.0.0.1"  # whose X-Forwarded-For is believed: uvicorn's list; uvicorn's default
    # a keep-alive connection is closed after this many requests or seconds (Connection: close), so that new worker
    # processes (one restarted after a crash) get their share of the clients
    connection_requests: int = 100
    connection_seconds: float = 60.0

    @classmethod
    def of(cls, settings: Settings) -> Limits:
        def rate(text: str) -> Rate:  # checked by the settings: "burst,per_second"
            burst, per_second = text.split(",")
            return Rate(int(burst), float(per_second))
        return cls(rate_limits=settings.rate_limits, games=rate(settings.limit_games),
                   unknown=rate(settings.limit_unknown), decisions=rate(settings.limit_decisions),
                   websockets=rate(settings.limit_websockets), body_seconds=settings.body_seconds,
                   forwarded_allow_ips=settings.forwarded_allow_ips, connection_requests=settings.connection_requests,
                   connection_seconds=settings.connection_seconds)


class Buckets:
    """Token buckets of one rate, one per client address (full ones are forgotten now and then)."""

    def __init__(self, rate: Rate) -> None:
        self.rate = rate
        self.levels: dict[str, tuple[float, float]] = {}  # address: tokens, when counted
        self.takes = 0

    def _level(self, key: str, now: float) -> float:
        tokens, then = self.levels.get(key, (self.rate.burst, now))
        return min(self.rate.burst, tokens + (now - then) * self.rate.per_second)

    def wait(self, key: str, now: float) -> float:
        """Seconds until ``key`` has a token (0: it has one now)."""
        return max(0.0, (1 - self._level(key, now)) / self.rate.per_second)

    def take(self, key: str, now: float) -> float:
        """Take a token: 0 if there was one, else the seconds until there is (nothing taken)."""
        tokens = self._level(key, now)
        if tokens < 1:
            return (1 - tokens) / self.rate.per_second
        self.levels[key] = (tokens - 1, now)
        self.takes += 1
        if self.takes % 4096 == 0:  # forget the addresses whose bucket is full again (as if never seen)
            self.levels = {k: v for k, v in self.levels.items() if self._level(k, now) < self.rate.burst}
        return 0.0

    def spend(self, key: str, now: float) -> None:
        """Take a token, or go on owing (an unknown id is counted after its 404: the next wait is longer)."""
        self.levels[key] = (self._level(key, now) - 1, now)


class BodyTooLarge(HTTPException):
    """Raised while a body is read: an HTTPException, so that FastAPI passes it on to the app's error handler."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is over {limit} bytes")


class BodyLimit:
    """ASGI middleware refusing request bodies over ``max_bytes`` (413, the API's error answer)."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        announced = Headers(scope=scope).get("content-length")
        if announced is not None and (not announced.isdigit() or int(announced) > self.max_bytes):
            await self._refuse(scope, receive, send)
            return
        read = 0
        started = False

        async def limited() -> Message:
            nonlocal read
            message = await receive()
            if message["type"] == "http.request":
                read += len(message.get("body", b""))
                if read > self.max_bytes:
                    raise BodyTooLarge(self.max_bytes)
            return message

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited, sending)
        except BodyTooLarge:
            if started:
                raise
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        answer = JSONResponse({"error": f"the request body is over {self.max_bytes} bytes", "rule": "Request size",
                               "code": "request_size"},
                              status_code=413, headers={"Connection": "close"})
        await answer(scope, receive, send)


class BodyTimeout(HTTPException):
    """A request body that did not arrive in time: an HTTPException, so that FastAPI passes it on to the app's error
    handler (its connection is closed: what is left of the body would be read as the next request)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(408, f"the request body did not arrive within {seconds:g} s", headers={"Connection": "close"})


GAMES = re.compile(r"/api/games|/api/campaigns/[^/]+/games")  # POST: a new game
DECISION = re.compile(r"/api/games/[A-Za-z0-9_-]{1,32}/(?:decisions|undo)")  # POST
GAME_ID = re.compile(r"/(?:api/games|ws)/([A-Za-z0-9_-]{1,32})(?:/[a-z]+)?")  # a game's own paths
NOT_IDS = ("mine",)


class ClientLimits:
    """ASGI middleware: the rates per client address and the request body's time (see the module's text)."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app, self.limits = app, limits
        self.games, self.unknown = Buckets(limits.games), Buckets(limits.unknown)
        self.decisions, self.websockets = Buckets(limits.decisions), Buckets(limits.websockets)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if kind == "http" and _has_body(scope):
            receive = self._timed(receive)
        if not self.limits.rate_limits:
            await self._run(scope, receive, send)
            return
        client = scope["client"][0] if scope.get("client") else "unknown"
        now = time.monotonic()
        path = scope["path"]
        gid = m.group(1) if (m := GAME_ID.fullmatch(path)) and m.group(1) not in NOT_IDS else None
        wait, what = 0.0, ""
        if kind == "websocket":
            wait, what = self.websockets.take(client, now), "new live connections"
        elif scope["method"] == "POST" and DECISION.fullmatch(path):
            wait, what = self.decisions.take(client, now), "decisions"
        elif scope["method"] == "POST" and GAMES.fullmatch(path):
            wait, what = self.games.take(client, now), "new games"
        if not wait and gid is not None and scope["app"].state.service.cached(gid) is None:
            wait, what = self.unknown.wait(client, now), "requests for unknown games"
        if wait:
            await self._refuse(scope, receive, send, what, wait)
            return
        if gid is None:
            await self._run(scope, receive, send)
            return

        async def counting(message: Message) -> None:  # a 404 (a WebSocket's 4404) spends one of the unknown ids
            if ((message["type"] == "http.response.start" and message["status"] == 404)
                    or (message["type"] == "websocket.close" and message.get("code") == 4404)):
                self.unknown.spend(client, time.monotonic())
            await send(message)
        await self._run(scope, receive, counting)

    async def _run(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)
        try:
            await self.app(scope, receive, sending)
        except BodyTimeout as e:  # raised where no FastAPI route read the body (the hot routes)
            if started:
                raise
            await JSONResponse({"error": e.detail, "rule": "Request time", "code": "request_time"}, status_code=408,
                               headers=e.headers)(scope, receive, send)

    def _timed(self, receive: Receive) -> Receive:
        """``receive`` bounded by the body's deadline until the body is whole (then a wait for the client's going
        away, as a streamed answer does, is not bounded)."""
        seconds = self.limits.body_seconds
        deadline = asyncio.get_running_loop().time() + seconds
        whole = False

        async def timed() -> Message:
            nonlocal whole
            if whole:
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise BodyTimeout(seconds) from None
            whole = message["type"] != "http.request" or not message.get("more_body", False)
            return message
        return timed

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, what: str, wait: float) -> None:
        seconds = max(1, math.ceil(wait))
        reason = f"too many {what} from your address: try again in {seconds} s"
        if scope["type"] == "websocket":  # accepted, so that the browser sees the code and the reason
            if (await receive())["type"] == "websocket.connect":
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.close", "code": 1013, "reason": reason})
            return
        await JSONResponse({"error": reason, "rule": "Rate limit", "code": "rate_limit"}, status_code=429,
                           headers={"Retry-After": str(seconds)})(scope, receive, send)


def _has_body(scope: Scope) -> bool:
    for name, value in scope["headers"]:
        if (name == b"content-length" and value != b"0") or name == b"transfer-encoding":
            return True
    return False
