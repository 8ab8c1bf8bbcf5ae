"""FastAPI dependencies: the app's service, hub and campaigns, a game by its id, and the seat check.

A seat's secret is checked by :meth:`GameService.check_seat` only, called from here for every route that shows a
seat's hand or acts for it, with the secret taken from where that route carries it: the ``X-Seat-Key`` header (a
view), the request body (a decision, an undo); the WebSocket takes it from its first message
(:mod:`.routes.websocket`). A secret is never read from a URL: one there is refused, so that no client keeps putting
it where access logs record it.
"""
# no ``from __future__ import annotations`` here: seat_check builds its dependency's signature from the credentials'
# type at run time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Header, Query
from fastapi.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from sestertius.web.campaigns import Campaigns
from sestertius.web.hub import Hub
from sestertius.web.models import Decision, QueryInt, UndoBody
from sestertius.web.service import ApiError, GameService, Live


# coroutines, so that FastAPI calls them on the event loop (a plain function would take a trip to a worker thread)
async def get_service(conn: HTTPConnection) -> GameService:
    return conn.app.state.service


async def get_hub(conn: HTTPConnection) -> Hub:
    return conn.app.state.hub


async def get_campaigns(conn: HTTPConnection) -> Campaigns:
    return conn.app.state.campaigns


async def find(service: GameService, gid: str) -> Live:
    """The game ``gid``: from the cache at once, else loaded in a worker thread (404 if there is none)."""
    live = service.cached(gid)
    return live if live is not None else await run_in_threadpool(service.get, gid)


ServiceDep = Annotated[GameService, Depends(get_service)]
HubDep = Annotated[Hub, Depends(get_hub)]
CampaignsDep = Annotated[Campaigns, Depends(get_campaigns)]


async def get_game(gid: str, service: ServiceDep) -> Live:
    """The game of the path's ``gid`` (404 if there is none)."""
    return await find(service, gid)


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
        live = await find(service, gid)
        return Seated(live, service.check_seat(live, given.seat, given.key), given)

    return check


def no_secret_in_url(conn: HTTPConnection) -> None:
    """Refuse a secret in the query string (422): it belongs in a header, a body or a WebSocket message."""
    if "key" in conn.query_params or "keys" in conn.query_params:
        raise ApiError(422, "a secret never goes in a URL (access logs record URLs): send a seat's secret in the "
                            "X-Seat-Key header", "Request")


SEAT_KEY = "that seat's secret (never in the URL)"


async def view_seat(gid: str, conn: HTTPConnection, service: ServiceDep,
                    seat: Annotated[QueryInt | None, Query(ge=0, le=5, description="0-based seat number; none: the "
                                                                                "public view")] = None,
                    x_seat_key: Annotated[str | None, Header(max_length=200, description=SEAT_KEY)] = None) -> Seated:
    """The view's seat check: the seat in the query string, its secret in the ``X-Seat-Key`` header."""
    no_secret_in_url(conn)
    live = await find(service, gid)
    return Seated(live, service.check_seat(live, seat, x_seat_key), None)


# the routes' seat checks: the view (query string and header), a decision and an undo (body)
ViewSeat = Annotated[Seated, Depends(view_seat)]
DecisionSeat = Annotated[Seated, Depends(seat_check(Decision))]
UndoSeat = Annotated[Seated, Depends(seat_check(UndoBody))]
