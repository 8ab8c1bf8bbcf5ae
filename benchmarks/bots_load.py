"""A person's latency while bots play: does a server busy with all-bot games still answer people at once?

    python benchmarks/bots_load.py [--games 10] [--bot hard] [--requests 300] [--pause 0.05] [--bot-processes 1]
                                   [--server-root PATH]

Starts ``concordia serve`` on a free loopback port (a fresh SQLite file), then one human-paced client plays a hot-seat
game of two people (a view GET, then a decision POST, then ``--pause`` seconds; a new game when one ends) on one
keep-alive connection and times each request: ``--requests`` of them on the idle server, then as many while
``--games`` games of ``--bot`` bots only (Italia, two seats) are being played by the server's bots, then as many
idle again (the bots' games deleted). ``--server-root PATH`` runs the server of another checkout (before the bots
left the request path, a request creating a game of bots only played it to its end: its POST is then given up
after 2 s, and the server plays on, as a browser leaving). Reports each phase's median and 95th percentile, the bot
decisions stored during the busy phase, the CPU time of the server process and of its bot processes, and the load
average.
tests/web/test_bots_background.py runs the same measurement, smaller; docs/SPEED.md records its figures.
"""
from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(folder: Path, bot_processes: int = 1, root: Path | None = None) -> tuple[subprocess.Popen, str]:
    """``concordia serve`` on a fresh SQLite file in ``folder``; the process and its base URL, once it answers."""
    port = free_port()
    root = root or Path(__file__).resolve().parents[1]
    env = {**os.environ, "SESTERTIUS_CAMPAIGNS": str(folder / "campaigns.sqlite3"), "SESTERTIUS_LOG": "warning",
           "PYTHONPATH": str(root)}
    extra = ["--bot-processes", str(bot_processes)] if bot_processes != 1 else []
    proc = subprocess.Popen([sys.executable, "-m", "sestertius", "serve", "--port", str(port), "--db",
                             str(folder / "games.sqlite3"), *extra],
                            cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        if proc.poll() is not None:
            raise RuntimeError("the server stopped")
        try:
            if httpx.get(f"{base}/api/meta", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.terminate()
    raise RuntimeError("the server did not start")


class Person:
    """A person playing both seats of a hot-seat game, one request at a time, each timed."""

    def __init__(self, client: httpx.Client) -> None:
        self.client = client
        self.times: list[float] = []
        self._new_game()

    def _timed(self, method: str, url: str, **kw: Any) -> httpx.Response:
        t = time.perf_counter()
        r = self.client.request(method, url, **kw)
        self.times.append(time.perf_counter() - t)
        if r.status_code >= 300:
            raise RuntimeError(f"{method} {url}: {r.status_code} {r.text[:200]}")
        return r

    def _new_game(self) -> None:
        g = self.client.post("/api/games", json={"board": "italia", "seats": [{"kind": "hotseat"}] * 2}).json()
        self.gid, self.keys = g["id"], [s["key"] for s in g["seats"]]
        self.seat = 0

    def play(self, requests: int, pause: float) -> list[float]:
        """``requests`` requests (a view, then a decision...), ``pause`` seconds after each; their times."""
        self.times = []
        while len(self.times) < requests:
            v = self._timed("GET", f"/api/games/{self.gid}", params={"seat": self.seat},
                            headers={"X-Seat-Key": self.keys[self.seat]}).json()
            time.sleep(pause)
            if v["over"]:
                self._new_game()
                continue
            if v["to_act"] != self.seat:
                self.seat = v["to_act"]
                continue
            self._timed("POST", f"/api/games/{self.gid}/decisions",
                        json={"seat": self.seat, "key": self.keys[self.seat], "action": v["legal"][0]["action"],
                              "expect": v["decisions"]})
            time.sleep(pause)
        return self.times


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[-1]


def bot_games(base: str, games: int, bot: str) -> list[tuple[str, str]]:
    """Create ``games`` games of two ``bot`` bots; each one's id and creator's secret (those answered within 2 s)."""
    made = []
    for _ in range(games):
        try:
            r = httpx.post(f"{base}/api/games", json={"board": "italia", "seats": [{"kind": "bot", "bot": bot}] * 2},
                           timeout=2)
        except httpx.TimeoutException:  # a server playing the game in the request (before): given up, played on
            continue
        r.raise_for_status()
        made.append((r.json()["id"], r.json()["owner_key"]))
    return made


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (those of each of its threads: the bot processes start from the bots')."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(x) for x in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


def measure(base: str, server_pid: int, games: int = 10, bot: str = "hard", requests: int = 300,
            pause: float = 0.05) -> dict[str, Any]:
    """The three phases (idle, busy with ``games`` all-bot games, idle again): each one's request times."""
    with httpx.Client(base_url=base, timeout=60) as client:
        person = Person(client)
        person.play(20, pause)  # warm: the connection, the first views
        idle = person.play(requests, pause)
        made = bot_games(base, games, bot)
        time.sleep(1.0)  # the bot processes started, the games taken in turn
        decided = [httpx.get(f"{base}/api/games/{gid}").json()["decisions"] for gid, _ in made]
        bots_cpu = sum(cpu_seconds(c) for c in children(server_pid))
        server_cpu = cpu_seconds(server_pid)
        busy = person.play(requests, pause)
        server_cpu = cpu_seconds(server_pid) - server_cpu
        bots_cpu = sum(cpu_seconds(c) for c in children(server_pid)) - bots_cpu
        views = [httpx.get(f"{base}/api/games/{gid}").json() for gid, _ in made]
        decided = [v["decisions"] - d for v, d in zip(views, decided)]
        thinking = sum(v.get("thinking") is not None for v in views)
        for gid, owner in made:  # the bots stop with their games (a finished one stays)
            httpx.delete(f"{base}/api/games/{gid}", headers={"X-Owner-Key": owner})
        time.sleep(1.0)
        again = person.play(requests, pause)
    return {"idle": idle, "busy": busy, "again": again, "bot_decisions": sum(decided), "still_thinking": thinking,
            "answered": len(made),
            "server_cpu": server_cpu, "bots_cpu": bots_cpu}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--bot", default="hard")
    ap.add_argument("--requests", type=int, default=300)
    ap.add_argument("--pause", type=float, default=0.05)
    ap.add_argument("--bot-processes", type=int, default=1)
    ap.add_argument("--server-root", type=Path, default=None)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        proc, base = start_server(Path(folder), args.bot_processes, args.server_root)
        try:
            m = measure(base, proc.pid, args.games, args.bot, args.requests, args.pause)
        finally:
            proc.terminate()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:  # a server playing bots in its requests waits for them: ended
                proc.kill()
                proc.wait(30)
    for phase in ("idle", "busy", "again"):
        t = m[phase]
        print(f"{phase:6s} {len(t)} requests: median {1000 * statistics.median(t):.1f} ms, "
              f"p95 {1000 * p95(t):.1f} ms")
    print(f"{m['answered']} of {args.games} games of bots created within 2 s; "
          f"busy phase: {m['bot_decisions']} bot decisions stored, {m['still_thinking']} of {args.games} games still "
          f"thinking at its end; CPU: server {m['server_cpu']:.1f} s, bot processes {m['bots_cpu']:.1f} s")
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; --bot-processes {args.bot_processes}; "
          f"server {args.server_root or 'this checkout'}")


if __name__ == "__main__":
    main()
