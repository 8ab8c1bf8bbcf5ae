"""The OpenSpiel game passes OpenSpiel's random-simulation checks (serialisation included, every decision's states
resampled for every player on the way), its chance nodes carry the engine's odds, a state is its action history, and
OpenSpiel's MCTS bot plays it on a resampled state. (Information states: test_research_openspiel_infostate.py.)"""
from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

from sestertius.research import openspiel_game  # noqa: E402
from sestertius.research.actions import decode, encode  # noqa: E402

CONFIGS = [
    {"board": "italia", "players": 2},
    {"board": "sicilia", "players": 1, "mode": "solo"},  # volcano tiles and Contrarius' dice: chance nodes
    {"board": "italia", "players": 2, "mode": "solo", "difficulty": "veteran"},  # the veto, the veteran line
    {"board": "cyprus", "players": 4, "mode": "team", "fish_market": "mountain"},
]


@pytest.mark.parametrize("params", CONFIGS, ids=["base", "solo-sicilia", "solo-third", "team-fish"])
def test_openspiel_random_simulations(params):
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, params)
    assert game.num_players() == params["players"]
    sampler = random.Random(0).random
    checked = []

    def resample_every_player(state):  # OpenSpiel's ResampleInfostateTest, run by its random simulation
        if state.is_chance_node() or state.is_terminal():
            return
        for p in range(game.num_players()):
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.current_player() == state.current_player()
        checked.append(state.move_number())

    # serialising replays the history at each of OpenSpiel's checks (quadratic): the long four-player game skips it
    pyspiel.random_sim_test(game, num_sims=1, serialize=params["players"] < 4, verbose=False,
                            state_checker_fn=resample_every_player)
    assert len(checked) > 50  # the checker ran at the decisions


def play(state, rng, until=10**6):
    while not state.is_terminal() and state.move_number() < until:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_chance_nodes_carry_the_engines_odds():
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"board": "sicilia", "players": 3})
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(b, 1 / 256) for b in range(256)]  # the setup seed's first byte
    for b in (0, 0, 1, 2):
        state.apply_action(b)
    assert state.engine.seed == 258
    assert state.is_chance_node()  # Sicilia's setup draws volcano tiles
    outcomes = state.chance_outcomes()
    listed = state.engine.legal_actions()  # one entry per equally likely case
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    for a, p in outcomes:
        assert p == pytest.approx(listed.count(decode(a)) / len(listed))
    assert {decode(a)[0] for a, _ in outcomes} == {"tile"}


def test_a_state_is_its_action_history():
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"board": "italia", "players": 2})
    state = play(game.new_initial_state(), np.random.default_rng(4), until=300)
    again = game.new_initial_state()
    for a in state.history():
        again.apply_action(a)
    assert str(again) == str(state) and again.engine.record() == state.engine.record()
    copy = game.deserialize_state(state.serialize())
    assert copy.history() == state.history() and copy.engine.record() == state.engine.record()
    assert state.observation_tensor(0) == copy.observation_tensor(0)
    assert state.information_state_tensor(1) == copy.information_state_tensor(1)
    assert state.information_state_string(1) == copy.information_state_string(1)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(state.engine.history) == len(clone.engine.history) - 1  # a clone is independent


def test_returns_name_the_winner():
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"board": "hellas", "players": 3})
    state = play(game.new_initial_state(), np.random.default_rng(8))
    assert state.is_terminal()
    winner = state.engine.ranking()[0]
    assert state.returns() == [1.0 if s == winner else -1.0 for s in range(3)]


def test_openspiels_mcts_bot_plays_it():
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"board": "italia", "players": 2})
    state = play(game.new_initial_state(), np.random.default_rng(1), until=40)
    assert not state.is_chance_node()
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(1))
    # a perfect-information search gets a world the player cannot tell from the true one, never the true one
    action = bot.step(state.resample_from_infostate(state.current_player(), random.Random(2).random))
    assert action in state.legal_actions()
    assert encode(decode(action)) == action
