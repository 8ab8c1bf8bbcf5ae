"""tools/branch_noise.py: the replicated branches and what is read from them (the decision's worth against luck)."""
from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from sestertius.bots.learned import HAND_ONLY

ROOT = Path(__file__).resolve().parents[2]


def tool():
    sys.path.insert(0, str(ROOT / "tools"))
    spec = importlib.util.spec_from_file_location("branch_noise", ROOT / "tools" / "branch_noise.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("start", [False, True])
def test_each_branch_is_played_out_twice_from_other_luck_and_replays(start):
    noise = tool()
    job = (("solo:italia:standard", 11, HAND_ONLY.to_json(), "quick", 2, 4), start)
    one, two = noise.replicated(job), noise.replicated(job)
    assert one == two  # seeded: the same record again
    assert one["luck_from"] == ("start" if start else "end")
    ranks = [b["rank"] for b in one["branches"]]
    assert ranks[0] == 0 and len(ranks) == 3 and len(set(ranks)) == 3
    assert all(len(b["margins"]) == 2 and None not in b["margins"] for b in one["branches"])
    # the two replicates draw other luck: over the branches some margin differs (a quick game's play-out of 20+
    # turns of Contrarius' dice and card draws)
    assert any(b["margins"][0] != b["margins"][1] for b in one["branches"])


def record(worths, luck, rng, judged=None):
    """A replicated game of three branches whose margins are a decision's worth plus each replicate's luck; the
    search's value of each branch ``judged(worth)`` (0 if not given)."""
    rows = [["player", [0.0] * len(HAND_ONLY.names)], ["automaton", [0.0] * len(HAND_ONLY.names)]]
    return {"branches": [{"rank": i, "value": judged(w) if judged else 0.0, "rows": rows,
                          "margins": [w + rng.gauss(0, luck), w + rng.gauss(0, luck)]} for i, w in enumerate(worths)]}


def test_the_summary_separates_the_decision_from_the_luck():
    noise = tool()
    rng = random.Random(3)
    # the best branch worth 0, the others a decision worth N(0, 6); each play-out's luck N(0, 10): a pair's luck
    # is the difference of two play-outs', sd 10 * sqrt(2)
    records = [record([0.0, rng.gauss(0, 6), rng.gauss(0, 6)], 10.0, rng) for _ in range(4000)]
    s = noise.summary(records, None)
    assert s["pairs"] == 8000
    assert s["sd_decision"] == pytest.approx(6.0, abs=0.6)
    assert s["sd_luck"] == pytest.approx(10.0 * 2 ** 0.5, abs=0.5)
    assert abs(s["mean_difference"]) < 3 * s["mean_difference_se"]
    assert "r_search" not in s and "r_hand" not in s  # every value 0: no correlation is claimed


def test_a_judge_is_read_by_its_correlation_with_the_worth_not_with_the_luck():
    noise = tool()
    rng = random.Random(4)

    def cell(judged):
        return [record([0.0, rng.gauss(0, 6), rng.gauss(0, 6)], 10.0, rng, judged) for _ in range(3000)]

    # a value of the worth plus noise of its own, as large: its difference has variance 36 + 2 * 36, its
    # covariance with the worth 36, so r = 36 / sqrt(108 * 36) = 0.577
    assert noise.summary(cell(lambda w: w + rng.gauss(0, 6)), None)["r_search"] == pytest.approx(0.577, abs=0.07)
    assert abs(noise.summary(cell(lambda w: rng.gauss(0, 6)), None)["r_search"]) < 0.07  # blind to the worth
