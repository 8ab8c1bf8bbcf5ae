"""Train the search bot's learned evaluation by expert iteration, judged by games.

    python tools/train_value.py run --out benchmarks/results/value --generations 6      # every core; resumes
    python tools/train_value.py run --out DIR --ray auto ...                              # on a Ray cluster
    python tools/train_value.py curve benchmarks/results/value                            # the learning curve
    python tools/train_value.py install benchmarks/results/value                          # the best into the package
    python tools/train_value.py records benchmarks/results/value --records DIR           # the last games' records
    python tools/train_value.py judge benchmarks/results/value --games 100 [--level hard] # the best on fresh seeds

Each generation: the search (``--level``, medium by default: cheap) judged by the current best model plays
``--games`` games per cell on the generation's own seeds, recording at the start of every turn each seat's features
(:mod:`sestertius.bots.learned.features`) and, at the end, its final score (``games/gen-NNN.jsonl``, the rows in
``rows/gen-NNN-self.jsonl.gz``). A model is fitted to the rows of its generation and the ``--window`` before it
(generation 0: the hand-made estimate's evaluation games), self-play and the evaluation games of every candidate,
rejected ones too (per role, ridge regression of the final score less the hand-made estimate, its strength chosen on
held-out games: numpy, the ``train`` extra). Its correction at each scale of ``--shrinks`` is a candidate, playing
``--eval-games`` games per cell on fixed seeds (the same for every generation: ``eval/VERSION.jsonl``, the lines of
``benchmarks/bot_strength.py``, which its ``--pair`` reads), paired game by game with the current best's games on
those seeds. The best candidate is kept when its mean paired margin is above zero (``--keep mean``, the default) or
its 95% interval's lower bound is (``--keep lower``). Generation 0 is the hand-made estimate alone (``hand``). Every
stage appends as it goes and is skipped when done, so a stopped run resumes where it stopped; ``curve.jsonl`` holds
the learning curve (generation, games, rows, fit error, paired margin with its 95% interval, win rates with Wilson
intervals, kept?).
"""
from __future__ import annotations

import argparse
import datetime
import gzip
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sestertius import Game  # noqa: E402
from sestertius.bots.learned.features import NAMES  # noqa: E402
from sestertius.bots.learned.model import HAND_ONLY, ROLES, LearnedEvaluator, ValueModel, seat_rows  # noqa: E402
from sestertius.bots.search import SearchBot  # noqa: E402
from sestertius.research.stats import wilson  # noqa: E402

CELLS = ["solo:italia:expert", "solo:imperium:expert"]
TRAIN_SEED = 3_000_000  # generation g's training games: TRAIN_SEED + 10,000 g + i
EVAL_SEED = 2_000_000  # the evaluation games of every generation
PACKAGED = ROOT / "sestertius" / "bots" / "learned" / "value.json"

Task = tuple[str, int, int, dict[str, Any], str, bool]


def options_of(cell: str) -> dict[str, Any]:
    """``solo:BOARD:LEVEL``, ``team:BOARD:LEVEL`` or ``base:BOARD:PLAYERS`` (the bot in every seat)."""
    parts = cell.split(":")
    if parts[0] in ("solo", "team"):
        return {"board": parts[1], "players": 1 if parts[0] == "solo" else 2, "mode": parts[0],
                "difficulty": parts[2]}
    if parts[0] == "base":
        return {"board": parts[1], "players": int(parts[2])}
    raise SystemExit(f"unknown cell {cell!r}: solo:BOARD:LEVEL, team:BOARD:LEVEL or base:BOARD:PLAYERS")


_MODELS: dict[str, ValueModel] = {}


def learned_bots(game: Game, seed: int, level: str, model: ValueModel) -> dict[int, SearchBot]:
    """The search bots of every player's seat, the model judging every position (the ends of turns too: not the
    judge of turn ends a level may name)."""
    automaton = game.state.rules.mode.automaton(game.state)
    evaluators = {seat: LearnedEvaluator(model) for seat in range(game.state.n) if seat != automaton}
    return {seat: SearchBot(seed * 97 + seat, level, evaluator=ev, ends=ev) for seat, ev in evaluators.items()}


def play(task: Task) -> dict[str, Any]:
    """One game of the search with the model in every player's seat; its result (and its rows, when asked)."""
    cell, seed, index, model_json, level, collect = task
    key = json.dumps(model_json, sort_keys=True)
    model = _MODELS.get(key)
    if model is None:
        model = _MODELS[key] = ValueModel.from_json(model_json)
    game = Game.new(options_of(cell), seed=seed)
    automaton = game.state.rules.mode.automaton(game.state)
    bots = learned_bots(game, seed, level, model)
    rows: list[tuple[int, str, list[float]]] = []
    spent: list[float] = []
    start = time.process_time()
    while not game.is_over and game.state.turn < 1000:
        step = game.current_step()
        if collect and step is not None and step[0] == "turn":
            for seat, (role, x) in enumerate(seat_rows(game.state)):
                rows.append((seat, role, x))
        legal = game.legal_actions()
        if len(legal) == 1:
            game.apply_unchecked(legal[0])
            continue
        who = game.to_act()
        assert who is not None and who in bots
        t0 = time.process_time()
        action = bots[who].choose(game, legal)
        spent.append(time.process_time() - t0)
        game.apply_unchecked(action)
    scores = [s["total"] for s in game.scores()]
    if automaton is not None:
        result = game.result()
        ours = result.get("team", result.get("player", scores[0]))
        margin, win = ours - result["contrarius"], game.ranking()[0] != automaton
    else:  # the bot plays itself: seat 0's result
        ours, win = scores[0], game.ranking()[0] == 0
        margin = ours - max(scores[1:])
    spent.sort()
    out: dict[str, Any] = {
        "cell": cell, "seed": seed, "win": win, "margin": margin, "score": ours, "over": game.is_over,
        "seconds": round(time.process_time() - start, 3), "model": model.version,
        "per_decision": round(statistics.fmean(spent), 5) if spent else 0.0,
        "p95": round(spent[int(0.95 * (len(spent) - 1))], 5) if spent else 0.0}
    if collect:
        out["rows"] = [{"seat": seat, "role": role, "x": [round(v, 4) for v in x], "final": scores[seat]}
                       for seat, role, x in rows]
    return out


def run_tasks(tasks: list[Task], procs: int, ray: str | None) -> Iterator[dict[str, Any]]:
    """The tasks' results as they come: on a pool of ``procs`` processes, or on a Ray cluster."""
    if not tasks:
        return
    if ray:
        import ray as ray_module  # the cluster extra
        if not ray_module.is_initialized():
            ray_module.init(address=None if ray == "local" else ray)
        remote = ray_module.remote(play)
        pending = [remote.remote(t) for t in tasks]
        while pending:
            done, pending = ray_module.wait(pending)
            for ref in done:
                yield ray_module.get(ref)
        return
    if procs <= 1:
        yield from map(play, tasks)
        return
    with multiprocessing.Pool(procs) as pool:
        yield from pool.imap_unordered(play, tasks)


def read_lines(path: Path) -> list[dict[str, Any]]:
    """The records of a JSON-lines file (gzip-compressed if it ends in .gz). A run stopped while it wrote leaves
    a last line cut short (or a gzip member): it is left out, and ``play_into`` plays that game again."""
    if not path.exists():
        return []
    out = []
    opener: Callable[..., Any] = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8") as f:
            for line in f:
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError:
                    break
    except (EOFError, gzip.BadGzipFile):
        pass
    return out


def repair(path: Path) -> None:
    """Rewrite a file that a stopped run left cut short with its whole records only (appends go after them)."""
    if not path.exists():
        return
    good = read_lines(path)
    text = "".join(json.dumps(r) + "\n" for r in good)
    opener: Callable[..., Any] = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        try:
            whole = f.read() == text
        except (EOFError, gzip.BadGzipFile):
            whole = False
    if not whole:
        with opener(path, "wt", encoding="utf-8") as f:
            f.write(text)


def append_line(path: Path, record: dict[str, Any]) -> None:
    opener: Callable[..., Any] = gzip.open if path.suffix == ".gz" else open
    with opener(path, "at", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")


def play_into(path: Path, rows: Path | None, cells: list[str], games: int, seed: int, model: ValueModel,
              level: str, procs: int, ray: str | None, label: str) -> list[dict[str, Any]]:
    """Play the games of ``cells`` (seeds ``seed + i``) not yet in ``path``, appending each result as it ends (and
    its positions' rows to ``rows``, when given); all of them, in the order of the file."""
    for p in (path, rows):
        if p is not None:
            repair(p)
    done = {(r["cell"], r["seed"]) for r in read_lines(path)}
    js = model.to_json()
    tasks: list[Task] = [(cell, seed + i, i, js, level, rows is not None) for i in range(games) for cell in cells
                         if (cell, seed + i) not in done]
    t0 = time.time()
    for k, r in enumerate(run_tasks(tasks, procs, ray)):
        if rows is not None:  # the rows first: a game whose result is written has its rows
            append_line(rows, {"cell": r["cell"], "seed": r["seed"], "model": r["model"], "rows": r.pop("rows")})
        append_line(path, r)
        if (k + 1) % 20 == 0 or k + 1 == len(tasks):
            print(f"  {label}: {k + 1}/{len(tasks)} games, {time.time() - t0:.0f} s", flush=True)
    return read_lines(path)


def scaled(model: ValueModel, shrink: float, version: str) -> ValueModel:
    """The model with its correction times ``shrink`` (1: as fitted)."""
    roles = {r: (round(b * shrink, 6), tuple(round(c * shrink, 6) for c in coef))
             for r, (b, coef) in model.roles.items()}
    return ValueModel(version, model.names, roles, dict(model.meta, shrink=shrink))


# -- fitting ----------------------------------------------------------------------------------------------------
def fit(rows: list[dict[str, Any]], version: str, lambdas: tuple[float, ...] = (0.01, 0.1, 1.0, 10.0, 100.0),
        holdout: int = 5, least: int = 50) -> tuple[ValueModel, dict[str, Any]]:
    """Per role, ridge regression of the final score less the hand-made estimate (now + ``estimate``) on the
    standardised features; the strength chosen by the error on every ``holdout``-th game, then refitted on all."""
    import numpy as np  # the train extra

    now_i, est_i = NAMES.index("now"), NAMES.index("estimate")
    roles: dict[str, tuple[float, tuple[float, ...]]] = {}
    report: dict[str, Any] = {}
    for role in ROLES:
        mine = [r for r in rows if r["role"] == role]
        if len(mine) < least:  # too few to fit: the role keeps the hand-made estimate
            continue
        x = np.array([r["x"] for r in mine], dtype=float)
        y = np.array([r["final"] for r in mine], dtype=float) - x[:, now_i] - x[:, est_i]
        held = np.array([r["game"] % holdout == 0 for r in mine])

        def solve(xs: Any, ys: Any, lam: float) -> tuple[Any, float]:
            mu, sd = xs.mean(0), xs.std(0)
            sd[sd < 1e-9] = 1.0
            z = (xs - mu) / sd
            ym = ys.mean()
            beta = np.linalg.solve(z.T @ z + lam * np.eye(z.shape[1]), z.T @ (ys - ym))
            coef = beta / sd
            return coef, float(ym - coef @ mu)

        errors = {}
        for lam in lambdas:
            coef, bias = solve(x[~held], y[~held], lam)
            errors[lam] = float(np.sqrt(np.mean((x[held] @ coef + bias - y[held]) ** 2)))
        best = min(errors, key=lambda k: errors[k])
        coef, bias = solve(x, y, best)
        roles[role] = (round(bias, 6), tuple(round(float(c), 6) for c in coef))
        report[role] = {"rows": len(mine), "lambda": best, "rmse_hand": round(float(np.sqrt(np.mean(y[held] ** 2))), 3),
                        "rmse_model": round(errors[best], 3)}
    return ValueModel(version, NAMES, roles), report


# -- judging ----------------------------------------------------------------------------------------------------
def paired(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> dict[str, Any]:
    """B's margin less A's over the games of the same cell and seed: the mean and its 95% interval (normal), the
    games won by each alone, and each one's wins with their Wilson interval."""
    by = {(r["cell"], r["seed"]): r for r in a}
    pairs = [(by[(r["cell"], r["seed"])], r) for r in b if (r["cell"], r["seed"]) in by]
    diffs = [y["margin"] - x["margin"] for x, y in pairs]
    n = len(diffs)
    mean = statistics.fmean(diffs) if n else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    out: dict[str, Any] = {"games": n, "diff": round(mean, 3), "low": round(mean - half, 3),
                           "high": round(mean + half, 3),
                           "only_a": sum(x["win"] and not y["win"] for x, y in pairs),
                           "only_b": sum(y["win"] and not x["win"] for x, y in pairs)}
    for name, k in (("a", 0), ("b", 1)):
        wins = sum(p[k]["win"] for p in pairs)
        low, high = wilson(wins, n) if n else (0.0, 1.0)
        out[f"wins_{name}"] = wins
        out[f"rate_{name}"] = [round(wins / n if n else 0.0, 4), round(low, 4), round(high, 4)]
        out[f"score_{name}"] = round(statistics.fmean(p[k]["score"] for p in pairs), 2) if n else 0.0
    return out


def name(g: int) -> str:
    return f"gen-{g:03d}"


def best_model(out: Path) -> str:
    """The version of the best model so far (the last kept candidate; ``hand`` before any)."""
    kept = [c["candidate"] for c in read_lines(out / "curve.jsonl") if c["kept"]]
    return kept[-1] if kept else HAND_ONLY.version


def load_model(out: Path, version: str) -> ValueModel:
    return HAND_ONLY if version == HAND_ONLY.version else ValueModel.load(out / "models" / f"{version}.json")


def run(args: argparse.Namespace) -> None:
    out = Path(args.out)
    for sub in ("models", "rows", "eval", "games"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    cells = args.cells.split(",")
    shrinks = [float(x) for x in args.shrinks.split(",")]
    config = {"cells": cells, "level": args.level, "games": args.games, "eval_games": args.eval_games,
              "window": args.window, "keep": args.keep, "shrinks": shrinks}
    saved = out / "config.json"
    if saved.exists() and json.loads(saved.read_text())["cells"] != cells:
        raise SystemExit(f"{saved}: this run trains on {json.loads(saved.read_text())['cells']}, not {cells}: "
                         "use another --out")
    saved.write_text(json.dumps(config, indent=1) + "\n")
    curve = read_lines(out / "curve.jsonl")
    best = best_model(out)
    print(f"the hand-made estimate on the evaluation seeds; best so far {best}", flush=True)
    play_into(out / "eval" / "hand.jsonl", out / "rows" / f"{name(0)}-eval-hand.jsonl.gz", cells, args.eval_games,
              EVAL_SEED, HAND_ONLY, args.level, args.procs, args.ray, "evaluation of hand")
    for g in range(1, args.generations + 1):
        if any(c["generation"] == g for c in curve):
            continue
        model = load_model(out, best)
        print(f"generation {g}: {args.games} games per cell with {best}", flush=True)
        play_into(out / "games" / f"{name(g)}.jsonl", out / "rows" / f"{name(g)}-self.jsonl.gz", cells, args.games,
                  TRAIN_SEED + 10_000 * g, model, args.level, args.procs, args.ray, "self-play")
        # the rows of the window: the self-play of its generations, and the evaluation games of every candidate
        # (kept or not: the positions a rejected model steered to, with what they came to, teach the next fit)
        rows: list[dict[str, Any]] = []
        games = 0
        sources = []
        for h in range(max(0, g - args.window), g + 1):
            for path in sorted((out / "rows").glob(f"{name(h)}-*.jsonl.gz")):
                sources.append(path.name)
                seen = set()  # a game played again after a stop is counted once
                for r in read_lines(path):
                    if (r["cell"], r["seed"]) in seen:
                        continue
                    seen.add((r["cell"], r["seed"]))
                    games += 1
                    rows += [dict(row, game=r["seed"]) for row in r["rows"]]
        date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
        fitted, report = fit(rows, name(g))
        print(f"  fit on {games} games: {report}", flush=True)
        theirs = read_lines(out / "eval" / f"{best}.jsonl")
        tried = []
        for shrink in shrinks:
            version = f"{name(g)}-x{shrink:g}"
            candidate = scaled(fitted, shrink, version)
            candidate = ValueModel(version, NAMES, candidate.roles,
                                   {"trained_on": f"{games} games ({', '.join(sources)}; {', '.join(cells)}, "
                                                  f"level {args.level})",
                                    "date": date, "fit": report, "shrink": shrink})
            candidate.save(out / "models" / f"{version}.json")
            mine = play_into(out / "eval" / f"{version}.jsonl", out / "rows" / f"{name(g)}-eval-x{shrink:g}.jsonl.gz",
                             cells, args.eval_games, EVAL_SEED, candidate, args.level, args.procs, args.ray,
                             f"evaluation of {version}")
            p = paired(theirs, mine)
            p["cells"] = {cell: paired([r for r in theirs if r["cell"] == cell],
                                       [r for r in mine if r["cell"] == cell]) for cell in cells}
            tried.append((version, p))
            print(f"  {version} against {best}: {p['diff']:+.2f} ({p['low']:+.2f} to {p['high']:+.2f}) points over "
                  f"{p['games']} paired games, wins {p['wins_b']} against {p['wins_a']}", flush=True)
        version, p = max(tried, key=lambda vp: vp[1]["diff"])
        kept = (p["diff"] if args.keep == "mean" else p["low"]) > 0
        entry = {"generation": g, "candidate": version, "against": best, "train_games": games,
                 "rows": {k: v["rows"] for k, v in report.items()}, "fit": report, "paired": p,
                 "tried": {v: {k: x[k] for k in ("diff", "low", "high")} for v, x in tried},
                 "keep_rule": args.keep, "kept": kept, "date": date}
        append_line(out / "curve.jsonl", entry)
        curve.append(entry)
        print(f"  generation {g}: {version} {'kept' if kept else 'not kept'}", flush=True)
        if kept:
            best = version
    print(f"best: {best}")


def show_curve(args: argparse.Namespace) -> None:
    print("| generation | against | training games | paired games | margin difference (95% CI) | "
          "win rate (95% CI) | best's win rate | mean score | kept |\n|---|---|---|---|---|---|---|---|---|")
    for c in read_lines(Path(args.out) / "curve.jsonl"):
        p = c["paired"]
        rb, ra = p["rate_b"], p["rate_a"]
        print(f"| {c['candidate']} | {c['against']} | {c['train_games']} | {p['games']} | {p['diff']:+.2f} "
              f"({p['low']:+.2f} to {p['high']:+.2f}) | {rb[0] * 100:.1f}% ({rb[1] * 100:.1f}–{rb[2] * 100:.1f}%) | "
              f"{ra[0] * 100:.1f}% | {p['score_b']:.1f} | {'yes' if c['kept'] else 'no'} |")


def install(args: argparse.Namespace) -> None:
    out = Path(args.out)
    version = best_model(out) if args.model is None else args.model
    load_model(out, version).save(PACKAGED)
    print(f"installed {version} as {PACKAGED.relative_to(ROOT)}")


def records(args: argparse.Namespace) -> None:
    """The records of a generation's self-play games (the last one's by default), replayed exactly from their seeds
    with the model that played them, each checked against the score it had."""
    out = Path(args.out)
    curve = {c["generation"]: c for c in read_lines(out / "curve.jsonl")}
    g = args.generation if args.generation is not None else max(curve, default=1)
    # generation g's games were played by the best model before its candidate was judged
    player = curve[g]["against"] if g in curve else best_model(out)
    model = load_model(out, player)
    config = json.loads((out / "config.json").read_text())
    target = Path(args.records)
    target.mkdir(parents=True, exist_ok=True)
    games = read_lines(out / "games" / f"{name(g)}.jsonl")
    for r in games:
        game = Game.new(options_of(r["cell"]), seed=r["seed"])
        bots = learned_bots(game, r["seed"], config["level"], model)
        while not game.is_over and game.state.turn < 1000:
            legal = game.legal_actions()
            if len(legal) == 1:
                game.apply_unchecked(legal[0])
                continue
            seat = game.to_act()
            assert seat is not None
            game.apply_unchecked(bots[seat].choose(game, legal))
        result = game.result()
        total = result.get("team", result.get("player", game.scores()[0]["total"]))
        if total != r["score"]:
            raise SystemExit(f"{r['cell']} seed {r['seed']}: replayed to {total}, was {r['score']}")
        (target / f"{r['cell'].replace(':', '-')}-{r['seed']}.json").write_text(json.dumps(game.record()),
                                                                               encoding="utf-8")
    print(f"{len(games)} records of {name(g)}'s games (played by {player}) in {target}")


def judge(args: argparse.Namespace) -> None:
    """A model against the hand-made estimate on fresh seeds (``--seed``, not the evaluation seeds its generation was
    chosen on), paired game by game: the check of a kept model free of the choice's luck."""
    out = Path(args.out)
    version = best_model(out) if args.model is None else args.model
    config = json.loads((out / "config.json").read_text())
    cells = args.cells.split(",") if args.cells else config["cells"]
    level = args.level or config["level"]
    folder = out / "judge"
    folder.mkdir(exist_ok=True)
    results = {}
    for v in (HAND_ONLY.version, version):
        results[v] = play_into(folder / f"{v}-{level}-{args.seed}.jsonl", None, cells, args.games, args.seed,
                               load_model(out, v), level, args.procs, args.ray, f"{v} at {level}")
    p = paired(results[HAND_ONLY.version], results[version])
    print(f"{version} against hand at {level}, seeds {args.seed}+: {p['diff']:+.2f} ({p['low']:+.2f} to "
          f"{p['high']:+.2f}) points over {p['games']} paired games; wins {p['wins_b']} "
          f"({p['rate_b'][1] * 100:.1f}-{p['rate_b'][2] * 100:.1f}%) against {p['wins_a']}; mean score "
          f"{p['score_b']:.1f} against {p['score_a']:.1f}")
    for cell in cells:
        c = paired([r for r in results[HAND_ONLY.version] if r["cell"] == cell],
                   [r for r in results[version] if r["cell"] == cell])
        print(f"  {cell}: {c['diff']:+.2f} ({c['low']:+.2f} to {c['high']:+.2f}) over {c['games']}, wins {c['wins_b']}"
              f" against {c['wins_a']}, mean score {c['score_b']:.1f} against {c['score_a']:.1f}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="generations of self-play, fit and paired evaluation (resumes)")
    r.add_argument("--out", required=True)
    r.add_argument("--generations", type=int, default=4)
    r.add_argument("--games", type=int, default=40, help="self-play games per cell and generation")
    r.add_argument("--eval-games", type=int, default=60, help="paired evaluation games per cell")
    r.add_argument("--cells", default=",".join(CELLS))
    r.add_argument("--level", default="medium", help="the search level that plays (its estimate: the model)")
    r.add_argument("--window", type=int, default=3,
                   help="generations before its own whose games a candidate is fitted to")
    r.add_argument("--keep", choices=["mean", "lower"], default="mean")
    r.add_argument("--shrinks", default="0.5,1",
                   help="the correction's scales tried per generation (each a candidate; the best judged kept)")
    r.add_argument("--procs", type=int, default=multiprocessing.cpu_count())
    r.add_argument("--ray", default=None, help="a Ray address (auto, ray://host:10001, local) instead of the pool")
    c = sub.add_parser("curve", help="the learning curve as a Markdown table")
    c.add_argument("out")
    i = sub.add_parser("install", help="copy the best (or --generation) model into the package")
    i.add_argument("out")
    i.add_argument("--model", default=None, help="a version (gen-003-x0.5); the best by default")
    d = sub.add_parser("records", help="replay a generation's self-play games from their seeds into records")
    d.add_argument("out")
    d.add_argument("--records", required=True, help="the folder to write the records to")
    d.add_argument("--generation", type=int, default=None)
    j = sub.add_parser("judge", help="a model against the hand-made estimate on fresh seeds, paired")
    j.add_argument("out")
    j.add_argument("--model", default=None, help="a version; the best by default")
    j.add_argument("--games", type=int, default=100, help="games per cell")
    j.add_argument("--seed", type=int, default=4_000_000)
    j.add_argument("--cells", default=None, help="the run's cells by default")
    j.add_argument("--level", default=None, help="the run's level by default (master: hard's search)")
    j.add_argument("--procs", type=int, default=multiprocessing.cpu_count())
    j.add_argument("--ray", default=None)
    args = p.parse_args()
    {"run": run, "curve": show_curve, "install": install, "records": records, "judge": judge}[args.command](args)


if __name__ == "__main__":
    main()
