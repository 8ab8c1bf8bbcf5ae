"""The statements of every decision. PostgreSQL (web/pg.py): a decision is two round trips, the head read and ONE
write statement outside a transaction. SQLite (web/lite.py): the write on the sqlite3 connection, read back as
before. On both, a write on a position the row no longer holds stores nothing."""
from __future__ import annotations

import psycopg
import pytest

from sestertius.web.service import GameService
from sestertius.web.store import Stale, Store


def test_a_decision_is_one_read_and_one_write_statement(postgres_db, monkeypatch):
    service = GameService(Store(postgres_db))
    live, _, _ = service.create({"board": "italia", "seed": 8, "seats": [{"kind": "human"}] * 2})
    sent: list[str] = []
    real = psycopg.Cursor.execute  # Connection.execute too goes through it
    monkeypatch.setattr(psycopg.Cursor, "execute", lambda self, query, *a, **k: (
        sent.append(str(query).split()[0]), real(self, query, *a, **k))[1])
    real_commit = psycopg.Connection.commit
    monkeypatch.setattr(psycopg.Connection, "commit", lambda self: (sent.append("COMMIT"), real_commit(self))[1])
    for _ in range(5):
        before = live.stored
        sent.clear()
        service.act(live, live.game.to_act(), list(live.game.legal_actions()[-1]))
        assert sent == ["SELECT", "WITH"]  # the head, then the write (no BEGIN, no COMMIT)
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
