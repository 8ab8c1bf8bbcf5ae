"""Helpers shared by the test suite (importable as ``support`` through ``pythonpath = ["tests"]`` in pyproject.toml):

- ``support.rules``: positions set up by editing ``game.state`` (named cities and routes, colonists, houses, goods);
- ``support.solitaria``: solo games with dice entered by hand, Contrarius' reach, random two-seat games;
- ``support.playouts``: the invariants of the rules and random playouts checking them after every decision.

Fixtures live in the ``conftest.py`` files: ``tests/conftest.py`` (every part), ``tests/solitaria/conftest.py`` and
``tests/web/conftest.py``.
"""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # tests/support/__init__.py -> tests/support -> tests -> the repository
