"""SQLite's write of a decision and creation of a game on the pool's sqlite3 connection, without SQLAlchemy's work
per statement (its transaction, statements and commit cost about as much CPU as the rest of the write): the
conditional UPDATE of the game row and the INSERT of the new decisions in one transaction, the rows stored only if
the row still held the writer's position; a game's row, seats and first decisions in one transaction. Times are
written in SQLAlchemy's own format for SQLite, so that its reads and its ordering by time are unchanged."""
from __future__ import annotations

import datetime as dt
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sestertius.web.store import Store

ADVANCE = ("UPDATE games SET status = ?, updated = ?, decisions = ?, state_hash = ? "
           "WHERE id = ? AND decisions = ? AND state_hash IS ?")
ADD = "INSERT INTO decisions (game, idx, action, decider, time) VALUES (?, ?, ?, ?, ?)"
NEW_GAME = ("INSERT INTO games (id, options, seed, status, created, updated, decisions, state_hash, campaign, "
            "owner_hash, public, seed_chosen, table_seat) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
NEW_SEAT = "INSERT INTO seats (game, seat, kind, bot, name, token_hash) VALUES (?, ?, ?, ?, ?, ?)"


def stamp(t: dt.datetime) -> str:
    """A time as SQLAlchemy stores a DateTime in SQLite."""
    return t.strftime("%Y-%m-%d %H:%M:%S.%f")


def write(store: Store, params: dict[str, Any], keep: int, new: list[tuple[list, int]]) -> bool:
    """The usual write of a decision (the caller holds the store's write lock): whether the row was at the writer's
    position (then the rows are stored and committed); else nothing is written."""
    t = stamp(params["t"])
    fairy = store.engine.raw_connection()
    try:
        cur = fairy.cursor()
        cur.execute(ADVANCE, (params["status"], t, params["count"], params["state_hash"], params["gid"],
                              params["base_count"], params["base_hash"]))
        if cur.rowcount != 1:
            fairy.rollback()
            return False
        cur.executemany(ADD, [(params["gid"], keep + i, json.dumps(a), d, t) for i, (a, d) in enumerate(new)])
        fairy.commit()
        return True
    except BaseException:
        fairy.rollback()
        raise
    finally:
        fairy.close()


def create(store: Store, game: dict[str, Any], seat_rows: list[dict[str, Any]], first: list[tuple[list, int]]) -> None:
    """A new game's row, seats and first decisions in one transaction (the caller holds the store's write lock)."""
    t, gid = stamp(game["t"]), game["id"]
    fairy = store.engine.raw_connection()
    try:
        cur = fairy.cursor()
        cur.execute(NEW_GAME, (gid, game["options"], game["seed"], game["status"], t, t, game["decisions"],
                               game["state_hash"], game["campaign"], game["owner_hash"], bool(game["public"]),
                               bool(game["seed_chosen"]), game["table_seat"]))
        cur.executemany(NEW_SEAT, [(gid, r["seat"], r["kind"], r["bot"], r["name"], r["token_hash"])
                                   for r in seat_rows])
        cur.executemany(ADD, [(gid, i, json.dumps(a), d, t) for i, (a, d) in enumerate(first)])
        fairy.commit()
    except BaseException:
        fairy.rollback()
        raise
    finally:
        fairy.close()
