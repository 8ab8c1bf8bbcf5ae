"""Which games a lobby lists: the public ones (the creator chose to list the game in every lobby) to anyone, and to a
browser the games it holds a secret of (a seat's or the creator's), each secret checked against its stored hash.
A game that is not public is listed to no one else: its id is the only way to watch it."""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any

from sestertius.web.service import plausible_id, public_seats, secret_matches
from sestertius.web.store import DamagedRow, Store, stored_options

log = logging.getLogger("sestertius.web")

PUBLIC_LIMIT = 200  # public games listed, most recently played first


def summary(r: dict[str, Any], seats: list[int] | None = None, creator: bool = False) -> dict[str, Any]:
    """A game's line in a lobby: its options and seats (never a secret, nor the seed before the end)."""
    return {
        "id": r["id"], "options": stored_options(r), "status": r["status"], "decisions": r["decisions"],
        "created": _iso(r["created"]), "updated": _iso(r["updated"]), "campaign": r.get("campaign"),
        "seed": r["seed"] if r["status"] == "over" else None, "seats": public_seats(r["seats"]),
        "public": bool(r.get("public")), "seed_chosen": bool(r.get("seed_chosen")),
        "your_seats": seats or [], "creator": creator,
    }


def public_games(store: Store, status: str | None = None) -> list[dict[str, Any]]:
    return _readable(store.list_games(status, limit=PUBLIC_LIMIT, public=True), summary)


def my_games(store: Store, seats: list[dict[str, Any]], created: list[dict[str, Any]],
             status: str | None = None) -> list[dict[str, Any]]:
    """The games that the given secrets open: ``seats`` [{game, seat, key}], ``created`` [{game, key}] (the
    creator's secret). A secret that does not match is left out silently, as an unknown game is."""
    ids = sorted({c["game"] for c in (*seats, *created) if plausible_id(c["game"])})
    if not ids:
        return []
    rows = {r["id"]: r for r in store.list_games(status, limit=len(ids), ids=ids)}
    mine: dict[str, tuple[set[int], bool]] = {}
    for c in seats:
        r = rows.get(c["game"])
        row = next((s for s in r["seats"] if s["seat"] == c["seat"]), None) if r else None
        if row is not None and secret_matches(c["key"], row["token_hash"]):
            mine.setdefault(c["game"], (set(), False))[0].add(c["seat"])
    for c in created:
        r = rows.get(c["game"])
        if r is not None and secret_matches(c["key"], r.get("owner_hash")):
            mine[c["game"]] = (mine.get(c["game"], (set(), False))[0], True)
    return _readable((r for gid, r in rows.items() if gid in mine),
                     lambda r: summary(r, sorted(mine[r["id"]][0]), mine[r["id"]][1]))


def _readable(rows: Iterable[dict[str, Any]],
              line: Callable[[dict[str, Any]], dict[str, Any]]) -> list[dict[str, Any]]:
    """The lobby lines of ``rows``: a row that cannot be read (damaged in the database) is left out and logged, so
    that one game does not hide all the others."""
    out = []
    for r in rows:
        try:
            out.append(line(r))
        except DamagedRow as e:
            log.error("game %s is damaged in the database, left out of the lobby: %s", r.get("id"), e)
    return out


def _iso(t: Any) -> str:
    return t.isoformat(timespec="seconds") + "Z" if hasattr(t, "isoformat") else str(t)
