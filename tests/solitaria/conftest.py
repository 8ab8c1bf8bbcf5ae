"""Fixtures of the Solitaria tests."""
from __future__ import annotations

import pytest

import sestertius
from sestertius.rules.modes.solitaria import building, roma
from support.solitaria import reachable_by


@pytest.fixture
def contrarius_builds(monkeypatch):
    """Watch every house Contrarius builds. ``contrarius_builds(seat)`` (Contrarius' seat) starts a new list, to call
    before each game; every build appends ``(city, ok)``, where ok says the city was reachable (the usual movement,
    ending on an empty line next to it) with its movement points at that moment and held no house of Contrarius
    yet. The engine is patched once per test. On the compiled build, whose functions call each other directly, the
    builds cannot be watched so: ``watch`` gives None and the games check the rest (the pure build checks this)."""
    watched: dict = {"seat": None, "built": None}
    real = building.build_contrarius_house

    def checked(s, city):
        seat = watched["seat"]
        watched["built"].append((city, reachable_by(s, seat, city) and city not in s.players[seat].houses))
        real(s, city)

    for module in (building, roma):  # where its houses are built: after a reaction, on Roma's ship track
        monkeypatch.setattr(module, "build_contrarius_house", checked)

    def watch(seat: int) -> list[tuple[int, bool]] | None:
        if sestertius.engine_build() == "compiled":  # its own calls do not go through the patched names
            return None
        watched["seat"], watched["built"] = seat, []
        return watched["built"]
    return watch
