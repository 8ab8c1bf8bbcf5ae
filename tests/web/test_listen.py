"""Changes made by another process (PostgreSQL's NOTIFY): a process hands to its event loop only those of games its
browsers watch; the others wake nothing (at saturation, every decision of the other workers was a wake-up)."""
from __future__ import annotations

import time

from sestertius.web.app import create_app
from support.settled import SettledClient


def test_only_the_changes_of_watched_games_reach_the_event_loop(postgres_db, tmp_path, monkeypatch):
    app = create_app(postgres_db, campaigns_path=str(tmp_path / "c.sqlite3"))
    with SettledClient(app):
        hub, listener = app.state.hub, app.state.listener
        assert listener.ready.wait(10)  # (once listening, it looks at the games watched then: none yet)
        handed = []
        monkeypatch.setattr(hub, "changed_elsewhere", lambda service, gid: handed.append(gid))
        hub.conns["watched"] = set()  # a game with a browser here (its connections are not looked at)
        listener.on_change("nobody-watches")
        listener.on_change("watched")
        deadline = time.monotonic() + 5
        while not handed and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.1)
        assert handed == ["watched"]
        hub.conns.pop("watched")
