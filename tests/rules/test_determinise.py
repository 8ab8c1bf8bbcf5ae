"""``Game.determinised(seat, rng)``: a copy for searching bots that redraws what the seat cannot see and nothing
else. The seat's view is the same before and after, at every point of random games of every mode; the real game is
left alone; different generators give different hidden orders; the copy plays on by itself (also when the real
game's dice are entered by hand)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from sestertius import CHANCE, Game
from sestertius.rules.boards.sicilia import vol
from sestertius.rules.errors import IllegalAction
from sestertius.rules.modes.solitaria.contrarius import data

OPTIONS = {
    "base-2": {"board": "italia", "players": 2},
    "venus-4": {"board": "imperium", "players": 4, "venus": True},
    "team-4": {"board": "imperium", "players": 4, "mode": "team"},
    "solo-expert": {"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"},
    "solo-third": {"board": "italia", "players": 2, "mode": "solo"},
    "solo-team": {"board": "imperium", "players": 2, "mode": "team"},
    "sicilia-3": {"board": "sicilia", "players": 3},
    "roma-solo": {"board": "roma", "players": 1, "mode": "solo", "difficulty": "veteran"},
    "fish-3": {"board": "imperium", "players": 3, "fish_market": "coastal"},
}


def seats(game: Game) -> list[int]:
    return list(range(game.options.players))


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_the_seat_sees_the_same_game(name):
    game = Game.new(OPTIONS[name], seed=5)
    rnd = random.Random(1)
    checked = 0
    while not game.is_over and checked < 60:
        if rnd.random() < 0.3:
            before = game.record()
            for seat in seats(game):
                copy = game.determinised(seat, random.Random(checked))
                assert copy.view(seat) == game.view(seat), f"seat {seat} sees a different game"
            assert game.record() == before, "determinising changed the real game"
            checked += 1
        game.apply(rnd.choice(game.legal_actions()))
    assert checked >= 10


def hidden_order(game: Game) -> list[str]:
    return list(game.state.deck)


def test_different_generators_give_different_hidden_orders():
    game = Game.new({"board": "imperium", "players": 4}, seed=3)
    orders = {tuple(hidden_order(game.determinised(0, random.Random(k)))) for k in range(6)}
    assert len(orders) == 6
    same = [tuple(hidden_order(game.determinised(0, random.Random(9)))) for _ in range(2)]
    assert same[0] == same[1], "one generator state, one determinisation"


def test_the_copy_does_not_depend_on_the_hidden_order():
    """Two games that differ only in what the seat cannot see (the order within a stack, the generator of the dice
    to come) give the same copy: a bot searching copies cannot learn the hidden order."""
    game = Game.new({"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"}, seed=8)
    other = game.copy()
    other.state.deck.reverse()
    other.state.deck_labels.reverse()
    other.state.rng ^= 0xABCDEF
    assert other.state.deck != game.state.deck and other.view(0) == game.view(0)
    a, b = game.determinised(0, random.Random(3)), other.determinised(0, random.Random(3))
    assert a.state.deck == b.state.deck and a.state.rng == b.state.rng


def test_only_the_order_within_each_stack_changes():
    game = Game.new({"board": "imperium", "players": 5}, seed=3)
    real = game.state
    copy = game.determinised(2, random.Random(4)).state
    assert copy.deck_labels == real.deck_labels
    assert copy.deck != real.deck
    for numeral in set(real.deck_labels):
        mine = sorted(c for c, n in zip(copy.deck, copy.deck_labels) if n == numeral)
        theirs = sorted(c for c, n in zip(real.deck, real.deck_labels) if n == numeral)
        assert mine == theirs, f"stack {numeral} holds other cards"
    assert [p.hand for p in copy.players] == [p.hand for p in real.players]  # hands are known to a good memory
    assert copy.rng != real.rng


def test_the_copy_samples_chance_even_when_a_person_enters_the_dice():
    game = Game.new({"board": "italia", "players": 1, "mode": "solo", "manual_dice": True}, seed=2)
    rnd = random.Random(0)
    while game.to_act() != CHANCE:
        game.apply(rnd.choice(game.legal_actions()))
    copy = game.determinised(0, random.Random(1))
    assert game.to_act() == CHANCE
    assert copy.to_act() == CHANCE  # the pending die is the real game's; it is rolled as soon as the copy plays on
    copy.apply(copy.legal_actions()[0])
    while not copy.is_over:
        assert copy.to_act() != CHANCE, "the copy waits for a die"
        copy.apply(copy.legal_actions()[0])


@pytest.mark.parametrize("options", [{"board": "italia", "players": 1, "mode": "solo"},
                                     {"board": "sicilia", "players": 3}], ids=["solo-dice", "sicilia-tiles"])
def test_the_copy_samples_with_the_real_odds_where_a_person_enters_the_outcomes(options):
    """A person typing in a die or a volcano tile chooses among the distinct values; the copy a bot searches draws
    them with their odds (a face per side of the die, a tile per tile in the pile), and still shows what the game
    shows."""
    game = Game.new({**options, "manual_dice": True}, seed=3)
    rnd = random.Random(0)
    seen = 0
    while not game.is_over and seen < 6:
        if game.to_act() == CHANCE:
            copy = game.determinised(0, random.Random(seen))
            assert copy.view(0) == game.view(0)
            entered, sampled = game.legal_actions(), Counter(copy.legal_actions())
            assert len(set(entered)) == len(entered) and set(sampled) == set(entered)
            st = game.current_step()
            if st[0] == "contrarius_roll":
                assert sampled == Counter(("roll", f) for f in data(game.state).dice[st[2]].faces
                                          if st[3] != "colonist_only" or f in ("land", "sea"))
            else:  # a volcano tile: the province tiles in proportion to those left in the pile
                v = vol(game.state)
                left = sum(v.pile) + v.neutral
                for (_, name), n in sampled.items():
                    cols = [i for i, c in enumerate(game.state.rules.board.columns(game.state))
                            if game.state.board.provinces[c] == name]
                    if cols:
                        assert n / sum(sampled.values()) == pytest.approx(v.pile[cols[0]] / left)
            seen += 1
        game.apply(rnd.choice(game.legal_actions()))
    assert seen == 6


def test_the_copy_has_no_record_and_no_undo_which_would_replay_the_real_hidden_order():
    game = Game.new({"board": "italia", "players": 2}, seed=5)
    rnd = random.Random(1)
    while not game.can_undo():
        game.apply(rnd.choice(game.legal_actions()))
    for copy in (game.determinised(0, random.Random(2)), game.determinised(0, random.Random(2)).copy()):
        assert copy.state.deck != game.state.deck
        with pytest.raises(IllegalAction, match="imagined"):
            copy.record()
        with pytest.raises(IllegalAction, match="imagined"):
            copy.undo()
        assert copy.state.deck != game.state.deck  # nothing changed
    assert Game.from_record(game.record()).state.deck == game.state.deck  # the real game keeps both
    game.undo()
