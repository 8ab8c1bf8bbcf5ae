"""The size limit of a request body: a body announced (Content-Length) or sent over the limit is refused with 413
before it is read whole. WebSocket connections are limited by the hub (:mod:`.hub`), strings and numbers by the
request models (:mod:`.models.requests`)."""
from __future__ import annotations

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 128 * 1024  # bytes: the largest request, a browser's list of its games' secrets, is well under


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
