"""Undo never crosses revealed information: a chance outcome (a die, a volcano tile) or a card drawn from the stack
(a refill of the display) cannot be taken back, so a decision taken before it is final. The three cases of the
modes against Contrarius, random games of every mode (undo, then a different decision: what was shown stays shown),
and records taken earlier that do not change as the game goes on."""
from __future__ import annotations

import random

import pytest

from sestertius.rules.errors import IllegalAction
from sestertius.rules.game import Game
from sestertius.rules.state import CHANCE
from support.solitaria import PLAYER, SEA, city, con, mini_game, play_seat, roll, route, set_good

DONE, KEEP = ("done",), ("keep",)


def refused_undo(g: Game) -> None:
    """The seat to act cannot undo, and trying changes nothing."""
    h, n, deck = g.state.hash(), len(g.history), len(g.state.deck)
    assert not g.can_undo()
    with pytest.raises(IllegalAction) as e:
        g.undo()
    assert e.value.rule == "Undo"
    assert g.state.hash() == h and len(g.history) == n and len(g.state.deck) == deck


def test_team_partner_cannot_take_back_its_purchase_after_the_refill():
    """Two-player team play: player 1 buys as the partner of player 2's Praetor; the display is refilled after both
    purchases and the turn passes to player 1, who must not go back into that purchase having seen the new cards."""
    g = Game.new({"board": "italia", "players": 2, "mode": "team", "manual_dice": True}, seed=1)
    s = g.state
    play_seat(g, 0, "mercator", DONE, DONE)
    g.apply(("roll", "brick"))
    while g.to_act() != 1:
        g.apply(g.legal_actions()[0])
    for p in s.players[:2]:
        p.goods = [3] * 5
    play_seat(g, 1, "team_praetor_2", ("card", 0, -1))
    assert g.to_act() == 0 and g.current_step()[0] == "buy"
    g.apply(next(a for a in g.legal_actions() if a[0] == "card"))  # the partner's purchase; then the refill
    assert g.to_act() == 0 and g.current_step()[0] == "turn" and None not in s.display
    assert g.deciders[-1] == 0  # player 1's own decision is the last one: only the refill stands in the way
    refused_undo(g)
    play_seat(g, 0, "tribune")  # its new turn may still be taken back
    assert g.can_undo()


def test_solo_colonist_move_choice_is_final_after_the_refill(monkeypatch):
    """Solo: the player chooses which of Contrarius' colonists moves after its house; the turn ends and the display
    is refilled (the player bought a card): that choice cannot be undone in the next turn."""
    g = mini_game(monkeypatch)
    for name in ("Aleria", "Bononia", "Capua", "Genua", "Neapolis", "Tarentum"):
        set_good(g, name, "food")
    for name in ("Olbia", "Pisae"):
        set_good(g, name, "brick")
    s = g.state
    s.players[PLAYER].goods = [3] * 5
    g.apply(("play", "senator"))
    g.apply(next(a for a in g.legal_actions() if a[0] == "card" and a[1] == 0))
    g.apply(DONE)
    assert None in s.display  # bought: the display is refilled when the turn ends
    roll(g, "food")
    assert g.current_step()[0] == "contrarius_move" and g.to_act() == PLAYER
    deck = len(s.deck)
    g.apply(g.legal_actions()[1])
    assert g.current_step()[0] == "turn" and None not in s.display and len(s.deck) < deck
    refused_undo(g)
    assert con(g).col[3] == route(g, SEA, "Pisae", "Aleria")
    assert city(g, "Aleria") in con(g).houses


def test_third_player_declined_veto_is_final_after_the_refill():
    """Contrarius as a third player: the starting player declines the veto of the Architect die; Contrarius takes
    the card and the display is refilled: the declined veto cannot be undone (and then used on the same die)."""
    g = Game.new({"board": "italia", "players": 2, "mode": "solo", "manual_dice": True}, seed=1)
    s = g.state
    play_seat(g, 0, "prefect", ("cash",))
    play_seat(g, 1, "architect", DONE, DONE)
    g.apply(("roll", 3))
    g.apply(KEEP)  # player 2
    deck = len(s.deck)
    g.apply(KEEP)  # player 1; Contrarius takes the card at position 3 and the display is refilled
    assert g.to_act() == 0 and g.current_step()[0] == "turn" and len(s.deck) < deck
    refused_undo(g)
    assert s.parts["contrarius"].veto == [1, 1]


def test_undo_within_a_turn_before_any_refill_still_works():
    """The barrier stops only at what was shown: the player's purchase before the die may be taken back."""
    g = Game.new({"board": "italia", "players": 1, "mode": "solo", "manual_dice": True}, seed=1)
    h = g.state.hash()
    g.apply(("play", "senator"))
    g.apply(next(a for a in g.legal_actions() if a[0] == "card"))
    assert g.can_undo()
    g.undo()
    g.undo()
    assert g.state.hash() == h and g.history == []


# -- random games: what was shown stays shown ----------------------------------------------------------------------
GAMES = [
    ({"board": "italia", "players": 3}, 11),
    ({"board": "imperium", "players": 4, "mode": "team"}, 12),
    ({"board": "sicilia", "players": 3}, 13),
    ({"board": "italia", "players": 3, "fish_market": "coastal"}, 14),
    ({"board": "italia", "players": 1, "mode": "solo"}, 15),
    ({"board": "imperium", "players": 2, "mode": "solo"}, 16),
    ({"board": "italia", "players": 2, "mode": "team"}, 17),
    ({"board": "sicilia", "players": 2, "mode": "team", "difficulty": "veteran"}, 18),
    ({"board": "roma", "players": 2, "mode": "solo"}, 19),
    ({"board": "italia", "players": 2, "mode": "team", "fish_market": "mountain"}, 20),
    ({"board": "roma", "players": 1, "mode": "solo", "difficulty": "veteran"}, 21),
]


@pytest.mark.parametrize("options,seed", GAMES, ids=[f"{o.get('mode', 'base')}-{o['board']}-{o['players']}"
                                                      + ("-fish" if "fish_market" in o else "") for o, _ in GAMES])
def test_random_undos_never_take_back_what_was_shown(options, seed):
    """After every undo: the stack holds no card more than before (nothing drawn is put back), every chance outcome
    is still in the history, and re-applying the undone decision gives the same state; then the game goes on, often
    with another decision. Across the game, cards are drawn from the stack in one order only."""
    g = Game.new(options, seed=seed)
    rnd = random.Random(seed)
    first_order = list(reversed(g.state.deck))  # the order in which the stack's cards are drawn
    shown = len(first_order) - len(g.state.deck)
    undone = 0
    while not g.is_over and len(g.history) < 600:
        seat = g.to_act()
        if seat != CHANCE and g.can_undo() and rnd.random() < 0.35:
            before, n, deck = g.state.hash(), len(g.history), len(g.state.deck)
            last = g.history[-1]
            chances = [a for a, d in zip(g.history, g.deciders) if d == CHANCE]
            g.undo()
            assert len(g.state.deck) == deck, "undo put a drawn card back on the stack"
            assert [a for a, d in zip(g.history, g.deciders) if d == CHANCE] == chances, "undo took back a chance"
            assert len(g.history) == n - 1 and g.to_act() == seat
            if rnd.random() < 0.5:
                g.apply(last)
                assert g.state.hash() == before
            undone += 1
            continue
        g.apply(rnd.choice(g.legal_actions()))
        drawn = len(first_order) - len(g.state.deck)
        assert drawn >= shown
        assert list(reversed(g.state.deck)) == first_order[drawn:]  # the stack's order never changes
        shown = drawn
    assert undone > 10


# -- records ---------------------------------------------------------------------------------------------------------
def test_a_record_taken_earlier_does_not_change_as_the_game_goes_on():
    g = Game.new({"board": "italia", "players": 1, "mode": "solo"}, seed=3)
    rnd = random.Random(3)
    for _ in range(5):
        g.apply(rnd.choice(g.legal_actions()))
    rec = g.record()
    actions, deciders = [list(a) for a in rec["actions"]], list(rec["deciders"])
    for _ in range(40):
        g.apply(rnd.choice(g.legal_actions()))
    while not g.can_undo():
        g.apply(rnd.choice(g.legal_actions()))
    g.undo()
    assert rec["actions"] == actions and rec["deciders"] == deciders
    assert len(g.history) > len(actions)
    assert Game.from_record(rec).state.hash() == rec["state_hash"]
