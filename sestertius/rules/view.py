"""What one seat may see. Everything sent to a browser or a bot goes through ``player_view``: the deck order is
never included (only its size and the numeral on its top card's back), nor another player's hand (only its size).
The log is the same for every seat and tells only what happens in the open; the running score ("standing") counts
a player's cards, hand included, but every card a player holds is known to all: the starting hand and each card
bought in the open.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from sestertius.data.board import KIND_NAMES
from sestertius.data.catalog import ANY, GOODS, NO_GOOD, assumptions_for
from sestertius.rules.cards.architect import ARCH_MOVE_POINTS
from sestertius.rules.scoring import god_table, score_all
from sestertius.rules.state import STORE, GameState
from sestertius.rules.steps import KIND
from sestertius.rules.words import describe, prompt

if TYPE_CHECKING:  # pragma: no cover
    from sestertius.rules.game import Game


def public_board(game: Game) -> dict[str, Any]:
    s = game.state
    b = s.board
    br = s.rules.board
    return {
        "board": b.name,
        "cities": [
            {"id": c, "name": name, "good": GOODS[s.city_good[c]] if s.city_good[c] != NO_GOOD else None,
             "province": b.province_of[c], "capital": c == b.capital, "lat": b.lat[c], "lon": b.lon[c],
             "houses": [seat for seat in range(s.n) if s.houses[c] >> seat & 1],
             "can_build": c != b.capital and br.can_build(s, c)}
            for c, name in enumerate(b.cities)
        ],
        "routes": [{"id": r.id, "kind": ("land", "sea")[r.kind], "a": r.a, "b": r.b, "no_stop": r.no_stop,
                    "colonist": s.route_occ[r.id]} for r in b.routes],
        "provinces": [{"id": i, "name": name, "good": GOODS[s.marker_good[i]], "good_side": s.marker_up[i],
                       "coins": br.marker_coins(s, i), "can_produce": br.can_produce(s, i),
                       "production_bonus": br.production_bonus(s, i)}
                      for i, name in enumerate(b.provinces)],
        **br.public(s),  # the board's own public state (Sicilia's volcano, Balearica's start boats)
    }


LOG_SHOWN: Final = 200  # the last entries of the log a view carries


def since_last_turn(s: GameState, seat: int) -> int:
    """The index of the first log entry since the seat's last turn: the entry after the seat's last one (of an
    earlier turn, when the seat is playing its turn now), 0 when it has none yet."""
    ev = s.events
    playing = s.current == seat and not s.over
    for i in range(len(ev) - 1, -1, -1):
        e = ev[i]
        if e["seat"] == seat and not (playing and e["turn"] == s.turn):
            return i + 1
    return 0


def player_view(game: Game, seat: int | None) -> dict[str, Any]:
    s = game.state
    cat = s.cat
    R = s.R
    RC = R + len(s.board.cities)
    br = s.rules.board
    players = []
    rs = s.rules.mode
    for i, p in enumerate(s.players):
        colonists = []
        for slot, loc in enumerate(p.col):
            kind = KIND_NAMES[s.kind_of(slot)]
            where = ("store" if loc == STORE else {"route": loc} if loc < R else {"city": loc - R} if loc < RC
                     else br.location(s, loc))  # past the cities: a board's own place (a start boat)
            colonists.append({"slot": slot, "kind": kind, "at": where})
        mine = seat == i
        players.append({
            "seat": i, "money": p.money, "goods": dict(zip(GOODS, p.goods)), "colonists": colonists,
            "houses": p.houses, "houses_left": cat.houses - len(p.houses) - br.other_houses(s, i),
            "storehouse": {"used": s.storehouse_used(i), "size": cat.storehouse},
            "hand": list(p.hand) if mine else None, "hand_size": len(p.hand),
            "pile_top": p.pile[-1] if p.pile else None, "pile_size": len(p.pile),
            "vp": p.vp, "partner": rs.partner(s, i),
        })
    to_act = game.to_act()
    legal = game.legal_actions() if seat is not None and to_act == seat else []
    out = {
        "options": game.options.to_dict(),
        "turn": s.turn, "current": s.current, "to_act": to_act, "over": s.over,
        "step": [s.pending[-1][KIND]] if s.pending and not s.over else None, "prompt": prompt(s),
        "guide": s.rules.steps[s.pending[-1][KIND]].guide if s.pending and not s.over else "",
        "movement_points": (s.pending[-1][ARCH_MOVE_POINTS] if s.pending and s.pending[-1][KIND] == "arch_move"
                            and not s.over else None),
        "pm": s.pm, "concordia": s.concordia, "final_turns": s.final_turns,
        "display": [{"card": key, "extra": [("any" if g == ANY else GOODS[g]) for g in s.display_costs[i]]}
                    for i, key in enumerate(s.display)],
        "deck_size": len(s.deck), "deck_top": s.deck_labels[-1] if s.deck_labels else None,
        "players": players, **public_board(game),
        "legal": [{"action": list(a), "text": describe(s, a)} for a in legal],
        "events": s.events[-LOG_SHOWN:],
        "events_from": max(0, len(s.events) - LOG_SHOWN),  # the index of the first entry shown in the whole log
        "since": since_last_turn(s, seat) if seat is not None and seat >= 0 else None,
        "can_undo": seat is not None and to_act == seat and game.can_undo(),
        "assumptions": assumptions_for(game.options),
    }
    if not s.over:
        out["standing"] = score_all(s)  # the running score: each seat's points were the game to end now
    if s.over:
        out["scores"] = game.scores()
        out["score_table"] = [god_table(s, seat) for seat in range(s.n)]
        out["ranking"] = game.ranking()
    if s.intermediate:
        out["intermediate"] = s.intermediate
    for variant in s.rules.variants:
        out.update(variant.public(s))
    extra_view = rs.public(s)  # the mode's own public part (Solitaria's Contrarius)
    if extra_view:
        out["extra"] = extra_view
    return out
