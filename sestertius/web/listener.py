"""The live updates' listener: a thread holding its own connection with ``LISTEN sestertius``, told of each game another
process changed (each write's ``NOTIFY``, :mod:`.store`).

Every process receives every decision's notification, its own included. The thread waits for the first one, then
lets the next ones arrive for ``BATCH`` seconds and takes them all at once, each game once: one wake-up of the thread
(and one hand-over of the interpreter's lock to it) per batch instead of per decision; at 400 decisions a second that
was about a twentieth of a worker's interpreter time. A browser watching a game from another process sees a
decision at most ``BATCH`` seconds later than without it.
"""
from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable

log = logging.getLogger("sestertius.web")
CHANNEL = "sestertius"  # PostgreSQL's NOTIFY channel: the id of each game that changed
PROCESS = os.urandom(6).hex()  # this process, in its notifications (its own are not news to it)
BATCH = 0.02  # seconds: the notifications arriving after a first one, taken with it


class Listener:
    """A thread holding its own connection with ``LISTEN sestertius``; reconnects after a lost connection."""

    def __init__(self, conninfo: str, on_change: Callable[[str], object],
                 on_connect: Callable[[], object] | None = None) -> None:
        self.conninfo, self.on_change, self.on_connect = conninfo, on_change, on_connect
        self.stopped = threading.Event()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="sestertius-listen", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        import psycopg
        while not self.stopped.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if self.on_connect is not None:  # changes made while nobody here listened: look again
                        try:
                            self.on_connect()
                        except Exception:
                            log.exception("the live updates could not be refreshed")
                    self.ready.set()
                    while not self.stopped.is_set():
                        first = list(conn.notifies(timeout=0.5, stop_after=1))
                        if not first:
                            continue
                        self.stopped.wait(BATCH)  # the next ones, taken with it
                        changed: dict[str, None] = {}  # each game once, in the order notified
                        for n in (*first, *conn.notifies(timeout=0)):
                            gid, _, origin = n.payload.partition(" ")
                            if origin != PROCESS:
                                changed[gid] = None
                        for gid in changed:
                            try:
                                self.on_change(gid)
                            except Exception:
                                log.exception("game %s: a live update failed", gid)
            except Exception:
                if not self.stopped.is_set():
                    log.exception("the live updates' connection was lost; reconnecting")
                    self.stopped.wait(1.0)

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=5)
