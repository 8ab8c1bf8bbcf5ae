"""Fixtures shared by every part of the test suite. Helper functions live in the ``support`` package (tests/support,
on the path through ``pythonpath = ["tests"]`` in pyproject.toml); fixtures of one part live in that part's
conftest.py (tests/solitaria, tests/web)."""
from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True, scope="session")
def _no_user_overrides(tmp_path_factory):
    """The shipped data only: a user's own overrides file (in their config folder) must not change the tests."""
    empty = tmp_path_factory.mktemp("config") / "overrides.toml"
    empty.write_text("", encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SESTERTIUS_OVERRIDES", str(empty))
        yield


@pytest.fixture
def overrides(tmp_path, monkeypatch):
    """``overrides(text)`` writes a user's overrides file (TOML correcting the shipped data) and points
    ``SESTERTIUS_OVERRIDES`` at it for this test; returns its path."""
    def write(text: str) -> Path:
        path = tmp_path / "overrides.toml"
        path.write_text(text, encoding="utf-8")
        monkeypatch.setenv("SESTERTIUS_OVERRIDES", str(path))
        return path
    return write


@pytest.fixture
def campaigns_db(tmp_path) -> Path:
    """A fresh SQLite file for the Solitaria campaigns (not created yet)."""
    return tmp_path / "campaigns.sqlite3"


@pytest.fixture(scope="session")
def postgres_server():
    """A PostgreSQL server of this test session (see support.postgres); skipped where none can be started."""
    import os

    from support import postgres
    server = postgres.start()
    if server is None:
        if os.environ.get("SESTERTIUS_REQUIRE_POSTGRES"):
            pytest.fail("no PostgreSQL server could be started (install Debian's postgresql package)")
        pytest.skip("no PostgreSQL server (install Debian's postgresql package)")
    yield server
    server.stop()


@pytest.fixture
def postgres_db(postgres_server):
    """A fresh, empty database on the session's PostgreSQL server: its SQLAlchemy URL."""
    import secrets
    return postgres_server.create_db("t_" + secrets.token_hex(6))
