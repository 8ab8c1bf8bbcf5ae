"""concordia serve's uvicorn settings: uvloop and httptools, no access log above level info."""
from __future__ import annotations

import uvicorn
import uvloop

from sestertius.settings import Settings
from sestertius.web import app as web_app


def test_the_server_runs_on_uvloop_and_httptools_without_an_access_log(monkeypatch, tmp_path):
    seen, tuned = [], []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.append(kw))
    monkeypatch.setattr(web_app, "tune_gc", lambda: tuned.append(True))  # (not this test process's collector)
    monkeypatch.delenv("SESTERTIUS_LOG", raising=False)
    monkeypatch.setenv("SESTERTIUS_CAMPAIGNS", str(tmp_path / "c.sqlite3"))
    web_app.run(Settings(port=8123, db=f"sqlite:///{tmp_path / 'g.sqlite3'}"))
    monkeypatch.setenv("SESTERTIUS_LOG", "info")
    web_app.run(Settings(port=8123, db=f"sqlite:///{tmp_path / 'g.sqlite3'}"))
    quiet, told = seen
    assert tuned == [True, True]  # the server's collector tuned before it serves
    assert quiet["access_log"] is False and quiet["log_level"] == "warning"
    assert told["access_log"] is True and told["log_level"] == "info"
    config = uvicorn.Config(lambda scope, receive, send: None, **quiet)
    config.load()
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    assert issubclass(config.http_protocol_class, HttpToolsProtocol)  # (onewrite.OneWrite: one write per answer)
    loop = config.get_loop_factory()()
    try:
        assert isinstance(loop, uvloop.Loop)
    finally:
        loop.close()


def _serve(tmp_path, *extra: str):
    import subprocess
    import sys

    from support.postgres import free_port
    from support.servers import wait_up
    port = free_port()
    env = {**__import__("os").environ, "SESTERTIUS_CAMPAIGNS": str(tmp_path / "c.sqlite3")}
    proc = subprocess.Popen([sys.executable, "-m", "sestertius", "serve", "--port", str(port), "--db",
                             f"sqlite:///{tmp_path / 'g.sqlite3'}", *extra], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    wait_up(port, proc)
    return port, proc


def _ask(sock) -> bytes:
    """GET /api/meta on an open connection: the whole answer, head and body (b"" if the server had closed it). The
    body is read to its Content-Length: an answer may come in several segments, and a part left unread would be taken
    for the next answer."""
    sock.sendall(b"GET /api/meta HTTP/1.1\r\nHost: test\r\n\r\n")
    got = b""
    try:
        while b"\r\n\r\n" not in got:
            chunk = sock.recv(65536)
            if not chunk:
                return got
            got += chunk
        head, _, body = got.partition(b"\r\n\r\n")
        length = next(int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:"))
        while len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
        return head + b"\r\n\r\n" + body
    except ConnectionError:
        return got


def test_an_idle_connection_is_kept_longer_than_a_person_thinks(tmp_path):
    """uvicorn's default closes a connection idle for 5 s: a person thinking longer reconnected for every decision.
    ``concordia serve`` keeps it 75 s by default; ``--keep-alive SECONDS`` sets it."""
    import socket
    import time
    for extra, idle, kept in (((), 6.5, True), (("--keep-alive", "1"), 2.5, False)):
        port, proc = _serve(tmp_path, *extra)
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                assert _ask(sock).startswith(b"HTTP/1.1 200")
                time.sleep(idle)
                again = _ask(sock)
                assert again.startswith(b"HTTP/1.1 200") if kept else again == b"", (extra, again[:40])
        finally:
            proc.terminate()
            proc.wait(10)


def test_keep_alive_is_given_to_uvicorn_and_checked(monkeypatch, tmp_path, capsys):
    from sestertius.cli import main
    seen, tuned = [], []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.append(kw))
    monkeypatch.setattr(web_app, "tune_gc", lambda: tuned.append(True))  # (not this test process's collector)
    monkeypatch.setenv("SESTERTIUS_CAMPAIGNS", str(tmp_path / "c.sqlite3"))
    db = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    assert main(["serve", "--db", db]) == 0
    assert main(["serve", "--db", db, "--keep-alive", "300"]) == 0
    assert [kw["timeout_keep_alive"] for kw in seen] == [75.0, 300.0]
    # the settings refuse it (tests/cli/test_cli_bad_input.py, tests/web/test_settings.py)
    assert main(["serve", "--db", db, "--keep-alive", "0"]) == 2 and "--keep-alive" in capsys.readouterr().err


def test_a_server_process_freezes_what_it_imported_and_collects_young_objects_less_often(tmp_path):
    """The collector of a server process (web_app.tune_gc, as ``concordia serve`` and each worker call it): the
    imported code and data frozen out of later collections, young collections at GC_THRESHOLDS."""
    import json
    import os
    import subprocess
    import sys
    code = ("import gc, json; from sestertius.web import app\n"
            "before = [gc.get_threshold(), gc.get_freeze_count()]\n"
            "app.tune_gc()\n"
            "print(json.dumps(before + [gc.get_threshold(), gc.get_freeze_count()]))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}).stdout
    threshold, frozen_before, after, frozen = json.loads(out)
    assert tuple(threshold) != web_app.GC_THRESHOLDS and frozen_before == 0  # not already so before
    assert tuple(after) == web_app.GC_THRESHOLDS
    assert frozen > 10_000  # the web app's modules, FastAPI's and the engine's data
