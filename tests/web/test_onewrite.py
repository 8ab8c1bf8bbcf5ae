"""uvicorn's HTTP protocol writing each answer's head and body at once (web/onewrite.py): the same bytes as uvicorn's
own protocol for every kind of answer, one write for an answer of one body part."""
from __future__ import annotations

import asyncio

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from sestertius.web.onewrite import CONTINUE, HeldHead, OneWrite, protocol


class Recorder:
    """A transport that records what is written to it, each call as one entry."""

    def __init__(self) -> None:
        self.calls: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.calls.append(bytes(data))

    def writelines(self, parts) -> None:
        self.calls.append(b"".join(parts))

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_extra_info(self, name: str, default=None):
        return ("peer", name)


def test_the_head_is_written_with_the_body_a_head_alone_when_the_answer_ends_and_before_a_close():
    done: list[bool] = []
    t = Recorder()
    h = HeldHead(t, lambda: done.append(True))
    h.write(b"HEAD\r\n\r\n")
    assert t.calls == []
    h.write(b"body")
    h.write(b"more")
    h()
    assert t.calls == [b"HEAD\r\n\r\nbody", b"more"] and done == [True]
    t2 = Recorder()  # no body (a HEAD request): the head alone once the answer is complete
    h2 = HeldHead(t2, lambda: None)
    h2.write(b"HEAD\r\n\r\n")
    h2()
    assert t2.calls == [b"HEAD\r\n\r\n"]
    t3 = Recorder()  # an app failing after it started its answer: uvicorn closes the connection, the head goes first
    h3 = HeldHead(t3, lambda: None)
    h3.write(b"HEAD\r\n\r\n")
    h3.close()
    assert t3.calls == [b"HEAD\r\n\r\n"] and t3.closed
    t4 = Recorder()  # "100 Continue" (the client waits for it to send its body) goes out at once
    h4 = HeldHead(t4, lambda: None)
    h4.write(CONTINUE)
    assert t4.calls == [CONTINUE]
    h4.write(b"HEAD\r\n\r\n")
    h4.write(b"body")
    assert t4.calls == [CONTINUE, b"HEAD\r\n\r\nbody"]
    assert h4.get_extra_info("peername") == ("peer", "peername")  # the rest as the transport has it


async def _app(scope, receive, send):
    if scope["type"] != "http":
        return
    path = scope["path"]
    if scope["method"] == "POST":
        body = b""
        while True:
            m = await receive()
            body += m.get("body", b"")
            if not m.get("more_body"):
                break
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"%d" % len(body))]})
        await send({"type": "http.response.body", "body": body})
    elif path == "/stream":  # chunked, its parts coming later
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
        for part in (b"one", b"two"):
            await asyncio.sleep(0.01)
            await send({"type": "http.response.body", "body": part, "more_body": True})
        await send({"type": "http.response.body", "body": b""})
    elif path == "/empty":
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})
    elif path == "/fail":
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"10")]})
        raise RuntimeError("after the head")
    else:
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"5")]})
        await send({"type": "http.response.body", "body": b"hello"})


REQUESTS = [
    b"GET / HTTP/1.1\r\nHost: t\r\n\r\n",
    b"HEAD / HTTP/1.1\r\nHost: t\r\n\r\n",
    b"GET /empty HTTP/1.1\r\nHost: t\r\n\r\n",
    b"GET /stream HTTP/1.1\r\nHost: t\r\n\r\n",
    b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n",  # the body after the 100
    # three pipelined
    b"GET / HTTP/1.1\r\nHost: t\r\n\r\nGET /empty HTTP/1.1\r\nHost: t\r\n\r\nGET / HTTP/1.1\r\nHost: t\r\n\r\n",
    b"GET /fail HTTP/1.1\r\nHost: t\r\n\r\n",
]


async def _exchange(http, port: int) -> list[bytes]:
    config = uvicorn.Config(_app, port=port, http=http, log_level="critical", loop="none", date_header=False,
                            lifespan="off")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    got = []
    try:
        for req in REQUESTS:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(req)
            if b"100-continue" in req:
                got.append(await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5))
                writer.write(b"abc")
            data = b""
            try:
                while True:
                    chunk = await asyncio.wait_for(reader.read(65536), 0.3)
                    if not chunk:
                        break
                    data += chunk
            except TimeoutError:
                pass
            got.append(data)
            writer.close()
    finally:
        server.should_exit = True
        await task
    return got


def test_every_kind_of_answer_is_the_same_bytes_as_uvicorns_own_protocol():
    from support.postgres import free_port
    assert protocol() is OneWrite and issubclass(OneWrite, HttpToolsProtocol)
    plain = asyncio.run(_exchange(HttpToolsProtocol, free_port()))
    ours = asyncio.run(_exchange(OneWrite, free_port()))
    assert ours == plain
    assert plain[0].endswith(b"\r\n\r\nhello") and plain[1].endswith(b"\r\n\r\n")
    assert b"one" in plain[3] and b"two" in plain[3]
    assert plain[4] == CONTINUE and plain[5].endswith(b"abc")
    assert plain[6].count(b"HTTP/1.1 ") == 3
    assert plain[7].startswith(b"HTTP/1.1 200")  # the head, then the connection closed


def test_an_answer_of_one_body_part_is_one_write(monkeypatch):
    from support.postgres import free_port
    writes: list[int] = []  # per response cycle

    class Counting(HeldHead):
        __slots__ = ()

        def __init__(self, transport, on_response) -> None:
            super().__init__(_Count(transport, writes), on_response)
    monkeypatch.setattr("sestertius.web.onewrite.HeldHead", Counting)
    asyncio.run(_exchange(OneWrite, free_port()))
    assert writes[:3] == [1, 1, 1]  # GET /, HEAD / (the head alone), a 204: one write each
    assert writes[3] == 3  # the chunked answer: its head with the first part, the second part, the end


class _Count:
    def __init__(self, transport, writes: list[int]) -> None:
        self.transport, self.writes = transport, writes
        writes.append(0)
        self.i = len(writes) - 1

    def write(self, data) -> None:
        self.writes[self.i] += 1
        self.transport.write(data)

    def writelines(self, parts) -> None:
        self.writes[self.i] += 1
        self.transport.writelines(parts)

    def __getattr__(self, name):
        return getattr(self.transport, name)
