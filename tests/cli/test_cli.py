"""The command line: simulate prints statistics, replay checks a saved game and refuses a corrupt one."""
import json
import random
import subprocess
import sys

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
