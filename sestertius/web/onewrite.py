"""Each answer's head and body written to the socket at once. uvicorn's HTTP protocol (httptools) writes the head when
the app sends ``http.response.start`` and the body when it sends ``http.response.body``: two system calls for every
answer of a few kilobytes, each made under the interpreter's lock (uvloop writes at once), and on loopback the first
one also wakes the client. In profiles of the hot requests (py-spy, 2026-12-02) the two writes took 12-30% of the
interpreter's time, most of it the head's.

:class:`OneWrite`, passed to uvicorn as its ``http`` protocol, is uvicorn's own with one change: each request's
response cycle writes through :class:`HeldHead`, which keeps the head back until the cycle's next write (the body's
first part) and writes both joined. A head that no body follows (a HEAD request, a 204, an app that fails after
starting its answer) is written alone when the answer is complete or before the connection is closed; the head of
an answer whose body comes later (a file read in parts) goes with the body's first part. Nothing else changes: the
same bytes in the same order, a "100 Continue" written at once, the WebSocket upgrade and pipelined requests as
uvicorn handles them (an upgraded connection gets the plain transport).
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # httptools not installed: uvicorn's own choice of protocol (see protocol())
    HttpToolsProtocol = None  # type: ignore[assignment, misc]


CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"  # as uvicorn writes it, before the answer


class HeldHead:
    """A response cycle's view of the connection's transport: the head of its answer (its first write once the
    answer has started) held back and joined to the next write, the body's first part."""

    __slots__ = ("transport", "on_response", "held", "joined")

    def __init__(self, transport: asyncio.Transport, on_response: Callable[[], None]) -> None:
        self.transport, self.on_response = transport, on_response  # (no reference to the cycle: no garbage cycle)
        self.held: bytes | None = None
        self.joined = False  # the head written (joined or alone): every later write goes straight through

    def write(self, data: bytes) -> None:
        held = self.held
        if held is not None:  # the body's first part: both in one system call (uvloop: one writev, no copy)
            self.held, self.joined = None, True
            self.transport.writelines((held, data))
        elif not self.joined and data != CONTINUE:  # the head (a "100 Continue" before it goes through)
            self.held = data
        else:
            self.transport.write(data)

    def __call__(self) -> None:
        """The cycle's ``on_response``, when its answer is complete: a head still held (no body was written: a HEAD
        request, a 204...) written alone first."""
        self.flush()
        self.on_response()

    def flush(self) -> None:
        held, self.held, self.joined = self.held, None, True
        if held is not None and not self.transport.is_closing():
            self.transport.write(held)

    def close(self) -> None:
        self.flush()
        self.transport.close()

    def abort(self) -> None:
        self.held, self.joined = None, True
        self.transport.abort()

    def is_closing(self) -> bool:
        return self.transport.is_closing()

    def __getattr__(self, name: str) -> Any:  # anything else a cycle might use, as the transport has it
        return getattr(self.transport, name)


if HttpToolsProtocol is not None:
    class OneWrite(HttpToolsProtocol):
        """uvicorn's httptools protocol, each new response cycle writing through :class:`HeldHead`."""

        def on_headers_complete(self) -> None:
            before = self.cycle
            super().on_headers_complete()
            cycle = self.cycle
            # (a uvicorn whose cycle writes otherwise than through these two attributes: left as it is)
            if (cycle is not None and cycle is not before and getattr(cycle, "transport", None) is self.transport
                    and callable(getattr(cycle, "on_response", None))):
                held = HeldHead(self.transport, cycle.on_response)
                cycle.transport = cycle.on_response = held  # type: ignore[assignment]


def protocol() -> Any:
    """uvicorn's ``http`` setting: :class:`OneWrite`, or "auto" where httptools is not installed."""
    return "auto" if HttpToolsProtocol is None else OneWrite
