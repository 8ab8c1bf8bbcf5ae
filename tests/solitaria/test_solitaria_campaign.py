"""Solitaria campaigns (the arithmetic and the SQLite store), the terminal game `concordia solo` with scripted
input, and `concordia simulate --mode solo`."""
from __future__ import annotations

import argparse
import io
import json

import pytest

from sestertius.campaigns import CampaignStore, next_start
from sestertius.cli import main as cli_main
from sestertius.cli.solo import main as solo_main


# -- campaign arithmetic -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("start, won, margin, expected", [
    (20, True, 10, 18),   # the rulebook's example: win by 10 -> 20 - 2
    (20, True, 14, 18),   # a fifth rounded down
    (20, True, 4, 20),    # less than 5 ahead: no change
    (18, False, -30, 18),  # a loss keeps the start
    (20, True, 0, 20),    # a tie won by the Concordia card
    (3, True, 25, -2),
])
def test_next_start(start, won, margin, expected):
    assert next_start(start, won, margin) == expected


def test_campaign_store_runs_to_its_end(campaigns_db):
    path = campaigns_db
    with CampaignStore(path) as store:
        c = store.create("first")
        assert c.start_vp == 20 and not c.finished and c.games == []
        store.create("second")
        with pytest.raises(ValueError):
            store.create("first")
        c = store.record_game("first", 120, 110, True, board="italia", seed=3)
        assert c.start_vp == 18 and len(c.games) == 1 and c.games[0].margin == 10
        c = store.record_game("first", 100, 130, False)
        assert c.start_vp == 18
        c = store.record_game("first", 150, 105, True)  # +45: -9
        assert c.start_vp == 9 and not c.finished
        c = store.record_game("first", 160, 110, True)  # +50: -10 -> -1: the end
        assert c.start_vp == -1 and c.finished
        assert "veteran" in c.suggestion
        with pytest.raises(ValueError):
            store.record_game("first", 1, 0, True)
        assert [g.number for g in c.games] == [1, 2, 3, 4]
    with CampaignStore(path) as store:  # kept on disk
        assert store.names() == ["first", "second"]
        assert store.get("second").start_vp == 20
        assert store.get("first").finished
        store.delete("second")
        assert store.names() == ["first"]
        with pytest.raises(KeyError):
            store.get("second")


def test_default_campaign_file_is_in_the_user_data_folder(monkeypatch, tmp_path):
    import sestertius.campaigns as campaign
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert str(campaign.default_path()).startswith(str(tmp_path))
    assert campaign.default_path().name == "campaigns.sqlite3"


# -- the terminal --------------------------------------------------------------------------------------------------
def _args(**kw):
    base = {"board": "italia", "difficulty": "standard", "seed": 5, "dice": "auto", "campaign": None,
            "campaign_db": None}
    base.update(kw)
    return argparse.Namespace(**base)


def _always_first(prompt=""):
    return "1"


def test_terminal_plays_a_whole_game():
    out = io.StringIO()
    assert solo_main(_args(), input_fn=_always_first, out=out) == 0
    text = out.getvalue()
    assert "Solitaria on Italia" in text and "A-DICE" in text
    assert "Play a card from your hand." in text and "1. play Tribune" in text  # the view's prompt
    assert "Contrarius: reacts to your" in text
    assert "Final scoring:" in text
    assert ("Contrarius wins" in text) != ("You win" in text)


def test_terminal_manual_dice_asks_for_each_face():
    out = io.StringIO()
    answers = iter(["2", "1", "1"] + ["1"] * 5000)  # play Architect, done, done, then the die ...
    assert solo_main(_args(dice="manual"), input_fn=lambda p="": next(answers), out=out) == 0
    text = out.getvalue()
    # the view's prompt names the die to roll and its faces, after Contrarius' explanation
    assert ("rolls the blue Architect die for the display card it takes\n"
            "Roll the blue Architect die for Contrarius (its faces: 1, 2, 3, 4, 5) and enter the face it "
            "shows.") in text
    assert "1. 1 (the card at display position 1)" in text
    assert "die: rolled 1 on the blue Architect die" in text


def test_terminal_commands_and_quit(tmp_path):
    out = io.StringIO()
    save = tmp_path / "g.json"
    answers = iter(["h", "x", "v", "b", f"s {save}", "2", "1", "u", "q", "n"])  # q: leave without saving
    assert solo_main(_args(), input_fn=lambda p="": next(answers), out=out) == 1
    text = out.getvalue()
    assert "u: undo" in text and "enter a number" in text and "total" in text and "lines with colonists" in text
    assert json.loads(save.read_text())["format"] == "sestertius-game"
    assert "undone" in text and "Game left unfinished" in text


def test_terminal_end_of_input_quits():
    def eof(prompt=""):
        raise EOFError
    assert solo_main(_args(), input_fn=eof, out=io.StringIO()) == 1


def test_terminal_campaign_records_the_game(campaigns_db):
    db = campaigns_db
    out = io.StringIO()
    assert solo_main(_args(campaign="mine", campaign_db=str(db), difficulty="expert"), input_fn=_always_first,
                     out=out) == 0
    text = out.getvalue()
    assert "Campaign 'mine', game 1: you start with 20 VP" in text and "is ignored" in text
    with CampaignStore(db) as store:
        c = store.get("mine")
        assert len(c.games) == 1 and c.games[0].start_vp == 20
        store.db.execute("UPDATE campaigns SET finished = 1 WHERE name = 'mine'")
        store.db.commit()
    out = io.StringIO()
    assert solo_main(_args(campaign="mine", campaign_db=str(db)), input_fn=_always_first, out=out) == 0
    assert "ready for the veteran level" in out.getvalue()


def test_terminal_refuses_a_bad_board():
    out = io.StringIO()
    assert solo_main(_args(board="balearica"), input_fn=_always_first, out=out) == 2
    assert "capital" in out.getvalue()


# -- simulation ----------------------------------------------------------------------------------------------------
def test_simulate_solo_prints_win_rate_and_contrarius(capsys):
    assert cli_main(["simulate", "--mode", "solo", "--difficulty", "expert", "--bot", "random", "--games", "4",
                     "--board", "hellas", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Contrarius" in out and "player win rate" in out and "games/s" in out
    cli_main(["simulate", "--mode", "solo", "--bot", "random", "--games", "3", "--json", "--no-progress"])
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == 1 and report["games"] == 3
    assert 0 <= report["win_rate"] <= 1 and report["contrarius"]["mean"] > 0
