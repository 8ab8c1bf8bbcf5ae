"""The learned evaluation fitted to counterfactual branches (tools/train_advantage.py): a branched game replays from
its seed, its first branch is the search's own choice, the pairs are the differences the module's doc describes, the
fit finds a correction planted in the data, and the command line branches, resumes, fits and judges at tiny size (the
hand-made estimate judged against its own games pairs to zero), iterates generations that resume, and replays a
model's branched games into records that end as they did."""
from __future__ import annotations

import gzip
import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from sestertius import Game
from sestertius.bots.learned import HAND_ONLY, NAMES, ValueModel
from sestertius.bots.search import SearchBot

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "train_advantage.py"
K = len(NAMES)


ENV = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}


def cli(out: Path, *args: str) -> str:
    """The tool's command line on the folder ``out``: what it printed."""
    return subprocess.run([sys.executable, str(TOOL), *args, "--out", str(out)], check=True,
                          capture_output=True, env=ENV, text=True).stdout


def tool():
    sys.path.insert(0, str(ROOT / "tools"))
    spec = importlib.util.spec_from_file_location("train_advantage", TOOL)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_branched_game_replays_and_its_first_branch_is_the_search_choice():
    adv = tool()
    task = ("solo:italia:standard", 11, HAND_ONLY.to_json(), "quick", 2, 4)
    one, two = adv.branch(task), adv.branch(task)
    one.pop("seconds"), two.pop("seconds")
    assert one == two
    ranks = [b["rank"] for b in one["branches"]]
    assert ranks[0] == 0 and len(ranks) == 3 and len(set(ranks)) == 3 and max(ranks) < 4
    assert all(b["over"] for b in one["branches"])
    # replay the game to the branched turn: the search's choice there is the first branch's decision
    game = Game.new({"board": "italia", "players": 1, "mode": "solo", "difficulty": "standard"}, seed=11)
    bot = SearchBot(11 * 97, "quick")
    seen = 0
    while True:
        step = game.current_step()
        if step is not None and step[0] == "turn" and game.to_act() == 0:
            if seen == one["turn"]:
                break
            seen += 1
        legal = game.legal_actions()
        game.apply_unchecked(legal[0] if len(legal) == 1 else bot.choose(game, legal))
    assert list(SearchBot(11 * 97, "quick").search(game, 0)[0].action) == one["branches"][0]["action"]


def record(seed: int, branches: list[tuple[list[float], list[float], float]]) -> dict:
    return {"cell": "solo:italia:expert", "seed": seed, "model": "hand",
            "branches": [{"rank": i, "rows": [["player", p], ["automaton", a]], "margin": m, "over": True}
                         for i, (p, a, m) in enumerate(branches)]}


def test_the_pairs_are_differences_from_the_best_branch_less_the_estimate():
    adv = tool()
    now, est, money = NAMES.index("now"), NAMES.index("estimate"), NAMES.index("money")
    p0, a0, p1, a1 = [0.0] * K, [0.0] * K, [0.0] * K, [0.0] * K
    p0[now], p0[est], a0[now] = 10.0, 5.0, 20.0   # objective 15 - 20 = -5
    p1[now], p1[money], a1[est] = 12.0, 3.0, 4.0  # objective 12 - 4 = 8
    xs, ys, seeds = adv.pairs([record(7, [(p0, a0, -10.0), (p1, a1, -1.0)])])
    assert seeds == [7]
    assert ys == [(-1.0 - -10.0) - (8.0 - -5.0)]
    assert xs[0][money] == 3.0 and xs[0][now] == 2.0 and xs[0][est] == -5.0
    assert xs[0][K + now] == 20.0 and xs[0][K + est] == -4.0  # Contrarius' differences, negated


def test_the_fit_finds_a_correction_planted_in_the_pairs():
    pytest.importorskip("numpy")
    adv = tool()
    rnd = random.Random(3)
    money, a_houses = NAMES.index("money"), NAMES.index("n_houses")
    records = []
    for seed in range(400):
        branches = []
        for _ in range(3):
            p = [rnd.gauss(0, 1) for _ in range(K)]
            a = [rnd.gauss(0, 1) for _ in range(K)]
            objective = (p[NAMES.index("now")] + p[NAMES.index("estimate")]
                         - a[NAMES.index("now")] - a[NAMES.index("estimate")])
            # the outcome: the estimate's objective, plus 2 a sestertius of the player's, less 3 a house of
            # Contrarius', plus noise
            branches.append((p, a, objective + 2.0 * p[money] - 3.0 * a[a_houses] + rnd.gauss(0, 0.5)))
        records.append(record(seed, branches))
    model, meta = adv.fit_pairs(records, "planted")
    player, automaton = model.roles["player"][1], model.roles["automaton"][1]
    assert player[money] == pytest.approx(2.0, abs=0.15)
    assert automaton[a_houses] == pytest.approx(3.0, abs=0.15)  # Contrarius' estimate corrected up, as it should
    assert max(abs(c) for i, c in enumerate(player) if i != money) < 0.3
    assert meta["pairs"] == 800
    hand, _ = adv.fit_pairs(records, "hand-only", features="hand")
    assert hand.roles["player"][1][money] == 0.0  # not a hand-made feature
    # a correction of the score now, planted: fixed-score leaves it at face value, every other feature fitted
    now = NAMES.index("now")
    for r in records:
        for b in r["branches"]:
            b["margin"] += 1.5 * b["rows"][0][1][now]
    free, _ = adv.fit_pairs(records, "free")
    fixed, _ = adv.fit_pairs(records, "fixed", features="fixed-score")
    assert free.roles["player"][1][now] == pytest.approx(1.5, abs=0.15)
    assert fixed.roles["player"][1][now] == 0.0 and fixed.roles["automaton"][1][now] == 0.0
    assert fixed.roles["player"][1][money] == pytest.approx(2.0, abs=0.3)


def test_the_command_line_branches_resumes_fits_and_judges(tmp_path):
    pytest.importorskip("numpy")
    out = tmp_path / "adv"
    env = ENV

    def run(*args: str) -> str:
        return cli(out, *args)

    common = ("--games", "2", "--cells", "solo:italia:standard", "--level", "quick", "--procs", "1")
    run("branches", *common)
    lines = (out / "branches-hand.jsonl.gz").read_bytes()
    assert len(gzip.decompress(lines).splitlines()) == 2
    run("branches", *common)  # resumed: nothing played again
    assert (out / "branches-hand.jsonl.gz").read_bytes() == lines
    meta = json.loads(run("fit", "--version", "adv-t"))
    assert meta["pairs"] == 4 and (out / "models" / "adv-t.json").exists()
    judge = ("--games", "1", "--cells", "solo:italia:standard", "--level", "quick", "--procs", "1")
    run("judge", "--version", "hand", "--shrinks", "1", "--base", str(out / "none.jsonl"), *judge)
    base = out / "eval" / "hand-x1-quick-s1000000.jsonl"
    assert base.exists() and not (out / "judged.jsonl").exists()  # nothing to pair with: no judgement kept
    again = tmp_path / "again"  # the same game played anew elsewhere, paired with the first
    (again / "models").mkdir(parents=True)
    last = subprocess.run([sys.executable, str(TOOL), "judge", "--version", "hand", "--shrinks", "1", "--base",
                           str(base), *judge, "--out", str(again)], check=True, capture_output=True, env=env,
                          text=True).stdout.splitlines()[-1]
    assert json.loads(last)["games"] == 1 and json.loads(last)["diff"] == 0.0  # the game replayed
    last = run("judge", "--version", "adv-t", "--shrinks", "0.5", "--base", str(base), *judge).splitlines()[-1]
    assert json.loads(last)["games"] == 1 and json.loads(last)["candidate"] == "adv-t-x0.5"


def test_generations_iterate_resume_and_their_games_replay_into_records(tmp_path):
    pytest.importorskip("numpy")
    out = tmp_path / "run"
    env = ENV

    def tool_run(*args: str) -> str:
        return cli(out, *args)

    cmd = ("run", "--generations", "2", "--games", "2", "--cells", "solo:italia:standard", "--level", "quick",
           "--eval-games", "1", "--eval-cells", "solo:italia:standard", "--shrinks", "0.5,1", "--procs", "1")
    tool_run(*cmd)
    curve = [json.loads(line) for line in (out / "curve.jsonl").read_text().splitlines()]
    assert [c["generation"] for c in curve] == [1, 2]
    assert curve[0]["played_by"] == "hand"
    for c in curve:
        assert set(c["tried"]) == {f"gen-00{c['generation']}-x0.5", f"gen-00{c['generation']}-x1"}
        assert c["paired"]["games"] == 1 and c["kept"] == (c["paired"]["low"] > 0)  # --keep lower, the default
        assert c["candidate"] in c["tried"] and c["pairs"] > 0
    # the second generation is played by the first's model if it was kept, else again by the hand-made estimate
    assert curve[1]["played_by"] == (curve[0]["candidate"] if curve[0]["kept"] else "hand")
    files = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert "generation" not in tool_run(*cmd)  # resumed: every stage done, nothing played or written again
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == files
    # a stop while the last generation's line was written: it is judged again from the games kept, none replayed
    curve_file = out / "curve.jsonl"
    whole = curve_file.read_text().splitlines(keepends=True)
    curve_file.write_text(whole[0] + whole[1][:40])
    assert "generation 2" in tool_run(*cmd)
    again = [json.loads(line) for line in curve_file.read_text().splitlines()]
    assert [{k: v for k, v in c.items() if k != "date"} for c in again] == [
        {k: v for k, v in c.items() if k != "date"} for c in curve]
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file() and p != curve_file} == {
        p: b for p, b in files.items() if p != curve_file}
    # resumed with other settings: refused, nothing written
    changed = subprocess.run([sys.executable, str(TOOL), *cmd, "--out", str(out), "--games", "3"],
                             capture_output=True, env=env, text=True)
    assert changed.returncode != 0 and "games=2" in changed.stderr
    records = tmp_path / "records"
    said = tool_run("records", "--model", "hand", "--records", str(records), "--level", "quick", "--procs", "1")
    branched = [json.loads(line) for line in gzip.decompress((out / "branches-hand.jsonl.gz").read_bytes())
                .decode().splitlines()]
    margins = {f"{r['cell'].replace(':', '-')}-{r['seed']}-rank{b['rank']}.json": b["margin"]
               for r in branched for b in r["branches"]}
    assert sorted(p.name for p in records.glob("*.json")) == sorted(margins) and f"{len(margins)} records" in said
    for path in records.glob("*.json"):
        game = Game.from_record(json.loads(path.read_text()))
        result = game.result()
        assert game.is_over and result["player"] - result["contrarius"] == margins[path.name]
    import pyarrow.parquet as pq  # the research extra, in the test install

    table = tmp_path / "rows.parquet"
    tool_run("records", "--model", "hand", "--records", str(tmp_path / "again"), "--level", "quick", "--procs", "1",
             "--first", "1", "--dataset", str(table))
    rows = pq.read_table(table).to_pydict()
    first = f"{branched[0]['cell'].replace(':', '-')}-{branched[0]['seed']}"
    assert set(rows["game"]) == {f"{first}-rank{b['rank']}" for b in branched[0]["branches"]}
    assert set(rows["seat"]) == {0}  # the player's decisions only: Contrarius' are its dice's


@pytest.mark.cluster
def test_the_tool_on_ray_plays_the_games_it_plays_here():
    pytest.importorskip("ray")
    adv = tool()
    from training_files import map_tasks

    tasks = [("solo:italia:standard", seed, HAND_ONLY.to_json(), "quick") for seed in (3, 4)]

    def games(ray):
        return sorted((r["seed"], r["margin"], r["score"]) for r in map_tasks(adv.play, tasks, 1, ray))

    assert games("local") == games(None)


def test_a_second_ray_address_in_one_process_is_refused(monkeypatch):
    """Ray keeps one connection per process; tasks for another --ray would run on the first cluster unnoticed."""
    import types

    tool()
    import training_files

    fake = types.ModuleType("ray")
    inits: list[str | None] = []
    fake.is_initialized = lambda: bool(inits)
    fake.init = lambda address=None, runtime_env=None: inits.append(address)
    fake.remote = lambda fn: types.SimpleNamespace(remote=fn)
    fake.wait = lambda pending: (pending, [])
    fake.get = lambda ref: ref
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.setattr(training_files, "_RAY_ADDRESS", None)
    assert list(training_files.map_tasks(abs, [-1, -2], 1, "local")) == [1, 2]
    assert list(training_files.map_tasks(abs, [-3], 1, "local")) == [3]  # the same cluster again: reused
    assert inits == [None]
    with pytest.raises(SystemExit, match="already connected to Ray at local"):
        list(training_files.map_tasks(abs, [-4], 1, "ray://elsewhere:10001"))


def test_two_player_games_fit_the_base_role_judged_by_duels_and_merge_into_the_packaged_model(tmp_path):
    pytest.importorskip("numpy")
    out = tmp_path / "base"

    def tool_run(*args: str) -> str:
        return cli(out, *args)

    tool_run("run", "--generations", "1", "--games", "2", "--cells", "base:italia:2", "--level", "quick",
             "--eval-games", "2", "--eval-cells", "base:italia:2", "--shrinks", "1", "--procs", "1")
    (c,) = [json.loads(line) for line in (out / "curve.jsonl").read_text().splitlines()]
    duels = [json.loads(line) for line in (out / "eval" / "gen-001-x1-vs-hand-quick-s1000000.jsonl").read_text()
             .splitlines()]
    assert [(d["seed"], d["seat"]) for d in duels] == [(1_000_000, 0), (1_000_000, 1)]  # one deal, each seat
    assert c["paired"]["duels"] == 2 and c["paired"]["diff"] == sum(d["margin"] for d in duels) / 2
    judged = json.loads(tool_run("judge", "--version", "gen-001", "--shrinks", "1", "--against", "hand", "--cells",
                                 "base:italia:2", "--games", "2", "--level", "quick", "--procs", "1").splitlines()[-1])
    assert judged["duels"] == 2 and judged["diff"] == c["paired"]["diff"]  # the same duels: nothing played again
    fitted = json.loads((out / "models" / "gen-001.json").read_text())
    assert list(fitted["roles"]) == ["base"] and fitted["meta"]["base"]["pairs"] == c["pairs"] > 0
    packaged = tmp_path / "turn_ends.json"  # a Solitaria model, as shipped before a two-player fit was added
    ValueModel("solo-t", NAMES, {"player": (0.0, tuple(0.1 * i for i in range(K))),
                                 "automaton": (0.0, tuple(-0.1 * i for i in range(K)))},
               {"trained_on": "a test", "date": "2026-12-02"}).save(packaged)
    before = json.loads(packaged.read_text())
    tool_run("install", "--version", "gen-001", "--shrink", "0.5", "--merge", "--to", str(packaged))
    after = json.loads(packaged.read_text())
    assert after["roles"]["player"] == before["roles"]["player"]  # Solitaria's roles kept
    assert after["roles"]["automaton"] == before["roles"]["automaton"]
    assert after["roles"]["base"]["coef"] == [round(x * 0.5, 6) for x in fitted["roles"]["base"]["coef"]]
    assert after["meta"]["roles_from"] == {"player": before["version"], "automaton": before["version"],
                                           "base": "gen-001-x0.5"}
    assert after["version"] == f"{before['version']}+gen-001-x0.5" and after["meta"]["date"]


def test_two_player_pairs_are_the_first_seat_less_the_other_as_the_objective_compares_them():
    adv = tool()
    now, est, money = NAMES.index("now"), NAMES.index("estimate"), NAMES.index("money")
    rows = []
    for mine, theirs in ((3.0, 1.0), (5.0, 4.0)):
        p, o = [0.0] * K, [0.0] * K
        p[money], o[money] = mine, theirs
        p[now], o[now] = 10.0 * mine, 10.0 * theirs
        rows.append([["base", p], ["base", o]])
    record = {"cell": "base:italia:2", "seed": 4, "model": "hand",
              "branches": [{"rank": i, "rows": r, "margin": m, "over": True} for i, (r, m) in
                           enumerate(zip(rows, (2.0, -3.0)))]}
    xs, ys, seeds = adv.pairs([record])
    assert len(xs[0]) == K and seeds == [4]
    assert xs[0][money] == (5.0 - 3.0) - (4.0 - 1.0)  # the first seat's change less the other's
    assert ys == [(-3.0 - 2.0) - ((50.0 - 40.0) - (30.0 - 10.0))]
    assert xs[0][est] == 0.0


def test_an_evaluation_file_of_another_model_with_the_same_name_is_refused(tmp_path):
    adv = tool()
    cells = ["solo:italia:standard"]

    def model(c: float) -> ValueModel:
        return ValueModel("same", NAMES, {"player": (0.0, tuple(c for _ in range(K)))}, {})
    games = adv.evaluate(tmp_path, model(0.0), "quick", cells, 1, 7, 1, None)
    assert len(games) == 1 and games[0]["numbers"] == adv.fingerprint(model(0.0)) and games[0]["model"] == "same"
    assert adv.evaluate(tmp_path, model(0.0), "quick", cells, 1, 7, 1, None) == games  # the same numbers: resumed
    with pytest.raises(SystemExit, match="another model named same"):
        adv.evaluate(tmp_path, model(0.01), "quick", cells, 1, 7, 1, None)
    # a file written before the fingerprint (its lines name the version only) is taken as it is
    (path,) = (tmp_path / "eval").glob("*.jsonl")
    old = {k: v for k, v in games[0].items() if k != "numbers"}
    path.write_text(json.dumps(old) + "\n")
    assert adv.evaluate(tmp_path, model(0.01), "quick", cells, 1, 7, 1, None) == [old]
