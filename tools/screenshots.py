"""Retakes the README's screenshots, docs/images/board-desktop.png (1440x900) and docs/images/board-phone.png
(390x844 at 2x): a four-player game on Italia in the middle of play, a person's seat (Aulus) moving colonists with the
Architect, greedy bots in the other seats.

    python tools/screenshots.py              # both images
    python tools/screenshots.py --keep-raw   # and leave the unoptimised PNGs beside them (*.raw.png)

A server runs in a subprocess on a free loopback port with a temporary SQLite file; Aulus's decisions are made
through the API by a simple seeded chooser until the wanted turn, then Debian's Chromium (driven by Playwright) opens
Aulus's link at each size. The PNGs are then made smaller with pngquant (when installed, at a high quality floor) and
optipng (lossless).
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
SCREENS: dict[str, dict[str, Any]] = {
    "board-desktop.png": {"viewport": {"width": 1440, "height": 900}},
    "board-phone.png": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
                        "device_scale_factor": 2},
}
SEED = 5            # the game's seed
CHOOSER_SEED = 1    # the seed of Aulus's chooser
FROM_TURN = 52      # the first turn at which Aulus plays the Architect for the picture
PREFER = ("build", "card", "place", "recruit", "produce")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``sestertius serve`` in a subprocess, on a temporary database."""

    def __init__(self, tmp: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = tmp / "server.log"
        env = {**os.environ, "SESTERTIUS_CAMPAIGNS": str(tmp / "campaigns.sqlite3"),
               "PYTHONPATH": str(ROOT)}
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "sestertius", "serve", "--port", str(self.port),
                 "--db", f"sqlite:///{tmp / 'games.sqlite3'}"], cwd=ROOT, env=env, stdout=log, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.base + "/api/meta", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("the server did not start: " + self.log.read_text()[-2000:])

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def view(server: Server, gid: str, key: str) -> dict[str, Any]:
    r = httpx.get(f"{server.base}/api/games/{gid}", params={"seat": 0}, headers={"X-Seat-Key": key}, timeout=30)
    r.raise_for_status()
    out: dict[str, Any] = r.json()
    return out


def await_turn(server: Server, gid: str, key: str) -> dict[str, Any]:
    """Aulus's view once it is Aulus's decision (the bots decide in the server's background)."""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        v = view(server, gid, key)
        if v["over"] or (v["to_act"] == 0 and not v["thinking"] and v["legal"]):
            return v
        time.sleep(0.1)
    raise RuntimeError("the bots did not finish their turns")


def act(server: Server, gid: str, key: str, v: dict[str, Any], action: list[Any]) -> dict[str, Any]:
    r = httpx.post(f"{server.base}/api/games/{gid}/decisions",
                   json={"seat": 0, "key": key, "action": action, "expect": v["decisions"]}, timeout=30)
    r.raise_for_status()
    return await_turn(server, gid, key)


def choose(v: dict[str, Any], rng: random.Random) -> list[Any]:
    """A simple player: build, buy, place and produce when it can, else any decision (the Architect kept for the
    picture's turn)."""
    legal = [x["action"] for x in v["legal"]]
    for verb in PREFER:
        useful = [a for a in legal if a[0] == verb]
        if useful:
            return rng.choice(useful)
    plays = [a for a in legal if a[0] == "play" and a[1] != "architect"]
    return rng.choice(plays or legal)


def undo(server: Server, gid: str, key: str) -> dict[str, Any]:
    r = httpx.post(f"{server.base}/api/games/{gid}/undo", json={"seat": 0, "key": key}, timeout=30)
    r.raise_for_status()
    return await_turn(server, gid, key)


def move_to_one_point(server: Server, gid: str, key: str, v: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Move colonists at random while more than one movement point is left, a move that would spend them all
    taken back."""
    while v["movement_points"] > 1:
        moves = [x["action"] for x in v["legal"] if x["action"][0] == "move"]
        rng.shuffle(moves)
        for move in moves:
            after = act(server, gid, key, v, move)
            if after["movement_points"] >= 1:
                v = after
                break
            v = undo(server, gid, key)
        else:
            break
    return v


def set_the_scene(server: Server) -> str:
    """A game at Aulus's Architect with one movement point left, some turns into the game: Aulus's link."""
    g = httpx.post(server.base + "/api/games", timeout=60, json={
        "board": "italia", "seed": SEED,
        "seats": [{"kind": "human", "name": "Aulus"}] + [{"kind": "bot", "bot": "greedy"}] * 3}).json()
    gid, key = g["id"], g["seats"][0]["key"]
    rng = random.Random(CHOOSER_SEED)
    v = await_turn(server, gid, key)
    while not v["over"]:
        playing = v["step"] == ["turn"] and ["play", "architect"] in [x["action"] for x in v["legal"]]
        if v["turn"] >= FROM_TURN and playing:
            v = act(server, gid, key, v, ["play", "architect"])
            v = move_to_one_point(server, gid, key, v, rng)
            if v["movement_points"] == 1:
                print(f"turn {v['turn']}, {v['decisions']} decisions", file=sys.stderr)
                return str(g["seats"][0]["link"])
            v = act(server, gid, key, v, choose(v, rng))
            continue
        v = act(server, gid, key, v, choose(v, rng))
    raise RuntimeError("the game ended before the scene")


def shoot(page: Page, link: str, path: Path) -> None:
    page.goto(link)
    page.wait_for_function("document.body.dataset.decisions !== undefined"
                           " && document.body.dataset.toAct === document.body.dataset.seat"
                           " && !document.body.dataset.thinking")
    page.wait_for_selector("#board g.cities")
    page.evaluate("document.fonts.ready")
    page.wait_for_timeout(800)  # the board's fit and any transition
    page.screenshot(path=str(path), animations="disabled")  # the glowing routes at rest, not mid-pulse


def optimise(raw: Path, out: Path) -> None:
    if shutil.which("pngquant"):
        subprocess.run(["pngquant", "--quality", "90-100", "--speed", "1", "--force", "--output", str(out), str(raw)],
                       check=True)
    else:
        shutil.copyfile(raw, out)
    if shutil.which("optipng"):
        subprocess.run(["optipng", "-quiet", "-o7", "-strip", "all", str(out)], check=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keep-raw", action="store_true", help="keep the unoptimised screenshots (*.raw.png)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        try:
            link = set_the_scene(server)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                for name, screen in SCREENS.items():
                    ctx = browser.new_context(**screen)
                    raw = (OUT if args.keep_raw else Path(tmp)) / name.replace(".png", ".raw.png")
                    shoot(ctx.new_page(), link, raw)
                    ctx.close()
                    optimise(raw, OUT / name)
                    print(f"{name}: {(OUT / name).stat().st_size // 1024} KB")
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
