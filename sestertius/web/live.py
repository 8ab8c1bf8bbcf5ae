"""A game as the web app holds it in memory (:class:`Live`), the API's refusal (:class:`ApiError`), and the small
helpers on seats and secrets that every part of the app shares."""
from __future__ import annotations

import hmac
import threading
from dataclasses import dataclass, field
from typing import Any

from sestertius import Game
from sestertius.web.store import hash_token


class ApiError(Exception):
    """A refusal: its status, its words (``error``), the rule it names in words and its stable ``code``, what a
    client acts on (the engine's code for a decision the rules refuse, else the rule's name as a key)."""

    def __init__(self, status: int, error: str, rule: str = "", code: str = "") -> None:
        super().__init__(error)
        self.status, self.error, self.rule = status, error, rule
        self.code = code or rule_code(rule)

    def body(self) -> dict[str, Any]:
        return {"error": self.error, "rule": self.rule, "code": self.code}


def rule_code(rule: str) -> str:
    """The stable key of a refusal the web app makes itself: its rule's name in lower case, words joined by _
    ("Stale view": "stale_view")."""
    return "_".join("".join(ch if ch.isalnum() else " " for ch in rule.lower()).split()) or "refused"


@dataclass
class Live:
    """One cached game: the engine object, its seats and a lock serialising every change to it."""
    id: str
    game: Game
    seats: list[dict[str, Any]]
    status: str
    created: str
    campaign: str | None = None
    lock: threading.RLock = field(default_factory=threading.RLock)
    stored: int = 0  # decisions written to the database
    stored_hash: str | None = None  # the state hash the database holds with them
    owner_hash: str | None = None  # the hash of the creator's secret
    public: bool = False  # listed in every lobby
    seed_chosen: bool = False  # the creator gave the seed (which fixes the order of the cards)
    table_seat: int | None = None  # dice entered by hand: the seat that enters every outcome (None: whose turn it is)
    deleted: bool = False
    on_loop: bool = False  # a decision being stored from the event loop (GameService.act_answer_on_loop)
    # dice entered by hand: what the last decision, outcome or take-back changed on the physical board
    # (``table.moves_at``), with the number of decisions it leads to (shown while the game stands there)
    table: tuple[int, dict[str, Any]] | None = field(default=None, repr=False)
    # each seat's view of the current position as JSON (see views.py): valid while ``game`` is the same object with
    # the same number of decisions; the entries hold the game they were made from
    views: dict[int | None, tuple[Game, int, bytes]] = field(default_factory=dict, repr=False)
    # the public parts of the current position's views, their longer ones as JSON (see views.shared), with the game
    # and the number of decisions they were made at
    shared: tuple[Game, int, dict[str, Any]] | None = field(default=None, repr=False)


def public_seats(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What anyone may know of the seats: who plays each (never its secret)."""
    return [{"seat": s["seat"], "kind": s["kind"], "bot": s["bot"], "name": s["name"]} for s in seats]


def secret_matches(key: str | None, stored_hash: str | None) -> bool:
    """Whether a secret is the one whose hash is stored (in constant time; no secret matches a missing hash)."""
    return bool(key) and bool(stored_hash) and hmac.compare_digest(hash_token(key or ""), stored_hash or "")


def plausible_id(gid: str) -> bool:
    return 0 < len(gid) <= 32 and all(ch.isalnum() or ch in "-_" for ch in gid)


def iso(t: Any) -> str:
    return t.isoformat(timespec="seconds") + "Z" if hasattr(t, "isoformat") else str(t)


def iso_now() -> str:
    from sestertius.web.store import now
    return iso(now())
