"""The commit path: a game's new decisions written to the database, then the game that holds them made the cached
one. A write that the database refuses changes nothing (503); one that finds the stored game moved on by another
process changes nothing either (409, and the cached game catches up)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from sestertius import Game
from sestertius.web.live import ApiError, Live
from sestertius.web.store import Stale

if TYPE_CHECKING:
    from sestertius.web.service import GameService

log = logging.getLogger("sestertius.web")


def rows(g: Game, start: int = 0) -> list[tuple[list, int]]:
    """The decisions of ``g`` from ``start`` on, as stored: (action as a list, decider)."""
    return [(list(a), d) for a, d in zip(g.history[start:], g.deciders[start:])]


def commit(service: GameService, live: Live, g: Game, undo: bool = False) -> None:
    """Write the decisions of ``g`` not yet stored (after an undo: rewrite from where the history changed), then make
    ``g`` the live game (the caller holds ``live.lock``). If the database refuses, nothing changes (503)."""
    store = service.store
    keep = live.stored
    truncate = undo or len(g.history) < keep
    if truncate:
        keep = min(keep, len(g.history))
        # an undo replays the record: decisions after the undone one may differ, so keep only the common prefix
        old = store.decision_rows(live.id)
        i = 0
        while i < keep and i < len(old) and list(g.history[i]) == old[i][0]:
            i += 1
        keep = i
    new = rows(g, keep)
    status = "over" if g.is_over else "active"
    state_hash = g.state.hash()
    try:
        store.sync_decisions(live.id, keep, new, status, state_hash, truncate=truncate,
                             base=(live.stored, live.stored_hash))
    except Stale:  # another process stored a decision first: nothing was written; take the stored game
        service.sync(live)
        raise ApiError(409, "the game moved on (another decision was stored first); look again", "Stale view") \
            from None
    except Exception:
        # the database refused: the live game is still the last one stored, and so it stays
        log.exception("game %s: the decisions could not be stored", live.id)
        raise ApiError(503, "the decision could not be stored; nothing changed: try again", "Storage") from None
    stored(service, live, g, status, state_hash)


def stored(service: GameService, live: Live, g: Game, status: str, state_hash: str) -> None:
    """``g``, whose decisions the database now holds, made the live game (the caller holds ``live.lock``)."""
    live.game = g
    live.stored, live.stored_hash = len(g.history), state_hash
    was = live.status
    live.status = status
    if status == "over" and was != "over":
        finished(service, live)


async def append(service: GameService, live: Live, g: Game) -> bool:
    """:func:`commit` of a decision that does not end the game (no undo), awaited on the event loop: True once
    stored and ``g`` made the live game; False, nothing sent, when the pool has no connection idle (the caller
    commits from a thread instead). :class:`Stale` when another process stored a decision first (nothing was
    written; the caller catches up); 503 as :func:`commit`."""
    keep = live.stored
    state_hash = g.state.hash()
    try:
        if not await service.store.append_decisions(live.id, keep, rows(g, keep), "active", state_hash,
                                                    (live.stored, live.stored_hash)):
            return False
    except Stale:
        raise
    except Exception:
        log.exception("game %s: the decisions could not be stored", live.id)
        raise ApiError(503, "the decision could not be stored; nothing changed: try again", "Storage") from None
    stored(service, live, g, "active", state_hash)
    return True


def finished(service: GameService, live: Live) -> None:
    """Run the hooks of a game that is over (campaigns record its result); a failing hook is logged, not raised: the
    decision is stored."""
    for hook in service.finish_hooks:
        try:
            hook(live)
        except Exception:
            log.exception("game %s: a finish hook failed", live.id)
