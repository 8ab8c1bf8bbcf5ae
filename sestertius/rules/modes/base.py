"""The base game's mode: the hooks through which other modes (team play, Solitaria) change the turn, money, the
Diplomat, Praefectus Magnus, the end of the game and the ranking."""
from __future__ import annotations

from typing import Any, ClassVar

from sestertius.data.catalog import Card
from sestertius.rules.scoring import ranking
from sestertius.rules.state import NOBODY, GameState, TurnInfo
from sestertius.rules.steps import Step
from sestertius.rules.turn import effective_top, push_turn, refill_display


class Ruleset:
    """The base game. Modes subclass it; :mod:`sestertius.rules.rulebook` picks one per game."""

    name = "base"
    steps: ClassVar[tuple[Step, ...]] = ()  # the mode's own step kinds
    partner_copies_same = False  # team play: the partner of a Diplomat performs the card it copied (Solitaria)
    # several seats perform the turn's card (team play): a variant's phase before the card comes right before each
    # performance instead of before the card is chosen (the fish market)
    partners_perform = False

    def setup(self, s: GameState) -> None:
        pass

    def pm_bonus(self, s: GameState, seat: int) -> bool:
        """Does producing with a Prefect give this seat the Praefectus Magnus double bonus (and pass it on)?"""
        return s.pm == seat

    def pm_next(self, s: GameState, seat: int) -> int:
        """Who receives Praefectus Magnus after ``seat`` used it: the player to the right."""
        return (seat - 1) % s.n

    def venus_with(self, s: GameState, seat: int) -> tuple[int, ...] | None:
        """Team play's Venus: the seats whose houses make a province count for this seat (1 VP per province where
        this seat and one of them have a house); None: the individual Venus."""
        partner = self.partner(s, seat)
        return None if partner is None else (partner,)

    def before_partner(self, s: GameState) -> None:
        """Team play: called when the second partner starts performing the turn's card (after the first action)."""

    def after_card(self, s: GameState, seat: int, card: Card) -> None:
        """Push reaction steps to run after the card's own steps (nothing in the base game)."""

    def diplomat_targets(self, s: GameState, seat: int) -> list[tuple[int, str]]:
        """(target id, card key) pairs a Diplomat may copy: the top card of each other player's pile."""
        out = []
        for other in range(s.n):
            if other != seat:
                card = effective_top(s, s.players[other].pile)
                if card is not None:
                    out.append((other, card))
        return out

    def perform(self, s: GameState, seat: int, card: Card) -> None:
        """Perform a card action the base game does not know."""
        raise ValueError(f"card {card.key}: action {card.action!r} is not part of mode {self.name!r}")

    def copy_done(self, s: GameState, seat: int, target: int) -> None:
        """Called after a Diplomat copied from ``target`` (Solitaria flips Contrarius' card)."""

    def receives_goods(self, s: GameState, seat: int) -> bool:
        """Do this seat's houses produce goods for it? (Solitaria's Contrarius never receives goods.)"""
        return True

    def fish_paid(self, s: GameState, seat: int, n: int) -> None:
        """Fish-market variant: ``seat`` paid ``n`` fish at a stand (they go back to the supply; Solitaria gives them
        to Contrarius)."""

    def final_extras(self, s: GameState, seat: int) -> dict[str, int]:
        """Points of the final scoring beyond the gods, the Concordia card and the points from play (Solitaria:
        Contrarius' fish)."""
        return {}

    def automaton(self, s: GameState) -> int | None:
        """The seat of an automaton that plays against the players (Solitaria's Contrarius), or None."""
        return None

    def automaton_track(self, s: GameState) -> tuple[int, ...]:
        """The automaton's houses on its victory point track, their spaces lowest first (Solitaria's expert levels:
        Contrarius builds each its marker reaches); empty without an automaton or such houses."""
        return ()

    def partner(self, s: GameState, seat: int) -> int | None:
        """The seat's team partner (team play), or None."""
        return None

    def funds(self, s: GameState, seat: int) -> int:
        """Sestertii the seat can spend now (team play: a partner's money may be taken too)."""
        return s.players[seat].money

    def spend(self, s: GameState, seat: int, amount: int) -> None:
        s.players[seat].money -= amount

    def ranking(self, s: GameState) -> list[int]:
        return ranking(s)

    def result(self, s: GameState) -> dict[str, float]:
        """The mode's results beyond the seats' scores, by name (Solitaria: Contrarius', the player's, the team's
        total); read through ``Game.result()`` once the game is over."""
        return {}

    def public(self, s: GameState) -> dict[str, Any]:
        """What every seat may see of the mode's own part of the state (Solitaria: a summary of Contrarius),
        computed when a view is made; a view shows it as ``extra``."""
        return {}

    def next_seat(self, s: GameState, seat: int) -> int:
        return (seat + 1) % s.n

    def on_end_trigger(self, s: GameState, seat: int) -> None:
        if s.concordia == NOBODY:
            s.concordia = seat
            s.final_turns = s.n  # this turn and one more turn for every other player
            s.log("concordia", seat, "takes the Concordia card: every other player has one more turn")

    def end_turn(self, s: GameState) -> None:
        refill_display(s)
        if s.final_turns > 0:
            s.final_turns -= 1
            if s.final_turns == 0:
                s.over = True
                return
        s.current = self.next_seat(s, s.current)
        s.turn += 1
        s.turn_info = TurnInfo()
        push_turn(s, s.current)
