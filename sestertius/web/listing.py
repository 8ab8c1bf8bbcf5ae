"""Which games a lobby lists: the public ones (the creator chose to list the game in every lobby) to anyone, and to a
browser the games it holds a secret of (a seat's or the creator's), each secret checked against its stored hash.
A game that is not public is listed to no one else: its id is the only way to watch it."""
from __future__ import annotations

import json
from typing import Any

from sestertius.web.service import plausible_id, public_seats, secret_matches
from sestertius.web.store import Store

PUBLIC_LIMIT = 200  # public games listed, most recently played first


def summary(r: dict[str, Any], seats: list[int] | None = None, creator: bool = False) -> dict[str, Any]:
    """A game's line in a lobby: its options and seats (never a secret, nor the seed before the end)."""
    return {
        "id": r["id"], "options": json.loads(r["options"]), "status": r["status"], "decisions": r["decisions"],
        "created": _iso(r["created"]), "updated": _iso(r["updated"]), "campaign": r.get("campaign"),
        "seed": r["seed"] if r["status"] == "over" else None, "seats": public_seats(r["seats"]),
        "public": bool(r.get("public")), "seed_chosen": bool(r.get("seed_chosen")),
        "your_seats": seats or [], "creator": creator,
    }


def public_games(store: Store, status: str | None = None) -> list[dict[str, Any]]:
    return [summary(r) for r in store.list_games(status, limit=PUBLIC_LIMIT, public=True)]


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
    return [summary(r, sorted(mine[gid][0]), mine[gid][1]) for gid, r in rows.items() if gid in mine]


def _iso(t: Any) -> str:
    return t.isoformat(timespec="seconds") + "Z" if hasattr(t, "isoformat") else str(t)
