"""``concordia solo`` at a real table: a saved game is resumed, leaving (q, Ctrl+C, Ctrl+D) offers to save, dice are
typed by their faces, cards that share a name are told apart, the Mercator's menu shows prices and money, and a step
with one choice has a default. The terminal still draws from the view only (tests/cli/test_solo_screen.py)."""
from __future__ import annotations

import argparse
import io
import json

import pytest

from sestertius import CHANCE, Game, IllegalAction
from sestertius.cli import screen
from sestertius.cli.solo import main, play

SOLO = {"board": "italia", "players": 1, "mode": "solo"}


def args(**kw):
    base = {"board": "italia", "difficulty": "standard", "seed": 5, "dice": "auto", "campaign": None,
            "campaign_db": None, "load": None}
    return argparse.Namespace(**{**base, **kw})


def script(*answers, then=None):
    """An input function answering in turn, then ``then`` for ever (None: end of input, as Ctrl+D)."""
    it = iter(answers)

    def read(prompt=""):
        try:
            answer = next(it)
        except StopIteration:
            if then is None:
                raise EOFError from None
            return then
        if isinstance(answer, type) and issubclass(answer, BaseException):
            raise answer
        return answer
    return read


# -- saving, leaving, resuming --------------------------------------------------------------------------------------
def test_a_saved_game_is_resumed_where_it_was_left(tmp_path):
    path = tmp_path / "table.json"
    out = io.StringIO()
    assert main(args(), script("2", "1", "1", f"s {path}", "q", "n"), out) == 1
    saved = json.loads(path.read_text())
    assert "saved to" in out.getvalue() and f"concordia solo --load {path}" in out.getvalue()
    out = io.StringIO()
    assert main(args(load=str(path), seed=None), script(then="1"), out) == 0
    text = out.getvalue()
    assert f"resumed from {path} after {len(saved['actions'])} decisions" in text and "Final scoring:" in text


def test_a_resumed_game_shows_where_it_stands_and_only_the_end_of_its_log(tmp_path):
    g = at_roll("mercator")
    for _ in range(40):  # well into the game, stopped at a die
        g.apply(g.legal_actions()[-1] if g.to_act() == 0 else g.legal_actions()[0])
    while g.to_act() != CHANCE:
        g.apply(g.legal_actions()[-1] if g.to_act() == 0 else g.legal_actions()[0])
    path = tmp_path / "late.json"
    g.save(path)
    out = io.StringIO()
    main(args(load=str(path), seed=None, dice="manual"), script("q", "n"), out)
    text = out.getvalue()
    assert "(the log before the last 12 events is not shown again)" in text
    assert screen.render_state(g.view(0), 0).splitlines()[0] in text  # the state block, though at a die


def test_the_resumed_game_continues_the_saved_record(tmp_path, monkeypatch):
    path = tmp_path / "table.json"
    main(args(), script("2", "1", "1", f"s {path}", "q", "n"), io.StringIO())
    saved = json.loads(path.read_text())
    played = []
    real = Game.load

    def load(p):
        played.append(real(p))
        return played[-1]
    monkeypatch.setattr(Game, "load", staticmethod(load))
    main(args(load=str(path)), script("1", "q", "n"), io.StringIO())
    record = played[0].record()
    assert record["actions"][:len(saved["actions"])] == saved["actions"] and record["seed"] == saved["seed"]
    assert len(record["actions"]) > len(saved["actions"])


@pytest.mark.parametrize("content, words", [
    ("{", "not valid JSON"),
    (None, "not Solitaria with one player"),
])
def test_a_file_that_cannot_be_resumed_is_refused(tmp_path, content, words):
    path = tmp_path / "other.json"
    if content is None:
        Game.new({"board": "italia", "players": 2}, seed=1).save(path)
    else:
        path.write_text(content)
    out = io.StringIO()
    assert main(args(load=str(path)), script(), out) == 2
    assert out.getvalue().startswith("refused: ") and words in out.getvalue()


def test_a_finished_game_is_not_resumed(tmp_path):
    g = Game.new(SOLO, seed=5)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    g.save(tmp_path / "over.json")
    out = io.StringIO()
    assert main(args(load=str(tmp_path / "over.json")), script(), out) == 2
    assert "the saved game is over" in out.getvalue()


def test_a_campaign_resumes_only_its_next_game(tmp_path, campaigns_db):
    other = tmp_path / "other.json"
    Game.new({**SOLO, "start_vp": 12}, seed=1).save(other)
    out = io.StringIO()
    assert main(args(load=str(other), campaign="mine", campaign_db=str(campaigns_db)), script(), out) == 2
    assert "not the campaign's next game (a standard game starting with 20 VP)" in out.getvalue()
    mine = tmp_path / "mine.json"
    main(args(campaign="mine", campaign_db=str(campaigns_db)), script("1", f"s {mine}", "q", "n"), io.StringIO())
    out = io.StringIO()
    assert main(args(load=str(mine), campaign="mine", campaign_db=str(campaigns_db)), script(then="1"), out) == 0
    assert "Campaign 'mine': next game starts with" in out.getvalue()


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, EOFError], ids=["Ctrl+C", "Ctrl+D"])
def test_ctrl_c_and_ctrl_d_offer_to_save(interrupt, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    assert main(args(seed=8), script("2", interrupt, ""), out) == 1  # Enter: the file offered
    text = out.getvalue()
    assert "Leave the game: save it first? A file name, Enter for solitaria-8.json" in text
    assert "saved to solitaria-8.json" in text and "Game left unfinished (seed 8)." in text
    assert len(Game.load(tmp_path / "solitaria-8.json").history) >= 1
    out = io.StringIO()
    assert main(args(seed=8), script("2", interrupt, "c", interrupt, "mine.json"), out) == 1  # c: go on playing
    assert "saved to mine.json" in out.getvalue() and (tmp_path / "mine.json").is_file()


def test_a_second_interrupt_leaves_without_saving(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    assert main(args(), script(KeyboardInterrupt, KeyboardInterrupt), out) == 1
    assert "(left without saving)" in out.getvalue() and list(tmp_path.iterdir()) == []


def test_q_asks_before_quitting(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    assert main(args(), script("q", "c", "1", "q", "n"), out) == 1
    text = out.getvalue()
    assert text.count("Leave the game: save it first?") == 2 and list(tmp_path.iterdir()) == []
    assert "1. play Tribune" in text  # after c, the game went on


# -- dice by their faces --------------------------------------------------------------------------------------------
def at_roll(die: str, seed: int = 5) -> Game:
    """A game with dice entered by hand, waiting for a roll of ``die`` (first decisions listed, until then)."""
    g = Game.new({**SOLO, "manual_dice": True}, seed=seed)
    while not (g.to_act() == CHANCE and g.current_step()[2] == die):
        g.apply(g.legal_actions()[-1] if g.to_act() == 0 else g.legal_actions()[0])
    return g


@pytest.mark.parametrize("die, typed, face", [("mercator", "cloth", "cloth"), ("mercator", "Cloth", "cloth"),
                                               ("mercator", "S", "S"), ("mercator", "s", "S"),
                                               ("architect", "3", 3), ("colonist", "Sea", "sea")])
def test_a_die_is_entered_by_its_face(die, typed, face):
    g = at_roll(die)
    n = len(g.history)
    play(g, script(typed), io.StringIO())
    assert g.history[n] == ("roll", face)


def test_a_face_the_die_does_not_have_is_refused_naming_the_die():
    g = at_roll("mercator")
    n = len(g.history)
    out = io.StringIO()
    play(g, script("purple", "7", "tool"), out)
    text = out.getvalue()
    assert ("refused: Contrarius: 'purple' is not a face of the black Mercator die; its faces are brick, food, tool, "
            "wine, cloth, S") in text
    assert "refused: Contrarius: 7 is not a face of the black Mercator die" in text
    assert g.history[n] == ("roll", "tool")


def test_commands_still_work_at_a_die():
    g = at_roll("architect")
    out = io.StringIO()
    play(g, script("b", "h"), out)
    assert "lines with colonists" in out.getvalue() and "a die also by its face" in out.getvalue()


def test_a_mistyped_die_is_typed_again_with_r():
    """At the table the physical die is the truth: r takes back the last die typed in (and Contrarius' reaction to
    it), the game asks for it again; the game ends as if the right face had been typed first."""
    g = at_roll("mercator")
    n = len(g.history)
    out = io.StringIO()
    play(g, script("wine", "r", "tool"), out)
    assert "the last die and what followed it are taken back: enter it again" in out.getvalue()
    assert g.history[n] == ("roll", "tool")
    right = at_roll("mercator")
    play(right, script("tool"), io.StringIO())
    assert g.state.hash() == right.state.hash() and g.history == right.history


def test_r_is_refused_where_the_game_draws_the_dice():
    g = Game.new(SOLO, seed=5)
    out = io.StringIO()
    play(g, script("r", "q", "n"), out)
    assert "refused: Dice: the dice are drawn by the game, not typed in: an outcome is final" in out.getvalue()
    with pytest.raises(IllegalAction, match="no die has been entered yet"):
        Game.new({**SOLO, "manual_dice": True}, seed=5).retype_outcome()


@pytest.mark.parametrize("typed", ["²", "٣", "-²"])
def test_digits_that_are_not_ascii_are_refused_not_a_crash(typed):
    g = at_roll("architect")
    n = len(g.history)
    out = io.StringIO()
    play(g, script(typed, "2"), out)
    assert "refused: Contrarius:" in out.getvalue() and g.history[n] == ("roll", 2)
    g = Game.new(SOLO, seed=5)
    out = io.StringIO()
    play(g, script(typed, "q", "n"), out)
    assert "enter a number from 1 to" in out.getvalue()


def test_a_fault_of_the_program_keeps_the_game(tmp_path, monkeypatch):
    """An unexpected error (here a broken screen) saves the game before the traceback, and says where."""
    monkeypatch.chdir(tmp_path)

    def broken(*a, **k):
        raise RuntimeError("a bug")
    monkeypatch.setattr(screen, "render_board", broken)
    out = io.StringIO()
    assert main(args(seed=9), script("2", "b"), out) == 1
    assert "the game so far is in solitaria-9-rescued.json" in out.getvalue()
    assert len(Game.load(tmp_path / "solitaria-9-rescued.json").history) >= 1


def test_options_given_with_load_that_the_saved_game_overrides_are_named(tmp_path):
    path = tmp_path / "auto.json"
    Game.new(SOLO, seed=3).save(path)
    out = io.StringIO()
    main(args(load=str(path), seed=4, board="cyprus", difficulty="expert", dice="manual"), script(), out)
    assert "(--seed 4, --board cyprus, --difficulty expert, --dice manual: the saved game keeps its own; ignored)" \
        in out.getvalue()


def test_saving_names_the_campaign_to_resume_with_and_a_game_is_recorded_once(tmp_path, campaigns_db):
    mine = tmp_path / "mine.json"
    out = io.StringIO()
    main(args(campaign="my own", campaign_db=str(campaigns_db)), script("1", f"s {mine}", "q", "n"), out)
    assert f"concordia solo --load {mine} --campaign 'my own' resumes it" in out.getvalue()
    for _ in range(2):  # the same saved game finished twice
        out = io.StringIO()
        assert main(args(load=str(mine), campaign="my own", campaign_db=str(campaigns_db)), script(then="1"), out) == 0
    assert "this game is recorded already; not recorded again" in out.getvalue()
    from sestertius.campaigns import CampaignStore
    store = CampaignStore(str(campaigns_db))
    assert len(store.get("my own").games) == 1
    store.close()


# -- what the menus show --------------------------------------------------------------------------------------------
def test_cards_that_share_a_name_are_told_apart():
    g = Game.new(SOLO, seed=5)
    g.state.players[0].hand.append("mercator_sale")  # bought from the display
    view = json.loads(json.dumps(g.view(0)))
    texts = dict(screen.decisions(view["legal"]))
    assert texts[("play", "mercator")] == "play Mercator (3 sestertii)"
    assert texts[("play", "mercator_sale")] == "play Mercator (5 sestertii)"
    assert texts[("play", "architect")] == "play Architect"  # the Architects of solo play do the same
    assert "Mercator (3 sestertii), Senator, Diplomat (Jupiter), Mercator (5 sestertii)" in screen.render_state(view)


def test_the_trade_menu_shows_prices_and_money():
    g = Game.new(SOLO, seed=5)
    out = io.StringIO()
    mercator = 1 + g.legal_actions().index(("play", "mercator"))
    play(g, script(str(mercator)), out)
    me = g.view(0)["players"][0]
    text = out.getvalue()
    goods = " ".join(f"{k} {n}" for k, n in me["goods"].items() if n)
    assert (f"You have {me['money']} sestertii · {goods} ({me['storehouse']['used']}/12) · prices: brick 3, food 4, "
            f"tool 5, wine 6, cloth 7") in text
    assert "sell 1 food for 4 sestertii" in text and "buy 1 cloth for 7 sestertii" in text


def test_a_step_with_one_choice_has_a_default():
    g = Game.new(SOLO, seed=5)
    while len(g.legal_actions()) > 1 or g.current_step()[0] in ("contrarius_move", "contrarius_line"):
        g.apply(g.legal_actions()[0])
    only = g.legal_actions()[0]
    (_, text), = screen.decisions(g.view(0)["legal"])
    n = len(g.history)
    out = io.StringIO()
    play(g, script(""), out)  # Enter alone
    assert f"   1. {text} [default]" in out.getvalue() and g.history[n] == only

