"""How much of a branch pair's outcome is the decision, and how much the luck of the play-out after it.

    python tools/branch_noise.py play --out benchmarks/results/advantage/noise-medium-start.jsonl --luck start \
        --games 600  # resumes
    python tools/branch_noise.py read --out benchmarks/results/advantage/noise-medium-start.jsonl

The training tool (``tools/train_advantage.py``) labels each decision by one play-out per branch: the final margin
of a branch less its game's best branch's. Here every branch is played out twice, from two determinised copies
(the sale stacks' hidden order reshuffled and the dice to come redrawn: ``Game.determinised`` for the player,
seeded by the game and the replicate, the same two for every branch of a game), made at the end of the branch's
turn (``--luck end``: the luck of that turn's own reactions is the branch's, as the fit's labels have it) or before
its decision (``--luck start``: what a judge of the decision could know at all); the bots of each replicate's
play-out are seeded apart, so that their own sampling is luck too. For a pair (a
branch beside the best one) let D1 and D2 be its margin difference in the two replicates. Their covariance over the
pairs is the variance of what the decision itself is worth (the luck of each replicate is independent of the
other's), half the variance of D1 - D2 the luck's; the correlation of the search's or the estimate's difference
with the decision's worth says how well they judge it.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # after PYTHONPATH: the compiled build there is used (docs/SPEED.md)
sys.path.insert(0, str(ROOT / "tools"))

from advantage_games import Task, bots_for, branch_point, margin_of, play_out  # noqa: E402, I001
from training_files import append_line, map_tasks, read_lines, repair  # noqa: E402
from sestertius.bots.learned.features import NAMES  # noqa: E402
from sestertius.bots.learned.model import ValueModel, packaged, seat_rows  # noqa: E402

SEED = 6_000_000  # fresh seeds: not those of the branches fitted (5,000,000 + i) nor of the tables (1,000,000 + i)
NOW, EST = NAMES.index("now"), NAMES.index("estimate")


def replicated(job: tuple[Task, bool]) -> dict[str, Any]:
    """One game branched as the training tool does, each branch played out from two determinised copies: made at
    the end of the branch's turn, or (``start``) before its decision, the turn's own chance redrawn too."""
    task, start = job
    at, lines, picks, seen, new_bots = branch_point(task)
    model = ValueModel.from_json(task[2])
    automaton = at.state.rules.mode.automaton(at.state)
    out = []
    for rank in picks:
        rows, margins = [], []
        for k in (1, 2):
            luck = random.Random(task[1] * 10 + k)
            g = at.determinised(0, luck) if start else at.copy()
            g.apply_unchecked(lines[rank].action)
            play_out(g, new_bots(), until_turn=at.state.turn)
            if k == 1:
                rows = [(role, [round(v, 4) for v in x]) for role, x in seat_rows(g.state)]
            h = g if start else g.determinised(0, luck)
            # the bots of the play-out seeded by the replicate too: bots seeded alike would share their own
            # sampling's luck between the two replicates, which would read as the decision's worth
            play_out(h, bots_for(h, task[1] * 10 + k, task[3], model))
            margins.append(margin_of(h, automaton) if h.is_over else None)
        out.append({"rank": rank, "action": list(lines[rank].action), "value": round(lines[rank].value, 3),
                    "rows": rows, "margins": margins})
    return {"cell": task[0], "seed": task[1], "turn": seen, "model": model.version,
            "level": task[3], "luck_from": "start" if start else "end", "bots": "per replicate", "branches": out}


def play(args: argparse.Namespace) -> None:
    out = Path(args.out)
    repair(out)
    done = {(r["cell"], r["seed"]) for r in read_lines(out)}
    model = packaged() if args.model == "packaged" else ValueModel.load(args.model)
    tasks = [((args.cell, s, model.to_json(), args.level, args.alternatives, args.top), args.luck == "start")
             for s in range(args.seed, args.seed + args.games) if (args.cell, s) not in done]
    for n, r in enumerate(map_tasks(replicated, tasks, args.procs), 1):
        append_line(out, r)
        print(f"{n}/{len(tasks)} seed {r['seed']}", file=sys.stderr, flush=True)


def objective(b: dict[str, Any], model: ValueModel | None) -> float:
    """The hand-made estimate's objective at the end of the branch's turn (the player's less Contrarius'), with
    ``model``'s correction of each side if given."""
    (role_p, p), (role_a, a) = b["rows"]
    value = (p[NOW] + p[EST]) - (a[NOW] + a[EST])
    if model is not None:
        for role, x, sign in ((role_p, p, 1.0), (role_a, a, -1.0)):
            bias, coef = model.roles.get(role, (0.0, (0.0,) * len(x)))
            value += sign * (bias + sum(c * v for c, v in zip(coef, x)))
    return value


def summary(records: list[dict[str, Any]], model: ValueModel | None) -> dict[str, float]:
    d1, d2, search, hand, learned = [], [], [], [], []
    for r in records:
        best, *others = r["branches"]
        if None in best["margins"]:
            continue
        for b in others:
            if None in b["margins"]:
                continue
            d1.append(b["margins"][0] - best["margins"][0])
            d2.append(b["margins"][1] - best["margins"][1])
            search.append(b["value"] - best["value"])
            hand.append(objective(b, None) - objective(best, None))
            learned.append(objective(b, model) - objective(best, model) if model else 0.0)
    n = len(d1)

    def mean(xs: list[float]) -> float:
        return sum(xs) / len(xs)

    def cov(xs: list[float], ys: list[float]) -> float:
        mx, my = mean(xs), mean(ys)
        return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / (len(xs) - 1)

    signal = cov(d1, d2)
    noise = cov([a - b for a, b in zip(d1, d2)], [a - b for a, b in zip(d1, d2)]) / 2
    both = [(a + b) / 2 for a, b in zip(d1, d2)]
    out = {"pairs": n, "mean_difference": mean(both), "mean_difference_se": math.sqrt(cov(both, both) / n),
           "sd_observed": math.sqrt(cov(d1, d1)), "sd_decision": math.sqrt(max(signal, 0.0)),
           "sd_luck": math.sqrt(noise)}
    for name, xs in (("search", search), ("hand", hand), ("learned", learned)):
        if cov(xs, xs) > 0 and signal > 0:
            # the correlation with the decision's worth: the covariance with one replicate (its luck is
            # independent of the judgement) over the decision's spread
            out[f"r_{name}"] = (cov(xs, d1) + cov(xs, d2)) / 2 / math.sqrt(cov(xs, xs) * signal)
    return out


def read(args: argparse.Namespace) -> None:
    records = read_lines(Path(args.out))
    model = packaged() if args.model == "packaged" else ValueModel.load(args.model)
    for k, v in summary(records, model).items():
        print(f"{k}: {v:.3f}" if isinstance(v, float) else f"{k}: {v}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name, fn in (("play", play), ("read", read)):
        p = sub.add_parser(name)
        p.set_defaults(fn=fn)
        p.add_argument("--out", required=True, help="the JSON-lines file of the replicated branches")
        p.add_argument("--model", default="packaged", help="the model judging the ends of turns: packaged or a file")
        if name == "play":
            p.add_argument("--cell", default="solo:italia:expert")
            p.add_argument("--level", default="medium")
            p.add_argument("--games", type=int, default=300)
            p.add_argument("--seed", type=int, default=SEED)
            p.add_argument("--alternatives", type=int, default=2)
            p.add_argument("--top", type=int, default=5)
            p.add_argument("--procs", type=int, default=1)
            p.add_argument("--luck", choices=["end", "start"], default="end",
                           help="determinise at the end of the branch's turn, or before its decision")
    args = ap.parse_args()
    args.fn(args)


if __name__ == "__main__":
    main()
