"""The bots in a game's seats, off the request path. A request that creates a game or stores a decision only wakes
the game's bots (:meth:`BotRunner.wake`) and answers; the bots then decide one decision at a time in a pool of
bot processes (:mod:`.botprocess`, ``Settings.bot_processes`` of them per server process, at a lower priority),
each decision committed as a person's is (``commit.py``: stored, then the cached game) and pushed to the game's
browsers. The views say which bot is thinking meanwhile (``thinking``).

The bound on the bots' CPU: one decision in flight per bot process, the games waiting taking turns (a game gets
its next decision after every other waiting game has had one; games with a person in a seat before games of bots
only). A decision is the bot's choice on the stored
position with its seed (``botprocess.bot_seed``): the same after a restart, which picks up every game whose next
seat is a bot (:meth:`BotRunner.resume`), as does loading a game whose next seat is a bot. Several processes on
one database (PostgreSQL) may so start on one game's bots: the first to store a decision goes on, the others (their
write found stale) leave the game to it."""
from __future__ import annotations

import logging
import multiprocessing
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import CancelledError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from sestertius import Game
from sestertius.web import botprocess
from sestertius.web.botprocess import bot_seed
from sestertius.web.commit import commit
from sestertius.web.live import ApiError, Live

if TYPE_CHECKING:
    from sestertius.web.service import GameService

log = logging.getLogger("sestertius.web")

RETRY = 1.0  # seconds before a game whose decision could not be stored (503) or made is tried again
TRIES = 5  # then it is left until the game is loaded again (a restart, another process's change)

# the bot processes of this server process, one pool per size (the apps of one process share them: the tests)
_pools: dict[int, ProcessPoolExecutor] = {}
_pools_lock = threading.Lock()


def pool(processes: int) -> ProcessPoolExecutor:
    with _pools_lock:
        p = _pools.get(processes)
        if p is None:
            # spawned, not forked: the server's threads (and its database connections) stay out of them
            p = _pools[processes] = ProcessPoolExecutor(processes, multiprocessing.get_context("spawn"),
                                                        initializer=botprocess.start)
        return p


def _broken(processes: int, p: ProcessPoolExecutor) -> None:
    """Drop a pool whose process died (the next decision starts a new one)."""
    with _pools_lock:
        if _pools.get(processes) is p:
            del _pools[processes]


def _kill(processes: int) -> None:
    """End the bot processes of a pool now, their decisions in flight lost (a server stopping does not wait for a
    bot's search; the decision is made again at the next start). Another app of this process sharing the pool (the
    tests) finds it broken and starts a new one."""
    with _pools_lock:
        p = _pools.pop(processes, None)
    if p is None:
        return
    terminate = getattr(p, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
        return
    # before 3.14 the pool has no public way to end its processes: its private table of them (the same from 3.8 on)
    for proc in list((getattr(p, "_processes", None) or {}).values()):
        proc.terminate()
    p.shutdown(wait=False, cancel_futures=True)


def bot_to_act(live: Live, g: Game | None = None) -> int | None:
    """The seat of the bot that is to decide in ``live`` (its game, or ``g``), or None (a person, chance, over)."""
    g = g or live.game
    if g.is_over or live.deleted:
        return None
    seat = g.to_act()
    if seat is None or seat < 0 or seat >= len(live.seats) or live.seats[seat]["kind"] != "bot":
        return None
    return seat


class BotRunner:
    """The games whose bots are to decide, taking turns on ``processes`` bot processes."""

    def __init__(self, service: GameService, processes: int = 1) -> None:
        self.service, self.processes = service, processes
        self.on_change: Callable[[Live], object] | None = None  # a decision stored (the app pushes the views)
        # games, each once, in the order of their turns: those with a person first (a person waits for these bots;
        # nobody waits for a game of bots only), then the others
        self._waiting: tuple[deque[str], deque[str]] = (deque(), deque())
        self._people: set[str] = set()  # games woken that have a person in a seat
        self._cond = threading.Condition()
        self._busy = 0  # decisions in flight
        self._threads: list[threading.Thread] = []
        self._tries: dict[str, int] = {}
        self._active: set[str] = set()  # games whose decision is in flight
        self._rewake: set[str] = set()  # ... and that were woken meanwhile
        self._stopped = False
        self.decided = 0  # decisions stored, for the tests and the benchmark

    # -- the requests' side ----------------------------------------------------------------------------------
    def wake(self, live: Live) -> None:
        """Queue ``live`` if a bot is to decide in it (called with ``live.lock`` held, after a commit: cheap)."""
        if bot_to_act(live) is None:
            return
        with self._cond:
            if self._stopped or self._queued(live.id):
                return
            if live.id in self._active:  # looked at again once its decision in flight is over
                self._rewake.add(live.id)
                return
            if any(s["kind"] != "bot" for s in live.seats):
                self._people.add(live.id)
            self._put(live.id)
            if len(self._threads) < self.processes:
                t = threading.Thread(target=self._work, name=f"bots-{len(self._threads)}", daemon=True)
                self._threads.append(t)
                t.start()
            self._cond.notify()

    def thinking(self) -> int:
        """Games waiting for or having a bot decision."""
        with self._cond:
            return sum(map(len, self._waiting)) + self._busy

    def idle(self, timeout: float | None = None) -> bool:
        """Wait until no bot is to decide in any game woken (True), or ``timeout`` seconds (False)."""
        end = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while any(self._waiting) or self._busy:
                left = None if end is None else end - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cond.wait(left)
            return True

    def stop(self) -> None:
        """No more decisions (those in flight end; their games are picked up again at the next start)."""
        with self._cond:
            self._stopped = True
            for q in self._waiting:
                q.clear()
            busy = self._busy
            self._cond.notify_all()
        if busy:
            _kill(self.processes)

    def resume(self) -> None:
        """Wake every stored game in progress whose next seat is a bot (at the start: a restart mid-game resumes
        its bots); each game with a bot seat is loaded (loading wakes its bots), on this thread."""
        try:
            gids = self.service.store.active_games_with_bots()
        except Exception:
            log.exception("the games with bots could not be listed: their bots wait until they are loaded")
            return
        for gid in gids:
            if self._stopped:
                return
            try:
                self.service.get(gid)
            except ApiError as e:  # deleted meanwhile, damaged: logged where it was found
                log.info("game %s not resumed: %s", gid, e.error)
            except Exception:
                log.exception("game %s not resumed", gid)

    # -- the bots' side --------------------------------------------------------------------------------------
    def _work(self) -> None:
        # (this thread stays at the server's priority: it commits, holding the database's write lock, which a
        # person's decision may be waiting for)
        while True:
            with self._cond:
                while not any(self._waiting) and not self._stopped:
                    self._cond.wait()
                if self._stopped:
                    return
                gid = (self._waiting[0] or self._waiting[1]).popleft()
                self._active.add(gid)
                self._busy += 1
            again = False
            try:
                again = self._step(gid)
            except Exception:
                log.exception("game %s: a bot's decision failed", gid)
                again = self._tried(gid)
            finally:
                with self._cond:
                    self._busy -= 1
                    self._active.discard(gid)
                    if gid in self._rewake:
                        self._rewake.discard(gid)
                        again = True
                    if again and not self._stopped and not self._queued(gid):
                        self._put(gid)  # after the other games waiting: they take turns
                    elif not again:
                        self._people.discard(gid)
                    self._cond.notify_all()

    def _queued(self, gid: str) -> bool:
        return gid in self._waiting[0] or gid in self._waiting[1]

    def _put(self, gid: str) -> None:
        self._waiting[0 if gid in self._people else 1].append(gid)

    def _tried(self, gid: str) -> bool:
        """Count a failed try of ``gid``: whether to try again (after a pause)."""
        if self._stopped:
            return False
        n = self._tries[gid] = self._tries.get(gid, 0) + 1
        if n >= TRIES:
            del self._tries[gid]
            log.error("game %s: its bot failed %d times; it waits until the game is loaded again", gid, n)
            return False
        time.sleep(RETRY)
        return True

    def _step(self, gid: str) -> bool:
        """One bot decision in ``gid``, stored; whether a bot is to decide next in it."""
        service = self.service
        try:
            live = service.get(gid)
        except ApiError:  # deleted (or damaged: logged by the load)
            return False
        with live.lock:
            service.sync(live)  # with a shared database: the stored game (another process may have moved it)
            seat = bot_to_act(live)
            if seat is None:
                return False
            g = live.game
            n = len(g.history)
            state_hash = live.stored_hash if live.stored == n and live.stored_hash else g.state.hash()
            bot = live.seats[seat]["bot"]
        p = pool(self.processes)
        try:
            action = p.submit(botprocess.decide, gid, n, state_hash, seat, bot).result()
            if action is None:  # the process does not hold the game there: its record
                with live.lock:
                    record = g.record() if live.game is g else None
                if record is None:
                    return False  # moved on meanwhile: by another process, whose bots go on (see below)
                action = p.submit(botprocess.decide, gid, n, state_hash, seat, bot, record).result()
        except (BrokenProcessPool, CancelledError):
            _broken(self.processes, p)
            log.error("game %s: a bot process stopped; a new one takes over", gid)
            return self._tried(gid)
        with live.lock:
            if self._stopped:  # the app is stopping (its database with it): picked up again at the next start
                return False
            if live.deleted or live.game is not g or len(g.history) != n:
                # moved on meanwhile: deleted, or the decision stored by another process (this process's bots are
                # the only ones to decide here while a bot is to act), whose bots go on with the game
                return False
            new = g.copy()
            new.apply_unchecked(action)  # chosen among the legal decisions of this very position
            try:
                commit(service, live, new)
            except ApiError as e:
                if e.status == 409:  # another process stored this decision first (it loaded the game too, or
                    return False  # resumed it at its start): its bots go on with the game, not these too
                return self._tried(gid)  # 503: the database refused; nothing changed
            self._tries.pop(gid, None)
            self.decided += 1
            again = bot_to_act(live) is not None
        if self.on_change is not None:
            self.on_change(live)
        return again


__all__ = ["BotRunner", "bot_seed", "bot_to_act", "pool"]
