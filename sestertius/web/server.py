"""The web app: a FastAPI application serving the JSON API (documented at ``/docs``), a WebSocket per game that
pushes fresh views, and the browser UI (plain HTML/CSS/JS in ``static/``).

    concordia serve [--host 127.0.0.1] [--port 8000] [--db URL]

Seats and secrets: creating a game returns one secret per seat that a person plays. A request that shows a seat's
hand or acts for it must carry that seat's number and secret (``seat`` is 0-based in the API; the UI shows it
1-based). Without a seat, the public view (``view(None)``) is returned: what a spectator at the table sees.

Errors are JSON ``{"error": "...", "rule": "..."}``: 404 unknown game, 403 wrong or missing secret, 409 a decision
the rules do not allow now (or not your turn, or the game has moved on), 422 a malformed request. A refused request
changes nothing.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
from contextlib import asynccontextmanager
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from starlette.exceptions import HTTPException as StarletteHTTPException

from sestertius.data import board as board_mod
from sestertius.bots import BOTS
from sestertius.data.catalog import GODS, GOODS, load_catalog
from sestertius.web.service import ApiError, GameService, Live
from sestertius.web.store import Store

log = logging.getLogger("sestertius.web")
STATIC = Path(str(resources.files("sestertius") / "web" / "static"))


# ---------------------------------------------------------------------------------------------------------------
# Request bodies
# ---------------------------------------------------------------------------------------------------------------
class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["hotseat", "human", "online", "bot"] = Field(
        "hotseat", description="hotseat: a person at this screen; human/online: a person elsewhere, who gets an "
                               "invite link; bot: played by the server")
    bot: Literal["random", "greedy"] | None = Field(None, description="bot name when kind is bot")
    name: StrictStr | None = Field(None, max_length=40)


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"board": "italia", "seats": [{"kind": "hotseat"}, {"kind": "bot", "bot": "greedy"}]},
        {"mode": "solo", "board": "italia", "difficulty": "standard", "manual_dice": False},
    ]})
    mode: StrictStr = Field("base", max_length=20, description="base (and Venus) game; solo: Solitaria against "
                                                                 "Contrarius (1 seat, or 2 seats with Contrarius as a "
                                                                 "third player); team: Venus team play (4 or 6 seats, "
                                                                 "partners opposite) or, with 2 seats, Solitaria's "
                                                                 "cooperative team against Contrarius. Contrarius never "
                                                                 "takes a seat")
    board: StrictStr = "imperium"
    players: StrictInt | None = Field(None, ge=1, le=6, description="defaults to the number of seats")
    seats: list[SeatSpec] | None = Field(None, max_length=6,
                                         description="one entry per seat; default: all hot-seat")
    venus: StrictBool | None = None
    display: Literal["standard", "wine"] | None = None
    intermediate_scoring: StrictBool | None = None
    difficulty: StrictStr | None = Field(None, description="Solitaria difficulty")
    start_vp: StrictInt | None = Field(None, description="Solitaria: the player's starting victory points")
    manual_dice: StrictBool | None = Field(None, description="table assistant: you roll real dice and enter them")
    fish_market: StrictStr | None = Field(None, max_length=20, description="the fish-market variant: its side")
    seed: StrictInt | None = Field(None, ge=0, lt=2**63, description="random if not given")


class Decision(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"seat": 0, "key": "SECRET", "action": ["play", "architect"], "expect": 0}]})
    seat: StrictInt = Field(..., ge=0, le=5, description="0-based seat number")
    key: StrictStr = Field(..., max_length=200, description="that seat's secret")
    action: list[StrictStr | StrictInt] = Field(..., min_length=1, max_length=12,
                                                description="one entry of the view's legal list (its 'action')")
    expect: StrictInt | None = Field(None, description="number of decisions in the view you acted on; if the game "
                                                       "has moved on the decision is refused (409) instead")


class UndoBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt = Field(..., ge=0, le=5)
    key: StrictStr = Field(..., max_length=200)
    expect: StrictInt | None = None


# ---------------------------------------------------------------------------------------------------------------
# Live updates
# ---------------------------------------------------------------------------------------------------------------
class Hub:
    """WebSocket connections per game; after each change every connection gets its own seat's fresh view."""

    def __init__(self) -> None:
        self.conns: dict[str, set[tuple[WebSocket, int | None]]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.tasks: set[asyncio.Task] = set()

    def notify(self, service: GameService, live: Live) -> None:
        """Schedule a broadcast without delaying the HTTP answer."""
        if live.id not in self.conns:
            return
        task = asyncio.get_running_loop().create_task(self.broadcast(service, live))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def add(self, gid: str, ws: WebSocket, seat: int | None) -> None:
        self.conns.setdefault(gid, set()).add((ws, seat))

    def remove(self, gid: str, ws: WebSocket, seat: int | None) -> None:
        s = self.conns.get(gid)
        if s:
            s.discard((ws, seat))
            if not s:
                self.conns.pop(gid, None)
                self.locks.pop(gid, None)

    async def broadcast(self, service: GameService, live: Live) -> None:
        # one broadcast at a time per game, each computing the views when it runs: the last view sent is the
        # freshest
        lock = self.locks.setdefault(live.id, asyncio.Lock())
        async with lock:
            conns = list(self.conns.get(live.id, ()))
            if not conns:
                return
            seats = {seat for _, seat in conns}
            views = await run_in_threadpool(lambda: {seat: service.view(live, seat) for seat in seats})
            for ws, seat in conns:
                try:
                    await ws.send_text(json.dumps({"type": "view", "view": views[seat]}, separators=(",", ":")))
                except Exception:  # a closed connection: forget it
                    self.remove(live.id, ws, seat)


# ---------------------------------------------------------------------------------------------------------------
# The application
# ---------------------------------------------------------------------------------------------------------------
def create_app(db_url: str | None = None, campaigns_path: str | None = None) -> FastAPI:
    """The application. ``db_url``: SQLAlchemy URL (default: see store.default_db_url); ``campaigns_path``: the
    Solitaria campaign file (default: $SESTERTIUS_CAMPAIGNS or the automaton's default)."""
    store = Store(db_url)
    service = GameService(store)
    hub = Hub()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        yield
        store.dispose()

    app = FastAPI(
        title="Sestertius: Concordia in the browser",
        description=__doc__, version="1", lifespan=lifespan,
        openapi_tags=[{"name": "games", "description": "create, list, view and play games"},
                      {"name": "data", "description": "boards, cards and options"},
                      {"name": "campaigns", "description": "Solitaria campaigns"}],
    )
    app.state.store, app.state.service, app.state.hub = store, service, hub

    # -- errors: always {"error", "rule"} ---------------------------------------------------------------------
    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        errs = exc.errors()
        parts = []
        for e in errs[:5]:
            loc = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "body"
            parts.append(f"{loc}: {e.get('msg')}")
        return JSONResponse({"error": "malformed request: " + "; ".join(parts), "rule": "Request",
                             "detail": _jsonable([{k: v for k, v in e.items() if k in ("loc", "msg", "type")}
                                                for e in errs])}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail), "rule": "HTTP"}, status_code=exc.status_code)

    # -- pages ------------------------------------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return _page("index.html")

    @app.get("/play/{gid}", include_in_schema=False)
    async def play_page(gid: str) -> FileResponse:
        return _page("game.html")

    @app.get("/replay/{gid}", include_in_schema=False)
    async def replay_page(gid: str) -> FileResponse:
        return _page("game.html")

    @app.get("/campaigns", include_in_schema=False)
    async def campaigns_page() -> FileResponse:
        return _page("campaigns.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return RedirectResponse("/static/favicon.svg")

    # -- data -------------------------------------------------------------------------------------------------
    @app.get("/api/meta", tags=["data"], summary="Boards, bots, modes and difficulties to choose from")
    async def meta() -> dict[str, Any]:
        boards = []
        for name in board_mod.board_names():
            b = board_mod.load_board(name)
            base_ok, solo_ok = _playable(name, "base"), _playable(name, "solo")
            boards.append({"name": name, "title": b.title, "players": list(b.players), "cities": len(b.cities),
                           "base": base_ok is None, "solo": solo_ok is None,
                           "why_not": {"base": base_ok, "solo": solo_ok}})
        return {"boards": boards, "bots": list(BOTS), "modes": _modes(), "difficulties": _difficulties(),
                "displays": ["standard", "wine"], "fish_market": _fish_sides(),
                "campaigns": _campaign_api() is not None}

    @app.get("/api/boards/{name}", tags=["data"], summary="Board geometry: where to draw cities and routes")
    async def board_geometry(name: str) -> dict[str, Any]:
        if name not in board_mod.board_names():
            raise ApiError(404, f"no board {name!r}", "Unknown board")
        return board_layout(name)

    @app.get("/api/catalog", tags=["data"], summary="Cards, goods, prices and gods")
    async def catalog() -> dict[str, Any]:
        return catalog_json()

    # -- games ------------------------------------------------------------------------------------------------
    @app.post("/api/games", tags=["games"], status_code=201,
              summary="Create a game; returns one secret link per seat played by a person")
    async def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
        spec = body.model_dump()
        spec["seats"] = [s.model_dump() for s in body.seats] if body.seats else None
        live, tokens = await run_in_threadpool(service.create, spec)
        base = str(request.base_url).rstrip("/")
        seats = []
        hot = []
        for s, tok in zip(live.seats, tokens):
            entry = {"seat": s["seat"], "kind": s["kind"], "bot": s["bot"], "name": s["name"], "key": tok}
            if tok:
                entry["link"] = f"{base}/play/{live.id}?seat={s['seat']}&key={tok}"
                if s["kind"] == "hotseat":
                    hot.append(f"{s['seat']}:{tok}")
            seats.append(entry)
        out = {"id": live.id, "seats": seats, "status": live.status, "play": f"{base}/play/{live.id}"}
        if hot:
            out["hotseat_link"] = f"{base}/play/{live.id}?keys={','.join(hot)}"
        return out

    @app.post("/api/options/check", tags=["games"],
              summary="Check a game's options without creating it: the engine's options, or 422 with the reason")
    async def check_options(body: CreateGame) -> dict[str, Any]:
        spec = body.model_dump()
        spec["seats"] = [s.model_dump() for s in body.seats] if body.seats else None
        return {"ok": True, "options": await run_in_threadpool(service.check_options, spec)}

    @app.get("/api/games", tags=["games"], summary="List games, most recently played first")
    async def list_games(status: Literal["active", "over"] | None = None) -> dict[str, Any]:
        return {"games": await run_in_threadpool(service.list_games, status)}

    @app.get("/api/games/{gid}", tags=["games"], summary="A game's view for a seat (with its secret) or public")
    async def get_view(gid: str, seat: Annotated[int | None, Query(ge=0, le=5)] = None,
                       key: Annotated[str | None, Query(max_length=200)] = None) -> FastJSON:
        def work() -> dict[str, Any]:
            live = service.get(gid)
            s = service.check_seat(live, seat, key)
            return service.view(live, s)
        return FastJSON(await run_in_threadpool(work))

    @app.post("/api/games/{gid}/decisions", tags=["games"],
              summary="Take a decision for a seat; bots and chance then move; returns the seat's new view")
    async def post_decision(gid: str, body: Decision) -> FastJSON:
        def work() -> tuple[Live, dict[str, Any]]:
            live = service.get(gid)
            s = service.check_seat(live, body.seat, body.key)
            assert s is not None
            service.act(live, s, list(body.action), body.expect)
            return live, service.view(live, s)
        live, view = await run_in_threadpool(work)
        hub.notify(service, live)
        return FastJSON({"ok": True, "view": view})

    @app.post("/api/games/{gid}/undo", tags=["games"],
              summary="Take back the seat's last decision of this turn (when the view says can_undo)")
    async def post_undo(gid: str, body: UndoBody) -> FastJSON:
        def work() -> tuple[Live, dict[str, Any]]:
            live = service.get(gid)
            s = service.check_seat(live, body.seat, body.key)
            assert s is not None
            service.undo(live, s, body.expect)
            return live, service.view(live, s)
        live, view = await run_in_threadpool(work)
        hub.notify(service, live)
        return FastJSON({"ok": True, "view": view})

    @app.get("/api/games/{gid}/record", tags=["games"], summary="Download the game record of a finished game")
    async def get_record(gid: str) -> JSONResponse:
        rec = await run_in_threadpool(lambda: service.record(service.get(gid)))
        return JSONResponse(rec, headers={"Content-Disposition": f'attachment; filename="concordia-{gid}.json"'})

    @app.get("/api/games/{gid}/replay", tags=["games"],
             summary="Public view of a finished game after its first `step` decisions")
    async def get_replay(gid: str, step: Annotated[int, Query(ge=0)] = 0) -> FastJSON:
        return FastJSON(await run_in_threadpool(lambda: service.replay(service.get(gid), step)))

    @app.websocket("/ws/{gid}")
    async def ws_game(ws: WebSocket, gid: str, seat: int | None = None, key: str | None = None) -> None:
        try:
            live = await run_in_threadpool(service.get, gid)
            s = service.check_seat(live, seat, key)
        except ApiError as e:
            await ws.close(code=4404 if e.status == 404 else 4403, reason=e.error[:120])
            return
        await ws.accept()
        hub.add(gid, ws, s)
        try:
            first = await run_in_threadpool(service.view, live, s)
            await ws.send_text(json.dumps({"type": "view", "view": first}, separators=(",", ":")))
            while True:
                msg = await ws.receive_text()
                if msg == "ping":
                    await ws.send_json({"type": "pong"})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.remove(gid, ws, s)

    _add_campaign_routes(app, service, campaigns_path)
    return app


class FastJSON(JSONResponse):
    """JSON without FastAPI's generic encoder (views are plain dicts, lists, tuples, str, int, bool, None): several
    times faster on a game view."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return str(x)


# ---------------------------------------------------------------------------------------------------------------
# Static data for the UI
# ---------------------------------------------------------------------------------------------------------------
def board_layout(name: str) -> dict[str, Any]:
    """City positions in board units (x right, y down; the longer side is 1000): the board file's ``xy`` layout
    hint where given, else latitude/longitude projected (equirectangular around the board's mean latitude) and
    fitted onto the hinted cities."""
    import math
    b = board_mod.load_board(name)
    n = len(b.cities)
    lat0 = sum(b.lat) / n
    k = math.cos(math.radians(lat0))
    proj = [(b.lon[i] * k, -b.lat[i]) for i in range(n)]
    hinted = [i for i in range(n) if b.layout[i] is not None]
    pos: list[tuple[float, float]] = []
    if len(hinted) >= 3:
        # least-squares scale + offset from projected coordinates to the hints, for cities without a hint
        def fit(axis: int) -> tuple[float, float]:
            xs = [proj[i][axis] for i in hinted]
            ys = [b.layout[i][axis] for i in hinted]  # type: ignore[index]
            mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
            var = sum((x - mx) ** 2 for x in xs) or 1.0
            a = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / var
            return a, my - a * mx
        (ax, bx), (ay, by) = fit(0), fit(1)
        for i in range(n):
            pos.append(b.layout[i] if b.layout[i] is not None else (ax * proj[i][0] + bx, ay * proj[i][1] + by))
    else:
        pos = proj
    xs, ys = [p[0] for p in pos], [p[1] for p in pos]
    minx, miny = min(xs), min(ys)
    span = max(max(xs) - minx, max(ys) - miny) or 1.0
    scale = 1000.0 / span
    pts = [((x - minx) * scale, (y - miny) * scale) for x, y in pos]
    width = max(p[0] for p in pts)
    height = max(p[1] for p in pts)
    return {
        "name": b.name, "title": b.title, "capital": b.capital, "width": round(width, 1),
        "height": round(height, 1),
        "cities": [{"id": i, "name": b.cities[i], "x": round(pts[i][0], 1), "y": round(pts[i][1], 1),
                    "province": b.province_of[i], "zone": b.zone[i], "lat": b.lat[i], "lon": b.lon[i],
                    "hinted": b.layout[i] is not None} for i in range(n)],
        "routes": [{"id": r.id, "kind": board_mod.KIND_NAMES[r.kind], "a": r.a, "b": r.b, "no_stop": r.no_stop}
                   for r in b.routes],
        "provinces": [{"id": i, "name": p, "cities": list(b.province_cities[i])} for i, p in enumerate(b.provinces)],
    }


def catalog_json() -> dict[str, Any]:
    cat = load_catalog()
    cards = dict(cat.cards)
    try:  # Solitaria's own cards (Contrarius' cards, the solo stacks)
        from sestertius.data.solitaria import solo_data
        cards.update(solo_data().catalog.cards)
    except Exception:  # pragma: no cover - the automaton is optional
        pass
    return {
        "goods": list(GOODS), "gods": list(cat.scoring.get("god_order", GODS)), "prices": list(cat.prices),
        "house_coins": list(cat.house_coins), "house_goods": [list(x) for x in cat.house_goods],
        "colonist_cost": list(cat.colonist_cost), "storehouse": cat.storehouse, "houses": cat.houses,
        "cards": {k: {"title": c.title, "action": c.action, "gods": list(c.gods), "cost": list(c.cost),
                      "money": c.money, "good": GOODS[c.good] if c.good >= 0 else None,
                      "vp_per_house": c.vp_per_house, "halves": list(c.halves)} for k, c in cards.items()},
    }


@lru_cache(maxsize=None)
def _playable(board: str, mode: str) -> str | None:
    """None if a game of this mode can be set up on this board, else the engine's reason."""
    from sestertius.rules.errors import ConcordiaError
    from sestertius.rules.game import Game
    try:
        Game.new({"board": board, "players": 1 if mode == "solo" else 2, "mode": mode}, seed=0)
    except (ConcordiaError, ImportError) as e:
        return str(e)
    return None


def _modes() -> list[str]:
    from sestertius.rules.options import MODES
    modes = []
    for m in MODES:
        if m == "solo":
            try:
                from sestertius.rules.modes import solitaria  # noqa: F401
            except ImportError:
                continue
        modes.append(m)
    return modes


def _fish_sides() -> list[dict[str, str]]:
    try:
        from sestertius.data.catalog import load_fish_market
        return [{"name": k, "title": v.title} for k, v in load_fish_market().sides.items()]
    except Exception:  # pragma: no cover - optional variant
        return []


def _difficulties() -> list[str]:
    try:
        from sestertius.data.solitaria import solo_data
        return list(solo_data().difficulty)
    except Exception:
        return []


def _campaign_api() -> Any:
    try:
        import sestertius.campaigns as campaign
    except ImportError:
        return None
    return campaign


def _add_campaign_routes(app: FastAPI, service: GameService, path: str | None) -> None:
    if _campaign_api() is None:
        return
    from sestertius.web.campaigns import add_routes
    add_routes(app, service, path)


# ---------------------------------------------------------------------------------------------------------------
def run(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None) -> None:
    """Start the web app with uvicorn (``concordia serve``)."""
    import uvicorn
    from sestertius.web.store import default_db_url
    url = db_url or default_db_url()
    app = create_app(url)
    shown = url if "@" not in url else url.split("@")[-1]
    print(f"Concordia: open http://{host}:{port}/ in your browser (games stored in {shown}; Ctrl+C stops)")
    uvicorn.run(app, host=host, port=port, log_level=os.environ.get("SESTERTIUS_LOG", "warning"))
