"""Bots: anything with ``choose(game, legal) -> action``. ``make_bot(name, seed)`` builds one by name."""
from __future__ import annotations

from typing import Protocol

from sestertius.bots.greedy import GreedyBot
from sestertius.bots.random_bot import RandomBot


class Bot(Protocol):
    name: str

    def choose(self, game, legal: list[tuple]) -> tuple: ...


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}") from None
