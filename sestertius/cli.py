"""The ``concordia`` command: serve the web app, simulate games, replay a saved game, play solo in the terminal."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from sestertius.data.board import board_names


def _add_simulate(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play many games with bots and print statistics")
    p.add_argument("--board", default="imperium", choices=board_names())
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed + i")
    p.add_argument("--bot", default="random", help="random or greedy (or a comma list, one per seat)")
    p.add_argument("--venus", action="store_true", help="Concordia Venus individual play")
    p.add_argument("--display", default="standard", choices=["standard", "wine"])
    p.add_argument("--mode", default="base", choices=["base", "solo", "team"],
                   help="solo: Solitaria (--players 2: Contrarius as a third player); team: Venus team play "
                        "(--players 2: Solitaria's cooperative team play against Contrarius)")
    p.add_argument("--difficulty", default="standard")
    p.add_argument("--fish-market", default=None, choices=["coastal", "mountain"],
                   help="the fish-market variant (side of its board)")
    p.add_argument("--json", action="store_true", help="print the statistics as JSON")
    p.add_argument("--max-turns", type=int, default=3000,
                   help="stop a game after this many turns (weak bots can hold a game forever)")
    p.add_argument("--no-progress", action="store_true")


def simulate(args: argparse.Namespace) -> int:
    from sestertius.simulate import run_simulation, format_report
    report = run_simulation(
        board=args.board, players=args.players, games=args.games, seed=args.seed, bots=args.bot.split(","),
        venus=args.venus, display=args.display, mode=args.mode, difficulty=args.difficulty,
        progress=not args.no_progress, fish_market=args.fish_market, max_turns=args.max_turns,
    )
    print(json.dumps(report, indent=1) if args.json else format_report(report))
    return 0


def replay(args: argparse.Namespace) -> int:
    from sestertius.rules.errors import ConcordiaError
    from sestertius.rules.game import Game
    try:
        game = Game.load(args.file)
    except ConcordiaError as e:
        print(f"refused: {e}", file=sys.stderr)
        return 1
    rec = game.record()
    print(f"{args.file}: {len(rec['actions'])} decisions replayed; state hash {rec['state_hash']} matches")
    if game.is_over:
        for seat in game.ranking():
            print(f"  seat {seat + 1}: {game.scores()[seat]['total']} VP")
    else:
        print(f"  game in progress: turn {game.state.turn}, seat {game.to_act()} to act")
    return 0


def serve(args: argparse.Namespace) -> int:
    from sestertius.web.app import run
    run(host=args.host, port=args.port, db_url=args.db)
    return 0


def solo(args: argparse.Namespace) -> int:
    from sestertius.automaton.terminal import main as solo_main
    return solo_main(args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="concordia", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("serve", help="start the web app (SQLite by default)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--db", default=None, help="database URL (default: SQLite file in the user data folder)")
    _add_simulate(sub)
    p = sub.add_parser("replay", help="replay a saved game and check it")
    p.add_argument("file")
    p = sub.add_parser("solo", help="play Solitaria against Contrarius in the terminal")
    p.add_argument("--board", default="italia", choices=board_names())
    p.add_argument("--difficulty", default="standard")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--dice", choices=["auto", "manual"], default="auto",
                   help="manual: you roll the physical dice and type the faces")
    p.add_argument("--campaign", default=None, help="name of a campaign to play this game in")
    args = parser.parse_args(argv)
    return {"serve": serve, "simulate": simulate, "replay": replay, "solo": solo}[args.command](args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
