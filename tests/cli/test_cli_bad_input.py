"""Bad input to the command line is refused in one line naming what is wrong, with exit code 2 and no traceback, and
nothing is changed: a database ``serve`` cannot use, ports and counts out of range, the checks ``tournament`` shares
with ``simulate``, ``--ray`` without Ray, ``analyse --seat`` counted from 1, Solitaria with 3 players."""
import os
import subprocess
import sys

import pytest

from sestertius.cli import main
from sestertius.rules.game import Game


def _refusal(capsys, *argv):
    """The exit code and the one line of a refused command (argparse's own refusals exit: their code is taken)."""
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = e.code
    captured = capsys.readouterr()
    assert captured.out == "", captured
    lines = captured.err.splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err, captured.err
    return code, lines[0]


@pytest.fixture
def no_server(monkeypatch, tmp_path):
    """No server is started (a refusal comes first); the campaigns file is the test's own."""
    import uvicorn

    def started(*a, **k):  # pragma: no cover - the point: never reached
        raise AssertionError("the server was started")
    monkeypatch.setattr(uvicorn, "run", started)
    monkeypatch.setenv("SESTERTIUS_CAMPAIGNS", str(tmp_path / "campaigns.sqlite3"))
    return tmp_path


# -- serve --db -------------------------------------------------------------------------------------------------------
def test_serve_refuses_a_database_it_cannot_use(no_server, capsys):
    tmp = no_server
    text = tmp / "notes.sqlite3"
    text.write_text("not a database\n")
    (tmp / "folder").mkdir()
    cases = [
        ("bogus://x", "Can't load plugin: sqlalchemy.dialects:bogus"),
        ("postgresql://u:secret@h:notaport/x", "notaport"),
        (str(tmp / "missing" / "g.sqlite3"), "unable to open database file"),
        (f"sqlite:///{tmp / 'missing' / 'g.sqlite3'}", "unable to open database file"),
        (str(tmp / "folder"), "unable to open database file"),
        (str(text), "file is not a database"),
    ]
    for url, why in cases:
        code, line = _refusal(capsys, "serve", "--db", url)
        shown = url.replace(":secret@", ":***@")
        assert code == 2, (url, line)
        assert line.startswith(f"concordia serve: refused: --db {shown}: cannot use this database: "), line
        assert why in line and "secret" not in line, line
    assert text.read_text() == "not a database\n"  # nothing changed, nothing made
    assert not (tmp / "missing").exists() and not (tmp / "campaigns.sqlite3").exists()
    assert sorted(p.name for p in tmp.iterdir()) == ["folder", "notes.sqlite3"]


def test_serve_refuses_an_unreachable_postgresql_without_showing_its_password(no_server, capsys):
    pytest.importorskip("psycopg")
    url = "postgresql+psycopg://user:pa55word@127.0.0.1:1/games"  # port 1: nobody listens
    code, line = _refusal(capsys, "serve", "--db", url)
    assert code == 2
    assert line.startswith("concordia serve: refused: --db postgresql+psycopg://user:***@127.0.0.1:1/games: "
                           "cannot use this database: "), line
    assert "pa55word" not in line and "Connection refused" in line, line


def test_serve_refuses_a_driver_that_is_not_installed(no_server, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "MySQLdb", None)  # not importable, installed or not
    code, line = _refusal(capsys, "serve", "--db", "mysql://u:pw@localhost/x")
    assert code == 2 and line.startswith("concordia serve: refused: --db mysql://u:***@localhost/x: ") and \
        "MySQLdb" in line, line


def test_a_refused_database_gives_no_traceback_in_a_real_process(tmp_path):
    text = tmp_path / "notes.sqlite3"
    text.write_text("not a database\n")
    env = {**os.environ, "SESTERTIUS_CAMPAIGNS": str(tmp_path / "c.sqlite3")}
    out = subprocess.run([sys.executable, "-m", "sestertius", "serve", "--db", str(text), "--port", "1"],
                         capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 2 and out.stdout == "", out
    assert out.stderr == f"concordia serve: refused: --db {text}: cannot use this database: file is not a database\n"


# -- serve: port, workers, keep-alive ---------------------------------------------------------------------------------
@pytest.mark.parametrize("args, words", [
    (["--port", "99999"], "argument --port: must be from 1 to 65535, not 99999"),
    (["--port", "-1"], "argument --port: must be from 1 to 65535, not -1"),
    (["--port", "0"], "argument --port: must be from 1 to 65535, not 0"),
    (["--port", "http"], "argument --port: must be a whole number (from 1 to 65535), not 'http'"),
    (["--workers", "0"], "argument --workers: must be 1 or more, not 0"),
    (["--workers", "-1"], "argument --workers: must be 1 or more, not -1"),
    (["--keep-alive", "nan"], "argument --keep-alive: must be a number of seconds above 0, not 'nan'"),
    (["--keep-alive", "inf"], "argument --keep-alive: must be a number of seconds above 0, not 'inf'"),
    (["--keep-alive", "0"], "argument --keep-alive: must be a number of seconds above 0, not '0'"),
    (["--keep-alive", "-3"], "argument --keep-alive: must be a number of seconds above 0, not '-3'"),
])
def test_serve_refuses_numbers_out_of_range(args, words, no_server, capsys):
    code, line = _refusal(capsys, "serve", "--db", str(no_server / "g.sqlite3"), *args)
    assert code == 2 and line == f"concordia serve: refused: {words} (see concordia serve --help)"
    assert not (no_server / "g.sqlite3").exists()


def test_serve_takes_the_ends_of_the_port_range(monkeypatch, tmp_path):
    import uvicorn
    seen = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.append(kw))
    monkeypatch.setenv("SESTERTIUS_CAMPAIGNS", str(tmp_path / "c.sqlite3"))
    for port in ("1", "65535"):
        assert main(["serve", "--db", str(tmp_path / "g.sqlite3"), "--port", port, "--keep-alive", "0.5"]) == 0
    assert [(kw["port"], kw["timeout_keep_alive"]) for kw in seen] == [(1, 0.5), (65535, 0.5)]


# -- tournament: simulate's checks ------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["tournament", "simulate"])
@pytest.mark.parametrize("args, words", [
    (["--seed", "-1"], "--seed: a seed is a whole number from 0 to 2**64 - 1, not -1 (the games use seeds -1 to 0)"),
    (["--seed", str(2 ** 64 - 1), "--games", "3"], "not 18446744073709551617 (the games use seeds"),
    (["--games", "-5"], "argument --games: must be 1 or more, not -5 (see concordia COMMAND --help)"),
    (["--games", "0"], "argument --games: must be 1 or more, not 0"),
    (["--max-turns", "0"], "argument --max-turns: must be 1 or more, not 0"),
    (["--max-turns", "-1"], "argument --max-turns: must be 1 or more, not -1"),
    (["--workers", "0"], "argument --workers: must be 1 or more, not 0"),
])
def test_tournament_and_simulate_refuse_the_same_bad_numbers(command, args, words, capsys, monkeypatch):
    import sestertius.cli.simulate as simulate
    import sestertius.research.tournament as tournament

    def no_game(*a, **k):  # pragma: no cover - the point: never reached
        raise AssertionError("a game was played")
    monkeypatch.setattr(simulate, "run_simulation", no_game)
    monkeypatch.setattr(tournament, "run_tournament", no_game)
    games = [] if "--games" in args else ["--games", "2"]
    code, line = _refusal(capsys, command, *args, *games, *(["--no-progress"] if command == "simulate" else []))
    assert code == 2 and line.startswith(f"concordia {command}: refused: "), line
    assert words.replace("COMMAND", command) in line, line


@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_ray_not_installed_is_refused_with_how_to_install_it(command, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # not importable, installed or not
    code, line = _refusal(capsys, command, "--ray", "auto", "--games", "1")
    assert code == 2
    assert line == (f"concordia {command}: refused: --ray: Ray is not installed; install it with: "
                    "pip install -e '.[cluster]' (see the README)")


# -- analyse --seat ---------------------------------------------------------------------------------------------------
def test_analyse_refuses_a_seat_in_the_numbers_it_takes(tmp_path, capsys):
    path = tmp_path / "g.json"
    Game.new({"board": "italia", "players": 2}, seed=1).save(path)
    code, line = _refusal(capsys, "analyse", str(path), "--seat", "3")
    assert (code, line) == (2, "concordia analyse: refused: --seat 3: no seat 3 in this game (seats 1 to 2)")
    code, line = _refusal(capsys, "analyse", str(path), "--seat", "0")
    assert (code, line) == (2, "concordia analyse: refused: argument --seat: must be 1 or more, not 0 "
                               "(see concordia analyse --help)")
    solo = tmp_path / "solo.json"
    Game.new({"board": "italia", "players": 1, "mode": "solo"}, seed=1).save(solo)
    code, line = _refusal(capsys, "analyse", str(solo), "--seat", "2")
    assert (code, line) == (2, "concordia analyse: refused: --seat 2: no seat 2 in this game (seat 1 only)")


# -- simulate --mode solo --players 3 ---------------------------------------------------------------------------------
def test_simulate_solitaria_with_three_players_is_refused_not_played_solo(capsys, monkeypatch):
    import sestertius.cli.simulate as simulate
    from sestertius import check_options
    monkeypatch.setattr(simulate, "run_simulation", lambda **k: pytest.fail("a game was played"))
    for players in ("3", "5"):
        why = check_options({"board": "imperium", "players": int(players), "mode": "solo"})
        assert why and "Solitaria" in why
        code, line = _refusal(capsys, "simulate", "--mode", "solo", "--players", players, "--games", "1")
        assert (code, line) == (2, f"concordia simulate: refused: {why}")


# -- simulate --save-records, dataset ---------------------------------------------------------------------------------
def test_records_that_cannot_be_saved_are_refused_before_any_game(tmp_path, capsys, monkeypatch):
    import sestertius.cli.simulate as simulate
    monkeypatch.setattr(simulate, "run_simulation", lambda **k: pytest.fail("a game was played"))
    taken = tmp_path / "a-file"
    taken.write_text("")
    code, line = _refusal(capsys, "simulate", "--save-records", str(taken), "--games", "1")
    assert code == 2 and line.startswith(f"concordia simulate: refused: --save-records {taken}: "), line
    code, line = _refusal(capsys, "simulate", "--save-records", str(tmp_path), "--ray", "auto", "--games", "1")
    assert code == 2 and "written where the games are played" in line, line


def test_dataset_refuses_a_seat_that_is_not_one(tmp_path, capsys):
    code, line = _refusal(capsys, "dataset", str(tmp_path), str(tmp_path / "d.parquet"), "--seat", "0")
    assert (code, line) == (2, "concordia dataset: refused: argument --seat: must be 1 or more, not 0 "
                               "(see concordia dataset --help)")
    code, line = _refusal(capsys, "dataset", str(tmp_path / "nothing"), str(tmp_path / "d.parquet"))
    assert (code, line) == (2, f"concordia dataset: refused: {tmp_path / 'nothing'}: not a folder of game records")


def test_dataset_without_pyarrow_says_how_to_install_it(tmp_path, capsys, monkeypatch):
    monkeypatch.delitem(sys.modules, "sestertius.research.dataset", raising=False)
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # not importable, installed or not
    code, line = _refusal(capsys, "dataset", str(tmp_path), str(tmp_path / "d.parquet"))
    assert (code, line) == (2, "concordia dataset: refused: pyarrow is not installed; install it with: "
                               "pip install -e '.[data]'")


# -- solo --campaign --------------------------------------------------------------------------------------------------
def test_solo_refuses_a_damaged_campaigns_file_in_one_line_changing_nothing(tmp_path, monkeypatch, capsys):
    """A campaigns file whose header is whole but whose pages are not (SQLite: "database disk image is malformed")
    was a traceback from the first read; now the refusal `serve` answers 503 for, in one line, exit code 2."""
    from sestertius.campaigns import CampaignStore
    path = tmp_path / "campaigns.sqlite3"
    store = CampaignStore(path)
    store.create("mine")
    store.close()
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\xab" * (len(data) - 100))  # the header kept, every page damaged
    damaged = path.read_bytes()
    monkeypatch.setenv("SESTERTIUS_CAMPAIGNS", str(path))
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    code, line = _refusal(capsys, "solo", "--campaign", "mine", "--seed", "1")
    assert code == 2, line
    assert line == (f"concordia solo: refused: campaigns file {path}: could not be read or written; nothing changed "
                    "in it (DatabaseError: database disk image is malformed)")
    assert path.read_bytes() == damaged
