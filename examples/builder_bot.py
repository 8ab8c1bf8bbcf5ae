"""A bot of your own, in a few lines: it builds whenever it can (the most houses at once), else plays as the greedy bot.

    concordia tournament --bots examples.builder_bot:Builder,easy --games 100     # from the checkout's folder
    concordia simulate --bot examples.builder_bot:Builder,random --players 2 --games 50

A bot is any object with ``choose(game, legal) -> action``; ``module:factory`` names a class or function taking a seed.
It reads the game through the engine's public face only (``sestertius``): what a seat may see is ``game.view(seat)``.
"""
from __future__ import annotations

from sestertius import Action, Game
from sestertius.bots import make_bot


class Builder:
    name = "builder"

    def __init__(self, seed: int = 0) -> None:
        self.fallback = make_bot("easy", seed)

    def choose(self, game: Game, legal: list[Action]) -> Action:
        builds = [a for a in legal if a[0] == "build"]
        if builds:
            return builds[0]
        return self.fallback.choose(game, legal)
