"""Words for decisions: how a decision reads, why an illegal one is refused, and what the seat to decide is asked.
The words of each step kind live in its step record (:class:`sestertius.rules.steps.Step`); this module asks the
record of the step on top of the stack, which is the step every listed or attempted decision belongs to."""
from __future__ import annotations

from sestertius.rules.state import CHANCE, GameState
from sestertius.rules.steps import Action, Pending

KINDS = ("land", "sea")
COMMON = {  # verbs shared by many steps
    "done": "done",
    "cash": "take the money",
}


def place_name(s: GameState, city: int) -> str:
    """A city's name, or the name of a board's own place past the cities (location ``R + city``: Roma's START)."""
    if city < len(s.board.cities):
        return s.board.cities[city]
    where = s.rules.board.location(s, s.R + city)
    return where["name"] if where else f"place {city}"


def describe(s: GameState, a: Action) -> str:
    """A short readable text for a decision of the step on top, e.g. 'move land colonist to land Roma–Novaria'."""
    verb = a[0] if a else ""
    try:
        if s.pending:
            words = s.rules.steps[s.pending[-1][0]].words.get(verb)
            if words is not None:
                return words(s, a)
        if verb in COMMON:
            return COMMON[verb]
    except (IndexError, KeyError, TypeError):
        pass
    return " ".join(map(str, a))


def title(st: Pending, s: GameState) -> str:
    """The name of the rule a step belongs to, given with every refusal."""
    step = s.rules.steps.get(st[0])
    return step.title if step else st[0]


def refusal(s: GameState, st: Pending, a: Action) -> str:
    """Why ``a`` is not a legal decision for step ``st``: names the rule broken."""
    step = s.rules.steps[st[0]]
    if not step.refuses_all:
        verbs = sorted({x[0] for x in step.legal(s, st)})
        accepted = step.verbs | set(verbs)  # a verb of the step is explained even when none of it is legal now
        if not a or not isinstance(a[0], str) or a[0] not in accepted:
            return f"'{a[0] if a else a}' is not a decision you can take now; expected one of: {', '.join(verbs)}"
    if step.refuse is not None:
        try:
            return step.refuse(s, st, a)
        except (IndexError, TypeError, KeyError, ValueError):  # e.g. a negative good index in a bit shift
            return f"malformed decision {a!r}"
    return f"{describe(s, a)} is not legal now"


def prompt(s: GameState) -> str | None:
    """What the seat to decide is asked now (a person entering a chance outcome at the table included)."""
    if s.over or not s.pending:
        return None
    st = s.pending[-1]
    step = s.rules.steps[st[0]]
    words = step.chance_prompt if st[1] == CHANCE else step.prompt
    return words if isinstance(words, str) else words(s, st)
