"""The web app: a FastAPI application serving the JSON API (documented at ``/docs``), a WebSocket per game that
pushes fresh views, and the browser UI (plain HTML/CSS/JS modules in ``static/``).

    concordia serve [--host 127.0.0.1] [--port 8000] [--db URL]

Seats and secrets: creating a game returns one secret per seat that a person plays. A request that shows a seat's
hand or acts for it must carry that seat's number and secret (``seat`` is 0-based in the API; the UI shows it
1-based). Without a seat, the public view (``view(None)``) is returned: what a spectator at the table sees.

Errors are JSON ``{"error": "...", "rule": "..."}``: 404 unknown game, 403 wrong or missing secret, 409 a decision
the rules do not allow now (or not your turn, or the game has moved on), 422 a malformed request. A refused request
changes nothing.
"""
from __future__ import annotations

import os
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from sestertius.web.campaigns import Campaigns
from sestertius.web.hub import Hub
from sestertius.web.routes import analysis, campaigns, data, games, pages, replay, websocket
from sestertius.web.routes.pages import STATIC
from sestertius.web.service import ApiError, GameService
from sestertius.web.store import Store, default_db_url

TAGS = [{"name": "games", "description": "create, list, view and play games"},
        {"name": "data", "description": "boards, cards and options"},
        {"name": "campaigns", "description": "Solitaria campaigns"}]


def create_app(db_url: str | None = None, campaigns_path: str | None = None) -> FastAPI:
    """The application. ``db_url``: SQLAlchemy URL (default: see store.default_db_url); ``campaigns_path``: the
    Solitaria campaign file (default: $SESTERTIUS_CAMPAIGNS or the automaton's default)."""
    store = Store(db_url)
    service = GameService(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        yield
        store.dispose()

    app = FastAPI(title="Sestertius: Concordia in the browser", description=__doc__, version="1",
                  lifespan=lifespan, openapi_tags=TAGS)
    app.state.store, app.state.service, app.state.hub = store, service, Hub()
    app.state.campaigns = Campaigns(service, campaigns_path or os.environ.get("SESTERTIUS_CAMPAIGNS"))

    # the handlers answer HTTP requests and close WebSockets alike, so they take the common HTTPConnection, which
    # Starlette's annotation (a Request or a WebSocket handler) does not express
    app.add_exception_handler(ApiError, _api_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _bad_request)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, _http_error)  # type: ignore[arg-type]

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for module in (pages, data, games, replay, websocket, campaigns, analysis):
        app.include_router(module.router)
    return app


# -- errors: always {"error", "rule"} -------------------------------------------------------------------------
async def _api_error(conn: HTTPConnection, exc: ApiError) -> JSONResponse | None:
    if isinstance(conn, WebSocket):  # a refused WebSocket is closed before it is accepted
        await conn.close(code=4404 if exc.status == 404 else 4403, reason=exc.error[:120])
        return None
    return JSONResponse(exc.body(), status_code=exc.status)


async def _bad_request(conn: HTTPConnection, exc: RequestValidationError) -> JSONResponse:
    errs = exc.errors()
    parts = []
    for e in errs[:5]:
        loc = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "body"
        parts.append(f"{loc}: {e.get('msg')}")
    return JSONResponse({"error": "malformed request: " + "; ".join(parts), "rule": "Request",
                         "detail": _jsonable([{k: v for k, v in e.items() if k in ("loc", "msg", "type")}
                                              for e in errs])}, status_code=422)


async def _http_error(conn: HTTPConnection, exc: StarletteHTTPException) -> JSONResponse:
    return JSONResponse({"error": str(exc.detail), "rule": "HTTP"}, status_code=exc.status_code)


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return str(x)


# ---------------------------------------------------------------------------------------------------------------
def run(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None) -> None:
    """Start the web app with uvicorn (``concordia serve``)."""
    import uvicorn
    url = db_url or default_db_url()
    app = create_app(url)
    shown = url if "@" not in url else url.split("@")[-1]
    print(f"Concordia: open http://{host}:{port}/ in your browser (games stored in {shown}; Ctrl+C stops)")
    uvicorn.run(app, host=host, port=port, log_level=os.environ.get("SESTERTIUS_LOG", "warning"))
