"""Response classes of the web app."""
from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse, Response
from starlette.types import Send

from sestertius.web.views import dumps


class FastJSON(JSONResponse):
    """JSON without FastAPI's generic encoder (views are plain dicts, lists, tuples, str, int, bool, None): several
    times faster on a game view. A route returning it still declares its response model, for the OpenAPI schema."""

    def render(self, content: Any) -> bytes:
        return dumps(content)


class RawJSON(Response):
    """JSON already encoded (a view made once per position: ``views.as_json``)."""
    media_type = "application/json"


def answer(view_json: bytes) -> RawJSON:
    """The answer to a decision or an undo: ``{"ok": true, "view": ...}`` around the view's JSON."""
    return RawJSON(b'{"ok":true,"view":' + view_json + b"}")


async def send_json(send: Send, body: bytes) -> None:
    """A 200 answer of JSON already encoded sent as ASGI messages, the same headers as :class:`RawJSON`'s, without
    making a Response (the hot requests)."""
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-length", b"%d" % len(body)), (b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})
