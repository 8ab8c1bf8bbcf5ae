"""Fixtures of the web tests: the app on a temporary SQLite database, driven through FastAPI's test client."""
from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():  # starlette's note about httpx in its test client
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from sestertius.web.app import create_app


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


@pytest.fixture
def app_factory(db, campaigns_db):
    """``app_factory()`` starts the app on the same databases (a second call: a restart); each is closed at the end."""
    apps = []

    def make():
        app = create_app(db, campaigns_path=str(campaigns_db))
        client = TestClient(app)
        client.__enter__()
        apps.append(client)
        return client
    yield make
    for c in apps:
        c.__exit__(None, None, None)


@pytest.fixture
def client(app_factory):
    return app_factory()
