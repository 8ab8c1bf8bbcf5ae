"""The browser UI's pages (plain HTML; their scripts and styles are served under ``/static``)."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, RedirectResponse, Response

STATIC = Path(str(resources.files("sestertius") / "web" / "static"))

router = APIRouter(include_in_schema=False)


def _page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})


@router.get("/")
async def lobby() -> FileResponse:
    return _page("index.html")


@router.get("/play/{gid}")
async def play_page(gid: str) -> FileResponse:
    return _page("game.html")


@router.get("/replay/{gid}")
async def replay_page(gid: str) -> FileResponse:
    return _page("game.html")


@router.get("/campaigns")
async def campaigns_page() -> FileResponse:
    return _page("campaigns.html")


@router.get("/rules")
async def rules_page() -> FileResponse:
    return _page("rules.html")


@router.get("/favicon.ico")
async def favicon() -> Response:
    return RedirectResponse("/static/favicon.svg")
