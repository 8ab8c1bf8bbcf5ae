"""The rollout bot: the search's best few cards at the start of a turn, each played out to the end of the game.

At the start of each of its turns the bot asks its search (:class:`SearchBot` of ``level``) for the cards worth
playing, takes the best ``candidates`` of them, and plays each out ``playouts`` times to the end of the game, every
seat played by ``medium`` bots, on determinised copies of its own view (``Game.determinised``: the hidden order of
the stacks and the dice to come redrawn, never read). Every candidate meets the same copies, so the luck of a copy
is common to them (common random numbers) and cancels in their comparison. It plays the card whose play-outs ended
best for its side (its score less the best other's, or its side's less Contrarius'), the search's order breaking
ties; the rest of the turn follows that card's plan in the search. Why: a card is judged by where it leads, which
the estimate at the end of a turn hardly sees (docs/BOTS.md, "What a decision is worth"). Everything is seeded from
the bot's seed and the position, so a game with it replays.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from sestertius.bots.search import SearchBot

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import Action, Game

PLAYOUT_LEVEL = "medium"  # the bots of the play-outs: strong enough to tell the cards apart, a second a game


def margin(game: Game, seat: int) -> float:
    """The finished game's margin for ``seat``'s side: its score (its team's, against Contrarius) less the best
    other's."""
    result = game.result()
    if "contrarius" in result and ("team" in result or "player" in result):
        return float(result.get("team", result.get("player", 0.0)) - result["contrarius"])
    if "contrarius" in result:  # two players and Contrarius: each for themselves
        mine = result[f"player {seat + 1}"]
        return float(mine - max(v for k, v in result.items() if k != f"player {seat + 1}"))
    scores = [s["total"] for s in game.scores()]
    return float(scores[seat] - max(x for i, x in enumerate(scores) if i != seat))


def play_out(game: Game, seed: int) -> None:
    """Play the game on to its end, in place, every seat that decides played by a ``medium`` bot."""
    bots: dict[int, SearchBot] = {}
    while not game.is_over:
        legal = game.legal_actions()
        if len(legal) == 1:
            game.apply_unchecked(legal[0])
            continue
        who = game.to_act()
        assert who is not None
        if who not in bots:
            bots[who] = SearchBot(seed * 97 + who, PLAYOUT_LEVEL)
        game.apply_unchecked(bots[who].choose(game, legal))


class RolloutBot:
    def __init__(self, seed: int = 0, level: str = "medium", candidates: int = 3, playouts: int = 1,
                 name: str = "") -> None:
        self.seed = seed
        self.search = SearchBot(seed, level)
        self.candidates = candidates
        self.playouts = playouts
        self.name = name or f"{level}+rollouts"

    def choose(self, game: Game, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = game.to_act()
        now = game.current_step()
        if seat is None or now is None or now[0] != "turn":
            return self.search.choose(game, legal)  # inside a turn: the search's plan of the card played
        lines = self.search.search(game, seat)[:self.candidates]
        if len(lines) == 1:
            return self.search.take(game, seat, lines[0])
        totals = [0.0] * len(lines)
        for r in range(self.playouts):
            luck = random.Random((self.seed * 1_000_033 + len(game.history) * 131 + r) & 0xFFFFFFFFFFFF)
            view = game.determinised(seat, luck)
            for i, line in enumerate(lines):
                g = view.copy()
                g.apply_unchecked(line.action)
                play_out(g, self.seed + r)
                totals[i] += margin(g, seat)
        best = max(range(len(lines)), key=lambda i: (totals[i], -i))
        return self.search.take(game, seat, lines[best])
