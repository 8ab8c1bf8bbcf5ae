"""``concordia solo``: a game of Solitaria against Contrarius in the terminal.

Shows the state compactly, numbers the legal decisions with readable texts, prints Contrarius' explanations as it
reacts, and with ``--dice manual`` asks for every die face (the table assistant: play with the physical dice and let
the program run Contrarius). ``--campaign NAME`` plays the next game of a campaign and records its result (a new
campaign's name follows :data:`sestertius.campaigns.NAME_RULE`; it is made once its first game is set up).
Commands at any prompt: a number, Enter (the default, where there is one: a step with one choice has it), ``b`` the
board (cities, goods, houses, lines with colonists), ``u`` undo, ``r`` retype the last die (``--dice manual``: a
typo at the table; it and what came after it are taken back), ``s FILE`` save the game record, ``v`` the scores so
far, ``t`` the search bot's three best decisions (with ``--hint``), ``h`` help, ``q`` quit (asking to save first, as
Ctrl+C and Ctrl+D do; Ctrl+C while Contrarius reacts too). A die is entered by its number in the list or by its face
as printed (``cloth``, ``S``, ``3``). ``--load FILE`` resumes a saved game.
``--hint [medium|hard|master]`` (master by default) lets ``t`` ask the search bot for hints: for the player's own
decisions only, worked out from the player's view (:func:`sestertius.bots.search.advice.hints`, as the web app's
Hint button).

Like a web client, the terminal draws everything from the player's view (``game.view(0)``, see
:mod:`sestertius.cli.screen`) and takes its decisions with ``game.apply``.
"""
from __future__ import annotations

import argparse
import os
import random
import shlex
import sqlite3
import sys
import traceback
from collections.abc import Callable
from typing import Any, TextIO

import sestertius.cli.screen as screen  # not `from sestertius.cli import`: the command's package imports this module
from sestertius import CHANCE, ConcordiaError, Game, check_options
from sestertius.campaigns import Campaign, CampaignFileError, CampaignStore, first_start_vp, name_problem

HELP = ("Enter the number of a decision (Enter alone takes the default where one is marked); a die also by its face "
        "(cloth, S, 3). b: the board · t: hints (with --hint) · u: undo · r: retype the last die (dice entered by "
        "hand) · s FILE: save the game record · v: scores so far · h: help · q: quit (Ctrl+C, Ctrl+D: leave, "
        "offering to save)")
DEFAULT_STEPS = ("contrarius_move", "contrarius_line")  # Contrarius' choices left to the player: option 1 = default
SEAT = 0  # the player; Contrarius is the seat named in the view's summary of it
UNDONE = ("undo",)
RESUMED_LOG = 12  # events of the log told again when a saved game is resumed


def deciding_view(game: Game, view: dict[str, Any]) -> dict[str, Any]:
    """The view whose ``legal`` decisions and ``can_undo`` apply now: the player's; for a die rolled at the table
    (``--dice manual``), the view of the one entering chance outcomes (the web app offers those to the person at the
    table too)."""
    return game.view(CHANCE) if view["to_act"] == CHANCE else view


def play(game: Game, input_fn: Callable[[str], str], out: TextIO, save_as: str = "solitaria.json",
         hint: str | None = None, resume: str = "", recent: int | None = None) -> bool:
    """Run the game loop until the game ends (True) or the player leaves (False; ``save_as`` is the file offered for
    saving the game first). ``hint``: the search bot's level that ``t`` asks for hints (None: no hints). ``recent``:
    only the last events of the log so far are told (a resumed game), else all of them."""
    seen: list[dict[str, Any]] = []
    last_turn = -1
    saved = [save_as, resume]  # the file offered when leaving (the last one saved to); the resume command's options

    def emit(text: str = "") -> None:
        print(text, file=out)

    if recent is not None:  # a resumed game: where it stands, then the last of its log
        view = game.view(SEAT)
        emit(screen.render_state(view, SEAT))
        if len(view["events"]) > recent:
            seen = view["events"][:-recent]
            emit(f"(the log before the last {recent} events is not shown again)")

    table = game.view(None)  # the board as the table last saw it
    by: int | None = None  # whose the last decision was (None: a die)
    while True:
        view = game.view(SEAT)
        now = game.view(None)
        # what changed on the board first (at a real table: every move; else the display's new cards), then why
        for line in screen.table_lines(table, now, by, SEAT):
            emit(line)
        table = now
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
        default = 0 if step in DEFAULT_STEPS or len(options) == 1 else None
        if step == "trade":  # the Mercator: what each good fetches or costs, and what there is to pay with
            options = screen.priced(options)
            emit(screen.purse(view, SEAT))
        emit(view["prompt"] or "Your decision.")
        for i, (_, text) in enumerate(options):
            emit(f"  {i + 1:2}. {text}{' [default]' if default == i else ''}")
        chance = deciding["to_act"] == CHANCE
        by = None if chance else SEAT
        choice = _ask(game, view, deciding["can_undo"], options, default, input_fn, emit, chance, saved, hint)
        if choice is None:
            return False
        if choice == UNDONE:
            last_turn = -1
            seen = game.view(SEAT)["events"]  # the log was replayed up to the undone decision: nothing new
            continue  # (what the take-back changed on the board is told next)
        try:
            game.apply(choice)
        except ConcordiaError as e:  # a face the die does not have: the engine says which faces it has
            emit(f"refused: {e}")


def _ask(game: Game, view: dict[str, Any], can_undo: bool, options: list[tuple[tuple, str]], default: int | None,
         input_fn: Callable[[str], str], emit: Callable[[str], None], chance: bool, saved: list[str],
         hint: str | None = None) -> tuple | None:
    """Read commands until a decision is chosen: the decision, UNDONE after an undo, or None to leave (``saved``:
    the file offered for saving first, the last saved to). At a die (``chance``), a face typed as printed is the
    decision; other words are offered to the game, which refuses them naming the die and its faces."""
    while True:
        try:
            raw = input_fn("> ").strip()
        except (EOFError, KeyboardInterrupt):
            emit("")
            if _leave(game, input_fn, emit, saved):
                return None
            continue
        if raw == "" and default is not None:
            return options[default][0]
        if _number(raw) and 1 <= int(raw) <= len(options):
            return options[int(raw) - 1][0]
        face = _face(options, raw) if chance else None
        if face is not None:
            return face
        if raw in ("q", "quit"):
            if _leave(game, input_fn, emit, saved):
                return None
            continue
        if raw in ("h", "help", "?"):
            emit(HELP)
        elif raw == "u":
            if can_undo:
                game.undo()
                emit("undone")
                return UNDONE
            emit("nothing of your own turn to take back (dice and Contrarius' reactions are final"
                 + ("; r retypes the last die)" if game.options.manual_dice else ")"))
        elif raw == "r":
            try:
                game.retype_outcome()
            except ConcordiaError as e:
                emit(f"refused: {e}")
                continue
            emit("the last die and what followed it are taken back: enter it again")
            return UNDONE
        elif raw in ("s", "save"):
            emit("s needs a file name: s FILE")
        elif raw.startswith("s "):
            if _save(game, raw[2:].strip(), emit, saved[1]):
                saved[0] = raw[2:].strip()
        elif raw == "v":  # the view has the scores at the end only: the scores so far are the game's to count
            emit(screen.render_scores(view.get("scores") or game.scores(), screen.seat_names(view, SEAT)))
        elif raw == "b":
            emit(screen.render_board(view, SEAT))
        elif raw == "t":
            for line in hint_lines(game, options, hint):
                emit(line)
        elif chance and raw:  # not a face of the die: the game refuses it, naming the die and its faces
            return (options[0][0][0], int(raw) if _number(raw.removeprefix("-")) else raw)
        else:
            emit(f"enter a number from 1 to {len(options)} (h: help)")


def hint_lines(game: Game, options: list[tuple[tuple, str]], level: str | None) -> list[str]:
    """The search bot's three best decisions for the player, numbered as in the list of decisions, each with the
    estimated final score, the chance to win and the reason; the bot sees the player's view only (see
    :func:`sestertius.bots.search.advice.hints`). Without ``--hint``: how to turn hints on."""
    if level is None:
        return ["hints are off: start the game with --hint (or --hint medium, quicker) to ask the search bot with t"]
    if game.is_over or game.to_act() != SEAT:  # a die to enter (--dice manual)
        return ["hints are for your own decisions, not for the dice"]
    from sestertius.bots.search.advice import hints
    number = {action: i + 1 for i, (action, _) in enumerate(options)}
    lines = [f"The {level} bot's best decisions (its estimates, from what you see):"]
    for h in hints(game, SEAT, level, seed=len(game.history)):
        # the bot orders them by the margin: it comes first
        lines.append(f"  {number.get(h.action, '?'):>2}. {h.text}: lead {h.margin:+.0f}, final score ~{h.score:.0f}"
                     f", winning chance {h.chance:.0%}" + (f" — {h.reason}" if h.reason else ""))
        if h.plan:
            lines.append("      then " + "; ".join(h.plan))
    return lines


def _number(raw: str) -> bool:
    """Whole-number input: ASCII digits only (``str.isdigit`` also takes "²", which ``int`` refuses)."""
    return raw.isascii() and raw.isdigit()


def _face(options: list[tuple[tuple, str]], raw: str) -> tuple | None:
    """The die's decision whose face reads ``raw`` as printed, in capitals or not ("Cloth", "s", "3"), or None."""
    for action, _ in options:
        if len(action) == 2 and str(action[1]).lower() == raw.lower():
            return action
    return None


def _save(game: Game, path: str, emit: Callable[[str], None], resume: str = "") -> bool:
    """Save the record to ``path`` (``~`` is the home folder); ``resume``: options the resume command needs
    (``--campaign NAME``)."""
    path = os.path.expanduser(path)
    try:
        game.save(path)
    except OSError as e:
        emit(f"cannot save: {e.strerror or e}")
        return False
    emit(f"saved to {path} (concordia solo --load {path}{resume} resumes it)")
    return True


def _leave(game: Game, input_fn: Callable[[str], str], emit: Callable[[str], None], saved: list[str]) -> bool:
    """Asked on q, Ctrl+C and Ctrl+D: save first? True to leave, False to go on playing. A second Ctrl+C or Ctrl+D
    leaves without saving."""
    while True:
        emit(f"Leave the game: save it first? A file name, Enter for {saved[0]}, n: leave without saving, c: go on "
             f"playing")
        try:
            answer = input_fn("save as> ").strip()
        except (EOFError, KeyboardInterrupt):
            emit("(left without saving)")
            return True
        if answer.lower() in ("c", "continue"):
            return False
        if answer.lower() in ("n", "no"):
            return True
        if _save(game, answer or saved[0], emit, saved[1] if len(saved) > 1 else ""):
            saved[0] = answer or saved[0]
            return True


def main(args: argparse.Namespace, input_fn: Callable[[str], str] = input, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    campaign_name = getattr(args, "campaign", None)
    load = getattr(args, "load", None)
    seed = args.seed if args.seed is not None else random.randrange(2 ** 31)
    difficulty = "standard" if campaign_name is not None else args.difficulty
    options: dict[str, Any] = {"board": args.board, "players": 1, "mode": "solo", "difficulty": difficulty,
                               "manual_dice": getattr(args, "dice", "auto") == "manual"}
    why, loaded = _first_refusal(options, load)
    if why is not None:  # before a campaign is opened or a game set up
        print(f"refused: {why}", file=out)
        return 2
    if campaign_name is None:
        return _set_up_and_play(args, options, seed, loaded, None, input_fn, out)
    # a file that is not a campaigns file: CampaignFileError, a DataError, which `concordia` refuses in one line; so
    # is one SQLite fails to read or write (damaged), as `serve` answers it 503 (the failed write is not committed)
    store = CampaignStore(getattr(args, "campaign_db", None))
    try:
        return _set_up_and_play(args, options, seed, loaded, store, input_fn, out)
    except sqlite3.Error as e:
        raise CampaignFileError(store.path, "could not be read or written; nothing changed in it",
                                f" ({type(e).__name__}: {e})") from None
    finally:
        store.close()


def _first_refusal(options: dict[str, Any], load: str | None) -> tuple[str | None, Game | None]:
    """Why the options or the saved game cannot be played (None), and the loaded game; checked before a campaign is
    opened."""
    if not load:
        return check_options(options), None
    try:
        return None, Game.load(load)
    except ConcordiaError as e:
        return str(e), None


def _next_campaign_game(store: CampaignStore, name: str, options: dict[str, Any],
                        out: TextIO) -> tuple[int | None, Campaign | None]:
    """Sets the campaign's starting VP in ``options``: the exit code when there is no game to play (the campaign is
    over, or a new one's name is refused), and the campaign (None: a new one, made once its first game is set up)."""
    camp = None
    if store.exists(name):
        camp = store.get(name)
        if camp.finished:
            print(f"Campaign {name!r}: {camp.suggestion}", file=out)
            return 0, camp
    else:
        why = name_problem(name)
        if why is not None:
            print(f"refused: {why}", file=out)
            return 2, None
    options["start_vp"] = camp.start_vp if camp else first_start_vp()
    return None, camp


def _set_up_and_play(args: argparse.Namespace, options: dict[str, Any], seed: int, loaded: Game | None,
                     store: CampaignStore | None, input_fn: Callable[[str], str], out: TextIO) -> int:
    camp = None
    if store is not None:
        code, camp = _next_campaign_game(store, args.campaign, options, out)
        if code is not None:
            return code
    try:
        game = loaded if loaded is not None else Game.new(options, seed=seed)
        why = _not_resumable(game.view(SEAT), options if store else None) if loaded is not None else None
    except ConcordiaError as e:
        why = str(e)
    if why is not None:
        print(f"refused: {why}", file=out)
        return 2
    if store is not None:
        camp = camp if camp is not None else store.create(args.campaign)
        _tell_campaign(args.campaign, camp, args.difficulty, out)
    seed = _introduce(game, args, seed, options["difficulty"], out)
    save_as = getattr(args, "load", None) or f"solitaria-{seed}.json"
    resume = f" --campaign {shlex.quote(args.campaign)}" if store is not None else ""
    code = _play_to_the_end(game, input_fn, out, save_as, resume, getattr(args, "hint", None),
                            loaded is not None, seed)
    if code == 0 and store is not None:
        _record(store, args.campaign, game, out)
    return code


def _tell_campaign(name: str, camp: Campaign, difficulty: str, out: TextIO) -> None:
    if difficulty != "standard":
        print(f"(a campaign plays standard games; --difficulty {difficulty} is ignored)", file=out)
    print(f"Campaign {name!r}, game {len(camp.games) + 1}: you start with {camp.start_vp} VP", file=out)
    for past in camp.games:
        print(f"  game {past.number} on {past.board}: {'won' if past.won else 'lost'} "
              f"{past.player_score}–{past.contrarius_score}, started with {past.start_vp} VP", file=out)


def _introduce(game: Game, args: argparse.Namespace, seed: int, difficulty: str, out: TextIO) -> int:
    """The game's heading and the help; the game's seed (a resumed game keeps its own)."""
    view = game.view(SEAT)
    settings = view["options"]
    dice = " · you enter the dice" if settings.get("manual_dice", False) else ""
    load = getattr(args, "load", None)
    if load:
        ignored = _ignored_on_load(args, settings)
        if ignored:
            print(f"({', '.join(ignored)}: the saved game keeps its own; ignored)", file=out)
        seed = game.seed
        print(f"Solitaria on {screen.board_title(view['board'])}, difficulty {settings.get('difficulty', 'standard')}"
              f", resumed from {load} after {len(game.history)} decision{'s' if len(game.history) != 1 else ''}"
              + dice, file=out)
    else:
        print(f"Solitaria on {screen.board_title(view['board'])}, difficulty {difficulty}, seed {seed}" + dice,
              file=out)
    print("Die faces, the solo hand and Contrarius' cards are assumptions where the rulebook is silent "
          "(A-DICE, A-SOLO-HAND, A-CONTRARIUS-CARDS: see docs/SOLITARIA.md). " + HELP, file=out)
    return seed


def _play_to_the_end(game: Game, input_fn: Callable[[str], str], out: TextIO, save_as: str, resume: str,
                     hint: str | None, resumed: bool, seed: int) -> int:
    """Play, then the final scoring: 0 when the game ended, 1 when the player left it (or the program failed: the
    game is saved first)."""
    try:
        finished = play(game, input_fn, out, save_as=save_as, hint=hint, resume=resume,
                        recent=RESUMED_LOG if resumed else None)
    except KeyboardInterrupt:  # Ctrl+C while Contrarius reacts or a hint is worked out (a prompt catches its own)
        print("", file=out)
        finished = False if _leave(game, input_fn, lambda text: print(text, file=out), [save_as, resume]) else play(
            game, input_fn, out, save_as=save_as, hint=hint, resume=resume)
    except Exception:  # a fault of the program: the game is kept before the traceback is shown
        rescue = f"solitaria-{seed}-rescued.json"
        _save(game, rescue, lambda text: print(text, file=out), resume)
        print(f"an unexpected error ended the program; the game so far is in {rescue}:", file=out)
        traceback.print_exc()
        return 1
    if not finished:
        print(f"Game left unfinished (seed {seed}).", file=out)
        return 1
    view = game.view(SEAT)
    print("\nFinal scoring:", file=out)
    print(screen.render_scores(view["scores"], screen.seat_names(view, SEAT)), file=out)
    print(screen.result(view, SEAT), file=out)
    return 0


def _record(store: CampaignStore, name: str, game: Game, out: TextIO) -> None:
    """The finished game into its campaign (once: the same saved game finished twice is not recorded again)."""
    if store.has_game(name, None, game.record()):
        print(f"Campaign {name!r}: this game is recorded already; not recorded again", file=out)
        return
    camp = store.record_finished(name, game)
    print(f"Campaign {name!r}: next game starts with {camp.start_vp} VP"
          + (f" — {camp.suggestion}" if camp.finished else ""), file=out)


def _ignored_on_load(args: argparse.Namespace, settings: dict[str, Any]) -> list[str]:
    """The options given with ``--load`` that differ from the saved game's (it is resumed as it was set up)."""
    out = []
    if args.seed is not None:
        out.append(f"--seed {args.seed}")
    if args.board != "italia" and args.board != settings.get("board"):
        out.append(f"--board {args.board}")
    if args.difficulty != "standard" and args.difficulty != settings.get("difficulty", "standard"):
        out.append(f"--difficulty {args.difficulty}")
    if getattr(args, "dice", "auto") == "manual" and not settings.get("manual_dice", False):
        out.append("--dice manual")
    return out


def _not_resumable(view: dict[str, Any], campaign_game: dict[str, Any] | None) -> str | None:
    """Why a loaded game cannot be played on here (not Solitaria against Contrarius alone; over; not the campaign's
    next game), or None."""
    settings = view["options"]
    if settings.get("mode") != "solo" or settings.get("players") != 1:
        return "the saved game is not Solitaria with one player against Contrarius (concordia solo plays only that)"
    if view["over"]:
        return "the saved game is over (concordia replay shows its result)"
    if campaign_game is not None and (settings.get("difficulty", "standard") != "standard"
                                      or settings.get("start_vp") != campaign_game["start_vp"]):
        return (f"the saved game is not the campaign's next game (a standard game starting with "
                f"{campaign_game['start_vp']} VP)")
    return None
