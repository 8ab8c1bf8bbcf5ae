"""The two requests of every move, answered without FastAPI's routing, dependencies and request parsing: a decision
(``POST /api/games/{gid}/decisions``) and a seat's view (``GET /api/games/{gid}``). They are most of a server's
requests, and FastAPI's machinery cost about as much CPU as the decision itself.

Only a plain request of a game in the cache is answered here, with the same checks (the body validated by the same
request model, the seat's secret by the same :meth:`GameService.check_seat`), the same service calls and the same
answers as the routes in :mod:`.routes.games`. Anything else (a game to load from the database, a malformed body, a
secret that does not match, an unusual query string or header...) goes on, untouched, to the FastAPI app, whose route
answers it as it always did, so that every refusal stays the routes' own. A refusal by the service once the
request is taken here (409, 503...) is answered as the app's error handler answers it.

On PostgreSQL both run on the event loop itself, their one statement awaited there through libpq's asynchronous
calls (:meth:`GameService.act_answer_on_loop`, :meth:`GameService.view_json_on_loop`): no trip to a thread and back
(a thread woken, the GIL handed over twice, the loop woken by the thread's answer). What those do not take (a game
another request holds, the pool without a connection idle, a cached game behind the stored one, a refusal to
confirm on the stored game, a decision ending the game...) goes to the threads below, as before. On SQLite, whose
calls block, always the threads.
"""
from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor

from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sestertius.web.limits import MAX_BODY
from sestertius.web.models import Decision
from sestertius.web.responses import send_json
from sestertius.web.service import STALE, ApiError

DECISION = re.compile(r"/api/games/([A-Za-z0-9_-]{1,32})/decisions")
VIEW = re.compile(r"/api/games/([A-Za-z0-9_-]{1,32})")
SEAT_QUERY = re.compile(rb"(?:seat=([0-5]))?")


THREADS = 40  # as many as FastAPI's own thread pool (anyio's default limit)


def threads() -> ThreadPoolExecutor:
    """The hot requests' threads (``app.state.hot_threads``): a plain executor, whose busy threads take the next
    request from one shared queue without sleeping, where anyio's (FastAPI's ``run_in_threadpool``) wakes a thread
    of its own for each call: measured on uvloop with 8 calls at a time, about 13 against 30 us of CPU and 0.6
    against 2.7 context switches per call."""
    return ThreadPoolExecutor(THREADS, thread_name_prefix="sestertius-hot")


class HotRoutes:
    """ASGI middleware answering plain decisions and views of cached games itself (see the module's text); the app's
    ``state.hot_answered`` counts them."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            method, path = scope["method"], scope["path"]
            if method == "POST" and (m := DECISION.fullmatch(path)):
                await self.decision(m.group(1), scope, receive, send)
                return
            if method == "GET" and (m := VIEW.fullmatch(path)):
                await self.view(m.group(1), scope, receive, send)
                return
        await self.app(scope, receive, send)

    async def decision(self, gid: str, scope: Scope, receive: Receive, send: Send) -> None:
        length = content_type = None
        for name, value in scope["headers"]:
            if name == b"content-length":
                length = None if length is not None else value  # twice: not plain
            elif name == b"content-type":
                content_type = value
        if (length is None or not length.isdigit() or int(length) > self.max_bytes
                or content_type is None or content_type.split(b";")[0].strip() != b"application/json"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away: FastAPI's way with it
                await self.app(scope, _replay(chunks, receive, message), send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        app = scope["app"]
        service = app.state.service
        live = service.cached(gid)
        given, seat = None, None
        if live is not None:
            try:
                given = Decision.model_validate_json(b"".join(chunks))
                seat = service.check_seat(live, given.seat, given.key)
            except (ValidationError, ApiError):
                given = None
        if given is None or seat is None:
            await self.app(scope, _replay(chunks, receive), send)
            return
        app.state.hot_answered += 1
        action = list(given.action)
        try:
            # on PostgreSQL decided on the event loop, its write awaited there (GameService.act_answer_on_loop);
            # else, or when it does not take the request, in a thread
            view = await service.act_answer_on_loop(live, seat, action, given.expect)
            if view is None or view is STALE:
                view = await asyncio.get_running_loop().run_in_executor(
                    app.state.hot_threads, service.act_answer if view is None else service.act_answer_stale,
                    live, seat, action, given.expect)
        except ApiError as e:
            await JSONResponse(e.body(), status_code=e.status)(scope, receive, send)
            return
        app.state.hub.notify(service, live)
        await send_json(send, b'{"ok":true,"view":' + view + b"}")  # as responses.answer

    async def view(self, gid: str, scope: Scope, receive: Receive, send: Send) -> None:
        m = SEAT_QUERY.fullmatch(scope["query_string"])
        key = None
        plain = m is not None
        for name, value in scope["headers"]:
            if name == b"x-seat-key":
                plain = plain and key is None and len(value) <= 200
                key = value.decode("latin-1")
        app = scope["app"]
        service = app.state.service
        live = service.cached(gid) if plain else None
        if live is None:
            await self.app(scope, receive, send)
            return
        assert m is not None
        try:
            seat = service.check_seat(live, None if m.group(1) is None else int(m.group(1)), key)
        except ApiError:
            await self.app(scope, receive, send)
            return
        app.state.hot_answered += 1
        try:  # on PostgreSQL on the event loop when the stored game is the cached one; else in a thread
            view = await service.view_json_on_loop(live, seat)
            if view is None:
                view = await asyncio.get_running_loop().run_in_executor(app.state.hot_threads, service.view_json,
                                                                        live, seat)
        except ApiError as e:
            await JSONResponse(e.body(), status_code=e.status)(scope, receive, send)
            return
        await send_json(send, view)


def _replay(chunks: list[bytes], receive: Receive, last: Message | None = None) -> Receive:
    """``receive`` giving again the body already read (then ``last``, if any), then on as before."""
    pending: list[Message] = [{"type": "http.request", "body": b"".join(chunks), "more_body": last is not None}]
    if last is not None:
        pending.append(last)

    async def again() -> Message:
        return pending.pop(0) if pending else await receive()
    return again
