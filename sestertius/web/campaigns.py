"""Solitaria campaigns in the web app, on top of :mod:`sestertius.campaigns` (its own SQLite file, shared
with ``concordia solo --campaign``).

A campaign game is an ordinary solo game of the web app (difficulty standard, starting points from the campaign)
whose ``games.campaign`` names the campaign; when it ends, its result is recorded in the campaign, once.
"""
from __future__ import annotations

import builtins
import json
import logging
import threading
from pathlib import Path
from typing import Any

import sestertius.campaigns as campaign_store
from sestertius.web.service import ApiError, GameService, Live

log = logging.getLogger("sestertius.web")


class Campaigns:
    """The campaigns of the web app; ``on_finish`` (a finish hook of the service) records finished games."""

    def __init__(self, service: GameService, path: str | Path | None) -> None:
        self.service = service
        self.path = Path(path) if path else campaign_store.default_path()
        self.lock = threading.Lock()  # the campaign file is written by one request at a time
        service.finish_hooks.append(self.on_finish)

    def open(self) -> campaign_store.CampaignStore:
        return campaign_store.CampaignStore(self.path)

    def summary(self, c: Any, games_by_campaign: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
        web = games_by_campaign.get(c.name, [])
        active = [g for g in web if g["status"] != "over"]
        return {
            "name": c.name, "start_vp": c.start_vp, "finished": c.finished, "suggestion": c.suggestion,
            "games": [{"number": g.number, "board": g.board, "seed": g.seed, "start_vp": g.start_vp,
                       "player_score": g.player_score, "contrarius_score": g.contrarius_score, "won": g.won,
                       "margin": g.margin, "next_start_vp": g.next_start_vp,
                       "web_game": _web_game_for(web, g)} for g in c.games],
            "active_game": active[0]["id"] if active else None,
        }

    def web_games(self) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {}
        for g in self.service.store.list_games(limit=100000):
            if g.get("campaign"):
                out.setdefault(g["campaign"], []).append(
                    {"id": g["id"], "status": g["status"], "seed": g["seed"], "options": json.loads(g["options"])})
        return out

    def list(self) -> list[dict[str, Any]]:
        web = self.web_games()
        with self.lock, self.open() as st:
            return [self.summary(st.get(n), web) for n in st.names()]

    def get(self, name: str) -> dict[str, Any]:
        with self.lock, self.open() as st:
            if not st.exists(name):
                raise ApiError(404, f"no campaign named {name!r}", "Unknown campaign")
            return self.summary(st.get(name), self.web_games())

    def create(self, name: str, start_vp: int | None) -> dict[str, Any]:
        name = name.strip()
        with self.lock, self.open() as st:
            try:
                st.create(name, start_vp)
            except ValueError as e:
                raise ApiError(409 if "exists" in str(e) else 422, str(e), "Campaign") from None
        return self.get(name)

    def new_game(self, name: str, spec: dict[str, Any]) -> tuple[Live, builtins.list[str | None]]:
        info = self.get(name)
        if info["finished"]:
            raise ApiError(409, f"campaign {name!r} is complete: {info['suggestion']}", "Campaign")
        if info["active_game"]:
            raise ApiError(409, f"campaign {name!r} has a game in progress ({info['active_game']}): finish it first",
                           "Campaign")
        seats = spec.get("seats") or [{"kind": "hotseat"}]
        seat = {"kind": "hotseat", "name": (seats[0] or {}).get("name")}
        return self.service.create({"mode": "solo", "board": spec.get("board") or "italia", "difficulty": "standard",
                                    "start_vp": info["start_vp"], "manual_dice": spec.get("manual_dice"),
                                    "seed": spec.get("seed"), "seats": [seat], "campaign": name})

    def on_finish(self, live: Live) -> None:
        """Record a finished campaign game in its campaign (once: a game already there, by board and seed, is not
        recorded again)."""
        if not live.campaign or live.game.options.mode != "solo":
            return
        game = live.game
        with self.lock, self.open() as st:
            if not st.exists(live.campaign):
                log.warning("game %s: campaign %r no longer exists", live.id, live.campaign)
                return
            c = st.get(live.campaign)
            if any(g.seed == game.seed and g.board == game.options.board for g in c.games) or c.finished:
                return
            st.record_finished(live.campaign, game)
            log.info("game %s recorded in campaign %r", live.id, live.campaign)


def _web_game_for(web: list[dict[str, Any]], g: Any) -> str | None:
    for w in web:
        if w["seed"] is not None and w["seed"] == g.seed and w["options"].get("board") == g.board:
            return w["id"]
    return None
