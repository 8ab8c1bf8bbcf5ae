"""Games: create one (or only check its options), list them (the public ones; those of the secrets a browser holds),
a seat's (or the public) view, decisions and undo, and deleting a game in progress."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Request, Response
from fastapi.concurrency import run_in_threadpool

from sestertius.web import listing
from sestertius.web.deps import DecisionSeat, GameDep, HubDep, ServiceDep, UndoSeat, ViewSeat
from sestertius.web.models import (
    CreatedGame,
    CreateGame,
    GameList,
    GameView,
    MyGames,
    OptionsCheck,
    ViewAnswer,
    errors,
)
from sestertius.web.responses import RawJSON, answer
from sestertius.web.service import Live, public_seats

router = APIRouter(tags=["games"])

OwnerKey = Annotated[str | None, Header(max_length=200, description="the creator's secret")]


def seat_links(request: Request, live: Live, tokens: list[str | None]) -> tuple[str, list[dict[str, Any]]]:
    """The server's base URL and each seat with its secret and, for a person, its own link. The secret is in the
    link's fragment: a browser never sends it to the server, so that no access log records it."""
    base = str(request.base_url).rstrip("/")
    seats = []
    for s, tok in zip(public_seats(live.seats), tokens):
        entry = {**s, "key": tok}
        if tok:
            entry["link"] = f"{base}/play/{live.id}#seat={s['seat']}&key={tok}"
        seats.append(entry)
    return base, seats


def created(request: Request, live: Live, tokens: list[str | None], owner: str) -> dict[str, Any]:
    """The answer to a new game: its seats with their secrets and links, and the creator's secret."""
    base, seats = seat_links(request, live, tokens)
    out = {"id": live.id, "seats": seats, "status": live.status, "play": f"{base}/play/{live.id}",
           "owner_key": owner}
    hot = [f"{s['seat']}:{s['key']}" for s in seats if s["key"] and s["kind"] == "hotseat"]
    if hot:
        out["hotseat_link"] = f"{base}/play/{live.id}#keys={','.join(hot)}"
    return out


@router.post("/api/games", status_code=201, response_model=CreatedGame, response_model_exclude_unset=True,
             responses=errors(413, 422, 503),
             summary="Create a game; returns one secret link per seat played by a person, and the creator's secret")
async def create_game(body: CreateGame, request: Request, service: ServiceDep) -> dict[str, Any]:
    live, tokens, owner = await run_in_threadpool(service.create, body.spec())
    return created(request, live, tokens, owner)


@router.post("/api/options/check", response_model=OptionsCheck, responses=errors(413, 422),
             summary="Check a game's options without creating it: the engine's options, or 422 with the reason")
async def check_options(body: CreateGame, service: ServiceDep) -> dict[str, Any]:
    return {"ok": True, "options": await run_in_threadpool(service.check_options, body.spec())}


@router.get("/api/games", response_model=GameList, responses=errors(422),
            summary="The public games (their creators chose to list them), most recently played first")
async def list_games(service: ServiceDep, status: Literal["active", "over"] | None = None) -> dict[str, Any]:
    return {"games": await run_in_threadpool(listing.public_games, service.store, status)}


@router.post("/api/games/mine", response_model=GameList, responses=errors(413, 422),
             summary="The games that the given secrets (seats', creators') open, most recently played first")
async def my_games(body: MyGames, service: ServiceDep) -> dict[str, Any]:
    seats = [s.model_dump() for s in body.seats]
    made = [c.model_dump() for c in body.created]
    return {"games": await run_in_threadpool(listing.my_games, service.store, seats, made, body.status)}


@router.get("/api/games/{gid}", response_model=GameView, responses=errors(403, 404, 409, 422, 503),
            summary="A game's view for a seat (its secret in the X-Seat-Key header) or public")
async def get_view(at: ViewSeat, service: ServiceDep) -> RawJSON:
    return RawJSON(await run_in_threadpool(service.view_json, at.live, at.seat))


@router.delete("/api/games/{gid}", status_code=204, response_class=Response, responses=errors(403, 404, 409, 422, 503),
               summary="Delete a game that is not finished (its creator's secret in the X-Owner-Key header)")
async def delete_game(live: GameDep, service: ServiceDep, hub: HubDep, x_owner_key: OwnerKey = None) -> Response:
    await run_in_threadpool(service.delete, live, x_owner_key)
    await hub.close_game(live.id)
    return Response(status_code=204)


@router.post("/api/games/{gid}/decisions", response_model=ViewAnswer, responses=errors(403, 404, 409, 413, 422, 503),
             summary="Take a decision for a seat; bots and chance then move; returns the seat's new view")
async def post_decision(at: DecisionSeat, service: ServiceDep, hub: HubDep) -> RawJSON:
    assert at.seat is not None  # a decision always names its seat (the body requires it)
    view = await run_in_threadpool(service.act_answer, at.live, at.seat, list(at.given.action), at.given.expect)
    hub.notify(service, at.live)
    return answer(view)


@router.post("/api/games/{gid}/undo", response_model=ViewAnswer, responses=errors(403, 404, 409, 413, 422, 503),
             summary="Take back the seat's last decision of this turn (when the view says can_undo)")
async def post_undo(at: UndoSeat, service: ServiceDep, hub: HubDep) -> RawJSON:
    assert at.seat is not None  # an undo always names its seat (the body requires it)
    view = await run_in_threadpool(service.undo_answer, at.live, at.seat, at.given.expect)
    hub.notify(service, at.live)
    return answer(view)


@router.post("/api/games/{gid}/retype", response_model=ViewAnswer, responses=errors(403, 404, 409, 413, 422, 503),
             summary="Dice entered by hand: take back the last outcome entered (and what followed it) to enter it "
                     "again; only the seat that enters the dice")
async def post_retype(at: UndoSeat, service: ServiceDep, hub: HubDep) -> RawJSON:
    assert at.seat is not None  # a retype always names its seat (the body requires it)
    view = await run_in_threadpool(service.retype_answer, at.live, at.seat, at.given.expect)
    hub.notify(service, at.live)
    return answer(view)
