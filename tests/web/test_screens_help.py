"""What a person sees of the app's help, in headless Chromium: cards that explain themselves (and, in Solitaria,
Contrarius' reaction to them), the rules page, the first-game guide, the lobby's warning for an unusual number of
players, the tab title and the notification when it is your turn, and the small words (plurals, labels)."""
from __future__ import annotations

import re

import httpx
import pytest

from web.test_browser import (  # noqa: F401  (the fixtures are used by name)
    browser,
    click_and_wait,
    server,
    wait_ready,
)
from web.test_screens import NO_SIDEWAYS, check_screen, on, screen  # noqa: F401

pytestmark = pytest.mark.browser


def new_game(server, spec: dict) -> dict:  # noqa: F811
    return httpx.post(server.base + "/api/games", json=spec).json()


def solo_link(server, seed: int = 1) -> str:  # noqa: F811
    g = new_game(server, {"mode": "solo", "board": "italia", "seed": seed, "difficulty": "standard",
                          "seats": [{"kind": "hotseat", "name": "Livia"}]})
    return g["seats"][0]["link"]


# ---------------------------------------------------------------------------------------------------------------
@on("phone", "desktop")  # the phone and the desktop are enough
def test_cards_explain_themselves_in_solitaria(server, screen):  # noqa: F811
    """Pointing at a card shows its full text and Contrarius' reaction; the reaction stands on the card in short;
    a tap on its i opens a small panel with both, which closes again."""
    page = screen
    page.goto(solo_link(server))
    wait_ready(page)
    mason = page.locator("#display .card[data-card='mason']")
    tribune = page.locator("#hand .card[data-card='tribune']")
    title = tribune.get_attribute("title")
    assert "Take all the cards you have played back into your hand" in title
    assert "Contrarius' reaction: Contrarius builds a house" in title
    # every card of the hand and the display shows the reaction in short
    shorts = page.locator("#hand .card .react").all_inner_texts()
    assert len(shorts) == page.locator("#hand .card").count() and all(s.startswith("C: ") for s in shorts)
    assert page.locator("#display .card[data-card] .react").count() == page.locator("#display .card[data-card]").count()
    if mason.count():
        assert mason.locator(".react").inner_text() == "C: 3 VP"
    check_screen(page)
    info = page.locator("#hand .card[data-card='architect'] .card-info")
    info.scroll_into_view_if_needed()
    before = page.evaluate("document.body.dataset.decisions")
    info.tap() if screen.screen_name == "phone" else info.click()
    panel = page.locator("#cardinfo")
    panel.wait_for(state="visible")
    text = panel.inner_text()
    assert "Architect" in text and "Move your colonists" in text
    assert "Contrarius' reaction: Contrarius rolls the blue Architect die" in text
    assert page.evaluate("document.body.dataset.decisions") == before  # the tap explained, it did not play
    box = panel.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 1
    assert page.evaluate(NO_SIDEWAYS)
    page.locator("#cardinfo .cardinfo-close").click()
    panel.wait_for(state="hidden")
    # a click on the card itself still plays it
    click_and_wait(page, page.locator("#hand .card.playable[data-card='architect']"))


def test_cards_explain_themselves_without_contrarius(server, browser):  # noqa: F811
    g = new_game(server, {"board": "italia", "seed": 2, "seats": [{"kind": "hotseat", "name": "Aulus"},
                                                                   {"kind": "bot", "bot": "greedy"}]})
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(g["hotseat_link"])
        wait_ready(page)
        assert page.locator("#hand .card .react").count() == 0
        title = page.locator("#hand .card[data-card='prefect']").get_attribute("title")
        assert "Choose a province whose bonus marker shows its good" in title and "Contrarius" not in title
        page.locator("#display .card[data-card] .card-info").first.click()
        page.locator("#cardinfo").wait_for(state="visible")
        assert "Contrarius" not in page.locator("#cardinfo").inner_text()
        page.keyboard.press("Escape")
        page.locator("#cardinfo").wait_for(state="hidden")
    finally:
        ctx.close()


def test_rules_page_offline_and_linked(server, screen):  # noqa: F811
    """The rules page is linked from the lobby and the game page, loads nothing from elsewhere and fits the screen."""
    page = screen
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#rules-link")
    page.wait_for_url(re.compile(r"/rules$"))
    assert page.locator("h2").first.inner_text().lower() == "the game in one minute"
    assert "Contrarius" in page.inner_text("#rules")
    assert page.evaluate(NO_SIDEWAYS)
    check_screen(page)
    page.goto(solo_link(server))
    wait_ready(page)
    assert page.locator(".topbar a[href='/rules']").count() == 1
    assert [u for u in asked if not u.startswith(server.base)] == []


@on("phone", "desktop")  # the phone and the desktop are enough
def test_first_game_guide_points_at_the_next_step(server, screen):  # noqa: F811
    page = screen
    page.goto(solo_link(server, seed=3))
    wait_ready(page)
    guide = page.locator("#guide")
    assert guide.is_visible() and "Play a card from your hand" in guide.inner_text()
    assert guide.get_attribute("data-kind") == "turn"
    check_screen(page)
    click_and_wait(page, page.locator("#hand .card.playable[data-card='architect']"))
    assert "Move your colonists" in guide.inner_text()
    page.click("#guide .guide-off")
    assert not guide.is_visible()
    page.reload()
    wait_ready(page)
    assert not page.locator("#guide").is_visible()  # this browser remembers
    page.goto(server.base + "/rules")
    page.click("#guide-on")
    page.go_back()
    wait_ready(page)
    assert page.locator("#guide").is_visible()


def test_lobby_warns_of_an_unusual_number_of_players(server, browser):  # noqa: F811
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.wait_for_selector("body[data-ready='1']")
        warn = page.locator("#b-players-warn")
        page.select_option("#b-board", "imperium")
        page.select_option("#b-players", "4")
        assert not warn.is_visible()
        page.select_option("#b-players", "2")
        assert warn.is_visible() and "Imperium is made for 3–5 players" in warn.inner_text()
        page.select_option("#b-board", "italia")
        assert not warn.is_visible()
        page.select_option("#b-players", "5")
        assert "Italia is made for 2–4 players" in warn.inner_text()
        page.select_option("#b-board", "balearica")
        note = page.inner_text("#b-board-note")
        assert "made for 3 players" in note and "3–3" not in note
        assert "Balearica is made for 3 players; with 5" in warn.inner_text()
    finally:
        ctx.close()



def test_lobby_warns_that_a_game_of_hard_bots_only_takes_minutes_to_create(server, browser):  # noqa: F811
    """A game of bots only is played to its end when it is created: the lobby says so when every seat is a bot and
    one of them is the hard bot, in both forms, and stops saying it once a person takes a seat."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.wait_for_selector("body[data-ready='1']")
        warn = page.locator("#b-seats-warn")
        page.select_option("#b-players", "2")
        seats = page.locator("#b-seats select")
        seats.nth(0).select_option("bot:hard")
        seats.nth(1).select_option("hotseat")
        assert not warn.is_visible()  # a person plays: the bots move between the person's decisions
        seats.nth(1).select_option("bot:greedy")
        assert warn.is_visible() and "a few minutes" in warn.inner_text()
        seats.nth(0).select_option("bot:medium")
        assert not warn.is_visible()  # bots only, but quick ones
        page.select_option("#b-players", "3")  # the seats' kinds are kept; the third is the greedy bot
        seats.nth(2).select_option("bot:hard")
        assert warn.is_visible()
        page.click("#tab-solo")
        page.select_option("#s-variant", index=1)  # two players against Contrarius
        solo = page.locator("#s-seats select")
        assert solo.count() == 2
        solo.nth(0).select_option("bot:hard")
        solo.nth(1).select_option("bot:hard")
        assert page.locator("#s-seats-warn").is_visible()
    finally:
        ctx.close()

FAKE_NOTIFICATIONS = """
  window.__shown = [];
  window.__hidden = false;
  Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
  class FakeNotification {
    constructor(title, opts) { window.__shown.push([title, (opts || {}).body || '']); }
    close() {}
    static requestPermission() { FakeNotification.permission = 'granted'; return Promise.resolve('granted'); }
  }
  FakeNotification.permission = 'default';
  window.Notification = FakeNotification;
"""


def test_tab_title_and_notification_say_it_is_your_turn(server, browser):  # noqa: F811
    g = new_game(server, {"board": "italia", "seed": 4, "seats": [{"kind": "human", "name": "Aulus"},
                                                                   {"kind": "human", "name": "Brutus"}]})
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = ctx.new_page()
        page.add_init_script(FAKE_NOTIFICATIONS)
        page.goto(g["seats"][0]["link"])
        wait_ready(page)
        assert page.title() == "• Your turn — Concordia"
        bell = page.locator("#notifybtn")
        assert bell.is_visible()
        bell.click()
        page.wait_for_function("Notification.permission === 'granted'")
        # Aulus ends his turn: it is Brutus' turn, the title says so no more
        click_and_wait(page, page.locator("#hand .card.playable[data-card='mercator']"))
        click_and_wait(page, page.locator("#actions button.legal[data-verb=done]"))
        page.wait_for_function("document.body.dataset.toAct === '1'")
        assert page.title() == "Concordia · Italia"
        page.evaluate("window.__hidden = true")
        # Brutus plays elsewhere; when Aulus is to decide again the hidden tab notifies him
        seat1 = g["seats"][1]
        for _ in range(40):
            view = httpx.get(f"{server.base}/api/games/{g['id']}?seat=1", headers={"X-Seat-Key": seat1["key"]}).json()
            if view["to_act"] != 1:
                break
            legal = view["legal"]
            pick = next((e for e in legal if e["action"][0] == "done"), None) or next(
                (e for e in legal if e["action"] == ["play", "mercator"]), legal[0])
            httpx.post(f"{server.base}/api/games/{g['id']}/decisions",
                       json={"seat": 1, "key": seat1["key"], "action": pick["action"]}).raise_for_status()
        page.wait_for_function("document.body.dataset.toAct === '0'", timeout=10000)
        assert page.title() == "• Your turn — Concordia"
        shown = page.evaluate("window.__shown")
        assert len(shown) == 1 and shown[0][0] == "Your turn — Concordia" and shown[0][1].startswith("Aulus: ")
    finally:
        ctx.close()


def test_small_words(server, browser):  # noqa: F811
    """The solo player is 'you', not 'hot-seat'; the difficulty shows for the standard level too; a game at one
    screen offers no notifications."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = ctx.new_page()
        page.add_init_script(FAKE_NOTIFICATIONS)
        page.goto(solo_link(server))
        wait_ready(page)
        heads = page.locator("#players .player .head").all_inner_texts()
        assert "you" in heads[0] and "hot-seat" not in heads[0]
        assert "automaton" in heads[1]
        assert page.inner_text("#title").startswith("Italia · solo vs Contrarius · standard")
        assert not page.locator("#notifybtn").is_visible()
    finally:
        ctx.close()
