"""Response classes of the web app."""
from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse, Response

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
