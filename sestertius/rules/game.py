"""The engine's public face: a game is a state plus the stream of decisions that made it.

>>> g = Game.new({"board": "italia", "players": 2}, seed=1)
>>> a = g.legal_actions()[0]
>>> g.apply(a)

Every decision, chance outcomes included, is appended to ``history``; ``Game.from_record`` replays a record to the
identical state (checked by a state hash), ``undo`` replays all but the last decision, ``view(seat)`` is what one
seat may see.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from sestertius.rules.determinise import determinised
from sestertius.rules.errors import IllegalAction, OptionsError, RecordError
from sestertius.rules.options import GameOptions
from sestertius.rules.rulebook import resolve
from sestertius.rules.scoring import score_all
from sestertius.rules.state import AUTO, AUTOMATON, CHANCE, new_state, splitmix64
from sestertius.rules.steps import Action, Pending
from sestertius.rules.turn import push_turn
from sestertius.rules.view import player_view
from sestertius.rules.words import describe, refusal, title

RECORD_FORMAT = "sestertius-game"
RECORD_VERSION = 1


def _tupled(a: Any) -> Action:
    return tuple(_tupled(x) if isinstance(x, list) else x for x in a)


class Game:
    def __init__(self, options: GameOptions, seed: int, auto_chance: bool | None = None) -> None:
        self.options = options
        self.seed = seed
        self.history: list[Action] = []
        self.deciders: list[int] = []  # who made each decision in history
        # chance outcomes are sampled unless a person enters them (table assistant) or a record supplies them
        self.auto_chance = (not options.manual_dice) if auto_chance is None else auto_chance
        rules = resolve(options)
        state = new_state(options, rules, seed)
        rules.mode.setup(state)
        rules.board.setup(state)
        for variant in rules.variants:  # variants last (the fish markers replace the bonus markers)
            variant.setup(state)
        if not state.pending:
            push_turn(state, state.current)
        self.state = state
        self._advance()

    @classmethod
    def new(cls, options: GameOptions | dict[str, Any] | None = None, seed: int = 0) -> Game:
        if options is None:
            opts = GameOptions().validate()
        elif isinstance(options, dict):
            opts = GameOptions.from_dict(options)
        else:
            opts = options.validate()
        return cls(opts, seed)

    # -- the decision loop --------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.over

    def to_act(self) -> int | None:
        """The seat to decide, ``CHANCE`` (-1) for a chance outcome to enter, or None when the game is over."""
        s = self.state
        if s.over or not s.pending:
            return None
        decider: int = s.pending[-1][1]
        return decider

    def current_step(self) -> Pending | None:
        return self.state.pending[-1] if self.state.pending and not self.state.over else None

    def rule_name(self, st: Pending | None = None) -> str:
        """The name of the rule a step belongs to (the current step by default), as refusals give it."""
        st = st or self.current_step()
        return title(st, self.state) if st else "End of game"

    def legal_actions(self) -> list[Action]:
        s = self.state
        if s.over or not s.pending:
            return []
        st = s.pending[-1]
        return s.rules.steps[st[0]].legal(s, st)

    def apply(self, action: Action | list[Any]) -> None:
        """Apply one decision of the seat to act. An illegal decision raises IllegalAction and changes nothing."""
        a = _tupled(action) if not isinstance(action, tuple) else action
        s = self.state
        if s.over:
            raise IllegalAction("the game is over", "End of game")
        st = s.pending[-1]
        if a not in s.rules.steps[st[0]].legal(s, st):
            raise IllegalAction(refusal(s, st, a), title(st, s))
        self._apply(a)

    def apply_unchecked(self, action: Action) -> None:
        """Apply a decision taken from ``legal_actions()`` without checking it again (for bots and simulations)."""
        self._apply(action)

    def _apply(self, a: Action) -> None:
        s = self.state
        st = s.pending[-1]
        if st[1] == CHANCE:  # an entered or replayed chance outcome uses up one draw, as a sampled one does
            s.rng = splitmix64(s.rng)[0]
        self.deciders.append(st[1])
        self.history.append(a)
        s.rules.steps[st[0]].apply(s, st, a)
        self._advance()

    def _advance(self) -> None:
        """Run the engine's own steps, the automaton's rule-driven steps, and sampled chance outcomes."""
        s = self.state
        steps = s.rules.steps
        while not s.over:
            if not s.pending:
                push_turn(s, s.current)
            st = s.pending[-1]
            who = st[1]
            if who == AUTO:
                steps[st[0]].apply(s, st, ("auto",))
            elif who == AUTOMATON:
                step = steps[st[0]]
                step.apply(s, st, step.legal(s, st)[0])  # the automaton's rules leave exactly one choice
            elif who == CHANCE and self.auto_chance:
                step = steps[st[0]]
                outcomes = step.legal(s, st)
                s.rng, r = splitmix64(s.rng)
                a = outcomes[r % len(outcomes)]
                self.deciders.append(CHANCE)
                self.history.append(a)
                step.apply(s, st, a)
            else:
                return

    # -- results ----------------------------------------------------------------------------------------------
    def scores(self) -> list[dict[str, int]]:
        return score_all(self.state)

    def ranking(self) -> list[int]:
        return self.state.rules.mode.ranking(self.state)

    def result(self) -> dict[str, float]:
        """The mode's results beyond ``scores()`` (Solitaria: ``"contrarius"`` and ``"player"``, with two players
        ``"player 1"``, ``"player 2"`` and in team play ``"team"``); empty until the game is over."""
        return self.state.rules.mode.result(self.state) if self.state.over else {}

    def describe(self, action: Action, seat: int | None = None) -> str:
        return describe(self.state, action)

    # -- records, saving, undo ------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT, "version": RECORD_VERSION, "options": self.options.to_dict(),
            "seed": self.seed, "actions": [list(a) for a in self.history], "deciders": list(self.deciders),
            "state_hash": self.state.hash(),
        }

    @classmethod
    def from_record(cls, rec: dict[str, Any], upto: int | None = None, check_hash: bool = True) -> Game:
        if not isinstance(rec, dict):
            raise RecordError("a game record must be a JSON object")
        if rec.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a game record: format is {rec.get('format')!r}, expected {RECORD_FORMAT!r}")
        if rec.get("version") != RECORD_VERSION:
            raise RecordError(f"record version {rec.get('version')!r} is not supported (this is version "
                              f"{RECORD_VERSION})")
        for key, typ in (("options", dict), ("seed", int), ("actions", list)):
            if not isinstance(rec.get(key), typ):
                raise RecordError(f"record field {key!r} is missing or not a {typ.__name__}")
        try:
            opts = GameOptions.from_dict(rec["options"])
            resolve(opts)
        except OptionsError as e:
            raise RecordError(f"record field 'options' cannot be set up: {e}") from None
        game = cls(opts, rec["seed"], auto_chance=False)  # chance outcomes come from the record
        actions = rec["actions"] if upto is None else rec["actions"][:upto]
        for i, raw in enumerate(actions):
            if not isinstance(raw, list):
                raise RecordError(f"decision {i + 1}: {raw!r} is not a list")
            try:
                game.apply(_tupled(raw))
            except IllegalAction as e:
                raise RecordError(f"decision {i + 1} ({raw!r}) is illegal in the replayed game: {e}") from None
        game.auto_chance = not opts.manual_dice
        if upto is None:
            game._advance()
        if check_hash and upto is None and "state_hash" in rec and rec["state_hash"] != game.state.hash():
            raise RecordError(f"state hash mismatch after replaying {len(actions)} decisions: the record says "
                              f"{rec['state_hash']}, the replay gives {game.state.hash()}")
        return game

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.record(), indent=1), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Game:
        try:
            rec = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise RecordError(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
        except OSError as e:
            raise RecordError(f"{path}: cannot be read: {e}") from None
        return cls.from_record(rec)

    def undo_barrier(self) -> int:
        """Index into history before which undo may not go: the start of the current seat's turn, or the last
        chance outcome (a revealed die or card cannot be taken back)."""
        seat = self.to_act()
        i = len(self.history)
        while i > 0:
            d = self.deciders[i - 1]
            if d != seat or d == CHANCE:
                break
            if self.history[i - 1][0] == "play":
                return i - 1
            i -= 1
        return i

    def can_undo(self) -> bool:
        return len(self.history) > self.undo_barrier()

    def undo(self) -> None:
        if not self.can_undo():
            raise IllegalAction("nothing of your own turn to take back (earlier decisions are final)", "Undo")
        rec = self.record()
        rec["actions"] = rec["actions"][:-1]
        g = Game.from_record(rec, check_hash=False)
        # decisions the automaton and the engine took after the undone one are replayed, not kept
        self.state, self.history, self.deciders = g.state, g.history, g.deciders

    def copy(self) -> Game:
        g = Game.__new__(Game)
        g.options, g.seed, g.auto_chance = self.options, self.seed, self.auto_chance
        g.history, g.deciders = self.history[:], self.deciders[:]
        g.state = self.state.copy()
        return g

    def determinised(self, seat: int | None, rng: random.Random) -> Game:
        """A copy consistent with what ``seat`` sees, the hidden order of the sale stacks reshuffled and chance to
        come drawn from ``rng`` (see :mod:`sestertius.rules.determinise`): what a searching bot may look into."""
        return determinised(self, seat, rng)

    # -- views -------------------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return player_view(self, seat)
