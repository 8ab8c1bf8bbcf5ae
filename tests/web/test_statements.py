"""The statements of every decision. PostgreSQL (web/pg.py): a decision on a game the process holds up to date is ONE
round trip, the write statement outside a transaction, conditional on the row's position (no head read first). SQLite
(web/lite.py): the write on the sqlite3 connection, read back as before. On both, a write on a position the row no
longer holds stores nothing."""
from __future__ import annotations

import psycopg
import pytest

from sestertius.web.service import ApiError, GameService
from sestertius.web.store import Stale, Store


def _statements_sent(monkeypatch) -> list[str]:
    """The statements sent to PostgreSQL from now on, by name: pg.py's (on libpq), and any of psycopg's (a cursor's
    execute, a commit) as "psycopg"."""
    from sestertius.web import pg
    sent: list[str] = []
    real = pg.run
    monkeypatch.setattr(pg, "run", lambda conn, statement, params: (
        sent.append(statement[0].decode()), real(conn, statement, params))[1])
    real_execute = psycopg.Cursor.execute  # Connection.execute too goes through it
    monkeypatch.setattr(psycopg.Cursor, "execute", lambda self, query, *a, **k: (
        sent.append("psycopg"), real_execute(self, query, *a, **k))[1])
    real_commit = psycopg.Connection.commit
    monkeypatch.setattr(psycopg.Connection, "commit", lambda self: (sent.append("psycopg"), real_commit(self))[1])
    return sent


def test_a_decision_is_one_write_statement(postgres_db, monkeypatch):
    service = GameService(Store(postgres_db))
    live, _, _ = service.create({"board": "italia", "seed": 8, "seats": [{"kind": "human"}] * 2})
    sent = _statements_sent(monkeypatch)
    for _ in range(5):
        before = live.stored
        sent.clear()
        service.act(live, live.game.to_act(), list(live.game.legal_actions()[-1]))
        assert sent == ["sestertius_write_one"]  # the write alone (no head read, no BEGIN, no COMMIT)
        assert live.stored > before
    monkeypatch.undo()
    service.forget_all()
    again = service.get(live.id)  # rebuilt from the stored rows: every decision is there, in order
    assert again.game.history == live.game.history and again.stored_hash == live.stored_hash
    service.store.dispose()


def test_a_write_on_a_moved_position_stores_nothing(postgres_db):
    service = GameService(Store(postgres_db))
    live, _, _ = service.create({"board": "italia", "seed": 9, "seats": [{"kind": "human"}] * 2})
    store, n = service.store, live.stored
    with pytest.raises(Stale):
        store.sync_decisions(live.id, n, [(["done"], 0)], "active", "x" * 32, base=(n + 1, live.stored_hash))
    with pytest.raises(Stale):
        store.sync_decisions(live.id, n, [(["done"], 0)], "active", "x" * 32, base=(n, "y" * 32))
    assert len(store.decision_rows(live.id)) == n and store.head(live.id)[:2] == (n, live.stored_hash)
    store.dispose()


def test_sqlite_a_decisions_write_is_one_transaction_readable_as_before(tmp_path, monkeypatch):
    """SQLite (web/lite.py): the write on the pool's sqlite3 connection, its times read back by SQLAlchemy as they
    were written by it; a write on a moved position stores nothing; every decision is there after a restart."""
    import datetime as dt
    service = GameService(Store(f"sqlite:///{tmp_path / 'g.sqlite3'}"))
    live, _, _ = service.create({"board": "italia", "seed": 8, "seats": [{"kind": "human"}] * 2})
    created = service.store.game_row(live.id)["updated"]
    from sestertius.web import lite
    writes = []
    monkeypatch.setattr(lite, "write", lambda *a, _real=lite.write: (writes.append(1), _real(*a))[1])
    for _ in range(5):
        service.act(live, live.game.to_act(), list(live.game.legal_actions()[-1]))
    assert len(writes) == 5
    row = service.store.game_row(live.id)
    assert isinstance(row["updated"], dt.datetime) and row["updated"] >= created
    assert (row["decisions"], row["state_hash"]) == (live.stored, live.stored_hash)
    store, n = service.store, live.stored
    for base in ((n + 1, live.stored_hash), (n, "y" * 32)):
        with pytest.raises(Stale):
            store.sync_decisions(live.id, n, [(["done"], 0)], "active", "x" * 32, base=base)
    assert len(store.decision_rows(live.id)) == n and store.head(live.id)[:2] == (n, live.stored_hash)
    service.forget_all()
    again = service.get(live.id)
    assert again.game.history == live.game.history
    listed = store.list_games()
    assert listed[0]["id"] == live.id  # ordered by the time of the last decision, written by lite.py


def test_a_decision_on_a_game_moved_on_elsewhere_is_decided_on_the_stored_game(postgres_db):
    """Two processes (two services) on one database, decisions alternating: the process whose cached game is behind
    decides on the stored game (not refused as stale, nothing stored twice); a refusal made on a stale game is
    checked on the stored one; a game deleted elsewhere is unknown."""
    a, b = GameService(Store(postgres_db)), GameService(Store(postgres_db))
    live_a, _, _ = a.create({"board": "italia", "seed": 11, "seats": [{"kind": "human"}] * 2})
    live_b = b.get(live_a.id)
    last = live_a  # the process that stored the last decision holds the stored game
    for turn in range(8):
        live, service = (live_b, b) if turn % 2 == 0 else (live_a, a)
        g = last.game  # what the player saw (the other process's answer)
        service.act(live, g.to_act(), list(g.legal_actions()[-1]), expect=len(g.history))
        assert live.stored == len(live.game.history) == len(g.history) + 1 == service.store.head(live.id)[0]
        last = live
    assert [list(x) for x in last.game.history] == [r[0] for r in a.store.decision_rows(live_a.id)]
    # a refusal decided on a stale game stands only once checked on the stored one: here it stands
    assert last is live_a and live_b.stored == len(live_a.game.history) - 1  # b is behind
    n = last.stored
    with pytest.raises(ApiError) as refused:
        b.act(live_b, last.game.to_act(), ["no such decision"])
    assert refused.value.status in (409, 422) and (live_b.stored, b.store.head(live_b.id)[0]) == (n, n)
    b.store.delete_game(live_b.id)
    with pytest.raises(ApiError) as gone:
        a.act(live_a, live_a.game.to_act(), list(live_a.game.legal_actions()[-1]))
    assert gone.value.status == 404
    a.store.dispose()
    b.store.dispose()


def test_one_decision_or_several_written_alike(postgres_db, monkeypatch):
    """A decision alone is written with plain values, several at once (a catch-up's sampled outcomes, an undo's
    rewrite) with arrays: the same rows."""
    from sestertius.web import pg
    from sestertius.web.commit import commit
    service = GameService(Store(postgres_db))
    live, _, _ = service.create({"board": "italia", "seed": 5, "seats": [{"kind": "hotseat"}, {"kind": "hotseat"}]})
    used = []
    real = pg.write
    monkeypatch.setattr(pg, "write", lambda store, params, keep, new: (used.append(len(new)),
                                                                          real(store, params, keep, new))[1])
    for several in (1, 3, 1, 2):
        with live.lock:
            g = live.game.copy()
            for _ in range(several):
                g.apply(g.legal_actions()[0])
            commit(service, live, g)
    assert used == [1, 3, 1, 2]
    service.forget_all()
    again = service.get(live.id)
    assert again.game.history == live.game.history and again.game.deciders == live.game.deciders
    service.store.dispose()


@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
def test_a_game_is_created_in_one_statement_and_reads_back_whole(kind, request, tmp_path, monkeypatch):
    """A new game: its row, its seats and its first decisions in one statement on PostgreSQL (web/pg.py), one
    transaction on SQLite's connection (web/lite.py); read back as SQLAlchemy reads them, and rebuilt from them. Bots
    decide in the server's background, after the game is stored: the bot sits second here, so that it waits for the
    person and nothing moves while the test reads."""
    import datetime as dt
    url = request.getfixturevalue("postgres_db") if kind == "postgres" else f"sqlite:///{tmp_path / 'g.sqlite3'}"
    service = GameService(Store(url))
    sent = _statements_sent(monkeypatch)
    live, tokens, _ = service.create({"board": "italia", "seed": 3, "public": True, "manual_dice": True,
                                      "table_seat": 0, "seats": [{"kind": "human", "name": "Ann"},
                                                                 {"kind": "bot", "bot": "random", "name": "Q \"é\\"}]})
    assert sent == (["sestertius_create"] if kind == "postgres" else [])
    monkeypatch.undo()
    store = service.store
    assert live.stored == len(live.game.history) == 0 and live.game.to_act() == 0  # the person first
    row = store.game_row(live.id)
    assert (row["decisions"], row["state_hash"], row["status"]) == (live.stored, live.stored_hash, "active")
    assert row["public"] is True and row["seed_chosen"] is True and row["table_seat"] == 0 and row["seed"] == 3
    assert isinstance(row["created"], dt.datetime) and row["created"] == row["updated"]
    assert row["campaign"] is None and row["owner_hash"] == live.owner_hash
    assert store.list_games(public=True)[0]["id"] == live.id
    seats = store.seat_rows(live.id)
    assert [(s["seat"], s["kind"], s["bot"], s["name"]) for s in seats] == [
        (0, "human", None, "Ann"), (1, "bot", "random", 'Q "é\\')]
    assert seats[1]["token_hash"] is None and seats[0]["token_hash"] == live.seats[0]["token_hash"] and tokens[0]
    assert [(list(a), d) for a, d in zip(live.game.history, live.game.deciders)] == store.decision_rows(live.id)
    service.forget_all()
    again = service.get(live.id)
    assert again.game.history == live.game.history and again.stored_hash == live.stored_hash
    store.dispose()


def test_statements_dropped_on_the_server_are_prepared_again(postgres_db):
    """The statements are prepared once per connection; one dropped on the server (DEALLOCATE ALL, as a pooler may
    do) is prepared again, and the request goes on."""
    from sestertius.web import pg
    service = GameService(Store(postgres_db))
    store = service.store
    assert store.warm() > 0
    live, _, _ = service.create({"board": "italia", "seed": 4, "seats": [{"kind": "human"}] * 2})
    with pg.connection(store) as conn:
        conn.pgconn.exec_(b"DEALLOCATE ALL")
    for _ in range(3):
        service.act(live, live.game.to_act(), list(live.game.legal_actions()[-1]))
        assert store.head(live.id)[:2] == (live.stored, live.stored_hash)
    store.dispose()
