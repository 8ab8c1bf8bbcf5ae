"""The search bot's help: hints for the seat to act (that seat only, with its secret), and the review of a finished
game's decisions (public: the game is over, nothing is hidden any more), with its page."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse

from sestertius.bots.search.advice import hints as bot_hints
from sestertius.bots.search.analysis import analyse
from sestertius.web.deps import GameDep, ViewSeat
from sestertius.web.models import QueryInt, errors
from sestertius.web.models.analysis import Hints, Review
from sestertius.web.routes.pages import STATIC
from sestertius.web.service import ApiError, Live

router = APIRouter(tags=["games"])
Level = Literal["medium", "hard", "master"]
REVIEWS: OrderedDict[tuple[str, int, str, int], dict[str, Any]] = OrderedDict()  # finished games' reviews
REVIEWS_KEPT = 64
# A review is public and costs seconds to minutes of CPU: requests for one that is being made wait for it instead of
# making it again, and at most REVIEWS_AT_ONCE different reviews are made at a time in a process (more: 503)
REVIEWS_AT_ONCE = 2
REVIEW_WAIT = 600.0  # seconds a request waits for the same review being made by another
REVIEW_WAITERS = 8  # requests waiting so at most (each holds a worker thread the other routes share)
_reviews_lock = threading.Lock()
_making: dict[tuple[str, int, str, int], threading.Event] = {}
_waiting = [0]
_slots = threading.BoundedSemaphore(REVIEWS_AT_ONCE)


def game_hints(live: Live, seat: int | None, level: str) -> dict[str, Any]:
    """The hints of a seat that is to decide now, from its own view of the game."""
    if seat is None:
        raise ApiError(403, "hints are for a seat's own decisions: give your seat and its secret", "Hints")
    with live.lock:  # a copy: the search runs without holding up the game
        game = live.game.copy()
    if game.is_over or game.to_act() != seat:
        raise ApiError(409, "hints are given for your own decisions, when it is your turn to decide", "Hints")
    found = bot_hints(game, seat, level, seed=len(game.history))
    return {"seat": seat, "level": level, "decisions": len(game.history), "hints": [h.to_dict() for h in found]}


def game_review(live: Live, seat: int, level: str) -> dict[str, Any]:
    """The review of one seat's decisions in a finished game (kept once made)."""
    with live.lock:
        if not live.game.is_over:
            raise ApiError(409, "a game is reviewed when it is over (a review of a game in progress would tell "
                                "what the seats may not see)", "Review")
        record = live.game.record()
        players = live.game.options.players
    if not 0 <= seat < players:
        raise ApiError(422, f"seat must be between 0 and {players - 1}", "Review")
    key = (live.id, seat, level, len(record["actions"]))
    with _reviews_lock:
        if key in REVIEWS:
            return REVIEWS[key]
        done = _making.get(key)
        if done is not None and _waiting[0] >= REVIEW_WAITERS:
            raise ApiError(503, "this review is being made and many requests wait for it: try again in a minute",
                           "Review")
        if done is None:
            if not _slots.acquire(blocking=False):
                raise ApiError(503, f"the server is making {REVIEWS_AT_ONCE} other reviews: try again in a minute",
                               "Review")
            done = _making[key] = threading.Event()
            mine = True
        else:
            mine = False
            _waiting[0] += 1
    if not mine:  # the same review is being made for another request: its answer is this one's
        finished = done.wait(REVIEW_WAIT)
        with _reviews_lock:
            _waiting[0] -= 1
            if key in REVIEWS:
                return REVIEWS[key]
        raise ApiError(503, "the review is still being made: try again in a minute" if not finished
                       else "the review could not be made: try again", "Review")
    try:
        result = {"game": live.id, **analyse(record, seat, level).to_dict()}
        with _reviews_lock:
            REVIEWS[key] = result
            while len(REVIEWS) > REVIEWS_KEPT:
                REVIEWS.popitem(last=False)
        return result
    finally:
        with _reviews_lock:
            del _making[key]
        _slots.release()
        done.set()


@router.get("/api/games/{gid}/hints", response_model=Hints, responses=errors(403, 404, 409, 422),
            summary="The search bot's three best decisions for the seat to act (that seat's secret required)")
async def get_hints(at: ViewSeat, level: Annotated[Level, Query()] = "master") -> dict[str, Any]:
    return await run_in_threadpool(game_hints, at.live, at.seat, level)


@router.get("/api/games/{gid}/review", response_model=Review, responses=errors(404, 409, 422, 503),
            summary="A finished game reviewed by the search bot: per decision of a seat, what it would have "
                    "played and what the played decision lost")
async def get_review(live: GameDep, seat: Annotated[QueryInt, Query(ge=0, le=5)] = 0,
                     level: Annotated[Level, Query()] = "medium") -> dict[str, Any]:
    return await run_in_threadpool(game_review, live, seat, level)


@router.get("/review/{gid}", include_in_schema=False)
async def review_page(gid: str) -> FileResponse:
    return FileResponse(STATIC / "review.html", headers={"Cache-Control": "no-cache"})
