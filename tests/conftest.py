"""Fixtures shared by every part of the test suite. Helper functions live in the ``support`` package (tests/support,
on the path through ``pythonpath = ["tests"]`` in pyproject.toml); fixtures of one part live in that part's
conftest.py (tests/solitaria, tests/web)."""
from __future__ import annotations

from pathlib import Path

import pytest


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
