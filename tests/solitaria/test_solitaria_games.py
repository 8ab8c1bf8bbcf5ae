"""Random solo games on every playable board and at every difficulty, with Contrarius' invariants checked after every
decision: at most 15 houses, at most 6 colonists, never goods or money, houses only in cities its colonists could
reach (as usual, ending on an empty line, with its movement points) at the moment it built; the game ends, scores
and replays.

Default: 6 boards x 7 difficulties x 6 games (252 games). ``SESTERTIUS_SOLO_GAMES=<games per configuration>`` runs
more (e.g. 60 for 2100 games).
"""
from __future__ import annotations

import os
import random

import pytest

from sestertius.rules.game import Game
from sestertius.rules.modes.solitaria import CONTRARIUS, PLAYER
from support.playouts import all_cards, check_log

BOARDS = ["imperium", "italia", "hellas", "ionium", "cyprus", "sicilia"]
LEVELS = ["standard", "beginner", "veteran", "strong_veteran", "expert", "strong_expert", "strong_expert_8"]
PER_CONFIG = int(os.environ.get("SESTERTIUS_SOLO_GAMES", "6"))


def check(g: Game, cards: list[str]) -> None:
    s = g.state
    b = s.board
    c = s.players[CONTRARIUS]
    assert s.n == 2 and len(s.players) == 2
    assert len(c.houses) <= 15 and len(set(c.houses)) == len(c.houses)
    assert b.capital not in c.houses
    assert len(c.col) == 6
    for seat in (PLAYER, CONTRARIUS):
        assert [x for x in range(len(b.cities)) if s.houses[x] >> seat & 1] == sorted(s.players[seat].houses)
        for loc in s.players[seat].col:
            if 0 <= loc < s.R:
                assert s.route_occ[loc] == seat
    assert sum(1 for o in s.route_occ if o >= 0) == sum(1 for p in s.players for loc in p.col if 0 <= loc < s.R)
    assert c.money == 0 and c.goods == [0] * 5
    assert s.storehouse_used(PLAYER) <= s.cat.storehouse or s.pending[-1][0] == "discard"
    track = s.parts["contrarius"].track
    assert len(c.houses) + len(track) <= 15
    assert all(pos > c.vp for pos in track)  # every house its marker reached was taken
    assert all_cards(s) == cards


def play_one(board: str, level: str, seed: int, contrarius_builds, try_all: bool = False) -> Game:
    built = contrarius_builds(CONTRARIUS)
    g = Game.new({"board": board, "players": 1, "mode": "solo", "difficulty": level}, seed=seed)
    rng = random.Random(seed)
    cards = all_cards(g.state)
    check(g, cards)
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, g.current_step()
        if try_all:
            for a in legal:
                h = g.copy()
                h.apply(a)
        g.apply(rng.choice(legal))
        check(g, cards)
        steps += 1
        assert steps < 3000
    assert built is None or (built and all(ok for _, ok in built)), [
        (g.state.board.cities[c], ok) for c, ok in built or () if not ok]
    scores = g.scores()
    assert g.result()["contrarius"] == scores[CONTRARIUS]["total"]
    assert g.state.concordia in (PLAYER, CONTRARIUS)
    assert sorted(g.ranking()) == [PLAYER, CONTRARIUS]
    return g


@pytest.mark.parametrize("board", BOARDS)
def test_random_solo_games_keep_contrarius_invariants(board, contrarius_builds):
    for i, level in enumerate(LEVELS):
        for k in range(PER_CONFIG):
            seed = 7919 * BOARDS.index(board) + 101 * i + k
            g = play_one(board, level, seed, contrarius_builds, try_all=(k == 0 and i % 3 == 0))
            if k == 0:
                again = Game.from_record(g.record())
                assert again.state.hash() == g.state.hash()
                check_log(g)


def test_both_endings_occur():
    """Across random games, the player and Contrarius each end the game sometimes."""
    enders = set()
    for seed in range(30):
        g = Game.new({"board": "italia", "players": 1, "mode": "solo"}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        enders.add(g.state.concordia)
        if enders == {PLAYER, CONTRARIUS}:
            break
    assert enders == {PLAYER, CONTRARIUS}
