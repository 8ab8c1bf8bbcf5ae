"""Fit the search bot's feature weights to what games really scored.

    python tools/fit_weights.py play --games 200 --mode solo --difficulty standard --out /tmp/data.jsonl
    python tools/fit_weights.py play --games 200 --mode base --players 2 --bot medium,greedy --out /tmp/base.jsonl
    python tools/fit_weights.py fit /tmp/data.jsonl [more.jsonl ...] [--write]

``play`` has the bot play games (every core, one game per task) and records, at the start of every player's turn,
each seat's score now, its features (``sestertius.bots.search.evaluate.features``) and, at the end, its final score.
``fit`` finds for each role (a player against Contrarius, Contrarius, a player of a game without Contrarius: the
base game, ``--mode base``) the weights that best predict final minus now: least squares
pulled towards the current weights (ridge, ``--pull``), so that a feature the games say little about keeps its
hand-set value. The sets the bot plays with are chosen by measured play (a better prediction has played worse:
docs/BOTS.md, "The tables"), so ``--write`` writes each fitted role only as the forecast set that hints and
the review show (``FORECAST_SCALE``, ``FORECAST_PLAYER``, ``FORECAST_AUTOMATON`` in
``sestertius/bots/search/weights.py``), and the spread of the final margin about the forecast's that their chance to
win uses (``SPREAD_BASE``, ``SPREAD_CONTRARIUS``: :func:`spread`).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sestertius import Game  # noqa: E402
from sestertius.bots import make_bot  # noqa: E402
from sestertius.bots.search import weights as weights_module  # noqa: E402
from sestertius.bots.search.evaluate import DEFAULT, features, sides  # noqa: E402


def play_one(task: tuple[dict, int, list[str]]) -> list[dict]:
    options, seed, bots = task
    game = Game.new(options, seed=seed)
    players = [make_bot(name, seed * 7919 + i) for i, name in enumerate(bots)]
    automaton = game.state.rules.mode.automaton(game.state)
    rows: list[dict] = []
    while not game.is_over and game.state.turn < 400:
        seat = game.to_act()
        assert seat is not None and seat >= 0
        step = game.current_step()
        if step is not None and step[0] == "turn":
            for i in range(game.state.n):
                now, f = features(game.state, i, DEFAULT)
                role = "automaton" if i == automaton else "player" if automaton is not None else "base"
                mine, others = sides(game.state, i)  # who plays with whom: the margin as the bot counts it
                rows.append({"seed": seed, "seat": i, "role": role, "now": now, "f": f,
                             "side": list(mine), "others": [list(o) for o in others]})
        legal = game.legal_actions()
        game.apply_unchecked(legal[0] if len(legal) == 1 else players[seat % len(players)].choose(game, legal))
    if not game.is_over:
        return []
    finals = [s["total"] for s in game.scores()]
    for row in rows:
        row["final"] = finals[row["seat"]]
    return rows


def play(args: argparse.Namespace) -> None:
    options = {"board": args.board, "players": args.players, "mode": args.mode, "difficulty": args.difficulty}
    bots = args.bot.split(",")
    tasks = [(options, args.seed + i, bots) for i in range(args.games)]
    with multiprocessing.Pool(args.procs) as pool, open(args.out, "a", encoding="utf-8") as out:
        for rows in pool.imap_unordered(play_one, tasks):
            for row in rows:
                out.write(json.dumps(row) + "\n")
            out.flush()


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col:
                k = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= k * m[col][c]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit_role(rows: list[dict], prior: dict[str, float], pull: float) -> tuple[dict[str, float], float, float]:
    keys = sorted(prior)
    xs = [[r["f"].get(k, 0.0) for k in keys] for r in rows]
    ys = [r["final"] - r["now"] for r in rows]
    n = len(keys)
    ata = [[sum(x[i] * x[j] for x in xs) for j in range(n)] for i in range(n)]
    aty = [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(n)]
    for i, k in enumerate(keys):
        reg = pull * ata[i][i] + 1e-6
        ata[i][i] += reg
        aty[i] += reg * prior[k]
    w = solve(ata, aty)
    fitted = dict(zip(keys, w))

    def rmse(weights: dict[str, float]) -> float:
        err = [y - sum(weights[k] * x[i] for i, k in enumerate(keys)) for x, y in zip(xs, ys)]
        return (sum(e * e for e in err) / max(len(err), 1)) ** 0.5
    return fitted, rmse(prior), rmse(fitted)


def fit(args: argparse.Namespace) -> None:
    rows = [json.loads(line) for path in args.data for line in open(path, encoding="utf-8")]
    out = {}
    fitted_roles: set[str] = set()
    roles = (("player", weights_module.PLAYER_SCALE), ("automaton", weights_module.AUTOMATON_SCALE),
             ("base", weights_module.BASE_SCALE))
    for role, prior in roles:
        mine = [r for r in rows if r["role"] == role]
        if not mine:
            out[role] = dict(prior)
            continue
        fitted_roles.add(role)
        fitted, before, after = fit_role(mine, prior, args.pull)
        print(f"{role}: {len(mine)} positions, error {before:.1f} -> {after:.1f} points")
        for k in sorted(prior):
            print(f"  {k:12} {prior[k]:7.3f} -> {fitted[k]:7.3f}")
        out[role] = {k: round(v, 3) for k, v in fitted.items()}
    spreads = {}
    for kind, name in (("contrarius", "SPREAD_CONTRARIUS"), ("base", "SPREAD_BASE")):
        found = spread(rows, out, kind)
        if found is not None:
            spreads[name] = found
            print(f"{kind}: the final margin about the forecast's, {found[2]} positions: spread (rms) "
                  f"{found[0]:.2f} + {found[1]:.3f} x turns left")
    if args.write:
        path = ROOT / "sestertius" / "bots" / "search" / "weights.py"
        for role in sorted(fitted_roles):
            write_forecast(path, out[role], FORECAST_SETS[role])
            print(f"wrote {FORECAST_SETS[role]} in {path}")
        for name, (a, b, _) in spreads.items():
            write_spread(path, name, (round(a, 2), round(b, 3)))
            print(f"wrote {name} in {path}")


def positions(rows: list[dict]) -> list[list[dict]]:
    """The rows grouped by position: ``play`` writes every seat of a position in turn, seat 0 first."""
    out: list[list[dict]] = []
    for r in rows:
        if r["seat"] == 0 or not out or out[-1][0]["seed"] != r["seed"]:
            out.append([])
        out[-1].append(r)
    return out


def spread(rows: list[dict], sets: dict[str, dict[str, float]], kind: str) -> tuple[float, float, int] | None:
    """How far the final margin falls from the forecast's, as a function of the turns left (the feature ``time``):
    a + b x turns left, fitted to the root mean square of the misses in bands of 3 turns (weighted by positions, at
    the mean turns left of each band). The margin is seat 0's as the bot counts it: its side's mean less the best
    other side's, by the sides the rows of ``play`` name. ``kind``: "contrarius" (games with Contrarius) or "base"."""
    def forecast(r: dict) -> float:
        return r["now"] + sum(sets[r["role"]].get(k, 0.0) * v for k, v in r["f"].items())

    misses: list[tuple[float, float]] = []
    for pos in positions(rows):
        roles = {r["role"] for r in pos}
        if (kind == "contrarius") != ("automaton" in roles) or pos[0]["seat"] != 0 or len(pos) < 2:
            continue
        if "side" not in pos[0]:
            raise SystemExit("fit_weights: rows without sides (written by an older `play`): play the games again")
        guess, real = side_margin(pos, forecast), side_margin(pos, lambda r: r["final"])
        misses.append((pos[0]["f"].get("time", 0.0), real - guess))
    bands: dict[int, list[tuple[float, float]]] = {}
    for t, miss in misses:
        bands.setdefault(int(t // 3), []).append((t, miss))
    points = [(sum(t for t, _ in ms) / len(ms), (sum(m * m for _, m in ms) / len(ms)) ** 0.5, len(ms))
              for ms in bands.values()]
    total = sum(n for _, _, n in points)
    if len(points) < 2:
        return None
    mt = sum(t * n for t, _, n in points) / total
    ms = sum(s * n for _, s, n in points) / total
    var = sum(n * (t - mt) ** 2 for t, _, n in points)
    b = sum(n * (t - mt) * (s - ms) for t, s, n in points) / var if var else 0.0
    return ms - b * mt, b, total


def side_margin(pos: list[dict], value: Callable[[dict], float]) -> float:
    """Seat 0's side's mean ``value`` less the best other side's, by the sides its row names."""
    by_seat = {r["seat"]: r for r in pos}

    def mean(seats: list[int]) -> float:
        return sum(value(by_seat[i]) for i in seats) / len(seats)
    return mean(pos[0]["side"]) - max(mean(o) for o in pos[0]["others"])


def write_spread(path: Path, name: str, value: tuple[float, float]) -> None:
    """Put ``value`` in place of the spread ``name``'s assignment in ``path``."""
    text = path.read_text(encoding="utf-8")
    assignment = re.compile(rf"^{name} = \([^)\n]*\)$", re.M)
    if not assignment.search(text):
        raise SystemExit(f"--write: no {name} assignment found in {path}")
    path.write_text(assignment.sub(lambda _: f"{name} = {value!r}", text), encoding="utf-8")


FORECAST_SETS = {"base": "FORECAST_SCALE", "player": "FORECAST_PLAYER", "automaton": "FORECAST_AUTOMATON"}


def write_forecast(path: Path, weights: dict[str, float], name: str = "FORECAST_SCALE") -> None:
    """Put ``weights`` in place of the forecast set ``name``'s assignment in ``path``; the rest of the file is kept."""
    text = path.read_text(encoding="utf-8")
    assignment = re.compile(rf"^{name} = (dict\(\w+\)|\{{\n.*?\n\}})$", re.M | re.S)
    if not assignment.search(text):
        raise SystemExit(f"--write: no {name} assignment found in {path}")
    path.write_text(assignment.sub(lambda _: f"{name} = {_fmt(weights)}", text), encoding="utf-8")


def _fmt(d: dict[str, float]) -> str:
    """A dict as Python source, a few items a line."""
    items = [f'"{k}": {v}' for k, v in d.items()]
    rows = [", ".join(items[i:i + 6]) for i in range(0, len(items), 6)]
    return "{\n    " + ",\n    ".join(rows) + ",\n}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("play")
    g.add_argument("--games", type=int, default=100)
    g.add_argument("--seed", type=int, default=10_000)
    g.add_argument("--board", default="italia")
    g.add_argument("--players", type=int, default=1)
    g.add_argument("--mode", default="solo")
    g.add_argument("--difficulty", default="standard")
    g.add_argument("--bot", default="medium")
    g.add_argument("--procs", type=int, default=multiprocessing.cpu_count())
    g.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("data", nargs="+")
    f.add_argument("--pull", type=float, default=0.05)
    f.add_argument("--write", action="store_true")
    args = p.parse_args()
    (play if args.command == "play" else fit)(args)


if __name__ == "__main__":
    main()
