"""PostgreSQL's statements of every request, run on the pool's own psycopg connections without SQLAlchemy's work per
statement (about 0.1 ms of CPU each, against about 0.013 ms for psycopg with its prepared statement): the game row's
head read before each view and decision, the catch-up read of decisions stored by another process, and a decision's
usual write.

The write is ONE statement outside a transaction (a single statement is atomic): the conditional UPDATE of the game
row with its NOTIFY, and the INSERT of the new decisions, which reads the UPDATE's RETURNING so that the rows go in
only if the row still held the writer's position. One round trip instead of four (BEGIN, UPDATE, INSERT, COMMIT).
A concurrent writer's UPDATE waits on the row's lock, then finds the row moved on and writes nothing.

A pooled connection that the server closed while it was idle (PostgreSQL restarted) is replaced when it is lent
(:func:`closed_by_server`, the store's checkout check), before anything is sent on it. One lost while in use is
dropped with every other of the pool, and a read is tried once more on a new one; a write is not (it may have been
stored before the connection broke: its caller answers 503, and the client's next try carries the position it saw,
so a stored decision is not stored twice).
"""
from __future__ import annotations

import json
import logging
import select
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # psycopg is imported when PostgreSQL is used (the postgres extra), not before
    import psycopg

    from sestertius.web.store import Store

log = logging.getLogger("sestertius.web")
T = TypeVar("T")

HEAD = "SELECT decisions, state_hash, status FROM games WHERE id = %(gid)s"
ROWS_FROM = "SELECT action, decider FROM decisions WHERE game = %(gid)s AND idx >= %(start)s ORDER BY idx"
ADVANCE = """
WITH adv AS (
    UPDATE games SET status = %(status)s::varchar, updated = %(t)s::timestamp, decisions = %(count)s::integer,
        state_hash = %(state_hash)s::varchar
    WHERE id = %(gid)s::varchar AND decisions = %(base_count)s::integer
        AND state_hash IS NOT DISTINCT FROM %(base_hash)s::varchar
    RETURNING pg_notify(%(chan)s::text, %(payload)s::text)
), ins AS (
    INSERT INTO decisions (game, idx, action, decider, time)"""
# the new rows: arrays in general; the usual single decision as plain values (psycopg's work on two arrays of
# parameters, their element types looked up, was about a tenth of a worker's CPU at saturation)
WRITE = ADVANCE + """
    SELECT %(gid)s::varchar, %(keep)s::integer + u.i::integer - 1, u.a, u.d, %(t)s::timestamp
    FROM unnest(%(actions)s::text[], %(deciders)s::integer[]) WITH ORDINALITY AS u(a, d, i)
    WHERE EXISTS (SELECT 1 FROM adv)
)
SELECT count(*) FROM adv"""
WRITE_ONE = ADVANCE + """
    SELECT %(gid)s::varchar, %(keep)s::integer, %(action)s::text, %(decider)s::integer, %(t)s::timestamp
    WHERE EXISTS (SELECT 1 FROM adv)
)
SELECT count(*) FROM adv"""


def closed_by_server(conn: Any) -> bool:
    """Whether an idle psycopg connection is closed or has something to read: PostgreSQL writes to an idle
    connection only when it ends it (a restart: a FATAL message, then the socket's end), or, rarely, a notice
    (then a good connection is replaced: one reconnection). A poll of the socket with no wait, no round trip."""
    if conn.closed or conn.broken:
        return True
    watch = select.poll()
    watch.register(conn.fileno(), select.POLLIN)  # poll, not select: no limit on the descriptor's number
    return bool(watch.poll(0))


@contextmanager
def connection(store: Store) -> Iterator[psycopg.Connection]:
    """A connection of the store's pool, in autocommit while it is lent (given back as the pool lent it)."""
    import psycopg
    fairy = store.engine.raw_connection()
    conn: psycopg.Connection = fairy.driver_connection  # type: ignore[assignment]
    lost = False
    try:
        conn.autocommit = True
        yield conn
    except psycopg.OperationalError:
        lost = conn.broken or conn.closed
        if lost:  # the server restarted: no connection of the pool is good any more
            fairy.invalidate()
            store.engine.dispose()
        raise
    finally:
        if not lost:
            conn.autocommit = False
            fairy.close()


def read(store: Store, run: Callable[[psycopg.Connection], T]) -> T:
    """``run`` on a pooled connection; tried once more on a new connection when the first was lost."""
    import psycopg
    try:
        with connection(store) as conn:
            return run(conn)
    except psycopg.OperationalError:
        log.warning("the database connection was lost; reading again on a new one")
        with connection(store) as conn:
            return run(conn)


def head(store: Store, game_id: str) -> tuple[int, str | None, str] | None:
    row = read(store, lambda conn: conn.execute(HEAD, {"gid": game_id}).fetchone())
    return (row[0], row[1], row[2]) if row else None


def decision_rows_from(store: Store, game_id: str, start: int) -> list[tuple[str, int]]:
    """The stored rows (action as JSON text, decider): the store decodes them (store.stored_actions)."""
    rows = read(store, lambda conn: conn.execute(ROWS_FROM, {"gid": game_id, "start": start}).fetchall())
    return [(a, d) for a, d in rows]


def write(store: Store, params: dict[str, Any], keep: int, new: list[tuple[list, int]]) -> bool:
    """The usual write of a decision (see the module's text): whether the row was at the writer's position (then the
    rows are stored)."""
    if len(new) == 1:
        query, values = WRITE_ONE, {**params, "keep": keep, "action": json.dumps(new[0][0]), "decider": new[0][1]}
    else:
        query, values = WRITE, {**params, "keep": keep, "actions": [json.dumps(a) for a, _ in new],
                                "deciders": [d for _, d in new]}
    with connection(store) as conn:
        row = conn.execute(query, values).fetchone()
    return bool(row and row[0] == 1)
