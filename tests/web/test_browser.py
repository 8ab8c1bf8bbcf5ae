"""The browser UI in headless Chromium (Debian's /usr/bin/chromium, driven by Playwright): games started and played
by clicking, a reload and a server restart in the middle of a game, two browsers in one online game, a hot-seat game
with a bot played to the end behind its curtain, a solo game against Contrarius, replays, the lobby's lists, links
that carry secrets (kept only once accepted, never logged), the API pages offline.

A real uvicorn server runs in a subprocess on a free loopback port with a temporary SQLite file; its log (access log
included, level info) is kept in a file.
"""
from __future__ import annotations

import os
import random
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

import sestertius
from support.servers import wait_up

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]

if not os.path.exists(CHROMIUM):  # pragma: no cover
    pytest.skip("Debian chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``concordia serve`` in a subprocess; stop() and start() again on the same port and database = a restart."""

    def __init__(self, tmp: Path) -> None:
        self.port = free_port()
        self.db = f"sqlite:///{tmp / 'games.sqlite3'}"
        self.env = {**os.environ, "SESTERTIUS_CAMPAIGNS": str(tmp / "campaigns.sqlite3"), "SESTERTIUS_LOG": "info"}
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.log = tmp / "server.log"

    def start(self) -> None:
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "sestertius", "serve", "--port", str(self.port), "--db", self.db],
                cwd=ROOT, env=self.env, stdout=log, stderr=log)
        wait_up(self.port, self.proc, log=self.log)

    def stop(self) -> None:
        if self.proc:
            self.proc.terminate()
            self.proc.wait(10)
            self.proc = None


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("web"))
    s.start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, errors


# ---------------------------------------------------------------------------------------------------------------
def decisions(page) -> int:
    return int(page.evaluate("document.body.dataset.decisions"))


def wait_ready(page) -> None:
    page.wait_for_function(
        "document.body.dataset.decisions !== undefined && !document.querySelector('#error:not(.hidden)')")


def pass_curtain(page) -> None:
    """Hot-seat: the next person says they sit in front of the screen (the curtain covering it goes). At a real
    table (dice entered by hand): the moves to make on the board are done (the table assistant's sheet goes)."""
    if page.locator(".curtain").count():
        page.click(".curtain button")
        page.wait_for_selector(".curtain", state="detached")
    if page.locator("#tablesheet").count():
        page.click("#tablesheet .ts-done")
        page.wait_for_selector("#tablesheet", state="detached")


def click_and_wait(page, locator) -> None:
    """Click, then wait until the page shows a view with more (or, after an undo, fewer) decisions, and no bot
    thinking."""
    pass_curtain(page)
    before = page.evaluate("document.body.dataset.decisions")
    locator.click()
    page.wait_for_function(f"document.body.dataset.decisions !== '{before}'", timeout=10000)
    # the bots then decide in the server's background, their decisions shown one by one: until a person's turn
    page.wait_for_function("!document.body.dataset.thinking", timeout=120000)


def legal_buttons(page):
    return page.locator("#actions button.legal")


PRIORITY = ["build", "card", "place", "recruit", "produce"]
CARD_PRIORITY = ["Senator", "Consul", "Architect", "Prefect", "Colonist", "Tribune", "Mercator"]


def pick_button(page):
    """A simple player: build, buy, place colonists and produce when it can; prefer cards that lead there; else
    Done (or the first decision offered)."""
    buttons = legal_buttons(page)
    info = buttons.evaluate_all("bs => bs.map(b => [b.dataset.verb, b.title])")
    verbs = [v for v, _ in info]
    for v in PRIORITY:
        if v in verbs:
            return buttons.nth(verbs.index(v))
    plays = [(i, t) for i, (v, t) in enumerate(info) if v == "play"]
    for card in CARD_PRIORITY:
        for i, t in plays:
            if t == f"play {card}":
                return buttons.nth(i)
    if plays:
        return buttons.nth(plays[0][0])
    return buttons.nth(verbs.index("done") if "done" in verbs else 0)


def create_in_lobby(page, server, players: int, kinds: list[str], seed: int | None = None, board="italia"):
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#b-board", board)
    page.select_option("#b-players", str(players))
    for i, kind in enumerate(kinds):
        page.locator(f"#b-seats select[data-seat='{i}']").select_option(kind)
    if seed is not None:
        page.fill("#b-seed", str(seed))
    page.click("#b-create")


# ---------------------------------------------------------------------------------------------------------------
def test_play_by_clicking_reload_and_restart(server, page):
    create_in_lobby(page, server, 2, ["hotseat", "bot:greedy"], seed=21)
    page.wait_for_url(re.compile(r"/play/\w+"))
    wait_ready(page)
    assert "it is your turn" in page.inner_text("#banner")
    # play the Architect from the hand, move a colonist by clicking a glowing route on the board
    click_and_wait(page, page.locator("#hand .card.playable[data-card='architect']"))
    assert page.locator("#board g.target[data-click=route]").count() > 0
    click_and_wait(page, page.locator("#board g.target[data-click=route] circle").first)
    # reload in the middle of the turn: the same decision is waiting
    n = decisions(page)
    page.reload()
    wait_ready(page)
    assert decisions(page) == n and page.locator("#actions button.legal[data-verb=done]").count() == 1
    # undo the move, then move again
    assert page.is_visible("#undo")
    click_and_wait(page, page.locator("#undo"))
    assert decisions(page) == n - 1
    click_and_wait(page, page.locator("#board g.target[data-click=route] circle").first)
    click_and_wait(page, page.locator("#actions button.legal[data-verb=done]"))  # done moving
    # building if possible (click a glowing city), else done
    if page.locator("#board g.city.target").count():
        click_and_wait(page, page.locator("#board g.city.target > circle").first)
    click_and_wait(page, page.locator("#actions button.legal[data-verb=done]"))
    # the bot has played; it is our turn again
    page.wait_for_function("document.body.dataset.toAct === '0'")
    n = decisions(page)
    assert n >= 4
    # restart the server: the page notices, reconnects, and the game goes on
    server.stop()
    page.wait_for_selector("#conn.off", timeout=10000)
    server.start()
    page.wait_for_selector("#conn.live", timeout=15000)
    assert decisions(page) == n
    click_and_wait(page, page.locator("#hand .card.playable").first)
    assert decisions(page) > n
    assert "plays" in page.inner_text("#log")


def test_a_page_whose_game_is_deleted_says_so_and_stops_reconnecting(server, page):
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect
    g = httpx.post(server.base + "/api/games", json={"board": "italia", "seed": 5,
                                                     "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    page.goto(g["seats"][0]["link"])
    wait_ready(page)
    page.wait_for_selector("#conn.live")
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    r = httpx.delete(f"{server.base}/api/games/{g['id']}", headers={"X-Owner-Key": g["owner_key"]})
    assert r.status_code == 204
    # the open WebSocket is closed with 4404, which the page reads as the end: no reconnection loop
    page.wait_for_selector("#banner [data-note=gone]", timeout=10000)
    assert "no longer exists" in page.inner_text("#banner") and page.inner_text("#conn") == "deleted"
    page.wait_for_timeout(1500)  # longer than the first reconnection's delay (0.4 s)
    assert sockets == []
    # a new WebSocket to the deleted game: accepted, then closed with 4404 (closed before the handshake, a real
    # server answers a bare HTTP 403, which a page cannot tell from a refusal of another kind)
    try:
        with connect(server.base.replace("http", "ws") + f"/ws/{g['id']}", open_timeout=10) as ws:
            ws.send("{}")
            ws.recv(timeout=10)
    except InvalidStatus as e:  # pragma: no cover - the failure this test guards against
        raise AssertionError(f"refused at the handshake: {e}") from e
    except Exception as e:
        assert getattr(getattr(e, "rcvd", None), "code", None) == 4404, repr(e)
    else:  # pragma: no cover
        raise AssertionError("a WebSocket to a deleted game stayed open")


def test_two_browsers_see_each_other(server, browser):
    r = httpx.post(server.base + "/api/games", json={
        "board": "imperium", "seed": 3,
        "seats": [{"kind": "human", "name": "Aulus"}, {"kind": "human", "name": "Brutus"}]})
    g = r.json()
    ctx_a = browser.new_context(viewport={"width": 1300, "height": 900})
    ctx_b = browser.new_context(viewport={"width": 1300, "height": 900})
    try:
        a, b = ctx_a.new_page(), ctx_b.new_page()
        a.goto(g["seats"][0]["link"])
        b.goto(g["seats"][1]["link"])
        for pg in (a, b):
            wait_ready(pg)
            pg.wait_for_selector("#conn.live")
        assert "Aulus, it is your turn" in a.inner_text("#banner")
        assert "Aulus is to decide" in b.inner_text("#banner")
        # the seat's secret has left the address bar; the creator chose the seed, and each seat is told
        assert "#" not in a.url and g["seats"][0]["key"] not in a.url
        for pg in (a, b):
            assert "chose this game's seed" in pg.inner_text("#banner [data-note=seed]")
            assert "seed" not in pg.text_content("#variant").lower()  # not repeated as a board's own state
        assert b.locator("#actions button.legal").count() == 0
        # Aulus plays a Mercator and sells: Brutus sees it happen without reloading
        click_and_wait(a, a.locator("#hand .card.playable[data-card='mercator']"))
        b.wait_for_function("document.body.dataset.decisions === '1'")
        assert "Aulus plays Mercator" in b.inner_text("#log")
        click_and_wait(a, a.locator("#actions button.legal[data-verb=done]"))
        b.wait_for_function("document.body.dataset.toAct === '1'")
        assert "Brutus, it is your turn" in b.inner_text("#banner")
        # Brutus sees his own hand, never Aulus'
        assert b.locator("#hand .card").count() > 0
        click_and_wait(b, b.locator("#hand .card.playable[data-card='prefect']"))
        a.wait_for_function("document.body.dataset.decisions === '3'")
        click_and_wait(b, b.locator("#board g.marker.target").first)
        a.wait_for_function("document.body.dataset.toAct === '0'")
        assert "Brutus produces" in a.inner_text("#log") or "produces" in a.inner_text("#log")
    finally:
        ctx_a.close()
        ctx_b.close()


def test_hotseat_with_bot_to_the_end(server, page):
    create_in_lobby(page, server, 3, ["hotseat", "hotseat", "bot:greedy"], seed=2)
    page.wait_for_url(re.compile(r"/play/\w+"))
    wait_ready(page)
    seen_seats = set()
    for _ in range(600):
        if page.evaluate("document.body.dataset.over") == "true":
            break
        seat = page.evaluate("document.body.dataset.seat")
        assert seat == page.evaluate("document.body.dataset.toAct")  # the screen shows the seat to act
        seen_seats.add(seat)
        click_and_wait(page, pick_button(page))
    else:
        raise AssertionError("the game did not end")
    assert seen_seats == {"0", "1"}
    page.wait_for_selector("#scores:not(.hidden)")
    table = page.inner_text("#scores")
    for god in ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva", "Total"):
        assert god in table
    assert "Game over" in page.inner_text("#banner")
    # the finished game can be replayed step by step and downloaded
    with page.expect_download() as dl:
        page.click("#download")
    assert dl.value.suggested_filename.endswith(".json")
    page.click("#replaylink")
    page.wait_for_selector("#rp-pos")
    page.wait_for_function("document.body.dataset.decisions === '0'")
    page.click("#rp-next")
    page.wait_for_function("document.body.dataset.decisions === '1'")
    page.click("#rp-last")
    page.wait_for_selector("#scores:not(.hidden)")


def test_solo_by_clicking(server, page):
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#tab-solo")
    page.select_option("#s-board", "italia")
    page.fill("#s-seed", "8")
    page.click("#s-create")
    page.wait_for_url(re.compile(r"/play/\w+"))
    wait_ready(page)
    assert page.is_visible("#contrarius") and "contrarius" in page.inner_text("#contrarius").lower()
    start_turn = None
    for _ in range(60):
        turn = page.evaluate("document.body.dataset.decisions")
        click_and_wait(page, pick_button(page))
        events = page.locator("#log .ev.contrarius").count()
        if start_turn is None:
            start_turn = turn
        if events >= 4 and page.locator("#log .ev.play").count() >= 3:
            break
    assert page.locator("#log .ev.play").count() >= 3
    assert page.locator("#log .ev.contrarius").count() >= 4  # Contrarius' reactions, explained
    assert page.locator("#contrarius .card").count() > 0


def play_some(page, n: int) -> None:
    for _ in range(n):
        if page.evaluate("document.body.dataset.over") == "true":
            return
        click_and_wait(page, pick_button(page))


def test_venus_team_game_from_the_lobby(server, page):
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#b-board", "imperium")
    page.select_option("#b-mode", "team")
    # team play: 4 or 6 seats, partners opposite; Venus cards chosen with it
    enabled = "[...document.querySelectorAll('#b-players option')].filter(o => !o.disabled).map(o => o.value)"
    assert page.evaluate(enabled) == ["4", "6"]
    assert page.input_value("#b-players") == "4" and page.is_checked("#b-venus")
    assert "seat 1 (red) & seat 3 (green)" in page.inner_text("#b-teams")
    # what the engine does not offer is refused in its words before anything is created
    page.select_option("#b-board", "roma")
    page.wait_for_selector("#b-check:not(.hidden)")
    assert "needs a board with a capital" in page.inner_text("#b-check") and page.is_disabled("#b-create")
    page.select_option("#b-board", "imperium")
    page.wait_for_selector("#b-check", state="hidden")
    for i, kind in enumerate(["hotseat", "bot:greedy", "bot:greedy", "bot:greedy"]):
        page.locator(f"#b-seats select[data-seat='{i}']").select_option(kind)
    page.fill("#b-seed", "4")
    page.click("#b-create")
    page.wait_for_url(re.compile(r"/play/\w+"))
    wait_ready(page)
    assert "team play" in page.inner_text("#title") and "Venus" in page.inner_text("#title")
    assert "partner: Greedy bot 3" in page.inner_text("#players .player[data-seat='0']")
    assert "partner: Player 1" in page.inner_text("#players .player[data-seat='2']")
    start = decisions(page)
    play_some(page, 8)
    assert decisions(page) > start


def test_lobby_offers_the_engines_player_counts_and_seating(server, page):
    """Each mode's numbers of players are those of the engine's choices() (the base tab without Contrarius, the
    Solitaria tab with him), and the team text names the partners a game of the engine seats."""
    offer = {m["name"]: m["players"] for m in sestertius.choices()["modes"]}
    extra = {(mode, n): sestertius.Game.new({"mode": mode, "players": n}).view(None).get("extra") or {}
             for mode, ns in offer.items() for n in ns}
    vs_contrarius = {setup for setup, x in extra.items() if "contrarius" in x}
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    modes = page.evaluate("[...document.querySelectorAll('#b-mode option')].map(o => o.value)")
    assert modes == [m for m, ns in offer.items() if any((m, n) not in vs_contrarius for n in ns)]
    options = "[...document.querySelectorAll('#b-players option')].filter(o => !o.disabled).map(o => Number(o.value))"
    for mode in modes:
        page.select_option("#b-mode", mode)
        assert page.evaluate(options) == [n for n in offer[mode] if (mode, n) not in vs_contrarius], mode
        for n in page.evaluate(options):
            page.select_option("#b-players", str(n))
            assert page.locator("#b-seats .seat-row").count() == n
            text = page.inner_text("#b-teams")
            if mode != "team":
                assert text == ""
                continue
            view = sestertius.Game.new({"mode": "team", "players": n}).view(None)
            colors = ["red", "blue", "green", "yellow", "black", "white"]
            for p in view["players"][:n]:
                if p["seat"] < p["partner"]:
                    a, b = p["seat"], p["partner"]
                    assert f"seat {a + 1} ({colors[a]}) & seat {b + 1} ({colors[b]})" in text, text
                    assert page.get_attribute(f"#b-seats .seat-row:nth-child({a + 1}) .tag", "title") == \
                        f"partner: seat {b + 1}"
    # the Solitaria tab: exactly the setups played against Contrarius, each seating its number of players
    page.click("#tab-solo")
    variants = page.evaluate("[...document.querySelectorAll('#s-variant option')].map(o => o.value)")
    assert len(variants) == len(vs_contrarius)
    seats = []
    for v in variants:
        page.select_option("#s-variant", v)
        seats.append(page.locator("#s-seats .seat-row").count() if page.is_visible("#s-seats") else 1)
    assert sorted(seats) == sorted(n for _, n in vs_contrarius)
    page.select_option("#s-variant", "coop")
    assert page.locator("#s-seats .seat-row .tag").all_text_contents() == ["the team", "the team"]


def test_fish_market_game_from_the_lobby(server, page):
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#b-board", "italia")
    page.select_option("#b-players", "3")
    page.select_option("#b-fish", "mountain")
    page.locator("#b-seats select[data-seat='1']").select_option("bot:greedy")
    page.locator("#b-seats select[data-seat='2']").select_option("bot:greedy")
    page.fill("#b-seed", "6")
    page.click("#b-create")
    page.wait_for_url(re.compile(r"/play/\w+"))
    wait_ready(page)
    assert "fish market (mountain)" in page.inner_text("#title")
    panel = page.locator("#variant [data-panel='fish_market']")
    assert panel.is_visible() and "mountainside" in panel.inner_text().lower()
    met_market = False
    for _ in range(120):
        if page.locator("#actions button[data-verb='enter']").count():
            met_market = True
            click_and_wait(page, page.locator("#actions button[data-verb='enter']").first)
        else:
            click_and_wait(page, pick_button(page))
        if met_market and decisions(page) > 10:
            break
    assert met_market
    assert page.locator("#variant [data-panel='fish_market'] .swatch").count() >= 1  # a marker on a spot


@pytest.mark.parametrize("spec", [
    {"board": "balearica", "panel": "start_boats"},
    {"board": "roma", "panel": "roma"},
    {"board": "sicilia", "panel": "volcano", "manual_dice": True},
    {"board": "italia", "mode": "solo", "players": 2, "manual_dice": True, "panel": None},
    {"board": "italia", "mode": "team", "players": 2, "panel": None},
])
def test_new_boards_and_modes_render_and_play(server, page, spec):
    spec = dict(spec)
    panel = spec.pop("panel")
    n = spec.get("players", 3)
    seats = [{"kind": "hotseat"}] + [{"kind": "bot", "bot": "greedy"}] * (n - 1)
    if spec.get("mode") == "solo" and spec.get("manual_dice"):
        seats = [{"kind": "hotseat"}, {"kind": "hotseat"}]
    r = httpx.post(server.base + "/api/games", json={**spec, "players": n, "seats": seats, "seed": 5})
    assert r.status_code == 201, r.text
    page.goto(r.json()["hotseat_link"])
    wait_ready(page)
    if panel:
        assert page.locator(f"#variant [data-panel='{panel}']").is_visible()
    if spec["board"] in ("balearica", "roma"):
        assert page.locator("#board .own-place").count() >= 1  # the board's own places, drawn where it has them
    else:
        assert page.is_visible("#contrarius") or panel
    play_some(page, 12)
    assert "dice seat" not in page.text_content("#variant").lower()  # the page's own fields: no board's state
    if spec.get("mode"):
        assert page.locator("#log .ev.contrarius").count() >= 1


@pytest.mark.parametrize("variant,words",
                         [("third", "Contrarius as third player"), ("coop", "as a team vs Contrarius")])
def test_two_players_against_contrarius_from_the_lobby(server, page, variant, words):
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#tab-solo")
    page.select_option("#s-variant", variant)
    assert page.is_hidden("#s-campaign-row") and page.locator("#s-seats .seat-row").count() == 2
    page.select_option("#s-board", "sicilia")
    page.select_option("#s-fish", "coastal")  # with Sicilia's own rules too (A-SOLO-FISH-BOARDS): offered
    page.wait_for_selector("#s-check", state="hidden")
    assert not page.is_disabled("#s-create")
    # Balearica: no rulebook gives Contrarius a rule there, so the Solitaria tab does not offer it
    assert page.is_disabled("#s-board option[value='balearica']")
    page.select_option("#s-board", "italia")  # two players against Contrarius with the fish market: offered
    page.wait_for_selector("#s-check", state="hidden")
    assert not page.is_disabled("#s-create")
    page.locator("#s-seats select[data-seat='1']").select_option("bot:greedy")
    page.fill("#s-seed", "3")
    page.click("#s-create")
    page.wait_for_url(re.compile(r"/play/\w+"))
    wait_ready(page)
    assert words in page.inner_text("#title") and "fish market (coastal)" in page.inner_text("#title")
    assert page.is_visible("#contrarius")
    play_some(page, 10)
    assert page.locator("#log .ev.contrarius").count() >= 1


# ---------------------------------------------------------------------------------------------------------------
def test_hot_seat_curtain_is_opaque_and_on_by_default(server, page):
    seats = [{"kind": "hotseat", "name": "Ann"}, {"kind": "hotseat", "name": "Bob"}]
    r = httpx.post(server.base + "/api/games", json={"board": "italia", "seed": 9, "seats": seats})
    page.goto(r.json()["hotseat_link"])
    wait_ready(page)

    def covered(name):
        page.wait_for_selector(".curtain")
        assert f"Pass the screen to {name}" in page.inner_text(".curtain")
        style = page.evaluate("""() => { const s = getComputedStyle(document.querySelector('.curtain'));
            return [s.backgroundColor, s.opacity]; }""")
        assert style[1] == "1" and not style[0].startswith("rgba"), style  # nothing shows through
        # the whole window: whatever point is looked at, the curtain is on top (the hand below included)
        hand = page.locator("#hand").bounding_box()
        for x, y in ((5, 5), (1395, 995), (hand["x"] + 5, hand["y"] + 5), (700, 500)):
            assert page.evaluate(f"document.elementFromPoint({x}, {y}).closest('.curtain') !== null"), (x, y)

    covered("Ann")  # on by default: this browser never chose it
    pass_curtain(page)
    assert page.is_checked("#hidehands") and "Hand of Ann" == page.text_content("#handtitle")
    for _ in range(40):  # Ann's turn to its end: then the screen passes to Bob
        if page.locator(".curtain").count():
            break
        click_and_wait(page, pick_button(page))
    assert page.evaluate("document.body.dataset.seat") == "1"
    covered("Bob")
    pass_curtain(page)
    assert "Hand of Bob" == page.text_content("#handtitle")


def test_a_crafted_link_does_not_make_a_browser_forget_its_seat(server, browser):
    r = httpx.post(server.base + "/api/games", json={
        "board": "italia", "seats": [{"kind": "human", "name": "Aulus"}, {"kind": "human", "name": "Brutus"}]})
    g = r.json()
    gid, key = g["id"], g["seats"][0]["key"]
    ctx = browser.new_context(viewport={"width": 1300, "height": 900})
    stored = f"JSON.parse(localStorage.getItem('sestertius.creds.{gid}') || '{{}}')"
    try:
        pg = ctx.new_page()
        pg.goto(g["seats"][0]["link"])
        wait_ready(pg)
        assert "Aulus, it is your turn" in pg.inner_text("#banner") and pg.evaluate(stored) == {"0": key}
        for crafted in (f"/play/{gid}?seat=0&key=WRONG", f"/play/{gid}#seat=0&key=WRONG", f"/play/{gid}#seat=1&key=X",
                        f"/play/{gid}#keys=0:WRONG,1:WRONG"):
            pg.goto("about:blank")  # opened afresh, as a link from elsewhere is
            pg.goto(server.base + crafted)
            wait_ready(pg)
            assert pg.evaluate(stored) == {"0": key}, crafted  # the seat this browser had, kept
            assert "Aulus, it is your turn" in pg.inner_text("#banner"), crafted
            assert "was refused" in pg.inner_text("#banner [data-note=link]"), crafted
            assert "WRONG" not in pg.url and key not in pg.url  # no secret left in the address bar
        pg.goto(f"{server.base}/play/{gid}")
        wait_ready(pg)
        assert "Aulus, it is your turn" in pg.inner_text("#banner") and not pg.locator("[data-note=link]").count()
        click_and_wait(pg, pg.locator("#hand .card.playable").first)  # a decision, and the live view (WebSocket)
        pg.wait_for_selector("#conn.live")
    finally:
        ctx.close()
    # neither the secret of a link nor one sent by the page is in the server's log (access log at level info)
    time.sleep(0.3)
    log = server.log.read_text()
    assert f"/api/games/{gid}" in log and f"/ws/{gid}" in log and key not in log and "WRONG" not in log


def test_the_lobby_lists_this_browsers_games_and_the_public_ones(server, browser):
    others = [httpx.post(server.base + "/api/games", json={
        "board": "italia", "public": public, "seats": [{"kind": "human"}, {"kind": "bot"}]}).json() for public in
        (True, False)]
    ctx_a = browser.new_context(viewport={"width": 1400, "height": 1000})
    ctx_b = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        a, b = ctx_a.new_page(), ctx_b.new_page()
        a.on("dialog", lambda d: d.accept())
        create_in_lobby(a, server, 2, ["hotseat", "human"])
        a.wait_for_selector("#invites:not(.hidden)")
        gid = re.search(r"/play/(\w+)#", a.input_value("#invites input")).group(1)
        a.goto(server.base + "/")
        a.wait_for_selector(f"#active li[data-game='{gid}']")
        listed = a.evaluate("[...document.querySelectorAll('li[data-game]')].map(li => [li.parentElement.id, "
                            "li.dataset.game])")
        assert ["active", gid] in listed and ["public", others[0]["id"]] in listed
        assert all(g != others[1]["id"] for _, g in listed)  # another browser's private game: not listed
        b.goto(server.base + "/")
        b.wait_for_selector(f"#public li[data-game='{others[0]['id']}']")
        assert not b.locator(f"li[data-game='{gid}']").count()  # nor is this one to another browser
        # the creator deletes the game
        a.click(f"#active li[data-game='{gid}'] button[data-delete]")
        a.wait_for_selector(f"li[data-game='{gid}']", state="detached")
        assert httpx.get(f"{server.base}/api/games/{gid}").status_code == 404
    finally:
        ctx_a.close()
        ctx_b.close()


def test_replay_of_a_game_with_dice_to_its_end(server, page):
    g = httpx.post(server.base + "/api/games", json={"mode": "solo", "board": "italia", "seed": 3}).json()
    gid, key = g["id"], g["seats"][0]["key"]
    rng = random.Random(2)
    with httpx.Client(base_url=server.base, timeout=10) as http:
        for _ in range(3000):
            v = http.get(f"/api/games/{gid}", params={"seat": 0}, headers={"X-Seat-Key": key}).json()
            if v["over"]:
                break
            useful = [e for e in v["legal"] if e["action"][0] in ("build", "card", "place")]
            http.post(f"/api/games/{gid}/decisions", json={"seat": 0, "key": key,
                                                           "action": rng.choice(useful or v["legal"])["action"]})
    total = len(httpx.get(f"{server.base}/api/games/{gid}/record").json()["actions"])
    page.goto(f"{server.base}/replay/{gid}")
    page.wait_for_function("document.body.dataset.decisions === '0'")
    for step in range(1, 13):  # past the first dice, one step at a time (a click while a step loads is not queued)
        page.click("#rp-next")
        page.wait_for_function(f"document.body.dataset.decisions === '{step}'")
    page.click("#rp-last")
    page.wait_for_selector("#scores:not(.hidden)")
    assert page.inner_text("#rp-pos") == f"decision {total} of {total}"


def test_the_api_page_works_offline(server, page):
    outside: list[str] = []

    def only_this_server(route):
        if route.request.url.startswith(server.base):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()
    page.route("**/*", only_this_server)
    page.goto(server.base + "/docs")
    page.wait_for_selector(".swagger-ui .info .title", timeout=15000)
    assert "Sestertius" in page.inner_text(".swagger-ui .info .title")
    assert page.locator(".opblock").count() > 10 and outside == []


def test_bot_levels_and_hints(server, page):
    """The lobby offers the bot levels from the server; in a solo game the Hint button shows the search bot's best
    decisions, and one of them can be played from there."""
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    options = page.locator("#b-seats select[data-seat='1'] option").evaluate_all("os => os.map(o => o.value)")
    assert {"bot:greedy", "bot:medium", "bot:hard", "bot:random"} <= set(options)
    page.click("#tab-solo")
    page.select_option("#s-board", "italia")
    page.fill("#s-seed", "5")
    page.click("#s-create")
    page.wait_for_url(re.compile(r"/play/\w+"))
    wait_ready(page)
    page.click("#hintbtn")
    page.wait_for_selector("#hints .hint-entry", timeout=30000)
    entries = page.locator("#hints .hint-entry")
    assert 1 <= entries.count() <= 3
    assert "VP" in page.inner_text("#hints") and "%" in page.inner_text("#hints")
    # the figure shown first is the one the hints are ordered by: the lead at the end over the best other player
    margins = entries.evaluate_all("es => es.map(e => Number(e.dataset.margin))")
    assert margins == sorted(margins, reverse=True)
    assert all(t.startswith("lead ") for t in entries.locator(".hint-margin").all_inner_texts())
    click_and_wait(page, entries.nth(0).locator("button"))
    assert decisions(page) >= 1


def test_review_of_a_finished_game(server, page):
    r = httpx.post(server.base + "/api/games", json={"board": "italia", "mode": "team", "players": 2, "seed": 5,
                                                      "seats": [{"kind": "bot", "bot": "random"}] * 2}, timeout=60)
    gid = r.json()["id"]
    page.goto(f"{server.base}/play/{gid}")
    page.wait_for_selector("#reviewlink:not(.hidden)")
    page.click("#reviewlink")
    page.wait_for_url(re.compile(r"/review/\w+"))
    page.wait_for_selector("body[data-reviewed]", timeout=120000)
    rows = page.locator("#review tbody tr")
    assert rows.count() > 10
    assert 1 <= page.locator("#review tr.costly").count() <= 3
