"""Solitaria campaigns (see :mod:`sestertius.web.campaigns`)."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool

from sestertius.web.deps import CampaignsDep
from sestertius.web.models import Campaign, CampaignGameSpec, CampaignList, CreatedGame, NewCampaign, errors
from sestertius.web.routes.games import seat_links

router = APIRouter(tags=["campaigns"])


@router.get("/api/campaigns", response_model=CampaignList, summary="All campaigns with their games")
async def list_campaigns(camp: CampaignsDep) -> dict[str, Any]:
    return {"campaigns": await run_in_threadpool(camp.list)}


@router.post("/api/campaigns", status_code=201, response_model=Campaign, responses=errors(409, 422),
             summary="Start a campaign")
async def create_campaign(body: NewCampaign, camp: CampaignsDep) -> dict[str, Any]:
    return await run_in_threadpool(camp.create, body.name, body.start_vp)


@router.get("/api/campaigns/{name}", response_model=Campaign, responses=errors(404, 422),
            summary="One campaign and its games")
async def get_campaign(name: str, camp: CampaignsDep) -> dict[str, Any]:
    return await run_in_threadpool(camp.get, name)


@router.post("/api/campaigns/{name}/games", status_code=201, response_model=CreatedGame,
             response_model_exclude_unset=True, responses=errors(404, 409, 422),
             summary="Start the campaign's next game (a solo game at the campaign's starting points)")
async def campaign_game(name: str, body: CampaignGameSpec, request: Request, camp: CampaignsDep) -> dict[str, Any]:
    live, tokens = await run_in_threadpool(camp.new_game, name, body.model_dump())
    base, seats = seat_links(request, live, tokens)
    return {"id": live.id, "seats": seats, "status": live.status, "play": f"{base}/play/{live.id}",
            "campaign": name}
