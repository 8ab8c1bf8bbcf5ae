"""Simulations on every core and on Ray give the results of one process for the same seeds; tournaments rate bots
with Elo ratings and intervals, through the same path."""
from __future__ import annotations

import json
import math

import pytest

from sestertius import GameOptions
from sestertius.cli import main
from sestertius.cli.simulate import run_simulation
from sestertius.research.parallel import PlayedGame, chunks, play_jobs, simulation_jobs
from sestertius.research.tournament import bradley_terry, lineups, run_tournament, standard_errors

TIMINGS = ("seconds", "games_per_second", "decisions_per_second", "workers")


def same_report(a: dict, b: dict) -> bool:
    return {k: v for k, v in a.items() if k not in TIMINGS} == {k: v for k, v in b.items() if k not in TIMINGS}


def test_two_workers_give_the_report_of_one():
    kw = {"board": "italia", "players": 3, "games": 12, "seed": 40, "progress": False}
    one = run_simulation(**kw, workers=1)
    two = run_simulation(**kw, workers=2)
    assert one["games"] == 12 and sum(one["wins"].values()) == 12
    assert same_report(one, two) and two["workers"] == 2


def test_played_games_come_back_in_the_order_of_their_seeds_whatever_the_chunks():
    options = GameOptions.from_dict({"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"})
    jobs = simulation_jobs(options, 7, 9, ["random"], 3000)
    one = list(play_jobs(jobs, workers=1))
    three = list(play_jobs(jobs, workers=3))
    assert [g.seed for g in three] == list(range(7, 16)) and one == three
    assert all(g.is_over and "contrarius" in g.result() for g in one)  # answers like a finished Game
    assert [len(c) for c in chunks(jobs, 2)] == [1] * 9
    many = simulation_jobs(options, 0, 1005, ["random"], 3000)
    assert [len(c) for c in chunks(many, 2)] == [10] * 100 + [5]  # small chunks: the last one decides the end


def test_played_game_answers_as_the_game_does():
    from sestertius.research.play import play_game
    options = GameOptions.from_dict({"board": "hellas", "players": 2})
    game = play_game(options, 3, ["random"])
    played = list(play_jobs(simulation_jobs(options, 3, 1, ["random"], 3000)))[0]
    assert isinstance(played, PlayedGame)
    assert (played.scores(), played.ranking(), played.result(), len(played.history), played.state.turn) == \
        (game.scores(), game.ranking(), game.result(), len(game.history), game.state.turn)


def test_the_command_takes_workers_and_gives_the_same_statistics(capsys):
    args = ["simulate", "--board", "italia", "--players", "2", "--games", "6", "--seed", "3", "--json",
            "--no-progress"]
    assert main(args + ["--workers", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(args + ["--workers", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert same_report(one, two)


def test_bradley_terry_ratings_and_intervals():
    results = [("a", "b")] * 30 + [("b", "a")] * 10
    theta = bradley_terry(results, ["a", "b"])
    # with one virtual draw: 30.5 wins against 10.5
    assert theta["a"] - theta["b"] == pytest.approx(math.log(30.5 / 10.5), abs=1e-6)
    se = standard_errors(theta, results, ["a", "b"])
    p = 30.5 / 41
    assert se["a"] == pytest.approx(0.5 / math.sqrt(41 * p * (1 - p)), rel=1e-6)  # half the difference's error


def test_lineups_seat_every_bot_everywhere():
    assert lineups(["random", "greedy"], 2) == [("random", "greedy"), ("greedy", "random")]
    three = lineups(["a", "b"], 3)
    assert len(three) == 6 and all(len(set(t)) == 2 for t in three)
    assert lineups(["a"], 2) == [("a", "a")]


def test_a_tournament_rates_the_greedy_bot_above_the_random_one_with_any_number_of_workers(capsys):
    solo = GameOptions.from_dict({"board": "italia", "players": 1, "mode": "solo"})
    assert run_tournament(solo, ["random"], games=6, seed=1, workers=1) == \
        run_tournament(solo, ["random"], games=6, seed=1, workers=2)
    two = run_tournament(GameOptions.from_dict({"board": "italia", "players": 2}), ["random", "greedy"], games=2,
                         seed=1, workers=2)  # the greedy bot is slow: two games, one in each seat
    best = two["standings"][0]
    assert best["name"] == "greedy" and best["wins"] == 2 and best["low"] < best["elo"] < best["high"]
    assert main(["tournament", "--bots", "random", "--mode", "solo", "--players", "1", "--games", "3",
                 "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "contrarius" in out and "random" in out and "95% interval" in out
    assert main(["tournament", "--bots", "random,nobody", "--games", "1"]) == 2


@pytest.mark.cluster
def test_ray_gives_the_results_of_a_local_run():
    pytest.importorskip("ray")
    options = GameOptions.from_dict({"board": "italia", "players": 2})
    jobs = simulation_jobs(options, 100, 8, ["random"], 3000)
    assert list(play_jobs(jobs, ray="local")) == list(play_jobs(jobs))
