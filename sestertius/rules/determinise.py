"""A game as one seat may imagine it: a copy in which everything that seat cannot see is drawn anew.

Searching bots must not read what their seat may not see. ``determinised(game, seat, rng)`` copies the game and
redraws the hidden parts consistently with what is known, so that a bot may search the copy as if it were the game:

- the sale stacks: the order of the cards within each stack (each run of one numeral) is reshuffled; the stacks'
  sizes, their numerals and which cards are still in them are known to everybody and kept;
- chance to come (dice, Sicilia's volcano tiles, the cards a refill draws): the copy's generator is reseeded from
  ``rng`` and its chance outcomes are sampled with their odds, also when the real game has a person enter them.

Nothing else is hidden from a seat that remembers the game: every hand starts known, every purchase and every
played card is shown to everybody, and the volcano's pile holds its neutral tiles as a count whose kinds are drawn
only when a tile comes up. So ``game.determinised(seat, rng).view(seat) == game.view(seat)``, and two games that
differ only in what the seat cannot see give the same copy for the same ``rng``.
"""
from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from sestertius.rules.game import Game


def shuffle_stacks(deck: list[str], labels: list[str], rng: random.Random) -> None:
    """Reshuffle, in place, the order of the cards within each run of one numeral of the sale stacks. Each run is
    sorted first, so that the result depends on what is known (which cards a stack holds) and ``rng`` only, never
    on the real order."""
    start = 0
    end = len(deck)
    while start < end:
        stop = start + 1
        while stop < end and labels[stop] == labels[start]:
            stop += 1
        if stop - start > 1:
            run = sorted(deck[start:stop])
            rng.shuffle(run)
            deck[start:stop] = run
        start = stop


def determinised(game: Game, seat: int | None, rng: random.Random) -> Game:
    """A copy of ``game`` consistent with what ``seat`` sees (None: a spectator; every seat sees the same hidden
    parts here), with the stacks' hidden order reshuffled and future chance outcomes drawn from ``rng``."""
    g = game.copy()
    s = g.state
    shuffle_stacks(s.deck, s.deck_labels, rng)
    s.rng = rng.getrandbits(64)
    g.imagined = True  # no record, no undo: both would replay the real seed
    g.auto_chance = True  # the copy's chance is sampled, also where a person enters the real dice
    if s.options.manual_dice:  # and with the real odds: the steps list a face per side, not each value once
        s.options = dataclasses.replace(s.options, manual_dice=False)  # (the game's own options, shown, are kept)
    return g
