"""Words for decisions: how a decision reads, why an illegal one is refused, and what the seat to decide is asked.
The words of each step kind live in its step record (:class:`sestertius.rules.steps.Step`); this module asks the
record of the step on top of the stack, which is the step every listed or attempted decision belongs to."""
from __future__ import annotations

from typing import Any, Final

from sestertius.data.catalog import GOODS
from sestertius.rules.errors import cut, shown
from sestertius.rules.state import CHANCE, GameState
from sestertius.rules.steps import DECIDER, KIND, Action, Pending

KINDS: Final = ("land", "sea")
COMMON: Final = {  # verbs shared by many steps
    "done": "done",
    "cash": "take the money",
}


def place_name(s: GameState, city: int) -> str:
    """A city's name, or the name of a board's own place past the cities (location ``R + city``: Roma's START)."""
    if city < len(s.board.cities):
        return s.board.cities[city]
    where = s.rules.board.location(s, s.R + city)
    return where["name"] if where else f"place {city}"


def money_words(n: int) -> str:
    """A sum of money in words: '1 sestertius', '3 sestertii'."""
    return f"{n} sesterti{'us' if n == 1 else 'i'}"


def goods_words(goods: tuple[int, ...] | list[int], coins: int = 0) -> str:
    """Goods (a count per type) and sestertii in words for the log: '1 food, 1 tool and 4 sestertii'."""
    parts = [f"{n} {GOODS[g]}" for g, n in enumerate(goods) if n]
    if coins:
        parts.append(money_words(coins))
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def goods_dict(goods: tuple[int, ...] | list[int]) -> dict[str, int]:
    """Goods as a log entry carries them: {name: count}, the types with none left out."""
    return {GOODS[g]: n for g, n in enumerate(goods) if n}


def spot(s: GameState, loc: int) -> dict[str, Any]:
    """A colonist location as the view and the log give it: {"route": r}, {"city": c} or a board's own place."""
    R = s.R
    if loc < R:
        return {"route": loc}
    if loc < R + len(s.board.cities):
        return {"city": loc - R}
    return s.rules.board.location(s, loc) or {"name": f"place {loc - R}"}


def spot_name(s: GameState, loc: int) -> str:
    """A colonist location in words: a route's kind and cities, a city, a board's own place."""
    return s.board.route_name(loc) if 0 <= loc < s.R else place_name(s, loc - s.R)


def describe(s: GameState, a: Action) -> str:
    """A short readable text for a decision of the step on top, e.g. 'move land colonist to land Roma–Novaria'."""
    verb = a[0] if a else ""
    try:
        if s.pending:
            words = s.rules.steps[s.pending[-1][KIND]].words.get(verb)
            if words is not None:
                return words(s, a)
        if verb in COMMON:
            return COMMON[verb]
    except (IndexError, KeyError, TypeError):
        pass
    return cut(" ".join(map(str, a)))  # a decision the steps do not word (e.g. a refused one): cut short


def title(st: Pending, s: GameState) -> str:
    """The name of the rule a step belongs to, given with every refusal."""
    step = s.rules.steps.get(st[KIND])
    return step.title if step else st[KIND]


def refusal(s: GameState, st: Pending, a: Action) -> str:
    """Why ``a`` is not a legal decision for step ``st``: names the rule broken."""
    step = s.rules.steps[st[KIND]]
    if not step.refuses_all:
        verbs = sorted({x[0] for x in step.legal(s, st)})
        accepted = step.verbs | set(verbs)  # a verb of the step is explained even when none of it is legal now
        if not a or not isinstance(a[0], str) or a[0] not in accepted:
            verb = a[0] if a else a  # cut short: a record may hold any verb
            verb = cut(verb) if isinstance(verb, str) else shown(verb)
            return f"'{verb}' is not a decision you can take now; expected one of: {', '.join(verbs)}"
    if step.refuse is not None:
        try:
            return step.refuse(s, st, a)
        except (IndexError, TypeError, KeyError, ValueError):  # e.g. a negative good index in a bit shift
            return f"malformed decision {shown(a)}"
    return f"{describe(s, a)} is not legal now"


def prompt(s: GameState) -> str | None:
    """What the seat to decide is asked now (a person entering a chance outcome at the table included)."""
    if s.over or not s.pending:
        return None
    st = s.pending[-1]
    step = s.rules.steps[st[KIND]]
    words = step.chance_prompt if st[DECIDER] == CHANCE else step.prompt
    return words if isinstance(words, str) else words(s, st)
