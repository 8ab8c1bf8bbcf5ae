"""A PettingZoo AEC environment: every seat that decides is an agent (``seat_0``, ``seat_1``...); chance outcomes and
Contrarius' rule-driven steps are resolved inside, by the engine.

>>> from sestertius.research.pettingzoo_env import env
>>> e = env(options={"board": "italia", "players": 2})
>>> e.reset(seed=7)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}`` (the encodings of
:mod:`sestertius.research.observations` and :mod:`sestertius.research.actions`); the mask is all zeros for an agent
that does not decide now. Rewards: ``"win"`` (default) gives +1 to the winning side and -1 to every other seat when
the game ends; ``"score"`` gives each seat the change of its own score (as if the game ended now, in hundreds of VP)
after every decision, ``"margin"`` the change of its score minus the best score of the other side. A game is
truncated after ``max_decisions`` decisions. An illegal action raises ValueError.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from sestertius import DECIDER, Game, GameOptions
from sestertius.research.actions import NUM_ACTIONS, decode, ids_of
from sestertius.research.observations import HIGH, OBSERVATION_SIZE, observe
from sestertius.research.play import MAX_DECISIONS, agent_seats, check_reward, final_reward, game_options, own_scores


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class ConcordiaAEC(AECEnv):
    metadata = {"name": "concordia_v1", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, options: GameOptions | dict[str, Any] | None = None, reward: str = "win",
                 max_decisions: int = MAX_DECISIONS, render_mode: str | None = None) -> None:
        super().__init__()
        self.options = game_options(options)
        self.reward = check_reward(reward)
        self.max_decisions = max_decisions
        self.render_mode = render_mode
        self.seats = agent_seats(self.options)
        self.possible_agents = [agent_name(s) for s in self.seats]
        self._seat_of = {agent_name(s): s for s in self.seats}
        self._name_of = {s: agent_name(s) for s in self.seats}
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, HIGH, (OBSERVATION_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game: Game | None = None
        self._legal: list[Any] = []  # the legal decisions, listed once per position (the mask and the check use them)
        self._ids: list[int] = []  # and their action ids, in the same order
        self._legal_at: tuple[Any, int] = (None, -1)  # the state they were listed in, and its number of decisions

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # -- the episode ------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` fixes it (and every later game of resets without a seed)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(2**31))
        self.game = Game.new(self.options, seed=game_seed)
        self._legal_at = (None, -1)
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._ended = False  # every agent terminated or truncated (this environment ends them all at once)
        self.infos: dict[str, dict[str, Any]] = {a: {"game_seed": game_seed} for a in self.agents}
        self._scores = self._scores_now()
        self.agent_selection = self._to_act()

    def _scores_now(self) -> dict[str, float]:
        assert self.game is not None
        if self.reward == "win":
            return dict.fromkeys(self.agents, 0.0)
        return dict(zip(self.agents, own_scores(self.game, [self._seat_of[a] for a in self.agents], self.reward)))

    def _to_act(self) -> str:
        assert self.game is not None
        seat = self.game.to_act()
        return self._name_of[seat] if seat is not None and seat >= 0 else self.agents[0]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last`` (the current agent's observation, cumulative reward, termination, truncation and
        info), without its lookups done twice."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def _legal_now(self) -> list[int]:
        """The action ids of the legal decisions (``self._legal`` holds the decisions, in the same order)."""
        game = self.game
        assert game is not None
        at = self._legal_at
        if at[0] is not game.state or at[1] != len(game.history):  # (an undo or another game makes a new state)
            self._legal = game.legal_actions()
            self._ids = ids_of(self._legal)
            self._legal_at = (game.state, len(game.history))
        return self._ids

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self.game
        assert game is not None
        seat = self._seat_of[agent]
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if agent == self.agent_selection:
            s = game.state
            if not s.over and s.pending and s.pending[-1][DECIDER] == seat:  # (the seat decides now)
                m: Any = mask.data  # (a few item writes through a memoryview cost less than numpy's fancy indexing)
                for i in self._legal_now():
                    m[i] = 1
        return {"observation": observe(game, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self._ended:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None
        action = int(action)
        at = self._legal_at
        ids = self._ids if at[0] is game.state and at[1] == len(game.history) else self._legal_now()
        try:
            decision = self._legal[ids.index(action)]
        except ValueError:
            raise ValueError(f"{agent}: action {action} {decode(action)!r} is not legal now") from None
        game.apply_unchecked(decision)
        self.decisions += 1
        self._cumulative_rewards[agent] = 0.0
        win = self.reward == "win"
        if not win:  # ("win": no reward before the end, the rewards stay the zeros of reset)
            now = self._scores_now()
            for a in self.agents:
                self.rewards[a] = now[a] - self._scores[a]
            self._scores = now
        s = game.state
        if s.over:
            for a in self.agents:
                self.rewards[a] += final_reward(game, self._seat_of[a], self.reward)
                self.terminations[a] = True
            self._ended = True
            self._accumulate_rewards()
            return
        if self.decisions >= self.max_decisions:
            self.truncations = dict.fromkeys(self.agents, True)
            self._ended = True
        if not win:  # ("win": every reward is 0 before the end, nothing to add)
            self._accumulate_rewards()
        if not self._ended:  # (the next agent: the seat to decide; a chance step's is resolved by the engine)
            seat = s.pending[-1][DECIDER] if s.pending else None
            self.agent_selection = self._name_of[seat] if seat is not None and seat >= 0 else self.agents[0]

    def render(self) -> str | None:
        if self.game is None:
            return None
        view = self.game.view(None)
        return f"turn {view['turn']}: {view['prompt']}"

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> ConcordiaAEC:
    """The environment (PettingZoo's convention: a function named ``env``)."""
    return ConcordiaAEC(**kwargs)
