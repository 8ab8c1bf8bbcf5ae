"""The learned evaluation (the judge of turn ends of medium and master): the hand-made estimate plus the model's
correction, read from the same numbers after a save and a load, seeded; the training tool's files survive a stop
(its pipeline end to end: tests/bots/test_advantage.py)."""
from __future__ import annotations

import random
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
OPTIONS = [
    {"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"},
    {"board": "imperium", "players": 2, "mode": "team"},
    {"board": "italia", "players": 3},
]


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


def test_a_model_reads_the_same_after_a_save_and_a_load(tmp_path):
    rnd = random.Random(2)
    model = ValueModel("saved", NAMES, {role: (round(rnd.gauss(0, 3), 6),
                                               tuple(round(rnd.gauss(0, 0.5), 6) for _ in NAMES))
                                        for role in ("player", "automaton", "base")}, {"trained_on": "a test"})
    path = tmp_path / "m.json"
    model.save(path)
    again = ValueModel.load(path)
    assert again.roles == model.roles and again.meta == model.meta and again.version == "saved"
    for options in OPTIONS:
        for g in states(options, seed=9):
            assert LearnedEvaluator(again).estimates(g.state) == LearnedEvaluator(model).estimates(g.state)
            assert LearnedEvaluator(model).estimates(g.state) != Evaluator().estimates(g.state)


def test_a_model_of_other_features_is_refused():
    d = HAND_ONLY.to_json()
    d["names"] = d["names"][:-1]
    with pytest.raises(ValueError, match="features"):
        ValueModel.from_json(d)


def test_the_packaged_model_says_what_it_is():
    model = packaged("turn_ends")
    assert model is packaged()  # the default, read once
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


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz"])
def test_a_file_cut_short_by_a_stop_keeps_its_whole_records(tmp_path, suffix):
    sys.path.insert(0, str(ROOT / "tools"))
    import training_files as train
    path = tmp_path / f"rows{suffix}"
    for k in range(2):
        train.append_line(path, {"cell": "c", "seed": k})
    whole = path.read_bytes()
    path.write_bytes(whole + (whole[:25] if suffix.endswith(".gz") else b'{"cell": "c", "se'))  # a cut append
    assert [r["seed"] for r in train.read_lines(path)] == [0, 1]
    train.repair(path)
    train.append_line(path, {"cell": "c", "seed": 2})
    assert [r["seed"] for r in train.read_lines(path)] == [0, 1, 2]
