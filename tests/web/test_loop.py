"""A plain decision and a seat's view on PostgreSQL, answered on the event loop (GameService.act_answer_on_loop,
view_json_on_loop: the statement awaited through libpq's asynchronous calls, no worker thread): the same decisions
stored as from a thread; a game another process moved on, a refusal, a game deleted elsewhere, or no connection idle
handed to the thread's way (nothing stored by the loop); the connections the loop keeps, replaced once closed by the
server."""
from __future__ import annotations

import asyncio

import pytest

from sestertius.web import pg
from sestertius.web.service import STALE, ApiError, GameService
from sestertius.web.store import Store


def _on_loop(coro):
    return asyncio.run(coro)


def test_decisions_on_the_loop_are_stored_and_the_stale_ones_decided_again(postgres_db):
    a, b = GameService(Store(postgres_db)), GameService(Store(postgres_db))
    try:
        live_a, _, _ = a.create({"board": "italia", "seed": 5, "seats": [{"kind": "human"}] * 2})
        for _ in range(6):  # on the loop, each stored at once
            g = live_a.game
            view = _on_loop(a.act_answer_on_loop(live_a, g.to_act(), list(g.legal_actions()[-1]), len(g.history)))
            assert view and view is not STALE
            assert live_a.stored == len(live_a.game.history) == a.store.head(live_a.id)[0]
            assert _on_loop(a.view_json_on_loop(live_a, None)) == a.view_json(live_a, None)
        assert [list(x) for x in live_a.game.history] == [r[0] for r in a.store.decision_rows(live_a.id)]
        # another process stores a decision: this one's loop finds the row moved on, stores nothing, and the
        # thread's way decides again on the stored game
        live_b = b.get(live_a.id)
        g = live_b.game
        b.act(live_b, g.to_act(), list(g.legal_actions()[-1]))
        n = b.store.head(live_a.id)[0]
        assert _on_loop(a.view_json_on_loop(live_a, None)) is None  # behind: the thread catches up
        g = live_a.game  # what a's player saw: a decision legal there
        seat, action = g.to_act(), list(g.legal_actions()[-1])
        assert _on_loop(a.act_answer_on_loop(live_a, seat, action)) is STALE
        assert a.store.head(live_a.id)[0] == n and not live_a.on_loop
        try:  # decided again on the stored game (as GameService.act after such a write): stored, or refused there
            a.act_answer_stale(live_a, seat, action)
            assert live_a.stored == n + 1 == a.store.head(live_a.id)[0]
        except ApiError as e:
            assert e.status in (409, 422) and live_a.stored == n == a.store.head(live_a.id)[0]
        assert [list(x) for x in live_a.game.history] == [r[0] for r in a.store.decision_rows(live_a.id)]
        n = live_a.stored
        # a refusal on the cached game is the thread's to confirm; nothing stored
        assert _on_loop(a.act_answer_on_loop(live_a, live_a.game.to_act(), ["no such decision"])) is None
        with pytest.raises(ApiError):
            a.act_answer(live_a, live_a.game.to_act(), ["no such decision"])
        # no connection idle: nothing sent, the thread's way
        real = pg.idle_connection
        pg.idle_connection = lambda store: None  # type: ignore[assignment]
        try:
            g = live_a.game
            assert _on_loop(a.act_answer_on_loop(live_a, g.to_act(), list(g.legal_actions()[-1]))) is None
            assert _on_loop(a.view_json_on_loop(live_a, 0)) is None
        finally:
            pg.idle_connection = real  # type: ignore[assignment]
        assert a.store.head(live_a.id)[0] == live_a.stored == n
        # held by another request (the loop's flag, or a thread's lock): the thread's way
        live_a.on_loop = True
        assert _on_loop(a.view_json_on_loop(live_a, None)) is None
        live_a.on_loop = False
        # deleted elsewhere: not the loop's (the thread answers 404)
        b.store.delete_game(live_a.id)
        g = live_a.game
        assert _on_loop(a.act_answer_on_loop(live_a, g.to_act(), list(g.legal_actions()[-1]))) is STALE
        with pytest.raises(ApiError) as gone:
            a.act_answer_stale(live_a, g.to_act(), list(g.legal_actions()[-1]))
        assert gone.value.status == 404
    finally:
        a.store.dispose()
        b.store.dispose()


def test_a_kept_connection_closed_by_the_server_is_replaced(postgres_db):
    """The loop keeps connections between its statements (pg.LOOP_KEEPS); one that PostgreSQL ended meanwhile (a
    restart) is found closed before anything is sent on it, and the decision is stored on another."""
    import psycopg
    service = GameService(Store(postgres_db))
    service.store.warm()  # the pool's connections made (a connection is kept only while the pool has others idle)
    try:
        live, _, _ = service.create({"board": "italia", "seed": 8, "seats": [{"kind": "human"}] * 2})
        g = live.game
        assert _on_loop(service.act_answer_on_loop(live, g.to_act(), list(g.legal_actions()[-1])))
        kept = service.store.loop_kept
        assert len(kept) == 1
        pid = kept[0].driver_connection.info.backend_pid
        with psycopg.connect(postgres_db.replace("postgresql+psycopg", "postgresql"), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        for _ in range(50):  # the server's message reaches the socket
            if pg.closed_by_server(kept[0].driver_connection):
                break
            asyncio.run(asyncio.sleep(0.05))
        g = live.game
        assert _on_loop(service.act_answer_on_loop(live, g.to_act(), list(g.legal_actions()[-1])))
        assert service.store.head(live.id)[0] == live.stored == len(live.game.history)
        assert len(kept) == 1 and kept[0].driver_connection.info.backend_pid != pid
    finally:
        service.store.dispose()
