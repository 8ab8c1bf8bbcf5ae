"""The table assistant on a phone (390x844, headless Chromium): a whole solo game against Contrarius with the dice
entered by hand, as at a real table. After each outcome a sheet says in large words what to do on the board (the
card Contrarius takes from its display position, the card laid out from the deck, its houses, colonists, points and
markers), and a Done button comes before the next prompt; every die face names its result; a mis-tapped face is
entered again; two quick taps take one decision; every face of a die is in sight without scrolling.
"""
from __future__ import annotations

import random
import time

import httpx
import pytest

from web.test_browser import (  # noqa: F401  (the fixtures are used by name)
    browser,
    pick_button,
    server,
    wait_ready,
)

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser):  # noqa: F811
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, errors


def seat_view(srv, gid, key):
    return httpx.get(f"{srv.base}/api/games/{gid}", params={"seat": 0}, headers={"X-Seat-Key": key}).json()


def shown_decisions(page) -> int:
    return int(page.evaluate("document.body.dataset.decisions"))


def wait_moved(page, before: int) -> None:
    page.wait_for_function(f"document.body.dataset.decisions !== '{before}'", timeout=10000)


def in_sight(page, selector: str) -> bool:
    """Every element matched lies wholly inside the phone's screen (no scrolling needed)."""
    return page.locator(selector).evaluate_all(
        "els => els.every(e => { const r = e.getBoundingClientRect();"
        " return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; })")


def test_a_whole_solo_game_at_a_real_table_on_a_phone(server, phone):  # noqa: F811
    r = httpx.post(server.base + "/api/games", json={"mode": "solo", "board": "italia", "seed": 7,
                                                     "manual_dice": True})
    assert r.status_code == 201, r.text
    g = r.json()
    gid, key = g["id"], g["seats"][0]["key"]
    page = phone
    page.goto(g["seats"][0]["link"])
    wait_ready(page)
    # the points as the physical track shows them: the player's marker starts on 20, Contrarius' on 0
    assert " ".join(page.inner_text("#standing").split()) == "Points track: You 20 Contrarius 0"  # a phone: the track
    assert page.locator("#display .posno").all_inner_texts()[:3] == ["1", "2", "3"]

    rng = random.Random(7)
    sheets = retyped = double_tapped = architect_seen = 0
    for _ in range(1500):
        if page.evaluate("document.body.dataset.over") == "true":
            break
        if page.locator("#tablesheet").count():
            sheets += 1
            moves = page.locator("#tablesheet .ts-moves li")
            assert moves.count() >= 1
            size = float(moves.first.evaluate("li => parseFloat(getComputedStyle(li).fontSize)"))
            assert size >= 20  # large words
            assert in_sight(page, "#tablesheet .ts-done")
            texts = moves.all_inner_texts()
            if retyped == 0 and page.locator("#tablesheet .ts-retype").count() and any(
                    t.startswith("Take ") for t in texts):
                # a mis-tapped face: entered again; the table is told how to put the pieces back
                before = shown_decisions(page)
                page.click("#tablesheet .ts-retype")
                wait_moved(page, before)
                retyped += 1
                put_back = page.locator("#tablesheet .ts-moves li").all_inner_texts()
                assert put_back and put_back[0].startswith("Lay out the display as: 1 "), put_back
                assert seat_view(server, gid, key)["chance"]  # the die is to be entered again
                page.click("#tablesheet .ts-done")
                page.wait_for_selector("#tablesheet", state="detached")
                continue
            # Map: one tap shows the board, another brings the moves back
            if sheets == 1:
                page.click("#tablesheet .ts-map")
                assert page.is_hidden("#tablesheet .ts-moves") and page.locator("#board").is_visible()
                page.click("#tablesheet .ts-map")
                assert page.is_visible("#tablesheet .ts-moves")
            page.click("#tablesheet .ts-done")
            page.wait_for_selector("#tablesheet", state="detached")
            continue
        faces = page.locator("#actions button.legal.die")
        if faces.count():
            page.wait_for_selector("#actions button.legal.die:not([disabled])")
            assert in_sight(page, "#actions button.legal.die"), "a face of the die is out of sight"
            labels = faces.all_inner_texts()
            die = faces.first.get_attribute("data-die")
            v = seat_view(server, gid, key)
            if die == "architect":  # each face names the card Contrarius takes: "4: Diplomat"
                architect_seen += 1
                cards = [d["card"] for d in v["display"] if d["card"]]
                assert all(lab.split(":")[0].isdigit() and ": " in lab for lab in labels), labels
                assert len(cards) >= 1
            pick = faces.nth(rng.randrange(faces.count()))
            before = shown_decisions(page)
            if double_tapped == 0:
                # two taps 150 ms apart at the same place: one decision (the die), never a second one
                box = pick.bounding_box()
                x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                page.mouse.click(x, y)
                time.sleep(0.15)
                page.mouse.click(x, y)
                wait_moved(page, before)
                time.sleep(0.5)
                # (Contrarius' own steps are not decisions: one tap is one more decision)
                assert seat_view(server, gid, key)["decisions"] == before + 1
                double_tapped += 1
                continue
            pick.click()
            wait_moved(page, before)
            continue
        button = pick_button(page)
        page.wait_for_selector("#actions button.legal:not([disabled])")
        before = shown_decisions(page)
        button.click()
        wait_moved(page, before)
    v = seat_view(server, gid, key)
    assert v["over"], "the game did not end"
    assert sheets >= 10 and retyped == 1 and double_tapped == 1 and architect_seen >= 1
    assert "Game over" in page.inner_text("#banner")
    # the log's words: "You" with its own verb, one sestertius, every entry with a subject
    log = page.inner_text("#log")
    assert "You play " in log and "You plays" not in log and "You is " not in log and "1 sestertii" not in log
    subjects = page.locator("#log .ev").evaluate_all(
        "es => es.filter(e => !e.querySelector('b')).map(e => e.textContent.replace(/^T\\d+/, '').trim())")
    assert subjects and all(t.startswith(("the ", "setup: ", "Solitaria", "intermediate")) for t in subjects), subjects
