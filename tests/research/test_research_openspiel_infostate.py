"""The OpenSpiel game's imperfect information: information states hold what a player sees and nothing hidden (the
seed, the stacks' order), ``resample_from_infostate`` keeps them and redraws the hidden parts (OpenSpiel's
ResampleInfostateTest, in Python), resampled states play on and serialise, and the IS-MCTS and determinised MCTS
examples choose legal decisions without the true state."""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from sestertius.research import openspiel_game  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def step(state, rng):
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(actions, p=probs)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def play(state, rng, until=10**6):
    while not state.is_terminal() and state.move_number() < until:
        step(state, rng)
    return state


def seen(state, player):
    """The player's view, less whether it may undo (a resampled engine never may: it has no record)."""
    view = state.engine.view(player)
    view.pop("can_undo")
    return view


def test_the_game_declares_imperfect_information():
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"board": "italia", "players": 2})
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert game.information_state_tensor_size() == openspiel_game.INFO_STATE_SIZE
    assert game.information_state_tensor_size() == game.observation_tensor_size() + openspiel_game.DIGEST_BITS


@pytest.mark.parametrize("params", [{"board": "italia", "players": 2},
                                    {"board": "sicilia", "players": 1, "mode": "solo"}], ids=["base", "solo-sicilia"])
def test_resampling_keeps_every_information_state(params):
    # OpenSpiel's ResampleInfostateTest: at decisions, each player's resampled state has its information state
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, params)
    rng = np.random.default_rng(3)
    sampler = random.Random(5).random
    state = game.new_initial_state()
    reshuffled = resampled = 0
    while not state.is_terminal():
        if not state.is_chance_node() and state.move_number() % 7 == 0:
            real_deck = list(state.engine.state.deck)
            for p in range(game.num_players()):
                other = state.resample_from_infostate(p, sampler)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert other.information_state_tensor(p) == state.information_state_tensor(p)
                assert other.observation_tensor(p) == state.observation_tensor(p)
                assert other.current_player() == state.current_player()
                assert other.legal_actions() == state.legal_actions()
                mine, theirs = state.engine.state, other.engine.state
                assert theirs.deck_labels == mine.deck_labels and sorted(theirs.deck) == sorted(mine.deck)
                reshuffled += theirs.deck != mine.deck
                resampled += 1
            assert state.engine.state.deck == real_deck  # the real game is untouched
        step(state, rng)
    assert resampled >= 15 and reshuffled >= 5  # (late in the game the stacks run out: nothing left to reshuffle)


def test_the_information_state_is_what_the_player_has_seen():
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"board": "italia", "players": 2})
    rng = np.random.default_rng(11)
    diverged = 0
    for start in (20, 60, 120):
        state = play(game.new_initial_state(), rng, until=start)
        other = state.resample_from_infostate(0, random.Random(start).random)
        # the same decisions in both worlds: equal information states exactly while the views are equal, until a
        # refill shows a card the two worlds' stacks hold in a different order
        while not state.is_terminal():
            same = [state.information_state_string(p) == other.information_state_string(p) for p in range(2)]
            views = [seen(state, p) == seen(other, p) for p in range(2)]
            assert same == views
            if not all(same):
                assert tuple(state.engine.state.display) != tuple(other.engine.state.display)
                diverged += 1
                break
            action = int(rng.choice(state.legal_actions())) if not state.is_chance_node() else None
            if action is None:
                actions, probs = zip(*state.chance_outcomes())
                action = int(rng.choice(actions, p=probs))
            state.apply_action(action)
            other.apply_action(action)
    assert diverged >= 2


def test_different_decisions_give_different_information_states():
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"board": "italia", "players": 2})
    state = play(game.new_initial_state(), np.random.default_rng(2), until=30)
    while len(state.legal_actions()) < 2 or state.is_chance_node():
        step(state, np.random.default_rng(0))
    a, b = state.clone(), state.clone()
    a.apply_action(state.legal_actions()[0])
    b.apply_action(state.legal_actions()[1])
    for p in range(2):
        assert a.information_state_string(p) != b.information_state_string(p)
        assert a.information_state_tensor(p) != b.information_state_tensor(p)
    assert state.information_state_string(0) != state.information_state_string(1)  # each is the player's own


def test_the_setup_seed_is_seen_by_nobody():
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"board": "italia", "players": 2})
    a, b = game.new_initial_state(), game.new_initial_state()
    a.apply_action(1)
    b.apply_action(2)
    for p in range(2):
        assert a.information_state_string(p) == b.information_state_string(p)
        assert a.information_state_tensor(p) == b.information_state_tensor(p)
    again = a.resample_from_infostate(0, random.Random(0).random)
    assert again.is_chance_node() and len(again.history()) == 1
    assert again.information_state_string(0) == a.information_state_string(0)
    for x in (0, 0, 1):
        a.apply_action(x)
        b.apply_action(x)
    assert a.engine.seed != b.engine.seed and a.engine.view(None) != b.engine.view(None)  # different public setups
    assert a.information_state_string(0) != b.information_state_string(0)


def test_resampled_states_play_on_serialise_and_resample_again():
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"board": "italia", "players": 2})
    rng = np.random.default_rng(7)
    state = play(game.new_initial_state(), rng, until=80)
    other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.engine.imagined and not other.engine.auto_chance and not state.engine.imagined
    play(other, rng, until=200)
    again = other.resample_from_infostate(0, random.Random(1).random)  # a world drawn inside a world
    play(again, rng, until=260)
    for s in (other, again):
        copy = game.deserialize_state(s.serialize())
        assert copy.engine.state.hash() == s.engine.state.hash() and copy.engine.history == s.engine.history
        assert copy.information_state_string(0) == s.information_state_string(0)
    play(again, rng)
    assert again.is_terminal() and sorted(again.returns()) == [-1.0, 1.0]
    assert not state.is_terminal() and state.move_number() == 80  # the real state is untouched


def test_ismcts_example_searches_information_sets(monkeypatch):
    ismcts_example = example("openspiel_ismcts")
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"board": "italia", "players": 2})
    searched = []
    resample = openspiel_game.ConcordiaState.resample_from_infostate

    def counted(state, player, sampler):  # every simulation starts from a resampled state, never the true one
        world = resample(state, player, sampler)
        searched.append(world.engine.imagined)
        return world

    monkeypatch.setattr(openspiel_game.ConcordiaState, "resample_from_infostate", counted)
    histories = []
    for _ in range(2):
        bot = ismcts_example.make_bot(game, simulations=2, seed=0)
        state = ismcts_example.play(game, bot, 0, np.random.default_rng(0), max_moves=20)
        assert state.move_number() == 20
        histories.append(state.history())
    assert searched and all(searched) and len(searched) % 2 == 0
    assert histories[0] == histories[1]  # reproducible from the seed


def test_mcts_example_searches_determinisations():
    mcts_example = example("openspiel_mcts")
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"board": "italia", "players": 2})
    state = play(game.new_initial_state(), np.random.default_rng(1), until=40)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        step(state, np.random.default_rng(1))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(1))
    searched = []
    search = bot.mcts_search
    bot.mcts_search = lambda s: searched.append(s.engine.imagined) or search(s)
    action = mcts_example.choose(bot, state, 2, random.Random(0))
    assert action in state.legal_actions()
    assert searched == [True, True]  # two worlds, never the true state
