"""The web app's database: games, seats and every decision, with SQLAlchemy Core (SQLite by default; any
SQLAlchemy URL such as ``postgresql+psycopg://user:pw@host/db`` works too).

Tables
------
``games``      id, options (JSON text), seed, status ("active" | "over"), created, updated, decisions (count),
               state_hash (after the last decision; checked when the game is rebuilt), campaign (optional),
               owner_hash (sha256 of the creator's secret, which deletes a game in progress), public (listed in
               every lobby), seed_chosen (the creator gave the seed), table_seat (with dice entered by hand: the
               seat that enters every outcome; null: the seat whose turn it is).
``seats``      game, seat, kind ("human" = a person elsewhere, "hotseat" = a person at the creator's screen,
               "bot"), bot (bot name), name, token_hash (sha256 of the seat's secret; the secret itself is never
               stored).
``decisions``  game, idx (0-based position in the game record), action (JSON list), decider (seat, -1 chance),
               time.

Every write is one transaction, committed before the caller answers its HTTP request. The record of a game is
rebuilt from its ``decisions`` rows in order (``Game.from_record``).

Several processes may serve one database (PostgreSQL): a write of decisions is conditional on the game row still
holding the count and state hash the writer started from (the ``UPDATE ... WHERE`` locks the row until the commit,
so that of two processes acting on one position exactly one stores its decision; the other gets :class:`Stale` and
reloads). Each write also sends ``NOTIFY sestertius`` with the game's id (delivered at the commit), which the other
processes' listeners (:class:`Listener`) turn into live updates. On PostgreSQL a decision's usual write, a game's
creation and the reads of every request run on the pool's connections through libpq, prepared, without SQLAlchemy
(``pg.py``): the write is one statement, the UPDATE and the INSERT together, and so is a creation. On SQLite a
decision's write and a game's creation run on the pool's sqlite3 connection (``lite.py``). :meth:`Store.warm` makes
the pool's connections before a process's first request.

The schema is made and upgraded by versioned migrations (Alembic, ``web/migrations/versions``), run when a store is
opened; on PostgreSQL under an advisory lock, so that any number of processes may start at once. A database made
before migrations existed gets the columns it lacks (nullable; a missing ``public`` or ``seed_chosen`` reads as
false).
"""
from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    func,
    select,
    text,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, DisconnectionError

from sestertius.rules.errors import shown
from sestertius.web import lite, pg
from sestertius.web.listener import CHANNEL, PROCESS, Listener

log = logging.getLogger("sestertius.web")
metadata = MetaData()
POOL_SIZE = 15  # database connections a process keeps at most (requests beyond wait for one, as before: 5 + 10)
MIGRATION_LOCK = 0x5E57E271  # the advisory lock held while migrating (any number from this program)

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False, default="active"),
    Column("created", DateTime, nullable=False),
    Column("updated", DateTime, nullable=False),
    Column("decisions", Integer, nullable=False, default=0),
    Column("state_hash", String(32), nullable=True),
    Column("campaign", String(200), nullable=True),
    Column("owner_hash", String(64), nullable=True),
    Column("public", Boolean, nullable=True),
    Column("seed_chosen", Boolean, nullable=True),
    Column("table_seat", Integer, nullable=True),
    Index("ix_games_updated", "updated"),
)

seats = Table(
    "seats", metadata,
    Column("game", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("bot", String(32), nullable=True),
    Column("name", String(100), nullable=False),
    Column("token_hash", String(64), nullable=True),
)

decisions = Table(
    "decisions", metadata,
    Column("game", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("action", Text, nullable=False),
    Column("decider", Integer, nullable=False),
    Column("time", DateTime, nullable=False),
)


# the statements of every decision, built once (SQLAlchemy then reuses their compiled form without rebuilding them)
_HEAD = select(games.c.decisions, games.c.state_hash, games.c.status).where(games.c.id == bindparam("gid"))
# the game row moved to its new position, only if it still holds the writer's (keyed by whether its hash is set)
_ADVANCE: dict[bool | None, Any] = {
    known: games.update().where(
        games.c.id == bindparam("gid"), games.c.decisions == bindparam("base_count"),
        games.c.state_hash == bindparam("base_hash") if known else games.c.state_hash.is_(None),
    ).values(status=bindparam("status"), updated=bindparam("t"), decisions=bindparam("count"),
             state_hash=bindparam("state_hash"))
    for known in (True, False)}
_ADVANCE[None] = games.update().where(games.c.id == bindparam("gid")).values(  # no base: unconditional
    status=bindparam("status"), updated=bindparam("t"), decisions=bindparam("count"),
    state_hash=bindparam("state_hash"))
# PostgreSQL: the same, telling the other processes in the same statement (the notification leaves at the commit)
_ADVANCE_NOTIFY = {k: q.returning(func.pg_notify(bindparam("chan"), bindparam("payload"))) for k, q in _ADVANCE.items()}
_DROP_FROM = decisions.delete().where(decisions.c.game == bindparam("gid"), decisions.c.idx >= bindparam("keep"))
_ADD = decisions.insert()
_ROWS_FROM = (select(decisions.c.action, decisions.c.decider)
              .where(decisions.c.game == bindparam("gid"), decisions.c.idx >= bindparam("start"))
              .order_by(decisions.c.idx))


def default_db_url(given: str | None = None) -> str:
    """``given``, else the setting ``db`` (``$SESTERTIUS_DB``: :mod:`sestertius.settings`) if set (a URL, or a plain
    file path for SQLite), else a SQLite file in the user data folder (``platformdirs.user_data_dir("sestertius")``)."""
    from sestertius.settings import Settings
    env = given or Settings().db
    if env:
        return env if "://" in env else f"sqlite:///{Path(env).expanduser().resolve()}"
    from platformdirs import user_data_dir
    folder = Path(user_data_dir("sestertius"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'games.sqlite3'}"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


P = ParamSpec("P")
R = TypeVar("R")


def _retried(read: Callable[P, R]) -> Callable[P, R]:
    """A read tried once more when its connection turned out to be lost (the pool has made new ones meanwhile)."""
    @functools.wraps(read)
    def again(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return read(*args, **kwargs)
        except DBAPIError as e:
            if not e.connection_invalidated:
                raise
            log.warning("the database connection was lost; reading again on a new one")
            return read(*args, **kwargs)
    return again


class Stale(Exception):
    """Another process changed the game since this one loaded it: nothing was written."""


class DamagedRow(ValueError):
    """A stored row this version cannot read (changed by hand, a broken disk...): the message says what is wrong."""


STATUSES = ("active", "over")  # a game's status as stored


def stored_options(row: dict[str, Any]) -> dict[str, Any]:
    """A game row's options (its status checked too), or DamagedRow saying what in the row cannot be read."""
    if row.get("status") not in STATUSES:
        raise DamagedRow(f"its status is {shown(row.get('status'))}, not one of {', '.join(STATUSES)}")
    try:
        options = json.loads(row["options"])
    except (TypeError, ValueError) as e:
        raise DamagedRow(f"its options are not valid JSON ({e})") from None
    if not isinstance(options, dict):
        raise DamagedRow(f"its options are not a JSON object: {shown(row['options'])}")
    return options


def stored_actions(rows: Any, start: int = 0) -> list[tuple[list, int]]:
    """Decision rows (action as JSON text, decider) decoded, or DamagedRow naming the first that cannot be read."""
    out = []
    for i, (a, d) in enumerate(rows, start):
        try:
            action = json.loads(a)
        except (TypeError, ValueError) as e:
            raise DamagedRow(f"its decision {i + 1} is not valid JSON ({e}): {shown(a)}") from None
        out.append((action, d))
    return out


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class Store:
    def __init__(self, url: str | None = None) -> None:
        url = url or default_db_url()
        if "://" not in url:
            url = f"sqlite:///{Path(url).expanduser().resolve()}"
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {"future": True}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
            if url in ("sqlite://", "sqlite:///:memory:"):
                from sqlalchemy.pool import StaticPool
                kwargs["poolclass"] = StaticPool
        if "poolclass" not in kwargs:
            # every connection the pool makes is kept (no overflow): SQLAlchemy's default (5 kept, 10 more made
            # when busy and closed when given back) opened and closed a PostgreSQL connection, that is a server
            # process forked and set up, for most requests once more than 5 ran at once
            kwargs.update(pool_size=POOL_SIZE, max_overflow=0)
        # PostgreSQL: no ping before each use of a pooled connection (a round trip per query), but a look at its
        # socket (pg.closed_by_server, no round trip): one the server closed (it restarted) is replaced before
        # anything is sent on it, so that the first write after a restart is not refused. A connection lost while
        # in use fails its query, the pool drops every connection, and a read is tried once more (see _retried);
        # a write is answered 503 (it may or may not have been stored: never sent again here)
        self.engine: Engine = create_engine(url, **kwargs)
        if not self.is_sqlite:
            @event.listens_for(self.engine, "checkout")
            def _check(dbapi_conn: Any, _rec: Any, _proxy: Any) -> None:
                if pg.closed_by_server(dbapi_conn):
                    log.warning("a pooled database connection was closed by the server; replacing it")
                    raise DisconnectionError("closed by the server")  # the pool connects again (SQLAlchemy)
        if self.is_sqlite:
            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn: Any, _rec: Any) -> None:  # pragma: no cover - trivial
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable across a crash of the app
                cur.close()
        # SQLite allows one writer at a time: serialise writes here instead of retrying on "database is locked"
        self._write_lock = threading.Lock() if self.is_sqlite else None
        self.shared = not self.is_sqlite  # other processes may write the same games (they notify their changes)
        # PostgreSQL: the pool's connections the event loop keeps between its statements (pg.idle_connection)
        self.loop_kept: list[Any] = []
        # reads outside a transaction (PostgreSQL: no BEGIN and ROLLBACK around each one; each statement sees the
        # latest commit)
        self.reader = self.engine if self.is_sqlite else self.engine.execution_options(isolation_level="AUTOCOMMIT")
        self.migrate()

    def migrate(self) -> None:
        """Bring the schema to this version's (Alembic's head), in one transaction; on PostgreSQL under an advisory
        lock taken first, so that processes starting together migrate one after the other (the later ones find
        nothing to do)."""
        from alembic import command
        from alembic.config import Config
        cfg = Config()
        cfg.set_main_option("script_location", "sestertius.web:migrations")
        with self._writing(), self.engine.begin() as conn:
            if not self.is_sqlite:
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def warm(self) -> int:
        """Make the pool's connections before the first request (PostgreSQL: each is a server process started and set
        up, with the statements of every request prepared on it), so that the first games do not wait for them: how
        many are ready (0 with SQLite, whose connection is a file opened at its first use)."""
        return pg.prepare(self, POOL_SIZE) if self.shared else 0

    def schema_version(self) -> str | None:
        """The schema's revision (Alembic's), None before the first migration."""
        with self.engine.connect() as conn:
            try:
                return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
            except Exception:
                return None

    def _writing(self):
        return self._write_lock if self._write_lock is not None else _NullLock()

    # -- writes -----------------------------------------------------------------------------------------------
    def create_game(self, game_id: str, options: dict[str, Any], seed: int, seat_rows: list[dict[str, Any]],
                    first: list[tuple[list, int]], status: str, state_hash: str, campaign: str | None = None,
                    owner_hash: str | None = None, public: bool = False, seed_chosen: bool = False,
                    table_seat: int | None = None) -> None:
        game = {"id": game_id, "options": json.dumps(options), "seed": seed, "status": status, "t": now(),
                "decisions": len(first), "state_hash": state_hash, "campaign": campaign, "owner_hash": owner_hash,
                "public": public, "seed_chosen": seed_chosen, "table_seat": table_seat}
        if self.shared:  # one statement (see pg.py)
            pg.create(self, game, seat_rows, first)
            return
        with self._writing():  # one transaction on the sqlite3 connection (see lite.py)
            lite.create(self, game, seat_rows, first)

    def sync_decisions(self, game_id: str, keep: int, new: list[tuple[list, int]], status: str,
                       state_hash: str, truncate: bool = False,
                       base: tuple[int, str | None] | None = None) -> None:
        """Append ``new`` decisions at index ``keep`` and update the game row; with ``truncate`` (an undo) first drop
        the stored decisions from index ``keep`` on. ``base``: the decision count and state hash the writer's game
        was loaded at; when the row no longer holds them (another process wrote), nothing is written and
        :class:`Stale` is raised."""
        t = now()
        params = {"gid": game_id, "status": status, "t": t, "count": keep + len(new), "state_hash": state_hash}
        key = None if base is None else base[1] is not None
        if base is not None:
            params.update(base_count=base[0], base_hash=base[1])
        if self.shared and base is not None and not truncate:  # a decision: one statement (see pg.py)
            params.update(chan=CHANNEL, payload=f"{game_id} {PROCESS}")
            if not pg.write(self, params, keep, new):
                raise Stale(game_id)
            return
        if self.is_sqlite and base is not None and not truncate:  # a decision (see lite.py)
            with self._writing():
                if not lite.write(self, params, keep, new):
                    raise Stale(game_id)
            return
        q = _ADVANCE[key]
        if self.shared:
            q = _ADVANCE_NOTIFY[key]
            params.update(chan=CHANNEL, payload=f"{game_id} {PROCESS}")
        with self._writing(), self.engine.begin() as conn:
            # first: this takes the row's lock, so a concurrent writer waits here and then finds the row changed
            result = conn.execute(q, params)
            if (len(result.all()) if self.shared else result.rowcount) != 1:
                raise Stale(game_id)
            if truncate:
                conn.execute(_DROP_FROM, {"gid": game_id, "keep": keep})
            if new:
                conn.execute(_ADD, [{"game": game_id, "idx": keep + i, "action": json.dumps(a), "decider": d,
                                     "time": t} for i, (a, d) in enumerate(new)])

    async def append_decisions(self, game_id: str, keep: int, new: list[tuple[list, int]], status: str,
                               state_hash: str, base: tuple[int, str | None]) -> bool:
        """:meth:`sync_decisions` of a decision (no truncation) on a shared database (PostgreSQL), awaited on the event
        loop: True once stored, False when the pool has no connection idle (nothing sent: the caller writes from a
        thread); :class:`Stale` as there."""
        params = {"gid": game_id, "status": status, "t": now(), "count": keep + len(new), "state_hash": state_hash,
                  "base_count": base[0], "base_hash": base[1], "chan": CHANNEL, "payload": f"{game_id} {PROCESS}"}
        done = await pg.write_async(self, params, keep, new)
        if done is None:
            return False
        if not done:
            raise Stale(game_id)
        return True

    def delete_game(self, game_id: str) -> None:
        """Drop a game with its seats and decisions."""
        with self._writing(), self.engine.begin() as conn:
            # the game row first: its lock makes a concurrent write of a decision (pg.py's one statement, which
            # takes that lock first) wait, then find no row and store nothing; deleted last, the decisions' rows
            # were passed over before such a write added one, which stayed after the game was gone
            conn.execute(games.delete().where(games.c.id == game_id))
            conn.execute(seats.delete().where(seats.c.game == game_id))
            conn.execute(decisions.delete().where(decisions.c.game == game_id))
            self._notify(conn, game_id)

    def _notify(self, conn: Connection, game_id: str) -> None:
        """Tell the other processes (delivered when the transaction commits; PostgreSQL only)."""
        if self.shared:
            conn.execute(text("SELECT pg_notify(:c, :g)"), {"c": CHANNEL, "g": f"{game_id} {PROCESS}"})

    # -- reads ------------------------------------------------------------------------------------------------
    @_retried
    def game_row(self, game_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
            return dict(row) if row else None

    @_retried
    def seat_rows(self, game_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(seats).where(seats.c.game == game_id).order_by(seats.c.seat)).mappings()
            return [dict(r) for r in rows]

    @_retried
    def decision_rows(self, game_id: str) -> list[tuple[list, int]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(decisions.c.action, decisions.c.decider)
                                .where(decisions.c.game == game_id).order_by(decisions.c.idx))
            return stored_actions(rows)

    @_retried
    def list_games(self, status: str | None = None, limit: int = 200, public: bool | None = None,
                   ids: list[str] | None = None, campaign: str | None = None) -> list[dict[str, Any]]:
        """Games, most recently played first, each with its seats: only those of ``status``, only the public ones
        (``public=True``), only those of ``ids``, only those of ``campaign``. The rows carry the hashes of the
        secrets (the caller checks secrets with them; they are never answered)."""
        q = select(games).order_by(games.c.updated.desc()).limit(limit)
        if status:
            q = q.where(games.c.status == status)
        if public is not None:
            q = q.where(games.c.public.is_(True) if public else games.c.public.isnot(True))
        if ids is not None:
            q = q.where(games.c.id.in_(ids))
        if campaign is not None:
            q = q.where(games.c.campaign == campaign)
        with self.engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(q).mappings()]
            if not rows:
                return rows
            ids = [r["id"] for r in rows]
            seat_map: dict[str, list[dict[str, Any]]] = {}
            for s in conn.execute(select(seats.c.game, seats.c.seat, seats.c.kind, seats.c.bot, seats.c.name,
                                         seats.c.token_hash)
                                  .where(seats.c.game.in_(ids)).order_by(seats.c.seat)).mappings():
                seat_map.setdefault(s["game"], []).append(dict(s))
        for r in rows:
            r["seats"] = seat_map.get(r["id"], [])
        return rows

    @_retried
    def head(self, game_id: str) -> tuple[int, str | None, str] | None:
        """The stored decision count, state hash and status of a game (None: no such game): whether a cached copy is
        still the latest."""
        if self.shared:
            return pg.head(self, game_id)
        with self.reader.connect() as conn:
            row = conn.execute(_HEAD, {"gid": game_id}).first()
            return (row[0], row[1], row[2]) if row else None

    @_retried
    def decision_rows_from(self, game_id: str, start: int) -> list[tuple[list, int]]:
        if self.shared:
            return stored_actions(pg.decision_rows_from(self, game_id, start), start)
        with self.reader.connect() as conn:
            rows = conn.execute(_ROWS_FROM, {"gid": game_id, "start": start})
            return stored_actions(rows, start)

    def listen(self, on_change: Callable[[str], object],
               on_connect: Callable[[], object] | None = None) -> Listener | None:
        """Start a thread calling ``on_change(game_id)`` for each game another process changed (PostgreSQL's
        LISTEN), and ``on_connect()`` each time it starts listening (the first time, and after a lost connection,
        whose notifications were never delivered); None with SQLite (one process: its own changes are announced in
        process)."""
        if not self.shared:
            return None
        return Listener(self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False),
                        on_change, on_connect)

    @_retried
    def active_games_with_bots(self) -> list[str]:
        """The games in progress with a bot in a seat, most recently played first (at the start, their bots are
        picked up again: whose turn it is shows only once a game is rebuilt)."""
        q = (select(games.c.id).where(games.c.status == "active",
                                      games.c.id.in_(select(seats.c.game).where(seats.c.kind == "bot")))
             .order_by(games.c.updated.desc()))
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(q)]

    @_retried
    def count_games(self) -> int:
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(games)).scalar_one()

    def dispose(self) -> None:
        pg.drop_kept(self)
        self.engine.dispose()


class _NullLock:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: Any) -> None:
        return None
