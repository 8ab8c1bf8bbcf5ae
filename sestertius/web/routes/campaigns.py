"""Solitaria campaigns (see :mod:`sestertius.web.campaigns`): each is shown, and its next game started, only with its
secret (the ``X-Campaign-Key`` header), answered once when it is made."""
from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Request
from fastapi.concurrency import run_in_threadpool

from sestertius.web.deps import CampaignsDep
from sestertius.web.models import (
    Campaign,
    CampaignGameSpec,
    CampaignList,
    CreatedCampaign,
    CreatedGame,
    MyCampaigns,
    NewCampaign,
    errors,
)
from sestertius.web.routes.games import created

router = APIRouter(tags=["campaigns"])

CampaignName = Annotated[str, Path(min_length=1, max_length=60, description="the campaign's name")]
CampaignKey = Annotated[str | None, Header(max_length=200, description="the campaign's secret")]


@router.post("/api/campaigns/mine", response_model=CampaignList, responses=errors(413, 422, 503),
             summary="The campaigns that the given secrets open, with their games")
async def my_campaigns(body: MyCampaigns, camp: CampaignsDep) -> dict[str, Any]:
    return {"campaigns": await run_in_threadpool(camp.mine, [c.model_dump() for c in body.campaigns])}


@router.post("/api/campaigns", status_code=201, response_model=CreatedCampaign, responses=errors(409, 413, 422, 503),
             summary="Start a campaign; returns its secret (shown once)")
async def create_campaign(body: NewCampaign, camp: CampaignsDep) -> dict[str, Any]:
    info, key = await run_in_threadpool(camp.create, body.name, body.start_vp)
    return {**info, "key": key}


@router.get("/api/campaigns/{name}", response_model=Campaign, responses=errors(403, 404, 422, 503),
            summary="One campaign and its games (its secret in the X-Campaign-Key header)")
async def get_campaign(name: CampaignName, camp: CampaignsDep, x_campaign_key: CampaignKey = None) -> dict[str, Any]:
    return await run_in_threadpool(camp.get, name, x_campaign_key)


@router.post("/api/campaigns/{name}/games", status_code=201, response_model=CreatedGame,
             response_model_exclude_unset=True, responses=errors(403, 404, 409, 413, 422, 503),
             summary="Start the campaign's next game (a solo game at the campaign's starting points; the campaign's "
                     "secret in the X-Campaign-Key header)")
async def campaign_game(name: CampaignName, body: CampaignGameSpec, request: Request, camp: CampaignsDep,
                        x_campaign_key: CampaignKey = None) -> dict[str, Any]:
    live, tokens, owner = await run_in_threadpool(camp.new_game, name, x_campaign_key, body.spec())
    return {**created(request, live, tokens, owner), "campaign": name}
