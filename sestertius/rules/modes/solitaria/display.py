"""Contrarius takes a card of the display (its Architect-like reactions, and the supplementary rules' fallback)."""
from __future__ import annotations

from sestertius.data.solitaria import SoloData
from sestertius.rules.modes.solitaria.contrarius import F_BUILD, F_CARD, con, cseat, say
from sestertius.rules.state import CHANCE, GameState
from sestertius.rules.turn import display_empty, refill_display, trigger_end


def take_card(s: GameState, d: SoloData, pos: int, why: str, chain: int) -> None:
    """Take the display card at a position (1-based) face up; position empty: the first card; no card at all: build a
    house with the white Senator/Consul die."""
    refill_display(s)
    cards = [i for i, k in enumerate(s.display) if k is not None]
    if not cards:
        if chain & (F_CARD | F_BUILD):
            say(s, f"{why}: no card is left and it cannot build either: Contrarius does nothing")
            return
        say(s, f"{why}: no card is left in the display; it builds a house with the "
               f"{d.dice['senator'].name} instead")
        s.pending.append(("contrarius_roll", CHANCE, "senator", "build", chain | F_CARD))
        return
    i = pos - 1
    note = ""
    if pos > d.take_positions or i >= len(s.display) or s.display[i] is None:
        note = f"; no card at position {pos}, so it takes the first card"
        i = cards[0]
    key = s.display[i]
    assert key is not None
    s.display[i] = None
    con(s).hand.append(key)
    say(s, f"takes {s.cat.cards[key].title} from position {i + 1} of the display face up ({why}{note})", card=key)
    refill_display(s)
    if display_empty(s):
        trigger_end(s, cseat(s))
