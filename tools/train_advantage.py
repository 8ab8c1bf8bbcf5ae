"""Fit the learned evaluation to what decisions lead to: counterfactual branches of self-played games.

    python tools/train_advantage.py branches --out benchmarks/results/advantage --games 6000    # every core; resumes
    python tools/train_advantage.py fit --out benchmarks/results/advantage --version adv-001     # the model
    python tools/train_advantage.py judge --out benchmarks/results/advantage --version adv-001 --games 200
    python tools/train_advantage.py curve --out benchmarks/results/advantage                     # the judgements
    python tools/train_advantage.py install --out benchmarks/results/advantage --version adv-001h --shrink 0.5

Why: ``train_value.py`` fits a seat's final score to its features over the positions of self-played games, and such
a fit is confounded: what goes with a high score under one policy is not what causes it, and the search steers to
the positions where the fit errs (docs/BOTS.md, "The learned evaluation"). Here every sample is a *decision*: in
game ``i`` (seed ``--seed + i``) the search (``--level``, judged by ``--model``) plays to a player's turn chosen at
random; there its best card and ``--alternatives`` others of its ``--top`` best are each played, the turn finished
and the game played on to its end by the same bots, from the same state and the same generator. Each branch keeps
every seat's features at the end of that turn (:func:`sestertius.bots.learned.model.seat_rows`, what the search
judges there) and the final margin. The fit is a ridge regression of the difference between a branch's final margin
and the best branch's, less what the hand-made estimate's objective (the player's estimate less Contrarius') says of
that difference, on the difference of the features (the player's, and Contrarius' negated): a correction of the
estimate where its judgement of decisions differs from where they lead. Whatever a branch's game shares with the
best branch's (the luck of the game so far, the policy's habits) cancels in the difference.

``judge`` plays the model (at each ``--shrinks`` scale) on fixed seeds and pairs every game with the hand-made
estimate's (``--base``, the lines of ``benchmarks/bot_strength.py`` for the same level and seeds), in
``judged.jsonl``. Branches and games are appended as they end; a stopped run resumes.
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # after PYTHONPATH: the compiled build there is used (docs/SPEED.md)
sys.path.insert(0, str(ROOT / "tools"))

from sestertius import Game  # noqa: E402, I001  (before train_value, which puts the sources first)
from train_value import append_line, options_of, paired, read_lines, repair, scaled  # noqa: E402
from sestertius.bots.learned.features import HAND, NAMES  # noqa: E402
from sestertius.bots.learned.model import HAND_ONLY, LearnedEvaluator, ValueModel, seat_rows  # noqa: E402
from sestertius.bots.search import Evaluator, SearchBot  # noqa: E402

BRANCH_SEED = 5_000_000  # the branched games: BRANCH_SEED + i
PACKAGED = ROOT / "sestertius" / "bots" / "learned" / "turn_ends.json"
NOW, EST = NAMES.index("now"), NAMES.index("estimate")

Task = tuple[str, int, dict[str, Any], str, int, int]


def margin_of(game: Game, automaton: int | None) -> float:
    scores = [s["total"] for s in game.scores()]
    if automaton is None:
        return float(scores[0] - max(scores[1:]))
    result = game.result()
    return float(result.get("team", result.get("player", scores[0])) - result["contrarius"])


def step(game: Game, bots: dict[int, SearchBot]) -> None:
    """One decision, in place: the only one open, or the bot's of the seat to act."""
    legal = game.legal_actions()
    if len(legal) == 1:
        game.apply_unchecked(legal[0])
        return
    who = game.to_act()
    assert who is not None and who in bots
    game.apply_unchecked(bots[who].choose(game, legal))


def play_out(game: Game, bots: dict[int, SearchBot], until_turn: int | None = None) -> None:
    """Play on, in place: to the end of the game, or (``until_turn``) until that turn has ended."""
    while not game.is_over and game.state.turn < 1000:
        if until_turn is not None and game.state.turn != until_turn:
            return
        step(game, bots)


def bots_for(game: Game, seed: int, level: str, model: ValueModel) -> dict[int, SearchBot]:
    """The search bots of every player's seat (seeded as in ``benchmarks/bot_strength.py``), the model judging the
    ends of turns (the positions it was fitted to; the steps inside a turn keep the hand-made estimate)."""
    automaton = game.state.rules.mode.automaton(game.state)
    bots = {}
    for seat in range(game.state.n):
        if seat != automaton:
            # the hand model: the estimate itself judges the ends (not the judge a level may name), one evaluator
            # as a level without a judge has (the work its budget counts is the same)
            ev = Evaluator()
            bots[seat] = SearchBot(seed * 97 + seat, level, evaluator=ev,
                                   ends=LearnedEvaluator(model) if model.roles else ev)
    return bots


def play(task: tuple[str, int, dict[str, Any], str]) -> dict[str, Any]:
    """One game of the bots with the model; its result as ``benchmarks/bot_strength.py`` writes it."""
    cell, seed, model_json, level = task
    model = ValueModel.from_json(model_json)
    game = Game.new(options_of(cell), seed=seed)
    automaton = game.state.rules.mode.automaton(game.state)
    start = time.process_time()
    play_out(game, bots_for(game, seed, level, model))
    margin = margin_of(game, automaton)
    scores = [s["total"] for s in game.scores()]
    result = game.result() if automaton is not None else {}
    return {"cell": cell, "seed": seed, "win": game.ranking()[0] != automaton if automaton is not None
            else game.ranking()[0] == 0, "margin": margin,
            "score": result.get("team", result.get("player", scores[0])) if automaton is not None else scores[0],
            "over": game.is_over, "seconds": round(time.process_time() - start, 3), "model": model.version}


def pool_map(fn: Any, tasks: list[Any], procs: int) -> Iterator[Any]:
    """``fn`` of each task, as they come: here, or on a pool of ``procs`` processes (closed after)."""
    if procs <= 1:
        yield from map(fn, tasks)
        return
    with multiprocessing.Pool(procs) as pool:
        yield from pool.imap_unordered(fn, tasks)


def branch(task: Task) -> dict[str, Any]:
    """One game played to a random turn of the first player, branched there (see the module's doc)."""
    cell, seed, model_json, level, alternatives, top = task
    model = ValueModel.from_json(model_json)
    rng = random.Random(seed)
    game = Game.new(options_of(cell), seed=seed)
    automaton = game.state.rules.mode.automaton(game.state)

    def new_bots() -> dict[int, SearchBot]:
        return bots_for(game, seed, level, model)

    bots = new_bots()
    target = rng.randrange(28)
    seen, last = 0, None
    start = time.process_time()
    while not game.is_over:
        now = game.current_step()
        if now is not None and now[0] == "turn" and game.to_act() == 0:
            last = game.copy()
            if seen == target:
                break
            seen += 1
        step(game, bots)
    assert last is not None  # a game has a first turn
    at = last  # the branched turn (the last one reached, if the game ended before the one drawn)
    lines = bots[0].search(at, 0)
    ranked = [line.action for line in lines]
    picks = [0, *sorted(rng.sample(range(1, min(top, len(ranked))), min(alternatives, min(top, len(ranked)) - 1)))]
    branches = []
    for rank in picks:
        g = at.copy()
        g.apply_unchecked(ranked[rank])
        bots = new_bots()  # the same bots as the game's (their seeds), their caches empty
        play_out(g, bots, until_turn=at.state.turn)
        rows = [(role, [round(v, 4) for v in x]) for role, x in seat_rows(g.state)]
        play_out(g, bots)
        branches.append({"rank": rank, "action": list(ranked[rank]), "value": round(lines[rank].value, 3),
                         "rows": rows, "margin": margin_of(g, automaton), "over": g.is_over})
    return {"cell": cell, "seed": seed, "turn": seen, "model": model.version, "n_legal": len(ranked),
            "branches": branches, "seconds": round(time.process_time() - start, 2)}


def branches(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"branches-{args.model}.jsonl.gz"  # one file per model playing (a generation)
    repair(path)
    model = load(out, args.model)
    done = {(r["cell"], r["seed"]) for r in read_lines(path)}
    cells = args.cells.split(",")
    if any(not c.startswith("solo:") for c in cells):
        raise SystemExit("--cells: solo:BOARD:LEVEL only (the fit reads one player against Contrarius)")
    tasks: list[Task] = [(cell, args.seed + i, model.to_json(), args.level, args.alternatives, args.top)
                         for i in range(args.games) for cell in cells if (cell, args.seed + i) not in done]
    from tqdm import tqdm
    for r in tqdm(pool_map(branch, tasks, args.procs), total=len(tasks), desc="branched games", unit="game"):
        append_line(path, r)


def load(out: Path, version: str) -> ValueModel:
    return HAND_ONLY if version == HAND_ONLY.version else ValueModel.load(out / "models" / f"{version}.json")


def pairs(records: list[dict[str, Any]]) -> tuple[list[list[float]], list[float], list[int]]:
    """Per branch beside its game's best one: the features' difference (the player's, then Contrarius' negated),
    the final margins' difference less the hand-made objective's, and the game's seed (for held-out folds)."""
    xs, ys, seeds = [], [], []
    for r in records:
        b = r["branches"]
        if len(b) < 2 or not all(x["over"] for x in b):
            continue

        def parts(x: dict[str, Any]) -> tuple[list[float], list[float], float]:
            (role_p, p), (role_a, a) = x["rows"][0], x["rows"][1]
            if (role_p, role_a) != ("player", "automaton") or len(x["rows"]) != 2:
                raise SystemExit("a branch of a game that is not one player against Contrarius (the fit reads "
                                 "solo Solitaria only)")
            return p, a, (p[NOW] + p[EST]) - (a[NOW] + a[EST])

        p0, a0, o0 = parts(b[0])
        for x in b[1:]:
            p, a, o = parts(x)
            xs.append([u - v for u, v in zip(p, p0)] + [v - u for u, v in zip(a, a0)])
            ys.append((x["margin"] - b[0]["margin"]) - (o - o0))
            seeds.append(r["seed"])
    return xs, ys, seeds


def fit_pairs(records: list[dict[str, Any]], version: str, features: str = "all", folds: int = 5
              ) -> tuple[ValueModel, dict[str, Any]]:
    """The model of the branched games' pairs (see the module's doc): ridge regression, its strength chosen by the
    error on held-out games (``folds`` folds by seed), then refitted on every pair. ``features`` ``hand``: only the
    hand-made estimate's features (its weights corrected)."""
    import numpy as np  # the train extra

    xs, ys, seeds = pairs(records)
    k = len(NAMES)
    x, y, s = np.array(xs, dtype=float).reshape(-1, 2 * k), np.array(ys, dtype=float), np.array(seeds)
    if features == "hand":
        x[:, [i for i in range(2 * k) if NAMES[i % k] not in HAND]] = 0.0
    n = len(y)
    sd = x.std(0) if n else np.ones(2 * k)
    sd[sd < 1e-9] = 1.0
    z = x / sd  # no centring: a difference of equal positions is zero, and so is its correction
    fold = s % folds

    def solve(zz: Any, yy: Any, lam: float) -> Any:
        return np.linalg.solve(zz.T @ zz + lam * np.eye(zz.shape[1]), zz.T @ yy)

    errors = {}
    for lam in (1.0, 10.0, 100.0, 1_000.0, 10_000.0, 100_000.0):
        sq = 0.0
        for f in range(folds):
            beta = solve(z[fold != f], y[fold != f], lam)
            sq += float(((z[fold == f] @ beta - y[fold == f]) ** 2).sum())
        errors[lam] = math.sqrt(sq / max(n, 1))
    best = min(errors, key=lambda lam: errors[lam])
    coef = solve(z, y, best) / sd
    meta = {"trained_on": "counterfactual branches of self-played games (tools/train_advantage.py)",
            "features": features,
            "branched_games": len(records), "pairs": n, "lambda": best,
            "rmse_hand": round(float(np.sqrt((y ** 2).mean())), 3) if n else 0.0,
            "rmse_cv": {str(lam): round(e, 3) for lam, e in errors.items()},
            "date": datetime.date.today().isoformat(), "from_model": records[0]["model"] if records else None,
            "per_sd": {f"{'P' if i < k else 'A'}.{NAMES[i % k]}": round(float(coef[i] * sd[i]), 3)
                       for i in sorted(range(2 * k), key=lambda i: -abs(coef[i] * sd[i]))[:12]}}
    model = ValueModel(version, NAMES, {"player": (0.0, tuple(round(float(c), 6) for c in coef[:k])),
                                        "automaton": (0.0, tuple(round(float(c), 6) for c in coef[k:]))}, meta)
    return model, meta


def fit(args: argparse.Namespace) -> None:
    out = Path(args.out)
    files = [out / f"branches-{m}.jsonl.gz" for m in args.data.split(",")] if args.data else sorted(
        out.glob("branches-*.jsonl.gz"))
    records = [r for f in files for r in read_lines(f)[:args.first or None]]
    model, meta = fit_pairs(records, args.version, args.features, args.folds)
    meta["data"] = [f"{f.name}{f' (its first {args.first} games)' if args.first else ''}" for f in files]
    (out / "models").mkdir(exist_ok=True)
    model.save(out / "models" / f"{args.version}.json")
    print(json.dumps(meta, indent=1))


def judge(args: argparse.Namespace) -> None:
    out = Path(args.out)
    base = read_lines(Path(args.base))
    model = load(out, args.version)
    for shrink in [float(v) for v in args.shrinks.split(",")]:
        version = f"{args.version}-x{shrink:g}"
        path = out / "eval" / f"{version}-{args.level}-s{args.seed}.jsonl"  # one file a model, level and seeds
        path.parent.mkdir(parents=True, exist_ok=True)
        repair(path)
        done = {(r["cell"], r["seed"]) for r in read_lines(path)}
        js = scaled(model, shrink, version).to_json()
        tasks = [(cell, args.seed + i, js, args.level) for i in range(args.games) for cell in args.cells.split(",")
                 if (cell, args.seed + i) not in done]
        from tqdm import tqdm
        for r in tqdm(pool_map(play, tasks, args.procs), total=len(tasks), desc=version, unit="game"):
            append_line(path, r)
        cells = set(args.cells.split(","))  # a file may hold other cells' games: pair only these
        games = [r for r in read_lines(path) if r["cell"] in cells]
        result = {"candidate": version, "level": args.level, "cells": args.cells, "seed": args.seed,
                  "against": args.base, **paired([r for r in base if r["cell"] in cells], games),
                  "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="minutes")}
        if result["games"]:
            append_line(out / "judged.jsonl", result)
        print(json.dumps(result))


def curve(args: argparse.Namespace) -> None:
    """Every judgement so far (``judged.jsonl``) as a Markdown table: the learning curve."""
    print("| model | level | cells | seeds from | games | paired margin (95% CI) | won: before / with it | score |")
    print("|---|---|---|---|---|---|---|---|")
    for r in read_lines(Path(args.out) / "judged.jsonl"):
        print(f"| {r['candidate']} | {r['level']} | {r['cells']} | {r['seed']:,} | {r['games']} | "
              f"{r['diff']:+.2f} ({r['low']:+.2f} to {r['high']:+.2f}) | {r['wins_a']} / {r['wins_b']} | "
              f"{r['score_a']:.1f} -> {r['score_b']:.1f} |")


def install(args: argparse.Namespace) -> None:
    """The model at ``--shrink`` into the package, as the judge of turn ends of the levels that name it."""
    model = load(Path(args.out), args.version)
    version = f"{args.version}-x{args.shrink:g}"
    scaled(model, args.shrink, version).save(PACKAGED)
    print(f"{version} -> {PACKAGED.relative_to(ROOT)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("branches", help="play and branch games (resumes)")
    p.add_argument("--out", required=True)
    p.add_argument("--games", type=int, default=600)
    p.add_argument("--seed", type=int, default=BRANCH_SEED)
    p.add_argument("--cells", default="solo:italia:expert")
    p.add_argument("--level", default="medium")
    p.add_argument("--model", default=HAND_ONLY.version, help="the model judging the bots' search (hand: none)")
    p.add_argument("--alternatives", type=int, default=2, help="other decisions tried beside the best")
    p.add_argument("--top", type=int, default=5, help="the alternatives drawn from this many best")
    p.add_argument("--procs", type=int, default=max(1, multiprocessing.cpu_count()))
    p.set_defaults(run=branches)
    p = sub.add_parser("fit", help="fit a model to the branches")
    p.add_argument("--out", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--folds", type=int, default=5)
    p.add_argument("--data", default="", help="the models whose branches to fit to, by commas (default: every file)")
    p.add_argument("--first", type=int, default=0, help="only the first games of each file (0: all)")
    p.add_argument("--features", choices=["all", "hand"], default="all",
                   help="all of the model's features, or the hand-made estimate's only (its weights corrected)")
    p.set_defaults(run=fit)
    p = sub.add_parser("judge", help="paired games of the model against the hand-made estimate")
    p.add_argument("--out", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--base", default=str(ROOT / "benchmarks" / "results" / "botstrength" / "medium_expert_base.jsonl"))
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1_000_000)
    p.add_argument("--cells", default="solo:italia:expert")
    p.add_argument("--level", default="medium")
    p.add_argument("--shrinks", default="1,0.5")
    p.add_argument("--procs", type=int, default=max(1, multiprocessing.cpu_count()))
    p.set_defaults(run=judge)
    p = sub.add_parser("curve", help="the judgements so far, as a table")
    p.add_argument("--out", required=True)
    p.set_defaults(run=curve)
    p = sub.add_parser("install", help="a model into the package (sestertius/bots/learned/turn_ends.json)")
    p.add_argument("--out", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--shrink", type=float, default=1.0)
    p.set_defaults(run=install)
    args = ap.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
