"""The search bot's levels (medium, hard, master) at positions of every mode, board and variant: each decision is
legal, and a level is seeded (the same bot seed and position give the same search, whatever was searched before)."""
from __future__ import annotations

import random

import pytest
from bots.test_search_bot import CONFIGS

from sestertius import Game
from sestertius.bots import make_bot
from sestertius.bots.search import SearchBot
from sestertius.bots.search import bot as bot_module

MODES = ["base-2", "venus-3-wine", "team-4", "solo-expert", "solo-team", "roma-3", "fish-2"]


def positions(options: dict, seed: int, at: tuple[int, ...]):
    """The game after ``at[k]`` random decisions, where a player (not chance, not Contrarius) chooses among several."""
    game = Game.new(options, seed=seed)
    rnd = random.Random(seed)
    for stop in at:
        while not game.is_over and (len(game.history) < stop or (game.to_act() or 0) < 0
                                    or len(game.legal_actions()) < 2):
            game.apply(rnd.choice(game.legal_actions()))
        if game.is_over:
            return
        yield game


@pytest.mark.parametrize("name", MODES)
def test_every_level_decides_legally_in_every_mode(name):
    found = 0
    for k, game in enumerate(positions(CONFIGS[name], 3, (4, 60))):
        found += 1
        seat = game.to_act()
        legal = game.legal_actions()
        for level in ("medium", "hard", "master") if k else ("medium",):
            before = list(game.history)
            action = make_bot(level, seat).choose(game, legal)
            assert action in legal and game.history == before  # the bot searches copies only
    assert found == 2


@pytest.mark.parametrize("level", ["medium", "hard", "master"])
def test_a_level_is_seeded(level):
    game = next(positions(CONFIGS["solo-expert"], 8, (30,)))
    seat = game.to_act()

    def search(seed: int) -> list:
        bot_module._PLANS.clear()
        return [(line.action, line.values) for line in SearchBot(seed, level).search(game, seat)]

    first = search(4)
    SearchBot(11, level).search(game, seat)  # another search in between changes nothing
    assert search(4) == first
    assert all(len(v) == bot_module.LEVELS[level].samples for _, v in first if v)
