"""Solitaria campaigns (the arithmetic and the SQLite store), the terminal game `concordia solo` with scripted
input, and `concordia simulate --mode solo`."""
from __future__ import annotations

import argparse
import io
import json
import re
import sqlite3

import pytest

from sestertius import Game
from sestertius.campaigns import APPLICATION_ID, NAME_RULE, CampaignFileError, CampaignStore, next_start
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
        c = store.record_game("second", 150, 50, True)  # +100: -20 -> exactly 0: "0 or below" ends it too
        assert c.start_vp == 0 and c.finished
        store.delete("second")
        assert store.names() == ["first"]
        with pytest.raises(KeyError):
            store.get("second")


def test_default_campaign_file_is_in_the_user_data_folder(monkeypatch, tmp_path):
    import sestertius.campaigns as campaign
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert str(campaign.default_path()).startswith(str(tmp_path))
    assert campaign.default_path().name == "campaigns.sqlite3"


# -- a file that is not a campaigns file is refused, and left as it was ----------------------------------------------
def _sqlite(path, sql):
    db = sqlite3.connect(path)
    db.executescript(sql)
    db.commit()
    db.close()


def _text(path):
    path.write_text("name,score\nAnna,3\n")


def _directory(path):
    path.mkdir()


def _foreign_campaigns(path):  # another program's table of the same name: it used to get ALTER TABLE ADD COLUMN
    _sqlite(path, "CREATE TABLE campaigns (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO campaigns VALUES (1, 'x');")


def _other_tables(path):
    _sqlite(path, "CREATE TABLE users (id INTEGER); INSERT INTO users VALUES (7);")


def _other_program(path):  # the tables of a campaigns file, the header of another program
    _sqlite(path, "PRAGMA application_id = 1234; CREATE TABLE campaigns (name TEXT PRIMARY KEY, created REAL, "
                  "start_vp INTEGER, finished INTEGER);")


def _newer_store(path):
    _sqlite(path, f"PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = 99; CREATE TABLE x (y);")


FOREIGN = [(_text, "is not an SQLite database"), (_directory, "is a directory, not a file"),
           (_foreign_campaigns, "is an SQLite database but not a campaigns file (its table campaigns has no column "
                                "created, finished, name, start_vp)"),
           (_other_tables, "is an SQLite database but not a campaigns file (its tables: users)"),
           (_other_program, "is the SQLite database of another program (application_id 0x000004d2)"),
           (_newer_store, "was made by a newer version of sestertius (store version 99; this one knows up to 1)")]


def _snapshot(path):
    """The bytes of the file (of each file in a folder) and the names beside it."""
    content = {p.name: p.read_bytes() for p in path.iterdir()} if path.is_dir() else path.read_bytes()
    return content, sorted(p.name for p in path.parent.iterdir())


@pytest.mark.parametrize("make,words", FOREIGN, ids=[f.__name__.strip("_") for f, _ in FOREIGN])
def test_a_file_that_is_not_a_campaigns_file_is_refused_unchanged(tmp_path, make, words):
    path = tmp_path / "campaigns.sqlite3"
    make(path)
    before = _snapshot(path)
    with pytest.raises(CampaignFileError) as e:
        CampaignStore(path)
    assert str(e.value) == f"campaigns file {path}: {words}"
    assert _snapshot(path) == before  # not a byte written, no journal left beside it


@pytest.mark.parametrize("make,words", FOREIGN, ids=[f.__name__.strip("_") for f, _ in FOREIGN])
def test_the_terminal_refuses_a_foreign_campaigns_file_in_one_line(tmp_path, monkeypatch, capsys, make, words):
    path = tmp_path / "campaigns.sqlite3"
    make(path)
    before = _snapshot(path)
    monkeypatch.setenv("SESTERTIUS_CAMPAIGNS", str(path))
    assert cli_main(["solo", "--campaign", "c1", "--seed", "1"]) == 2
    out, err = capsys.readouterr()
    assert err == f"concordia solo: refused: campaigns file {path}: {words}\n" and out == ""
    assert _snapshot(path) == before


def test_a_campaigns_file_is_marked_and_one_of_the_earlier_version_is_upgraded(tmp_path):
    new = tmp_path / "new.sqlite3"
    CampaignStore(new).close()
    db = sqlite3.connect(new)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    db.close()
    empty = tmp_path / "empty.sqlite3"  # an empty file is a new database to SQLite: a new campaigns file
    empty.touch()
    with CampaignStore(empty) as st:
        st.create("x")
    old = tmp_path / "old.sqlite3"  # the first version's tables, no application id
    _sqlite(old, "CREATE TABLE campaigns (name TEXT PRIMARY KEY, created REAL NOT NULL, start_vp INTEGER NOT NULL, "
                 "finished INTEGER NOT NULL DEFAULT 0); INSERT INTO campaigns VALUES ('Old', 1.0, 18, 0);")
    with CampaignStore(old) as st:
        assert st.get("Old").start_vp == 18 and st.owner_hash("Old") is None
        assert st.db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    with CampaignStore(old) as st:  # known by its header now
        assert st.names() == ["Old"]


# -- the rule for campaign names (the web app's too) ----------------------------------------------------------------
BAD_NAMES = [("", "it is empty"), ("   ", "it is only spaces"), (" padded ", "it has spaces at its start or end"),
             ("a/b", "it has a '/'"), ("tab\there", "it has a control character"), (".", "it is '.'"),
             ("..", "it is '..'"), ("x" * 61, "it has 61 characters"),
             ("caf\udce9", "it is not text (a byte that is not UTF-8)")]


@pytest.mark.parametrize("name,why", BAD_NAMES)
def test_a_campaign_name_against_the_rule_is_refused(campaigns_db, name, why):
    with CampaignStore(campaigns_db) as st, pytest.raises(ValueError) as e:
        st.create(name)
    assert str(e.value) == f"campaign name {name!r}: {why}; {NAME_RULE}"
    out = io.StringIO()
    assert solo_main(_args(campaign=name, campaign_db=str(campaigns_db)), input_fn=_always_first, out=out) == 2
    assert out.getvalue() == f"refused: campaign name {name!r}: {why}; {NAME_RULE}\n"
    with CampaignStore(campaigns_db) as st:
        assert st.names() == []


def test_a_name_of_an_earlier_version_is_still_played(campaigns_db):
    with CampaignStore(campaigns_db) as st:  # made before the rule: the terminal still opens it
        st.db.execute("INSERT INTO campaigns (name, created, start_vp, finished) VALUES ('a/b', 1.0, -1, 1)")
        st.db.commit()
    out = io.StringIO()
    assert solo_main(_args(campaign="a/b", campaign_db=str(campaigns_db)), input_fn=_always_first, out=out) == 0
    assert "Campaign 'a/b': campaign complete" in out.getvalue()


def test_a_refused_load_makes_no_campaign(tmp_path, campaigns_db):
    base = tmp_path / "base.json"
    Game.new({"board": "italia", "players": 2}, seed=1).save(base)
    for load, words in ((tmp_path / "missing.json", "cannot be read"), (base, "not Solitaria with one player")):
        out = io.StringIO()
        assert solo_main(_args(campaign="fresh", campaign_db=str(campaigns_db), load=str(load)),
                         input_fn=_always_first, out=out) == 2
        assert out.getvalue().startswith("refused: ") and words in out.getvalue()
        assert "Campaign 'fresh'" not in out.getvalue()
    if campaigns_db.exists():
        with CampaignStore(campaigns_db) as st:
            assert st.names() == []


# -- the terminal --------------------------------------------------------------------------------------------------
def _args(**kw):
    base = {"board": "italia", "difficulty": "standard", "seed": 5, "dice": "auto", "campaign": None,
            "campaign_db": None, "load": None}
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
    assert re.search(r"1\. 1: [A-Z][a-z]+", text)  # the face names the card at that display position
    assert "die: the blue Architect die shows 1" in text


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
