"""The engine's public face: a game is a state plus the stream of decisions that made it.

>>> g = Game.new({"board": "italia", "players": 2}, seed=1)
>>> a = g.legal_actions()[0]
>>> g.apply(a)

Every decision, chance outcomes included, is appended to ``history``; ``Game.from_record`` replays a record to the
identical state (checked by a state hash), ``undo`` replays all but the last decision, ``view(seat)`` is what one
seat may see.
"""
from __future__ import annotations

import errno
import json
import os
import random
import uuid
from pathlib import Path
from typing import Any, Final

from sestertius.rules.determinise import determinised
from sestertius.rules.errors import SHAPE, IllegalAction, OptionsError, RecordError, shown
from sestertius.rules.options import GameOptions
from sestertius.rules.rulebook import resolve
from sestertius.rules.scoring import score_all
from sestertius.rules.state import AUTO, AUTOMATON, CHANCE, GameState, new_state, splitmix64
from sestertius.rules.steps import DECIDER, KIND, Action, Pending
from sestertius.rules.turn import push_turn
from sestertius.rules.view import player_view
from sestertius.rules.words import describe, refusal, title

RECORD_FORMAT: Final = "sestertius-game"
RECORD_VERSION: Final = 1
# The largest record file read: a whole game's record is small (about 33 bytes a decision as saved: the largest under
# tests/records is 30 KB, a random 5-player game of 759 decisions saves as 25 KB, 10,000 decisions would be 330 KB),
# so 16 MiB is ample, and a file or device without end (/dev/zero) is refused after this much, not read until memory
# runs out.
RECORD_MAX_BYTES: Final = 16 * 1024 * 1024
# How deep a decision's lists may nest: the rules' decisions are flat (a verb and its words and whole numbers), so a
# deeper one is refused as not a decision before turning it into tuples could exhaust Python's recursion.
DECISION_DEPTH: Final = 8
DECISION_SHAPE: Final = 'a decision is a list of a verb and its values, e.g. ["play", "architect"]'


class _NestedTooDeep(Exception):
    """A decision with lists nested more than DECISION_DEPTH deep."""


def _tupled(a: Any, depth: int = DECISION_DEPTH) -> Action:
    if depth == 0:
        raise _NestedTooDeep
    return tuple(_tupled(x, depth - 1) if isinstance(x, list) else x for x in a)


def _deeper_than(a: tuple[Any, ...] | list[Any], depth: int) -> bool:
    """Whether tuples or lists in ``a`` nest more than ``depth`` deep (``a`` itself counted; the recursion stops
    there)."""
    if depth == 0:
        return True
    return any(isinstance(x, (tuple, list)) and _deeper_than(x, depth - 1) for x in a)


KIND_WORDS: Final = {bool: "true/false value", int: "whole number", float: "decimal number", str: "word", tuple: "list"}


def _mistyped(a: Action, listed: Action) -> tuple[Any, Any] | None:
    """The first value of ``a`` whose type differs from the equal value of the listed decision ``listed`` (``1.0``
    or ``True`` where the rules list ``1``), as (given, listed), or None when every value has the listed type."""
    for x, y in zip(a, listed):
        if type(x) is not type(y):
            return x, y
        if type(x) is tuple:
            inner = _mistyped(x, y)
            if inner is not None:
                return inner
    return None


def _kind(x: Any) -> str:
    return KIND_WORDS.get(type(x), type(x).__name__)


# the setup's shuffles and the 64-bit chance generator: larger seeds would repeat smaller ones
SEEDS: Final = range(2 ** 64)


def seed_refusal(seed: Any) -> str | None:
    """Why ``seed`` cannot seed a game, or None."""
    if type(seed) is int and seed in SEEDS:
        return None
    return f"a seed is a whole number from 0 to 2**64 - 1, not {shown(seed)}"


def _decider(d: Any) -> str:
    return "chance" if d == CHANCE else f"seat {shown(d + 1)}" if type(d) is int and d >= 0 else "nobody"


class Game:
    options: GameOptions
    seed: int
    state: GameState
    history: list[Action]  # every decision, chance outcomes included
    deciders: list[int]
    stack_left: list[int]
    auto_chance: bool
    imagined: bool

    def __init__(self, options: GameOptions, seed: Any, auto_chance: bool | None = None, *,
                 state: GameState | None = None) -> None:
        """A new game. ``options`` are checked here too (a ``GameOptions`` made directly is not checked when made),
        then their combination (``rulebook.resolve``); OptionsError names what is refused.

        With ``state``, a game around a state that exists already, nothing checked or set up: the way ``copy`` makes
        its game (a compiled class cannot be made without its ``__init__``)."""
        if state is not None:
            self.options, self.seed, self.state, self.imagined = options, seed, state, False
            self.history, self.deciders, self.stack_left = [], [], []
            self.auto_chance = (not options.manual_dice) if auto_chance is None else auto_chance
            return
        options.validate()
        why = seed_refusal(seed)
        if why is not None:
            raise OptionsError(why)
        self.options = options
        self.seed = seed
        self.history = []
        self.deciders = []  # who made each decision in history
        # cards still face down in the stack when each decision in history was taken (undo never goes back past a
        # decision after which a card was drawn: see ``undo_barrier``)
        self.stack_left = []
        # chance outcomes are sampled unless a person enters them (table assistant) or a record supplies them
        self.auto_chance = (not options.manual_dice) if auto_chance is None else auto_chance
        # a determinised copy (``determinised``): its hidden parts are imagined, but its seed and history are the
        # real game's, so a record of it (or an undo, which replays one) would rebuild the real hidden order
        self.imagined = False
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
    def new(cls, options: GameOptions | dict[str, Any] | None = None, seed: Any = 0) -> Game:
        opts = GameOptions.from_dict(options) if isinstance(options, dict) else options or GameOptions()
        return cls(opts, seed)  # checked there

    # -- the decision loop --------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.over

    def to_act(self) -> int | None:
        """The seat to decide, ``CHANCE`` (-1) for a chance outcome to enter, or None when the game is over."""
        s = self.state
        if s.over or not s.pending:
            return None
        decider: int = s.pending[-1][DECIDER]
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
        return s.rules.steps[st[KIND]].legal(s, st)

    def apply(self, action: object) -> None:
        """Apply one decision of the seat to act: a tuple as ``legal_actions`` lists it, or a list (as JSON gives).
        Anything else, and an illegal decision, raises IllegalAction and changes nothing (so ``object``: what is not
        a decision is refused in words, not by the compiled build's argument check)."""
        s = self.state
        if s.over:
            raise IllegalAction("the game is over", "End of game")
        st = s.pending[-1]
        if not isinstance(action, tuple):
            if not isinstance(action, list):
                raise IllegalAction(f"{shown(action)} is not a decision: {DECISION_SHAPE}", title(st, s), SHAPE)
            try:
                action = _tupled(action)
            except _NestedTooDeep:
                raise IllegalAction(f"not a decision: its lists are nested more than {DECISION_DEPTH} deep; "
                                    f"{DECISION_SHAPE}", title(st, s), SHAPE) from None
        if _deeper_than(action, DECISION_DEPTH):  # tuples (a Python caller's): before list.index, whose ValueError
            raise IllegalAction(f"not a decision: its tuples or lists are nested more than {DECISION_DEPTH} deep; "
                                f"{DECISION_SHAPE}", title(st, s), SHAPE)  # shows it, a repr recursing once per level
        legal = s.rules.steps[st[KIND]].legal(s, st)
        try:
            listed = legal[legal.index(action)]
        except ValueError:
            raise IllegalAction(refusal(s, st, action), title(st, s), st[KIND]) from None
        # equal is not enough: 1.0 and True equal 1, and a step indexing with them would fail halfway through (a
        # plain loop: about 2% of an apply; a bot passing the listed decision itself skips it)
        for x, y in () if action is listed else zip(action, listed):
            if type(x) is not type(y) or type(x) is tuple:
                wrong = _mistyped(action, listed)
                if wrong is not None:
                    given, expected = wrong
                    raise IllegalAction(f"{shown(action)} gives {shown(given)}, a {_kind(given)}, where the rules list "
                                        f"the {_kind(expected)} {shown(expected)}", title(st, s), SHAPE)
        self.apply_unchecked(action)

    def apply_unchecked(self, a: Action) -> None:
        """Apply a decision taken from ``legal_actions()`` without checking it again (for bots and simulations)."""
        s = self.state
        st = s.pending[-1]
        who: int = st[DECIDER]
        if who == CHANCE:  # an entered or replayed chance outcome uses up one draw, as a sampled one does
            s.rng = splitmix64(s.rng)[0]
        self.deciders.append(who)
        self.history.append(a)
        self.stack_left.append(len(s.deck))
        s.rules.steps[st[KIND]].apply(s, st, a)
        self._advance()

    def _advance(self) -> None:
        """Run the engine's own steps, the automaton's rule-driven steps, and sampled chance outcomes."""
        s = self.state
        steps = s.rules.steps
        while not s.over:
            if not s.pending:
                push_turn(s, s.current)
            st = s.pending[-1]
            who: int = st[DECIDER]
            if who == AUTO:
                steps[st[KIND]].apply(s, st, ("auto",))
            elif who == AUTOMATON:
                step = steps[st[KIND]]
                step.apply(s, st, step.legal(s, st)[0])  # the automaton's rules leave exactly one choice
            elif who == CHANCE and self.auto_chance:
                step = steps[st[KIND]]
                outcomes = step.legal(s, st)
                s.rng, r = splitmix64(s.rng)
                a = outcomes[r % len(outcomes)]
                self.deciders.append(CHANCE)
                self.history.append(a)
                self.stack_left.append(len(s.deck))
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
        if self.imagined:
            raise IllegalAction("a copy with imagined hidden parts has no record (its replay would be the real game's)",
                                "Record")
        return {
            "format": RECORD_FORMAT, "version": RECORD_VERSION, "options": self.options.to_dict(),
            "seed": self.seed, "actions": [list(a) for a in self.history], "deciders": list(self.deciders),
            "state_hash": self.state.hash(),
        }

    @classmethod
    def from_record(cls, rec: Any, upto: int | None = None, check_hash: bool = True) -> Game:
        """Replay a record (``upto``: its first decisions only). Refused with a RecordError naming the field or the
        decision: a field missing or of the wrong type, options that cannot be set up, a decision that is illegal
        or of the wrong type, a decider that is not the one to decide, a state hash the replay does not give."""
        if not isinstance(rec, dict):
            raise RecordError("a game record must be a JSON object")
        if rec.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a game record: format is {shown(rec.get('format'))}, expected "
                              f"{RECORD_FORMAT!r}")
        if rec.get("version") != RECORD_VERSION or type(rec.get("version")) is not int:
            raise RecordError(f"record version {shown(rec.get('version'))} is not supported (this is version "
                              f"{RECORD_VERSION})")
        for key, typ in (("options", dict), ("seed", int), ("actions", list)):
            if not isinstance(rec.get(key), typ):
                raise RecordError(f"record field {key!r} is missing or not a {typ.__name__}")
        why = seed_refusal(rec["seed"])
        if why is not None:
            raise RecordError(f"record field 'seed': {why}")
        deciders = rec.get("deciders")
        if deciders is not None and (not isinstance(deciders, list) or any(type(d) is not int for d in deciders)):
            raise RecordError(f"record field 'deciders' must list one seat (or -1 for chance) per decision: "
                              f"{len(rec['actions'])} whole numbers")
        if "state_hash" in rec and not isinstance(rec["state_hash"], str):
            raise RecordError(f"record field 'state_hash' must be the hash as text, not {shown(rec['state_hash'])}")
        try:
            opts = GameOptions.from_dict(rec["options"])
            resolve(opts)
        except OptionsError as e:
            raise RecordError(f"record field 'options' cannot be set up: {e}") from None
        game = cls(opts, rec["seed"], auto_chance=False)  # chance outcomes come from the record
        actions = rec["actions"] if upto is None else rec["actions"][:upto]
        for i, raw in enumerate(actions):
            if not isinstance(raw, list):
                raise RecordError(f"decision {i + 1}: {shown(raw)} is not a list")
            try:
                action = _tupled(raw)
            except _NestedTooDeep:
                raise RecordError(f"decision {i + 1} is not a decision: its lists are nested more than "
                                  f"{DECISION_DEPTH} deep; {DECISION_SHAPE}") from None
            if deciders is not None and i < len(deciders) and deciders[i] != game.to_act() and not game.is_over:
                raise RecordError(f"decision {i + 1} ({shown(raw)}): the record says {_decider(deciders[i])} "
                                  f"took it, but {_decider(game.to_act())} is to decide in the replayed game")
            try:
                game.apply(action)
            except IllegalAction as illegal:
                raise RecordError(f"decision {i + 1} ({shown(raw)}) is illegal in the replayed game: "
                                  f"{illegal}") from None
        if deciders is not None and len(deciders) != len(rec["actions"]):
            raise RecordError(f"record field 'deciders' must list one seat (or -1 for chance) per decision: "
                              f"{len(rec['actions'])} whole numbers, not {len(deciders)}")
        game.auto_chance = not opts.manual_dice
        if upto is None:
            game._advance()
        if check_hash and upto is None and "state_hash" in rec and rec["state_hash"] != game.state.hash():
            raise RecordError(f"state hash mismatch after replaying {len(actions)} decisions: the record says "
                              f"{shown(rec['state_hash'])}, the replay gives {game.state.hash()}")
        return game

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` whole or not at all: into a new file beside it, flushed to the disk, which
        then takes the place of ``path``. A failed save (disk full, a file size limit, Ctrl+C) removes that new file
        and leaves a file saved there before as it was; the OSError's strerror names the file and what went wrong, and
        says so ("game.json: File too large (the game saved there before is unchanged)")."""
        data = json.dumps(self.record(), indent=1).encode("utf-8")
        target = Path(os.path.realpath(path))  # a link to a saved game: the file it points to is replaced
        tmp = target.with_name(f".{target.name}.{uuid.uuid4().hex[:12]}.tmp")
        existed = target.is_file()
        made = False
        try:
            if target.is_dir():  # refused before anything is written beside it
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
            made = True
            with open(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            if existed:  # the saved game keeps its permissions
                os.chmod(tmp, os.stat(target).st_mode & 0o7777)
            os.replace(tmp, target)
        except BaseException as e:
            if made:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass  # already in the place of the target
            if not isinstance(e, OSError):
                raise
            kept = "the game saved there before is unchanged" if existed else "nothing was written"
            raise OSError(e.errno, f"{path}: {e.strerror or e} ({kept})") from e

    @staticmethod
    def read_record(path: str | Path) -> Any:
        """The JSON of a saved game, not yet checked as a record; a file that cannot be read as JSON text is
        refused with a RecordError naming the file and the problem (not UTF-8, nested too deeply, a number too
        long, NaN...)."""
        def constant(name: str) -> Any:
            raise ValueError(f"{name} is not a number JSON allows")

        try:
            # not blocking on opening: a pipe without a writer reads as empty instead of waiting for one
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
            with open(fd, "rb") as f:
                if getattr(os, "O_NONBLOCK", 0):
                    os.set_blocking(fd, True)
                data = f.read(RECORD_MAX_BYTES + 1)  # no more: /dev/zero has no end
        except OSError as os_error:
            raise RecordError(f"{path}: cannot be read: {os_error.strerror or os_error}") from None
        if len(data) > RECORD_MAX_BYTES:
            raise RecordError(f"{path}: not a game record: it is larger than {RECORD_MAX_BYTES:,} bytes, the most "
                              f"a record file may hold (a whole game's record is well under 1 MB)")
        try:
            return json.loads(data.decode("utf-8"), parse_constant=constant)
        except UnicodeDecodeError as bad_text:
            where = bad_text.start
            raise RecordError(f"{path}: not UTF-8 text (byte {where + 1} is {bad_text.object[where]:#04x}); a saved "
                              f"game is JSON in UTF-8") from None
        except json.JSONDecodeError as bad_json:
            raise RecordError(f"{path}: not valid JSON (line {bad_json.lineno}, column {bad_json.colno}: "
                              f"{bad_json.msg})") from None
        except RecursionError:
            raise RecordError(f"{path}: not a game record: its JSON is nested too deeply to read") from None
        except ValueError as e:  # a number of more than 4,300 digits (Python's limit), NaN or Infinity
            why = "a number in it has more than 4,300 digits" if "digits" in str(e) else str(e)
            raise RecordError(f"{path}: not valid JSON for a record: {why}") from None

    @classmethod
    def load(cls, path: str | Path) -> Game:
        return cls.from_record(cls.read_record(path))

    def undo_barrier(self) -> int:
        """Index into history before which undo may not go: the start of the current seat's turn, a decision of
        another seat, or a decision after which new information was revealed. What was shown cannot be taken back:
        a chance outcome (a die, a volcano tile) is itself a decision of CHANCE, and a card drawn from the stack (a
        refill of the display, whoever caused it) shows as a stack smaller now than when the decision was taken."""
        seat = self.to_act()
        left = len(self.state.deck)
        i = len(self.history)
        while i > 0:
            d = self.deciders[i - 1]
            if d != seat or d == CHANCE or self.stack_left[i - 1] != left:
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
        self._keep_first(len(self.history) - 1)

    def _keep_first(self, n: int) -> None:
        """The game replayed from its first ``n`` decisions (decisions the automaton and the engine took after them
        are replayed, not kept)."""
        rec = self.record()
        rec["actions"], rec["deciders"] = rec["actions"][:n], rec["deciders"][:n]
        g = Game.from_record(rec, check_hash=False)
        self.state, self.history, self.deciders, self.stack_left = g.state, g.history, g.deciders, g.stack_left

    def last_typed_outcome(self) -> int | None:
        """Index into history of the last chance outcome typed in (a game whose dice are entered by hand), or None:
        what ``retype_outcome`` takes back."""
        if self.options.manual_dice:
            for i in range(len(self.history) - 1, -1, -1):
                if self.deciders[i] == CHANCE:
                    return i
        return None

    def retype_outcome(self) -> None:
        """At a real table (dice entered by hand): take back the last outcome typed in, and every decision after it,
        to type it again. The physical die is the truth and a typo is no new information; where the engine draws
        the dice, an outcome is final (``undo`` never goes past one)."""
        i = self.last_typed_outcome()
        if i is None:
            why = ("no die has been entered yet" if self.options.manual_dice
                   else "the dice are drawn by the game, not typed in: an outcome is final")
            raise IllegalAction(why, "Dice")
        self._keep_first(i)

    def copy(self) -> Game:
        g = Game(self.options, self.seed, self.auto_chance, state=self.state.copy())
        g.imagined = self.imagined
        g.history, g.deciders, g.stack_left = self.history.copy(), self.deciders.copy(), self.stack_left.copy()
        return g

    def determinised(self, seat: int | None, rng: random.Random) -> Game:
        """A copy consistent with what ``seat`` sees, the hidden order of the sale stacks reshuffled and chance to
        come drawn from ``rng`` (see :mod:`sestertius.rules.determinise`): what a searching bot may look into."""
        return determinised(self, seat, rng)

    # -- views -------------------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return player_view(self, seat)
