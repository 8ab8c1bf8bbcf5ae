"""The WebSocket of a game: the seat's view at once, then a fresh one after every change (see :mod:`..hub`).

The client's first message names the seat and carries its secret, ``{"seat": 0, "key": "..."}``, or ``{}`` for the
public view: a secret is never put in the WebSocket's URL, which access logs record. Every refusal is accepted first
and then closed, so that the browser sees its code (closed before it is accepted, it is a bare HTTP 403). Closing
codes: 4404 unknown game, 1013 "try again later" with the reason: too many connections open (to this game, or
from this address) or opened lately from this address (:mod:`..limits`), or the database could not be read; 4400 a
malformed first message or a secret in the URL, 4408 no first message in time, 4403 a wrong or missing secret, 1003
a binary frame, 1009 a message over the size limit. The client may send "ping"; it is answered with
{"type": "pong"}.
"""
from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from pydantic import ValidationError
from starlette.types import Message

from sestertius.web.deps import HubDep, ServiceDep
from sestertius.web.hub import view_message
from sestertius.web.models import WatchHello
from sestertius.web.service import ApiError

router = APIRouter()

HELLO_SECONDS = 15.0  # how long the first message may take
MAX_MESSAGE = 1024  # characters of a client's message (a seat and its secret, or "ping")


@router.websocket("/ws/{gid}")
async def ws_game(ws: WebSocket, gid: str, service: ServiceDep, hub: HubDep) -> None:
    if "key" in ws.query_params:
        await ws.accept()
        await ws.close(code=4400, reason="a secret never goes in a URL: send it in the first message")
        return
    live = await run_in_threadpool(service.get, gid)  # an unknown game: closed (4404) by the app's error handler
    client = ws.client.host if ws.client else "unknown"
    if not hub.admit(live.id, client):
        await ws.accept()
        await ws.close(code=1013, reason=hub.refusal(live.id, client))
        return
    seat: int | None = None
    seated = False
    try:
        await ws.accept()
        try:
            first = await asyncio.wait_for(ws.receive(), HELLO_SECONDS)
        except TimeoutError:
            await ws.close(code=4408, reason="no first message (the seat and its secret, or {})")
            return
        text = await _text(ws, first)
        if text is None:
            return
        try:
            hello = WatchHello.model_validate_json(text)
        except ValidationError:
            await ws.close(code=4400, reason='the first message is {"seat": n, "key": "..."} or {}')
            return
        try:
            seat = service.check_seat(live, hello.seat, hello.key)
        except ApiError as e:
            await ws.close(code=4404 if e.status == 404 else 4403, reason=e.error[:120])
            return
        # counted before its first view is made, under the game's broadcast lock: a change made meanwhile (here or
        # by another process, whose notice is dropped for games nobody watches) is in that view or in a broadcast
        # sent after it
        async with hub.lock(live.id):
            hub.add(live.id, ws, seat)
            seated = True
            try:
                view = await run_in_threadpool(service.view_json, live, seat)
            except ApiError as e:  # deleted meanwhile (4404), or the database could not be read (1013: try again)
                await ws.close(code={404: 4404, 503: 1013}.get(e.status, 4403), reason=e.error[:120])
                return
            await ws.send_text(view_message(view))
        while True:
            text = await _text(ws, await ws.receive())
            if text is None:
                return
            if text == "ping":
                await ws.send_json({"type": "pong"})
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        if seated:
            hub.remove(live.id, ws, seat)
        hub.release(live.id, client)


async def _text(ws: WebSocket, msg: Message) -> str | None:
    """A text message's text; None once the connection is closed (by the client, or here: a binary frame or a
    message over the limit closes it)."""
    if msg["type"] == "websocket.disconnect":
        return None
    text = msg.get("text")
    if text is None:
        await ws.close(code=1003, reason="binary frames are not understood: send text")
        return None
    if len(text) > MAX_MESSAGE:
        await ws.close(code=1009, reason="message too long")
        return None
    return text
