"""The learned evaluation (level master): the hand-made estimate plus the model's correction, read from the same
numbers after a save and a load, seeded, and its training pipeline (tools/train_value.py) end to end at tiny size:
self-play, fit, paired evaluation, the learning curve, a resumed run that plays nothing again, and the records of
a generation's games replayed from their seeds."""
from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from sestertius import Game
from sestertius.bots import make_bot
from sestertius.bots.learned import HAND_ONLY, NAMES, LearnedEvaluator, ValueModel, packaged
from sestertius.bots.learned.model import seat_rows
from sestertius.bots.search import Evaluator, SearchBot
from sestertius.bots.search import bot as bot_module

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "train_value.py"
OPTIONS = [
    {"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"},
    {"board": "imperium", "players": 2, "mode": "team"},
    {"board": "italia", "players": 3},
]


def tool():
    spec = importlib.util.spec_from_file_location("train_value", TOOL)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def states(options: dict, seed: int = 5, every: int = 40, count: int = 4):
    game = Game.new(options, seed=seed)
    rnd = random.Random(seed)
    out = []
    while not game.is_over and len(out) < count:
        game.apply(rnd.choice(game.legal_actions()))
        if len(game.history) % every == 0:
            out.append(game.copy())
    return out


@pytest.mark.parametrize("options", OPTIONS)
def test_without_a_correction_the_estimate_is_the_hand_made_one(options):
    for g in states(options):
        assert LearnedEvaluator(HAND_ONLY).estimates(g.state) == Evaluator().estimates(g.state)


def test_the_correction_is_the_bias_plus_the_coefficients_times_the_features():
    g = states(OPTIONS[0])[-1]
    s = g.state
    money = NAMES.index("money")
    coef = tuple(0.5 if i == money else 0.0 for i in range(len(NAMES)))
    model = ValueModel("test", NAMES, {"player": (3.0, coef)})
    hand = Evaluator().estimates(s)
    learned = LearnedEvaluator(model).estimates(s)
    automaton = s.rules.mode.automaton(s)
    for seat in range(s.n):
        expected = hand[seat] if seat == automaton else hand[seat] + 3.0 + 0.5 * s.players[seat].money
        assert learned[seat] == pytest.approx(expected)
    assert [r for r, _ in seat_rows(s)] == ["player" if i != automaton else "automaton" for i in range(s.n)]


def test_a_fitted_model_reads_the_same_after_a_save_and_a_load(tmp_path):
    pytest.importorskip("numpy")
    train = tool()
    rows = []
    for k, options in enumerate(OPTIONS[:1] * 3):
        for g in states(options, seed=k, every=15, count=30):
            finals = [float(x) for x in range(len(g.state.players))]
            for seat, (role, x) in enumerate(seat_rows(g.state)):
                rows.append({"role": role, "x": x, "final": 100.0 + 2 * finals[seat] + x[NAMES.index("money")],
                             "game": k})
    model, report = train.fit(rows, "fitted", holdout=3, least=10)
    assert set(model.roles) == {"player", "automaton"} and report["player"]["rows"] >= 10
    path = tmp_path / "m.json"
    model.save(path)
    again = ValueModel.load(path)
    assert again.roles == model.roles
    for g in states(OPTIONS[0], seed=9):
        assert LearnedEvaluator(again).estimates(g.state) == LearnedEvaluator(model).estimates(g.state)


def test_a_model_of_other_features_is_refused():
    d = HAND_ONLY.to_json()
    d["names"] = d["names"][:-1]
    with pytest.raises(ValueError, match="features"):
        ValueModel.from_json(d)


@pytest.mark.parametrize("name", ["value", "turn_ends"])
def test_the_packaged_models_say_what_they_are(name):
    model = packaged(name)
    assert model.names == NAMES
    if model.roles:  # a trained model: its version, training set and date
        assert model.meta["trained_on"] and model.meta["date"] and model.version != "hand"


def test_medium_and_master_judge_the_ends_of_turns_by_the_packaged_model_and_hard_does_not():
    for level in ("medium", "master"):
        bot = make_bot(level, 3)
        assert isinstance(bot, SearchBot) and isinstance(bot.ends, LearnedEvaluator)
        assert bot.ends.model is packaged("turn_ends") and type(bot.evaluator) is Evaluator
    hard = make_bot("hard", 3)
    assert isinstance(hard, SearchBot) and hard.ends is None


def test_a_bot_with_the_learned_evaluation_replays():
    game = states(OPTIONS[0], seed=4, every=30, count=1)[0]
    while game.to_act() is None or game.to_act() < 0 or len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])

    def choices(seed: int) -> list:
        bot_module._PLANS.clear()  # no plan kept by the run before: each run searches its own
        g = game.copy()
        bot = SearchBot(seed, "medium", evaluator=LearnedEvaluator(packaged()))
        made = []
        for _ in range(12):
            if g.is_over:
                break
            legal = g.legal_actions()
            a = legal[0] if len(legal) == 1 or g.to_act() != 0 else bot.choose(g, legal)
            made.append(a)
            g.apply(a)
        return made

    assert choices(7) == choices(7)


def test_the_pipeline_trains_judges_resumes_and_replays(tmp_path):
    pytest.importorskip("numpy")
    out = tmp_path / "run"
    cmd = [sys.executable, str(TOOL), "run", "--out", str(out), "--generations", "2", "--games", "2",
           "--eval-games", "1", "--cells", "solo:italia:standard", "--shrinks", "0.5,1", "--procs", "1"]
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    curve = [json.loads(line) for line in (out / "curve.jsonl").read_text().splitlines()]
    assert [c["generation"] for c in curve] == [1, 2]
    for c in curve:
        assert c["paired"]["games"] == 1 and set(c["tried"]) == {f"gen-00{c['generation']}-x0.5",
                                                                  f"gen-00{c['generation']}-x1"}
        assert c["kept"] == (c["paired"]["diff"] > 0)
        assert c["fit"]["player"]["rows"] > 50
    files = {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and p.name != "config.json"}
    again = subprocess.run(cmd, check=True, capture_output=True, env=env, text=True)
    assert "self-play:" not in again.stdout and "evaluation of" not in again.stdout.replace("evaluation of hand", "")
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and p.name != "config.json"} == files
    records = tmp_path / "records"
    done = subprocess.run([sys.executable, str(TOOL), "records", str(out), "--records", str(records)],
                          check=True, capture_output=True, env=env, text=True)
    assert "2 records" in done.stdout
    for path in records.glob("*.json"):
        game = Game.from_record(json.loads(path.read_text()))
        assert game.is_over
    table = subprocess.run([sys.executable, str(TOOL), "curve", str(out)], check=True, capture_output=True,
                           env=env, text=True).stdout
    assert table.count("| gen-00") == 2
    judged = subprocess.run([sys.executable, str(TOOL), "judge", str(out), "--games", "1", "--procs", "1"],
                            check=True, capture_output=True, env=env, text=True).stdout
    assert "over 1 paired games" in judged and "solo:italia:standard" in judged


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz"])
def test_a_file_cut_short_by_a_stop_keeps_its_whole_records(tmp_path, suffix):
    train = tool()
    path = tmp_path / f"rows{suffix}"
    for k in range(2):
        train.append_line(path, {"cell": "c", "seed": k})
    whole = path.read_bytes()
    path.write_bytes(whole + (whole[:25] if suffix.endswith(".gz") else b'{"cell": "c", "se'))  # a cut append
    assert [r["seed"] for r in train.read_lines(path)] == [0, 1]
    train.repair(path)
    train.append_line(path, {"cell": "c", "seed": 2})
    assert [r["seed"] for r in train.read_lines(path)] == [0, 1, 2]
