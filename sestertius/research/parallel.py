"""Many games on every core, or on a Ray cluster, with the results of one process.

A *job* is one game: its options, its seed and the bot of each seat. :func:`play_jobs` plays jobs one after another
(``workers=1``), on a pool of worker processes (``workers=N``) or on a Ray cluster (``ray="auto"``, an address such
as ``"ray://head:10001"``, or ``"local"`` for a Ray instance started for the run) and yields one :class:`PlayedGame`
per job, **in the order of the jobs**: a game depends only on its job (its seed fixes the setup, the chance outcomes
and the bots' choices, each a function of its seed and the position), so the results are the same whichever way and
wherever they were played.

``concordia simulate --workers N`` / ``--ray ADDRESS`` and ``concordia tournament`` play their games through here.
A job may name a file for its game's record (``concordia simulate --save-records DIR``): the process that played the
game writes it, so that records are not sent between processes.
"""
from __future__ import annotations

import gc
import json
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from sestertius import Game, GameOptions
from sestertius.research.play import play_game  # the one way simulations play a game


@dataclass(frozen=True)
class Job:
    options: GameOptions
    seed: int
    bots: tuple[str, ...]  # one bot per seat (or one for all): a name of BOTS or module:factory (bots.load_bot)
    max_turns: int
    record: str | None = None  # the file to write the game's record to (Game.record(), as JSON), if any


@dataclass
class PlayedGame:
    """What a statistic needs of a played game, small enough to send between processes. It answers like the finished
    :class:`Game` (``is_over``, ``len(history)``, ``state.turn``, ``scores()``, ``ranking()``, ``result()``), so that
    code written for games reads it unchanged."""
    seed: int
    bots: tuple[str, ...]
    is_over: bool
    decisions: int
    turn: int
    final_scores: list[dict[str, int]] = field(default_factory=list)
    final_ranking: list[int] = field(default_factory=list)
    final_result: dict[str, float] = field(default_factory=dict)
    partners: list[int | None] = field(default_factory=list)  # each seat's partner (team play), else None
    automaton: int | None = None  # the seat of an automaton playing against the players (Solitaria's Contrarius)

    @classmethod
    def of(cls, game: Game, job: Job) -> PlayedGame:
        over = game.is_over
        s = game.state
        # what a view shows of the partners and of Contrarius, read from the mode alone: a whole view took a fifth of
        # the time of a four-player random game
        mode = s.rules.mode
        contrarius = mode.public(s).get("contrarius")
        return cls(job.seed, job.bots, over, len(game.history), s.turn, game.scores() if over else [],
                   game.ranking() if over else [], game.result(), [mode.partner(s, i) for i in range(len(s.players))],
                   contrarius["seat"] if contrarius else None)

    @property
    def history(self) -> range:  # only its length is meaningful
        return range(self.decisions)

    @property
    def state(self) -> SimpleNamespace:
        return SimpleNamespace(turn=self.turn)

    def scores(self) -> list[dict[str, int]]:
        return self.final_scores

    def ranking(self) -> list[int]:
        return self.final_ranking

    def result(self) -> dict[str, float]:
        return self.final_result


def play_job(job: Job) -> PlayedGame:
    game = play_game(job.options, job.seed, list(job.bots), job.max_turns)
    if job.record is not None:  # a plain write: Game.save (indented, flushed to the disk) took 2.6-2.8 times as long
        with open(job.record, "w", encoding="utf-8") as f:
            json.dump(game.record(), f, separators=(",", ":"))
    return PlayedGame.of(game, job)


def _play_chunk(jobs: list[Job]) -> list[PlayedGame]:
    return [play_job(j) for j in jobs]


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def chunks(jobs: Sequence[Job], parts: int) -> list[list[Job]]:
    """Consecutive chunks, many per worker, of at most 10 games: the last chunk decides when the run ends while the
    other workers wait (a chunk cost the parent about 0.4 M instructions more, a four-player random game is 53 M)."""
    size = max(1, min(10, len(jobs) // max(1, parts * 32)))
    return [list(jobs[i:i + size]) for i in range(0, len(jobs), size)]


def play_jobs(jobs: Sequence[Job], workers: int = 1, ray: str | None = None) -> Iterator[PlayedGame]:
    """The played games, in the order of ``jobs`` (see the module's documentation)."""
    if ray is not None:
        yield from _on_ray(jobs, ray)
    elif workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield play_job(job)
    else:
        yield from _on_processes(jobs, workers)


def _on_processes(jobs: Sequence[Job], workers: int) -> Iterator[PlayedGame]:
    import multiprocessing
    parts = chunks(jobs, workers)
    # fork where there is one: fast (the workers inherit the imported modules and loaded data), and a script without
    # an ``if __name__ == "__main__"`` guard still works
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    gc.freeze()  # the inherited objects are left out of the workers' collections (which would copy their pages)
    try:
        with multiprocessing.get_context(method).Pool(min(workers, len(parts))) as pool:
            for played in pool.imap(_play_chunk, parts):
                yield from played
    finally:
        gc.unfreeze()


def _on_ray(jobs: Sequence[Job], address: str) -> Iterator[PlayedGame]:
    try:
        import ray
    except ImportError:
        raise RuntimeError("Ray is not installed: pip install -e '.[cluster]'") from None
    started = not ray.is_initialized()
    if started:
        kwargs: dict[str, Any] = {"include_dashboard": False, "logging_level": "warning", "log_to_driver": False}
        if address == "local":
            ray.init(**kwargs)
        else:  # a cluster: ship this package to its workers (its engine needs nothing beyond the standard library)
            import sestertius
            ray.init(address=address, runtime_env={"py_modules": [sestertius]}, **kwargs)
    try:
        remote = ray.remote(_play_chunk)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        futures = [remote.remote(part) for part in chunks(jobs, cpus)]
        for future in futures:
            yield from ray.get(future)
    finally:
        if started:
            ray.shutdown()


def simulation_jobs(options: GameOptions, seed: int, games: int, bots: Iterable[str], max_turns: int,
                    records: str | os.PathLike[str] | None = None) -> list[Job]:
    """The jobs of ``concordia simulate``: game i has seed ``seed + i`` and the same bots; with ``records`` (a
    folder), its record goes to :func:`record_name`."""
    names = tuple(bots)
    return [Job(options, seed + i, names, max_turns,
                None if records is None else os.path.join(records, record_name(i, seed + i)))
            for i in range(games)]


def record_name(index: int, seed: int) -> str:
    """The file name of the record of a simulation's game ``index`` (from 0), played with ``seed``: in the order of
    the games when sorted by name."""
    return f"game-{index:06d}-seed-{seed}.json"
