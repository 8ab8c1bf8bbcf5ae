"""A Gymnasium environment: one seat against bots (the other seats) or against Contrarius (Solitaria), which decide
inside ``step``; chance outcomes are resolved by the engine.

>>> from sestertius.research.gym_env import ConcordiaEnv
>>> env = ConcordiaEnv({"board": "italia", "players": 2}, opponents="random")
>>> obs, info = env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].nonzero()[0][0]))

The observation is the float32 vector of :mod:`sestertius.research.observations` for the agent's seat; the action is
an integer of :mod:`sestertius.research.actions`; ``info["action_mask"]`` (int8) marks the legal ones, and
``env.action_masks()`` gives the same as booleans (sb3-contrib's MaskablePPO asks for it). Rewards: ``"win"`` (+1
when the agent's side wins, -1 otherwise, at the end) or ``"score"`` (the change of the agent's own score, in hundreds
of VP, after each of its decisions and the opponents' replies) or ``"margin"`` (the change of its score minus the best
score of the other side). An illegal action ends the episode as a loss
(``illegal="lose"``, reward -1) or raises ValueError (``illegal="raise"``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from sestertius import DECIDER, Game, GameOptions
from sestertius.bots import make_bot
from sestertius.research.actions import NUM_ACTIONS, ids_of
from sestertius.research.observations import HIGH, OBSERVATION_SIZE, observe
from sestertius.research.play import (
    MAX_DECISIONS,
    agent_seats,
    check_reward,
    final_reward,
    game_options,
    own_scores,
    winning_seats,
)

BotSpec = str | Callable[[int], Any] | Any  # a bot's name, a factory taking a seed, or an object with choose()


class ConcordiaEnv(gym.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, options: GameOptions | dict[str, Any] | None = None, seat: int = 0,
                 opponents: BotSpec | Sequence[BotSpec] = "random", reward: str = "win", illegal: str = "lose",
                 max_decisions: int = MAX_DECISIONS, render_mode: str | None = None) -> None:
        self.options = game_options(options)
        self.seats = agent_seats(self.options)
        if seat not in self.seats:
            raise ValueError(f"seat must be one of {self.seats} for these options, not {seat}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.seat = seat
        self.reward = check_reward(reward)
        self.illegal = illegal
        self.max_decisions = max_decisions
        self.render_mode = render_mode
        others = [s for s in self.seats if s != seat]
        specs = list(opponents) if isinstance(opponents, (list, tuple)) else [opponents] * len(others)
        if len(specs) != len(others):
            raise ValueError(f"{len(others)} opponent seat(s), {len(specs)} opponent(s) given")
        self._specs: dict[int, Any] = dict(zip(others, specs))
        self.observation_space = spaces.Box(0.0, HIGH, (OBSERVATION_SIZE,), np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.game: Game | None = None
        self._mask = np.zeros(NUM_ACTIONS, np.int8)  # handed out in info (a new array for each observation)
        self._legal: list[Any] = []  # the agent's legal decisions now, and their action ids (what step checks)
        self._ids: list[int] = []

    def _bots(self, game_seed: int) -> dict[int, Any]:
        out: dict[int, Any] = {}
        for seat, spec in self._specs.items():
            if isinstance(spec, str):
                out[seat] = make_bot(spec, game_seed * 31 + seat)
            elif hasattr(spec, "choose"):
                out[seat] = spec
            else:
                out[seat] = spec(game_seed * 31 + seat)
        return out

    # -- the episode ------------------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.game = Game.new(self.options, seed=game_seed)
        self.bots = self._bots(game_seed)
        self.decisions = 0
        self._opponents_play()
        self._score = self._own_score()
        return self._observation(), self._info(game_seed=game_seed)

    def _own_score(self) -> float:
        assert self.game is not None
        return own_scores(self.game, [self.seat], self.reward)[0] if self.reward != "win" else 0.0

    def _opponents_play(self) -> None:
        game = self.game
        assert game is not None
        me, bots, limit = self.seat, self.bots, self.max_decisions
        while self.decisions < limit:
            s = game.state  # (the seat to decide read from the state: a chance step is resolved by the engine)
            if s.over or not s.pending:
                return
            seat = s.pending[-1][DECIDER]
            if seat == me:
                return
            legal = game.legal_actions()
            game.apply_unchecked(legal[0] if len(legal) == 1 else bots[seat].choose(game, legal))
            self.decisions += 1

    def _observation(self) -> np.ndarray:
        game = self.game
        assert game is not None
        self._mask = np.zeros(NUM_ACTIONS, np.int8)
        s = game.state
        if not s.over and s.pending and s.pending[-1][DECIDER] == self.seat:
            self._legal = game.legal_actions()
            self._ids = ids = ids_of(self._legal)
            m: Any = self._mask.data  # (a few item writes through a memoryview cost less than fancy indexing)
            for i in ids:
                m[i] = 1
        else:
            self._legal, self._ids = [], []
        return observe(game, self.seat)

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self._mask, **extra}  # (step checks the ids it keeps, not this array)

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (for sb3-contrib's MaskablePPO)."""
        out = np.zeros(NUM_ACTIONS, np.bool_)
        out[self._ids] = True
        return out

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        game = self.game
        assert game is not None, "call reset() first"
        index = int(action)
        try:
            decision = self._legal[self._ids.index(index)]
        except ValueError:
            if self.illegal == "raise":
                raise ValueError(f"action {index} is not legal now") from None
            return self._observation(), -1.0, True, False, self._info(illegal_action=True)
        game.apply_unchecked(decision)
        self.decisions += 1
        self._opponents_play()
        reward = 0.0
        if self.reward != "win":  # ("win": nothing before the end)
            now = self._own_score()
            reward, self._score = now - self._score, now
        terminated = game.state.over
        if terminated:
            reward += final_reward(game, self.seat, self.reward)
        truncated = not terminated and self.decisions >= self.max_decisions
        obs = self._observation()
        info = self._info()
        if terminated:
            info["scores"] = [s["total"] for s in game.scores()]
            info["ranking"] = game.ranking()
            info["won"] = self.seat in winning_seats(game)
        return obs, reward, terminated, truncated, info

    def render(self) -> str | None:
        if self.game is None:
            return None
        view = self.game.view(self.seat)
        return f"turn {view['turn']}: {view['prompt']}"


ENV_ID = "sestertius/Concordia-v1"
if ENV_ID not in gym.registry:  # gymnasium.make("sestertius/Concordia-v1", options={...}, opponents="random")
    gym.register(id=ENV_ID, entry_point="sestertius.research.gym_env:ConcordiaEnv")
