"""Several processes serving one database (PostgreSQL; ``store.shared``): a cached game catching up with the stored one.

Before each view (and before a decision that the cached game refused, or whose write found the row moved on: see
``GameService.act``) a process compares its cached game with the game row (decision count and state hash). When another
process added decisions, they are applied to a copy of the cached game; after an undo elsewhere (or rows that do not add
up) the game is rebuilt from its record. A decision is then stored only if the row still holds the position it was
decided on (``Store.sync_decisions(base=...)``), so no process acts on a stale game, and bots and campaign bookkeeping,
which run within the request that stores the decision, run once: in the process whose write won.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sestertius import ConcordiaError, Game
from sestertius.web.store import Store

if TYPE_CHECKING:
    from sestertius.web.service import Live


def catch_up(store: Store, live: Live, load: Callable[[str], Live]) -> Live | None:
    """Make ``live`` hold the stored game (the caller holds its lock): ``live``, or None when the game is gone (then
    ``live.deleted`` is set). ``load`` rebuilds a game from the database."""
    head = store.head(live.id)
    if head is None:
        live.deleted = True
        return None
    count, state_hash, status = head
    if (count, state_hash) == (live.stored, live.stored_hash):
        return live
    game = _with_new_rows(store, live, count, state_hash) if count > live.stored else None
    if game is None:  # an undo elsewhere, or the rows do not add up: rebuild from the record
        fresh = load(live.id)
        game, count, state_hash = fresh.game, fresh.stored, fresh.stored_hash
    live.game, live.stored, live.stored_hash, live.status = game, count, state_hash, status
    return live


def _with_new_rows(store: Store, live: Live, count: int, state_hash: str | None) -> Game | None:
    """The cached game with the decisions stored after it applied (a copy), or None if they do not lead to the
    stored position."""
    try:
        g = live.game.copy()
        auto, g.auto_chance = g.auto_chance, False  # the chance outcomes are among the stored decisions
        for action, _ in store.decision_rows_from(live.id, live.stored):
            g.apply(_tupled(action))
        g.auto_chance = auto
        g._advance()  # as a replay ends: chance outcomes due now are sampled (and stored by the next commit)
    except (ConcordiaError, TypeError, ValueError, KeyError, IndexError):
        return None
    return g if len(g.history) == count and g.state.hash() == state_hash else None


def _tupled(a: Any) -> Any:
    return tuple(_tupled(x) if isinstance(x, list) else x for x in a)
