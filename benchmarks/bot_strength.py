"""How strong are the bots? Win rates with 95% Wilson intervals, margins and time per decision, on every core.

    python benchmarks/bot_strength.py --level hard --games 200 contrarius   # every Solitaria level, Italia, Imperium
    python benchmarks/bot_strength.py --level hard --games 200 team         # two bots as a team against Contrarius
    python benchmarks/bot_strength.py --level hard --games 200 players      # against greedy and random, 2-4 players
    python benchmarks/bot_strength.py --level hard --games 40 cell solo:italia:expert cell base:italia:2:greedy
    python benchmarks/bot_strength.py --level medium --games 200 --set 'P.wealth=0.4;L.samples=3' --lines b.jsonl \
        cell solo:italia:expert                                        # a changed bot, its games kept
    python benchmarks/bot_strength.py --pair a.jsonl b.jsonl           # paired: the same seeds, B's margin less A's

One game per task (``multiprocessing``, ``--procs`` workers, all cores by default); game ``i`` of a cell uses seed
``--seed + i``, the bot seats its own seeds from it, so a cell replays. Against other bots the measured bot sits in
seat ``i mod players`` (every seat in turn). A win: the measured bot's side ranks first (Solitaria: its total beats
Contrarius', a tie going to the holder of the Concordia card, as the rules say). Time per decision is the bot's CPU
time for each decision with a choice (its plan for the rest of a turn makes later decisions of the turn cheap).
``--json FILE`` keeps every game's result; the tables are printed in Markdown. ``--lines FILE`` appends each game's
result as soon as it is played (a stopped run keeps what it played; ``--resume`` skips the games already there, and
``--table FILE`` prints the tables of such a file). The cells are interleaved (game 0 of every cell, then game 1...),
so a run stopped early still has every cell, each with fewer games.

Experiments with the search bot: ``--set SPEC`` changes the measured bot (``k=v`` separated by ``;``: ``P.k``, ``A.k``
and ``B.k`` a feature's weight for a player against Contrarius, for Contrarius and for a player of a game without it;
``L.k`` a field of its level; any other ``k`` a number of ``Weights``). Two such runs on the same seeds compare with
``--pair A B``: games diverge after the first different decision, so the pairing removes little of the spread, and a
difference of a few points needs hundreds of games (the interval says how many).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent.parent))  # after PYTHONPATH: a compiled build there is used

from tqdm import tqdm

from sestertius import Game
from sestertius.bots import make_bot
from sestertius.bots.search import SearchBot
from sestertius.research.stats import wilson

LEVELS = ["standard", "veteran", "expert", "strong_veteran", "strong_expert"]
GROUPS = {
    "contrarius": [f"solo:{board}:{level}" for board in ("italia", "imperium") for level in LEVELS],
    "team": [f"team:{board}:{level}" for board in ("italia", "imperium") for level in ("standard", "expert")],
    "players": [f"base:italia:2:{o}" for o in ("greedy", "random")] + [f"base:imperium:{n}:{o}" for n in (3, 4)
                                                                       for o in ("greedy", "random")],
}


def parse_cell(cell: str) -> tuple[dict[str, Any], str]:
    """``solo:BOARD:LEVEL``, ``team:BOARD:LEVEL`` (two bots against Contrarius) or ``base:BOARD:PLAYERS:OPPONENT``."""
    parts = cell.split(":")
    if parts[0] == "solo":
        return {"board": parts[1], "players": 1, "mode": "solo", "difficulty": parts[2]}, "contrarius"
    if parts[0] == "team":
        return {"board": parts[1], "players": 2, "mode": "team", "difficulty": parts[2]}, "contrarius"
    if parts[0] == "base":
        return {"board": parts[1], "players": int(parts[2])}, parts[3]
    raise SystemExit(f"unknown cell {cell!r}")


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game of ``seed`` (so that a cell's games replay, here and in
    ``solo_diagnosis.py``)."""
    return seed * 97 + seat


def changed(bot: Any, spec: str) -> Any:
    """The search bot with the changes of ``spec`` (see the module's doc); an unknown name stops the run."""
    if not spec:
        return bot
    if not isinstance(bot, SearchBot):
        raise SystemExit("--set changes the search bot only (--level medium or hard)")
    w = dataclasses.replace(bot.evaluator.w, player=dict(bot.evaluator.w.player),
                            automaton=dict(bot.evaluator.w.automaton), base=dict(bot.evaluator.w.base))
    level: dict[str, Any] = {}
    sets = {"P": w.player, "A": w.automaton, "B": w.base}
    for part in filter(None, (x.strip() for x in spec.split(";"))):
        key, _, value = part.partition("=")
        try:
            number = float(value)
        except ValueError:
            raise SystemExit(f"--set {part!r}: the value must be a number") from None
        prefix, _, name = key.partition(".")
        if name and prefix in sets:
            if name not in sets[prefix]:
                raise SystemExit(f"--set {part!r}: no feature {name!r} in the {prefix} set ({', '.join(sets[prefix])})")
            sets[prefix][name] = number
        elif name and prefix == "L":
            if name not in {f.name for f in dataclasses.fields(bot.level) if f.type in (int, "int")}:
                raise SystemExit(f"--set {part!r}: the level has no number {name!r}")
            level[name] = int(number)
        elif key in {f.name for f in dataclasses.fields(w)} and isinstance(getattr(w, key), (int, float)):
            current = getattr(w, key)
            setattr(w, key, type(current)(number))
        else:
            raise SystemExit(f"--set {part!r}: unknown name {key!r}")
    bot.evaluator.w = w
    if bot.ends is not None:  # the judge of turn ends (a learned correction of the same estimate) changes too
        bot.ends.w = w
    bot.level = dataclasses.replace(bot.level, **level)
    bot.name = f"{bot.name}+{spec}"  # the plans it keeps are its own (they are kept by name)
    return bot


def paired(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> dict[str, Any]:
    """B's margin less A's over the games of the same seed: the mean, its 95% interval (normal), and the games each
    won alone."""
    by_seed = {r["seed"]: r for r in a}
    pairs = [(by_seed[r["seed"]], r) for r in b if r["seed"] in by_seed]
    diffs = [y["margin"] - x["margin"] for x, y in pairs]
    n = len(diffs)
    mean = statistics.fmean(diffs) if n else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    return {"games": n, "diff": mean, "low": mean - half, "high": mean + half,
            "only_a": sum(x["win"] and not y["win"] for x, y in pairs),
            "only_b": sum(y["win"] and not x["win"] for x, y in pairs)}


def play(task: tuple[str, int, str, int, str]) -> dict[str, Any]:
    cell, seed, level, index, spec = task
    options, opponent = parse_cell(cell)
    game = Game.new(options, seed=seed)
    players = options["players"]
    if opponent == "contrarius":
        mine = list(range(players))  # every player's seat is the measured bot's (a team: both partners)
    else:
        mine = [index % players]
    bots = {seat: changed(make_bot(level, bot_seed(seed, seat)), spec) if seat in mine
            else make_bot(opponent, bot_seed(seed, seat)) for seat in range(players)}
    spent: list[float] = []
    start = time.process_time()
    while not game.is_over and game.state.turn < 1000:
        seat = game.to_act()
        legal = game.legal_actions()
        if len(legal) == 1:
            game.apply_unchecked(legal[0])
            continue
        assert seat is not None  # more than one decision: a seat decides (the dice are the engine's)
        t0 = time.process_time()
        action = bots[seat].choose(game, legal)
        if seat in mine:
            spent.append(time.process_time() - t0)
        game.apply_unchecked(action)
    result = game.result()
    scores = [s["total"] for s in game.scores()]
    first = game.ranking()[0]
    if opponent == "contrarius":
        ours = result.get("team", result.get("player", scores[0]))
        margin = ours - result["contrarius"]
        win = first in mine
    else:
        ours = scores[mine[0]]
        margin = ours - max(x for i, x in enumerate(scores) if i not in mine)
        win = first == mine[0]
    return {"cell": cell, "seed": seed, "win": win, "margin": margin, "score": ours, "over": game.is_over,
            "seconds": time.process_time() - start, "decisions": spent, **({"set": spec} if spec else {})}


def summary(cell: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(games)
    wins = sum(g["win"] for g in games)
    low, high = wilson(wins, n)
    times = sorted(t for g in games for t in g.get("decisions", ()))  # (lines of other tools may not keep them)
    return {"cell": cell, "games": n, "wins": wins, "rate": wins / n if n else 0.0, "low": low, "high": high,
            "margin": statistics.fmean(g["margin"] for g in games) if games else 0.0,
            "score": statistics.fmean(g["score"] for g in games) if games else 0.0,
            "per_decision": statistics.fmean(times) if times else 0.0,
            "p95": times[int(0.95 * (len(times) - 1))] if times else 0.0, "max": times[-1] if times else 0.0,
            "unfinished": sum(not g["over"] for g in games)}


def table(rows: list[dict[str, Any]], level: str) -> str:
    out = [f"| cell ({level} bot) | games | wins | win rate (95% CI) | mean margin | mean score | s/decision (p95) |",
           "|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r['cell']} | {r['games']} | {r['wins']} | {r['rate'] * 100:.1f}% "
                   f"({r['low'] * 100:.1f}–{r['high'] * 100:.1f}%) | {r['margin']:+.1f} | {r['score']:.1f} | "
                   f"{r['per_decision']:.3f} ({r['p95']:.3f}) |")
    return "\n".join(out)


def schedule(cells: list[str], games: int, seed: int, level: str, spec: str,
             seen: set[tuple[str, int]]) -> list[tuple[str, int, str, int, str]]:
    """The games still to play, the cells taking turns (each cell's next game, then the next...): a run stopped early
    has every cell, each with fewer games, also when it resumed cells that had played different numbers of games."""
    todo = [[(cell, seed + i, level, i, spec) for i in range(games) if (cell, seed + i) not in seen] for cell in cells]
    return [todo[c][k] for k in range(max(map(len, todo), default=0)) for c in range(len(cells)) if k < len(todo[c])]


def _read(path: Path) -> dict[str, list[dict[str, Any]]]:
    """The games of a --lines file, per cell."""
    by_cell: dict[str, list[dict[str, Any]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line:
            r = json.loads(line)
            by_cell.setdefault(r["cell"], []).append(r)
    return by_cell


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("what", nargs="*", help="groups (contrarius, team, players) or 'cell SPEC' pairs")
    p.add_argument("--level", default="hard", help="the measured bot: hard, medium, easy, ...")
    p.add_argument("--games", type=int, default=200, help="games per cell")
    p.add_argument("--seed", type=int, default=1_000_000)
    p.add_argument("--procs", type=int, default=multiprocessing.cpu_count())
    p.add_argument("--json", default=None, help="write every game's result to this file")
    p.add_argument("--lines", default=None, help="append each game's result to this JSON-lines file as it is played")
    p.add_argument("--resume", action="store_true", help="skip the games already in --lines")
    p.add_argument("--table", default=None,
                   help="only print the tables of a --lines file (--level names the bot in the heading)")
    p.add_argument("--set", default="", help="change the measured search bot: 'P.wealth=0.4;build_rate=0.3;L.width=8'")
    p.add_argument("--pair", nargs=2, metavar=("A", "B"), help="only compare two --lines files game by game")
    args = p.parse_args()
    if args.pair:
        runs = [_read(Path(f)) for f in args.pair]
        print("| cell | paired games | B - A margin (95% CI) | won by A only | won by B only |\n|---|---|---|---|---|")
        for cell in sorted(set(runs[0]) & set(runs[1])):
            r = paired(runs[0][cell], runs[1][cell])
            print(f"| {cell} | {r['games']} | {r['diff']:+.2f} ({r['low']:+.2f} to {r['high']:+.2f}) | "
                  f"{r['only_a']} | {r['only_b']} |")
        return
    if args.table:
        print(table([summary(cell, games) for cell, games in _read(Path(args.table)).items()], args.level))
        return
    changed(make_bot(args.level), args.set)  # a wrong --set stops here, before any game
    cells: list[str] = []
    words = list(args.what)
    while words:
        w = words.pop(0)
        if w == "cell":
            cells.append(words.pop(0))
        elif w in GROUPS:
            cells.extend(GROUPS[w])
        else:
            raise SystemExit(f"unknown group {w!r}: {', '.join(GROUPS)} or cell SPEC")
    results: dict[str, list[dict[str, Any]]] = {cell: [] for cell in cells}
    lines = Path(args.lines) if args.lines else None
    if lines and args.resume and lines.exists():
        for cell, games in _read(lines).items():
            if cell in results:  # a changed bot's games are its own
                results[cell] += [r for r in games if r.get("set", "") == args.set]
    seen = {(r["cell"], r["seed"]) for games in results.values() for r in games}
    tasks = schedule(cells, args.games, args.seed, args.level, args.set, seen)
    # a bar with the time left (the games of a cell take minutes each with hard) and the last game's outcome
    with multiprocessing.Pool(args.procs) as pool, tqdm(total=len(tasks), unit="game", file=sys.stderr) as bar:
        for r in pool.imap_unordered(play, tasks):
            results[r["cell"]].append(r)
            if lines:
                with lines.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(r) + "\n")
            bar.set_postfix_str(f"{r['cell']} {'won' if r['win'] else 'lost'} {r['margin']:+g}", refresh=False)
            bar.update()
    rows = [summary(cell, results[cell]) for cell in cells]
    print(table(rows, args.level))
    if args.json:
        Path(args.json).write_text(json.dumps({"level": args.level, "games": args.games, "rows": rows,
                                               "results": results}, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
