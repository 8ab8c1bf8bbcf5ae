"""The ``concordia`` command: serve the web app, play solo in the terminal, simulate games and tournaments, replay
and review saved games, turn game records into a dataset.

The choices of the options (modes, boards, fish-market sides, difficulties, displays) come from the engine's own
table, ``sestertius.choices()``; a combination the engine refuses is reported with its reason
(``sestertius.check_options``) and exit code 2, before any game is played.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, NoReturn

from sestertius.cli.arguments import (
    EXIT_REFUSED,
    add_parallel,
    bots_refusal,
    names,
    ray_refusal,
    refused,
    seeds_refusal,
    whole,
    without_password,
)
from sestertius.cli.tournament import add_tournament, tournament


# -- serve ------------------------------------------------------------------------------------------------------------
def _add_serve(sub: Any, table: dict[str, Any]) -> None:
    p = sub.add_parser("serve", help="start the web app (SQLite by default)",
                       description="Every option may also be set by the environment variable named after it (the "
                                   "option wins); see docs/DEPLOYMENT.md.")
    if not table.get("serve_options", True):
        return
    from sestertius.settings import Settings, env_name, flag
    for name, field in Settings.model_fields.items():  # the settings, checked by Settings itself
        default = "none" if field.default is None else field.default
        p.add_argument(flag(name), dest=name, default=None, metavar=name.upper(),
                       help=f"{field.description} [${env_name(name)}; default {default}]")


def _database_refusal(url: str, error: BaseException) -> str:
    """One line: the database (without its password) and why it cannot be used."""
    from sqlalchemy.exc import DBAPIError
    cause = error.orig if isinstance(error, DBAPIError) else error
    why = " ".join(str(cause).split()) or type(cause).__name__
    return f"--db {without_password(url)}: cannot use this database: {why}"


def _database_check(url: str) -> str | None:
    """Why a database URL cannot even be read (not a URL, an unknown database, its driver not installed), or None.
    Nothing is opened."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError
    if "://" not in url:
        return None  # a SQLite file's path
    try:
        make_url(url).get_dialect().import_dbapi()
    except (SQLAlchemyError, ValueError, ImportError) as e:
        return _database_refusal(url, e)
    return None


def serve(args: argparse.Namespace) -> int:
    from alembic.util import CommandError
    from sqlalchemy.exc import SQLAlchemyError

    from sestertius.settings import Settings, SettingsError, load
    from sestertius.web.app import run
    from sestertius.web.store import default_db_url
    try:
        settings = load(**{name: getattr(args, name) for name in Settings.model_fields})
    except SettingsError as e:
        return refused("serve", f"{e} (see concordia serve --help)")
    url = settings.db or default_db_url()  # as given: the refusals name it so
    why = _database_check(url)
    if why is not None:
        return refused("serve", why)
    try:  # the database is opened (and its schema brought up to date) before the server starts
        run(settings)
    except (SQLAlchemyError, CommandError) as e:  # cannot connect, not a database, a schema of a newer version
        return refused("serve", _database_refusal(url, e))
    return 0


# -- simulate ---------------------------------------------------------------------------------------------------------
def _add_simulate(sub: Any, table: dict[str, Any]) -> None:
    p = sub.add_parser("simulate", help="play many games with bots and print statistics")
    p.add_argument("--board", default="imperium", choices=names(table["boards"]))
    p.add_argument("--players", type=int, default=None, help="default 4 (Solitaria: 1)")
    p.add_argument("--games", type=whole(1), default=100)
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed + i")
    p.add_argument("--bot", default="random",
                   help="random, easy (= greedy), medium, hard or your own as module:factory (or a comma list, one "
                        "per seat)")
    p.add_argument("--venus", action="store_true", help="Concordia Venus individual play")
    p.add_argument("--display", default="standard", choices=table["displays"])
    p.add_argument("--mode", default="base", choices=names(table["modes"]),
                   help="solo: Solitaria (--players 2: Contrarius as a third player); team: Venus team play "
                        "(--players 2: Solitaria's cooperative team play against Contrarius)")
    p.add_argument("--difficulty", default="standard", choices=table["difficulties"],
                   help="Solitaria's level of Contrarius")
    p.add_argument("--fish-market", default=None, choices=names(table["fish_market"]),
                   help="the fish-market variant (side of its board)")
    p.add_argument("--json", action="store_true", help="print the statistics as JSON")
    p.add_argument("--max-turns", type=whole(1), default=3000,
                   help="stop a game after this many turns (weak bots can hold a game forever)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--save-records", default=None, metavar="DIR",
                   help="write every game's record into DIR (made if need be), one file per game named by its index "
                        "and seed (concordia replay FILE replays one; concordia dataset turns them into a dataset)")
    add_parallel(p)


def simulate(args: argparse.Namespace) -> int:
    from sestertius import check_options
    from sestertius.cli.simulate import format_report, run_simulation, simulation_options
    bots = args.bot.split(",")
    why = bots_refusal(bots, args.ray)
    if why is not None:
        return refused("simulate", why)
    why = seeds_refusal(args.seed, args.games)
    if why is not None:
        return refused("simulate", why)
    players = args.players if args.players is not None else 1 if args.mode == "solo" else 4
    options = simulation_options(board=args.board, players=players, venus=args.venus, display=args.display,
                                 mode=args.mode, difficulty=args.difficulty, fish_market=args.fish_market)
    why = check_options({**options, "players": players})  # Solitaria with 3 players is refused, not played solo
    if why is not None:
        return refused("simulate", why)
    if len(bots) not in (1, options["players"]):
        return refused("simulate", f"--bot names one bot for every seat or one per seat ({options['players']}), "
                                    f"not {len(bots)}")
    if args.save_records is not None:
        if args.ray not in (None, "local"):
            return refused("simulate", "--save-records: the records are written where the games are played; on a "
                                       "cluster that is not this machine (use --workers or --ray local)")
        try:
            os.makedirs(args.save_records, exist_ok=True)
        except OSError as e:
            return refused("simulate", f"--save-records {args.save_records}: {e.strerror or e}")
    why = ray_refusal(args.ray)  # last: it imports Ray
    if why is not None:
        return refused("simulate", why)
    report = run_simulation(
        board=args.board, players=players, games=args.games, seed=args.seed, bots=bots,
        venus=args.venus, display=args.display, mode=args.mode, difficulty=args.difficulty,
        progress=not args.no_progress, fish_market=args.fish_market, max_turns=args.max_turns,
        workers=args.workers, ray=args.ray, records=args.save_records,
    )
    print(json.dumps(report, indent=1) if args.json else format_report(report))
    return 0


# -- replay -----------------------------------------------------------------------------------------------------------
def _add_replay(sub: Any, table: dict[str, Any]) -> None:
    p = sub.add_parser("replay", help="replay a saved game and check it")
    p.add_argument("file")


def replay(args: argparse.Namespace) -> int:
    from sestertius.cli.replay import replay as run
    return run(args.file)


# -- solo -------------------------------------------------------------------------------------------------------------
def _add_solo(sub: Any, table: dict[str, Any]) -> None:
    p = sub.add_parser("solo", help="play Solitaria against Contrarius in the terminal")
    p.add_argument("--board", default="italia", choices=names(table["boards"]))
    p.add_argument("--difficulty", default="standard", choices=table["difficulties"])
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--dice", choices=["auto", "manual"], default="auto",
                   help="manual: you roll the physical dice and type the faces")
    p.add_argument("--campaign", default=None, help="name of a campaign to play this game in")
    p.add_argument("--load", default=None, metavar="FILE",
                   help="resume a saved game (s FILE in the game, or the file offered when leaving it)")
    p.add_argument("--hint", nargs="?", const="master", default=None, choices=["medium", "hard", "master"],
                   help="t at a prompt shows the search bot's three best decisions (level: master, the strongest, "
                        "by default)")


def solo(args: argparse.Namespace) -> int:
    from sestertius.cli.solo import main as solo_main
    return solo_main(args)


# -- analyse ----------------------------------------------------------------------------------------------------------
def _add_analyse(sub: Any, table: dict[str, Any]) -> None:
    p = sub.add_parser("analyse", help="review a game's decisions with the search bot (what it would have played)")
    p.add_argument("file", help="a game record (JSON), e.g. saved with s FILE in concordia solo")
    p.add_argument("--seat", type=whole(1), default=1, help="the seat to review, from 1 (default 1)")
    p.add_argument("--level", default="medium", choices=["medium", "hard", "master"],
                   help="the bot that reviews (medium: seconds a game; hard and master: about a second a decision)")
    p.add_argument("--all", action="store_true", help="list every decision, not only those that lost points")
    p.add_argument("--json", action="store_true", help="print the review as JSON")


def analyse(args: argparse.Namespace) -> int:
    from sestertius import Game
    from sestertius.bots.search.analysis import analyse as review
    from sestertius.bots.search.analysis import format_analysis
    from sestertius.rules.errors import RecordError
    try:
        game = Game.load(args.file)
    except RecordError as e:
        print(f"concordia analyse: {e}", file=sys.stderr)
        return 1
    players = game.options.players
    if args.seat > players:  # the review counts seats from 0, the command from 1
        seats = "seat 1 only" if players == 1 else f"seats 1 to {players}"
        return refused("analyse", f"--seat {args.seat}: no seat {args.seat} in this game ({seats})")
    try:
        result = review(game.record(), args.seat - 1, args.level)
    except ValueError as e:
        return refused("analyse", str(e))
    print(json.dumps(result.to_dict(), indent=1) if args.json else format_analysis(result, args.all))
    return 0


# -- dataset ----------------------------------------------------------------------------------------------------------
def _add_dataset(sub: Any, table: dict[str, Any]) -> None:
    p = sub.add_parser("dataset", help="turn game records into a Parquet dataset of decisions (pip install -e "
                                       "'.[data]')")
    p.add_argument("records", help="a folder of game records (*.json), e.g. from concordia simulate --save-records")
    p.add_argument("out", help="the Parquet file to write")
    p.add_argument("--seat", type=_seat_or_all, default=None, metavar="all|SEAT",
                   help="the seat whose decisions are rows, from 1, or all (default: all)")


def _seat_or_all(text: str) -> int | None:
    """An argparse type: ``all`` (None) or a seat counted from 1 (returned from 0)."""
    return None if text == "all" else whole(1)(text) - 1


def dataset(args: argparse.Namespace) -> int:
    from sestertius.rules.errors import RecordError
    try:
        from sestertius.research.dataset import record_files, write_dataset
    except ImportError as e:
        return refused("dataset", f"{e.name} is not installed; install it with: pip install -e '.[data]'")
    if not os.path.isdir(args.records):
        return refused("dataset", f"{args.records}: not a folder of game records")
    files = record_files(args.records)
    if not files:
        return refused("dataset", f"{args.records}: no game records (*.json) in it")
    try:
        summary = write_dataset(files, args.out, None if args.seat is None else {args.seat})
    except RecordError as e:
        print(f"concordia dataset: {e}", file=sys.stderr)
        return 1
    unfinished = f"; {len(summary.unfinished)} unfinished game(s) left out" if summary.unfinished else ""
    print(f"{args.out}: {summary.rows} decisions of {summary.games} games{unfinished}")
    return 0


# -- the command ------------------------------------------------------------------------------------------------------
COMMANDS = {"serve": (_add_serve, serve), "simulate": (_add_simulate, simulate), "replay": (_add_replay, replay),
            "solo": (_add_solo, solo), "tournament": (add_tournament, tournament),
            "analyse": (_add_analyse, analyse), "dataset": (_add_dataset, dataset)}


class Parser(argparse.ArgumentParser):
    """A bad argument is refused in one line (argparse's default adds the whole usage before it)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_REFUSED, f"{self.prog}: refused: {message} (see {self.prog} --help)\n")


def version_line() -> str:
    from importlib.metadata import PackageNotFoundError, version

    from sestertius import engine_build
    try:
        number = version("sestertius")
    except PackageNotFoundError:  # run from a checkout that is not installed
        number = "(not installed)"
    return f"sestertius {number}, engine {engine_build()}"


def parser(serve_options: bool = True) -> argparse.ArgumentParser:
    """The command line; ``serve_options=False`` leaves out serve's options (they import pydantic-settings, about
    150 ms, which the other commands do not need)."""
    from sestertius import choices
    table = {**choices(), "serve_options": serve_options}
    p = Parser(prog="concordia", description=__doc__.split("\n\n")[0].replace("``", ""))
    p.add_argument("--version", action="version", version=version_line(),
                   help="the version, and whether the engine runs compiled (tools/build_compiled.py) or pure")
    sub = p.add_subparsers(dest="command", required=True)
    for add, _ in COMMANDS.values():
        add(sub, table)
    return p


def main(argv: list[str] | None = None) -> int:
    from sestertius.data.board import BoardError
    from sestertius.data.catalog import DataError
    argv = sys.argv[1:] if argv is None else argv
    try:
        # the choices come from the data: a bad overrides file shows here already
        args = parser(not argv or argv[0] not in COMMANDS or argv[0] == "serve").parse_args(argv)
        return COMMANDS[args.command][1](args)
    except (DataError, BoardError) as e:  # a data file or the user's overrides file: one line, no traceback
        return refused(next((a for a in argv if a in COMMANDS), ""), str(e))

