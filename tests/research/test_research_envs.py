"""The PettingZoo and Gymnasium environments pass their libraries' own checks (PettingZoo's api_test and seed_test,
Gymnasium's check_env) in every mode family, and play whole games with the masks to a reward that names the winner."""
from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from sestertius.research.actions import decode  # noqa: E402
from sestertius.research.gym_env import ENV_ID, ConcordiaEnv  # noqa: E402
from sestertius.research.pettingzoo_env import env  # noqa: E402

# PettingZoo warns about every dict observation, its own masked convention included
pytestmark = pytest.mark.filterwarnings("ignore:Observation:UserWarning")

CONFIGS = [
    {"board": "italia", "players": 2},
    {"board": "sicilia", "players": 1, "mode": "solo", "difficulty": "veteran"},  # chance inside, a seat's choice
    {"board": "hellas", "players": 2, "mode": "solo"},  # Contrarius as a third player: the veto decisions
    {"board": "cyprus", "players": 4, "mode": "team", "fish_market": "coastal"},
    {"board": "italia", "players": 2, "mode": "team"},  # cooperative team play against Contrarius
    {"board": "roma", "players": 3, "venus": True},
]
IDS = ["base", "solo-sicilia", "solo-third", "team-fish", "solo-team", "roma-venus"]


@pytest.mark.parametrize("options", CONFIGS, ids=IDS)
def test_pettingzoo_api_test(options):
    api_test(env(options=options), num_cycles=400)


@pytest.mark.parametrize("options", CONFIGS[:3], ids=IDS[:3])
def test_pettingzoo_seed_test(options):
    seed_test(lambda: env(options=options), num_cycles=200)


def play_aec(e, seed: int):
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.sum() >= 1 and agent == e.agent_selection
        e.step(int(rng.choice(np.flatnonzero(mask))))
    return totals


def test_a_whole_pettingzoo_game_rewards_the_winning_side():
    e = env(options={"board": "italia", "players": 4, "mode": "team"})
    totals = play_aec(e, seed=3)
    ranking = e.game.ranking()
    winners = {f"seat_{ranking[0]}", f"seat_{ranking[1]}"}  # team play: the winning team's two seats lead
    assert {a for a, r in totals.items() if r == 1.0} == winners
    assert {a for a, r in totals.items() if r == -1.0} == set(e.possible_agents) - winners
    assert e.agents == []


def test_score_rewards_add_up_to_the_final_score():
    e = env(options={"board": "italia", "players": 2}, reward="score")
    totals = play_aec(e, seed=5)
    start = env(options={"board": "italia", "players": 2}, reward="score")
    start.reset(seed=5)
    first = [s["total"] for s in start.game.scores()]
    final = [s["total"] for s in e.game.scores()]
    assert totals["seat_0"] == pytest.approx((final[0] - first[0]) / 100)
    assert totals["seat_1"] == pytest.approx((final[1] - first[1]) / 100)


def test_an_illegal_pettingzoo_action_is_refused():
    e = env(options={"board": "italia", "players": 2})
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    with pytest.raises(ValueError):
        e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


@pytest.mark.parametrize("options", CONFIGS, ids=IDS)
def test_gymnasium_check_env(options):
    check_env(ConcordiaEnv(options), skip_render_check=True)


def test_gymnasium_make_and_a_whole_game_against_the_random_bot():
    e = gymnasium.make(ENV_ID, options={"board": "italia", "players": 3}, seat=1, opponents="random")
    obs, info = e.reset(seed=11)
    rng = np.random.default_rng(0)
    steps = 0
    while True:
        mask = info["action_mask"]
        assert (mask.astype(bool) == e.unwrapped.action_masks()).all() and mask.sum() >= 1
        assert e.unwrapped.game.to_act() == 1  # the opponents played in between
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        if terminated or truncated:
            break
    assert terminated and reward == (1.0 if info["won"] else -1.0)
    assert info["won"] == (info["ranking"][0] == 1)


def test_gymnasium_against_contrarius_and_an_illegal_action():
    e = ConcordiaEnv({"board": "imperium", "players": 1, "mode": "solo", "difficulty": "expert"})
    obs, info = e.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info2 = e.step(illegal)
    assert (reward, terminated, info2["illegal_action"]) == (-1.0, True, True)
    strict = ConcordiaEnv({"board": "imperium", "players": 1, "mode": "solo"}, illegal="raise")
    _, info = strict.reset(seed=2)
    with pytest.raises(ValueError):
        strict.step(illegal)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    before = len(strict.game.history)
    strict.step(legal)
    assert strict.game.history[before] == decode(legal)


def test_a_gymnasium_mask_changed_by_its_user_changes_nothing_the_environment_allows():
    e = ConcordiaEnv({"board": "italia", "players": 2}, illegal="raise")
    _, info = e.reset(seed=5)
    mask = info["action_mask"]
    legal = set(np.flatnonzero(mask).tolist())
    mask[:] = 1  # (the array handed out is the user's to change)
    assert set(np.flatnonzero(e.action_masks()).tolist()) == legal
    illegal = next(i for i in range(len(mask)) if i not in legal)
    with pytest.raises(ValueError):
        e.step(illegal)
    e.step(min(legal))


def test_the_environments_observe_what_the_reference_encoding_gives():
    """The observation of each environment is the encoding of its seat's view (``observe_view``), at every decision
    of a few dozen; the mask marks exactly the legal decisions."""
    from sestertius.research.actions import encode
    from sestertius.research.observations import beyond_view, observe_view

    e = env(options={"board": "imperium", "players": 4})
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(60):
        agent = e.agent_selection
        seat = int(agent.split("_")[1])
        obs, *_ = e.last()
        game = e.game
        assert (obs["observation"] == observe_view(game.view(seat), seat, beyond_view(game, seat))).all()
        assert set(np.flatnonzero(obs["action_mask"])) == {encode(a) for a in game.legal_actions()}
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    g = ConcordiaEnv({"board": "italia", "players": 3}, seat=2)
    obs, info = g.reset(seed=9)
    for _ in range(20):
        game = g.game
        assert (obs == observe_view(game.view(2), 2, beyond_view(game, 2))).all()
        obs, _, terminated, _, info = g.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert not terminated
