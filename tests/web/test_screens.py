"""The web app on every screen, in headless Chromium: a phone (390×844, touch), a tablet (1024×768, touch) and a
desktop. What a person sees is asserted: the page never scrolls sideways, the current decision is in view and not
covered, every target is at least about 40 px, the map's pieces never cover each other, and every target is
reachable by keyboard with a visible focus. A solo game and a four-player game are played by clicking at each size.
"""
from __future__ import annotations

import re

import httpx
import pytest

from web.test_browser import (  # noqa: F401  (the fixtures are used by name)
    browser,
    click_and_wait,
    create_in_lobby,
    decisions,
    pick_button,
    server,
    wait_ready,
)

pytestmark = pytest.mark.browser

SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
              "device_scale_factor": 2},
    "tablet": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
    "desktop": {"viewport": {"width": 1400, "height": 900}},
}
FINGER = 40  # the least width and height of a target, in CSS pixels


def on(*names: str):
    """Run a test on these screens only (by default a test runs on every screen)."""
    return pytest.mark.parametrize("screen", names, indirect=True)


@pytest.fixture(params=list(SCREENS))
def screen(request, browser):  # noqa: F811
    ctx = browser.new_context(**SCREENS[request.param])
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.screen_name = request.param
    yield pg
    ctx.close()
    assert not errors, errors


# ---------------------------------------------------------------------------------------------------------------
NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth + 1"

# the smallest target shown: [width, height, what] of every visible target of the page
SMALLEST = """() => {
  const out = [];
  const seen = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0
    && getComputedStyle(e).visibility !== 'hidden'; };
  const sel = ['#actions button', '#chooser button', '#hand .card.playable', '#display .card.buyable', '.topbar a.btn',
    '.topbar button', '#board .hit', '.zoombar button', 'main button', 'main select', 'main input[type=text]',
    'main input[type=number]'];
  for (const s of sel) for (const e of document.querySelectorAll(s)) {
    if (!seen(e)) continue;
    const r = e.getBoundingClientRect();
    out.push([Math.round(r.width), Math.round(r.height), s + ' ' + (e.textContent || e.id || '').trim().slice(0, 30)]);
  }
  out.sort((a, b) => Math.min(a[0], a[1]) - Math.min(b[0], b[1]));
  return out.slice(0, 3);
}"""

# is the decision in view and not covered: its prompt and its first decision are inside the window, and what lies at
# the first decision's middle is that decision
DECISION_IN_VIEW = """() => {
  const d = document.querySelector('#decision');
  if (!d || d.classList.contains('hidden')) return 'no decision shown';
  const b = document.querySelector('#actions button.legal') || document.querySelector('#prompt');
  const r = b.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth)
    return 'out of view: ' + JSON.stringify([r.left, r.top, r.right, r.bottom]);
  const at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return at && (at === b || b.contains(at)) ? 'ok' : 'covered by ' + (at ? at.outerHTML.slice(0, 80) : 'nothing');
}"""


def check_screen(page) -> None:
    assert page.evaluate(NO_SIDEWAYS), (page.screen_name, page.evaluate("document.documentElement.scrollWidth"))
    small = page.evaluate(SMALLEST)
    assert not small or min(small[0][:2]) >= FINGER, (page.screen_name, small)


def check_decision(page) -> None:
    if page.locator("#actions button.legal").count():
        assert page.evaluate(DECISION_IN_VIEW) == "ok", page.screen_name


def overlapping_pieces(page) -> list:
    """Pairs of pieces on the map whose drawn boxes overlap (by more than a sliver)."""
    return page.evaluate("""() => {
      const ps = [...document.querySelectorAll('#board g.pawns > g.pawn')]
        .map(g => [g.dataset.key, g.getBoundingClientRect()]);
      const out = [];
      for (let i = 0; i < ps.length; i++) for (let j = i + 1; j < ps.length; j++) {
        const a = ps[i][1], b = ps[j][1];
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 2 && h > 2) out.push([ps[i][0], ps[j][0]]);
      }
      return out;
    }""")


def play_and_check(page, steps: int) -> int:
    """Play by clicking (the board's targets when a route or a city glows, else the decision's buttons), checking
    the screen every few decisions; returns the number of decisions made."""
    made = 0
    for i in range(steps):
        if page.evaluate("document.body.dataset.over") == "true":
            break
        if i % 5 == 0:
            check_screen(page)
            check_decision(page)
        hits = page.locator("#board g.target[data-click=route] .hit")
        if i % 3 == 0 and hits.count():
            hit = hits.first
            hit.scroll_into_view_if_needed()
            box = hit.bounding_box()
            before = page.evaluate("document.body.dataset.decisions")
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            assert page.evaluate(f"!!document.elementFromPoint({x}, {y}).closest('#board')"), "a map target is covered"
            page.mouse.click(x, y)
            # one decision, or a choice between several (which colonist goes there)
            page.wait_for_function(f"document.body.dataset.decisions !== '{before}'"
                                   " || !document.querySelector('#chooser').classList.contains('hidden')",
                                   timeout=10000)
            if page.evaluate(f"document.body.dataset.decisions === '{before}'"):
                check_screen(page)
                click_and_wait(page, page.locator("#chooser button.legal").first)
        else:
            click_and_wait(page, pick_button(page))
        made += 1
    return made


def start_solo(page, server, seed: int) -> None:  # noqa: F811
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    check_screen(page)
    page.click("#tab-solo")
    check_screen(page)
    page.select_option("#s-board", "italia")
    page.fill("#s-seed", str(seed))
    page.click("#s-create")
    page.wait_for_url(re.compile(r"/play/\w+"))
    wait_ready(page)


# ---------------------------------------------------------------------------------------------------------------
def test_lobby_fits_every_screen(server, screen):  # noqa: F811
    screen.goto(server.base + "/")
    screen.wait_for_selector("body[data-ready='1']")
    check_screen(screen)
    screen.click("#tab-solo")
    check_screen(screen)
    screen.goto(server.base + "/campaigns")
    assert screen.evaluate(NO_SIDEWAYS)


def test_solo_game_by_clicking(server, screen):  # noqa: F811
    """A whole solo game against Contrarius, every decision clicked."""
    start_solo(screen, server, seed=8)
    check_screen(screen)
    check_decision(screen)
    # at the start the player's colonists and Contrarius' share the capital: none covers another, each can be hit
    assert screen.locator("#board g.pawns > g.pawn").count() >= 4
    assert overlapping_pieces(screen) == []
    made = play_and_check(screen, 400)  # the whole game
    assert screen.evaluate("document.body.dataset.over") == "true", made
    assert made >= 30
    assert screen.locator("#log .ev.contrarius").count() >= 2
    assert screen.locator("#scores").is_visible()  # the final scoring
    check_screen(screen)
    assert overlapping_pieces(screen) == []


def test_four_player_game_by_clicking(server, screen):  # noqa: F811
    """A whole four-player game, the person's seat clicking every one of its decisions (the board's targets or the
    decision's buttons), three bots in the other seats; the screen checked as it goes, the final scoring at the end."""
    create_in_lobby(screen, server, 4, ["hotseat", "bot:greedy", "bot:greedy", "bot:greedy"], seed=5)
    screen.wait_for_url(re.compile(r"/play/\w+"))
    wait_ready(screen)
    check_screen(screen)
    check_decision(screen)
    assert overlapping_pieces(screen) == []
    made = play_and_check(screen, 400)
    assert screen.evaluate("document.body.dataset.over") == "true", made
    assert made >= 40 and decisions(screen) > 3 * made  # the bots played too
    assert screen.locator("#scores").is_visible()  # the final scoring
    check_screen(screen)
    assert overlapping_pieces(screen) == []


@on("desktop")  # one screen is enough for the layout of the pieces
def test_five_players_in_the_capital_are_all_seen(server, screen):  # noqa: F811
    """Ten pieces start in the capital of a five-player game: each is drawn apart from the others, and each of the
    seat's own can be clicked at its middle."""
    g = httpx.post(server.base + "/api/games", json={
        "board": "imperium", "seed": 1, "seats": [{"kind": "human", "name": f"P{i}"} for i in range(5)]}).json()
    screen.goto(g["seats"][0]["link"])
    wait_ready(screen)
    assert screen.locator("#board g.pawns > g.pawn").count() == 10
    assert overlapping_pieces(screen) == []
    click_and_wait(screen, screen.locator("#hand .card.playable[data-card='architect']"))
    mine = screen.locator("#board g.pawn.movable")
    assert mine.count() == 2
    for i in range(2):
        box = mine.nth(i).bounding_box()
        key = mine.nth(i).get_attribute("data-key")
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        at = screen.evaluate(f"document.elementFromPoint({x}, {y}).closest('[data-click=pawn]').dataset.arg")
        assert at == f'"{key}"'


@on("tablet", "desktop")  # a keyboard is for the tablet and the desktop
def test_every_target_by_keyboard(server, screen):  # noqa: F811
    """Tab reaches the hand's cards and the map's targets, the focus is visible, Enter decides."""
    g = httpx.post(server.base + "/api/games", json={
        "board": "italia", "seed": 3,
        "seats": [{"kind": "human", "name": "Aulus"}, {"kind": "bot", "bot": "greedy"}]}).json()
    page = screen
    page.goto(g["seats"][0]["link"])
    wait_ready(page)

    def tab_to(selector: str, limit: int = 120) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate(f"!!document.activeElement && document.activeElement.matches({selector!r})"):
                return
        raise AssertionError(f"Tab never reached {selector}")

    tab_to("#hand .card.playable[data-card='architect']")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", "")
    before = decisions(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.decisions !== '{before}'")
    tab_to("#board g.target[data-click=route]")
    glow = page.evaluate("getComputedStyle(document.activeElement.querySelector('.route-glow')).stroke")
    assert glow == "rgb(26, 95, 180)"  # the focused route glows in the focus colour
    before = decisions(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.decisions !== '{before}'")
    tab_to("#actions button.legal[data-verb=done]")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") not in ("none", "")


NUMBERED_PLACE = re.compile(r"\b(route|city) \d+")


def numbered_places(page) -> list[str]:
    """Texts of the page (its words, the map's titles and labels, the buttons' titles) that name a place by number."""
    texts = page.evaluate("""() => [document.body.innerText,
      ...[...document.querySelectorAll('#board title, #board text')].map(t => t.textContent),
      ...[...document.querySelectorAll('[title], [aria-label]')]
        .map(e => e.title + ' ' + (e.getAttribute('aria-label') || ''))]""")
    return [m.group(0) for t in texts for m in NUMBERED_PLACE.finditer(t)]


@on("phone", "desktop")  # enough for the drawing
def test_roma_drawn_at_its_places(server, screen):  # noqa: F811
    """Roma's start, its six gate routes, its ship track with the house sites are on the map; colonists there are
    drawn apart; a gate can be clicked; no text names a place by its number."""
    page = screen
    g = httpx.post(server.base + "/api/games", json={
        "board": "roma", "seed": 2, "seats": [{"kind": "human", "name": f"P{i}"} for i in range(3)]}).json()
    page.goto(g["seats"][0]["link"])
    wait_ready(page)
    spots = page.evaluate("[...document.querySelectorAll('#board .own-place')].map(e => e.dataset.spot)")
    assert spots == ["start"] + [f"t{i}" for i in range(1, 10)]
    assert page.locator("#board .site").count() == 5  # Carthago's two and Athenae's three house sites
    assert page.locator("#board .offmap").count() == 0
    assert page.locator("#board g.pawns > g.pawn").count() == 6  # three at the start, three at Ostia
    assert overlapping_pieces(page) == []
    assert numbered_places(page) == []
    check_screen(page)
    click_and_wait(page, page.locator("#hand .card.playable[data-card='architect']"))
    gates = page.locator("#board g.target[data-click=route]")
    assert gates.count() >= 1
    assert numbered_places(page) == []
    texts = legal_texts(page)
    assert any("gate" in t for t in texts), texts
    hit = page.locator("#board g.target[data-click=route] .hit").first
    hit.scroll_into_view_if_needed()
    box = hit.bounding_box()
    before = decisions(page)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(f"document.body.dataset.decisions !== '{before}'"
                           " || !document.querySelector('#chooser').classList.contains('hidden')")
    assert numbered_places(page) == []
    check_screen(page)


def legal_texts(page) -> list[str]:
    return page.locator("#actions button.legal").evaluate_all("bs => bs.map(b => b.textContent)")


@on("desktop")  # one screen is enough for the drawing
def test_balearica_start_boats_on_the_map(server, screen):  # noqa: F811
    g = httpx.post(server.base + "/api/games", json={
        "board": "balearica", "seed": 2, "seats": [{"kind": "human", "name": f"P{i}"} for i in range(3)]}).json()
    screen.goto(g["seats"][0]["link"])
    wait_ready(screen)
    spots = screen.evaluate("[...document.querySelectorAll('#board .own-place')].map(e => e.dataset.spot)")
    assert spots == ["b0", "b1"]
    assert screen.locator("#board .offmap").count() == 0
    lines = screen.evaluate("[...document.querySelectorAll('#board .own-places title')].map(t => t.textContent)")
    assert sum("start line" in t for t in lines) == 7  # three lines from the west boat, four from the east one
    assert screen.locator("#board g.pawns > g.pawn").count() == 6
    assert overlapping_pieces(screen) == []
    assert numbered_places(screen) == []


@pytest.mark.parametrize("board", ["ionium", "cyprus", "balearica", "sicilia", "italia"])
def test_route_spaces_apart_and_markers_in_their_provinces(server, browser, board):  # noqa: F811
    """A land and a sea route between the same two cities have route spaces that do not touch; every bonus marker
    stands nearer to a city of its own province than to any other."""
    geo = httpx.get(f"{server.base}/api/boards/{board}").json()
    g = httpx.post(server.base + "/api/games", json={
        "board": board, "seed": 1, "seats": [{"kind": "human", "name": f"P{i}"} for i in range(3)]}).json()
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(g["seats"][0]["link"])
        wait_ready(page)
        spaces = dict(page.evaluate("""[...document.querySelectorAll('#board circle.space')]
          .map(c => [+c.dataset.route, [+c.getAttribute('cx'), +c.getAttribute('cy')]])"""))
        pairs: dict[tuple[int, int], list[int]] = {}
        for r in geo["routes"]:
            if not r["no_stop"]:
                pairs.setdefault((min(r["a"], r["b"]), max(r["a"], r["b"])), []).append(r["id"])
        for ids in pairs.values():
            for i in ids:
                for j in ids:
                    if i < j:
                        (x1, y1), (x2, y2) = spaces[i], spaces[j]
                        assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** .5 >= 17, (board, i, j)
        province_of = {c["id"]: c["province"] for c in geo["cities"]}
        wrong = page.evaluate("""() => {
          const mid = (e) => {
            const r = e.getBoundingClientRect();
            return [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
          };
          const cities = [...document.querySelectorAll('#board g.city[data-city]')]
            .map(g => [+g.dataset.city, mid(g.querySelector('circle'))]);
          return [...document.querySelectorAll('#board g.marker')].map(m => {
            const [x, y] = mid(m.querySelector('rect, circle'));
            let best = null, bd = 1e9;
            for (const [id, [cx, cy]] of cities) {
              const d = Math.hypot(cx - x, cy - y);
              if (d < bd) { bd = d; best = id; }
            }
            return [+m.dataset.province, best];
          });
        }""")
        assert [(p, c) for p, c in wrong if province_of[c] != p] == [], board
    finally:
        ctx.close()


def test_diplomat_names_the_player(server, browser):  # noqa: F811
    g = httpx.post(server.base + "/api/games", json={
        "board": "italia", "seed": 4, "seats": [{"kind": "hotseat", "name": "Aulus"},
                                                 {"kind": "hotseat", "name": "Brutus"}]}).json()
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(g["hotseat_link"])
        wait_ready(page)
        click_and_wait(page, page.locator("#hand .card.playable[data-card='mercator']"))
        click_and_wait(page, page.locator("#actions button.legal[data-verb=done]"))
        page.wait_for_function("document.body.dataset.toAct === '1'")
        click_and_wait(page, page.locator("#hand .card.playable[data-card='diplomat']"))
        texts = legal_texts(page)
        assert "copy Mercator of Aulus" in texts, texts
        assert not any(re.search(r"seat \d", t) for t in texts)
    finally:
        ctx.close()
