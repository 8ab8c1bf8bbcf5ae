"""The command line: simulate prints statistics, replay checks a saved game and refuses a corrupt one, the options'
choices come from the engine and a combination it refuses stops the command (exit code 2) with its reason."""
import json
import random
import subprocess
import sys

import pytest

import sestertius
from sestertius.cli import main
from sestertius.rules.game import Game


def test_simulate_prints_distribution_and_speed(capsys):
    assert main(["simulate", "--board", "italia", "--players", "2", "--games", "3", "--seed", "7",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "3 games of italia" in out
    assert "games/s" in out and "decisions/s" in out
    assert "seat 1" in out and "seat 2" in out and "median" in out


def test_simulate_json_is_reproducible(capsys):
    args = ["simulate", "--board", "imperium", "--players", "4", "--games", "2", "--seed", "3", "--json",
            "--no-progress"]
    main(args)
    first = json.loads(capsys.readouterr().out)
    main(args)
    second = json.loads(capsys.readouterr().out)
    assert first["scores"] == second["scores"]
    assert first["games"] == 2 and sum(first["wins"].values()) == 2


def test_simulate_greedy_bot_beats_random_mostly(capsys):
    main(["simulate", "--board", "italia", "--players", "2", "--games", "4", "--seed", "1",
          "--bot", "greedy,random", "--json", "--no-progress"])
    report = json.loads(capsys.readouterr().out)
    assert report["wins"]["seat 1"] >= 3


def _played(seed=5, n=60):
    g = Game.new({"board": "italia", "players": 2}, seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_replay_checks_a_saved_game(tmp_path, capsys):
    g = _played()
    path = tmp_path / "g.json"
    g.save(path)
    assert main(["replay", str(path)]) == 0
    assert g.state.hash() in capsys.readouterr().out


def test_replay_refuses_a_tampered_game(tmp_path, capsys):
    g = _played()
    rec = g.record()
    rec["state_hash"] = "0" * 16
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 1
    assert "state hash mismatch" in capsys.readouterr().err


def _damaged(tmp_path):
    rec = _played().record()
    text = json.dumps(rec)
    files = {
        "latin-1.json": text.replace('"italia"', '"it\u00e1lia"').encode("latin-1"),
        "deep.json": b"[" * 200_000 + b"]" * 200_000,
        "long-seed.json": text.replace('"seed": 5', '"seed": ' + "9" * 5000).encode(),
        "players-2.0.json": text.replace('"players": 2', '"players": 2.0').encode(),
        "difficulty.json": json.dumps({**rec, "options": {**rec["options"], "difficulty": ["expert"]}}).encode(),
        "deciders.json": json.dumps({**rec, "deciders": [1 - d for d in rec["deciders"]]}).encode(),
        "float-decision.json": json.dumps({**rec, "actions": [[x + 0.0 if type(x) is int else x for x in a]
                                                              for a in rec["actions"]]}).encode(),
        "empty.json": b"",
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    return [tmp_path / name for name in files]


def test_replay_refuses_each_damaged_record_in_one_line(tmp_path, capsys):
    for path in _damaged(tmp_path):
        assert main(["replay", str(path)]) == 1, path.name
        captured = capsys.readouterr()
        lines = captured.err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("refused: ") and captured.out == "", (path.name, captured)


def test_replay_of_damaged_records_in_a_process_prints_no_traceback(tmp_path):
    paths = _damaged(tmp_path)
    for path in paths[:3]:  # the ones that failed inside Python's own readers
        out = subprocess.run([sys.executable, "-m", "sestertius", "replay", str(path)], capture_output=True,
                             text=True, timeout=120)
        assert out.returncode == 1 and "Traceback" not in out.stderr and out.stderr.startswith("refused: "), out


def test_replay_says_when_a_record_holds_no_state_hash(tmp_path, capsys):
    rec = _played().record()
    del rec["state_hash"]
    path = tmp_path / "no-hash.json"
    path.write_text(json.dumps(rec))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "no state hash, so there was none to check" in out and "matches" not in out


def test_python_dash_m_runs_the_command():
    out = subprocess.run([sys.executable, "-m", "sestertius", "simulate", "--board", "italia", "--players",
                          "2", "--games", "1", "--no-progress"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "1 games of italia" in out.stdout


def test_simulate_stops_games_the_bots_hold_and_says_so(capsys):
    assert main(["simulate", "--board", "italia", "--players", "2", "--games", "2", "--seed", "1",
                 "--max-turns", "5", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "2 game(s) stopped unfinished after 5 turns" in out and "score distribution" not in out


# -- the options come from the engine's table; refused combinations stop before any game ---------------------------
def _choices_of(command: str) -> dict[str, list]:
    from sestertius.cli import parser
    sub = next(a for a in parser()._actions if a.dest == "command").choices[command]
    return {a.dest: list(a.choices) for a in sub._actions if a.choices}


def test_option_choices_come_from_the_engine():
    from sestertius import choices
    table = choices()
    for command in ("simulate", "solo"):
        got = _choices_of(command)
        assert got["board"] == [b["name"] for b in table["boards"]]
        assert got["difficulty"] == table["difficulties"]
    got = _choices_of("simulate")
    assert got["mode"] == [m["name"] for m in table["modes"]]
    assert got["fish_market"] == [f["name"] for f in table["fish_market"]]
    assert got["display"] == table["displays"]


@pytest.mark.parametrize("args, options", [
    (["--mode", "team", "--players", "3"], {"board": "imperium", "players": 3, "mode": "team"}),
    (["--mode", "solo", "--board", "balearica", "--fish-market", "coastal"],
     {"board": "balearica", "players": 1, "mode": "solo", "fish_market": "coastal"}),
    (["--mode", "solo", "--board", "balearica"], {"board": "balearica", "players": 1, "mode": "solo"}),
    (["--mode", "solo", "--players", "2", "--venus"],
     {"board": "imperium", "players": 2, "mode": "solo", "venus": True}),
    (["--players", "1"], {"board": "imperium", "players": 1}),
    (["--mode", "solo", "--players", "3"], {"board": "imperium", "players": 3, "mode": "solo"}),
])
def test_simulate_refuses_what_the_engine_refuses(args, options, monkeypatch, capsys):
    import sestertius.cli.simulate as simulate
    from sestertius import check_options

    def no_game(*a, **k):  # pragma: no cover - the point: never reached
        raise AssertionError("a game was played")
    monkeypatch.setattr(simulate, "run_simulation", no_game)
    why = check_options(options)
    assert why
    assert main(["simulate", *args, "--games", "1", "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == f"concordia simulate: refused: {why}" and captured.out == ""


@pytest.mark.parametrize("args, words", [
    (["--seed", "-1"], "--seed: a seed is a whole number from 0 to 2**64 - 1, not -1"),
    (["--seed", str(2 ** 64 - 1), "--games", "2"], "not 18446744073709551616 (the games use seeds"),
    (["--games", "0"], "argument --games: must be 1 or more, not 0"),
    (["--max-turns", "-5"], "argument --max-turns: must be 1 or more, not -5"),
    (["--players", "2.5"], "argument --players: invalid int value: '2.5'"),
    (["--players", "9"], "players must be a whole number from 1 to 6, not 9"),
    (["--bot", "random,greedy"], "--bot names one bot for every seat or one per seat (4), not 2"),
    (["--mode", "solo", "--bot", "greedy,random"], "one per seat (1), not 2"),
])
def test_simulate_refuses_a_bad_option_in_one_line(args, words, capsys):
    try:
        code = main(["simulate", *args, "--no-progress", *([] if "--games" in args else ["--games", "1"])])
    except SystemExit as e:  # argparse's own refusals
        code = e.code
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1, captured
    assert captured.err.startswith("concordia simulate: refused: ") and words in captured.err, captured.err


def test_percentiles_lie_between_the_minimum_and_the_maximum_on_small_samples():
    from sestertius.cli.simulate import _summary
    for values in ([10, 20], [26, 28, 34], [1, 2, 3, 4, 100], [5, 5, 6]):
        s = _summary(values)
        assert s["min"] <= s["p10"] <= s["median"] <= s["p90"] <= s["max"], (values, s)
    assert _summary([26, 28, 34]) == {"mean": 29.33, "min": 26, "p10": 26.4, "median": 28, "p90": 32.8, "max": 34,
                                      "stdev": 3.4}


def _report(capsys, *args):
    assert main(["simulate", *args, "--json", "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


def _first_seats(options, games, seed=0):
    """The seat ranked first in each game the simulation plays (replayed here with the same bots and seeds)."""
    from sestertius import GameOptions
    from sestertius.research.play import play_game
    return [play_game(GameOptions.from_dict(options), seed + i, ["random"]).ranking()[0] for i in range(games)]


def test_team_games_count_wins_per_team(capsys):
    report = _report(capsys, "--mode", "team", "--players", "4", "--games", "4")
    firsts = _first_seats({"board": "imperium", "players": 4, "mode": "team"}, 4)
    assert report["team_wins"] == {"seats 1+3": sum(f in (0, 2) for f in firsts),
                                   "seats 2+4": sum(f in (1, 3) for f in firsts)}
    assert sum(report["team_wins"].values()) == 4
    main(["simulate", "--mode", "team", "--players", "4", "--games", "4", "--no-progress"])
    assert (f"wins by team: seats 1+3 {report['team_wins']['seats 1+3']}, seats 2+4 "
            f"{report['team_wins']['seats 2+4']}") in capsys.readouterr().out


def test_solitaria_shows_contrarius_wins(capsys):
    report = _report(capsys, "--mode", "solo", "--games", "4", "--seed", "2")
    firsts = _first_seats({"board": "imperium", "players": 1, "mode": "solo"}, 4, seed=2)
    assert report["wins"] == {"seat 1": firsts.count(0), "Contrarius": firsts.count(1)}
    assert report["win_rate"] == firsts.count(0) / 4
    main(["simulate", "--mode", "solo", "--games", "4", "--seed", "2", "--no-progress"])
    contrarius_row = next(line for line in capsys.readouterr().out.splitlines() if "Contrarius" in line)
    assert contrarius_row.split()[-1] == str(firsts.count(1))


def test_solitaria_team_play_counts_the_teams_wins_against_contrarius(capsys):
    report = _report(capsys, "--mode", "team", "--players", "2", "--board", "italia", "--games", "3")
    firsts = _first_seats({"board": "italia", "players": 2, "mode": "team"}, 3)
    assert report["wins"]["Contrarius"] == firsts.count(2)
    assert report["team_wins"] == {"seats 1+2": 3 - firsts.count(2)}
    assert report["win_rate"] == round((3 - firsts.count(2)) / 3, 3)


def test_simulate_refuses_an_unknown_bot(capsys):
    assert main(["simulate", "--bot", "random,clever", "--games", "1", "--no-progress"]) == 2
    assert "unknown bot 'clever'; bots: random, greedy" in capsys.readouterr().err


def test_unknown_choices_are_argument_errors(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--mode", "duel"])
    assert exit_.value.code == 2 and "invalid choice: 'duel'" in capsys.readouterr().err


def test_solo_refuses_a_board_before_asking_anything(capsys):
    assert main(["solo", "--board", "balearica", "--seed", "1"]) == 2  # no input is read
    assert "refused: Solitaria" in capsys.readouterr().out


def test_python_dash_m_help():
    out = subprocess.run([sys.executable, "-m", "sestertius", "--help"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("usage: concordia")
    assert all(command in out.stdout for command in ("serve", "simulate", "replay", "solo"))
    out = subprocess.run([sys.executable, "-m", "sestertius", "simulate", "--help"], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0 and "{base,solo,team}" in out.stdout and "{coastal,mountain}" in out.stdout


def test_version_names_the_engine_build(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"sestertius 0.1.0, engine {sestertius.engine_build()}"
