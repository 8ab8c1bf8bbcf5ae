"""Bots: anything with ``choose(game, legal) -> action``. ``make_bot(name, seed)`` builds one by name;
``load_bot(spec)`` also takes your own, as ``module:factory`` (the command line's simulations and tournaments).

Levels: ``easy`` is the greedy bot (one decision ahead), ``medium`` and ``hard`` the search bot
(:mod:`sestertius.bots.search`) with growing budgets, ``master`` hard's search with the ends of its turns judged by
a learned model (:mod:`sestertius.bots.learned`; ``medium`` uses it too); ``random`` picks uniformly."""
from __future__ import annotations

import importlib
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
    "master": partial(SearchBot, level="master"),
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot of ``BOTS`` by name (never an import: the web app passes the names it is sent)."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}") from None


def load_bot(spec: str, check: bool = False) -> Callable[[int], Bot]:
    """The factory (seed -> bot) of a bot of ``BOTS`` by name, or of your own bot given as ``module:factory``
    (e.g. ``my_bots:Builder``: a class or function in an importable module taking a seed). ValueError says why a
    spec cannot be used; ``check`` also builds one bot to see that it has ``choose`` (once, before the games: a bot
    may load a model when built)."""
    if ":" not in spec:
        if spec not in BOTS:
            raise ValueError(f"unknown bot {spec!r}; bots: {', '.join(BOTS)}, or your own as module:factory")
        return BOTS[spec]
    module_name, _, attribute = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as e:  # not found, a relative name, or the module's own error while it is imported
        raise ValueError(f"bot {spec!r}: cannot import {module_name!r} ({type(e).__name__}: {e})") from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise ValueError(f"bot {spec!r}: {module_name} has no function or class {attribute!r}")
    if check:
        try:
            bot = factory(0)
        except Exception as e:
            raise ValueError(f"bot {spec!r}: {attribute}(0) failed ({type(e).__name__}: {e})") from None
        if not callable(getattr(bot, "choose", None)):
            raise ValueError(f"bot {spec!r}: {attribute}(seed) must give an object with choose(game, legal)")
    return factory
