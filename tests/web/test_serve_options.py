"""concordia serve's uvicorn settings: uvloop and httptools, no access log above level info."""
from __future__ import annotations

import uvicorn
import uvloop

from sestertius.web import app as web_app


def test_the_server_runs_on_uvloop_and_httptools_without_an_access_log(monkeypatch, tmp_path):
    seen = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.append(kw))
    monkeypatch.delenv("SESTERTIUS_LOG", raising=False)
    monkeypatch.setenv("SESTERTIUS_CAMPAIGNS", str(tmp_path / "c.sqlite3"))
    web_app.run(port=8123, db_url=f"sqlite:///{tmp_path / 'g.sqlite3'}")
    monkeypatch.setenv("SESTERTIUS_LOG", "info")
    web_app.run(port=8123, db_url=f"sqlite:///{tmp_path / 'g.sqlite3'}")
    quiet, told = seen
    assert quiet["access_log"] is False and quiet["log_level"] == "warning"
    assert told["access_log"] is True and told["log_level"] == "info"
    config = uvicorn.Config(lambda scope, receive, send: None, **quiet)
    config.load()
    assert config.http_protocol_class.__name__ == "HttpToolsProtocol"
    loop = config.get_loop_factory()()
    try:
        assert isinstance(loop, uvloop.Loop)
    finally:
        loop.close()
