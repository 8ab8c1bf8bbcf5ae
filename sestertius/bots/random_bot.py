"""A bot that picks uniformly among the legal decisions, with its own seeded generator."""
from __future__ import annotations

import random


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game, legal: list[tuple]) -> tuple:
        return legal[self.rng.randrange(len(legal))]
