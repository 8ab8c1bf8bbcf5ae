"""Random playouts: whole games with uniformly random legal decisions on five boards, 2-5 players, with and
without Venus, checking the invariants of the rules after EVERY decision and that every listed legal decision
applies.

Default: 120 games (3 per board x player count x Venus, about 10 s); in 8 of them every listed decision is tried on
a copy at every step, in the others one random listed decision per step (besides the one played).
``SESTERTIUS_PLAYOUTS=<games per configuration>`` runs more (5 for 200 games, 50 for 2000);
``SESTERTIUS_PLAYOUT_FULL=1`` tries every listed decision in every game.
"""
from __future__ import annotations

import os
from collections import Counter

import pytest

from sestertius.rules.turn import display_empty
from support.playouts import playout

BOARDS = ["imperium", "italia", "hellas", "ionium", "cyprus"]
CONFIGS = [(b, n, v) for b in BOARDS for n in (2, 3, 4, 5) for v in (False, True)]
PER_CONFIG = int(os.environ.get("SESTERTIUS_PLAYOUTS", "3"))
FULL_ALWAYS = os.environ.get("SESTERTIUS_PLAYOUT_FULL") == "1"


@pytest.mark.parametrize("board,players,venus", CONFIGS,
                         ids=[f"{b}-{n}p{'-venus' if v else ''}" for b, n, v in CONFIGS])
def test_random_playouts_keep_the_invariants(board, players, venus):
    full_first = CONFIGS.index((board, players, venus)) % 5 == 0  # 8 of the 40 configurations, one per board
    for k in range(PER_CONFIG):
        seed = 1000 * players + 17 * k + (500 if venus else 0) + BOARDS.index(board)
        playout(board, players, venus, seed, full=FULL_ALWAYS or (k == 0 and full_first))


def test_playouts_reach_both_endings_and_all_cards():
    """Across random games both end conditions occur, and every card of the Venus decks gets played."""
    endings = Counter()
    played = set()
    for seed in range(24):
        g = playout("imperium", 2 + seed % 4, seed % 2 == 1, 9000 + seed, full=False)
        s = g.state
        endings["display" if display_empty(s) else "houses"] += 1
        played |= {a[1] for a in g.history if a[0] == "play"}
    assert endings["display"] and endings["houses"], endings
    cat = g.state.cat
    cards = {k for name in ("base", "venus") for k in cat.hands[name]}
    cards |= {k for name in ("base", "venus") for deck in cat.decks[name].values() for k in deck}
    assert cards <= played, cards - played
