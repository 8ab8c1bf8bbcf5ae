"""The limits per client address (sestertius.web.limits): games created, unknown game ids, decisions and new
WebSockets answered 429 (a WebSocket: 1013) past their rate, each with when to try again; the address a trusted proxy
forwards counted as the client's, an untrusted one's ignored; a request body that stops short answered 408 and its
connection closed; keep-alive connections closed after their share of requests; the settings from the environment."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import warnings

import httpx
import pytest

with warnings.catch_warnings():  # starlette's note about httpx in its test client
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sestertius.settings import Settings, SettingsError, load
from sestertius.web.app import create_app
from sestertius.web.limits import Buckets, Limits, Rate
from support.postgres import free_port
from support.servers import wait_up

SLOW = 0.001  # tokens a second: none comes back during a test
GAME = {"board": "italia", "seed": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


@pytest.fixture
def limited(db, campaigns_db):
    """``limited(**settings)``: a test client of an app with those limits (the rest as the defaults)."""
    clients = []

    def make(**settings) -> TestClient:
        c = TestClient(create_app(db, campaigns_path=str(campaigns_db), limits=Limits(**settings)))
        c.__enter__()
        clients.append(c)
        return c
    yield make
    for c in clients:
        c.__exit__(None, None, None)


def refused(r: httpx.Response, what: str) -> None:
    assert r.status_code == 429, r.text
    assert r.json() == {"error": f"too many {what} from your address: try again in {r.headers['Retry-After']} s",
                        "rule": "Rate limit", "code": "rate_limit"}
    assert int(r.headers["Retry-After"]) >= 1


def test_games_created_past_the_rate_are_refused(limited):
    c = limited(games=Rate(2, SLOW))
    made = [c.post("/api/games", json=GAME) for _ in range(2)]
    assert [r.status_code for r in made] == [201, 201]
    r = c.post("/api/games", json=GAME)
    refused(r, "new games")
    assert int(r.headers["Retry-After"]) == 1000  # a token a thousand seconds
    assert c.app.state.store.count_games() == 2  # nothing created
    # the other requests go on
    assert c.get(f"/api/games/{made[0].json()['id']}").status_code == 200


def test_a_bucket_fills_again_at_its_rate():
    b = Buckets(Rate(2, 4.0))
    assert b.take("a", 0.0) == b.take("a", 0.0) == 0.0
    assert b.take("a", 0.0) == pytest.approx(0.25)  # a token in a quarter second
    assert b.take("b", 0.0) == 0.0  # another address has its own
    assert b.take("a", 0.25) == 0.0 and b.take("a", 0.25) == pytest.approx(0.25)
    assert b.take("a", 10.0) == 0.0 and b.take("a", 10.0) == 0.0 and b.take("a", 10.0) > 0  # no more than the burst


def test_unknown_ids_past_the_rate_are_refused_before_the_database(limited):
    c = limited(unknown=Rate(3, SLOW))
    known = c.post("/api/games", json=GAME).json()
    assert [c.get(f"/api/games/nosuchgame{i}").status_code for i in range(3)] == [404] * 3
    service = c.app.state.service
    loaded = []
    real_get = service.get
    service.get = lambda gid: loaded.append(gid) or real_get(gid)
    refused(c.get("/api/games/nosuchgame9"), "requests for unknown games")
    refused(c.post("/api/games/nosuchgame9/decisions", json={"seat": 0, "key": "x", "action": []}),
            "requests for unknown games")
    with pytest.raises(WebSocketDisconnect) as e, c.websocket_connect("/ws/nosuchgame9") as ws:
        ws.receive_json()
    assert e.value.code == 1013 and e.value.reason.startswith("too many requests for unknown games")
    assert loaded == []  # refused without a look in the database
    # a game in memory is still answered (a person playing behind the same address)
    assert c.get(f"/api/games/{known['id']}").status_code == 200
    # the rest of the site too
    assert c.get("/api/meta").status_code == 200


def test_decisions_past_the_rate_are_refused_and_change_nothing(limited):
    c = limited(decisions=Rate(2, SLOW))
    g = c.post("/api/games", json=GAME).json()
    gid, keys = g["id"], [s["key"] for s in g["seats"]]
    answers = []
    for _ in range(3):
        view = next(v for v in (c.get(f"/api/games/{gid}", params={"seat": s}, headers={"X-Seat-Key": keys[s]}).json()
                                for s in (0, 1)) if v["legal"])
        answers.append(c.post(f"/api/games/{gid}/decisions", json={
            "seat": view["seat"], "key": keys[view["seat"]], "action": view["legal"][0]["action"]}))
    assert [r.status_code for r in answers[:2]] == [200, 200]
    refused(answers[2], "decisions")
    assert c.get(f"/api/games/{gid}").json()["decisions"] == 2
    refused(c.post(f"/api/games/{gid}/undo", json={"seat": 0, "key": keys[0]}), "decisions")


def test_new_websockets_past_the_rate_are_closed_with_1013_and_the_reason(limited):
    c = limited(websockets=Rate(1, SLOW))
    gid = c.post("/api/games", json=GAME).json()["id"]
    with c.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({})
        assert ws.receive_json()["type"] == "view"
    with pytest.raises(WebSocketDisconnect) as e, c.websocket_connect(f"/ws/{gid}") as ws:
        ws.receive_json()
    assert (e.value.code, e.value.reason) == (1013, "too many new live connections from your address: try again in "
                                                    "1000 s")


def test_a_trusted_proxy_forwards_each_client_and_an_untrusted_one_does_not(limited):
    # the test client's address is "testclient"
    trusted = limited(games=Rate(1, SLOW), forwarded_allow_ips="10.0.0.1, testclient")

    def create(c: TestClient, forwarded: str) -> int:
        return c.post("/api/games", json=GAME, headers={"X-Forwarded-For": forwarded}).status_code
    assert create(trusted, "203.0.113.5") == 201
    assert create(trusted, "203.0.113.5") == 429  # the same person
    assert create(trusted, "203.0.113.6") == 201  # another one behind the same proxy
    assert create(trusted, "198.51.100.1, 203.0.113.7") == 201  # the last address before the trusted proxy
    untrusted = limited(games=Rate(1, SLOW), forwarded_allow_ips="10.0.0.1")
    assert create(untrusted, "203.0.113.5") == 201
    assert create(untrusted, "203.0.113.6") == 429  # the header is anybody's: the connection's address counts


def test_the_websocket_limit_per_client_counts_forwarded_clients(limited):
    c = limited(forwarded_allow_ips="testclient")
    c.app.state.hub.per_client = 1
    gid = c.post("/api/games", json=GAME).json()["id"]
    with c.websocket_connect(f"/ws/{gid}", headers={"X-Forwarded-For": "203.0.113.5"}) as first:
        first.send_json({})
        assert first.receive_json()["type"] == "view"
        with c.websocket_connect(f"/ws/{gid}", headers={"X-Forwarded-For": "203.0.113.6"}) as other:
            other.send_json({})
            assert other.receive_json()["type"] == "view"  # another player behind the proxy
        with pytest.raises(WebSocketDisconnect) as e, \
                c.websocket_connect(f"/ws/{gid}", headers={"X-Forwarded-For": "203.0.113.5"}) as again:
            again.receive_json()
        assert (e.value.code, e.value.reason) == (1013, "too many connections from your address (1 at most): try "
                                                        "again later")


def test_the_settings_from_the_environment(monkeypatch):
    for name, value in {"SESTERTIUS_RATE_LIMITS": "off", "SESTERTIUS_LIMIT_GAMES": "5, 0.25",
                        "SESTERTIUS_BODY_SECONDS": "2.5", "SESTERTIUS_FORWARDED_ALLOW_IPS": "10.0.0.0/8",
                        "SESTERTIUS_CONNECTION_REQUESTS": "7"}.items():
        monkeypatch.setenv(name, value)
    assert Limits.of(Settings()) == Limits(rate_limits=False, games=Rate(5, 0.25), body_seconds=2.5,
                                           forwarded_allow_ips="10.0.0.0/8", connection_requests=7)
    for name in ("SESTERTIUS_RATE_LIMITS", "SESTERTIUS_LIMIT_GAMES", "SESTERTIUS_BODY_SECONDS",
                 "SESTERTIUS_FORWARDED_ALLOW_IPS", "SESTERTIUS_CONNECTION_REQUESTS"):
        monkeypatch.delenv(name)
    assert Limits.of(Settings()) == Limits()  # the same defaults
    for name, value in (("limit_decisions", "100"), ("limit_decisions", "0,1"), ("limit_unknown", "3,-1"),
                        ("body_seconds", "-1"), ("rate_limits", "maybe"), ("connection_requests", "0")):
        with pytest.raises(SettingsError, match=rf"^argument --{name.replace('_', '-')}: "):
            load(**{name: value})


def test_serve_refuses_a_malformed_setting_in_one_line(tmp_path):
    r = subprocess.run([sys.executable, "-m", "sestertius", "serve", "--db", str(tmp_path / "g.sqlite3")],
                       env={**os.environ, "SESTERTIUS_LIMIT_GAMES": "lots"}, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and r.stderr.strip().splitlines() == [
        "concordia serve: refused: SESTERTIUS_LIMIT_GAMES: must be a burst and a rate, as 20,0.5 (at least 1 and "
        "above 0), not 'lots' (see concordia serve --help)"]


# -- a real server: uvicorn's sockets -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def real_server(tmp_path_factory):
    """``concordia serve`` with short limits; its proxy setting trusts nobody on this machine."""
    folder = tmp_path_factory.mktemp("limits")
    port = free_port()
    env = {**os.environ, "SESTERTIUS_CAMPAIGNS": str(folder / "c.sqlite3"), "SESTERTIUS_RATE_LIMITS": "on",
           "SESTERTIUS_LIMIT_GAMES": f"2,{SLOW}", "SESTERTIUS_BODY_SECONDS": "1",
           "SESTERTIUS_FORWARDED_ALLOW_IPS": "10.9.9.9", "SESTERTIUS_CONNECTION_REQUESTS": "3"}
    proc = subprocess.Popen([sys.executable, "-m", "sestertius", "serve", "--port", str(port), "--db",
                             str(folder / "g.sqlite3")], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        wait_up(port, proc)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_uvicorn_does_not_believe_forwarded_addresses_the_app_does_not(real_server):
    base = f"http://127.0.0.1:{real_server}"
    codes = [httpx.post(f"{base}/api/games", json=GAME, headers={"X-Forwarded-For": f"203.0.113.{i}"},
                        timeout=30).status_code for i in range(3)]
    assert codes == [201, 201, 429]  # one address: the connection's (uvicorn's own proxy headers are off)


@pytest.mark.parametrize("path", ["/api/games/abc/decisions", "/api/options/check"])  # the hot path, a route
def test_a_body_that_stops_short_is_answered_408_and_its_connection_closed(real_server, path):
    with socket.create_connection(("127.0.0.1", real_server), timeout=10) as s:
        began = time.monotonic()
        s.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  "Content-Length: 100\r\n\r\n{\"seat\": 0".encode())
        got = b""
        while chunk := s.recv(4096):  # until the server closes the connection
            got += chunk
        took = time.monotonic() - began
    head, _, body = got.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 "), got
    assert b"connection: close" in head.lower()
    assert body == (b'{"error":"the request body did not arrive within 1 s","rule":"Request time",'
                    b'"code":"request_time"}')
    assert 0.9 < took < 8


def test_keep_alive_connections_are_closed_after_their_requests(real_server):
    with httpx.Client() as c:
        answers = [c.get(f"http://127.0.0.1:{real_server}/api/meta", timeout=30) for _ in range(7)]
    assert [r.headers.get("connection") for r in answers] == [None, None, "close", None, None, "close", None]
