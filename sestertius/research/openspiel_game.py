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

Imperfect information: the setup seed's bytes are seen by nobody, and the order of the cards within each sale stack
that they shuffle stays hidden until a refill draws a card into the display. Everything else is public: every decision,
every later chance outcome, and (to a player who remembers) every card in every hand. A player's information state is
therefore the public history: the public setup (the spectator's view once the seed is drawn), then for each decision
or chance outcome who took it, which, and the display after it (where the hidden order comes into the open). The state
keeps it as a running digest (``public_digest``); the information-state string is the player and that digest, the
information-state tensor the player's observation followed by the digest's 128 bits (perfect recall: different public
histories give different digests, but for BLAKE2b collisions). ``resample_from_infostate`` redraws what nobody sees
(``Game.determinised``).

A state is its action history: its Python attributes are a setup seed in the making and the engine game, which
pickles (OpenSpiel's serialisation) as the list of actions that made it and is rebuilt by replaying them (a resampled
state also keeps the stacks' order and the generator it was given, and replays with them).
"""
from __future__ import annotations

import hashlib
import json
import random
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
DIGEST_BYTES = 16
DIGEST_BITS = 8 * DIGEST_BYTES
INFO_STATE_SIZE = OBSERVATION_SIZE + DIGEST_BITS  # the observation, then the public history's digest bit by bit
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
    provides_information_state_string=True,
    provides_information_state_tensor=True,
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

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ConcordiaObserver | InfoStateObserver:
        """The information state for a perfect-recall observation type (what OpenSpiel asks for the information-state
        string and tensor), else the observation of the player's view."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InfoStateObserver()
        return ConcordiaObserver()


# A resampled engine's imagined parts, one entry per resampling: after how many decisions of its history, the order of
# the stacks and the generator it was given (what ``Game.determinised`` drew), so that a replay rebuilds it exactly.
World = tuple[int, tuple[str, ...], int]


class Engine:
    """The engine game behind a state: copied cheaply (``Game.copy``), pickled as its options, seed and decisions
    (and the imagined parts of a resampled game) and rebuilt by replaying them."""

    def __init__(self, game: Game, worlds: tuple[World, ...] = ()) -> None:
        self.game = game
        self.worlds = worlds

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        return Engine(self.game.copy(), self.worlds)

    def __reduce__(self) -> tuple[Any, ...]:
        g = self.game  # not ``record()``: an imagined game refuses one
        return (_replay, (g.options.to_dict(), g.seed, [list(a) for a in g.history], self.worlds))


def _replay(options: dict[str, Any], seed: int, actions: list[list[Any]], worlds: tuple[World, ...] = ()) -> Engine:
    game = Game(game_options(options), seed, auto_chance=False)
    done = 0
    for at, deck, rng in worlds:
        for a in actions[done:at]:
            game.apply(tuple(a))
        done = at
        game.state.deck[:] = deck  # the same cards in the imagined order (see ``resample_from_infostate``)
        game.state.rng = rng
        game.imagined = True
    for a in actions[done:]:
        game.apply(tuple(a))
    return Engine(game, worlds)


def _plain(x: Any) -> Any:
    """JSON for what a view might hold beyond JSON's types (none today): a set in sorted order, so that the digest does
    not depend on the process's string hashing."""
    return sorted(x, key=repr) if isinstance(x, (set, frozenset)) else repr(x)


def public_start(game: Game) -> bytes:
    """The digest of the public setup: the spectator's view of a new engine game (no seed, no deck order)."""
    view = json.dumps(game.view(None), sort_keys=True, default=_plain, separators=(",", ":"))
    return hashlib.blake2b(view.encode(), digest_size=DIGEST_BYTES).digest()


def public_step(digest: bytes, decider: int, action: int, game: Game) -> bytes:
    """The digest of the public history after one more decision or chance outcome: who took it, which, and the
    display after it, the one place where the stacks' hidden order comes into the open (a refill's cards)."""
    seen = f"{decider} {action} {game.state.display}".encode()
    return hashlib.blake2b(digest + seen, digest_size=DIGEST_BYTES).digest()


class ConcordiaState(pyspiel.State):
    def __init__(self, game: ConcordiaGame) -> None:
        super().__init__(game)
        self._options = game.options
        self._max_decisions = game.max_decisions
        self._seed_bytes: list[int] = []
        self._engine: Engine | None = None
        self._public = b""  # the public history's digest (empty during the setup, where nobody sees anything)

    @property
    def engine(self) -> Game | None:
        """The engine game (None until the setup's chance nodes are played)."""
        return self._engine.game if self._engine is not None else None

    @property
    def public_digest(self) -> bytes:
        """The digest of everything every player has seen: the public setup, then each decision and chance outcome
        and the display after it. Two states with the same digest differ only in what nobody sees."""
        return self._public

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
                self._public = public_start(self._engine.game)
            return
        decider = g.to_act()
        assert decider is not None
        g.apply(decode(action))
        self._public = public_step(self._public, decider, int(action), g)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ConcordiaState:
        """A state the player cannot tell from this one, drawn with the odds of what it cannot see, as OpenSpiel's
        IS-MCTS asks (``probability_sampler()`` gives uniform numbers in [0, 1)). After the setup: a clone whose
        engine is ``Game.determinised`` (the order within each stack reshuffled, the generator redrawn) with its chance
        nodes kept explicit; during the setup: the seed bytes drawn so far drawn anew. Every player sees the same
        hidden parts, so the result does not depend on ``player_id``.

        Its ``history()`` is this state's (OpenSpiel's clone copies it and a Python game cannot set it): the imagined
        parts live in the engine, which pickles with them (``Engine.worlds``)."""
        g = self.engine
        if g is None:
            fresh = self.get_game().new_initial_state()
            for _ in self._seed_bytes:
                fresh.apply_action(min(int(probability_sampler() * SETUP_OUTCOMES), SETUP_OUTCOMES - 1))
            return fresh
        seed = 0
        for _ in range(4):  # 64 bits, 16 from each uniform draw
            seed = seed << 16 | min(int(probability_sampler() * 65536), 65535)
        world = g.determinised(player_id, random.Random(seed))
        world.auto_chance = False  # chance stays OpenSpiel's to draw, with the odds chance_outcomes gives
        state: ConcordiaState = self.clone()
        assert self._engine is not None
        state._engine = Engine(world, self._engine.worlds + ((len(world.history), tuple(world.state.deck),
                                                             world.state.rng),))
        return state

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


class InfoStateObserver:
    """OpenSpiel's perfect-recall observer, the information state: the tensor is the player's observation followed by
    the bits of the public history's digest (``dict``: ``"observation"`` and ``"public_history"``); the string the
    player and the digest, which determines the observation (the view is a function of the public history)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(INFO_STATE_SIZE, np.float32)
        self.dict = {"observation": self.tensor[:OBSERVATION_SIZE], "public_history": self.tensor[OBSERVATION_SIZE:]}

    def set_from(self, state: ConcordiaState, player: int) -> None:
        g = state.engine
        if g is None:  # the setup: nothing seen yet
            self.tensor.fill(0.0)
            return
        observe(g, player, out=self.dict["observation"])
        self.tensor[OBSERVATION_SIZE:] = np.unpackbits(np.frombuffer(state.public_digest, np.uint8))

    def string_from(self, state: ConcordiaState, player: int) -> str:
        if state.engine is None:  # how many seed bytes are drawn is public, their values are not
            return f"p{player} setup {len(state._seed_bytes)}/{SETUP_NODES}"
        return f"p{player} {state.public_digest.hex()}"


pyspiel.register_game(GAME_TYPE, ConcordiaGame)
