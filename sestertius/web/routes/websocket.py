"""The WebSocket of a game: the seat's view at once, then a fresh one after every change (see :mod:`..hub`).

A refused connection is closed before it is accepted: 4404 unknown game, 4403 wrong or missing seat secret. The
client may send "ping"; it is answered with {"type": "pong"}.
"""
from __future__ import annotations

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool

from sestertius.web.deps import HubDep, ServiceDep, WatchSeat
from sestertius.web.hub import view_message

router = APIRouter()


@router.websocket("/ws/{gid}")
async def ws_game(ws: WebSocket, at: WatchSeat, service: ServiceDep, hub: HubDep) -> None:
    live, seat = at.live, at.seat
    await ws.accept()
    hub.add(live.id, ws, seat)
    try:
        first = await run_in_threadpool(service.view, live, seat)
        await ws.send_text(view_message(first))
        while True:
            msg = await ws.receive_text()
            if msg == "ping":
                await ws.send_json({"type": "pong"})
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.remove(live.id, ws, seat)
