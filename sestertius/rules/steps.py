"""What a pending step is: one record per step kind holding its legal decisions, its effect, its words and the
wording of its refusals.

A pending step on ``state.pending`` is a tuple ``(kind, decider, *args)``; the top of the stack (its last item) is
the next decision. Its record names the fields after the kind (``fields``, then ``optional`` trailing ones). Fields
are read by name through ``Final`` index constants, ``KIND`` and ``DECIDER`` here and the others next to each step's
record, named after the step and the field (``st[ARCH_MOVE_POINTS]``: an Architect's movement points left); a test
ties the constants to the records. Steps stay bare tuples, cheap to make and copy (mypyc inlines the constants).
Every push supplies every field, an optional one ``None`` when it does not apply; the state's hash leaves such
trailing ``None`` out (:meth:`Step.saved`), as the pushes did before they supplied them.
:mod:`sestertius.rules.rulebook` gathers the records of the base cards, the modes, the boards and the variants into
one table. Decisions ("actions") are short tuples of a verb
and ints or strings, e.g. ``("move", 3, 17)`` or ``("build", 12)``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # pragma: no cover
    from sestertius.data.catalog import Card
    from sestertius.rules.state import GameState

Action = tuple[Any, ...]  # a verb and its arguments: ("move", 3, 17)
Pending = tuple[Any, ...]  # a step on the stack: (kind, decider, *arguments)
LegalFn = Callable[["GameState", Pending], list[Action]]
ApplyFn = Callable[["GameState", Pending, Action], None]
WordsFn = Callable[["GameState", Action], str]
RefuseFn = Callable[["GameState", Pending, Action], str]
PromptFn = Callable[["GameState", Pending], str]
# what performing a card of one action does for a seat (pushes the action's steps or carries it out at once): each
# card module lists its own in ``PERFORMERS``, gathered by the rulebook (``Rulebook.performers``)
PerformFn = Callable[["GameState", int, "Card"], None]

KIND: Final = 0  # every step: its kind, the key of its record
DECIDER: Final = 1  # every step: the seat to decide, or CHANCE, AUTO, AUTOMATON

DONE: Final[Action] = ("done",)
AUTO_ACTION: Final[Action] = ("auto",)


@dataclass(frozen=True)
class Step:
    kind: str
    title: str  # the rule's name, given with every refusal ("Architect (move)")
    legal: LegalFn
    apply: ApplyFn
    fields: tuple[str, ...] = ("seat",)  # the names of the pending tuple's fields after the kind: the decider first
    optional: tuple[str, ...] = ()  # trailing fields that may not apply: None then
    prompt: str | PromptFn = "Your decision."  # what the seat to decide is asked (fixed words or made from the step)
    # what a person at the table is asked for a chance outcome
    chance_prompt: str | PromptFn = "Chance: enter the outcome."
    words: Mapping[str, WordsFn] = field(default_factory=dict)  # verb -> how a decision of this step reads
    # why a decision whose verb the step accepts is refused; None: the generic "not legal now"
    refuse: RefuseFn | None = None
    # verbs the step accepts even when none of their decisions is legal now (so that a refusal can say why)
    verbs: frozenset[str] = frozenset()
    refuses_all: bool = False  # ``refuse`` words every refusal itself, unknown verbs included
    # a first game's guide: what to do at this step and how, one sentence (the view carries it; "" none)
    guide: str = ""

    def saved(self, st: Pending) -> list[Any]:
        """The step as the state's dict and hash hold it: trailing optional fields that are None left out (pushes
        once left them out, and the golden records' state hashes were made so)."""
        out = list(st)
        if self.optional:
            least = 1 + len(self.fields)
            while len(out) > least and out[-1] is None:
                out.pop()
        return out


def legal_auto(s: GameState, st: Pending) -> list[Action]:
    """The one decision of a step the engine resolves itself."""
    return [AUTO_ACTION]


def auto_step(kind: str, title: str, apply: ApplyFn, fields: tuple[str, ...] = ("decider",)) -> Step:
    """A step of the engine's own bookkeeping (decider AUTO)."""
    return Step(kind, title, legal_auto, apply, fields=fields)
