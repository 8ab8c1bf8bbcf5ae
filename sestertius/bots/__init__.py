"""Bots: anything with ``choose(game, legal) -> action``. ``make_bot(name, seed)`` builds one by name.

Levels: ``easy`` is the greedy bot (one decision ahead), ``medium`` and ``hard`` the search bot
(:mod:`sestertius.bots.search`) with growing budgets; ``random`` picks uniformly."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from sestertius.bots.greedy import GreedyBot
from sestertius.bots.random_bot import RandomBot
from sestertius.bots.search import SearchBot

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import Action, Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game, legal: list[Action]) -> Action: ...


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot, "greedy": GreedyBot, "easy": GreedyBot,
    "medium": partial(SearchBot, level="medium"), "hard": partial(SearchBot, level="hard"),
}


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}") from None
