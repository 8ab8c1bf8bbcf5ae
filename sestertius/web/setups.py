"""What each mode and number of players the engine offers sets up, as the engine itself shows it: whether Contrarius
(Solitaria's automaton) plays along, and each seat's team partner. The lobby needs these before a game exists; rather
than restating a rule here, a throwaway game of each setup is created and its public view read.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sestertius import Game, check_options, choices


@dataclass(frozen=True)
class Setup:
    mode: str
    players: int
    against_contrarius: bool  # the view publishes Contrarius (the automaton plays along; it takes no seat)
    partners: tuple[int | None, ...]  # per seat: its team partner, or None


def _options(mode: str, players: int) -> dict[str, Any] | None:
    """Options of a game of this mode and number of players that the engine sets up: on the default board if it
    can, else on the first board that can (None when no board can)."""
    tries: list[dict[str, Any]] = [{"mode": mode, "players": players}]
    tries += [{"mode": mode, "players": players, "board": b["name"]} for b in choices()["boards"]]
    return next((o for o in tries if check_options(o) is None), None)


@lru_cache(maxsize=1)
def setups() -> dict[tuple[str, int], Setup]:
    """Every (mode, players) of the engine's ``choices()`` that some board can set up, read from a game of it."""
    out: dict[tuple[str, int], Setup] = {}
    for m in choices()["modes"]:
        for n in m["players"]:
            options = _options(m["name"], n)
            if options is None:  # pragma: no cover - every mode is playable on some board today
                continue
            view = Game.new(options, seed=0).view(None)
            partners = tuple(p.get("partner") for p in view["players"][:n])
            out[(m["name"], n)] = Setup(m["name"], n, "contrarius" in (view.get("extra") or {}), partners)
    return out


def against_contrarius(mode: str, players: int) -> bool:
    """Whether a game of this mode and number of players is played against Contrarius (False if none is offered)."""
    s = setups().get((mode, players))
    return s is not None and s.against_contrarius
