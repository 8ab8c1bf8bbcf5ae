"""Fixtures shared by every part of the test suite. Helper functions live in the ``support`` package (tests/support,
on the path through ``pythonpath = ["tests"]`` in pyproject.toml); fixtures of one part live in that part's
conftest.py (tests/solitaria, tests/web)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import sestertius

ROOT = Path(__file__).resolve().parent.parent

# the rates per client address off (every test client has one address, and many tests play quickly): the servers
# started here inherit it; the tests of the limits give theirs explicitly (tests/web/test_limits.py)
os.environ.setdefault("SESTERTIUS_RATE_LIMITS", "off")


def pytest_report_header(config):
    return f"sestertius engine build: {sestertius.engine_build()} ({Path(sestertius.__file__).parent})"


def pytest_collection_modifyitems(config, items):
    """Tests marked ``pure_only`` replace an engine function to watch or bend it (monkeypatch): compiled code calls
    its functions directly, past the patch, so on the compiled build they are skipped (the pure build runs them)."""
    if sestertius.engine_build() != "compiled":
        return
    skip = pytest.mark.skip(reason="replaces an engine function, which the compiled engine calls directly")
    for item in items:
        if item.get_closest_marker("pure_only"):
            item.add_marker(skip)


def pytest_sessionstart(session):
    """SESTERTIUS_BUILD=compiled (as run-tests sets it for its second run) makes sure the tests run on the compiled
    engine, and that it was built from these sources: a stale build would test other code."""
    wanted = os.environ.get("SESTERTIUS_BUILD")
    if wanted is None:
        return
    got = sestertius.engine_build()
    if got != wanted:
        pytest.exit(f"SESTERTIUS_BUILD={wanted} but the engine imported is {got} ({sestertius.__file__}); "
                    f"build it with tools/build_compiled.py and put build/compiled on PYTHONPATH", returncode=3)
    if got == "compiled":
        sys.path.insert(0, str(ROOT / "tools"))
        from build_compiled import STAMP, source_digest

        stamp = Path(sestertius.__file__).parent.parent / STAMP
        if not stamp.exists() or stamp.read_text().strip() != source_digest(ROOT):
            pytest.exit(f"the compiled build in {stamp.parent} was made from other sources: run "
                        f"tools/build_compiled.py again", returncode=3)


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
