"""Do the branches' labels hold more than a linear correction finds? Held-out errors of other fits, same pairs.

    python tools/probe_fits.py --out benchmarks/results/advantage        # every branches file there

The training tool (``tools/train_advantage.py fit``) fits a linear correction of the estimate to the pairs of the
branched games. Here the same pairs (Solitaria's) are fitted by: the linear correction of the hand-made features
only and of every feature (ridge, as the tool does); the same with the card each branch played (one column a card,
the branch's less the best branch's); and a small network of one hidden layer (tanh, with a linear part beside it)
of both seats' features at the end of the turn, trained on the difference it gives a pair's two ends. Each is scored
by its error on held-out games (five folds by seed), the figure the tool reports. A probe, not a model: what a fit
predicts is judged by games (docs/BOTS.md), and none of these is played.
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))

from sestertius.bots.learned.features import HAND, NAMES  # noqa: E402

NOW, EST = NAMES.index("now"), NAMES.index("estimate")
FOLDS = 5


def card(action: list[Any]) -> str:
    return str(action[1]) if action[0] == "play" else str(action[0])


def load(out: Path) -> dict[str, Any]:
    """Per pair: both ends' features (the player's, then Contrarius'), the card of each, the label (the final
    margins' difference less the hand-made objective's) and the game's seed."""
    ends0, ends1, cards0, cards1, labels, seeds = [], [], [], [], [], []
    for path in sorted(out.glob("branches-*.jsonl.gz")):
        for line in gzip.open(path, "rt", encoding="utf-8"):
            r = json.loads(line)
            b = r["branches"]
            if not str(r["cell"]).startswith("solo:") or len(b) < 2 or not all(x["over"] for x in b):
                continue

            def end(x: dict[str, Any]) -> tuple[list[float], float]:
                p, a = x["rows"][0][1], x["rows"][1][1]
                return p + a, (p[NOW] + p[EST]) - (a[NOW] + a[EST])

            e0, o0 = end(b[0])
            for x in b[1:]:
                e, o = end(x)
                ends0.append(e0)
                ends1.append(e)
                cards0.append(card(b[0]["action"]))
                cards1.append(card(x["action"]))
                labels.append((x["margin"] - b[0]["margin"]) - (o - o0))
                seeds.append(int(r["seed"]))
    names = sorted(set(cards0) | set(cards1))
    onehot = np.zeros((len(labels), len(names)))
    for i, (c0, c1) in enumerate(zip(cards0, cards1)):
        onehot[i, names.index(c1)] += 1.0
        onehot[i, names.index(c0)] -= 1.0
    return {"x0": np.array(ends0), "x1": np.array(ends1), "cards": onehot, "y": np.array(labels),
            "fold": np.array(seeds) % FOLDS}


def ridge_error(d: Any, y: Any, fold: Any, lam: float) -> float:
    sd = d.std(0)
    sd[sd < 1e-9] = 1.0
    z = d / sd
    sq = 0.0
    for f in range(FOLDS):
        tr, te = fold != f, fold == f
        beta = np.linalg.solve(z[tr].T @ z[tr] + lam * np.eye(z.shape[1]), z[tr].T @ y[tr])
        sq += float(((z[te] @ beta - y[te]) ** 2).sum())
    return (sq / len(y)) ** 0.5


def network_error(z0: Any, z1: Any, y: Any, fold: Any, hidden: int, decay: float, epochs: int,
                  rate: float = 3e-3, seed: int = 0) -> float:
    """A network g of one end's features (tanh layer plus a linear part), fitted so that g(end) - g(best's end)
    is the label; trained by Adam on minibatches of 256."""
    rng = np.random.default_rng(seed)
    sq = 0.0
    k = z0.shape[1]
    for f in range(FOLDS):
        tr, te = fold != f, fold == f
        a0, a1, t = z0[tr], z1[tr], y[tr]
        params = [rng.normal(0, k ** -0.5, (k, hidden)), np.zeros(hidden), rng.normal(0, 0.1, hidden), np.zeros(k)]
        m = [np.zeros_like(p) for p in params]
        v = [np.zeros_like(p) for p in params]
        step = 0
        for _ in range(epochs):
            order = rng.permutation(len(t))
            for i in range(0, len(t), 256):
                idx = order[i:i + 256]
                w1, b1, w2, lin = params
                h0, h1 = np.tanh(a0[idx] @ w1 + b1), np.tanh(a1[idx] @ w1 + b1)
                dx = a1[idx] - a0[idx]
                g = 2.0 * ((h1 - h0) @ w2 + dx @ lin - t[idx]) / len(idx)
                g1, g0 = np.outer(g, w2) * (1 - h1 ** 2), -np.outer(g, w2) * (1 - h0 ** 2)
                grads = [a1[idx].T @ g1 + a0[idx].T @ g0 + decay * w1, g1.sum(0) + g0.sum(0),
                         (h1 - h0).T @ g + decay * w2, dx.T @ g + decay * lin]
                step += 1
                for j, (p, gr) in enumerate(zip(params, grads)):
                    m[j] = 0.9 * m[j] + 0.1 * gr
                    v[j] = 0.999 * v[j] + 0.001 * gr * gr
                    p -= rate * (m[j] / (1 - 0.9 ** step)) / (np.sqrt(v[j] / (1 - 0.999 ** step)) + 1e-8)
        w1, b1, w2, lin = params
        pred = (np.tanh(z1[te] @ w1 + b1) - np.tanh(z0[te] @ w1 + b1)) @ w2 + (z1[te] - z0[te]) @ lin
        sq += float(((pred - y[te]) ** 2).sum())
    return (sq / len(y)) ** 0.5


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "advantage")
    ap.add_argument("--epochs", type=int, default=20)
    args = ap.parse_args()
    d = load(args.out)
    y, fold = d["y"], d["fold"]
    k = len(NAMES)
    diff = d["x1"] - d["x0"]
    diff[:, k:] *= -1.0  # Contrarius' features negated, as the tool's pairs have them (a ridge fit is unchanged)
    hand = [i for i in range(2 * k) if NAMES[i % k] in HAND]
    print(f"pairs {len(y)}; no correction: {float(np.sqrt((y ** 2).mean())):.3f}")
    for label, cols in (("linear, hand-made features", diff[:, hand]), ("linear, every feature", diff),
                        ("linear, every feature and the card played", np.hstack([diff, d["cards"]]))):
        print(f"{label}: " + ", ".join(f"{ridge_error(cols, y, fold, lam):.3f} (lambda {lam:g})"
                                       for lam in (10.0, 100.0, 1000.0)))
    both = np.vstack([d["x0"], d["x1"]])
    mu, sd = both.mean(0), both.std(0)
    sd[sd < 1e-9] = 1.0
    z0, z1 = (d["x0"] - mu) / sd, (d["x1"] - mu) / sd
    for hidden, decay in ((16, 0.01), (16, 0.1), (32, 0.1), (64, 1.0)):
        error = network_error(z0, z1, y, fold, hidden, decay, args.epochs)
        print(f"network, {hidden} hidden, decay {decay:g}: {error:.3f}", flush=True)


if __name__ == "__main__":
    main()
