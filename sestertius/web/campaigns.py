"""Solitaria campaigns in the web app, on top of :mod:`sestertius.campaigns` (its own SQLite file, shared
with ``concordia solo --campaign``).

A campaign made here gets a secret, shown once and kept by the browser that made it (only its hash is stored): the
campaign is shown, and its next game started, only for that secret. A campaign made in the terminal has no secret and
is not offered here.

A campaign game is an ordinary solo game of the web app (difficulty standard, starting points from the campaign)
whose ``games.campaign`` names the campaign; when it ends, its result is recorded in the campaign, once (by its game
id).

A campaigns file that cannot be used (not SQLite, another program's database, ...; see
:class:`sestertius.campaigns.CampaignFileError`) is left untouched and every campaign request is answered 503 with
what is wrong (the file's path is the server's: it goes to the log only); so is a file that SQLite fails to read or
write (locked too long, a full disk).
"""
from __future__ import annotations

import builtins
import logging
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sestertius.campaigns as campaign_store
from sestertius.web.service import ApiError, GameService, Live, secret_matches
from sestertius.web.store import DamagedRow, hash_token, stored_options

log = logging.getLogger("sestertius.web")


class Campaigns:
    """The campaigns of the web app; ``on_finish`` (a finish hook of the service) records finished games."""

    def __init__(self, service: GameService, path: str | Path | None) -> None:
        self.service = service
        self.path = Path(path) if path else campaign_store.default_path()
        self.lock = threading.Lock()  # the campaign file is written by one request at a time
        service.finish_hooks.append(self.on_finish)

    def open(self) -> campaign_store.CampaignStore:
        """The campaigns file, opened; one that cannot be used: 503 naming what is wrong (the path is logged)."""
        try:
            return campaign_store.CampaignStore(self.path)
        except campaign_store.CampaignFileError as e:
            log.error("campaigns unavailable: %s", e)
            raise ApiError(503, f"campaigns are unavailable: the server's campaigns file {e.reason}; nothing was "
                                "written to it (the server's log names it)", "Campaign file") from None

    @contextmanager
    def opened(self) -> Iterator[campaign_store.CampaignStore]:
        """The campaigns file for one request, under the lock; SQLite failing to read or write it: 503."""
        with self.lock, self.open() as st:
            try:
                yield st
            except sqlite3.Error as e:
                log.error("campaigns file %s: %s", self.path, e)
                raise ApiError(503, "the campaigns file could not be read or written; nothing changed: try again",
                               "Campaign file") from None

    def summary(self, c: Any, web: list[dict[str, Any]]) -> dict[str, Any]:
        active = [g for g in web if g["status"] != "over"]
        return {
            "name": c.name, "start_vp": c.start_vp, "finished": c.finished, "suggestion": c.suggestion,
            "games": [{"number": g.number, "board": g.board, "seed": g.seed, "start_vp": g.start_vp,
                       "player_score": g.player_score, "contrarius_score": g.contrarius_score, "won": g.won,
                       "margin": g.margin, "next_start_vp": g.next_start_vp,
                       "web_game": _web_game_for(web, g)} for g in c.games],
            "active_game": active[0]["id"] if active else None,
        }

    def web_games(self, name: str) -> list[dict[str, Any]]:
        """The web app's games of the campaign ``name``; a game row that cannot be read (damaged in the database) is
        left out and logged, as the lobby does, so that one game does not break its campaign's view."""
        out = []
        for g in self.service.store.list_games(campaign=name, limit=100000):
            try:
                out.append({"id": g["id"], "status": g["status"], "seed": g["seed"], "options": stored_options(g)})
            except DamagedRow as e:
                log.error("game %s is damaged in the database, left out of campaign %r: %s", g.get("id"), name, e)
        return out

    def _owned(self, st: campaign_store.CampaignStore, name: str, key: str | None) -> Any:
        """The campaign ``name`` for its owner's secret: 404 if there is none, 403 for another secret (and for a
        campaign made in the terminal, which has none)."""
        if not st.exists(name):
            raise ApiError(404, f"no campaign named {name!r}", "Unknown campaign")
        if not secret_matches(key, st.owner_hash(name)):
            raise ApiError(403, f"wrong or missing secret for campaign {name!r}: only the browser that made it may "
                                "see and play it", "Campaign secret")
        return st.get(name)

    def mine(self, given: builtins.list[dict[str, Any]]) -> builtins.list[dict[str, Any]]:
        """The campaigns that the given secrets ([{name, key}]) open, in the order they were made; a name or secret
        that does not match is left out."""
        out = []
        with self.opened() as st:
            keys = {c["name"]: c["key"] for c in given}
            for name in st.names():
                if name in keys and secret_matches(keys[name], st.owner_hash(name)):
                    out.append(self.summary(st.get(name), self.web_games(name)))
        return out

    def get(self, name: str, key: str | None) -> dict[str, Any]:
        with self.opened() as st:
            return self.summary(self._owned(st, name, key), self.web_games(name))

    def create(self, name: str, start_vp: int | None) -> tuple[dict[str, Any], str]:
        """A new campaign and its owner's secret. The name as given (see campaign_store.NAME_RULE: spaces at either end
        are refused, not trimmed, so that the name answered is the name asked for)."""
        why = campaign_store.name_problem(name)  # the terminal's rule too (concordia solo --campaign)
        if why is not None:
            raise ApiError(422, why, "Campaign name")
        key = secrets.token_urlsafe(18)
        with self.opened() as st:
            if st.exists(name):
                raise ApiError(409, f"a campaign named {name!r} exists already", "Campaign")
            try:
                st.create(name, start_vp, owner_hash=hash_token(key))
            except ValueError as e:
                raise ApiError(422, str(e), "Campaign") from None
        return self.get(name, key), key

    def new_game(self, name: str, key: str | None, spec: dict[str, Any]) -> tuple[Live, builtins.list[str | None], str]:
        info = self.get(name, key)
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
        """Record a finished campaign game in its campaign, once (a game is known by its id)."""
        if not live.campaign or live.game.options.mode != "solo":
            return
        game = live.game
        with self.lock, self.open() as st:
            # the check and the record in one write transaction of the file: another process recording the same
            # game (it finished there, or that process rebuilt it) waits here, then finds it recorded
            st.db.execute("BEGIN IMMEDIATE")
            if not st.exists(live.campaign):
                log.warning("game %s: campaign %r no longer exists", live.id, live.campaign)
                return
            if st.get(live.campaign).finished or st.has_game(live.campaign, live.id, game.record()):
                return
            st.record_finished(live.campaign, game, game_id=live.id)
            log.info("game %s recorded in campaign %r", live.id, live.campaign)


def _web_game_for(web: list[dict[str, Any]], g: Any) -> str | None:
    """The web app's game of a campaign's game: by its id; for a game recorded before ids were kept, the game of the
    same board and seed."""
    if g.game_id is not None:
        return g.game_id if any(w["id"] == g.game_id for w in web) else None
    for w in web:
        if w["seed"] is not None and w["seed"] == g.seed and w["options"].get("board") == g.board:
            return w["id"]
    return None
