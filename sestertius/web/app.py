"""The web app: a FastAPI application serving the JSON API (documented at ``/docs``), a WebSocket per game that
pushes fresh views, and the browser UI (plain HTML/CSS/JS modules in ``static/``).

    concordia serve [--host 127.0.0.1] [--port 8000] [--db URL] [--workers N] [--keep-alive SECONDS]

Seats and secrets: creating a game returns one secret per seat that a person plays, and the creator's secret. A
request that shows a seat's hand or acts for it must carry that seat's number and secret (``seat`` is 0-based in the
API; the UI shows it 1-based): a view in the ``X-Seat-Key`` header, a decision or an undo in its body, the WebSocket
in its first message. A secret never goes in a URL (access logs record URLs): one there is refused, and the links
handed out carry it in their fragment, which browsers do not send. Without a seat, the public view (``view(None)``)
is returned: what a spectator at the table sees. With dice entered by hand, only one seat enters each outcome: the
seat the creator named as the table, else the seat whose turn it is.

Lobbies list the games their creators chose to make public; a browser gets the list of its own games by showing the
secrets it holds. The creator may delete a game that is not finished. Campaigns have a secret of their own.

Errors are JSON ``{"error": "...", "rule": "...", "code": "..."}``: 404 unknown game, 403 wrong or missing secret,
405 a method the path does not offer (with ``Allow``), 409 a decision the rules do not allow now (or not your turn,
or the game has moved on), 408 a request body that did not arrive in time, 413 a request body over the limit, 422 a
malformed request, 429 too many requests of a kind from one address (``Retry-After`` says when to try again), 503
the database could not store it. A refused request changes nothing. A client acts on ``code``, a stable key (the
words may change).
"""
from __future__ import annotations

import asyncio
import gc
import logging
import os
import threading
from contextlib import asynccontextmanager
from typing import Any, cast

from fastapi import FastAPI, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection
from starlette.routing import Route
from starlette.types import ASGIApp
from starlette.websockets import WebSocketState
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from sestertius.data.catalog import load_catalog, load_fish_market
from sestertius.data.solitaria import solo_data
from sestertius.rules.boards.sicilia import volcano_data
from sestertius.settings import Settings
from sestertius.web import logs, onewrite
from sestertius.web.campaigns import Campaigns
from sestertius.web.hot import HotRoutes
from sestertius.web.hot import threads as hot_threads
from sestertius.web.hub import MAX_PER_CLIENT, MAX_PER_GAME, Hub
from sestertius.web.keepalive import Recycle
from sestertius.web.limits import MAX_BODY, BodyLimit, ClientLimits, Limits
from sestertius.web.live import rule_code
from sestertius.web.routes import analysis, campaigns, data, games, pages, replay, websocket
from sestertius.web.routes.pages import STATIC
from sestertius.web.service import ApiError, GameService
from sestertius.web.store import Store, default_db_url

log = logging.getLogger("sestertius.web")

TELEMETRY_OFF = {"tracing": False, "metrics": False, "logs": False}  # FastAPI's own (fastapi.telemetry)
TAGS = [{"name": "games", "description": "create, list, view and play games"},
        {"name": "data", "description": "boards, cards and options"},
        {"name": "campaigns", "description": "Solitaria campaigns"}]


def create_app(db_url: str | None = None, campaigns_path: str | None = None, max_body: int = MAX_BODY,
               ws_per_game: int = MAX_PER_GAME, ws_per_client: int = MAX_PER_CLIENT,
               hot_routes: bool = True, settings: Settings | None = None, limits: Limits | None = None) -> FastAPI:
    """The application. ``settings``: the server's (default: from the environment, :mod:`sestertius.settings`);
    ``db_url`` and ``campaigns_path``, when given, take the place of its database URL (default: see
    store.default_db_url) and Solitaria campaign file (default: the automaton's); the limits: bytes of a
    request body, WebSockets per game and per client address; ``hot_routes``: plain decisions and views of cached
    games answered without FastAPI's machinery (:mod:`.hot`; the same answers); ``limits``: per client address,
    the time of a request body, the trusted proxies and the keep-alive connections' turnover (default: the
    settings', :meth:`Limits.of`). Refuses to make the app
    (DataError, naming the file and the key) when the data with the user's overrides file does not load: every
    request would fail on it."""
    settings = settings or Settings()
    load_data()
    limits = limits or Limits.of(settings)
    store = Store(default_db_url(db_url or settings.db))
    service = GameService(store, bot_processes=settings.bot_processes)
    logs.install()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        # changes made by other processes on the same database (PostgreSQL): live updates for this one's browsers
        loop = asyncio.get_running_loop()
        hub = app.state.hub
        # (on the listener's thread: a game nobody here watches wakes nothing; a WebSocket joining meanwhile has
        # its first view made after it is counted, from the database)
        # (and each time it starts listening, every game watched here: what was notified while its connection was
        # lost never arrives)
        listener = store.listen(lambda gid: gid in hub.conns
                                and loop.call_soon_threadsafe(hub.changed_elsewhere, service, gid),
                                lambda: [loop.call_soon_threadsafe(hub.changed_elsewhere, service, gid)
                                         for gid in list(hub.conns)])
        app.state.listener = listener
        # each bot decision stored in the background: its views pushed to the game's browsers
        service.bots.on_change = lambda live: loop.call_soon_threadsafe(hub.notify, service, live)
        # the games whose next seat is a bot (a restart mid-game): their bots pick up again
        threading.Thread(target=service.bots.resume, name="bots-resume", daemon=True).start()
        # the hot routes' threads of this run (those of an earlier run were shut down when it ended: an app started
        # again answered its hot requests 500)
        app.state.hot_threads = hot_threads()
        try:  # the pool's connections made now, not by the first games (PostgreSQL; see Store.warm)
            await asyncio.to_thread(store.warm)
        except Exception:  # the database is unreachable now: each request will tell, as before
            log.warning("the database connections could not be made in advance", exc_info=True)
        yield
        service.bots.stop()
        service.bots.on_change = None
        if listener is not None:
            listener.stop()
        app.state.hot_threads.shutdown(wait=False)
        store.dispose()

    # the API's pages (/docs, /redoc) with their scripts and styles served by the app itself: they work offline;
    # FastAPI's OpenTelemetry off (the app uses none: its check, whether a provider is configured, cost about 3% of a
    # worker's CPU at saturation, on every request)
    app = FastAPIOffline(title="Sestertius: Concordia in the browser", description=__doc__, version="1",
                         lifespan=lifespan, openapi_tags=TAGS, favicon_url="/static/favicon.svg",
                         static_url="/static-docs", telemetry=TELEMETRY_OFF)
    app.state.store, app.state.service, app.state.settings = store, service, settings
    app.state.hub = Hub(per_game=ws_per_game, per_client=ws_per_client)
    app.add_middleware(BodyLimit, max_bytes=max_body)
    app.state.hot_answered = 0
    app.state.hot_threads = hot_threads()
    # the middleware of every request, outside FastAPI's own stack (its error handling, its telemetry and body-limit
    # layers, its exception handlers, the routes): the hot requests, answered by HotRoutes, never go through it
    stack = app.build_middleware_stack

    def build_middleware_stack() -> ASGIApp:
        inner = stack()
        if hot_routes:  # outside BodyLimit: it hands on what it does not answer itself, bodies over the limit too
            inner = HotRoutes(inner, max_bytes=max_body)
        # outside the hot routes (which read a decision's body themselves), after the forwarded address is known
        inner = ClientLimits(inner, limits=limits)
        # the client's address from a trusted proxy's X-Forwarded-For (here rather than by uvicorn: outside it, the
        # keep-alive turnover sees the peer's own address and port, one per connection)
        inner = cast(ASGIApp, ProxyHeadersMiddleware(cast(Any, inner), trusted_hosts=limits.forwarded_allow_ips))
        return Recycle(inner, max_requests=limits.connection_requests, max_seconds=limits.connection_seconds,
                       keep_alive=settings.keep_alive)
    app.build_middleware_stack = build_middleware_stack  # type: ignore[method-assign]
    app.state.campaigns = Campaigns(service, campaigns_path or settings.campaigns)

    # the handlers answer HTTP requests and close WebSockets alike, so they take the common HTTPConnection, which
    # Starlette's annotation (a Request or a WebSocket handler) does not express
    app.add_exception_handler(ApiError, _api_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _bad_request)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, _http_error)  # type: ignore[arg-type]

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    modules = (pages, data, games, replay, websocket, campaigns, analysis)
    for module in modules:
        app.include_router(module.router)
    # each path's methods, for the Allow header of a 405
    routes = [*app.routes, *(r for module in modules for r in module.router.routes)]
    app.state.methods = [(r.path_regex, "{" not in r.path, r.methods) for r in routes
                         if isinstance(r, Route) and r.methods]
    return app


def load_data() -> None:
    """Load every data file with the user's overrides (each loader keeps what it loaded)."""
    load_catalog()
    load_fish_market()
    solo_data()
    volcano_data()


# -- errors: always {"error", "rule", "code"} ------------------------------------------------------------------
async def _api_error(conn: HTTPConnection, exc: ApiError) -> JSONResponse | None:
    if isinstance(conn, WebSocket):
        # accepted, then closed: a WebSocket closed before it is accepted reaches the browser as a bare HTTP 403,
        # and the page could not tell a deleted game (stop) from a server that restarted (reconnect)
        if conn.client_state == WebSocketState.CONNECTING:
            await conn.accept()
        await conn.close(code=4404 if exc.status == 404 else 4403, reason=exc.error[:120])
        return None
    return JSONResponse(exc.body(), status_code=exc.status)


async def _bad_request(conn: HTTPConnection, exc: RequestValidationError) -> JSONResponse:
    errs = exc.errors()
    parts = []
    for e in errs[:5]:
        loc = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "body"
        parts.append(f"{loc}: {e.get('msg')}")
    return JSONResponse({"error": "malformed request: " + "; ".join(parts), "rule": "Request", "code": "request",
                         "detail": _jsonable([{k: v for k, v in e.items() if k in ("loc", "msg", "type")}
                                              for e in errs])}, status_code=422)


async def _http_error(conn: HTTPConnection, exc: StarletteHTTPException) -> JSONResponse:
    if exc.status_code == 400:  # a body that cannot be read as JSON (not UTF-8...): malformed, as any other
        return JSONResponse({"error": f"malformed request: {exc.detail}", "rule": "Request",
                             "code": "request"}, status_code=422)
    headers = dict(getattr(exc, "headers", None) or {})
    if exc.status_code == 405:
        # every method the path offers (Starlette names only those of the first route matching the path)
        headers["Allow"] = ", ".join(_allowed(conn))
    rule = {413: "Request size", 408: "Request time"}.get(exc.status_code, "HTTP")
    return JSONResponse({"error": str(exc.detail), "rule": rule, "code": rule_code(rule)}, status_code=exc.status_code,
                        headers=headers)


def _allowed(conn: HTTPConnection) -> list[str]:
    """The methods of the routes matching the request's path; a path of its own (/api/games/mine) before one with
    a parameter (/api/games/{gid}), as the API's schema lists them."""
    path = conn.scope["path"]
    matching = [(fixed, methods) for regex, fixed, methods in conn.app.state.methods if regex.match(path)]
    if any(fixed for fixed, _ in matching):
        matching = [m for m in matching if m[0]]
    return sorted({m for _, methods in matching for m in methods})


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return str(x)


# Young collections this much rarer than Python's default (700, 10, 10): a server process holds every live game,
# so most of its objects are long-lived and nearly all young collections find nothing (measured: 1,000 human-paced
# games, 40 s, each worker spent 1.7-2.3 s of CPU in the collector, 0.4-0.5 s with this and the freeze below).
GC_THRESHOLDS = (20_000, 20, 20)


def tune_gc() -> None:
    """For a server process, once its modules and app are made: what exists now (the imported code and data) is
    left out of every later collection (``gc.freeze``), and young collections are made rarer (``GC_THRESHOLDS``). A
    full collection stops the process's event loop while it scans, for each of its requests."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


# ---------------------------------------------------------------------------------------------------------------
def app_from_env() -> FastAPI:
    """The application of a worker process of ``concordia serve --workers N`` (its settings in the environment:
    ``Settings.environ``)."""
    app = create_app(settings=Settings())
    tune_gc()
    return app


KEEP_ALIVE = Settings.model_fields["keep_alive"].default  # seconds an idle keep-alive connection stays open
# (uvicorn's own default, 5 s, is shorter than a person's thinking: each of their decisions opened a new
# connection); as nginx's default keepalive_timeout


def server_options(host: str, port: int, log_level: str, keep_alive: float = KEEP_ALIVE) -> dict[str, Any]:
    """uvicorn's settings for ``concordia serve``: uvloop and httptools (uvicorn's choice when they are installed,
    as ``uvicorn[standard]`` does), httptools' protocol writing each answer's head and body at once
    (:mod:`.onewrite`); the access log only at level info or below (above it, uvicorn would still format each
    request's line for a logger that drops it); WebSocket messages are a seat and its secret, or
    "ping": a small frame limit (the app closes longer ones); idle connections kept ``keep_alive`` seconds; the
    proxy's headers read by the app (the ``forwarded_allow_ips`` setting), not by uvicorn."""
    return {"host": host, "port": port, "log_level": log_level, "ws_max_size": 64 * 1024,
            "access_log": log_level.lower() in ("info", "debug", "trace"), "loop": "auto", "http": onewrite.protocol(),
            "timeout_keep_alive": keep_alive, "proxy_headers": False}


def run(settings: Settings | None = None) -> None:
    """Start the web app with uvicorn (``concordia serve``) with ``settings`` (default: from the environment): one
    process, or ``settings.workers`` worker processes sharing the port (a PostgreSQL database only: with SQLite the
    live updates stay within one process)."""
    import uvicorn
    settings = settings or Settings()
    url = default_db_url(settings.db)
    settings = settings.model_copy(update={"db": url})
    if settings.overrides is not None:  # the engine's data layer reads its variable (sestertius.settings)
        os.environ["SESTERTIUS_OVERRIDES"] = str(settings.overrides)
    if settings.workers > 1 and url.startswith("sqlite"):
        raise SystemExit("concordia serve: refused: --workers needs a PostgreSQL database (--db postgresql+psycopg://"
                         "...); SQLite serves from one process")
    shown = url if "@" not in url else url.split("@")[-1]
    host, port = settings.host, settings.port
    common = server_options(host, port, settings.log, settings.keep_alive)
    if settings.workers > 1:
        Store(url).dispose()  # migrate once before the workers start (they would wait on each other's lock)
        os.environ.update(settings.environ())  # the workers read their settings back (app_from_env)
        print(f"Concordia: open http://{host}:{port}/ in your browser ({settings.workers} workers; games stored in "
              f"{shown}; Ctrl+C stops)", flush=True)
        uvicorn.run("sestertius.web.app:app_from_env", factory=True, workers=settings.workers, **common)
        return
    app = create_app(settings=settings)
    tune_gc()
    print(f"Concordia: open http://{host}:{port}/ in your browser (games stored in {shown}; Ctrl+C stops)",
          flush=True)
    uvicorn.run(app, **common)
