"""What a variant may change: the hooks the engine calls at fixed points of a turn. A variant overrides the hooks it
needs and adds step kinds of its own; the base game's code never asks which variant is in play."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from sestertius.rules.steps import Action, Step

if TYPE_CHECKING:  # pragma: no cover
    from sestertius.rules.state import GameState


class Variant:
    name = ""
    option = ""  # the option that switches it on (its value picks the variant's side or flavour)
    steps: ClassVar[tuple[Step, ...]] = ()
    replaces: ClassVar[dict[str, str]] = {}  # base step kinds the variant replaces by its own (the Prefect's step)

    def setup(self, s: GameState) -> None:
        """Adjust the set-up state (called after the mode's and the board's setup)."""

    def turn_started(self, s: GameState, seat: int) -> None:
        """A seat's turn step was just pushed: push a phase to come before the card (on top of it) if any."""

    def before_performing(self, s: GameState, seat: int, key: str | None) -> bool:
        """A seat is about to perform a card: push a phase to come right before it and return True (the variant
        then pushes a ``perform_card`` step under its phase), or return False."""
        return False

    def production_ended(self, s: GameState, prov: int) -> None:
        """A province can no longer produce for the rest of the game (Sicilia's eruption): the variant takes its
        pieces off that province's bonus-marker spot."""

    def storehouse_used(self, s: GameState, seat: int) -> int:
        """Storehouse spaces the variant's pieces take."""
        return 0

    def discard_options(self, s: GameState, seat: int) -> list[Action]:
        """Decisions besides dropping a good for a seat over its storehouse limit."""
        return []

    def discard(self, s: GameState, seat: int, a: Action) -> None:
        """Carry out one of ``discard_options`` (called for every decision that is not a dropped good)."""

    def goods_value(self, s: GameState, seat: int) -> int:
        """Sestertii the variant's pieces add to the value of a seat's goods (Vesta)."""
        return 0

    def public(self, s: GameState) -> dict[str, Any]:
        """The variant's part of every view."""
        return {}
