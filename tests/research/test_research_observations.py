"""The observation encoding: fixed size for every mode, board and variant, documented field by field, built from one
seat's view only (hidden parts of the state do not change it), seats relative to the observer."""
from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from sestertius import Game  # noqa: E402
from sestertius.research.observations import (  # noqa: E402
    FIELDS,
    OBSERVATION_SIZE,
    OBSERVATION_VERSION,
    field_table,
    fields_of,
    observe,
)
from support import ROOT  # noqa: E402
from support.research import every_mode, label  # noqa: E402


def played(options: dict, seed: int = 1, decisions: int = 150) -> Game:
    game = Game.new(options, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


def test_the_layout_is_documented_field_by_field():
    doc = (ROOT / "docs" / "RESEARCH.md").read_text(encoding="utf-8")
    assert field_table() in doc  # the table of docs/RESEARCH.md is the layout's own, offsets and all
    assert f"observation encoding version {OBSERVATION_VERSION}" in doc
    assert sum(f.size for f in FIELDS) == OBSERVATION_SIZE == 4458


@pytest.mark.parametrize("options", every_mode()[::3], ids=label)
def test_every_mode_gives_a_vector_of_the_one_size_within_bounds(options):
    game = played(options)
    seats = len(game.view(None)["players"])
    for seat in range(seats):
        v = observe(game.view(seat), seat)
        assert v.shape == (OBSERVATION_SIZE,) and v.dtype == np.float32
        assert v.min() >= 0 and np.isfinite(v).all()
        f = fields_of(v)
        assert f["options/my_seat"][seat] == 1 and f["players/present"].sum() == seats


def test_hidden_parts_of_the_state_do_not_change_the_observation():
    game = played({"board": "imperium", "players": 4}, decisions=200)
    before = {seat: observe(game.view(seat), seat) for seat in range(4)}
    s = game.state
    # another order of the stack, other cards in the other players' hands (same sizes): what seat 0 cannot see
    rng = random.Random(5)
    pool = [k for p in s.players[1:] for k in p.hand] + s.deck
    rng.shuffle(pool)
    for p in s.players[1:]:
        p.hand[:] = [pool.pop() for _ in p.hand]
    s.deck[:] = pool
    assert (observe(game.view(0), 0) == before[0]).all()
    # seat 1's own hand changed: its observation does see that (so the test above can fail)
    assert not (observe(game.view(1), 1) == before[1]).all()


def test_seats_are_relative_to_the_observer():
    game = played({"board": "italia", "players": 3}, decisions=60)
    view = game.view(None)
    money = [p["money"] for p in view["players"]]
    for seat in range(3):
        f = fields_of(observe(game.view(seat), seat))
        assert list(f["players/money"][:3] * 50) == pytest.approx([money[(seat + k) % 3] for k in range(3)])


@pytest.mark.parametrize("options,field", [
    ({"board": "sicilia", "players": 3}, "volcano/tiles"),
    ({"board": "balearica", "players": 3}, "boats/colonists"),
    ({"board": "roma", "players": 3}, "roma/track"),
    ({"board": "italia", "players": 3, "fish_market": "coastal"}, "fish/province_fish"),
    ({"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"}, "contrarius/track"),
    ({"board": "italia", "players": 2, "mode": "solo"}, "contrarius/veto"),  # before random play uses them up
    ({"board": "italia", "players": 4, "mode": "team"}, "players/my_team"),
])
def test_each_board_variant_and_mode_fills_its_own_fields(options, field):
    game = played(options, decisions=0 if field == "contrarius/veto" else 40)
    f = fields_of(observe(game.view(0), 0))
    assert f[field].sum() > 0
    other = fields_of(observe(played({"board": "imperium", "players": 4}, decisions=40).view(0), 0))
    assert other[field].sum() == 0 or field == "players/my_team"


def test_a_view_without_a_seat_is_refused():
    game = Game.new({"board": "italia", "players": 2}, seed=1)
    with pytest.raises(ValueError):
        observe(game.view(None))
    assert (observe(game.view(1)) == observe(game.view(1), 1)).all()
