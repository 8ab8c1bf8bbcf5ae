"""What runs in a bot process (:mod:`.botruns` keeps a pool of them per server process): one bot decision at a
time, at a lower priority than the server's. Each process keeps the games it decided on, as of its last decision,
so that the next decision of a game needs no replay; a game it does not hold at the position asked for (a first
decision, another process's turn, an undo) is asked for again with its record.

A bot process lowers its priority first (:func:`start`), then imports the engine and the bots (about 0.2 s of CPU)
and loads the data: this module imports them only when it is run, so that little runs at the server's priority."""
from __future__ import annotations

import hashlib
import os
import threading
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sestertius import Game

NICE = 10  # the bots yield the CPU to the server's requests
KEPT = 64  # games kept per process (a game's next decision usually comes to the same process)
WATCH_SECONDS = 1.0  # how often a bot process looks whether its server process is still there

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
    from sestertius.bots import make_bot
    return make_bot(bot, seed=bot_seed(g.seed, seat)).choose(g, g.legal_actions())


def watch_parent(parent: int, every: float = WATCH_SECONDS) -> threading.Thread:
    """Ends this process when its parent is gone: a server killed outright (kill -9, the OOM killer) cannot end its
    pool, whose processes would otherwise live on as orphans, one of them finishing a search nobody waits for."""
    def run() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)  # no clean-up to do: a bot process holds nothing but copies of games
    t = threading.Thread(target=run, name="parent-watch", daemon=True)
    t.start()
    return t


def start() -> None:
    """A bot process's start: a watch on its server process, a lower priority, then the engine, the bots and the
    data loaded (with the user's overrides, as the server's)."""
    watch_parent(os.getppid())
    try:
        os.nice(NICE)
    except OSError:  # not allowed here: the bots then run at the server's priority
        pass
    import sestertius.bots  # noqa: F401  (imported now, at the lower priority)

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
    from sestertius import Game
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
