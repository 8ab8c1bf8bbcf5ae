"""What the issue found on small screens, in headless Chromium: after Start with a person elsewhere the invitations
are in sight at once and their links copy; the seat menus' words fit a phone's row; Sicilia's Etna table fits a
tablet's side column; the notification bell is drawn (an inline SVG, no font glyph)."""
from __future__ import annotations

import httpx
import pytest

from web.test_browser import (  # noqa: F401  (the fixtures are used by name)
    browser,
    server,
    wait_ready,
)

pytestmark = pytest.mark.browser

# the widest option text of each seat menu against the menu's own width (its arrow takes about 24 px)
TEXT_FITS = """sel => {
  const c = document.createElement('canvas').getContext('2d');
  c.font = getComputedStyle(sel).font;
  const widest = Math.max(...[...sel.options].map(o => c.measureText(o.text).width));
  return widest + 24 <= sel.clientWidth;
}"""


def test_invitations_are_in_sight_and_copied_at_once_on_a_phone(server, browser):  # noqa: F811
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base)
    try:
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.wait_for_selector("body[data-ready='1']")
        page.select_option("#b-board", "italia")
        page.select_option("#b-players", "3")
        for i, kind in enumerate(["hotseat", "human", "bot:greedy"]):
            page.locator(f"#b-seats select[data-seat='{i}']").select_option(kind)
        menus = page.locator("#b-seats select")
        assert all(menus.nth(i).evaluate(TEXT_FITS) for i in range(menus.count())), "a seat menu's words are cut"
        page.click("#b-create")
        page.wait_for_selector("#invites:not(.hidden)")
        head = page.locator("#invites h3")
        assert "Game created" in head.text_content()
        top = head.evaluate("h => h.getBoundingClientRect().top")
        assert 0 <= top < 844, top  # in sight without scrolling
        link = page.input_value("#invites input[data-seat='1']")
        page.click("#invites button.copy[data-seat='1']")
        page.wait_for_function("document.querySelector('#invites button.copy').textContent === 'Copied ✓'")
        assert page.evaluate("navigator.clipboard.readText()") == link
    finally:
        ctx.close()


def test_the_etna_table_fits_a_tablets_side_column(server, browser):  # noqa: F811
    g = httpx.post(server.base + "/api/games", json={"board": "sicilia", "seed": 4,
                                                     "seats": [{"kind": "hotseat"}, {"kind": "bot"}, {"kind": "bot"}]})
    assert g.status_code == 201, g.text
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = ctx.new_page()
        page.goto(g.json()["hotseat_link"])
        wait_ready(page)
        table = page.locator("#variant [data-panel='volcano'] table")
        assert table.count() == 1
        fits = table.evaluate("t => { const p = t.closest('.panel').getBoundingClientRect(),"
                              " r = t.getBoundingClientRect(); return r.left >= p.left && r.right <= p.right; }")
        assert fits, "the Etna table runs past its panel"
        assert page.locator("#variant [data-panel='volcano'] th").count() >= 3
    finally:
        ctx.close()


def test_the_bell_is_drawn_not_a_glyph(server, browser):  # noqa: F811
    g = httpx.post(server.base + "/api/games", json={"board": "italia", "seats": [{"kind": "human", "name": "Aulus"},
                                                                                 {"kind": "human", "name": "Brutus"}]})
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = ctx.new_page()
        page.add_init_script("window.Notification = class { static permission = 'default';"
                             " static requestPermission() { return Promise.resolve('default'); } };")
        page.goto(g.json()["seats"][0]["link"])
        wait_ready(page)
        bell = page.locator("#notifybtn")
        assert bell.is_visible() and bell.locator("svg.icon.bell").count() == 1
        assert "🔔" not in bell.inner_text() and bell.inner_text().strip() == "Notify me"
    finally:
        ctx.close()
