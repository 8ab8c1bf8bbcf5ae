"""The command line and the search bot: levels by name in simulate, and concordia analyse reviewing a saved
game."""
import argparse
import json

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
