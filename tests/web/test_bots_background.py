"""The bots decide off the request path (web/botruns.py): a request creating or moving a game answers at once, the
game's views say which bot is thinking and each bot decision is pushed as it is stored; the bots' games finish, as
seeded as before; a restart mid-game picks the bots up again; people's requests stay fast while bots play."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from sestertius import Game
from sestertius.settings import Settings
from sestertius.web import botruns
from sestertius.web.app import create_app
from sestertius.web.botprocess import choose
from support.settled import SettledClient

ALL_BOTS = [{"kind": "bot", "bot": "easy"}] * 2


@pytest.fixture
def unsettled(client):
    """The client taking each answer as it comes (not waiting for the bots)."""
    client.settle = False
    yield client
    client.settle = True


def create(client, **body):
    body.setdefault("board", "italia")
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def test_a_request_creating_a_game_of_hard_bots_answers_before_they_decide(unsettled):
    """Two hard bots play Italia in about a minute of CPU: it was all spent in the request that created the game."""
    cpu, wall = time.process_time(), time.perf_counter()
    g = create(unsettled, seed=3, seats=[{"kind": "bot", "bot": "hard"}] * 2)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    assert g["status"] == "active"
    v = unsettled.get(f"/api/games/{g['id']}").json()
    assert v["decisions"] <= 2 and v["thinking"] == v["to_act"] == 0  # the bot of seat 0 is thinking
    # the request's own work (this process: the server and the client; the bots think in their own process)
    assert cpu < 0.5 and wall < 5, (cpu, wall)
    r = unsettled.delete(f"/api/games/{g['id']}", headers={"X-Owner-Key": g["owner_key"]})
    assert r.status_code == 204  # its bots stop with it


def test_the_bots_games_finish_and_replay_with_their_seeds(unsettled):
    games = [create(unsettled, seed=s, seats=ALL_BOTS) for s in (1, 2, 3)]
    assert all(g["status"] == "active" for g in games)
    assert unsettled.app.state.service.bots.idle(timeout=300)
    for g, seed in zip(games, (1, 2, 3)):
        v = unsettled.get(f"/api/games/{g['id']}").json()
        assert v["over"] and v["thinking"] is None
        record = unsettled.get(f"/api/games/{g['id']}/record").json()
        again = Game.new({"board": "italia", "players": 2}, seed=seed)
        while not again.is_over:  # the same bots with the same seeds, here: the same game
            again.apply(choose(again, again.to_act(), "easy"))
        assert [list(a) for a in again.history] == record["actions"]


def test_each_bot_decision_is_pushed_as_it_is_stored(unsettled):
    """A person against two bots: the answer to the person's decision shows the first bot thinking; the WebSocket
    then brings a view per bot decision until the person is to decide again."""
    g = create(unsettled, seed=4, seats=[{"kind": "human"}, *ALL_BOTS])
    gid, key = g["id"], g["seats"][0]["key"]
    assert unsettled.app.state.service.bots.idle(timeout=60)
    with unsettled.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"seat": 0, "key": key})
        first = ws.receive_json()["view"]
        assert first["to_act"] == 0 and first["thinking"] is None
        answer = first
        while answer["to_act"] == 0:  # the person's turn, to its end
            r = unsettled.post(f"/api/games/{gid}/decisions",
                               json={"seat": 0, "key": key, "action": answer["legal"][0]["action"]})
            assert r.status_code == 200, r.text
            answer = r.json()["view"]
        pushed = []
        while not pushed or pushed[-1]["to_act"] != 0 or pushed[-1]["decisions"] <= answer["decisions"]:
            pushed.append(ws.receive_json()["view"])
    bots = [v for v in pushed if v["decisions"] > answer["decisions"]]
    assert bots and all(v["thinking"] == v["to_act"] for v in bots if v["to_act"] != 0)
    counts = [v["decisions"] for v in bots]
    assert counts == sorted(counts) and counts[-1] - answer["decisions"] >= 2  # both bots' turns, one by one
    if answer["to_act"] != 0:  # the answer came before the bots decided
        assert answer["thinking"] == answer["to_act"]


def test_a_restart_mid_game_picks_the_bots_up_again(app_factory, db):
    from sestertius.web.store import Store
    first = app_factory()
    first.settle = False
    g = create(first, seed=6, players=4, seats=[{"kind": "bot", "bot": "easy"}] * 4)
    runner = first.app.state.service.bots
    deadline = time.monotonic() + 120
    while runner.decided < 5 and time.monotonic() < deadline:
        time.sleep(0.01)
    first.__exit__(None, None, None)  # the server stops: its bots with it
    store = Store(db)
    decisions, _, status = store.head(g["id"])
    store.dispose()
    assert status == "active" and decisions >= 5  # stopped mid-game, each bot decision stored
    second = app_factory()  # a restart on the same database: the game's bots go on from the start
    second.settle = False
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        v = second.get(f"/api/games/{g['id']}").json()
        if v["over"]:
            break
        time.sleep(0.2)
    assert v["over"], v["decisions"]
    assert second.app.state.service.bots.decided > 0
    record = second.get(f"/api/games/{g['id']}/record").json()
    again = Game.new({"board": "italia", "players": 4}, seed=6)
    while not again.is_over:
        again.apply(choose(again, again.to_act(), "easy"))
    assert [list(a) for a in again.history] == record["actions"]  # as if never interrupted


sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import bots_load  # noqa: E402  (beside the benchmark, not a package)


# a timing figure belongs to the benchmark (benchmarks/bots_load.py, docs/SPEED.md), not to the default test command:
# on a shared machine its ratio moved from 1.3x to 2.7x between runs of the same code (a clean-clone run failed at
# 2.4x); SESTERTIUS_TIMING=1 runs it
@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("SESTERTIUS_TIMING") != "1", reason="a timing check: SESTERTIUS_TIMING=1 runs it")
def test_a_person_stays_fast_while_ten_games_of_hard_bots_are_played(tmp_path):
    """A real server, a human-paced client: its 95th percentile with 10 all-hard-bot games being played stays within
    twice that of the idle server (benchmarks/bots_load.py measures the same, longer: docs/SPEED.md)."""
    proc, base = bots_load.start_server(tmp_path)
    try:
        m = bots_load.measure(base, proc.pid, games=10, bot="hard", requests=150, pause=0.03)
    finally:
        proc.terminate()
        proc.wait(30)
    idle = max(bots_load.p95(m["idle"]), bots_load.p95(m["again"]))
    busy = bots_load.p95(m["busy"])
    assert m["still_thinking"] == 10  # the bots were at work the whole time
    assert busy <= 2 * idle, (busy, idle, m["bot_decisions"])


def test_the_settings_size_the_bot_pool(db, campaigns_db):
    app = create_app(db, campaigns_path=str(campaigns_db), settings=Settings(bot_processes=2))
    assert app.state.service.bots.processes == 2
    with SettledClient(app) as c:
        g = create(c, seed=8, seats=ALL_BOTS)
        assert c.get(f"/api/games/{g['id']}").json()["over"]
    assert 2 in botruns._pools and botruns._pools[2]._max_workers == 2


def test_a_bot_process_ends_when_its_server_is_killed_outright(tmp_path):
    """A server killed with SIGKILL cannot stop its pool: each bot process watches its parent and ends itself
    (before the watch, one was found alive minutes after the benchmark's server was gone)."""
    import signal
    import subprocess
    script = ("import os, sys\n"
              "from sestertius.web import botruns\n"
              "print(botruns.pool(1).submit(os.getpid).result(120), flush=True)\n"
              "sys.stdin.read()\n")  # waits until killed
    server = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    try:
        line = server.stdout.readline()
        bot = int(line)
        os.kill(bot, 0)  # alive while its server is
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                os.kill(bot, 0)
            except ProcessLookupError:
                break
            try:  # reaped by init; a zombie still answers kill(0) until then
                if Path(f"/proc/{bot}/stat").read_text().split(")")[1].split()[0] == "Z":
                    break
            except FileNotFoundError:
                break
            time.sleep(0.1)
        else:
            os.kill(bot, signal.SIGKILL)
            pytest.fail("the bot process outlived its killed server by 15 s")
    finally:
        server.kill()
