"""``concordia solo``: a game of Solitaria against Contrarius in the terminal.

Shows the state compactly, numbers the legal decisions with readable texts, prints Contrarius' explanations as it
reacts, and with ``--dice manual`` asks for every die face (the table assistant: play with the physical dice and let
the program run Contrarius). ``--campaign NAME`` plays the next game of a campaign and records its result.
Commands at any prompt: a number, Enter (the default, where there is one), ``b`` the board (cities, goods, houses,
lines with colonists), ``u`` undo, ``s FILE`` save the game record, ``v`` the scores so far, ``h`` help, ``q`` quit.

Like a web client, the terminal draws everything from the player's view (``game.view(0)``, see
:mod:`sestertius.cli.screen`) and takes its decisions with ``game.apply``.
"""
from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from sestertius import CHANCE, ConcordiaError, Game, check_options
from sestertius.cli import screen

HELP = ("Enter the number of a decision (Enter alone takes the default where one is marked). "
        "b: the board · u: undo · s FILE: save the game record · v: scores so far · t: hints (with --hint) · "
        "h: help · q: quit")
DEFAULT_STEPS = ("contrarius_move", "contrarius_line")  # Contrarius' choices left to the player: option 1 = default
SEAT = 0  # the player; Contrarius is the seat named in the view's summary of it
UNDONE = ("undo",)


def deciding_view(game: Game, view: dict[str, Any]) -> dict[str, Any]:
    """The view whose ``legal`` decisions and ``can_undo`` apply now: the player's; for a die rolled at the table
    (``--dice manual``), the view of the one entering chance outcomes (the web app offers those to the person at the
    table too)."""
    return game.view(CHANCE) if view["to_act"] == CHANCE else view


def hint_lines(game: Game, level: str) -> list[str]:
    """The search bot's three best decisions for the player, from the player's own view."""
    from sestertius.bots.search.advice import hints
    out = [f"hints of the {level} bot (estimated final score, margin over Contrarius, chance to win):"]
    for i, h in enumerate(hints(game, SEAT, level)):
        rest = f" — then {', '.join(h.plan[:6])}" if h.plan else ""
        out.append(f"  {i + 1}. {h.text}{rest}")
        out.append(f"     {h.score:.0f} VP, margin {h.margin:+.0f}, {h.chance * 100:.0f}% · {h.reason}")
    return out


def play(game: Game, input_fn: Callable[[str], str], out: TextIO, hint: str | None = None) -> bool:
    """Run the game loop until the game ends (True) or the player quits (False). ``hint``: the bot level whose
    hints the command ``t`` shows (None: no hints)."""
    seen: list[dict[str, Any]] = []
    last_turn = -1

    def emit(text: str = "") -> None:
        print(text, file=out)

    while True:
        view = game.view(SEAT)
        for line in screen.event_lines(view, screen.new_events(seen, view["events"])):
            emit(line)
        seen = view["events"]
        if view["over"]:
            return True
        step = view["step"][0]
        if step == "turn" and view["turn"] != last_turn:
            last_turn = view["turn"]
            emit()
            emit(screen.render_state(view, SEAT))
        deciding = deciding_view(game, view)
        options = screen.decisions(deciding["legal"])
        if not options:  # pragma: no cover - in Solitaria the player or the dice always decide
            emit(f"no decision of yours is due (seat {view['to_act']} to act)")
            return False
        default = 0 if step in DEFAULT_STEPS else None
        emit(view["prompt"] or "Your decision.")
        for i, (_, text) in enumerate(options):
            emit(f"  {i + 1:2}. {text}{' [default]' if default == i else ''}")
        choice = _ask(game, view, deciding["can_undo"], options, default, input_fn, emit, hint)
        if choice is None:
            return False
        if choice == UNDONE:
            last_turn = -1
            seen = game.view(SEAT)["events"]  # the log was replayed up to the undone decision: nothing new
            continue
        try:
            game.apply(choice)
        except ConcordiaError as e:  # pragma: no cover - options come from the view's legal decisions
            emit(f"refused: {e}")


def _ask(game: Game, view: dict[str, Any], can_undo: bool, options: list[tuple[tuple, str]], default: int | None,
         input_fn: Callable[[str], str], emit: Callable[[str], None], hint: str | None = None) -> tuple | None:
    """Read commands until a decision is chosen: the decision, UNDONE after an undo, or None to quit."""
    while True:
        try:
            raw = input_fn("> ").strip()
        except EOFError:
            emit("(end of input: quitting)")
            return None
        if raw == "" and default is not None:
            return options[default][0]
        if raw.isdigit() and 1 <= int(raw) <= len(options):
            return options[int(raw) - 1][0]
        if raw in ("q", "quit"):
            return None
        if raw in ("h", "help", "?"):
            emit(HELP)
        elif raw == "u":
            if can_undo:
                game.undo()
                emit("undone")
                return UNDONE
            emit("nothing of your own turn to take back (dice and Contrarius' reactions are final)")
        elif raw.startswith("s "):
            path = raw[2:].strip()
            try:
                game.save(path)
                emit(f"saved to {path}")
            except OSError as e:
                emit(f"cannot save: {e}")
        elif raw == "v":  # the view has the scores at the end only: the scores so far are the game's to count
            emit(screen.render_scores(view.get("scores") or game.scores(), screen.seat_names(view, SEAT)))
        elif raw == "b":
            emit(screen.render_board(view, SEAT))
        elif raw == "t":
            if hint is None:
                emit("hints are off: start the game with --hint")
            elif view["to_act"] != SEAT:
                emit("hints are for your own decisions (not for a die you enter)")
            else:
                for line in hint_lines(game, hint):
                    emit(line)
        else:
            emit(f"enter a number from 1 to {len(options)} (h: help)")


def main(args: argparse.Namespace, input_fn: Callable[[str], str] = input, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    seed = args.seed if args.seed is not None else random.randrange(2 ** 31)
    campaign_name = getattr(args, "campaign", None)
    difficulty = "standard" if campaign_name else args.difficulty
    options: dict[str, Any] = {"board": args.board, "players": 1, "mode": "solo", "difficulty": difficulty,
                               "manual_dice": getattr(args, "dice", "auto") == "manual"}
    why = check_options(options)
    if why is not None:  # before a campaign is opened or a game set up
        print(f"refused: {why}", file=out)
        return 2
    store = None
    if campaign_name:
        from sestertius.campaigns import CampaignStore
        store = CampaignStore(getattr(args, "campaign_db", None))
        camp = store.get_or_create(campaign_name)
        if camp.finished:
            print(f"Campaign {campaign_name!r}: {camp.suggestion}", file=out)
            store.close()
            return 0
        if args.difficulty != "standard":
            print(f"(a campaign plays standard games; --difficulty {args.difficulty} is ignored)", file=out)
        options["start_vp"] = camp.start_vp
        print(f"Campaign {campaign_name!r}, game {len(camp.games) + 1}: you start with {camp.start_vp} VP", file=out)
        for past in camp.games:
            print(f"  game {past.number} on {past.board}: {'won' if past.won else 'lost'} "
                  f"{past.player_score}–{past.contrarius_score}, started with {past.start_vp} VP", file=out)
    try:
        game = Game.new(options, seed=seed)
    except ConcordiaError as e:
        print(f"refused: {e}", file=out)
        if store:
            store.close()
        return 2
    view = game.view(SEAT)
    print(f"Solitaria on {screen.board_title(view['board'])}, difficulty {difficulty}, seed {seed}"
          + (" · you enter the dice" if options["manual_dice"] else ""), file=out)
    print("Die faces, the solo hand and Contrarius' cards are assumptions where the rulebook is silent "
          "(A-DICE, A-SOLO-HAND, A-CONTRARIUS-CARDS: see docs/SOLITARIA.md). " + HELP, file=out)
    finished = play(game, input_fn, out, getattr(args, "hint", None))
    if not finished:
        print(f"Game left unfinished (seed {seed}).", file=out)
        if store:
            store.close()
        return 1
    view = game.view(SEAT)
    print("\nFinal scoring:", file=out)
    print(screen.render_scores(view["scores"], screen.seat_names(view, SEAT)), file=out)
    print(screen.result(view, SEAT), file=out)
    if store and campaign_name:
        camp = store.record_finished(campaign_name, game)
        print(f"Campaign {campaign_name!r}: next game starts with {camp.start_vp} VP"
              + (f" — {camp.suggestion}" if camp.finished else ""), file=out)
        store.close()
    return 0
