"""The game's page while bots decide in the server's background (web/botruns.py), in headless Chromium: the banner
says which bot is thinking, and the page follows each of the bots' decisions as the server stores it, without a
reload, until the person is to decide again."""
from __future__ import annotations

import httpx
import pytest

from web.test_browser import (  # noqa: F401  (the fixtures are used by name)
    browser,
    page,
    server,
    wait_ready,
)

pytestmark = pytest.mark.browser


def test_the_page_shows_the_bots_thinking_then_each_decision(server, page):  # noqa: F811
    # a game of bots only, slow ones: the page opens while they think
    g = httpx.post(server.base + "/api/games", json={"board": "italia", "seed": 9, "seats": [
        {"kind": "bot", "bot": "hard", "name": "Hortensia"}, {"kind": "bot", "bot": "medium", "name": "Marcus"}]},
        timeout=30).json()
    page.goto(g["play"])
    wait_ready(page)
    page.wait_for_selector("#banner .thinking")
    banner = page.inner_text("#banner")
    assert "is thinking" in banner and ("Hortensia" in banner or "Marcus" in banner)
    thinking = page.evaluate("document.body.dataset.thinking")
    assert thinking == page.evaluate("document.body.dataset.toAct")
    # the bots' decisions arrive by the WebSocket, one by one
    seen = {int(page.evaluate("document.body.dataset.decisions"))}
    for _ in range(3):
        last = max(seen)
        page.wait_for_function(f"Number(document.body.dataset.decisions) > {last}", timeout=120000)
        seen.add(int(page.evaluate("document.body.dataset.decisions")))
    assert len(seen) >= 4
    r = httpx.delete(f"{server.base}/api/games/{g['id']}", headers={"X-Owner-Key": g["owner_key"]}, timeout=30)
    assert r.status_code == 204  # their bots stop with the game
