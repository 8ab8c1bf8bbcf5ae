"""An OpenSpiel game, registered with ``pyspiel`` as ``python_concordia``: importing this module registers it.

>>> import pyspiel
>>> import sestertius.research.openspiel_game  # registers the game
>>> game = pyspiel.load_game("python_concordia", {"board": "italia", "players": 2})
>>> state = game.new_initial_state()

Every chance event is an explicit chance node with its probabilities: first the setup (four chance nodes of 256
equally likely outcomes each, the bytes of the engine's setup seed: the shuffles of the decks, tokens and markers),
then every chance step of the engine (a Solitaria die, a Sicilia volcano tile), its outcomes numbered by the action
encoding and weighted by how many equally likely cases show them. Players are the seats that decide (Contrarius
acts inside the engine). Actions are the integers of :mod:`sestertius.research.actions`; observations the vectors of
:mod:`sestertius.research.observations` (one seat's view: no hidden information). Returns at the end: +1 for the
winning side, -1 for every other seat; a game cut off after ``max_decisions`` decisions ends with 0 for everyone.

A state is its action history: its Python attributes are a setup seed in the making and the engine game, which
pickles (OpenSpiel's serialisation) as the list of actions that made it and is rebuilt by replaying them.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from sestertius import CHANCE, Game
from sestertius.research.actions import NUM_ACTIONS, decode, encode
from sestertius.research.observations import OBSERVATION_SIZE, fields_of, observe
from sestertius.research.play import MAX_DECISIONS, agent_seats, game_options, winning_seats

SHORT_NAME = "python_concordia"
SETUP_NODES = 4  # the setup seed: 4 bytes
SETUP_OUTCOMES = 256
PARAMETERS: dict[str, Any] = {
    "board": "imperium", "players": 2, "mode": "base", "difficulty": "standard", "venus": False,
    "display": "standard", "fish_market": "", "intermediate_scoring": False, "max_decisions": MAX_DECISIONS,
}
GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Concordia (sestertius)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=1,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)


def options_of(params: dict[str, Any]) -> dict[str, Any]:
    """The engine's options from the game's parameters (the fish market's "" is no fish market)."""
    p = {**PARAMETERS, **params}
    return {"board": p["board"], "players": p["players"], "mode": p["mode"], "difficulty": p["difficulty"],
            "venus": p["venus"], "display": p["display"], "fish_market": p["fish_market"] or None,
            "intermediate_scoring": p["intermediate_scoring"]}


class ConcordiaGame(pyspiel.Game):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**PARAMETERS, **(params or {})}
        self.options = game_options(options_of(params))
        self.max_decisions = int(params["max_decisions"])
        seats = agent_seats(self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=max(NUM_ACTIONS, SETUP_OUTCOMES),
            num_players=len(seats),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=SETUP_NODES + self.max_decisions,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> ConcordiaState:
        return ConcordiaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ConcordiaObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return ConcordiaObserver()


class Engine:
    """The engine game behind a state: copied cheaply (``Game.copy``), pickled as its options, seed and decisions
    and rebuilt by replaying them."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        return Engine(self.game.copy())

    def __reduce__(self) -> tuple[Any, ...]:
        rec = self.game.record()
        return (_replay, (rec["options"], rec["seed"], rec["actions"]))


def _replay(options: dict[str, Any], seed: int, actions: list[list[Any]]) -> Engine:
    game = Game(game_options(options), seed, auto_chance=False)
    for a in actions:
        game.apply(tuple(a))
    return Engine(game)


class ConcordiaState(pyspiel.State):
    def __init__(self, game: ConcordiaGame) -> None:
        super().__init__(game)
        self._options = game.options
        self._max_decisions = game.max_decisions
        self._seed_bytes: list[int] = []
        self._engine: Engine | None = None

    @property
    def engine(self) -> Game | None:
        """The engine game (None until the setup's chance nodes are played)."""
        return self._engine.game if self._engine is not None else None

    def _cut_off(self) -> bool:
        g = self.engine
        return g is not None and not g.is_over and len(g.history) >= self._max_decisions

    def current_player(self) -> int:
        g = self.engine
        if g is None:
            return int(pyspiel.PlayerId.CHANCE)
        if g.is_over or self._cut_off():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = g.to_act()
        assert seat is not None
        return int(pyspiel.PlayerId.CHANCE) if seat == CHANCE else seat

    def _legal_actions(self, player: int) -> list[int]:
        g = self.engine
        assert g is not None and player >= 0
        return sorted(encode(a) for a in g.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        g = self.engine
        if g is None:
            return [(b, 1.0 / SETUP_OUTCOMES) for b in range(SETUP_OUTCOMES)]
        outcomes = g.legal_actions()  # one entry per equally likely case
        counts = Counter(encode(a) for a in outcomes)
        return [(a, n / len(outcomes)) for a, n in sorted(counts.items())]

    def _apply_action(self, action: int) -> None:
        g = self.engine
        if g is None:
            self._seed_bytes.append(int(action))
            if len(self._seed_bytes) == SETUP_NODES:
                seed = int.from_bytes(bytes(self._seed_bytes), "big")
                self._engine = Engine(Game(self._options, seed, auto_chance=False))
            return
        g.apply(decode(action))

    def _action_to_string(self, player: int, action: int) -> str:
        g = self.engine
        if g is None:
            return f"setup byte {len(self._seed_bytes) + 1}: {action}"
        decision = decode(action)
        try:
            return f"{list(decision)} {g.describe(decision)}"
        except Exception:  # words are made for the decisions legal now; any other is named by its tuple
            return str(list(decision))

    def is_terminal(self) -> bool:
        g = self.engine
        return g is not None and (g.is_over or self._cut_off())

    def returns(self) -> list[float]:
        g = self.engine
        seats = agent_seats(self._options)
        if g is None or not g.is_over:
            return [0.0] * len(seats)
        won = winning_seats(g)
        return [1.0 if s in won else -1.0 for s in seats]

    def __str__(self) -> str:
        g = self.engine
        if g is None:
            return f"setup: seed bytes {self._seed_bytes}"
        step = g.current_step()
        return (f"seed {g.seed}, {len(g.history)} decisions, to act {g.to_act()}, step "
                f"{step[0] if step else 'end of game'}")


class ConcordiaObserver:
    """OpenSpiel's observer: ``tensor`` and ``dict`` (the named fields) of one player's observation."""

    def __init__(self) -> None:
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        self.dict = fields_of(self.tensor)

    def set_from(self, state: ConcordiaState, player: int) -> None:
        g = state.engine
        if g is None:
            self.tensor.fill(0.0)
        else:
            observe(g, player, out=self.tensor)

    def string_from(self, state: ConcordiaState, player: int) -> str:
        """A function of the observation, as OpenSpiel asks: the player and a digest of the tensor (a key for tabular
        methods; ``str(state)`` is the words for people)."""
        self.set_from(state, player)
        return f"p{player} {hashlib.blake2b(self.tensor.tobytes(), digest_size=16).hexdigest()}"


pyspiel.register_game(GAME_TYPE, ConcordiaGame)
