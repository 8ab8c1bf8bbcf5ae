"""``concordia tournament``: bots against each other (and Contrarius in Solitaria), Elo ratings with 95% intervals.
The games are played as ``concordia simulate`` plays them (every core by default, or a Ray cluster)."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from sestertius.cli.arguments import add_parallel, bots_refusal, names, ray_refusal, refused, seeds_refusal, whole


def add_tournament(sub: Any, table: dict[str, Any]) -> None:
    p = sub.add_parser("tournament", help="bots against each other: Elo ratings with 95%% intervals")
    p.add_argument("--bots", default="random,greedy", help="comma list of bots (random, easy = greedy, medium, hard, "
                                                             "or your own as module:factory)")
    p.add_argument("--board", default="italia", choices=names(table["boards"]))
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--mode", default="base", choices=names(table["modes"]))
    p.add_argument("--difficulty", default="standard", choices=table["difficulties"])
    p.add_argument("--venus", action="store_true")
    p.add_argument("--fish-market", default=None, choices=names(table["fish_market"]))
    p.add_argument("--games", type=whole(1), default=100)
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed + i")
    p.add_argument("--max-turns", type=whole(1), default=3000,
                   help="stop a game after this many turns (weak bots can hold a game forever)")
    p.add_argument("--json", action="store_true", help="print the standings as JSON")
    add_parallel(p)


def tournament(args: argparse.Namespace) -> int:
    from sestertius import GameOptions, check_options
    from sestertius.research.tournament import format_tournament, run_tournament
    bots = [b for b in args.bots.split(",") if b]
    why = bots_refusal(bots, args.ray)
    if why is not None:
        return refused("tournament", why)
    why = seeds_refusal(args.seed, args.games)
    if why is not None:
        return refused("tournament", why)
    options = {"board": args.board, "players": args.players, "mode": args.mode, "difficulty": args.difficulty,
               "venus": args.venus, "fish_market": args.fish_market}
    why = check_options(options) or ray_refusal(args.ray)  # Ray last: it imports Ray
    if why is not None:
        return refused("tournament", why)
    report = run_tournament(GameOptions.from_dict(options), bots, args.games, args.seed, args.max_turns,
                            workers=args.workers, ray=args.ray)
    print(json.dumps(report, indent=1) if args.json else format_tournament(report), file=sys.stdout)
    return 0
