"""Finished games: the record to download, and the public view after any number of decisions."""
from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse

from sestertius.web.deps import GameDep, ServiceDep
from sestertius.web.models import GameRecord, QueryInt, ReplayStep, errors
from sestertius.web.responses import FastJSON

router = APIRouter(tags=["games"])


@router.get("/api/games/{gid}/record", response_model=GameRecord, responses=errors(404, 409, 422, 503),
            summary="Download the game record of a finished game")
async def get_record(live: GameDep, service: ServiceDep) -> JSONResponse:
    rec = await run_in_threadpool(service.record, live)
    return JSONResponse(rec, headers={"Content-Disposition": f'attachment; filename="concordia-{live.id}.json"'})


@router.get("/api/games/{gid}/replay", response_model=ReplayStep, responses=errors(404, 409, 422, 503),
            summary="Public view of a finished game after its first `step` decisions")
async def get_replay(gid: str, service: ServiceDep, step: Annotated[QueryInt, Query(ge=0, le=10**9)] = 0) -> FastJSON:
    # the game is looked up here, after the query is validated: a malformed step is refused (422) first
    return FastJSON(await run_in_threadpool(lambda: service.replay(service.get(gid), step)))
