"""The engine's error types, and how a refusal shows the value it refuses. Every refusal leaves the game unchanged."""
from __future__ import annotations

from typing import Any, Final

SHOWN: Final = 80  # the most characters of a refused value a message repeats


def shown(value: Any) -> str:
    """A value as a refusal shows it (its repr): a long one cut short, so that a message never repeats a 100 KB key
    or argument (str() of a 5,000-digit number would itself fail)."""
    if isinstance(value, int) and value.bit_length() > 200:
        return f"a number of about {int(abs(value).bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except RecursionError:  # lists nested hundreds deep
        return "a value nested too deeply to show"
    return cut(text)


def cut(text: str) -> str:
    """Text a refusal repeats (a name, a word given), cut short after SHOWN characters."""
    return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."


class ConcordiaError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(ConcordiaError, ValueError):
    """A decision that the rules do not allow now. ``rule`` names the rule broken in words ("Architect (move)");
    ``code`` is its stable key, what a program acts on: the kind of the step refused (its record's key in the
    rulebook, "arch_move"), or one of ``CODES`` for a refusal that belongs to no step."""

    def __init__(self, message: str, rule: str = "", code: str = "") -> None:
        super().__init__(f"{rule}: {message}" if rule else message)
        self.rule = rule
        self.code = code or CODES.get(rule, "")
        self.detail = message


# the codes of refusals that belong to no step, by the rule named
CODES: Final = {"End of game": "game_over", "Undo": "undo", "Dice": "dice", "Colonist": "colonist", "Record": "record"}
SHAPE: Final = "decision_shape"  # not a decision at all (not a list or tuple, nested too deep, a mistyped argument)


class OptionsError(ConcordiaError, ValueError):
    """Game options that cannot be set up."""


class RecordError(ConcordiaError, ValueError):
    """A saved game or game record that cannot be loaded; the message says what and where."""
