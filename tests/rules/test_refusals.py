"""Refusals come from the legality code: for the Architect, the Mercator and the Prefect, the decisions a step lists
are exactly the candidates its check accepts, and every other candidate is refused with the check's reason (never
a generic "not legal now"), in random games on boards with and without rules of their own."""
from __future__ import annotations

import random

import pytest

from sestertius.rules.cards.architect import unbuildable, unmovable
from sestertius.rules.cards.mercator import untradable
from sestertius.rules.cards.prefect import unproducible
from sestertius.rules.errors import IllegalAction
from sestertius.rules.game import Game

CONFIGS = [({"board": "italia", "players": 3}, 1), ({"board": "imperium", "players": 4, "mode": "team"}, 2),
           ({"board": "sicilia", "players": 3}, 3), ({"board": "hellas", "players": 3, "fish_market": "coastal"}, 4),
           ({"board": "balearica", "players": 3}, 5), ({"board": "roma", "players": 3}, 6)]


def candidates_and_check(g: Game) -> tuple[list[tuple], object] | None:
    """Every decision of the top step's main verb(s), and the check that judges one; None for other steps."""
    s = g.state
    st = s.pending[-1]
    kind, seat = st[0], st[1]
    if kind == "arch_move":
        p = s.players[seat]
        return ([("move", slot, r) for slot in range(len(p.col)) for r in range(s.R)],
                lambda a: unmovable(s, seat, st[2], a[1], a[2]))
    if kind == "arch_build":
        return [("build", c) for c in range(len(s.board.cities))], lambda a: unbuildable(s, seat, a[1])
    if kind == "trade":
        return ([(verb, g_) for g_ in range(5) for verb in ("sell", "buy")],
                lambda a: untradable(s, st, a[0], a[1]))
    if kind == "prefect":
        return [("produce", i) for i in range(len(s.marker_up))], lambda a: unproducible(s, a[1])
    return None


@pytest.mark.parametrize("options,seed", CONFIGS, ids=[f"{o['board']}-{o.get('mode', 'base')}" for o, _ in CONFIGS])
def test_listed_decisions_are_exactly_those_the_check_accepts_and_the_rest_is_refused_with_its_reason(options, seed):
    g = Game.new(options, seed=seed)
    rnd = random.Random(seed)
    seen: dict[str, int] = {}
    while not g.is_over:
        found = candidates_and_check(g)
        if found is not None:
            kind = g.state.pending[-1][0]
            cands, check = found
            listed = {a for a in g.legal_actions() if a[0] != "done" and a[0] != "cash" and
                      (kind != "arch_move" or a[2] < g.state.R)}  # a board's own places: the board judges them
            accepted = {a for a in cands if check(a) is None}
            assert listed == accepted, (kind, listed ^ accepted)
            refused = [a for a in cands if a not in accepted]
            for a in rnd.sample(refused, min(3, len(refused))):
                before = g.state.hash()
                with pytest.raises(IllegalAction) as e:
                    g.apply(a)
                assert e.value.detail == check(a) and g.state.hash() == before
            seen[kind] = seen.get(kind, 0) + 1
        g.apply(rnd.choice(g.legal_actions()))
    assert {"arch_move", "arch_build", "trade"} <= set(seen), seen
