"""Fixtures of the web tests: the app on a temporary SQLite database, driven through FastAPI's test client."""
from __future__ import annotations

import pytest

from sestertius.web.app import create_app
from support.settled import SettledClient


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


@pytest.fixture
def app_factory(db, campaigns_db):
    """``app_factory()`` starts the app on the same databases (a second call: a restart); each is closed at the end."""
    apps = []

    def make():
        app = create_app(db, campaigns_path=str(campaigns_db))
        client = SettledClient(app)
        client.__enter__()
        apps.append(client)
        return client
    yield make
    for c in apps:
        c.__exit__(None, None, None)


@pytest.fixture
def client(app_factory):
    return app_factory()


@pytest.fixture
def two_servers(postgres_db, tmp_path, monkeypatch):
    """Two ``concordia serve`` processes on one fresh PostgreSQL database (started at the same moment: both migrate
    it) and one campaigns file: the database URL and the two base URLs."""
    from support.postgres import free_port
    from support.servers import serve, wait_up
    monkeypatch.setenv("SESTERTIUS_CAMPAIGNS", str(tmp_path / "campaigns.sqlite3"))
    ports = [free_port(), free_port()]
    procs = [serve(postgres_db, p) for p in ports]  # at the same moment, on a database without tables
    try:
        for port, proc in zip(ports, procs):
            wait_up(port, proc)
        yield postgres_db, [f"http://127.0.0.1:{p}" for p in ports]
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=10)


