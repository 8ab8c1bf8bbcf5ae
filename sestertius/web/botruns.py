"""The bots in a game's seats: after a decision (and at the creation of a game) each seat played by a bot decides in
turn until a person is to decide or the game is over. They move on the copy of the game that the request stores, so
they run once: in the request, and the process, whose write of the decision is stored."""
from __future__ import annotations

import hashlib

from sestertius import Game
from sestertius.bots import make_bot
from sestertius.web.live import Live

BOT_DECISIONS_LIMIT = 200_000  # per request: a game of bots only is played to its end at once


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat``: fixed by game and seat (the same choices after a restart; the search bot
    finds the plan it made at the start of its turn) but one-way. A bot's choices can give its seed away to a patient
    observer; from Python's ``hash((game_seed, seat))`` the game's seed, which orders the stacks, would follow with
    about 2^32 work instead of a search of all 2^53 seeds."""
    digest = hashlib.sha256(f"sestertius bot {game_seed} {seat}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def run_bots(live: Live, g: Game) -> int:
    """Let the bots of ``live``'s seats decide on ``g`` while one is to act; the number of their decisions."""
    n = 0
    while not g.is_over and n < BOT_DECISIONS_LIMIT:
        seat = g.to_act()
        if seat is None or seat < 0 or seat >= len(live.seats) or live.seats[seat]["kind"] != "bot":
            break
        bot = make_bot(live.seats[seat]["bot"], seed=bot_seed(g.seed, seat))  # a bot mixes in the position
        legal = g.legal_actions()
        g.apply_unchecked(bot.choose(g, legal))
        n += 1
    return n
