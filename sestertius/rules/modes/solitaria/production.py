"""The Mercator reaction's production, after Contrarius built its house: the province produces for the players
(Contrarius never receives goods), or if it already produced, the bonus markers are reactivated when at least 3
show their coins."""
from __future__ import annotations

from sestertius.data.catalog import GOODS
from sestertius.data.solitaria import SoloData
from sestertius.rules.modes.solitaria.contrarius import chooser, humans, say
from sestertius.rules.state import GameState
from sestertius.rules.turn import queue_overflow


def players_produce(s: GameState, prov: int) -> str:
    """The players' houses in a province produce (Contrarius' never do); returns words for the log. With two players
    (third player, team play) every player's houses produce (A-SOLO-PRODUCE-ALL)."""
    parts = []
    for seat in humans(s):
        got = [0] * 5
        bit = 1 << seat
        for c in s.board.province_cities[prov]:
            if s.houses[c] & bit:
                got[s.city_good[c]] += 1
        p = s.players[seat]
        for g, n in enumerate(got):
            p.goods[g] += n
        who = "you" if s.options.players == 1 else f"seat {seat + 1}"
        parts.append(f"{who} receive{'s' * (who != 'you')} "
                     + (", ".join(f"{n} {GOODS[g]}" for g, n in enumerate(got) if n)
                        or ("nothing (no house of yours)" if who == "you" else "nothing (no house there)")))
    return "; ".join(parts)


def produce_with_markers(s: GameState, d: SoloData, prov: int) -> None:
    """The province produces if its bonus marker shows its good; else all markers are reactivated when enough show
    their coins."""
    pname = s.board.provinces[prov]
    rules = s.rules.board
    if not rules.can_produce(s, prov):
        say(s, f"{pname} can no longer produce (volcano): nothing happens", province=prov)
        return
    if s.marker_up[prov]:
        s.marker_up[prov] = False
        gained = players_produce(s, prov)
        say(s, f"activates {pname} for production: {gained}; Contrarius receives no goods", province=prov)
        queue_overflow(s, chooser(s))
        return
    need = d.reactions["mercator"].get("reactivate_min_coins", 3)
    # markers that left the map (Sicilia's erupted provinces) show no coins
    coins = sum(1 for i, up in enumerate(s.marker_up) if not up and rules.can_produce(s, i))
    if coins >= need:
        s.marker_up = [True] * len(s.marker_up)
        say(s, f"{pname} has already produced and {coins} bonus markers show coins (at least {need}): "
               f"all bonus markers are reactivated", province=prov)
    else:
        say(s, f"{pname} has already produced and only {coins} bonus marker{'s' * (coins != 1)} show coins "
               f"(fewer than {need}): nothing happens", province=prov)
