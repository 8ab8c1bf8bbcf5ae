"""The fish market with Contrarius (solitaria-solo.txt, "Fish market of the Balearica expansion"): the fish the
players pay at a stand go to Contrarius, who scores them at the end; its Mercator reaction takes a province's fish
(A-SOLO-FISH; with two players A-TWO-FISH)."""
from __future__ import annotations

from sestertius.data.solitaria import SoloData
from sestertius.rules.modes.solitaria.contrarius import chooser, data, part, say
from sestertius.rules.modes.solitaria.production import players_produce
from sestertius.rules.state import GameState
from sestertius.rules.turn import queue_overflow
from sestertius.rules.variants.fish_part import empty_spots, fish, fish_bonus, regrow


def vp_per_fish(s: GameState) -> int:
    return int(data(s).fish_market.get("vp_per_fish", 1))


def take_paid_fish(s: GameState, seat: int, n: int) -> None:
    """The fish a player paid at the market go to Contrarius instead of the supply."""
    info = part(s)
    assert info.fish is not None
    info.fish += n
    who = "you" if s.options.players == 1 else f"seat {seat + 1}"
    say(s, f"takes the {n} fish {who} paid at the market (now {info.fish} fish, "
           f"{data(s).fish_market.get('vp_per_fish', 1)} VP each at the end)", fish=n)


def fish_points(s: GameState) -> int:
    """Contrarius' points for its fish at the end."""
    return (part(s).fish or 0) * vp_per_fish(s)


def produce_fish(s: GameState, d: SoloData, prov: int) -> None:
    """Mercator reaction with the fish market: the province produces and Contrarius takes its fish (the bonus good);
    if it has no fish (it produced), the fish regrow as after a Prefect's cash when at least 3 provinces have none
    (A-SOLO-FISH). On Sicilia (A-SOLO-FISH-SICILIA) a province that can no longer produce does nothing, and one that
    lost its production bonus produces but its fish go back to the supply, as for a player's Prefect."""
    f = fish(s)
    pname = s.board.provinces[prov]
    if not s.rules.board.can_produce(s, prov):
        say(s, f"{pname} can no longer produce (volcano): nothing happens", province=prov)
        return
    if f.spots[prov]:
        n = f.spots[prov]
        f.spots[prov] = 0
        gained = players_produce(s, prov)
        s.marker_up[prov] = False
        if fish_bonus(s, prov):
            info = part(s)
            assert info.fish is not None
            info.fish += n
            say(s, f"activates {pname} for production: {gained}; Contrarius takes its {n} fish, the bonus "
                   f"good (now {info.fish} fish)", province=prov, fish=n)
        else:
            say(s, f"activates {pname} for production: {gained}; its {n} fish go back to the supply (the province "
                   f"has lost its production bonus)", province=prov)
        queue_overflow(s, chooser(s))
        return
    need = int(d.fish_market.get("reactivate_min_empty", 3))
    empty = empty_spots(s)
    if empty >= need:
        regrow(s)
        say(s, f"{pname} has already produced and {empty} provinces have no fish (at least {need}): the fish "
               f"regrow as after a Prefect's cash (1 fish -> 2, each empty spot gets 1)", province=prov)
    else:
        say(s, f"{pname} has already produced and only {empty} province{'s' * (empty != 1)} have no fish "
               f"(fewer than {need}): nothing happens", province=prov)
