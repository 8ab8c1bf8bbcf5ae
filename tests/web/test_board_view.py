"""The map on a phone (390×844, touch), a tablet (1024×768, touch) and a desktop (1440×900), in headless Chromium: the
whole board is in view on load (every board, Roma's ship track and Byzantium included), no name on it is covered by a
piece or a control at the start, in the middle and at the end of a game, the zoom goes from the whole board to a
route a finger can tap and is kept in the browser, two fingers zoom and one pans, every piece carries its colour's
letter, and every decision is taken from the keyboard alone with a visible focus.

Games in progress are bots' games played to the end by the server, shown by the replay page at a decision.
"""
from __future__ import annotations

import random
import time

import httpx
import pytest

from web.test_browser import browser, decisions, server, wait_ready  # noqa: F401  (fixtures used by name)

pytestmark = pytest.mark.browser

SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
              "device_scale_factor": 2},
    "tablet": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
    "desktop": {"viewport": {"width": 1440, "height": 900}},
}
# every board with as many players as it takes (the most pieces)
BOARDS = {"imperium": 5, "italia": 4, "hellas": 4, "ionium": 5, "cyprus": 5, "sicilia": 5, "balearica": 3, "roma": 5}
LETTERS = ["R", "B", "G", "Y", "K", "W"]  # common.js PLAYER_LETTERS


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


def on(*names: str):
    return pytest.mark.parametrize("screen", names, indirect=True)


@pytest.fixture(scope="module")
def bot_games(server):  # noqa: F811
    """One finished bots' game per board: {board: (game id, decisions)}."""
    made = {board: httpx.post(server.base + "/api/games", json={
        "board": board, "seed": 7, "seats": [{"kind": "bot", "bot": "greedy"}] * n}, timeout=60).json()["id"]
        for board, n in BOARDS.items()}
    out = {}
    deadline = time.monotonic() + 600  # the bots play in the server's background, the games taking turns
    for board, gid in made.items():
        while True:
            v = httpx.get(f"{server.base}/api/games/{gid}", timeout=30).json()
            if v["over"] or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert v["over"], board
        out[board] = (gid, v["decisions"])
    return out


def show_replay(page, server, gid: str, step: int) -> None:  # noqa: F811
    page.goto(f"{server.base}/replay/{gid}?step={step}")
    page.wait_for_function(f"document.querySelector('#rp-pos').textContent.startsWith('decision {step} of')")
    page.wait_for_selector("#board g.cities")


# what of the board lies outside the part of the window a person sees (once the map is scrolled to the top of the
# window; on a phone the decision's sheet covers the window's bottom), or makes the map's frame scroll
OUT_OF_VIEW = """() => {
  document.querySelector('.boardwrap').scrollIntoView({block: 'start'});
  const frame = document.querySelector('#board'), svg = frame.querySelector('svg');
  const f = frame.getBoundingClientRect(), s = svg.getBoundingClientRect();
  const sheet = document.querySelector('.now');
  const bottom = getComputedStyle(sheet).position === 'fixed' ? sheet.getBoundingClientRect().top : innerHeight;
  const out = [];
  if (frame.scrollWidth > frame.clientWidth + 1 || frame.scrollHeight > frame.clientHeight + 1)
    out.push(['the frame scrolls', frame.scrollWidth, frame.clientWidth, frame.scrollHeight, frame.clientHeight]);
  if (s.left < Math.max(f.left, 0) - 1 || s.right > Math.min(f.right, innerWidth) + 1 || s.top < Math.max(f.top, 0) - 1
      || s.bottom > Math.min(f.bottom, bottom) + 1)
    out.push(['the board', [s.left, s.top, s.right, s.bottom], [f.left, f.top, f.right, f.bottom], bottom]);
  for (const t of frame.querySelectorAll('text, g.own-place, g.gate, g.pawns > g.pawn')) {
    const r = t.getBoundingClientRect();
    if (r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1 || r.bottom > s.bottom + 1)
      out.push([t.textContent.slice(0, 40), 'outside the drawing']);
  }
  return out;
}"""

# pairs [name, what covers it]: a name of the map (a city's, a site's, a gate's, a place's, a province's) and a piece
# (colonist, house, bonus marker) or a control of the map whose drawn boxes overlap by more than a pixel each way
COVERED_NAMES = """() => {
  const box = (e) => e.getBoundingClientRect();
  const names = [...document.querySelectorAll('#board text.city-label, #board text.prov-label')]
    .filter((t) => t.textContent.trim()).map((t) => [t.textContent, box(t)]);
  const covers = [
    ...[...document.querySelectorAll('#board g.pawns > g.pawn')].map((e) => ['colonist ' + e.dataset.key, box(e)]),
    ...[...document.querySelectorAll('#board g.house')].map((e) => ['house of seat ' + e.dataset.seat, box(e)]),
    ...[...document.querySelectorAll('#board g.marker')].map((e) => ['marker ' + e.dataset.province, box(e)]),
    ...[...document.querySelectorAll('.zoombar button, .boardtitle, #hint')]
      .filter((e) => box(e).width > 0).map((e) => ['control ' + (e.id || e.className), box(e)]),
  ];
  const out = [];
  for (const [name, a] of names) for (const [what, b] of covers) {
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1 && h > 1) out.push([name, what]);
  }
  return out;
}"""


# pieces standing in a board's own place (Roma's start and ship track, Balearica's boats) drawn outside its box
SPILLED = """() => [...document.querySelectorAll('#board g.pawns > g.pawn')].filter(p => {
  const place = p.dataset.key.split(':')[2];
  const box = document.querySelector(`#board .own-place[data-spot="${place}"] rect`);
  if (!box) return false;
  const a = p.getBoundingClientRect(), b = box.getBoundingClientRect();
  return a.left < b.left || a.right > b.right || a.top < b.top || a.bottom > b.bottom;
}).map(p => p.dataset.key)"""


def zoom(page) -> float:
    return float(page.evaluate("document.querySelector('#board').dataset.zoom"))


# ---------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("board", list(BOARDS))
def test_whole_board_in_view_and_no_name_covered(server, screen, bot_games, board):  # noqa: F811
    """At the start, half-way and at the end of a game: the whole board is drawn inside the frame on load, the frame
    fits the window (above the phone's sheet), nothing of the drawing is cut off, no name is covered, and the pieces
    in Roma's track spaces and Balearica's boats stay inside their boxes."""
    gid, total = bot_games[board]
    for step in (0, total // 2, total):
        show_replay(screen, server, gid, step)
        assert zoom(screen) == 1.0
        assert screen.evaluate(OUT_OF_VIEW) == [], (screen.screen_name, board, step)
        assert screen.evaluate(COVERED_NAMES) == [], (screen.screen_name, board, step)
        assert screen.evaluate(SPILLED) == [], (screen.screen_name, board, step)
        assert screen.locator("#board g.pawns > g.pawn").count() >= 1
    if board == "roma":  # the ship track and Byzantium are drawn in the first view, with the pieces there
        spots = screen.evaluate("[...document.querySelectorAll('#board .own-place')].map(e => e.dataset.spot)")
        assert spots == ["start"] + [f"t{i}" for i in range(1, 10)]
        assert screen.locator("#board .offmap").count() == 0


@on("phone", "desktop")
def test_roma_gates_stand_at_the_edge_their_roads_come_from(server, screen):  # noqa: F811
    """Each gate is drawn at the board's edge on its side (north at the top, ...), outside every building site, and
    its gate routes run from the gate to their sites; a colonist on a gate route stands next to the gate route."""
    geo = httpx.get(f"{server.base}/api/boards/roma").json()
    g = httpx.post(server.base + "/api/games", json={
        "board": "roma", "seed": 2, "seats": [{"kind": "human", "name": f"P{i}"} for i in range(3)]}).json()
    screen.goto(g["seats"][0]["link"])
    wait_ready(screen)
    gates = screen.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#board g.gate')].map(e => {
      const r = e.querySelector('rect').getBoundingClientRect();
      return [e.dataset.gate, [r.x + r.width / 2, r.y + r.height / 2]];
    }))""")
    sites = screen.evaluate("""[...document.querySelectorAll('#board g.cities g.city[data-city]')].map(e => {
      const r = e.querySelector('circle').getBoundingClientRect();
      return [r.x + r.width / 2, r.y + r.height / 2]; })""")
    xs, ys = [s[0] for s in sites], [s[1] for s in sites]
    assert set(gates) == {"North", "South", "West", "East"}
    assert gates["North"][1] < min(ys) and gates["South"][1] > max(ys)
    assert gates["West"][0] < min(xs) and gates["East"][0] > max(xs)
    # every gate route's drawn path starts at its gate
    for gt in geo["gates"]:
        for r in gt["routes"]:
            assert r["points"][0] == gt["xy"]
    assert screen.evaluate(COVERED_NAMES) == []


# ---------------------------------------------------------------------------------------------------------------
def route_spaces_apart(page) -> float:
    """The least distance between two route spaces of the map as drawn, in CSS pixels."""
    return page.evaluate("""() => {
      const c = [...document.querySelectorAll('#board circle.space')].map(e => {
        const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
      let m = 1e9;
      for (let i = 0; i < c.length; i++) for (let j = i + 1; j < c.length; j++)
        m = Math.min(m, Math.hypot(c[i][0] - c[j][0], c[i][1] - c[j][1]));
      return m;
    }""")


@pytest.mark.parametrize("board", ["italia", "roma"])
def test_zoom_from_the_whole_board_to_a_tap_and_kept(server, screen, board):  # noqa: F811
    """On load the whole board (zoom 1, "−" and "whole board" disabled); "+" zooms until two route spaces are a
    finger apart (at least 40 px), then stops; the zoom is kept over a reload; "whole board" goes back to it."""
    page = screen
    g = httpx.post(server.base + "/api/games", json={
        "board": board, "seed": 1, "seats": [{"kind": "human", "name": f"P{i}"} for i in range(2)]}).json()
    page.goto(g["seats"][0]["link"])
    wait_ready(page)
    assert zoom(page) == 1.0
    assert page.locator("#zoom-out").is_disabled() and page.locator("#zoom-fit").is_disabled()
    assert route_spaces_apart(page) < 40 or page.screen_name == "desktop"
    for _ in range(12):
        if page.locator("#zoom-in").is_disabled():
            break
        page.click("#zoom-in")
    assert page.locator("#zoom-in").is_disabled()
    most = zoom(page)
    assert most > 1.5
    assert route_spaces_apart(page) >= 40, (page.screen_name, most)
    # zoomed in, the map pans inside its frame
    assert page.evaluate("document.querySelector('#board').scrollWidth > document.querySelector('#board').clientWidth")
    page.reload()
    wait_ready(page)
    assert zoom(page) == pytest.approx(most, abs=0.01)  # kept in this browser
    page.click("#zoom-out")
    assert zoom(page) == pytest.approx(most / 1.5, abs=0.01)
    page.click("#zoom-fit")
    assert zoom(page) == 1.0
    assert page.evaluate(OUT_OF_VIEW) == []
    page.reload()
    wait_ready(page)
    assert zoom(page) == 1.0


@on("phone", "tablet")
def test_pinch_zooms_and_a_finger_pans(server, screen):  # noqa: F811
    page = screen
    g = httpx.post(server.base + "/api/games", json={
        "board": "italia", "seed": 1, "seats": [{"kind": "human", "name": f"P{i}"} for i in range(2)]}).json()
    page.goto(g["seats"][0]["link"])
    wait_ready(page)
    page.evaluate("document.querySelector('.boardwrap').scrollIntoView()")
    box = page.locator("#board").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, points: list[tuple[float, float]]) -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})

    touch("touchStart", [(cx - 30, cy), (cx + 30, cy)])
    for k in range(1, 11):
        touch("touchMove", [(cx - 30 - 6 * k, cy), (cx + 30 + 6 * k, cy)])
    touch("touchEnd", [])
    assert zoom(page) == pytest.approx(3.0, abs=0.1)  # the fingers went from 60 px apart to 180
    left = page.evaluate("document.querySelector('#board').scrollLeft")
    touch("touchStart", [(cx, cy)])
    for k in range(1, 11):
        touch("touchMove", [(cx - 10 * k, cy)])
    touch("touchEnd", [])
    page.wait_for_function(f"document.querySelector('#board').scrollLeft > {left + 50}")


# ---------------------------------------------------------------------------------------------------------------
@on("desktop")
@pytest.mark.parametrize("board", ["imperium", "roma"])
def test_every_piece_carries_its_colours_letter(server, screen, bot_games, board):  # noqa: F811
    """Colonists, ships, houses (in cities and on Roma's sites) and the players' swatches each show the letter of
    their colour, one letter per seat, so that no one needs to tell the colours apart."""
    gid, total = bot_games[board]
    show_replay(screen, server, gid, total * 2 // 3)
    pieces = screen.evaluate("""[...document.querySelectorAll('#board g.pawns > g.pawn, #board g.house')]
      .map(e => [e.classList.contains('house') ? 'house' : 'pawn', +e.dataset.seat,
                 (e.querySelector('text.seat-letter') || {}).textContent || null])""")
    kinds = {k for k, _, _ in pieces}
    assert kinds == {"pawn", "house"}
    assert len({s for _, s, _ in pieces}) == BOARDS[board]
    assert [p for p in pieces if p[2] != LETTERS[p[1]]] == []
    swatches = screen.evaluate("""[...document.querySelectorAll('#players .player')].map(p =>
      [+p.dataset.seat, getComputedStyle(p.querySelector('.swatch'), '::after').content])""")
    assert swatches == [[s, f'"{LETTERS[s]}"'] for s in range(BOARDS[board])]


def test_contrarius_has_a_letter_of_its_own(server, browser):  # noqa: F811
    g = httpx.post(server.base + "/api/games", json={
        "board": "italia", "seed": 8, "mode": "solo", "seats": [{"kind": "human", "name": "Aulus"}]}).json()
    ctx = browser.new_context(viewport={"width": 1440, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(g["seats"][0]["link"])
        wait_ready(page)
        letters = page.evaluate("""[...document.querySelectorAll('#board g.pawns > g.pawn')]
          .map(e => e.querySelector('text.seat-letter').textContent)""")
        assert "C" in letters and "R" in letters
    finally:
        ctx.close()


# ---------------------------------------------------------------------------------------------------------------
# what decides, and how to tell it has the focus visibly: a glow in the focus colour, or an outline
DECIDERS = ("#board g.target[data-click], #board g.pawn.movable, #hand .card.playable, #display .card.buyable, "
            "#actions button.legal, #chooser button.legal")
FOCUS_SEEN = """() => {
  const e = document.activeElement;
  const glow = e.querySelector && e.querySelector('.route-glow, .city-glow, .marker-glow');
  if (glow) return getComputedStyle(glow).stroke === 'rgb(26, 95, 180)';
  if (e.matches('g.pawn')) return getComputedStyle(e).filter.includes('drop-shadow');
  return getComputedStyle(e).outlineStyle !== 'none' && parseFloat(getComputedStyle(e).outlineWidth) >= 2;
}"""


# the kind of a deciding element e
KIND = """(e) => e.dataset.click || (e.matches('g.pawn') ? 'pawn' : e.closest('#hand') ? 'hand'
  : e.closest('#display') ? 'display' : 'button')"""


@on("tablet", "desktop")
def test_every_decision_from_the_keyboard(server, screen):  # noqa: F811
    """Decisions taken with Tab and Enter only, each on a target chosen among all that decide now (the map's routes,
    cities, markers and colonists, the hand, the display, the decision's buttons): Tab reaches it, its focus is seen,
    Enter takes it. Routes, cities, markers, colonists, the hand's and the display's cards and buttons are all met."""
    page = screen
    g = httpx.post(server.base + "/api/games", json={
        "board": "italia", "seed": 3,
        "seats": [{"kind": "human", "name": "Aulus"}, {"kind": "bot", "bot": "greedy"}]}).json()
    page.goto(g["seats"][0]["link"])
    wait_ready(page)
    rnd = random.Random(5)
    met: set[str] = set()
    for _ in range(60):
        if page.evaluate("document.body.dataset.over") == "true":
            break
        page.wait_for_function("document.body.dataset.over === 'true'"
                               " || document.body.dataset.toAct === document.body.dataset.seat")
        if page.evaluate("document.body.dataset.over") == "true":
            break
        n = page.locator(DECIDERS).count()
        assert n, "nothing to decide with"
        kinds = page.evaluate(f"[...document.querySelectorAll({DECIDERS!r})].map({KIND})")
        # the map's targets first when there are any and the kinds not met yet, so that every kind is met
        fresh = [i for i, k in enumerate(kinds) if k not in met]
        i = rnd.choice(fresh or list(range(n)))
        page.evaluate(f"[...document.querySelectorAll({DECIDERS!r})][{i}].dataset.want = '1'")
        for _ in range(300):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement && document.activeElement.dataset.want === '1'"):
                break
        else:
            raise AssertionError(f"Tab never reached {kinds[i]}")
        assert page.evaluate(FOCUS_SEEN), kinds[i]
        met.add(page.evaluate(f"({KIND})(document.activeElement)"))
        before = decisions(page)
        page.keyboard.press("Enter")
        # a decision, a colonist chosen (the routes it may take glow), or a choice between several decisions: the page
        # is drawn again
        page.wait_for_function(f"document.body.dataset.decisions !== '{before}'"
                               " || !document.querySelector('[data-want]')")
    assert met == {"route", "city", "province", "pawn", "hand", "display", "button"}, met


@on("phone")
def test_a_tap_among_overlapping_targets_takes_the_nearest(server, screen):  # noqa: F811
    """The whole board on a phone: the finger areas of neighbouring routes overlap; a tap at a route's space moves
    there, whichever area lies on top."""
    page = screen
    g = httpx.post(server.base + "/api/games", json={
        "board": "italia", "seed": 3,
        "seats": [{"kind": "human", "name": "Aulus"}, {"kind": "bot", "bot": "greedy"}]}).json()
    page.goto(g["seats"][0]["link"])
    wait_ready(page)
    page.locator("#hand .card.playable[data-card='architect']").click()
    page.wait_for_selector("#board g.target[data-click=route]")
    page.evaluate("document.querySelector('.boardwrap').scrollIntoView()")
    # the target whose finger area is covered the most by later ones (drawn on top of it)
    rid, x, y = page.evaluate("""() => {
      const hits = [...document.querySelectorAll('#board g.target[data-click=route] .hit')].map(h => {
        const r = h.getBoundingClientRect();
        return [+h.closest('[data-click]').dataset.arg, r.left + r.width / 2, r.top + r.height / 2, r.width / 2];
      });
      let best = null, most = -1;
      hits.forEach(([id, x, y], i) => {
        const over = hits.slice(i + 1).filter(([, x2, y2, r2]) => Math.hypot(x - x2, y - y2) < r2).length;
        if (over > most) { most = over; best = [id, x, y]; }
      });
      return best;
    }""")
    assert page.evaluate(f"document.elementFromPoint({x}, {y}).closest('[data-click]').dataset.arg") != str(rid)
    before = decisions(page)
    page.mouse.click(x, y)
    page.wait_for_function(f"document.body.dataset.decisions !== '{before}'"
                           " || !document.querySelector('#chooser').classList.contains('hidden')")
    if page.evaluate(f"document.body.dataset.decisions === '{before}'"):
        page.locator("#chooser button.legal").first.click()
        page.wait_for_function(f"document.body.dataset.decisions !== '{before}'")
    v = httpx.get(f"{server.base}/api/games/{g['id']}", params={"seat": 0},
                  headers={"X-Seat-Key": g["seats"][0]["key"]}).json()
    assert any(c["at"] == {"route": rid} for c in v["players"][0]["colonists"]), rid
