"""Games behind the web app: creating them, checking seat secrets, applying decisions, running bots, undo, views,
records and replays. The database (``store.py``) is the truth; live games are kept in an in-memory cache and a game
that is not in it (after a restart) is rebuilt by replaying its stored decisions.

Every public method raises :class:`ApiError` (status, message, rule) for a refusal; a refusal changes nothing. A
decision is applied to a copy of the game, which takes the place of the cached one only once the database has stored
it: a failed write leaves the game as it was, for this request and every other.

Several processes may serve one database (PostgreSQL): each view and decision first catches up with the stored game
(``shared.py``), and a decision is stored only if the row still holds the position it was decided on (else 409).

Secrets: each seat played by a person has one, and so has the game's creator (it deletes the game while it is not
finished). Only their hashes are stored, and no secret is ever logged.
"""
from __future__ import annotations

import hmac
import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from sestertius import (
    CHANCE,
    RECORD_FORMAT,
    RECORD_VERSION,
    ConcordiaError,
    Game,
    GameOptions,
    IllegalAction,
    OptionsError,
    RecordError,
    check_options,
)
from sestertius.bots import BOTS, make_bot
from sestertius.data.catalog import GOODS
from sestertius.rules.cards.architect import house_cost
from sestertius.web.replays import ReplayCache
from sestertius.web.setups import against_contrarius
from sestertius.web.shared import catch_up
from sestertius.web.store import Stale, Store, hash_token

log = logging.getLogger("sestertius.web")

SEAT_KINDS = {"human": "human", "online": "human", "human-online": "human", "hotseat": "hotseat",
              "hot-seat": "hotseat", "bot": "bot"}
BOT_DECISIONS_LIMIT = 200_000  # per request: a game of bots only is played to its end at once
CACHE_SIZE = 2000


class ApiError(Exception):
    def __init__(self, status: int, error: str, rule: str = "") -> None:
        super().__init__(error)
        self.status, self.error, self.rule = status, error, rule

    def body(self) -> dict[str, Any]:
        return {"error": self.error, "rule": self.rule}


@dataclass
class Live:
    """One cached game: the engine object, its seats and a lock serialising every change to it."""
    id: str
    game: Game
    seats: list[dict[str, Any]]
    status: str
    created: str
    campaign: str | None = None
    lock: threading.RLock = field(default_factory=threading.RLock)
    stored: int = 0  # decisions written to the database
    stored_hash: str | None = None  # the state hash the database holds with them
    owner_hash: str | None = None  # the hash of the creator's secret
    public: bool = False  # listed in every lobby
    seed_chosen: bool = False  # the creator gave the seed (which fixes the order of the cards)
    table_seat: int | None = None  # dice entered by hand: the seat that enters every outcome (None: whose turn it is)
    deleted: bool = False


def public_seats(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What anyone may know of the seats: who plays each (never its secret)."""
    return [{"seat": s["seat"], "kind": s["kind"], "bot": s["bot"], "name": s["name"]} for s in seats]


def secret_matches(key: str | None, stored_hash: str | None) -> bool:
    """Whether a secret is the one whose hash is stored (in constant time; no secret matches a missing hash)."""
    return bool(key) and bool(stored_hash) and hmac.compare_digest(hash_token(key or ""), stored_hash or "")


class GameService:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._cache_lock = threading.Lock()
        # games being loaded: a lock each and how many requests wait for it (dropped when none does)
        self._loading: dict[str, tuple[threading.Lock, int]] = {}
        self.replays = ReplayCache()
        self.finish_hooks: list = []  # called with the Live game once it is over (campaigns record results)

    # -- creating -------------------------------------------------------------------------------------------
    def create(self, spec: dict[str, Any]) -> tuple[Live, list[str | None], str]:
        """Create a game from a request body (see models.CreateGame). Returns the live game, each seat's secret
        (None for bots) and the creator's secret."""
        mode, players, seat_specs, options = self._parse(spec)
        seed = spec.get("seed")
        seed_chosen = seed is not None
        if seed is None:
            seed = secrets.randbelow(2**53)
        seat_rows: list[dict[str, Any]] = []
        tokens: list[str | None] = []
        for i, s in enumerate(seat_specs):
            kind = SEAT_KINDS.get(str(s.get("kind", "hotseat")).lower())
            if kind is None:
                raise ApiError(422, f"seat {i + 1}: kind must be hotseat, human (online) or bot, not "
                                    f"{s.get('kind')!r}", "Options")
            bot = None
            if kind == "bot":
                if mode == "solo" and players == 1:
                    raise ApiError(422, "in a solo game the one seat is a person", "Options")
                bot = s.get("bot") or "greedy"
                if bot not in BOTS:
                    raise ApiError(422, f"seat {i + 1}: unknown bot {bot!r}; bots: {', '.join(BOTS)}", "Options")
            name = str(s.get("name") or "").strip()[:40] or (
                f"{bot.capitalize()} bot {i + 1}" if bot else ("You" if players == 1 else f"Player {i + 1}"))
            token = None if kind == "bot" else secrets.token_urlsafe(18)
            tokens.append(token)
            seat_rows.append({"seat": i, "kind": kind, "bot": bot, "name": name,
                              "token_hash": hash_token(token) if token else None})
        table_seat = spec.get("table_seat")
        if table_seat is not None:
            if not options.get("manual_dice"):
                raise ApiError(422, "table_seat names the seat that enters the dice: it needs dice entered by hand "
                                    "(manual_dice)", "Options")
            if not 0 <= table_seat < players or seat_rows[table_seat]["kind"] == "bot":
                raise ApiError(422, f"table_seat {table_seat} is not a seat played by a person (seats are numbered "
                                    "from 0)", "Options")
        try:
            game = Game.new(options, seed=seed)
        except (OptionsError, RecordError) as e:
            raise ApiError(422, str(e), "Options") from None
        gid = secrets.token_urlsafe(12).replace("-", "x").replace("_", "y")
        owner = secrets.token_urlsafe(18)
        live = Live(id=gid, game=game, seats=[dict(r) for r in seat_rows], status="active", created=_iso_now(),
                    campaign=spec.get("campaign"), owner_hash=hash_token(owner), public=bool(spec.get("public")),
                    seed_chosen=seed_chosen, table_seat=table_seat)
        with live.lock:
            self._run_bots(live, game)
            first = self._rows(game)
            live.status = "over" if game.is_over else "active"
            try:
                self.store.create_game(gid, game.options.to_dict(), seed, seat_rows, first, live.status,
                                       game.state.hash(), campaign=live.campaign, owner_hash=live.owner_hash,
                                       public=live.public, seed_chosen=seed_chosen, table_seat=table_seat)
            except Exception:
                log.exception("game %s could not be stored", gid)
                raise ApiError(503, "the game could not be stored; nothing was created: try again",
                               "Storage") from None
            live.stored, live.stored_hash = len(game.history), game.state.hash()
            if game.is_over:
                self._finished(live)
        self._remember(live)
        return live, tokens, owner

    def _parse(self, spec: dict[str, Any]) -> tuple[str, int, list[dict[str, Any]], dict[str, Any]]:
        """Mode, number of players, seat descriptions and engine options of a request body."""
        mode = spec.get("mode") or "base"
        seat_specs = list(spec.get("seats") or [])
        players = spec.get("players") or len(seat_specs) or (1 if mode == "solo" else 2)
        if mode == "solo" and players == 1 and len(seat_specs) > 1:
            raise ApiError(422, "a solo game has exactly one seat (Contrarius is played by the automaton)", "Options")
        if not seat_specs:
            seat_specs = [{"kind": "hotseat"}] * players
        if len(seat_specs) != players:
            raise ApiError(422, f"{players} players but {len(seat_specs)} seats described"
                           + (" (Contrarius is played by the automaton: it is never a seat)"
                              if against_contrarius(mode, players) else ""), "Options")
        options: dict[str, Any] = {"board": spec.get("board") or "imperium", "players": players, "mode": mode}
        for key in ("venus", "display", "intermediate_scoring", "difficulty", "start_vp", "manual_dice",
                    "fish_market"):
            if spec.get(key) is not None:
                options[key] = spec[key]
        if options.get("manual_dice") and all(SEAT_KINDS.get(str(x.get("kind", "hotseat")).lower()) == "bot"
                                              for x in seat_specs):
            raise ApiError(422, "with dice entered by hand a person must sit at the table: every seat is a bot",
                           "Options")
        return mode, players, seat_specs, options

    def check_options(self, spec: dict[str, Any]) -> dict[str, Any]:
        """The engine's options for a request body, checked by the engine (nothing is created); refusals as ApiError
        422 with the engine's reason."""
        _, _, _, options = self._parse(spec)
        why = check_options(options)
        if why is not None:
            raise ApiError(422, why, "Options")
        return GameOptions.from_dict(options).to_dict()

    # -- loading --------------------------------------------------------------------------------------------
    def get(self, gid: str) -> Live:
        if not plausible_id(gid):
            raise ApiError(404, "no such game", "Unknown game")
        with self._cache_lock:
            live = self._cache.get(gid)
            if live is not None:
                self._cache.move_to_end(gid)
                return live
            # one load per game at a time; the lock is kept only while a request waits for it, so that asking for
            # unknown games leaves nothing behind
            load_lock, waiting = self._loading.get(gid, (threading.Lock(), 0))
            self._loading[gid] = (load_lock, waiting + 1)
        try:
            with load_lock:
                with self._cache_lock:
                    live = self._cache.get(gid)
                if live is None:
                    live = self._load(gid)
                    self._remember(live)
            return live
        finally:
            with self._cache_lock:
                lock, waiting = self._loading[gid]
                if waiting > 1:
                    self._loading[gid] = (lock, waiting - 1)
                else:
                    del self._loading[gid]

    def _load(self, gid: str) -> Live:
        row = self.store.game_row(gid)
        if row is None:
            raise ApiError(404, f"no game {gid!r}", "Unknown game")
        rows = self.store.decision_rows(gid)
        rec = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "options": json.loads(row["options"]),
               "seed": row["seed"], "actions": [a for a, _ in rows], "deciders": [d for _, d in rows]}
        t = time.perf_counter()
        try:
            game = Game.from_record({**rec, "state_hash": row["state_hash"]} if row["state_hash"] else rec)
        except RecordError as e:
            log.error("game %s: %s; replaying without the hash check", gid, e)
            try:
                game = Game.from_record(rec, check_hash=False)
            except (RecordError, ConcordiaError) as e2:
                raise ApiError(409, f"game {gid} cannot be rebuilt by this version of the rules: {e2}",
                               "Record") from None
        log.info("game %s rebuilt from %d decisions in %.1f ms", gid, len(rows), 1000 * (time.perf_counter() - t))
        seats = self.store.seat_rows(gid)
        live = Live(id=gid, game=game, seats=seats, status=row["status"], created=_iso(row["created"]),
                    campaign=row.get("campaign"), stored=row["decisions"], stored_hash=row["state_hash"],
                    owner_hash=row.get("owner_hash"),
                    public=bool(row.get("public")), seed_chosen=bool(row.get("seed_chosen")),
                    table_seat=row.get("table_seat"))
        if len(game.history) != len(rows):  # chance outcomes sampled at the end of the replay: store them
            with live.lock:
                try:
                    self._commit(live, game)
                except ApiError as e:
                    if e.status != 409:  # 409: another process (shared database) stored them first
                        raise
                    return self._load(gid)
        if live.status == "over" and live.campaign:
            self._finished(live)  # idempotent: makes sure a result interrupted by a restart reaches its campaign
        return live

    def _remember(self, live: Live) -> None:
        with self._cache_lock:
            self._cache[live.id] = live
            self._cache.move_to_end(live.id)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    def forget_all(self) -> None:
        """Drop the in-memory cache (tests: behaves like a restart)."""
        with self._cache_lock:
            self._cache.clear()

    # -- several processes -------------------------------------------------------------------------------------
    def sync(self, live: Live) -> None:
        """With a shared database: make the cached game the stored one (caller holds ``live.lock``; see
        :func:`.shared.catch_up`)."""
        if self.store.shared and not live.deleted and catch_up(self.store, live, self._load) is None:
            with self._cache_lock:  # deleted by another process
                self._cache.pop(live.id, None)

    # -- secrets --------------------------------------------------------------------------------------------
    def check_seat(self, live: Live, seat: int | None, key: str | None) -> int | None:
        """The seat the caller may act and see for, or None for the public view. A seat without its secret, or a
        secret that is not that seat's, is refused (403)."""
        if seat is None:
            if key:
                raise ApiError(403, "a key was given without a seat number", "Seat secret")
            return None
        if not 0 <= seat < len(live.seats):
            raise ApiError(403, f"there is no seat {seat} in this game (seats are numbered from 0)", "Seat secret")
        info = live.seats[seat]
        if info["kind"] == "bot":
            raise ApiError(403, f"seat {seat} ({info['name']}) is played by a bot", "Seat secret")
        if not secret_matches(key, info["token_hash"]):
            raise ApiError(403, f"wrong or missing secret for seat {seat} ({info['name']}): only that seat's own "
                                "link may see its hand and act for it", "Seat secret")
        return seat

    def check_owner(self, live: Live, key: str | None) -> None:
        """The creator's secret, or a refusal (403)."""
        if not secret_matches(key, live.owner_hash):
            raise ApiError(403, "wrong or missing creator's secret: only the game's creator may do this", "Creator")

    def dice_seat(self, live: Live, game: Game | None = None) -> int | None:
        """The seat that enters a chance outcome entered by hand (dice, volcano tiles): the seat the creator named as
        the table, else the seat whose turn it is when a person plays it, else the first seat a person plays. None
        when no person plays."""
        persons = [s["seat"] for s in live.seats if s["kind"] != "bot"]
        if not persons:
            return None
        if live.table_seat is not None:
            return live.table_seat
        current = (game or live.game).state.current
        return current if current in persons else persons[0]

    # -- views ----------------------------------------------------------------------------------------------
    def view(self, live: Live, seat: int | None) -> dict[str, Any]:
        with live.lock:
            self.sync(live)
            self._alive(live)
            return self._view(live, seat)

    def _view(self, live: Live, seat: int | None) -> dict[str, Any]:
        g = live.game
        v = g.view(seat)
        chance = g.to_act() == CHANCE and not g.is_over
        dice_seat = self.dice_seat(live) if chance else None
        if chance and seat is not None and seat == dice_seat:
            # the table assistant: the person at the table enters the face they rolled (or the tile they drew); the
            # other seats are not offered the entry
            v["legal"] = [{"action": list(a), "text": g.describe(a)} for a in g.legal_actions()]
        for entry in v["legal"]:
            a = entry["action"]
            if a[0] == "build" and len(a) == 2:  # a house in a city: what the engine will charge for it
                goods, coins = house_cost(g.state, a[1])
                entry["cost"] = {"goods": {GOODS[i]: n for i, n in enumerate(goods) if n}, "coins": coins}
        v["chance"] = chance
        v["dice_seat"] = dice_seat
        v["seed_chosen"] = live.seed_chosen
        v["game"] = live.id
        v["seat"] = seat
        v["seats"] = public_seats(live.seats)
        v["decisions"] = len(g.history)
        v["status"] = "over" if g.is_over else "active"
        v["campaign"] = live.campaign
        return v

    # -- deciding -------------------------------------------------------------------------------------------
    def act(self, live: Live, seat: int, action: list, expect: int | None = None) -> None:
        with live.lock:
            self.sync(live)
            self._alive(live)
            g = live.game
            if g.is_over:
                raise ApiError(409, "the game is over", "End of game")
            if expect is not None and expect != len(g.history):
                raise ApiError(409, f"the game has moved on since your view (decision {expect}, now "
                                    f"{len(g.history)}); look again", "Stale view")
            to_act = g.to_act()
            if to_act == CHANCE:
                enters = self.dice_seat(live)
                if seat != enters:
                    who = live.seats[enters]["name"] if enters is not None else "no one"
                    raise ApiError(409, f"it is not yours to enter this outcome: {who} enters it", "Turn order")
            elif to_act != seat:
                who = live.seats[to_act]["name"] if to_act is not None and to_act >= 0 else "no one"
                raise ApiError(409, f"it is not your turn: {who} is to decide"
                               if to_act is not None and to_act >= 0 else "no decision is due", "Turn order")
            new = g.copy()  # the cached game changes only once the database holds the decision
            try:
                new.apply(action)
            except IllegalAction as e:
                raise ApiError(409, e.detail or str(e), e.rule) from None
            except (TypeError, ValueError, KeyError, IndexError) as e:  # a decision of the wrong shape
                raise ApiError(422, f"malformed decision {action!r}: {e}", "Request") from None
            assert len(new.history) > len(g.history)
            self._run_bots(live, new)
            self._commit(live, new)

    def undo(self, live: Live, seat: int, expect: int | None = None) -> None:
        with live.lock:
            self.sync(live)
            self._alive(live)
            g = live.game
            if expect is not None and expect != len(g.history):
                raise ApiError(409, "the game has moved on since your view; look again", "Stale view")
            if g.to_act() != seat:
                raise ApiError(409, "you can only take back your own decisions while it is your turn", "Undo")
            new = g.copy()
            try:
                new.undo()
            except IllegalAction as e:
                raise ApiError(409, e.detail or str(e), e.rule or "Undo") from None
            self._commit(live, new, undo=True)

    def _alive(self, live: Live) -> None:
        if live.deleted:
            raise ApiError(404, f"no game {live.id!r} (it was deleted)", "Unknown game")

    def _run_bots(self, live: Live, g: Game) -> None:
        n = 0
        while not g.is_over and n < BOT_DECISIONS_LIMIT:
            seat = g.to_act()
            if seat is None or seat < 0 or seat >= len(live.seats) or live.seats[seat]["kind"] != "bot":
                return
            # seeded by game and seat (a bot mixes in the position): the same choices after a restart, and the
            # search bot finds the plan it made at the start of its turn
            bot = make_bot(live.seats[seat]["bot"], seed=hash((g.seed, seat)) & 0xFFFFFFFF)
            legal = g.legal_actions()
            g.apply_unchecked(bot.choose(g, legal))
            n += 1

    @staticmethod
    def _rows(g: Game, start: int = 0) -> list[tuple[list, int]]:
        return [(list(a), d) for a, d in zip(g.history[start:], g.deciders[start:])]

    def _commit(self, live: Live, g: Game, undo: bool = False) -> None:
        """Write the decisions of ``g`` not yet stored (after an undo: rewrite from where the history changed), then
        make ``g`` the live game. If the database refuses, nothing changes (503)."""
        keep = live.stored
        truncate = undo or len(g.history) < keep
        if truncate:
            keep = min(keep, len(g.history))
            # an undo replays the record: decisions after the undone one may differ, so keep only the common prefix
            old = self.store.decision_rows(live.id)
            i = 0
            while i < keep and i < len(old) and list(g.history[i]) == old[i][0]:
                i += 1
            keep = i
        new = self._rows(g, keep)
        status = "over" if g.is_over else "active"
        state_hash = g.state.hash()
        try:
            self.store.sync_decisions(live.id, keep, new, status, state_hash, truncate=truncate,
                                      base=(live.stored, live.stored_hash))
        except Stale:  # another process stored a decision first: nothing was written; take the stored game
            self.sync(live)
            raise ApiError(409, "the game moved on (another decision was stored first); look again", "Stale view") \
                from None
        except Exception:
            # the database refused: the live game is still the last one stored, and so it stays
            log.exception("game %s: the decisions could not be stored", live.id)
            raise ApiError(503, "the decision could not be stored; nothing changed: try again", "Storage") from None
        live.game = g
        live.stored, live.stored_hash = len(g.history), state_hash
        was = live.status
        live.status = status
        if status == "over" and was != "over":
            self._finished(live)

    def _finished(self, live: Live) -> None:
        for hook in self.finish_hooks:
            try:
                hook(live)
            except Exception:  # the decision is stored; a failing hook must not refuse it
                log.exception("game %s: a finish hook failed", live.id)

    # -- records and replays --------------------------------------------------------------------------------
    def record(self, live: Live) -> dict[str, Any]:
        with live.lock:
            self.sync(live)
            self._alive(live)
            if not live.game.is_over:
                raise ApiError(409, "the record of a game in progress would reveal the card order (its seed); it "
                                    "can be downloaded when the game is over", "Record")
            rec = live.game.record()
        rec["seats"] = public_seats(live.seats)
        rec["game"] = live.id
        return rec

    def replay(self, live: Live, step: int) -> dict[str, Any]:
        with live.lock:
            self.sync(live)
            self._alive(live)
            if not live.game.is_over:
                raise ApiError(409, "only finished games can be replayed", "Replay")
            actions = [list(a) for a in live.game.history]
            rec = live.game.record()
        total = len(actions)
        if not 0 <= step <= total:
            raise ApiError(422, f"step must be between 0 and {total}", "Replay")
        return self.replays.answer(live.id, rec, step, public_seats(live.seats), live.seed_chosen)

    # -- deleting -------------------------------------------------------------------------------------------
    def delete(self, live: Live, owner_key: str | None) -> None:
        """Delete a game that is not finished, for its creator (403 for anyone else, 409 once it is over)."""
        with live.lock:
            self.sync(live)
            self._alive(live)
            self.check_owner(live, owner_key)
            if live.game.is_over:
                raise ApiError(409, "a finished game stays: it can be replayed and its record downloaded", "Delete")
            try:
                self.store.delete_game(live.id)
            except Exception:
                log.exception("game %s could not be deleted", live.id)
                raise ApiError(503, "the game could not be deleted; try again", "Storage") from None
            live.deleted = True
        with self._cache_lock:
            self._cache.pop(live.id, None)


def plausible_id(gid: str) -> bool:
    return 0 < len(gid) <= 32 and all(ch.isalnum() or ch in "-_" for ch in gid)


def _iso(t: Any) -> str:
    return t.isoformat(timespec="seconds") + "Z" if hasattr(t, "isoformat") else str(t)


def _iso_now() -> str:
    from sestertius.web.store import now
    return _iso(now())


__all__ = ["ApiError", "GameService", "Live"]
