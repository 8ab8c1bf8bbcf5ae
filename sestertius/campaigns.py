"""Solitaria campaigns: a sequence of standard games with shrinking starting points, kept in SQLite.

The rule (rulebook, "Campaign"): the first game starts with 20 VP. After a win, the next start is lower by a fifth of
the winning margin, rounded down; after a loss it stays. When the next start would be 0 or below, the campaign is
over and the player is ready for the veteran level. The numbers are data (``solitaria.toml [campaign]``).

Several named campaigns live in one SQLite file, by default ``campaigns.sqlite3`` in the user's data folder
(``platformdirs.user_data_dir("sestertius")``; ``$SESTERTIUS_CAMPAIGNS`` or the ``path`` argument override it),
each with the history of its games.

A campaign made in the web app has an owner: the hash of a secret kept by the browser that made it (the web app
shows and plays a campaign only for that secret; one made in the terminal has none). A game recorded from the web app
keeps its game id, so that a finished game is recorded once, and two games with the same board and seed are two
games.

The file is checked before anything is written to it: a campaigns file carries this program's ``application_id``
(and its ``user_version``, the store's version) in its SQLite header; a file without one is taken only if its tables
are those of a campaigns file (the earlier versions', which get the id and their missing columns) or it has none. Any
other file (not a regular file, not SQLite, another program's database, a newer store) is refused with a
:class:`CampaignFileError` naming it and what is wrong, and left as it was.
"""
from __future__ import annotations

import json
import sqlite3
import stat
import struct
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sestertius.data.overrides import DataError
from sestertius.data.solitaria import solo_data

TABLES = ("""
CREATE TABLE IF NOT EXISTS campaigns (
    name TEXT PRIMARY KEY,
    created REAL NOT NULL,
    start_vp INTEGER NOT NULL,          -- the starting points of the next game
    finished INTEGER NOT NULL DEFAULT 0,
    owner_hash TEXT                     -- sha256 of the owner's secret (campaigns made in the web app)
)""", """
CREATE TABLE IF NOT EXISTS campaign_games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign TEXT NOT NULL REFERENCES campaigns(name) ON DELETE CASCADE,
    number INTEGER NOT NULL,            -- 1, 2, ... within the campaign
    played REAL NOT NULL,
    board TEXT NOT NULL,
    seed INTEGER,
    start_vp INTEGER NOT NULL,
    player_score INTEGER NOT NULL,
    contrarius_score INTEGER NOT NULL,
    won INTEGER NOT NULL,
    next_start_vp INTEGER NOT NULL,
    record TEXT,                        -- the game record (JSON), if kept
    game_id TEXT                        -- the web app's game id, if it was played there
)""")
# columns added after the first version: a file made by it gets them when it is opened
ADDED_COLUMNS = {"campaigns": [("owner_hash", "TEXT")], "campaign_games": [("game_id", "TEXT")]}
# the columns of the first version: a file without the application id is a campaigns file if its tables have them
FIRST_COLUMNS = {
    "campaigns": {"name", "created", "start_vp", "finished"},
    "campaign_games": {"id", "campaign", "number", "played", "board", "seed", "start_vp", "player_score",
                       "contrarius_score", "won", "next_start_vp", "record"}}
APPLICATION_ID = 0x53455354  # "SEST" in the SQLite header (offset 68): a campaigns file of this program
STORE_VERSION = 1  # PRAGMA user_version (offset 60): the store's layout; a newer one is refused
SQLITE_MAGIC = b"SQLite format 3\x00"

NAME_LENGTH = 60
NAME_RULE = (f"a campaign's name is 1 to {NAME_LENGTH} characters of text, without '/', control characters or "
             f"spaces at either end, and not '.' or '..'")


class CampaignFileError(DataError):
    """The campaigns file cannot be used (not a file, not SQLite, another program's database, damaged, cannot be
    created): nothing was written to it. ``reason``: what is wrong, without the path (the web app answers it)."""

    def __init__(self, path: Path, reason: str, detail: str = "") -> None:
        super().__init__(f"campaigns file {path}: {reason}{detail}")
        self.path, self.reason = path, reason


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a new campaign's name (the rule, :data:`NAME_RULE`, included), or None. The rule keeps
    a name usable in the web app's addresses (``/api/campaigns/NAME``) and in one line of the terminal."""
    if not name.strip():
        why = "it is empty" if not name else "it is only spaces"
    elif len(name) > NAME_LENGTH:
        why = f"it has {len(name)} characters"
    elif name != name.strip():
        why = "it has spaces at its start or end"
    elif "/" in name:
        why = "it has a '/'"
    elif any(unicodedata.category(ch) == "Cc" for ch in name):
        why = "it has a control character"
    elif any(unicodedata.category(ch) == "Cs" for ch in name):  # bytes of the command line that are not UTF-8
        why = "it is not text (a byte that is not UTF-8)"
    elif name in (".", ".."):
        why = f"it is {name!r}"
    else:
        return None
    return f"campaign name {name!r}: {why}; {NAME_RULE}"


def default_path() -> Path:
    """The setting ``campaigns`` (``$SESTERTIUS_CAMPAIGNS``: :mod:`sestertius.settings`) if set, else
    ``campaigns.sqlite3`` in the user's data folder."""
    from sestertius.settings import Settings  # here: the engine's commands that keep no campaign import no pydantic
    env = Settings().campaigns
    if env:
        return Path(env)
    from platformdirs import user_data_dir
    return Path(user_data_dir("sestertius")) / "campaigns.sqlite3"


def first_start_vp() -> int:
    """The starting points of a campaign's first game (the rulebook's 20)."""
    return int(solo_data().campaign.get("start_vp", 20))


def next_start(start_vp: int, won: bool, margin: int, divisor: int | None = None) -> int:
    """The next game's starting points: lower by floor(margin / 5) after a win, the same after a loss."""
    if divisor is None:
        divisor = int(solo_data().campaign.get("margin_divisor", 5))
    return start_vp - max(0, margin) // divisor if won else start_vp


@dataclass
class CampaignGame:
    number: int
    board: str
    seed: int | None
    start_vp: int
    player_score: int
    contrarius_score: int
    won: bool
    next_start_vp: int
    played: float
    game_id: str | None = None  # the web app's game, if it was played there

    @property
    def margin(self) -> int:
        return self.player_score - self.contrarius_score


@dataclass
class Campaign:
    name: str
    start_vp: int  # of the next game
    finished: bool
    games: list[CampaignGame]

    @property
    def suggestion(self) -> str | None:
        if self.finished:
            level = solo_data().campaign.get("next_level", "veteran")
            return f"campaign complete: you are ready for the {level} level"
        return None


class CampaignStore:
    """Named campaigns in one SQLite file."""

    def __init__(self, path: str | Path | None = None) -> None:
        """Open the campaigns file, creating it if there is none, upgrading one of an earlier version; a file that is
        not a campaigns file is refused (:class:`CampaignFileError`) before anything is written to it."""
        self.path = Path(path) if path is not None else default_path()
        memory = str(self.path) == ":memory:"
        known = False if memory else _check_header(self.path)
        try:
            if not memory:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(self.path))
        except (OSError, sqlite3.Error) as e:
            raise CampaignFileError(self.path, "cannot be opened or created", f" ({_why(e)})") from None
        try:
            if not known:
                self._set_up()
            self.db.execute("PRAGMA foreign_keys = ON")
        except CampaignFileError:
            self.db.close()
            raise
        except sqlite3.Error as e:
            self.db.close()
            raise CampaignFileError(self.path, "cannot be read or written as an SQLite database", f" ({_why(e)})") \
                from None

    def _set_up(self) -> None:
        """Check the tables (in a write transaction, so that a file being set up by another process is seen whole),
        then create what is missing and mark the file as a campaigns file; a foreign database is left untouched."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            _check_tables(self.path, self.db)
            for table in TABLES:
                self.db.execute(table)
            for name, columns in ADDED_COLUMNS.items():
                have = {r[1] for r in self.db.execute(f"PRAGMA table_info({name})")}
                for column, kind in columns:
                    if column not in have:
                        self.db.execute(f"ALTER TABLE {name} ADD COLUMN {column} {kind}")
            self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self.db.execute(f"PRAGMA user_version = {STORE_VERSION}")
        except BaseException:
            self.db.rollback()
            raise
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- campaigns ----------------------------------------------------------------------------------------------
    def create(self, name: str, start_vp: int | None = None, owner_hash: str | None = None) -> Campaign:
        """A new campaign; ``owner_hash``: the hash of its owner's secret (the web app's campaigns)."""
        why = name_problem(name)
        if why is not None:
            raise ValueError(why)
        if self.exists(name):
            raise ValueError(f"a campaign named {name!r} exists already")
        start = first_start_vp() if start_vp is None else start_vp
        self.db.execute("INSERT INTO campaigns (name, created, start_vp, finished, owner_hash) VALUES (?, ?, ?, ?, ?)",
                        (name, time.time(), start, int(start <= 0), owner_hash))
        self.db.commit()
        return self.get(name)

    def owner_hash(self, name: str) -> str | None:
        """The hash of the campaign's owner's secret (None: made in the terminal, or no such campaign)."""
        row = self.db.execute("SELECT owner_hash FROM campaigns WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    def exists(self, name: str) -> bool:
        try:
            return self.db.execute("SELECT 1 FROM campaigns WHERE name = ?", (name,)).fetchone() is not None
        except UnicodeEncodeError:  # not text (a lone surrogate: bytes of the command line that are not UTF-8)
            return False

    def get(self, name: str) -> Campaign:
        row = self.db.execute("SELECT name, start_vp, finished FROM campaigns WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise KeyError(f"no campaign named {name!r}")
        games = [CampaignGame(number=r[0], board=r[1], seed=r[2], start_vp=r[3], player_score=r[4],
                              contrarius_score=r[5], won=bool(r[6]), next_start_vp=r[7], played=r[8], game_id=r[9])
                 for r in self.db.execute(
                     "SELECT number, board, seed, start_vp, player_score, contrarius_score, won, next_start_vp, "
                     "played, game_id FROM campaign_games WHERE campaign = ? ORDER BY number", (name,))]
        return Campaign(name=row[0], start_vp=row[1], finished=bool(row[2]), games=games)

    def get_or_create(self, name: str) -> Campaign:
        return self.get(name) if self.exists(name) else self.create(name)

    def names(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT name FROM campaigns ORDER BY created, name")]

    def delete(self, name: str) -> None:
        self.db.execute("DELETE FROM campaign_games WHERE campaign = ?", (name,))
        self.db.execute("DELETE FROM campaigns WHERE name = ?", (name,))
        self.db.commit()

    # -- games ---------------------------------------------------------------------------------------------------
    def record_game(self, name: str, player_score: int, contrarius_score: int, won: bool, board: str = "",
                    seed: int | None = None, record: dict[str, Any] | None = None,
                    game_id: str | None = None) -> Campaign:
        """Store a finished game of the campaign and apply the campaign rule to its next start."""
        c = self.get(name)
        if c.finished:
            raise ValueError(f"campaign {name!r} is finished")
        nxt = next_start(c.start_vp, won, player_score - contrarius_score)
        self.db.execute(
            "INSERT INTO campaign_games (campaign, number, played, board, seed, start_vp, player_score, "
            "contrarius_score, won, next_start_vp, record, game_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (name, len(c.games) + 1, time.time(), board, seed, c.start_vp, player_score, contrarius_score,
             int(won), nxt, json.dumps(record) if record is not None else None, game_id))
        self.db.execute("UPDATE campaigns SET start_vp = ?, finished = ? WHERE name = ?", (nxt, int(nxt <= 0), name))
        self.db.commit()
        return self.get(name)

    def record_finished(self, name: str, game: Any, game_id: str | None = None) -> Campaign:
        """Store a finished solo :class:`~sestertius.rules.game.Game` (player = seat 0, Contrarius = seat 1);
        ``game_id``: the web app's id of the game."""
        scores = game.scores()
        won = game.ranking()[0] == 0
        return self.record_game(name, scores[0]["total"], scores[1]["total"], won, board=game.options.board,
                                seed=game.seed, record=game.record(), game_id=game_id)

    def has_game(self, name: str, game_id: str | None, record: dict[str, Any] | None = None) -> bool:
        """Whether the campaign holds the web app's game ``game_id`` already. A game recorded before game ids were
        kept is recognised by its record (the same decisions reaching the same state)."""
        if game_id is not None and self.db.execute(
                "SELECT 1 FROM campaign_games WHERE campaign = ? AND game_id = ?", (name, game_id)).fetchone():
            return True
        if record is None:
            return False
        for (text,) in self.db.execute("SELECT record FROM campaign_games WHERE campaign = ? AND game_id IS NULL "
                                       "AND record IS NOT NULL", (name,)):
            old = json.loads(text)
            if old.get("state_hash") == record.get("state_hash") and old.get("actions") == record.get("actions"):
                return True
        return False


def _why(e: BaseException) -> str:
    return f"{type(e).__name__}: {getattr(e, 'strerror', None) or e}"


def _check_header(path: Path) -> bool:
    """Whether ``path`` is a campaigns file of this program at this store version by its header (True: nothing to
    set up), or is none yet or may be one of an earlier version (False: its tables tell); refuse a file that cannot be
    one, reading only its first 100 bytes."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return False
    except OSError as e:
        raise CampaignFileError(path, "cannot be reached", f" ({_why(e)})") from None
    if stat.S_ISDIR(mode):
        raise CampaignFileError(path, "is a directory, not a file")
    if not stat.S_ISREG(mode):
        raise CampaignFileError(path, "is not a regular file")
    try:
        with path.open("rb") as f:
            head = f.read(100)
    except OSError as e:
        raise CampaignFileError(path, "cannot be read", f" ({_why(e)})") from None
    if not head:
        return False  # an empty file: SQLite makes a new database of it
    if len(head) < 100 or not head.startswith(SQLITE_MAGIC):
        raise CampaignFileError(path, "is not an SQLite database")
    version, application = struct.unpack(">iI", head[60:64] + head[68:72])
    if application == APPLICATION_ID:
        if version > STORE_VERSION:
            raise CampaignFileError(path, "was made by a newer version of sestertius",
                                    f" (store version {version}; this one knows up to {STORE_VERSION})")
        return version == STORE_VERSION
    if application != 0:
        raise CampaignFileError(path, "is the SQLite database of another program",
                                f" (application_id {application:#010x})")
    if head[18] == 2 or head[19] == 2:  # write-ahead log: a campaigns file never is
        raise CampaignFileError(path, "is an SQLite database in WAL mode, which a campaigns file never is")
    return False


def _check_tables(path: Path, db: sqlite3.Connection) -> None:
    """Refuse an SQLite database without this program's id whose tables are not (a part of) a campaigns file's."""
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
                                       "AND name NOT LIKE 'sqlite!_%' ESCAPE '!'")}
    foreign = sorted(tables - set(FIRST_COLUMNS))
    if foreign:
        raise CampaignFileError(path, "is an SQLite database but not a campaigns file",
                                f" (its tables: {', '.join(foreign[:5])}{', ...' if len(foreign) > 5 else ''})")
    for table in sorted(tables):
        have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
        missing = sorted(FIRST_COLUMNS[table] - have)
        if missing:
            raise CampaignFileError(path, "is an SQLite database but not a campaigns file",
                                    f" (its table {table} has no column {', '.join(missing)})")
