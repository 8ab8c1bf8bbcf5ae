"""The command line and the search bot: levels by name in simulate, and concordia analyse reviewing a saved
game."""
import argparse
import json
import sys
from pathlib import Path

from sestertius.bots import make_bot
from sestertius.cli import main
from sestertius.rules.game import Game


def test_simulate_with_the_search_bot(capsys):
    assert main(["simulate", "--mode", "solo", "--board", "italia", "--difficulty", "expert", "--games", "1",
                 "--bot", "medium", "--json", "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bots"] == ["medium"] and report["games"] == 1 and "win_rate" in report


def solo_args(**kw):
    base = {"board": "italia", "difficulty": "standard", "seed": 4, "dice": "auto", "campaign": None, "hint": None}
    return argparse.Namespace(**{**base, **kw})


def finished_record(tmp_path):
    game = Game.new({"board": "italia", "players": 1, "mode": "solo"}, seed=3)
    bot = make_bot("greedy", 1)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[0] if len(legal) == 1 else bot.choose(game, legal))
    path = tmp_path / "game.json"
    game.save(path)
    return path


def test_analyse_reviews_a_saved_game(tmp_path, capsys):
    path = finished_record(tmp_path)
    assert main(["analyse", str(path), "--json"]) == 0
    review = json.loads(capsys.readouterr().out)
    assert review["seat"] == 0 and review["decisions"]
    assert 1 <= sum(d["marked"] for d in review["decisions"]) <= 3
    assert main(["analyse", str(path), "--seat", "1"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("seat 1: ") and "??" in text and "(better: " in text


def test_analyse_refuses_a_seat_the_game_does_not_have(tmp_path, capsys):
    path = tmp_path / "new.json"
    Game.new({"board": "italia", "players": 1, "mode": "solo"}, seed=3).save(path)
    assert main(["analyse", str(path), "--seat", "2"]) == 2
    assert "no seat 2 in this game (seat 1 only)" in capsys.readouterr().err  # counted from 1, as --seat is


MY_BOTS = '''
class FirstChoice:
    name = "first"

    def __init__(self, seed):
        self.seed = seed

    def choose(self, game, legal):
        return legal[0]


def not_a_bot(seed):
    return 42


def fails(seed):
    return 1 / 0
'''


def test_your_own_bot_plays_in_tournaments_and_simulations(tmp_path, capsys, monkeypatch):
    """A bot of your own, named ``module:factory``, is imported from the current folder and plays; a spec that cannot
    be used is refused naming why, before any game (exit code 2)."""
    (tmp_path / "my_bots.py").write_text(MY_BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the command adds the current folder: undone after the test
    assert main(["tournament", "--bots", "my_bots:FirstChoice,random", "--games", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "my_bots:FirstChoice" in out and "random" in out
    assert main(["simulate", "--bot", "my_bots:FirstChoice", "--players", "2", "--games", "1", "--workers", "1",
                 "--board", "italia"]) == 0
    assert "my_bots:FirstChoice" in capsys.readouterr().out
    (tmp_path / "broken.py").write_text("raise RuntimeError('no model file')\n", encoding="utf-8")
    for spec, why in (("nosuch:Bot", "cannot import 'nosuch'"), ("my_bots:Nope", "no function or class 'Nope'"),
                      ("my_bots:not_a_bot", "must give an object with choose"), ("nobody", "unknown bot 'nobody'"),
                      ("broken:Bot", "RuntimeError: no model file"), ("..up:Bot", "cannot import '..up'"),
                      ("my_bots:fails", "fails(0) failed (ZeroDivisionError")):
        assert main(["tournament", "--bots", f"{spec},random", "--games", "2", "--workers", "1"]) == 2
        assert why in capsys.readouterr().err
    assert main(["tournament", "--bots", "my_bots:FirstChoice,random", "--games", "2",
                 "--ray", "ray://head:10001"]) == 2
    assert "not on a cluster" in capsys.readouterr().err


def test_a_file_in_the_current_folder_does_not_replace_an_installed_module(tmp_path, capsys, monkeypatch):
    """The current folder is looked in after the installed modules: its csv.py is not the csv the program uses."""
    (tmp_path / "my_bots.py").write_text(MY_BOTS, encoding="utf-8")
    (tmp_path / "csv.py").write_text("raise SystemExit('the csv.py of the current folder was imported')\n",
                                     encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delitem(sys.modules, "csv", raising=False)
    assert main(["tournament", "--bots", "my_bots:FirstChoice,random", "--games", "2", "--workers", "1"]) == 0
    import csv
    assert csv.__file__ != str(tmp_path / "csv.py")


def test_the_example_bot_of_the_checkout_plays(capsys, monkeypatch):
    """examples/builder_bot.py, as its docstring runs it from the checkout's folder."""
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    monkeypatch.setattr(sys, "path", list(sys.path))
    assert main(["tournament", "--bots", "examples.builder_bot:Builder,random", "--games", "2", "--workers",
                 "1"]) == 0
    assert "examples.builder_bot:Builder" in capsys.readouterr().out


def test_the_web_app_takes_bots_by_name_only():
    """``make_bot`` (the web app's) never imports: a ``module:factory`` sent by a client is an unknown bot."""
    import pytest
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("os:system")
