"""``concordia solo``: a game of Solitaria against Contrarius in the terminal.

Shows the state compactly, numbers the legal decisions with readable texts, prints Contrarius' explanations as it
reacts, and with ``--dice manual`` asks for every die face (the table assistant: play with the physical dice and let
the program run Contrarius). ``--campaign NAME`` plays the next game of a campaign and records its result.
Commands at any prompt: a number, Enter (the default, where there is one), ``b`` the board (cities, goods, houses,
lines with colonists), ``u`` undo, ``s FILE`` save the game record, ``v`` the scores so far, ``h`` help, ``q`` quit.
"""
from __future__ import annotations

import argparse
import random
import sys
from typing import Callable, TextIO

from sestertius.data.catalog import GOODS
from sestertius.rules.errors import ConcordiaError
from sestertius.rules.game import Game
from sestertius.rules.options import GameOptions
from sestertius.rules.state import CHANCE, STORE
from sestertius.rules.modes import solitaria
from sestertius.data.solitaria import solo_data

HELP = ("Enter the number of a decision (Enter alone takes the default where one is marked). "
        "b: the board · u: undo · s FILE: save the game record · v: scores so far · h: help · q: quit")
DEFAULT_STEPS = ("contrarius_move", "contrarius_line")  # Contrarius' choices left to the player: option 1 = default


def _cards(game: Game, keys: list[str] | tuple[str, ...]) -> str:
    return ", ".join(game.state.cat.cards[k].title.replace(" (Contrarius)", "") for k in keys) or "-"


def _cities(game: Game, cities: list[int]) -> str:
    s = game.state
    return ", ".join(f"{s.board.cities[c]}" for c in cities) or "-"


def _colonists(game: Game, seat: int) -> str:
    s = game.state
    out = []
    for slot, loc in enumerate(s.players[seat].col):
        if loc == STORE:
            continue
        kind = "land" if slot < s.cat.land_colonists else "sea"
        where = s.board.route_name(loc).split(" ", 1)[1] if loc < s.R else f"in {s.board.cities[loc - s.R]}"
        out.append(f"{kind} {where}")
    return "; ".join(out) or "-"


def render_state(game: Game) -> str:
    s = game.state
    cat = s.cat
    p = s.players[solitaria.PLAYER]
    c = s.players[solitaria.CONTRARIUS]
    info = s.rules.mode.public(s)["contrarius"]
    goods = " ".join(f"{GOODS[g]} {n}" for g, n in enumerate(p.goods) if n) or "none"
    display = []
    for i, key in enumerate(s.display):
        if key is None:
            continue
        card = cat.cards[key]
        cost = " ".join(f"{GOODS[g]}" for g, n in enumerate(card.cost) for _ in range(n)) or "free"
        extra = "+".join("any" if g < 0 else GOODS[g] for g in s.display_costs[i])
        display.append(f"{i + 1} {card.title} ({cost}{' + ' + extra if extra else ''})")
    produced = [s.board.provinces[i] for i, up in enumerate(s.marker_up) if not up]
    lines = [
        f"── turn {s.turn + 1} · {s.board.title} · {info['difficulty']} · deck {len(s.deck)} cards"
        + (f" · game ends after {'this turn' if s.final_turns == 1 else 'the next turn'}" if s.final_turns > 0 else ""),
        f"You: {p.money} sestertii · {goods} ({s.storehouse_used(0)}/{cat.storehouse}) · VP so far {p.vp}",
        f"  houses {len(p.houses)}/15: {_cities(game, p.houses)}",
        f"  colonists: {_colonists(game, 0)}",
        f"  hand: {_cards(game, p.hand)} · played: {_cards(game, p.pile)}",
        f"Contrarius: {c.vp} VP · houses {len(c.houses)}/15: {_cities(game, c.houses)}"
        + (f" · houses on the VP track at {', '.join(map(str, info['track']))}" if info["track"] else ""),
        f"  colonists: {_colonists(game, 1)}",
        f"  cards face up: {_cards(game, c.hand)} · face down: {_cards(game, c.pile)}",
        f"Display: {' | '.join(display) or 'empty'}",
        f"Provinces that have produced: {', '.join(produced) or 'none'}",
    ]
    return "\n".join(lines)


def render_board(game: Game) -> str:
    """Every province with its marker and its cities (good, houses: Y you, C Contrarius), and the occupied lines."""
    s = game.state
    b = s.board
    lines = []
    for i, name in enumerate(b.provinces):
        cities = []
        for c in b.province_cities[i]:
            who = "".join(mark for seat, mark in ((0, "Y"), (1, "C")) if s.houses[c] >> seat & 1)
            cities.append(f"{b.cities[c]} {GOODS[s.city_good[c]]}" + (f" [{who}]" if who else ""))
        side = GOODS[s.marker_good[i]] if s.marker_up[i] else "coins"
        lines.append(f"  {name} ({side}): {', '.join(cities)}")
    occupied = [f"{b.route_name(r)} {'YC'[o]}" for r, o in enumerate(s.route_occ) if o >= 0]
    lines.append(f"  capital {b.cities[b.capital]} · lines with colonists: {'; '.join(occupied) or 'none'}")
    return "\n".join(lines)


def render_scores(game: Game) -> str:
    scores = game.scores()
    gods = [g for g in scores[0] if g != "total"]
    head = f"{'':12}" + "".join(f"{g[:9]:>10}" for g in gods) + f"{'total':>8}"
    rows = [head]
    for seat, name in ((0, "You"), (1, "Contrarius")):
        rows.append(f"{name:12}" + "".join(f"{scores[seat][g]:>10}" for g in gods) + f"{scores[seat]['total']:>8}")
    return "\n".join(rows)


def _prompt_title(game: Game) -> str:
    s = game.state
    st = s.pending[-1]
    if st[1] == CHANCE:
        die = solo_data().dice[st[2]]
        return f"Roll the {die.name} and enter the face"
    if st[0] == "arch_move":
        return f"{game.rule_name(st)}: {st[2]} movement point{'s' * (st[2] != 1)} left"
    if st[0] == "contrarius_move":
        return f"Contrarius built in {s.board.cities[st[2]]}: choose which colonist moves onto which line"
    if st[0] == "contrarius_line":
        return "Contrarius' veteran start: choose the line of its colonist"
    return game.rule_name(st)


def _options(game: Game) -> list[tuple]:
    legal = game.legal_actions()
    out: list[tuple] = []
    for a in legal:  # a die lists a repeated face once
        if a not in out:
            out.append(a)
    return out


def play(game: Game, input_fn: Callable[[str], str], out: TextIO) -> bool:
    """Run the game loop until the game ends (True) or the player quits (False)."""
    shown = 0
    last_turn = -1

    def emit(text: str = "") -> None:
        print(text, file=out)

    while True:
        s = game.state
        events = s.events
        if len(events) < shown:  # after an undo the log was replayed
            shown = len(events)
        for e in events[shown:]:
            if e["kind"] in ("contrarius", "die", "concordia", "setup") or e["seat"] == solitaria.CONTRARIUS:
                if e["kind"] in ("build", "colonist") and e["seat"] == solitaria.CONTRARIUS:
                    continue  # the explanation before it says the same
                who = ("die:" if e["kind"] == "die" else "Contrarius:" if e["kind"] == "contrarius" else "·")
                emit(f"  {who} {e['text']}")
        shown = len(events)
        if game.is_over:
            return True
        st = s.pending[-1]
        if st[0] == "turn" and s.turn != last_turn:
            last_turn = s.turn
            emit()
            emit(render_state(game))
        options = _options(game)
        default = 0 if st[0] in DEFAULT_STEPS else None
        emit(f"{_prompt_title(game)}:")
        for i, a in enumerate(options):
            mark = " [default]" if default == i else ""
            emit(f"  {i + 1:2}. {game.describe(a)}{mark}")
        choice = _ask(game, options, default, input_fn, emit)
        if choice is None:
            return False
        if choice == ("undo",):
            last_turn = -1
            continue
        try:
            game.apply(choice)
        except ConcordiaError as e:  # pragma: no cover - options come from legal_actions
            emit(f"refused: {e}")


def _ask(game: Game, options: list[tuple], default: int | None, input_fn: Callable[[str], str],
         emit: Callable[[str], None]) -> tuple | None:
    """Read commands until a decision is chosen: the decision, ("undo",) after an undo, or None to quit."""
    while True:
        try:
            raw = input_fn("> ").strip()
        except EOFError:
            emit("(end of input: quitting)")
            return None
        if raw == "" and default is not None:
            return options[default]
        if raw.isdigit() and 1 <= int(raw) <= len(options):
            return options[int(raw) - 1]
        if raw in ("q", "quit"):
            return None
        if raw in ("h", "help", "?"):
            emit(HELP)
        elif raw == "u":
            if game.can_undo():
                game.undo()
                emit("undone")
                return ("undo",)
            emit("nothing of your own turn to take back (dice and Contrarius' reactions are final)")
        elif raw.startswith("s "):
            path = raw[2:].strip()
            try:
                game.save(path)
                emit(f"saved to {path}")
            except OSError as e:
                emit(f"cannot save: {e}")
        elif raw == "v":
            emit(render_scores(game))
        elif raw == "b":
            emit(render_board(game))
        else:
            emit(f"enter a number from 1 to {len(options)} (h: help)")


def main(args: argparse.Namespace, input_fn: Callable[[str], str] = input, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    seed = args.seed if args.seed is not None else random.randrange(2 ** 31)
    difficulty = args.difficulty
    start_vp = None
    store = None
    campaign_name = getattr(args, "campaign", None)
    if campaign_name:
        from sestertius.campaigns import CampaignStore
        store = CampaignStore(getattr(args, "campaign_db", None))
        camp = store.get_or_create(campaign_name)
        if camp.finished:
            print(f"Campaign {campaign_name!r}: {camp.suggestion}", file=out)
            store.close()
            return 0
        if difficulty != "standard":
            print(f"(a campaign plays standard games; --difficulty {difficulty} is ignored)", file=out)
        difficulty, start_vp = "standard", camp.start_vp
        print(f"Campaign {campaign_name!r}, game {len(camp.games) + 1}: you start with {start_vp} VP", file=out)
        for past in camp.games:
            print(f"  game {past.number} on {past.board}: {'won' if past.won else 'lost'} "
                  f"{past.player_score}–{past.contrarius_score}, started with {past.start_vp} VP", file=out)
    try:
        options = GameOptions(board=args.board, players=1, mode="solo", difficulty=difficulty, start_vp=start_vp,
                              manual_dice=getattr(args, "dice", "auto") == "manual")
        game = Game.new(options, seed=seed)
    except ConcordiaError as e:
        print(f"refused: {e}", file=out)
        return 2
    print(f"Solitaria on {game.state.board.title}, difficulty {difficulty}, seed {seed}"
          + (" · you enter the dice" if options.manual_dice else ""), file=out)
    print("Die faces, the solo hand and Contrarius' cards are assumptions where the rulebook is silent "
          "(A-DICE, A-SOLO-HAND, A-CONTRARIUS-CARDS: see docs/SOLITARIA.md). " + HELP, file=out)
    finished = play(game, input_fn, out)
    if not finished:
        print(f"Game left unfinished (seed {seed}).", file=out)
        if store:
            store.close()
        return 1
    print("\nFinal scoring:", file=out)
    print(render_scores(game), file=out)
    scores = game.scores()
    won = game.ranking()[0] == solitaria.PLAYER
    margin = scores[0]["total"] - scores[1]["total"]
    tie = " (tie: the Concordia card decides)" if margin == 0 else ""
    print(("You win" if won else "Contrarius wins") + f" by {abs(margin)}{tie}.", file=out)
    if store and campaign_name:
        camp = store.record_finished(campaign_name, game)
        print(f"Campaign {campaign_name!r}: next game starts with {camp.start_vp} VP"
              + (f" — {camp.suggestion}" if camp.finished else ""), file=out)
        store.close()
    return 0
