"""The strength benchmark's experiment tools (benchmarks/bot_strength.py): ``--set`` changes the measured search bot
and nothing else, refuses names it does not know, and ``--pair`` compares two runs game by game."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from sestertius.bots import make_bot
from sestertius.bots.search.evaluate import DEFAULT

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import bot_strength
import fit_weights

ROOT = Path(__file__).resolve().parents[2]


def test_set_changes_weights_numbers_and_level_of_that_bot_only():
    bot = bot_strength.changed(make_bot("medium", 3), "P.wealth=0.4; A.reactions=2;B.hand=0;build_rate=0.3;"
                                                      "goods_stock=3;L.width=5")
    w = bot.evaluator.w
    assert (w.player["wealth"], w.automaton["reactions"], w.base["hand"]) == (0.4, 2.0, 0.0)
    assert w.build_rate == 0.3 and w.goods_stock == 3 and isinstance(w.goods_stock, int)
    assert bot.level.width == 5 and bot.level.samples == 2  # the other fields of medium kept
    assert bot.name == "medium+P.wealth=0.4; A.reactions=2;B.hand=0;build_rate=0.3;goods_stock=3;L.width=5"
    # the shared default weights and a fresh bot are untouched
    assert DEFAULT.player["wealth"] == 0.25 and DEFAULT.build_rate == 0.4
    assert make_bot("medium", 3).evaluator.w.player["wealth"] == 0.25
    assert make_bot("medium", 3).level.width == 8


@pytest.mark.parametrize(("spec", "words"), [
    ("P.nothing=1", "no feature 'nothing' in the P set"),
    ("L.depthh=2", "the level has no number 'depthh'"),
    ("L.name=2", "the level has no number 'name'"),
    ("L.ends=1", "the level has no number 'ends'"),  # a packaged model's name, not a number
    ("player=1", "unknown name 'player'"),
    ("sigma_turns=1", "unknown name 'sigma_turns'"),
    ("spread=1", "unknown name 'spread'"),  # not a number: what hints show, not how the bot plays
    ("P.wealth=much", "the value must be a number"),
])
def test_set_refuses_what_it_does_not_know(spec, words):
    with pytest.raises(SystemExit, match=words):
        bot_strength.changed(make_bot("hard", 1), spec)


def test_set_is_for_the_search_bot():
    with pytest.raises(SystemExit, match="search bot only"):
        bot_strength.changed(make_bot("greedy", 1), "P.wealth=1")
    greedy = make_bot("greedy", 1)
    assert bot_strength.changed(greedy, "") is greedy


def test_a_changed_bot_plays_a_game_and_its_record_says_how_it_was_changed():
    r = bot_strength.play(("solo:italia:standard", 11, "medium", 0, "L.width=2;L.samples=1"))
    assert r["over"] and r["set"] == "L.width=2;L.samples=1" and r["cell"] == "solo:italia:standard"
    assert "set" not in bot_strength.play(("solo:italia:standard", 11, "medium", 0, ""))


def _game(seed, margin, win):
    return {"cell": "c", "seed": seed, "margin": margin, "win": win}


def test_paired_counts_only_the_seeds_both_played():
    a = [_game(1, 1, True), _game(2, -2, False), _game(3, 5, True), _game(4, 9, True)]
    b = [_game(1, 3, True), _game(2, -2, False), _game(3, -2, False), _game(5, 7, True)]
    r = bot_strength.paired(a, b)
    # differences 2, 0, -7: mean -5/3, sample standard deviation sqrt(((11/3)^2 + (5/3)^2 + (16/3)^2) / 2)
    sd = ((11 / 3) ** 2 + (5 / 3) ** 2 + (16 / 3) ** 2) ** 0.5 / 2 ** 0.5
    assert r["games"] == 3 and r["diff"] == pytest.approx(-5 / 3)
    assert r["high"] - r["diff"] == pytest.approx(1.96 * sd / 3 ** 0.5)
    assert (r["only_a"], r["only_b"]) == (1, 0)


def test_pair_prints_the_table_of_two_files(tmp_path, monkeypatch, capsys):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("".join(json.dumps(g) + "\n" for g in [_game(1, 1, True), _game(2, -4, False)]))
    b.write_text("".join(json.dumps(g) + "\n" for g in [_game(1, 2, True), _game(2, 0, False)]))
    monkeypatch.setattr(sys, "argv", ["bot_strength.py", "--pair", str(a), str(b)])
    bot_strength.main()
    out = capsys.readouterr().out
    assert "| c | 2 | +2.50 (" in out


def test_a_resumed_run_brings_its_cells_up_together():
    seen = {("a", 100 + i) for i in range(3)} | {("b", 101)}
    order = [(cell, seed) for cell, seed, _, _, _ in bot_strength.schedule(["a", "b"], 5, 100, "hard", "", seen)]
    # a has played 3 of its 5 games, b 1: their next games take turns, each cell's own in seed order
    assert order == [("a", 103), ("b", 100), ("a", 104), ("b", 102), ("b", 103), ("b", 104)]
    tasks = bot_strength.schedule(["a"], 2, 7, "medium", "L.width=3", set())
    assert tasks == [("a", 7, "medium", 0, "L.width=3"), ("a", 8, "medium", 1, "L.width=3")]


def test_the_fit_finds_the_weights_that_made_the_scores():
    """``fit_role``: final minus now made as 2 x a + 0.5 x b is fitted back (a light pull towards the prior)."""
    rows = [{"now": 10.0 * i, "f": {"a": float(i % 7), "b": float(i % 5 + i % 3)}} for i in range(60)]
    for r in rows:
        r["final"] = r["now"] + 2 * r["f"]["a"] + 0.5 * r["f"]["b"]
    fitted, before, after = fit_weights.fit_role(rows, {"a": 1.0, "b": 1.0}, pull=1e-6)
    assert fitted == pytest.approx({"a": 2.0, "b": 0.5}, abs=1e-3)
    assert after < 1e-2 < before


def test_the_fit_writes_the_forecast_set_only(tmp_path):
    """``--write`` replaces the forecast set in the weights file and keeps everything else (the sets the bot plays
    with are chosen in play); a file without the set is refused."""
    source = (ROOT / "sestertius" / "bots" / "search" / "weights.py").read_text(encoding="utf-8")
    path = tmp_path / "weights.py"
    path.write_text(source, encoding="utf-8")
    for value in (1.5, 2.5):  # the second time over a written set
        fit_weights.write_forecast(path, {"cards": value, "assets": 0.25})
        fit_weights.write_forecast(path, {"cards": value}, "FORECAST_PLAYER")
        text = path.read_text(encoding="utf-8")
        space: dict[str, object] = {}
        exec(compile(text.replace("from sestertius.bots.greedy import PIECE_WORTH", "PIECE_WORTH = {}"), "w", "exec"),
             space)
        assert space["FORECAST_SCALE"] == {"cards": value, "assets": 0.25}
        assert space["FORECAST_PLAYER"] == {"cards": value}
        assert text.split("FORECAST_SCALE")[0] == source.split("FORECAST_SCALE")[0]
        assert text.split("FORECAST_AUTOMATON =")[1] == source.split("FORECAST_AUTOMATON =")[1]  # the rest kept
    (tmp_path / "other.py").write_text("X = 1\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="no FORECAST_SCALE"):
        fit_weights.write_forecast(tmp_path / "other.py", {"cards": 1.0})


def test_the_fit_measures_the_spread_of_the_final_margin_and_writes_it(tmp_path):
    """``spread``: misses of the final margin about the forecast's of 10 + 1 x turns left (both signs) are fitted
    back as a = 10, b = 1, against Contrarius (the players' mean less Contrarius) and in base games (seat 0 less the
    best other), by the sides the rows name; ``write_spread`` puts the pair in place of its assignment."""
    rows = []
    for seed, t in enumerate((1.5, 4.5, 7.5, 10.5) * 2):
        miss = (10 + t) * (1 if seed % 2 else -1)
        team = {"side": [0, 1], "others": [[2]]}  # two players against Contrarius
        rows += [{"seed": seed, "seat": 0, "role": "player", "now": 0.0, "f": {"time": t}, "final": 50 + miss, **team},
                 {"seed": seed, "seat": 1, "role": "player", "now": 0.0, "f": {"time": t}, "final": 50 + miss},
                 {"seed": seed, "seat": 2, "role": "automaton", "now": 0.0, "f": {"time": t}, "final": 50.0}]
        alone = {"side": [0], "others": [[1], [2]]}
        rows += [{"seed": 100 + seed, "seat": 0, "role": "base", "now": 0.0, "f": {"time": t}, "final": 60 + miss,
                  **alone},
                 {"seed": 100 + seed, "seat": 1, "role": "base", "now": 0.0, "f": {"time": t}, "final": 60.0},
                 {"seed": 100 + seed, "seat": 2, "role": "base", "now": 0.0, "f": {"time": t}, "final": 20.0}]
    sets: dict[str, dict[str, float]] = {"player": {}, "automaton": {}, "base": {}}
    for kind in ("contrarius", "base"):
        a, b, n = fit_weights.spread(rows, sets, kind)
        assert (a, b, n) == (pytest.approx(10.0), pytest.approx(1.0), 8)
    path = tmp_path / "weights.py"
    path.write_text("X = 1\nSPREAD_BASE = (6.0, 2.2)\nY = 2\n", encoding="utf-8")
    del rows[0]["side"]  # a row written before ``play`` named the sides: refused, not guessed
    with pytest.raises(SystemExit, match="rows without sides"):
        fit_weights.spread(rows, sets, "contrarius")
    fit_weights.write_spread(path, "SPREAD_BASE", (16.18, 0.03))
    assert path.read_text(encoding="utf-8") == "X = 1\nSPREAD_BASE = (16.18, 0.03)\nY = 2\n"
    with pytest.raises(SystemExit, match="no SPREAD_CONTRARIUS"):
        fit_weights.write_spread(path, "SPREAD_CONTRARIUS", (1.0, 1.0))


def test_the_spread_counts_the_margin_by_the_sides_the_rows_name():
    """Contrarius as a third player: seat 0 plays against the other player and Contrarius alike (its margin is
    itself less the best of them), not with the other player as a team."""
    pos = [{"seed": 1, "seat": 0, "role": "player", "now": 0.0, "f": {}, "final": 100.0, "side": [0],
            "others": [[1], [2]]},
           {"seed": 1, "seat": 1, "role": "player", "now": 0.0, "f": {}, "final": 120.0, "side": [1],
            "others": [[0], [2]]},
           {"seed": 1, "seat": 2, "role": "automaton", "now": 0.0, "f": {}, "final": 90.0, "side": [2],
            "others": [[0], [1]]}]
    assert fit_weights.side_margin(pos, lambda r: r["final"]) == -20.0  # 100 less 120 (not 110 less 90)
    team = [dict(r, side=[0, 1], others=[[2]]) for r in pos]
    assert fit_weights.side_margin(team, lambda r: r["final"]) == 20.0  # Solitaria's team play: 110 less 90
