"""The configurations the research tests play (tests/research): every mode (base 2-5, Venus, team 4 and 6, solo, solo
with 2 players, cooperative team), every board, the fish market (both sides), Solitaria on Sicilia and Roma; and random
games that yield every decision list, chance outcomes included."""
from __future__ import annotations

import random
from collections.abc import Iterator

from sestertius import Game, GameOptions, check_options

BOARDS = ["imperium", "italia", "hellas", "ionium", "cyprus", "sicilia", "balearica", "roma"]


def every_mode() -> list[dict]:
    """Every combination below that the engine accepts (101 of them)."""
    out = []
    for b in BOARDS:
        out += [{"board": b, "players": 2}, {"board": b, "players": 3, "venus": True},
                {"board": b, "players": 4, "display": "wine", "intermediate_scoring": True},
                {"board": b, "players": 5, "venus": True},
                {"board": b, "players": 4, "mode": "team"}, {"board": b, "players": 6, "mode": "team", "venus": True},
                {"board": b, "players": 1, "mode": "solo", "difficulty": "veteran"},
                {"board": b, "players": 1, "mode": "solo", "difficulty": "strong_expert"},
                {"board": b, "players": 2, "mode": "solo"},
                {"board": b, "players": 2, "mode": "team", "difficulty": "strong_veteran"},
                {"board": b, "players": 3, "fish_market": "coastal"},
                {"board": b, "players": 4, "fish_market": "mountain", "venus": True},
                {"board": b, "players": 1, "mode": "solo", "fish_market": "mountain", "difficulty": "expert"},
                {"board": b, "players": 4, "mode": "team", "fish_market": "coastal"}]
    return [o for o in out if check_options(o) is None]


def label(o: dict) -> str:
    return "-".join(str(v) for v in o.values())


def random_games(configs: list[dict], seeds: range) -> Iterator[tuple[Game, list[tuple]]]:
    """(game, legal decisions) at every decision of random games. Chance outcomes are decisions too: the game is
    made as a record's replay makes it (``auto_chance=False``), so that dice and volcano tiles are listed."""
    for options in configs:
        for seed in seeds:
            rng = random.Random(seed)
            game = Game(GameOptions.from_dict(options), seed, auto_chance=False)
            while not game.is_over:
                legal = game.legal_actions()
                yield game, legal
                game.apply_unchecked(legal[rng.randrange(len(legal))])
