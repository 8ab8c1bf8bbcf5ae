"""The learned evaluation, fitted to what decisions lead to: counterfactual branches of self-played games.

    python tools/train_advantage.py run --out DIR --generations 3 --games 1200      # every core (or --ray); resumes
    python tools/train_advantage.py curve --out DIR                                 # the learning curve
    python tools/train_advantage.py install --out DIR --version gen-002 --shrink 0.5  # a model into the package
    python tools/train_advantage.py records --out DIR --model gen-001-x0.5 --records R [--dataset R.parquet]

and the stages one at a time (what ``run`` does in each generation):

    python tools/train_advantage.py branches --out benchmarks/results/advantage --games 6000    # every core; resumes
    python tools/train_advantage.py fit --out benchmarks/results/advantage --version adv-001     # the model
    python tools/train_advantage.py judge --out benchmarks/results/advantage --version adv-001 --games 200

Why decisions: a fit of a seat's final score to its features over the positions of self-played games (the retired
``train_value.py``, docs/BOTS.md) is confounded: what goes with a high score under one policy is not what causes it,
and the search steers to the positions where the fit errs (docs/BOTS.md, "The learned evaluation"). Here every
sample is a *decision*: in game ``i`` (seed ``--seed + i``) the search (``--level``, judged by ``--model``) plays to
a player's turn chosen at random; there its best card and ``--alternatives`` others of its ``--top`` best are each
played, the turn finished and the game played on to its end by the same bots, from the same state and the same
generator. Each branch keeps every seat's features at the end of that turn
(:func:`sestertius.bots.learned.model.seat_rows`, what the search judges there) and the final margin. The fit is a
ridge regression of the difference between a branch's final margin and the best branch's, less what the hand-made
estimate's objective (the player's estimate less Contrarius') says of that difference, on the difference of the
features (the player's, and Contrarius' negated): a correction of the estimate where its judgement of decisions
differs from where they lead. Whatever a branch's game shares with the best branch's (the luck of the game so far,
the policy's habits) cancels in the difference.

``judge`` plays the model (at each ``--shrinks`` scale) on fixed seeds and pairs every game with the hand-made
estimate's (``--base``, the lines of ``benchmarks/bot_strength.py`` for the same level and seeds), in
``judged.jsonl``.

``run`` iterates (expert iteration): in generation *g* the best model so far (``--start`` before any is kept) plays
and branches ``--games`` games (seeds ``--seed + (g - 1) * games + i``: fresh ones each generation); a model
``gen-g`` is fitted to every branches file in ``--out`` (every generation's so far, and any branched before); each
of its ``--shrinks`` scales plays ``--eval-games`` games per ``--eval-cells`` on the fixed seeds ``--eval-seed +
i``, paired with the best model's own games there (``eval/``); the best scale is kept when its paired margin is
above zero (``--keep mean``) or its 95% interval's lower bound is (``--keep lower``). ``curve.jsonl`` holds a line
per generation (who played, games, pairs, the fit's error, every scale's paired margin, kept or not). ``records``
replays a model's branched games exactly from their seeds into game records (each branch a whole game, checked
against the margin it had) and, with ``--dataset``, their rows in the research dataset's format
(:mod:`sestertius.research.dataset`). Branches and games are appended as they end; a stopped run resumes where it
stopped.

Two-player games (``--cells base:BOARD:2``) are branched at the first seat's turns, both seats played by the same
bots; their pairs fit the role ``base`` (the first seat's features less the other's, as the search's objective
compares them), which judges every game without Contrarius. Their evaluation (``--eval-cells base:BOARD:N``) is a
duel: the candidate in each seat in turn against the best model in the others, counted by the candidate's margin.
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import multiprocessing
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # after PYTHONPATH: the compiled build there is used (docs/SPEED.md)
sys.path.insert(0, str(ROOT / "tools"))

from advantage_games import Task, branch, play  # noqa: E402, I001
from training_files import append_line, fingerprint, map_tasks, paired, read_lines, repair, scaled  # noqa: E402
from sestertius.bots.learned.features import HAND, NAMES  # noqa: E402
from sestertius.bots.learned.model import HAND_ONLY, ValueModel  # noqa: E402

BRANCH_SEED = 5_000_000  # the branched games: BRANCH_SEED + i
PACKAGED = ROOT / "sestertius" / "bots" / "learned" / "turn_ends.json"
NOW, EST = NAMES.index("now"), NAMES.index("estimate")
SCORE = ("now", "late_now")  # the features of the score now (--features fixed-score leaves them out)


def branch_into(out: Path, model: ValueModel, cells: list[str], games: int, seed: int, level: str,
                alternatives: int, top: int, procs: int, ray: str | None) -> list[dict[str, Any]]:
    """The games ``model`` branched on the seeds ``seed + i`` (``branches-VERSION.jsonl.gz``, one file per model
    playing), those missing played."""
    if any(not (c.startswith("solo:") or (c.startswith("base:") and c.endswith(":2"))) for c in cells):
        raise SystemExit("--cells: solo:BOARD:LEVEL or base:BOARD:2 only (the fit reads games of two sides)")
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"branches-{model.version}.jsonl.gz"
    repair(path)
    done = {(r["cell"], r["seed"]) for r in read_lines(path)}
    tasks: list[Task] = [(cell, seed + i, model.to_json(), level, alternatives, top)
                         for i in range(games) for cell in cells if (cell, seed + i) not in done]
    from tqdm import tqdm
    for r in tqdm(map_tasks(branch, tasks, procs, ray), total=len(tasks), desc=f"{model.version} branches",
                  unit="game", disable=not tasks):
        append_line(path, r)
    return [r for r in read_lines(path) if r["cell"] in cells and seed <= r["seed"] < seed + games]


def branches(args: argparse.Namespace) -> None:
    out = Path(args.out)
    branch_into(out, load(out, args.model), args.cells.split(","), args.games, args.seed, args.level,
                args.alternatives, args.top, args.procs, args.ray)


def load(out: Path, version: str) -> ValueModel:
    return HAND_ONLY if version == HAND_ONLY.version else ValueModel.load(out / "models" / f"{version}.json")


def solo(record: dict[str, Any]) -> bool:
    return str(record["cell"]).startswith("solo:")


def sides_of(branch: dict[str, Any], roles: tuple[str, str], cell: str) -> tuple[list[float], list[float], float]:
    """A branch's two rows (the first seat's, the other side's) and the hand-made objective between them."""
    (role_p, p), (role_a, a) = branch["rows"][0], branch["rows"][1]
    if (role_p, role_a) != roles or len(branch["rows"]) != 2:
        raise SystemExit(f"{cell}: a branch of a game that is not of two sides (the fit reads solo Solitaria and "
                         "two-player games only)")
    return p, a, (p[NOW] + p[EST]) - (a[NOW] + a[EST])


def pairs(records: list[dict[str, Any]]) -> tuple[list[list[float]], list[float], list[int]]:
    """Per branch beside its game's best one: the features' difference, the final margins' difference less the
    hand-made objective's, and the game's seed (for held-out folds). Solitaria: the player's features, then
    Contrarius' negated (a correction per role); a two-player game: the first seat's less the other's (one
    correction, of the role ``base``, for both, so that the objective's correction is its difference)."""
    xs, ys, seeds = [], [], []
    for r in records:
        b = r["branches"]
        if len(b) < 2 or not all(x["over"] for x in b):
            continue
        roles = ("player", "automaton") if solo(r) else ("base", "base")
        p0, a0, o0 = sides_of(b[0], roles, r["cell"])
        for x in b[1:]:
            p, a, o = sides_of(x, roles, r["cell"])
            if solo(r):
                xs.append([u - v for u, v in zip(p, p0)] + [v - u for u, v in zip(a, a0)])
            else:
                xs.append([(u - v) - (w - z) for u, v, w, z in zip(p, p0, a, a0)])
            ys.append((x["margin"] - b[0]["margin"]) - (o - o0))
            seeds.append(r["seed"])
    return xs, ys, seeds


def ridge(xs: list[list[float]], ys: list[float], seeds: list[int], names: list[str], features: str,
          folds: int) -> tuple[list[float], dict[str, Any]]:
    """Ridge regression of ``ys`` on ``xs`` (columns named ``names``, each a feature's name after a role's
    letter), its strength chosen by the error on held-out games (``folds`` folds by seed), then refitted on every
    pair. ``features`` ``hand``: only the hand-made estimate's features (its weights corrected)."""
    import numpy as np  # the train extra

    k = len(names)
    x, y, s = np.array(xs, dtype=float).reshape(-1, k), np.array(ys, dtype=float), np.array(seeds)
    if features == "hand":
        x[:, [i for i in range(k) if names[i].split(".", 1)[1] not in HAND]] = 0.0
    elif features == "fixed-score":  # every feature but the score now, which counts a point a point as it will
        x[:, [i for i in range(k) if names[i].split(".", 1)[1] in SCORE]] = 0.0
    n = len(y)
    sd = x.std(0) if n else np.ones(k)
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
    meta = {"pairs": n, "lambda": best, "rmse_hand": round(float(np.sqrt((y ** 2).mean())), 3) if n else 0.0,
            "rmse_cv": {str(lam): round(e, 3) for lam, e in errors.items()},
            "per_sd": {names[i]: round(float(coef[i] * sd[i]), 3)
                       for i in sorted(range(k), key=lambda i: -abs(coef[i] * sd[i]))[:12]}}
    return [round(float(c), 6) for c in coef], meta


def fit_pairs(records: list[dict[str, Any]], version: str, features: str = "all", folds: int = 5
              ) -> tuple[ValueModel, dict[str, Any]]:
    """The model of the branched games' pairs (see the module's doc): Solitaria's games fit the roles ``player``
    and ``automaton``, two-player games the role ``base`` (its figures under ``base`` in the meta, and at its top
    when no Solitaria game was branched)."""
    roles: dict[str, tuple[float, tuple[float, ...]]] = {}
    meta: dict[str, Any] = {"trained_on": "counterfactual branches of self-played games (tools/train_advantage.py)",
                            "features": features, "branched_games": len(records),
                            "date": datetime.date.today().isoformat(),
                            "from_model": records[0]["model"] if records else None}
    k = len(NAMES)
    kinds = {"solo": [r for r in records if solo(r)], "base": [r for r in records if not solo(r)]}
    for kind, mine in kinds.items():
        if not mine:
            continue
        xs, ys, seeds = pairs(mine)
        names = ([f"P.{n}" for n in NAMES] + [f"A.{n}" for n in NAMES]) if kind == "solo" else [
            f"B.{n}" for n in NAMES]
        coef, figures = ridge(xs, ys, seeds, names, features, folds)
        if kind == "solo":
            roles["player"], roles["automaton"] = (0.0, tuple(coef[:k])), (0.0, tuple(coef[k:]))
            meta.update(figures)
        else:
            roles["base"] = (0.0, tuple(coef))
            meta["base"] = dict(figures, branched_games=len(mine))
            if not kinds["solo"]:
                meta.update(figures)
    return ValueModel(version, NAMES, roles, meta), meta


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


def evaluate(out: Path, model: ValueModel, level: str, cells: list[str], games: int, seed: int, procs: int,
             ray: str | None, against: ValueModel | None = None) -> list[dict[str, Any]]:
    """The model's games of ``cells`` on the seeds ``seed + i`` (``eval/VERSION-LEVEL-sSEED.jsonl``, the lines of
    ``benchmarks/bot_strength.py``), those missing played; only these cells' and seeds'. ``against``: two-player
    duels with that model, each seed ``seed + i // 2`` played twice, the model in seat ``i mod 2``
    (``eval/VERSION-vs-AGAINST-LEVEL-sSEED.jsonl``), so that a seat's luck in a deal counts for both."""
    duel = f"-vs-{against.version}" if against is not None else ""
    path = out / "eval" / f"{model.version}{duel}-{level}-s{seed}.jsonl"  # one file a model, level and seeds
    path.parent.mkdir(parents=True, exist_ok=True)
    repair(path)
    made_by = fingerprint(model) + (f"-vs-{fingerprint(against)}" if against is not None else "")
    for r in read_lines(path):  # (lines written before the fingerprint have no "numbers": taken as they are)
        if r.get("numbers", made_by) != made_by:
            raise SystemExit(f"{path}: its games were played by another model named {model.version} (coefficients "
                             f"{r['numbers']}, this one's {made_by}): give this model another version, or remove "
                             "the file")
    js = model.to_json()
    tasks: list[tuple[Any, ...]] = []
    if against is None:
        tasks = [(cell, seed + i, js, level) for i in range(games) for cell in cells]
    else:
        tasks = [(cell, seed + i // 2, js, level, against.to_json(), i % 2) for i in range(games) for cell in cells]

    def key(t: tuple[Any, ...] | dict[str, Any]) -> tuple[Any, ...]:  # a task's, or a game's of the file
        if isinstance(t, dict):
            return t["cell"], t["seed"], t.get("seat")
        return t[0], t[1], t[5] if len(t) > 5 else None

    wanted = {key(t) for t in tasks}
    done = {key(r) for r in read_lines(path)}
    tasks = [t for t in tasks if key(t) not in done]
    from tqdm import tqdm
    for r in tqdm(map_tasks(play, tasks, procs, ray), total=len(tasks), desc=f"{model.version} at {level}",
                  unit="game", disable=not tasks):
        append_line(path, {**r, "numbers": made_by})  # ("model" stays the version's name)
    return [r for r in read_lines(path) if key(r) in wanted]


def judge(args: argparse.Namespace) -> None:
    out = Path(args.out)
    cells = args.cells.split(",")
    against = load(out, args.against) if args.against else None  # two-player cells: duels against it
    base = [r for r in read_lines(Path(args.base)) if r["cell"] in cells] if against is None else []
    model = load(out, args.version)
    for shrink in [float(v) for v in args.shrinks.split(",")]:
        version = f"{args.version}-x{shrink:g}"
        games = evaluate(out, scaled(model, shrink, version), args.level, cells, args.games, args.seed, args.procs,
                         args.ray, against=against)
        result = {"candidate": version, "level": args.level, "cells": args.cells, "seed": args.seed,
                  "against": args.against or args.base,
                  **(paired(base, games) if against is None else paired([], [], games)),
                  "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="minutes")}
        if result["games"]:
            repair(out / "judged.jsonl")
            append_line(out / "judged.jsonl", result)
        print(json.dumps(result))


def name(g: int) -> str:
    return f"gen-{g:03d}"


def run(args: argparse.Namespace) -> None:
    """Generations of branches, fit and paired judgement, each stage resumed where a stop left it (see the doc)."""
    out = Path(args.out)
    (out / "models").mkdir(parents=True, exist_ok=True)
    cells, eval_cells = args.cells.split(","), args.eval_cells.split(",")
    solo_cells = [c for c in eval_cells if c.startswith(("solo:", "team:"))]
    duel_cells = [c for c in eval_cells if c not in solo_cells]  # judged by duels against the best model
    if any(not (c.startswith("base:") and c.endswith(":2")) for c in duel_cells):
        raise SystemExit("--eval-cells: solo:, team: or base:BOARD:2 (a duel of more players is not even between "
                         "equals: one seat against the best of the others)")
    shrinks = [float(v) for v in args.shrinks.split(",")]
    settings = {k: getattr(args, k) for k in ("start", "games", "seed", "cells", "level", "alternatives", "top",
                                              "features", "folds", "shrinks", "eval_games", "eval_cells",
                                              "eval_seed", "keep")}
    repair(out / "curve.jsonl")
    curve = read_lines(out / "curve.jsonl")
    best = args.start
    for c in curve:
        if "settings" in c and c["settings"] != settings:  # its seeds and files would not be this run's
            changed = sorted(k for k in settings if c["settings"].get(k) != settings[k])
            was = ", ".join(f"{k}={c['settings'].get(k)!r}" for k in changed)
            raise SystemExit(f"{out}: generation {c['generation']} was run with other settings ({was}); resume "
                             "with those, or use another --out")
        best = c["candidate"] if c["kept"] else best
    for g in range(len(curve) + 1, args.generations + 1):
        player = load(out, best)
        # fresh seeds each generation: a model not kept plays on, and its next games are new ones
        mine = branch_into(out, player, cells, args.games, args.seed + (g - 1) * args.games, args.level,
                           args.alternatives, args.top, args.procs, args.ray)
        data = sorted(out.glob("branches-*.jsonl.gz"))  # every generation's (and any branched before the run)
        records = [r for f in data for r in read_lines(f)]
        fitted, meta = fit_pairs(records, name(g), args.features, args.folds)
        fitted.save(out / "models" / f"{name(g)}.json")
        base = evaluate(out, player, args.level, solo_cells, args.eval_games, args.eval_seed, args.procs, args.ray)
        tried = {}
        for shrink in shrinks:
            candidate = scaled(fitted, shrink, f"{name(g)}-x{shrink:g}")
            candidate.save(out / "models" / f"{candidate.version}.json")
            games = evaluate(out, candidate, args.level, solo_cells, args.eval_games, args.eval_seed, args.procs,
                             args.ray)
            duels = evaluate(out, candidate, args.level, duel_cells, args.eval_games, args.eval_seed, args.procs,
                             args.ray, against=player) if duel_cells else []
            tried[candidate.version] = paired(base, games, duels)
        rule = "diff" if args.keep == "mean" else "low"
        top = max(tried, key=lambda v: tried[v][rule])
        kept = tried[top][rule] > 0
        line = {"generation": g, "played_by": best, "branched_games": len(mine), "fitted_on": len(records),
                "data": [f.name for f in data],
                "pairs": meta["pairs"], "lambda": meta["lambda"], "rmse_hand": meta["rmse_hand"],
                "rmse_cv": meta["rmse_cv"][str(meta["lambda"])], "level": args.level, "eval_cells": args.eval_cells,
                "eval_seed": args.eval_seed, "tried": {v: [r["diff"], r["low"], r["high"]] for v, r in tried.items()},
                "candidate": top, "paired": tried[top], "kept": kept, "settings": settings,
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="minutes")}
        append_line(out / "curve.jsonl", line)
        curve.append(line)
        r = tried[top]
        print(f"generation {g}: {top} against {best}, {r['diff']:+.2f} ({r['low']:+.2f} to {r['high']:+.2f}) over "
              f"{r['games']} paired games: {'kept' if kept else 'not kept'}")
        best = top if kept else best
    print(f"best: {best}")


def records(args: argparse.Namespace) -> None:
    """The records of the games a model branched, replayed exactly from their seeds (each branch a whole game,
    checked against the margin it had); with ``--dataset``, their rows in the research dataset's format."""
    out, target = Path(args.out), Path(args.records)
    model = load(out, args.model)
    games = read_lines(out / f"branches-{args.model}.jsonl.gz")[:args.first or None]
    if not games:
        raise SystemExit(f"no branched games of {args.model} in {out}")
    target.mkdir(parents=True, exist_ok=True)
    tasks = [(r["cell"], r["seed"], model.to_json(), args.level, len(r["branches"]) - 1, args.top) for r in games]
    kept = {(r["cell"], r["seed"]): r for r in games}
    files = []
    from tqdm import tqdm
    for again in tqdm(map_tasks(branch_records, tasks, args.procs, args.ray), total=len(tasks), unit="game",
                      desc="replayed"):
        was = kept[(again["cell"], again["seed"])]
        for b, b0 in zip(again["branches"], was["branches"], strict=True):
            if (b["rank"], b["margin"]) != (b0["rank"], b0["margin"]):
                raise SystemExit(f"{again['cell']} seed {again['seed']}: branch {b0['rank']} replayed to margin "
                                 f"{b['margin']}, was {b0['margin']} (another build or level than the one that "
                                 f"played it?)")
            path = target / f"{again['cell'].replace(':', '-')}-{again['seed']}-rank{b['rank']}.json"
            path.write_text(json.dumps(b["record"]), encoding="utf-8")
            files.append(path)
    print(f"{len(files)} records of {len(games)} branched games of {args.model} in {target}")
    if args.dataset:
        from sestertius.research.dataset import write_dataset  # the research extra (pyarrow)
        summary = write_dataset(sorted(files), args.dataset)
        print(f"{args.dataset}: {summary}")


def branch_records(task: Task) -> dict[str, Any]:
    return branch(task, records=True)


def curve(args: argparse.Namespace) -> None:
    """Every judgement so far (``judged.jsonl``) as a Markdown table: the learning curve."""
    print("| model | level | cells | seeds from | games | paired margin (95% CI) | won: before / with it | score |")
    print("|---|---|---|---|---|---|---|---|")
    for r in read_lines(Path(args.out) / "judged.jsonl"):
        print(f"| {r['candidate']} | {r['level']} | {r['cells']} | {r['seed']:,} | {r['games']} | "
              f"{r['diff']:+.2f} ({r['low']:+.2f} to {r['high']:+.2f}) | {r['wins_a']} / {r['wins_b']} | "
              f"{r['score_a']:.1f} -> {r['score_b']:.1f} |")


def install(args: argparse.Namespace) -> None:
    """The model at ``--shrink`` into the package, as the judge of turn ends of the levels that name it; with
    ``--merge``, only its roles: the packaged model keeps the others (say, a fit of two-player games beside the
    Solitaria one)."""
    version = f"{args.version}-x{args.shrink:g}"
    model = scaled(load(Path(args.out), args.version), args.shrink, version)
    if args.merge:
        old = ValueModel.load(args.to)
        fitted = {r: old.meta.get("roles_from", {}).get(r, old.version) for r in old.roles}
        fitted.update(dict.fromkeys(model.roles, version))
        model = ValueModel(f"{old.version}+{version}", NAMES, {**old.roles, **model.roles},
                           {"trained_on": f"{old.meta.get('trained_on')} (each role's model: roles_from)",
                            "date": datetime.date.today().isoformat(), "roles_from": fitted,
                            "models": {**(old.meta.get("models") or {old.version: old.meta}),
                                       version: model.meta}})
    model.save(args.to)
    print(f"{model.version} -> {args.to}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--procs", type=int, default=max(1, multiprocessing.cpu_count()))
        p.add_argument("--ray", default=None, help="a Ray address (auto, ray://head:10001, local) instead of the pool")

    p = sub.add_parser("run", help="generations of branches, fit and paired judgement (resumes)")
    p.add_argument("--out", required=True)
    p.add_argument("--generations", type=int, default=3)
    p.add_argument("--games", type=int, default=1200, help="branched games per generation")
    p.add_argument("--seed", type=int, default=BRANCH_SEED)
    p.add_argument("--cells", default="solo:italia:expert",
                   help="the branched games' cells: solo:BOARD:LEVEL, base:BOARD:2")
    p.add_argument("--level", default="medium", help="the search that plays (medium: cheap)")
    p.add_argument("--start", default=HAND_ONLY.version, help="the model playing generation 1 (hand: none)")
    p.add_argument("--alternatives", type=int, default=2)
    p.add_argument("--top", type=int, default=5)
    p.add_argument("--features", choices=["all", "hand", "fixed-score"], default="hand")
    p.add_argument("--folds", type=int, default=5)
    p.add_argument("--shrinks", default="1,0.5")
    p.add_argument("--eval-games", type=int, default=200, help="paired games per evaluation cell")
    p.add_argument("--eval-cells", default="solo:italia:expert,solo:imperium:expert",
                   help="Solitaria cells, paired with the best model's games; base:BOARD:N cells, duels against it")
    p.add_argument("--eval-seed", type=int, default=1_000_000)
    p.add_argument("--keep", choices=["mean", "lower"], default="lower",
                   help="keep a candidate when its paired margin's 95%% lower bound is above zero, or its mean")
    common(p)
    p.set_defaults(run=run)
    p = sub.add_parser("records", help="a model's branched games replayed into game records (and a dataset)")
    p.add_argument("--out", required=True)
    p.add_argument("--model", required=True, help="the model that played them (its branches file)")
    p.add_argument("--records", required=True, help="the folder to write the records to")
    p.add_argument("--dataset", default=None, help="also their rows, in Parquet (the research extra)")
    p.add_argument("--level", default="medium")
    p.add_argument("--top", type=int, default=5)
    p.add_argument("--first", type=int, default=0, help="only the first games (0: all)")
    common(p)
    p.set_defaults(run=records)
    p = sub.add_parser("branches", help="play and branch games (resumes)")
    p.add_argument("--out", required=True)
    p.add_argument("--games", type=int, default=600)
    p.add_argument("--seed", type=int, default=BRANCH_SEED)
    p.add_argument("--cells", default="solo:italia:expert")
    p.add_argument("--level", default="medium")
    p.add_argument("--model", default=HAND_ONLY.version, help="the model judging the bots' search (hand: none)")
    p.add_argument("--alternatives", type=int, default=2, help="other decisions tried beside the best")
    p.add_argument("--top", type=int, default=5, help="the alternatives drawn from this many best")
    common(p)
    p.set_defaults(run=branches)
    p = sub.add_parser("fit", help="fit a model to the branches")
    p.add_argument("--out", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--folds", type=int, default=5)
    p.add_argument("--data", default="", help="the models whose branches to fit to, by commas (default: every file)")
    p.add_argument("--first", type=int, default=0, help="only the first games of each file (0: all)")
    p.add_argument("--features", choices=["all", "hand", "fixed-score"], default="all",
                   help="all of the model's features, the hand-made estimate's only (its weights corrected), or "
                        "all but the score now (fixed-score: it keeps its face value)")
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
    p.add_argument("--against", default=None,
                   help="a model (hand, or one in models/): base:BOARD:2 cells played as duels against it")
    common(p)
    p.set_defaults(run=judge)
    p = sub.add_parser("curve", help="the judgements so far, as a table")
    p.add_argument("--out", required=True)
    p.set_defaults(run=curve)
    p = sub.add_parser("install", help="a model into the package (sestertius/bots/learned/turn_ends.json)")
    p.add_argument("--out", required=True)
    p.add_argument("--version", required=True)
    p.add_argument("--shrink", type=float, default=1.0)
    p.add_argument("--merge", action="store_true", help="only the model's roles: the packaged model keeps the rest")
    p.add_argument("--to", type=Path, default=PACKAGED, help="the packaged model's file")
    p.set_defaults(run=install)
    args = ap.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
