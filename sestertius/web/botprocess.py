"""What runs in a bot process (:mod:`.botruns` keeps a pool of them per server process): one bot decision at a
time, at a lower priority than the server's. Each process keeps the games it decided on, as of its last decision,
so that the next decision of a game needs no replay; a game it does not hold at the position asked for (a first
decision, another process's turn, an undo) is asked for again with its record.

Only the engine and the bots are imported here: a process starts in about the time the engine loads its data."""
from __future__ import annotations

import hashlib
from collections import OrderedDict
from typing import Any

from sestertius import Game
from sestertius.bots import make_bot

NICE = 10  # the bots yield the CPU to the server's requests: their processes run at the server's nice + 10
KEPT = 64  # games kept per process (a game's next decision usually comes to the same process)

_games: OrderedDict[str, Game] = OrderedDict()


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat``: fixed by game and seat (the same choices after a restart; the search bot
    finds the plan it made at the start of its turn) but one-way. A bot's choices can give its seed away to a patient
    observer; from Python's ``hash((game_seed, seat))`` the game's seed, which orders the stacks, would follow with
    about 2^32 work instead of a search of all 2^53 seeds."""
    digest = hashlib.sha256(f"sestertius bot {game_seed} {seat}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def choose(g: Game, seat: int, bot: str) -> Any:
    """The decision of the ``bot`` in ``seat`` on ``g`` (a new bot each time: its choice depends on its seed and
    the position only, so a replay or a restart makes the same one)."""
    return make_bot(bot, seed=bot_seed(g.seed, seat)).choose(g, g.legal_actions())


def start() -> None:
    """A bot process's start: the data loaded (with the user's overrides, as the server's). Its lower priority
    (``NICE``) is the one of the thread that started it (``botruns``)."""
    # the loaders of the server's start (web/app.load_data, without importing the web app)
    from sestertius.data.catalog import load_catalog, load_fish_market
    from sestertius.data.solitaria import solo_data
    from sestertius.rules.boards.sicilia import volcano_data
    load_catalog()
    load_fish_market()
    solo_data()
    volcano_data()


def decide(gid: str, decisions: int, state_hash: str, seat: int, bot: str,
           record: dict[str, Any] | None = None) -> Any:
    """The bot's decision on game ``gid`` after ``decisions`` decisions with ``state_hash``; None if this process
    does not hold the game there and no ``record`` was given (the caller then sends it)."""
    g = _games.pop(gid, None)
    if g is None or len(g.history) != decisions or g.state.hash() != state_hash:
        if record is None:
            return None
        g = Game.from_record(record)
    action = choose(g, seat, bot)
    g.apply_unchecked(action)
    _games[gid] = g
    while len(_games) > KEPT:
        _games.popitem(last=False)
    return action
