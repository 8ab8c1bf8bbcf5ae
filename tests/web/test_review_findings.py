"""Review of the round d724039..3cd3c89 (issue 13): failing cases found by reading the code."""
from __future__ import annotations

import threading

from sqlalchemy import event

from sestertius.web import service as service_module
from sestertius.web.app import create_app
from sestertius.web.service import ApiError, GameService
from sestertius.web.store import Store
from support.settled import SettledClient


def test_the_hot_routes_answer_after_the_app_is_started_again(tmp_path):
    """The hot routes' executor is shut down when the app's lifespan ends; an app started again (a test client
    entered twice, an embedding server restarting the app) answered every hot view and decision with 500."""
    app = create_app(f"sqlite:///{tmp_path / 'g.sqlite3'}", campaigns_path=str(tmp_path / "c.sqlite3"))
    with SettledClient(app) as c:
        made = c.post("/api/games", json={"board": "italia", "seed": 3, "seats": [{"kind": "human"}] * 2}).json()
    with SettledClient(app, raise_server_exceptions=False) as c:
        r = c.get(f"/api/games/{made['id']}")
        assert r.status_code == 200, r.text[:200]


def test_sqlite_a_game_evicted_while_in_use_does_not_stay_stale(tmp_path, monkeypatch):
    """One process on SQLite: a request holds a game (L1) while the cache evicts it; another request loads it again
    (L2); L1's decision is stored. L2 must not stay behind the stored game: before, every decision on it was refused
    409 (its catch-up is a no-op with SQLite) and its views missed L1's decision, until the process restarted."""
    monkeypatch.setattr(service_module, "CACHE_SIZE", 1)
    service = GameService(Store(f"sqlite:///{tmp_path / 'g.sqlite3'}"))
    spec = {"board": "italia", "seed": 8, "seats": [{"kind": "human"}] * 2}
    l1, _, _ = service.create(spec)
    service.create({**spec, "seed": 9})  # evicts l1 (a request still holds it)
    l2 = service.get(l1.id)  # another request: loaded again
    service.act(l1, l1.game.to_act(), list(l1.game.legal_actions()[-1]))  # stored
    assert service.store.head(l1.id)[0] == l1.stored
    assert (l2.stored, l2.game.history) == (l1.stored, l1.game.history), "the other request's copy is behind"
    for _ in range(2):  # the person's next decisions, as the view L1's answer showed them
        shown = l1.game
        service.act(service.get(l1.id), shown.to_act(), list(shown.legal_actions()[-1]), expect=len(shown.history))
        assert service.store.head(l1.id)[0] == len(shown.history) + 1
    service.store.dispose()


def test_a_decision_racing_a_deletion_elsewhere_leaves_no_rows(postgres_db):
    """Process B deletes a game while process A stores a decision on it. B's transaction deleted the decisions
    first and the game row last: A's one-statement write, coming between the two, found the row unlocked and
    stored its decision (answered 200), which B's transaction had already passed over: a decision row left behind
    for a game that no longer exists. Deleting the game row first takes its lock: A's write waits for B, then finds
    no row (404)."""
    a, b = GameService(Store(postgres_db)), GameService(Store(postgres_db))
    live_a, _, owner = a.create({"board": "italia", "seed": 12, "seats": [{"kind": "human"}] * 2})
    live_b = b.get(live_a.id)
    g = live_a.game
    outcome: list[object] = []

    def decide() -> None:
        try:
            a.act(live_a, g.to_act(), list(g.legal_actions()[-1]))
            outcome.append("stored")
        except ApiError as e:
            outcome.append(e.status)
    racer = threading.Thread(target=decide)

    def between(conn, cursor, statement, *args) -> None:  # after the deletion's first statement
        if statement.lstrip().upper().startswith("DELETE") and not racer.is_alive() and not outcome:
            racer.start()
            racer.join(timeout=1.0)
    event.listen(b.store.engine, "after_cursor_execute", between)
    b.delete(live_b, owner)
    racer.join(timeout=10)
    assert not racer.is_alive()
    assert a.store.decision_rows(live_a.id) == [], f"rows left for a deleted game (the decision was {outcome})"
    assert outcome == [404]
    a.store.dispose()
    b.store.dispose()


def test_a_decision_on_a_game_undone_elsewhere_is_decided_on_the_stored_game(postgres_db):
    """Coverage the round's tests lack: process B's cached game is ahead of the stored one (A took a decision back);
    B's decision, sent without a view first (no catch-up), is tried on B's cached game, refused by the conditional
    write, and decided again on the stored game: the one B stores follows the undo."""
    a, b = GameService(Store(postgres_db)), GameService(Store(postgres_db))
    live_a, _, _ = a.create({"board": "italia", "seed": 11, "seats": [{"kind": "human"}] * 2})
    for _ in range(30):
        g = live_a.game
        a.act(live_a, g.to_act(), list(g.legal_actions()[-1]))
        if live_a.game.can_undo():
            break
    assert live_a.game.can_undo()
    live_b = b.get(live_a.id)  # B holds the position before the undo
    ahead = live_b.stored
    a.undo(live_a, live_a.game.to_act())
    assert live_a.stored < ahead and live_b.stored == ahead
    g = live_a.game  # what the player sees (A's answer)
    b.act(live_b, g.to_act(), list(g.legal_actions()[0]))
    assert live_b.stored == len(g.history) + 1 == b.store.head(live_b.id)[0]
    assert [list(x) for x in live_b.game.history[:-1]] == [list(x) for x in g.history]
    assert [r[0] for r in b.store.decision_rows(live_b.id)] == [list(x) for x in live_b.game.history]
    a.store.dispose()
    b.store.dispose()


def test_a_view_while_the_pool_is_exhausted_is_answered_503(postgres_db):
    """The pool keeps 15 connections and makes no more; the hot routes' 40 threads (and anyio's 40) wait for one
    up to the pool's timeout. A decision that times out is answered 503 (commit.py), but a view's catch-up read let
    the pool's TimeoutError through: 500. Both are the database's refusal: 503, nothing changed, try again."""
    service = GameService(Store(postgres_db))
    live, _, _ = service.create({"board": "italia", "seed": 3, "seats": [{"kind": "human"}] * 2})
    engine = service.store.engine
    held = [engine.raw_connection() for _ in range(engine.pool.size())]
    engine.pool._timeout = 0.2  # (30 s by default)
    try:
        for call in (lambda: service.view_json(live, 0),
                     lambda: service.act(live, live.game.to_act(), list(live.game.legal_actions()[-1]))):
            try:
                call()
            except ApiError as e:
                assert e.status == 503
            else:
                raise AssertionError("answered without a connection")
    finally:
        for c in held:
            c.close()
    service.store.dispose()


def test_a_games_send_lock_outlives_its_last_seated_connection_while_another_is_joining():
    """The first view of a joining WebSocket and every broadcast take the game's one lock (websocket.py: counted
    before its first view, under that lock, so no change is missed and no older view follows a newer one). The
    lock was dropped when the last seated connection left, even while another connection, admitted, waited for it
    (or a broadcast held it): the next broadcast then made a new lock and ran beside the joining connection's first
    view, which could reach the browser after the broadcast's newer view (the browser showing the older position
    until the next change)."""
    import asyncio

    from sestertius.web.hub import Hub

    async def scenario() -> None:
        hub = Hub()
        w1 = object()
        assert hub.admit("g", "c1")
        hub.add("g", w1, None)  # type: ignore[arg-type]
        assert hub.admit("g", "c2")  # w2: admitted, about to take the lock for its first view
        lock = hub.lock("g")
        async with lock:  # a broadcast to w1 holds it
            hub.remove("g", w1, None)  # type: ignore[arg-type]  # w1 leaves meanwhile
            hub.release("g", "c1")
            assert hub.lock("g") is lock, "a second lock for the game while the first is held"
        hub.release("g", "c2")
        assert "g" not in hub.locks  # dropped once no connection to the game is open
    asyncio.run(scenario())


def test_the_watched_games_are_refreshed_when_the_listener_reconnects(postgres_db, tmp_path, monkeypatch):
    """The listener's connection lost (PostgreSQL restarted, a proxy's idle timeout...): it reconnects after a
    second, but a change notified meanwhile was never delivered, and this process's browsers kept the older view
    until the next change. On each (re)connection the games watched here are looked at again."""
    import time

    import psycopg
    app = create_app(postgres_db, campaigns_path=str(tmp_path / "c.sqlite3"))
    with SettledClient(app):
        hub, listener = app.state.hub, app.state.listener
        assert listener.ready.wait(10)
        handed: list[str] = []
        monkeypatch.setattr(hub, "changed_elsewhere", lambda service, gid: handed.append(gid))
        hub.conns["watched"] = set()
        listener.ready.clear()
        with psycopg.connect(app.state.store.engine.url.set(drivername="postgresql")
                             .render_as_string(hide_password=False), autocommit=True) as conn:
            killed = conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                  "WHERE query LIKE 'LISTEN%%' AND datname = current_database()").fetchall()
        assert killed
        assert listener.ready.wait(10)  # reconnected
        deadline = time.monotonic() + 5
        while not handed and time.monotonic() < deadline:
            time.sleep(0.01)
        assert handed == ["watched"]
        hub.conns.pop("watched")
