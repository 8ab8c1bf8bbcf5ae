"""The training tool's plumbing: JSON-lines files that a stop may cut short, the cells of games, paired results, a
model scaled, and tasks mapped onto the cores or a Ray cluster (``tools/train_advantage.py`` imports these)."""
from __future__ import annotations

import gzip
import hashlib
import json
import math
import multiprocessing
import statistics
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from sestertius.bots.learned.model import ValueModel
from sestertius.research.stats import wilson


def options_of(cell: str) -> dict[str, Any]:
    """``solo:BOARD:LEVEL``, ``team:BOARD:LEVEL`` or ``base:BOARD:PLAYERS`` (the bot in every seat)."""
    parts = cell.split(":")
    if parts[0] in ("solo", "team") and len(parts) == 3:
        return {"board": parts[1], "players": 1 if parts[0] == "solo" else 2, "mode": parts[0],
                "difficulty": parts[2]}
    if parts[0] == "base" and len(parts) == 3 and parts[2].isdigit():
        return {"board": parts[1], "players": int(parts[2])}
    raise SystemExit(f"unknown cell {cell!r}: solo:BOARD:LEVEL, team:BOARD:LEVEL or base:BOARD:PLAYERS")


def _opener(path: Path) -> Callable[..., Any]:
    return gzip.open if path.suffix == ".gz" else open


def read_lines(path: Path) -> list[dict[str, Any]]:
    """The records of a JSON-lines file (gzip-compressed if it ends in .gz). A run stopped while it wrote leaves
    a last line cut short (or a gzip member): it is left out, and the run that resumes plays that game again."""
    if not path.exists():
        return []
    out = []
    try:
        with _opener(path)(path, "rt", encoding="utf-8") as f:
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
    text = "".join(json.dumps(r) + "\n" for r in read_lines(path))
    with _opener(path)(path, "rt", encoding="utf-8") as f:
        try:
            whole = f.read() == text
        except (EOFError, gzip.BadGzipFile):
            whole = False
    if not whole:
        with _opener(path)(path, "wt", encoding="utf-8") as f:
            f.write(text)


def append_line(path: Path, record: dict[str, Any]) -> None:
    with _opener(path)(path, "at", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")


def fingerprint(model: ValueModel) -> str:
    """A short hash of what a model computes (its features and coefficients, not its name): the games of one
    evaluation file must all come from the same numbers."""
    data = json.dumps([list(model.names), sorted((r, b, list(c)) for r, (b, c) in model.roles.items())])
    return hashlib.sha256(data.encode()).hexdigest()[:12]


def scaled(model: ValueModel, shrink: float, version: str) -> ValueModel:
    """The model with its correction times ``shrink`` (1: as fitted)."""
    roles = {r: (round(b * shrink, 6), tuple(round(c * shrink, 6) for c in coef))
             for r, (b, coef) in model.roles.items()}
    return ValueModel(version, model.names, roles, dict(model.meta, shrink=shrink))


def paired(a: list[dict[str, Any]], b: list[dict[str, Any]], duels: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """B's margin less A's over the games of the same cell and seed: the mean and its 95% interval (normal), the
    games won by each alone, and each one's wins with their Wilson interval. ``duels``: B's games against A (two
    players, B in each seat in turn), each counted by B's margin, which is zero on average between equals; their
    wins apart (``duel_wins``, ``duel_rate``)."""
    by = {(r["cell"], r["seed"]): r for r in a}
    pairs = [(by[(r["cell"], r["seed"])], r) for r in b if (r["cell"], r["seed"]) in by]
    diffs = [y["margin"] - x["margin"] for x, y in pairs] + [r["margin"] for r in duels]
    n = len(diffs)
    mean = statistics.fmean(diffs) if n else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    out: dict[str, Any] = {"games": n, "diff": round(mean, 3), "low": round(mean - half, 3),
                           "high": round(mean + half, 3),
                           "only_a": sum(x["win"] and not y["win"] for x, y in pairs),
                           "only_b": sum(y["win"] and not x["win"] for x, y in pairs)}
    m = len(pairs)
    for name, k in (("a", 0), ("b", 1)):
        wins = sum(p[k]["win"] for p in pairs)
        low, high = wilson(wins, m) if m else (0.0, 1.0)
        out[f"wins_{name}"] = wins
        out[f"rate_{name}"] = [round(wins / m if m else 0.0, 4), round(low, 4), round(high, 4)]
        out[f"score_{name}"] = round(statistics.fmean(p[k]["score"] for p in pairs), 2) if m else 0.0
    if duels:
        wins = sum(r["win"] for r in duels)
        low, high = wilson(wins, len(duels))
        out.update(duels=len(duels), duel_wins=wins,
                   duel_rate=[round(wins / len(duels), 4), round(low, 4), round(high, 4)])
    return out


_RAY_ADDRESS: str | None = None  # the --ray this process connected to


def map_tasks(fn: Callable[[Any], Any], tasks: list[Any], procs: int, ray: str | None = None) -> Iterator[Any]:
    """``fn`` of each task, as they come: here (``procs`` 1), on a pool of ``procs`` processes (closed after), or
    on a Ray cluster (``ray``: an address, ``auto``, or ``local`` for an instance started here; the cluster extra)."""
    if not tasks:
        return
    if ray:
        import ray as ray_module

        global _RAY_ADDRESS
        if ray_module.is_initialized() and _RAY_ADDRESS not in (None, ray):
            # Ray keeps one connection per process: tasks sent on would run on the first cluster, not this one
            raise SystemExit(f"--ray {ray}: this process is already connected to Ray at {_RAY_ADDRESS}")
        if not ray_module.is_initialized():
            # the workers import this folder's modules (the tasks' functions live there) and, on a cluster, the
            # package itself
            env: dict[str, Any] = {"working_dir": str(Path(__file__).resolve().parent)}
            if ray != "local":
                import sestertius

                env["py_modules"] = [sestertius]
            ray_module.init(address=None if ray == "local" else ray, runtime_env=env)
            _RAY_ADDRESS = ray
        remote = ray_module.remote(fn)
        pending = [remote.remote(t) for t in tasks]
        while pending:
            done, pending = ray_module.wait(pending)
            for ref in done:
                yield ray_module.get(ref)
        return
    if procs <= 1:
        yield from map(fn, tasks)
        return
    with multiprocessing.Pool(procs) as pool:
        yield from pool.imap_unordered(fn, tasks)
