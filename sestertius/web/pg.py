"""PostgreSQL's statements of every request, run on the pool's own psycopg connections through libpq itself
(``psycopg.pq``, psycopg's own wrapper of it), each statement prepared once per connection: the game row's head read
before each view and decision, the catch-up read of decisions stored by another process, a decision's usual write and
the creation of a game. SQLAlchemy's work per statement cost about 0.1 ms of CPU, psycopg's own (its cursor, the
adaptation of each parameter, its wait loop in Python) about 0.04 ms more than libpq's call, which is about 0.015 ms
with a prepared statement; libpq lets the other threads run while it waits for the answer, as psycopg does.

Each statement runs outside a transaction (the connection idle, as the pool lends it: a single statement is atomic
and committed on its own). The write is ONE statement: the conditional UPDATE of the game row with its NOTIFY, and
the INSERT of the new decisions, which reads the UPDATE's RETURNING so that the rows go in only if the row still held
the writer's position. One round trip instead of four (BEGIN, UPDATE, INSERT, COMMIT), and with a durable database
(``fsync=on``) one flush of the log to the disk. A concurrent writer's UPDATE waits on the row's lock, then finds the
row moved on and writes nothing. A game is created the same way: its row, its seats and its first decisions (chance
or bots before the first person) in one statement, one round trip and one flush, where SQLAlchemy's transaction took
five round trips.

A pooled connection that the server closed while it was idle (PostgreSQL restarted) is replaced when it is lent
(:func:`closed_by_server`, the store's checkout check), before anything is sent on it. One lost while in use is
dropped with every other of the pool, and a read is tried once more on a new one; a write is not (it may have been
stored before the connection broke: its caller answers 503, and the client's next try carries the position it saw,
so a stored decision is not stored twice).
"""
from __future__ import annotations

import datetime as dt
import json
import logging
import select
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # psycopg is imported when PostgreSQL is used (the postgres extra), not before
    import psycopg

    from sestertius.web.store import Store

log = logging.getLogger("sestertius.web")
T = TypeVar("T")

# the names of the statements prepared on each connection (a connection made anew, after a restart, has none)
PREPARED: weakref.WeakKeyDictionary[Any, set[bytes]] = weakref.WeakKeyDictionary()


def _statement(name: str, sql: str) -> tuple[bytes, bytes]:
    return name.encode(), " ".join(sql.split()).encode()


HEAD = _statement("sestertius_head", "SELECT decisions, state_hash, status FROM games WHERE id = $1::varchar")
ROWS_FROM = _statement("sestertius_rows_from", """
    SELECT action, decider FROM decisions WHERE game = $1::varchar AND idx >= $2::integer ORDER BY idx""")
# $1-$9: the game row moved to its new position, only if it still holds the writer's; then the new decisions from
# index $10 on
ADVANCE = """
WITH adv AS (
    UPDATE games SET status = $1::varchar, updated = $2::timestamp, decisions = $3::integer, state_hash = $4::varchar
    WHERE id = $5::varchar AND decisions = $6::integer AND state_hash IS NOT DISTINCT FROM $7::varchar
    RETURNING pg_notify($8::text, $9::text)
), ins AS (
    INSERT INTO decisions (game, idx, action, decider, time)"""
# the usual single decision as plain values; several (a decision and the bots' after it) as one JSON array of
# [action (JSON text), decider] pairs
WRITE_ONE = _statement("sestertius_write_one", ADVANCE + """
    SELECT $5::varchar, $10::integer, $11::text, $12::integer, $2::timestamp
    WHERE EXISTS (SELECT 1 FROM adv)
)
SELECT count(*) FROM adv""")
WRITE = _statement("sestertius_write", ADVANCE + """
    SELECT $5::varchar, $10::integer + u.i::integer - 1, u.e->>0, (u.e->>1)::integer, $2::timestamp
    FROM json_array_elements($11::json) WITH ORDINALITY AS u(e, i)
    WHERE EXISTS (SELECT 1 FROM adv)
)
SELECT count(*) FROM adv""")
# a new game: its row, its seats (a JSON array of objects) and its first decisions (as WRITE's)
CREATE = _statement("sestertius_create", """
WITH g AS (
    INSERT INTO games (id, options, seed, status, created, updated, decisions, state_hash, campaign, owner_hash,
                       public, seed_chosen, table_seat)
    VALUES ($1::varchar, $2::text, $3::bigint, $4::varchar, $5::timestamp, $5::timestamp, $6::integer, $7::varchar,
            $8::varchar, $9::varchar, $10::boolean, $11::boolean, $12::integer)
    RETURNING id
), s AS (
    INSERT INTO seats (game, seat, kind, bot, name, token_hash)
    SELECT g.id, x.seat, x.kind, x.bot, x.name, x.token_hash
    FROM g, json_to_recordset($13::json) AS x(seat integer, kind varchar, bot varchar, name varchar,
                                              token_hash varchar)
), d AS (
    INSERT INTO decisions (game, idx, action, decider, time)
    SELECT g.id, u.i::integer - 1, u.e->>0, (u.e->>1)::integer, $5::timestamp
    FROM g, json_array_elements($14::json) WITH ORDINALITY AS u(e, i)
)
SELECT count(*) FROM g""")
STATEMENTS = (HEAD, ROWS_FROM, WRITE_ONE, WRITE, CREATE)

Param = bytes | None
NOT_PREPARED, PREPARED_ALREADY = b"26000", b"42P05"  # SQLSTATEs: no such prepared statement; one of that name exists


def _text(x: Any) -> Param:
    """A parameter in PostgreSQL's text format."""
    if x is None:
        return None
    if isinstance(x, bool):
        return b"t" if x else b"f"
    if isinstance(x, dt.datetime):
        return x.isoformat(sep=" ").encode()
    return str(x).encode()


_PSYCOPG: tuple[Any, Any, Any] | None = None


def _psycopg() -> tuple[Any, Any, Any]:
    """psycopg, its ``pq`` and its ``errors`` (imported at first use: SQLite needs none of them), kept: a ``from
    psycopg import pq`` in a function runs importlib's Python (``_handle_fromlist``) at every call, about three times
    per statement here."""
    global _PSYCOPG
    if _PSYCOPG is None:
        import psycopg
        from psycopg import errors, pq
        _PSYCOPG = (psycopg, pq, errors)
    return _PSYCOPG


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
    """A connection of the store's pool, idle (outside any transaction) while it is lent."""
    import psycopg
    from psycopg import pq
    fairy = store.engine.raw_connection()
    conn: psycopg.Connection = fairy.driver_connection  # type: ignore[assignment]
    lost = False
    try:
        if conn.pgconn.transaction_status != pq.TransactionStatus.IDLE:  # as the pool gives them back: not expected
            conn.rollback()
        yield conn
    except psycopg.OperationalError:
        lost = conn.broken or conn.closed
        if lost:  # the server restarted: no connection of the pool is good any more
            fairy.invalidate()
            store.engine.dispose()  # (those the event loop keeps: it finds them closed, idle_connection)
        raise
    finally:
        if not lost:
            fairy.close()


def run(conn: psycopg.Connection, statement: tuple[bytes, bytes], params: Sequence[Param]) -> Any:
    """One prepared statement on the connection's libpq handle (prepared at its first use on the connection): its
    result (``psycopg.pq.PGresult``, values as text), or the error psycopg would raise."""
    _, pq, _ = _psycopg()
    pgconn = conn.pgconn
    name, sql = statement
    prepared = PREPARED.setdefault(conn, set())
    for attempt in (0, 1):
        if name not in prepared:
            _prepare(conn, name, sql)
            prepared.add(name)
        res = pgconn.exec_prepared(name, params)  # type: ignore[arg-type]  # None is NULL (the stub omits it)
        if (res.status == pq.ExecStatus.FATAL_ERROR and not attempt
                and res.error_field(pq.DiagnosticField.SQLSTATE) == NOT_PREPARED):
            prepared.discard(name)  # dropped on the server (DISCARD ALL, DEALLOCATE): prepared again
            continue
        return _check(conn, res)
    raise AssertionError("unreachable")


def _prepare(conn: psycopg.Connection, name: bytes, sql: bytes) -> None:
    from psycopg import pq
    res = conn.pgconn.prepare(name, sql)
    if (res.status == pq.ExecStatus.FATAL_ERROR
            and res.error_field(pq.DiagnosticField.SQLSTATE) == PREPARED_ALREADY):
        return  # prepared already (by this program: the names are its own)
    _check(conn, res)


def _check(conn: psycopg.Connection, res: Any) -> Any:
    psy, pq, errors = _psycopg()
    if res.status in (pq.ExecStatus.TUPLES_OK, pq.ExecStatus.COMMAND_OK):
        return res
    if conn.pgconn.status == pq.ConnStatus.BAD:
        raise psy.OperationalError(str(conn.pgconn.get_error_message()).strip()
                                   or "the connection to the server was lost")
    raise errors.error_from_result(res, encoding=conn.info.encoding)


def prepare(store: Store, connections: int) -> int:
    """Open up to ``connections`` of the pool's connections at once and prepare the statements on each (a process's
    start, before its first request: the first games would otherwise wait for PostgreSQL to start a server process
    for each connection); how many were made ready."""
    opened = []
    try:
        for _ in range(connections):
            fairy = store.engine.raw_connection()
            opened.append(fairy)
            conn: psycopg.Connection = fairy.driver_connection  # type: ignore[assignment]
            prepared = PREPARED.setdefault(conn, set())
            for name, sql in STATEMENTS:
                if name not in prepared:
                    _prepare(conn, name, sql)
                    prepared.add(name)
    finally:
        for fairy in opened:
            fairy.close()
    return len(opened)


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
    res = read(store, lambda conn: run(conn, HEAD, (game_id.encode(),)))
    if not res.ntuples:
        return None
    state_hash = res.get_value(0, 1)
    return int(res.get_value(0, 0)), None if state_hash is None else state_hash.decode(), res.get_value(0, 2).decode()


def decision_rows_from(store: Store, game_id: str, start: int) -> list[tuple[str, int]]:
    """The stored rows (action as JSON text, decider): the store decodes them (store.stored_actions)."""
    res = read(store, lambda conn: run(conn, ROWS_FROM, (game_id.encode(), b"%d" % start)))
    return [(res.get_value(i, 0).decode(), int(res.get_value(i, 1))) for i in range(res.ntuples)]


def write(store: Store, params: dict[str, Any], keep: int, new: list[tuple[list, int]]) -> bool:
    """The usual write of a decision (see the module's text): whether the row was at the writer's position (then the
    rows are stored)."""
    statement, values = write_values(params, keep, new)
    with connection(store) as conn:
        res = run(conn, statement, values)
    return bool(res.ntuples and res.get_value(0, 0) == b"1")


def create(store: Store, game: dict[str, Any], seat_rows: list[dict[str, Any]], first: list[tuple[list, int]]) -> None:
    """A new game's row, seats and first decisions, in one statement (see the module's text)."""
    values = [_text(game[k]) for k in ("id", "options", "seed", "status", "t", "decisions", "state_hash", "campaign",
                                       "owner_hash", "public", "seed_chosen", "table_seat")]
    values.append(json.dumps([{k: r[k] for k in ("seat", "kind", "bot", "name", "token_hash")}
                              for r in seat_rows]).encode())
    values.append(json.dumps([[json.dumps(a), d] for a, d in first]).encode())
    with connection(store) as conn:
        res = run(conn, CREATE, values)
    if res.get_value(0, 0) != b"1":
        raise RuntimeError(f"game {game['id']}: its row was not written")


# -- a decision's write awaited on the event loop (web/hot.py) ------------------------------------------------------
async def _round_trip(pgconn: Any, send: Callable[[], object]) -> Any:
    """One statement sent on a libpq handle and its result awaited on the running event loop (the socket watched by
    the loop, not by a thread): the statement's last result (``PGresult``). Raises psycopg's OperationalError when the
    connection is lost."""
    import asyncio
    send()
    while pgconn.flush():  # what the socket did not take at once (never for these statements, in practice)
        await _readable(asyncio.get_running_loop(), pgconn.socket, writable=True)
    loop = asyncio.get_running_loop()
    while True:
        pgconn.consume_input()
        if not pgconn.is_busy():
            break
        await _readable(loop, pgconn.socket)
    res = None
    while (r := pgconn.get_result()) is not None:
        res = r
    return res


async def _readable(loop: Any, fd: int, writable: bool = False) -> None:
    """Wait until the socket ``fd`` can be read (or written)."""
    ready = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)
    (loop.add_writer if writable else loop.add_reader)(fd, wake)
    try:
        await ready
    finally:
        (loop.remove_writer if writable else loop.remove_reader)(fd)


async def run_async(conn: psycopg.Connection, statement: tuple[bytes, bytes], params: Sequence[Param]) -> Any:
    """:func:`run`, awaited on the event loop."""
    _, pq, _ = _psycopg()
    pgconn = conn.pgconn
    name, sql = statement
    prepared = PREPARED.setdefault(conn, set())
    for attempt in (0, 1):
        if name not in prepared:
            res = await _round_trip(pgconn, lambda: pgconn.send_prepare(name, sql))
            if not (res.status == pq.ExecStatus.FATAL_ERROR
                    and res.error_field(pq.DiagnosticField.SQLSTATE) == PREPARED_ALREADY):
                _check(conn, res)
            prepared.add(name)
        res = await _round_trip(pgconn, lambda: pgconn.send_query_prepared(name, params))
        if (res.status == pq.ExecStatus.FATAL_ERROR and not attempt
                and res.error_field(pq.DiagnosticField.SQLSTATE) == NOT_PREPARED):
            prepared.discard(name)
            continue
        return _check(conn, res)
    raise AssertionError("unreachable")


def write_values(params: dict[str, Any], keep: int, new: list[tuple[list, int]]) -> tuple[tuple[bytes, bytes], list]:
    """The statement and the parameters of a decision's usual write (see the module's text)."""
    common = [_text(params[k]) for k in ("status", "t", "count", "state_hash", "gid", "base_count", "base_hash",
                                         "chan", "payload")]
    if len(new) == 1:
        return WRITE_ONE, [*common, b"%d" % keep, json.dumps(new[0][0]).encode(), b"%d" % new[0][1]]
    return WRITE, [*common, b"%d" % keep, json.dumps([[json.dumps(a), d] for a, d in new]).encode()]


LOOP_KEEPS = 4  # connections the event loop keeps between its statements (of the pool's 15: the rest for threads)


def idle_connection(store: Store) -> Any | None:
    """A connection lent at once for the event loop (its fairy: ``.driver_connection`` the psycopg connection): one
    the loop kept from its last statements (``store.loop_kept``, looked at as the pool's checkout looks at one:
    :func:`closed_by_server`), else one of the pool's, or None when it has none idle: the event loop never waits
    for one (a request's thread would)."""
    kept = store.loop_kept
    while kept:
        fairy = kept.pop()
        if fairy.is_valid and not closed_by_server(fairy.driver_connection):
            return fairy
        log.warning("a database connection kept by the event loop was closed by the server; replacing it")
        fairy.invalidate()
    pool = store.engine.pool
    if pool.checkedin() <= 0:  # type: ignore[attr-defined]  # QueuePool's (the store's pool on PostgreSQL)
        return None
    return store.engine.raw_connection()


def give_back(store: Store, fairy: Any) -> None:
    """A connection the event loop is done with: kept for its next statement (up to ``LOOP_KEEPS``, and only while
    the pool has others idle: when it has none, threads may be waiting for one), else back to the pool
    (SQLAlchemy's checkout and return cost about a tenth of a decision's CPU on the event loop)."""
    if (len(store.loop_kept) < LOOP_KEEPS and fairy.is_valid
            and store.engine.pool.checkedin() > 0):  # type: ignore[attr-defined]  # QueuePool's
        store.loop_kept.append(fairy)
    else:
        fairy.close()


def drop_kept(store: Store) -> None:
    """Every connection the event loop kept, closed (the pool is disposed: the server restarted, or the store
    closes)."""
    while store.loop_kept:
        store.loop_kept.pop().invalidate()


async def run_idle(store: Store, statement: tuple[bytes, bytes], values: Sequence[Param]) -> Any | None:
    """One statement awaited on the event loop, on a connection lent at once (:func:`idle_connection`): its result,
    or None, sending nothing, when there is none (the caller runs it from a thread instead). A connection lost (or
    a wait cancelled) while the statement is out is dropped, with every other of the pool and the loop's when it
    was lost, and the error raised (a write may have been stored)."""
    psy, pq, _ = _psycopg()
    fairy = idle_connection(store)
    if fairy is None:
        return None
    conn: psycopg.Connection = fairy.driver_connection
    try:
        if conn.pgconn.transaction_status != pq.TransactionStatus.IDLE:  # as the pool gives them back: not expected
            conn.rollback()
        res = await run_async(conn, statement, values)
    except psy.OperationalError:
        if conn.broken or conn.closed or conn.pgconn.status == pq.ConnStatus.BAD:
            fairy.invalidate()
            drop_kept(store)
            store.engine.dispose()
        else:
            give_back(store, fairy)
        raise
    except BaseException:  # cancelled with the statement out: its answer would be read by the next borrower
        fairy.invalidate()
        raise
    give_back(store, fairy)
    return res


async def write_async(store: Store, params: dict[str, Any], keep: int, new: list[tuple[list, int]]) -> bool | None:
    """:func:`write` awaited on the event loop (:func:`run_idle`): whether the row was at the writer's position (then
    the rows are stored); None, sending nothing, when the pool has no connection idle."""
    res = await run_idle(store, *write_values(params, keep, new))
    if res is None:
        return None
    return bool(res.ntuples and res.get_value(0, 0) == b"1")


NO_CONNECTION = "no connection"  # head_async: the pool had none idle


async def head_async(store: Store, game_id: str) -> tuple[int, str | None, str] | None | str:
    """:func:`head` awaited on the event loop (:func:`run_idle`, not tried again on a lost connection: the caller
    reads from a thread then); ``NO_CONNECTION`` when the pool has no connection idle."""
    res = await run_idle(store, HEAD, (game_id.encode(),))
    if res is None:
        return NO_CONNECTION
    if not res.ntuples:
        return None
    state_hash = res.get_value(0, 1)
    return int(res.get_value(0, 0)), None if state_hash is None else state_hash.decode(), res.get_value(0, 2).decode()
