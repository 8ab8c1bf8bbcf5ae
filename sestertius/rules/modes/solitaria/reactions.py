"""Contrarius' reaction to each card: the reaction printed on the card the player played (a Diplomat: the card it
copied; a double card: the half performed first; a Legatus: the partner's card), as data (``[reactions]`` by action,
``[card_reactions]`` by card). A reaction scores points or pushes its dice and its house."""
from __future__ import annotations

from typing import Any, Protocol, cast

from sestertius.data.catalog import GOODS
from sestertius.data.solitaria import SoloData
from sestertius.rules.modes.solitaria.contrarius import F_NONE, best_specialist, cseat, data, say, score
from sestertius.rules.state import AUTOMATON, CHANCE, GameState, TurnInfo
from sestertius.rules.steps import Action, Pending


class Reacting(Protocol):
    """What a reaction asks of the ruleset (the modes against Contrarius)."""

    def reaction(self, d: SoloData, key: str) -> dict[str, Any] | None: ...

    def whose(self, s: GameState) -> str: ...


def first_info(s: GameState) -> TurnInfo:
    """What the first action of the turn did (team play: before the partner performed the card too)."""
    return s.turn_info.first or s.turn_info


def reaction_card(s: GameState) -> str | None:
    """The card whose reaction applies: the card played, for a Diplomat the card it copied, for a double card the
    half chosen first, for a Legatus the card the partner played."""
    key = s.turn_info.card
    info = first_info(s)
    if key is not None and s.cat.cards[key].action == "legatus":
        key = s.turn_info.partner_card
    if key is not None and s.cat.cards[key].action == "diplomat":
        key = info.copied
    if key is not None and s.cat.cards[key].action == "double":
        key = info.half
    return key


def legal_react(s: GameState, st: Pending) -> list[Action]:
    return [("react",)]


def apply_react(s: GameState, st: Pending, a: Action) -> None:
    s.pending.pop()
    d = data(s)
    key = reaction_card(s)
    if key is None:
        say(s, "does not react: no card was played")
        return
    card = s.cat.cards[key]
    rs = cast(Reacting, s.rules.mode)
    r = rs.reaction(d, key)
    played = s.cat.cards[s.turn_info.card or key]
    head = (f"reacts to {rs.whose(s)} {played.title}"
            + ("" if played.key == key else f" (copying {card.title})" if played.action == "diplomat"
               else f" ({card.title})"))
    info = first_info(s)
    if r is None:
        say(s, f"{head}: this card has no reaction")
        return
    kind = r["kind"]
    if kind == "take_card":
        say(s, f"{head}: rolls the {d.dice[r['die']].name} for the display card it takes")
        s.pending.append(("contrarius_roll", CHANCE, r["die"], "take", F_NONE))
    elif kind == "prefect":
        pinfo = info.prefect
        if pinfo and pinfo[0] == "produce":
            prov = pinfo[1]
            n = sum(s.houses[c].bit_count() for c in s.board.province_cities[prov])
            vp = max(r["produce_min_vp"], r["produce_vp_per_house"] * n)
            why = (f"{n} house{'s' * (n != 1)} in {s.board.provinces[prov]}"
                   + (f", at least {r['produce_min_vp']}" if vp > r["produce_vp_per_house"] * n else ""))
            score(s, vp, f"{head}: you produced, so it scores {vp} VP ({why})")
        else:
            score(s, r["cash_vp"], f"{head}: you reactivated the provinces, so it scores {r['cash_vp']} VP")
    elif kind in ("build", "build_produce"):
        say(s, f"{head}: builds a house; rolls the {d.dice[r['die']].name} for the good")
        s.pending.append(("contrarius_roll", CHANCE, r["die"], kind, F_NONE))
    elif kind == "tribune":
        spec, good = best_specialist(s, d)
        say(s, f"{head}: 1. builds a house in a {GOODS[good]} city (its best specialist: "
               f"{s.cat.cards[spec].title if spec else 'none'}); 2. rolls the {d.dice[r['die']].name}")
        s.pending.append(("contrarius_roll", CHANCE, r["die"], "colonist", F_NONE))
        s.pending.append(("contrarius_build", AUTOMATON, good, "tribune", F_NONE))
        board_reaction(s, d, kind)
    elif kind == "colonist":
        if info.colonist == "cash":
            score(s, r["cash_vp"], f"{head}: you took the money, so it scores {r['cash_vp']} VP")
        else:
            say(s, f"{head}: you placed colonists, so it rolls the {d.dice[r['die']].name}")
            s.pending.append(("contrarius_roll", CHANCE, r["die"], "colonist", F_NONE))
    elif kind == "vp":
        score(s, r["vp"], f"{head}: scores {r['vp']} VP")


def board_reaction(s: GameState, d: SoloData, kind: str) -> None:
    """What the board adds to a reaction (Sicilia: Contrarius draws a volcano tile when it reacts to a Tribune)."""
    rule = d.boards.get(s.board.name, {})
    if kind in rule.get("volcano_reactions", ()):
        say(s, f"draws a volcano tile as well ({s.board.title or s.board.name}: it reacts to a Tribune); "
               f"its bonus goes to nobody")
        s.rules.board.after_recover(s, cseat(s))  # on top: drawn before its house and its die (A-SOLO-VOLCANO)
