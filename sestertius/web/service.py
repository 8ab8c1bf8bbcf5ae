"""Games behind the web app: creating them, checking seat secrets, applying decisions, running bots, undo, views,
records and replays. The database (``store.py``) is the truth; live games are kept in an in-memory cache and a game
that is not in it (after a restart) is rebuilt by replaying its stored decisions.

Every public method raises :class:`ApiError` (status, message, rule) for a refusal; a refusal changes nothing. A
decision is applied to a copy of the game, which takes the place of the cached one only once the database has stored
it: a failed write leaves the game as it was, for this request and every other.

Several processes may serve one database (PostgreSQL): each view first catches up with the stored game
(``shared.py``); a decision is stored only if the row still holds the position it was decided on, so it is first
tried on the cached game, and decided again on the stored game when that write (or a refusal) finds it behind.

The parts: ``live.py`` the cached game and the refusal, ``seats.py`` the seats and their checks, ``views.py`` the
views and their JSON, ``botruns.py`` the bots' decisions (in the background), ``commit.py`` the writes,
``shared.py`` the catch-up.

Secrets: each seat played by a person has one, and so has the game's creator (it deletes the game while it is not
finished). Only their hashes are stored, and no secret is ever logged.
"""
from __future__ import annotations

import logging
import secrets
import threading
import time
import weakref
from collections import OrderedDict
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
from sestertius.web import pg, table, views
from sestertius.web import seats as seat_checks
from sestertius.web.botruns import BotRunner
from sestertius.web.commit import append, commit, finished, rows
from sestertius.web.live import ApiError, Live, iso, iso_now, plausible_id, public_seats, secret_matches
from sestertius.web.replays import ReplayCache
from sestertius.web.seats import SEAT_KINDS
from sestertius.web.shared import catch_up
from sestertius.web.store import DamagedRow, Stale, Store, hash_token, stored_options

log = logging.getLogger("sestertius.web")

CACHE_SIZE = 2000
STALE = b""  # act_answer_on_loop: the write found the row moved on


class GameService:
    def __init__(self, store: Store, bot_processes: int = 1) -> None:
        self.store = store
        self.bots = BotRunner(self, bot_processes)  # the bots decide in the background (botruns.py)
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._cache_lock = threading.Lock()
        # every game this process holds, cached or not (a request, a WebSocket): a game evicted from the cache while a
        # request still holds it is taken again, not loaded a second time (two copies of one game in one process,
        # each with its own lock: with SQLite, whose catch-up is a no-op, the copy that did not store a decision
        # stayed behind the stored game, refusing every decision 409 and showing old views)
        self._held: weakref.WeakValueDictionary[str, Live] = weakref.WeakValueDictionary()
        # games being loaded: a lock each and how many requests wait for it (dropped when none does)
        self._loading: dict[str, tuple[threading.Lock, int]] = {}
        self.replays = ReplayCache()
        self.finish_hooks: list = []  # called with the Live game once it is over (campaigns record results)

    # -- creating -------------------------------------------------------------------------------------------
    def create(self, spec: dict[str, Any]) -> tuple[Live, list[str | None], str]:
        """Create a game from a request body (see models.CreateGame). Returns the live game, each seat's secret
        (None for bots) and the creator's secret."""
        players, seat_specs, kinds, options = seat_checks.checked(spec)
        seed = spec.get("seed")
        seed_chosen = seed is not None
        if seed is None:
            seed = secrets.randbelow(2**53)
        seat_rows: list[dict[str, Any]] = []
        tokens: list[str | None] = []
        for i, (s, (kind, bot)) in enumerate(zip(seat_specs, kinds)):
            name = str(s.get("name") or "").strip()[:40] or (
                f"{bot.capitalize()} bot {i + 1}" if bot else ("You" if players == 1 else f"Player {i + 1}"))
            token = None if kind == "bot" else secrets.token_urlsafe(18)
            tokens.append(token)
            seat_rows.append({"seat": i, "kind": kind, "bot": bot, "name": name,
                              "token_hash": hash_token(token) if token else None})
        table_seat = spec.get("table_seat")
        try:
            game = Game.new(options, seed=seed)
        except (OptionsError, RecordError) as e:
            raise ApiError(422, str(e), "Options") from None
        gid = secrets.token_urlsafe(12).replace("-", "x").replace("_", "y")
        owner = secrets.token_urlsafe(18)
        live = Live(id=gid, game=game, seats=[dict(r) for r in seat_rows], status="active", created=iso_now(),
                    campaign=spec.get("campaign"), owner_hash=hash_token(owner), public=bool(spec.get("public")),
                    seed_chosen=seed_chosen, table_seat=table_seat)
        with live.lock:  # the bots decide once the game is stored, in the background
            first = rows(game)
            live.status = "over" if game.is_over else "active"
            state_hash = game.state.hash()  # (once: json.dumps of the whole state)
            try:
                self.store.create_game(gid, game.options.to_dict(), seed, seat_rows, first, live.status,
                                       state_hash, campaign=live.campaign, owner_hash=live.owner_hash,
                                       public=live.public, seed_chosen=seed_chosen, table_seat=table_seat)
            except Exception:
                log.exception("game %s could not be stored", gid)
                raise ApiError(503, "the game could not be stored; nothing was created: try again",
                               "Storage") from None
            live.stored, live.stored_hash = len(game.history), state_hash
            if game.is_over:
                finished(self, live)
        self._remember(live)
        self.bots.wake(live)
        return live, tokens, owner

    def check_options(self, spec: dict[str, Any]) -> dict[str, Any]:
        """The engine's options for a request body, checked as creating the game checks them (its seats too:
        ``seats.checked``) and by the engine (nothing is created); refusals as ApiError 422 with the reason."""
        _, _, _, options = seat_checks.checked(spec)
        why = check_options(options)
        if why is not None:
            raise ApiError(422, why, "Options")
        return GameOptions.from_dict(options).to_dict()

    # -- loading --------------------------------------------------------------------------------------------
    def cached(self, gid: str) -> Live | None:
        """The game if it is in the cache (no database access: callable on the event loop), else None."""
        with self._cache_lock:
            live = self._cache.get(gid)
            if live is not None:
                self._cache.move_to_end(gid)
            return live

    def get(self, gid: str) -> Live:
        if not plausible_id(gid):
            raise ApiError(404, "no such game", "Unknown game")
        with self._cache_lock:
            live = self._cache.get(gid)
            if live is not None:
                self._cache.move_to_end(gid)
                return live
            live = self._held.get(gid)
            if live is not None and not live.deleted:
                self._cache[gid] = live
                self._trim()
                return live
            # one load per game at a time; the lock is kept only while a request waits for it, so that asking for
            # unknown games leaves nothing behind
            load_lock, waiting = self._loading.get(gid, (threading.Lock(), 0))
            self._loading[gid] = (load_lock, waiting + 1)
        try:
            with load_lock:
                with self._cache_lock:
                    live = self._cache.get(gid) or self._held.get(gid)  # loaded meanwhile by another request
                if live is None or live.deleted:
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
        try:
            options = stored_options(row)
            rows = self.store.decision_rows(gid)
        except DamagedRow as e:  # nothing is written: the row stays as found, for whoever mends the database
            log.error("game %s is damaged in the database: %s", gid, e)
            raise ApiError(500, f"game {gid} is damaged in the database: {e}", "Damaged game") from None
        rec = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "options": options,
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
        live = Live(id=gid, game=game, seats=seats, status=row["status"], created=iso(row["created"]),
                    campaign=row.get("campaign"), stored=row["decisions"], stored_hash=row["state_hash"],
                    owner_hash=row.get("owner_hash"),
                    public=bool(row.get("public")), seed_chosen=bool(row.get("seed_chosen")),
                    table_seat=row.get("table_seat"))
        if len(game.history) != len(rows):  # chance outcomes sampled at the end of the replay: store them
            with live.lock:
                try:
                    commit(self, live, game)
                except ApiError as e:
                    if e.status != 409:  # 409: another process (shared database) stored them first
                        raise
                    return self._load(gid)
        if live.status == "over" and live.campaign:
            finished(self, live)  # idempotent: makes sure a result interrupted by a restart reaches its campaign
        self.bots.wake(live)  # a bot to decide next: stopped by a restart (or another process's), picked up again
        return live

    def _remember(self, live: Live) -> None:
        with self._cache_lock:
            self._cache[live.id] = live
            self._cache.move_to_end(live.id)
            self._held[live.id] = live
            self._trim()

    def _trim(self) -> None:
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    def forget_all(self) -> None:
        """Drop the in-memory cache (tests: behaves like a restart)."""
        with self._cache_lock:
            self._cache.clear()
            self._held.clear()

    # -- several processes -------------------------------------------------------------------------------------
    def sync(self, live: Live) -> None:
        """With a shared database: make the cached game the stored one (caller holds ``live.lock``; see
        :func:`.shared.catch_up`)."""
        if not self.store.shared or live.deleted:
            return
        try:
            caught = catch_up(self.store, live, self._load)
        except ApiError:
            raise
        except Exception:  # the database could not be read (the pool's timeout, a connection lost twice...)
            log.exception("game %s: the stored game could not be read", live.id)
            raise ApiError(503, "the game could not be read from the database; nothing changed: try again",
                           "Storage") from None
        if caught is None:
            with self._cache_lock:  # deleted by another process
                self._cache.pop(live.id, None)

    # -- seats (see seats.py) -------------------------------------------------------------------------------
    def check_seat(self, live: Live, seat: int | None, key: str | None) -> int | None:
        return seat_checks.check_seat(live, seat, key)

    def check_owner(self, live: Live, key: str | None) -> None:
        seat_checks.check_owner(live, key)

    def dice_seat(self, live: Live, game: Game | None = None) -> int | None:
        return seat_checks.dice_seat(live, game)

    # -- views (see views.py) -------------------------------------------------------------------------------
    def view(self, live: Live, seat: int | None) -> dict[str, Any]:
        """A seat's view (None: the public view) of the stored game, as a dict."""
        with live.lock:
            self.sync(live)
            self._alive(live)
            return views.build(live, seat)

    def view_json(self, live: Live, seat: int | None) -> bytes:
        """The same view as JSON, made once per position and seat."""
        with live.lock:
            self.sync(live)
            self._alive(live)
            return views.as_json(live, seat)

    def _held_on_loop(self, live: Live) -> bool:
        """Take ``live`` for a request answered on the event loop (a shared database only): False, nothing taken, when
        another request holds it (a thread, or the loop itself: the lock is reentrant, so ``live.on_loop`` says)."""
        if not self.store.shared or live.deleted or live.on_loop or not live.lock.acquire(blocking=False):
            return False
        live.on_loop = True
        return True

    def _release_on_loop(self, live: Live) -> None:
        live.on_loop = False
        live.lock.release()

    async def view_json_on_loop(self, live: Live, seat: int | None) -> bytes | None:
        """:meth:`view_json` on the event loop, the game row's head read awaited there (no worker thread), for a
        shared database (PostgreSQL); None, with nothing changed, for the requests this does not take (to
        :meth:`view_json` in a thread): another request holds the game, the pool has no connection idle, the stored
        game is not the cached one (another process moved it or deleted it: the thread catches up), the read failed
        (the thread reads again)."""
        if not self._held_on_loop(live):
            return None
        try:
            try:
                head = await pg.head_async(self.store, live.id)
            except Exception:
                return None
            if not isinstance(head, tuple) or head[:2] != (live.stored, live.stored_hash) or live.deleted:
                return None
            return views.as_json(live, seat)
        finally:
            self._release_on_loop(live)

    # -- deciding -------------------------------------------------------------------------------------------
    def act(self, live: Live, seat: int, action: list, expect: int | None = None) -> None:
        """Apply a seat's decision and store it. With a shared database the decision is first tried on the cached
        game without reading the game row: the write is conditional on the row still holding the cached position
        (its decision count and state hash), so a stored decision was decided on the stored game. Only when the
        attempt is refused (or the write finds the row moved on) is the game caught up with the database and the
        decision decided again: a refusal stands only if it was made on the stored game."""
        with live.lock:
            if self.store.shared and not live.deleted:
                seen = (live.stored, live.stored_hash)
                try:
                    self._act(live, seat, action, expect)
                    return
                except ApiError as e:
                    if e.status == 503:  # the database refused the write: nothing changed
                        raise
                    if (live.stored, live.stored_hash) == seen and not live.deleted:
                        self.sync(live)  # the refusal was made on the cached game: is that the stored one?
                        if (live.stored, live.stored_hash) == seen and not live.deleted:
                            raise  # decided on the stored game
                # the game is the stored one now (caught up just above, or by the write that found the row moved
                # on): decided again without a second read
            self._act(live, seat, action, expect)

    def _act(self, live: Live, seat: int, action: list, expect: int | None) -> None:
        """The decision on the cached game (the caller holds ``live.lock``)."""
        self._committed(live, *self._decide(live, seat, action, expect))

    def _decide(self, live: Live, seat: int, action: list, expect: int | None) -> tuple[Game, Game, int | None]:
        """The decision applied to a copy of the cached game, nothing stored: the game, the copy and the seat that
        decided (None: chance)."""
        self._alive(live)
        g = live.game
        if g.is_over:
            raise ApiError(409, "the game is over", "End of game")
        _check_fresh(g, expect)
        to_act = g.to_act()
        seat_checks.check_turn(live, seat, to_act, to_act == CHANCE)
        new = g.copy()  # the cached game changes only once the database holds the decision
        try:
            new.apply(action)
        except IllegalAction as e:
            raise ApiError(409, e.detail or str(e), e.rule, e.code) from None
        except (TypeError, ValueError, KeyError, IndexError) as e:  # a decision of the wrong shape
            raise ApiError(422, f"malformed decision {action!r}: {e}", "Request") from None
        assert len(new.history) > len(g.history)
        return g, new, None if to_act == CHANCE else to_act

    def _committed(self, live: Live, old: Game, new: Game, by: int | None, undo: bool = False) -> None:
        """Store ``new`` as the live game; at a real table (dice entered by hand), keep what changed on the board."""
        moves = table.moves_at(live, old, new, by) if new.options.manual_dice else None
        commit(self, live, new, undo=undo)
        live.table = (len(new.history), moves) if moves else None
        self.bots.wake(live)  # the bots after it decide in the background

    def undo(self, live: Live, seat: int, expect: int | None = None) -> None:
        with live.lock:
            self.sync(live)
            self._alive(live)
            g = live.game
            _check_fresh(g, expect)
            if g.to_act() != seat:
                raise ApiError(409, "you can only take back your own decisions while it is your turn", "Undo")
            new = g.copy()
            try:
                new.undo()
            except IllegalAction as e:
                raise ApiError(409, e.detail or str(e), e.rule or "Undo", e.code) from None
            self._committed(live, g, new, seat, undo=True)

    def retype(self, live: Live, seat: int, expect: int | None = None) -> None:
        """At a real table (dice entered by hand): take back the last outcome entered, and every decision after it,
        to enter it again (the terminal's ``r``). Only the seat that enters the outcomes may."""
        with live.lock:
            self.sync(live)
            self._alive(live)
            g = live.game
            _check_fresh(g, expect)
            enters = seat_checks.dice_seat(live, g)
            if seat != enters:
                raise ApiError(409, "only the person who enters the dice may enter one again", "Dice")
            new = g.copy()
            try:
                new.retype_outcome()
            except IllegalAction as e:
                raise ApiError(409, e.detail or str(e), e.rule or "Dice", e.code) from None
            self._committed(live, g, new, None, undo=True)

    def retype_answer(self, live: Live, seat: int, expect: int | None = None) -> bytes:
        """:meth:`retype`, then the seat's new view as JSON."""
        with live.lock:
            self.retype(live, seat, expect)
            return views.as_json(live, seat)

    def act_answer(self, live: Live, seat: int, action: list, expect: int | None = None) -> bytes:
        """:meth:`act`, then the seat's new view as JSON, under one hold of the game's lock (no second catch-up)."""
        with live.lock:
            self.act(live, seat, action, expect)
            return views.as_json(live, seat)

    async def act_answer_on_loop(self, live: Live, seat: int, action: list, expect: int | None = None) -> bytes | None:
        """:meth:`act_answer` on the event loop, its write awaited there (no worker thread), for a shared database
        (PostgreSQL): the seat's new view as JSON; ``STALE`` when the write found the row moved on (nothing stored:
        :meth:`act_answer_stale` decides again on the stored game); None, with nothing changed, for the requests
        this does not take (to :meth:`act_answer` in a thread): another request holds the game, the cached game
        refuses the decision (the thread decides whether the stored one does), the decision ends the game (its
        campaign's bookkeeping) or is made at a real table, the pool has no connection idle. ``live.lock`` is held
        by the event loop's thread while the write is out, and ``live.on_loop`` keeps the loop's other requests out
        (the lock is reentrant)."""
        if not self._held_on_loop(live):
            return None
        try:
            try:
                _, new, _ = self._decide(live, seat, action, expect)
            except ApiError:
                return None
            if new.is_over or new.options.manual_dice or len(new.history) < live.stored:
                return None
            try:
                if not await append(self, live, new):
                    return None
            except Stale:
                return STALE
            live.table = None
            self.bots.wake(live)
            return views.as_json(live, seat)
        finally:
            self._release_on_loop(live)

    def act_answer_stale(self, live: Live, seat: int, action: list, expect: int | None = None) -> bytes:
        """After :meth:`act_answer_on_loop` found the row moved on: the game caught up with the database and the
        decision decided again on it (as :meth:`act` does after such a write), then the seat's new view as JSON."""
        with live.lock:
            self.sync(live)
            self._act(live, seat, action, expect)
            return views.as_json(live, seat)

    def undo_answer(self, live: Live, seat: int, expect: int | None = None) -> bytes:
        """:meth:`undo`, then the seat's new view as JSON."""
        with live.lock:
            self.undo(live, seat, expect)
            return views.as_json(live, seat)

    def _alive(self, live: Live) -> None:
        if live.deleted:
            raise ApiError(404, f"no game {live.id!r} (it was deleted)", "Unknown game")

    def _commit(self, live: Live, g: Game, undo: bool = False) -> None:
        commit(self, live, g, undo)

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


__all__ = ["SEAT_KINDS", "ApiError", "GameService", "Live", "plausible_id", "public_seats",
           "secret_matches"]


def _check_fresh(g: Game, expect: int | None) -> None:
    """Refuse a request made on a view older than the game (``expect``: the decisions the view showed)."""
    if expect is not None and expect != len(g.history):
        raise ApiError(409, f"the game has moved on since your view (decision {expect}, now {len(g.history)}); "
                            "look again", "Stale view")
