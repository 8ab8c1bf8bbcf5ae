"""The engine's error types. Every refusal leaves the game unchanged."""


class ConcordiaError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(ConcordiaError, ValueError):
    """A decision that the rules do not allow now. ``rule`` names the rule broken."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(f"{rule}: {message}" if rule else message)
        self.rule = rule
        self.detail = message


class OptionsError(ConcordiaError, ValueError):
    """Game options that cannot be set up."""


class RecordError(ConcordiaError, ValueError):
    """A saved game or game record that cannot be loaded; the message says what and where."""
