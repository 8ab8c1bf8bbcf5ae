"""FastAPI dependencies: the app's service, hub and campaigns, a game by its id, and the one seat check.

The seat check (:func:`seat_check`) is the only place a seat's secret is checked: every route that shows a seat's
hand or acts for it depends on it, with the seat and its secret taken from where that route carries them (the query
string, the WebSocket's query string, or the request body).
"""
# no ``from __future__ import annotations`` here: seat_check builds its dependency's signature from the credentials'
# type at run time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Query
from fastapi.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from sestertius.web.campaigns import Campaigns
from sestertius.web.hub import Hub
from sestertius.web.models import Decision, SeatQuery, UndoBody, WatchQuery
from sestertius.web.service import GameService, Live


def get_service(conn: HTTPConnection) -> GameService:
    return conn.app.state.service


def get_hub(conn: HTTPConnection) -> Hub:
    return conn.app.state.hub


def get_campaigns(conn: HTTPConnection) -> Campaigns:
    return conn.app.state.campaigns


ServiceDep = Annotated[GameService, Depends(get_service)]
HubDep = Annotated[Hub, Depends(get_hub)]
CampaignsDep = Annotated[Campaigns, Depends(get_campaigns)]


async def get_game(gid: str, service: ServiceDep) -> Live:
    """The game of the path's ``gid`` (404 if there is none)."""
    return await run_in_threadpool(service.get, gid)


GameDep = Annotated[Live, Depends(get_game)]


@dataclass
class Seated:
    """A game and the seat the caller may see and act for (None: the public view), with the request's validated
    credentials (for a request body: the whole body)."""
    live: Live
    seat: int | None
    given: Any


def seat_check(credentials: Any) -> Callable[..., Any]:
    """The seat check, for seat and secret carried by ``credentials``: a request body model (with ``seat`` and
    ``key``) or ``Annotated[<model>, Query()]`` for the query string. It answers 404 for an unknown game and 403 for
    a seat without its own secret (:meth:`GameService.check_seat`); a malformed request is refused (422) before."""

    async def check(gid: str, service: ServiceDep, given: credentials) -> Seated:
        # the game is looked up here, not by a sub-dependency: those run before the credentials are validated,
        # and a malformed request is refused (422) before anything else
        live = await run_in_threadpool(service.get, gid)
        return Seated(live, service.check_seat(live, given.seat, given.key), given)

    return check


# the routes' seat checks: the view (query string), the WebSocket (query string), a decision and an undo (body)
ViewSeat = Annotated[Seated, Depends(seat_check(Annotated[SeatQuery, Query()]))]
WatchSeat = Annotated[Seated, Depends(seat_check(Annotated[WatchQuery, Query()]))]
DecisionSeat = Annotated[Seated, Depends(seat_check(Decision))]
UndoSeat = Annotated[Seated, Depends(seat_check(UndoBody))]
