"""Game records into a dataset for learning: one row per decision of a seat, in Parquet (pyarrow).

Each record (``Game.record()``, e.g. written by ``concordia simulate --save-records DIR``) is replayed from its options
and seed; before every decision of a seat (not chance outcomes, not Contrarius or the engine's own steps) a row holds
what the seat saw and did, and every row of a game is given that seat's outcome once the game is over:

=============== ======================================== ===================================================
column          type                                     meaning
=============== ======================================== ===================================================
``game``        string                                   the record's file name without ``.json``
``seed``        uint64                                   the game's seed
``decision``    int32                                    the decision's index in the record (from 0)
``seat``        int8                                     the seat that decided (from 0)
``observation`` fixed_size_list<float32>[5299]           ``observations.observe(game, seat)`` (version 2)
``legal``       fixed_size_list<bool>[3215]              the legal-action mask (``actions.legal_mask``)
``action``      int32                                    the decision taken (``actions.encode``)
``choices``     int16                                    how many decisions were legal (1: a forced one)
``score``       int16                                    the seat's final score (VP)
``rank``        int8                                     its place in the final ranking (1: first)
``win``         bool                                     its side won (the winner and, in team play, partner)
``margin``      int16                                    its score minus the best score of the other side
=============== ======================================== ===================================================

The sizes are those of the encodings' versions, kept in the file's metadata (``observation_version``,
``encoding_version``). Games that a simulation stopped unfinished have no outcome and
give no rows (they are counted). Only public interfaces are used: the engine's ``Game``, ``observe``, ``encode``.

>>> from sestertius.research.dataset import write_dataset
>>> summary = write_dataset(["records/game-000000-seed-0.json"], "games.parquet")   # doctest: +SKIP
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from sestertius import Game, GameOptions, RecordError
from sestertius.research.actions import ENCODING_VERSION, NUM_ACTIONS, encode
from sestertius.research.observations import OBSERVATION_SIZE, OBSERVATION_VERSION, observe
from sestertius.research.play import own_scores, winning_seats

SCHEMA = pa.schema([
    ("game", pa.string()), ("seed", pa.uint64()), ("decision", pa.int32()), ("seat", pa.int8()),
    ("observation", pa.list_(pa.float32(), OBSERVATION_SIZE)), ("legal", pa.list_(pa.bool_(), NUM_ACTIONS)),
    ("action", pa.int32()), ("choices", pa.int16()), ("score", pa.int16()), ("rank", pa.int8()),
    ("win", pa.bool_()), ("margin", pa.int16()),
])
GAMES_PER_GROUP = 16  # games buffered per row group: a four-player game's rows take about 15 MB before compression


@dataclass
class GameRows:
    """The rows of one game, column by column (observations and masks as 2-D arrays)."""
    game: str
    seed: int
    decision: list[int] = field(default_factory=list)
    seat: list[int] = field(default_factory=list)
    observation: list[np.ndarray] = field(default_factory=list)
    legal: list[np.ndarray] = field(default_factory=list)
    action: list[int] = field(default_factory=list)
    choices: list[int] = field(default_factory=list)
    over: bool = False  # the game ended (else it has no outcome, and no rows are written)
    outcome: dict[int, tuple[int, int, bool, int]] = field(default_factory=dict)  # seat -> score, rank, win, margin

    def __len__(self) -> int:
        return len(self.decision)


@dataclass
class Summary:
    rows: int = 0
    games: int = 0
    unfinished: list[str] = field(default_factory=list)  # the games without an outcome (no rows)


def record_files(folder: str | os.PathLike[str]) -> list[Path]:
    """The records in a folder (``*.json``), sorted by name: a simulation's in the order of its games."""
    return sorted(Path(folder).glob("*.json"))


def outcome(game: Game, seat: int) -> tuple[int, int, bool, int]:
    """A finished game's outcome for a seat: its final score, its rank (from 1), whether its side won, and its margin
    (its score minus the best score of the seats not on its side, Contrarius included: the environments' ``margin``)."""
    score = game.scores()[seat]["total"]
    margin = round(own_scores(game, [seat], "margin")[0] * 100)
    return score, game.ranking().index(seat) + 1, seat in winning_seats(game), margin


def game_rows(record: dict[str, Any], name: str, seats: set[int] | None = None) -> GameRows:
    """Replay a record and return the rows of the decisions of ``seats`` (None: every seat). A record that does not
    replay, or whose replay does not give its state hash, is refused with a RecordError."""
    try:
        game = Game.new(GameOptions.from_dict(record["options"]), seed=record["seed"])
        actions, deciders = record["actions"], record["deciders"]
    except (KeyError, TypeError, ValueError) as e:
        raise RecordError(f"{name}: not a game record ({type(e).__name__}: {e})") from None
    rows = GameRows(name, record["seed"])
    for i, (action, decider) in enumerate(zip(actions, deciders)):
        if decider < 0 and game.to_act() != decider:
            continue  # a chance outcome or an automaton's step the engine took itself, as in the recorded game
        if decider >= 0 and (seats is None or decider in seats):
            legal = game.legal_actions()
            mask = np.zeros(NUM_ACTIONS, np.bool_)
            mask[[encode(a) for a in legal]] = True
            rows.decision.append(i)
            rows.seat.append(decider)
            rows.observation.append(observe(game, decider))
            rows.legal.append(mask)
            rows.choices.append(len(legal))
        game.apply(action)
        if len(rows.action) < len(rows.decision):
            rows.action.append(encode(game.history[i]))  # the engine's own form of the decision (tuples)
    if len(game.history) != len(actions) or game.state.hash() != record.get("state_hash", game.state.hash()):
        raise RecordError(f"{name}: the replay does not give the recorded game")
    rows.over = game.is_over
    if game.is_over:
        rows.outcome = {seat: outcome(game, seat) for seat in set(rows.seat)}
    return rows


def table(games: list[GameRows]) -> pa.Table:
    """The rows of finished games as an Arrow table of :data:`SCHEMA`."""
    def column(name: str) -> list[Any]:
        return [x for g in games for x in getattr(g, name)]

    def fixed(arrays: list[np.ndarray], size: int, kind: pa.DataType) -> pa.FixedSizeListArray:
        flat = np.concatenate(arrays) if arrays else np.zeros(0, kind.to_pandas_dtype())
        return pa.FixedSizeListArray.from_arrays(pa.array(flat, kind), size)

    outcomes = [g.outcome[seat] for g in games for seat in g.seat]
    return pa.Table.from_arrays([
        pa.array([g.game for g in games for _ in g.seat], pa.string()),
        pa.array([g.seed for g in games for _ in g.seat], pa.uint64()),
        pa.array(column("decision"), pa.int32()), pa.array(column("seat"), pa.int8()),
        fixed(column("observation"), OBSERVATION_SIZE, pa.float32()), fixed(column("legal"), NUM_ACTIONS, pa.bool_()),
        pa.array(column("action"), pa.int32()), pa.array(column("choices"), pa.int16()),
        pa.array([o[0] for o in outcomes], pa.int16()), pa.array([o[1] for o in outcomes], pa.int8()),
        pa.array([o[2] for o in outcomes], pa.bool_()), pa.array([o[3] for o in outcomes], pa.int16()),
    ], schema=SCHEMA)


def _read(path: Path) -> dict[str, Any]:
    record = Game.read_record(path)
    if not isinstance(record, dict):
        raise RecordError(f"{path.name}: not a game record")
    return record


def _groups(files: Iterable[Path], seats: set[int] | None, summary: Summary) -> Iterator[list[GameRows]]:
    group: list[GameRows] = []
    for path in files:
        rows = game_rows(_read(path), path.stem, seats)
        if not rows.over:
            summary.unfinished.append(rows.game)
            continue
        summary.games += 1
        summary.rows += len(rows)
        group.append(rows)
        if len(group) == GAMES_PER_GROUP:
            yield group
            group = []
    if group:
        yield group


def write_dataset(files: Iterable[str | os.PathLike[str]], out: str | os.PathLike[str],
                  seats: set[int] | None = None) -> Summary:
    """Write the rows of the records ``files`` (of ``seats``, None: all) to the Parquet file ``out`` (zstd), a row
    group per few games; the encodings' versions go into the file's metadata."""
    summary = Summary()
    metadata = {"observation_version": str(OBSERVATION_VERSION), "encoding_version": str(ENCODING_VERSION)}
    # no dictionaries but the games' names: on the observations they tripled the time of writing for half the size
    with pq.ParquetWriter(out, SCHEMA.with_metadata(metadata), compression="zstd", use_dictionary=["game"]) as writer:
        for group in _groups((Path(f) for f in files), seats, summary):
            writer.write_table(table(group))
    return summary
