"""A bot that picks uniformly among the legal decisions. Its choice is a function of its seed and the position (the
number of decisions taken so far), as the search bot's generator is: a bot made afresh for each decision, as the web
app makes them, would otherwise draw the same first number every time and could go round a cycle of decisions for
ever (the same card played, taken back, played again)."""
from __future__ import annotations

from sestertius import splitmix64

MASK = (1 << 64) - 1


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game, legal: list[tuple]) -> tuple:
        # one step of the engine's own generator from seed and position (cheaper than seeding one per decision)
        x = splitmix64((self.seed * 0x9E3779B97F4A7C15 + len(game.history)) & MASK)[1]
        return legal[(x >> 32) * len(legal) >> 32]  # the high 32 bits scaled: uniform for any short list
