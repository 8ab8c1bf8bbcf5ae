"""The server's settings (sestertius/settings.py): one object read from the environment and the command line, the
command line winning; a bad value refused in one line naming the setting; every setting shown by --help."""
from __future__ import annotations

import pytest

from sestertius.cli import main, parser
from sestertius.settings import Settings


@pytest.fixture
def started(monkeypatch, tmp_path):
    """``concordia serve`` up to uvicorn: the keyword arguments uvicorn was started with, and the app."""
    import uvicorn
    seen: list[tuple] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.append((app, kw)))
    for name in Settings.model_fields:  # the test's own environment only
        monkeypatch.delenv(f"SESTERTIUS_{name.upper()}", raising=False)
    monkeypatch.setenv("SESTERTIUS_CAMPAIGNS", str(tmp_path / "c.sqlite3"))
    return seen


def test_a_setting_comes_from_the_environment(started, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("SESTERTIUS_KEEP_ALIVE", "12.5")
    monkeypatch.setenv("SESTERTIUS_PORT", "8765")
    monkeypatch.setenv("SESTERTIUS_DB", str(tmp_path / "env.sqlite3"))  # the old names work: a plain path
    monkeypatch.setenv("SESTERTIUS_LOG", "INFO")
    monkeypatch.setenv("SESTERTIUS_BOT_PROCESSES", "3")
    assert main(["serve"]) == 0
    (app, kw), = started
    assert (kw["port"], kw["timeout_keep_alive"], kw["log_level"], kw["access_log"]) == (8765, 12.5, "info", True)
    settings = app.state.settings
    assert settings.bot_processes == 3 and settings.campaigns == tmp_path / "c.sqlite3"
    assert app.state.store.url == f"sqlite:///{tmp_path / 'env.sqlite3'}"
    assert (tmp_path / "env.sqlite3").exists()
    assert "env.sqlite3" in capsys.readouterr().out


def test_the_command_line_wins_over_the_environment(started, monkeypatch, tmp_path):
    monkeypatch.setenv("SESTERTIUS_KEEP_ALIVE", "12.5")
    monkeypatch.setenv("SESTERTIUS_BOT_PROCESSES", "3")
    assert main(["serve", "--db", str(tmp_path / "g.sqlite3"), "--keep-alive", "2", "--bot-processes", "2",
                 "--campaigns", str(tmp_path / "cli.sqlite3")]) == 0
    (app, kw), = started
    assert kw["timeout_keep_alive"] == 2.0
    assert app.state.settings.bot_processes == 2 and app.state.settings.campaigns == tmp_path / "cli.sqlite3"
    assert app.state.campaigns.path == tmp_path / "cli.sqlite3"


@pytest.mark.parametrize("variable, value, line", [
    ("SESTERTIUS_PORT", "http", "SESTERTIUS_PORT: must be a whole number (from 1 to 65535), not 'http'"),
    ("SESTERTIUS_WORKERS", "0", "SESTERTIUS_WORKERS: must be 1 or more, not 0"),
    ("SESTERTIUS_BOT_PROCESSES", "1.5", "SESTERTIUS_BOT_PROCESSES: must be a whole number (1 or more), not '1.5'"),
    ("SESTERTIUS_KEEP_ALIVE", "soon", "SESTERTIUS_KEEP_ALIVE: must be a number of seconds above 0, not 'soon'"),
    ("SESTERTIUS_LOG", "loud", "SESTERTIUS_LOG: must be one of critical, error, warning, info, debug, trace, "
                               "not 'loud'"),
])
def test_a_bad_value_is_refused_in_one_line_naming_the_setting(variable, value, line, started, monkeypatch,
                                                              tmp_path, capsys):
    monkeypatch.setenv(variable, value)
    assert main(["serve", "--db", str(tmp_path / "g.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert err == f"concordia serve: refused: {line} (see concordia serve --help)\n"
    assert not started and not (tmp_path / "g.sqlite3").exists()


def test_a_bad_command_line_value_names_the_option_not_the_variable(started, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("SESTERTIUS_BOT_PROCESSES", "0")  # both bad: the command line's is the one used
    assert main(["serve", "--db", str(tmp_path / "g.sqlite3"), "--bot-processes", "none"]) == 2
    assert capsys.readouterr().err == ("concordia serve: refused: argument --bot-processes: must be a whole number "
                                       "(1 or more), not 'none' (see concordia serve --help)\n")


def test_help_shows_every_setting_with_its_variable():
    sub = next(a for a in parser()._actions if a.dest == "command").choices["serve"]
    text = " ".join(sub.format_help().split())
    for name in Settings.model_fields:
        assert f"--{name.replace('_', '-')}" in text and f"$SESTERTIUS_{name.upper()}" in text, name


def test_the_workers_read_the_command_lines_settings_back(monkeypatch):
    """``--workers N``: uvicorn starts each worker from the environment, which must give it the same settings."""
    given = Settings(port=9001, keep_alive=3, bot_processes=2, db="postgresql+psycopg://u@h/d", log="debug")
    for name in Settings.model_fields:
        monkeypatch.delenv(f"SESTERTIUS_{name.upper()}", raising=False)
    for k, v in given.environ().items():
        monkeypatch.setenv(k, v)
    assert Settings() == given
