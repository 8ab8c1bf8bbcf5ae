"""The database connections of a process: made once and kept, whatever the number of requests at once (a new
PostgreSQL connection forks and sets up a server process: it cost the database about five times the CPU of the
decision's statements when most requests made one)."""
from __future__ import annotations

import threading

import pytest
from sqlalchemy import event

from sestertius.web.service import GameService
from sestertius.web.store import POOL_SIZE, Store


def _connections_made_under_load(url: str, threads: int, rounds: int) -> tuple[int, int]:
    """Connections the pool made while ``threads`` threads played and viewed one game each at once, and how many
    the database served at once at most."""
    service = GameService(Store(url))
    made = []
    event.listen(service.store.engine, "connect", lambda *a: made.append(1))
    lives = [service.create({"board": "italia", "seed": i, "seats": [{"kind": "human"}] * 2})[0]
             for i in range(threads)]
    start = threading.Barrier(threads)
    errors: list[BaseException] = []

    def play(live) -> None:
        try:
            start.wait()
            for _ in range(rounds):
                service.act(live, live.game.to_act(), list(live.game.legal_actions()[-1]))
                service.view_json(live, live.game.to_act())
                for _ in range(20):  # the head reads of views, which take little CPU: many at once
                    service.store.head(live.id)
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)
    workers = [threading.Thread(target=play, args=(live,)) for live in lives]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not errors, errors
    for live in lives:  # every decision stored
        assert service.store.head(live.id)[0] == live.stored == len(live.game.history)
    checked_out = service.store.engine.pool.checkedout()
    service.store.dispose()
    assert checked_out == 0
    return len(made), threads


@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
def test_connections_are_made_once_and_kept(kind, request, tmp_path):
    url = request.getfixturevalue("postgres_db") if kind == "postgres" else f"sqlite:///{tmp_path / 'g.sqlite3'}"
    made, threads = _connections_made_under_load(url, threads=12, rounds=30)
    # at most one per thread (12 requests at once), never one per request as the default pool did beyond 5
    assert made <= threads


def test_no_more_connections_than_the_pool_holds(postgres_db):
    made, _ = _connections_made_under_load(postgres_db, threads=POOL_SIZE + 5, rounds=10)
    assert made <= POOL_SIZE
