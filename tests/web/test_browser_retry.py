"""The browser tries a request again after a 503 (the database restarting) or a 429, waiting longer each time, and
tells the player meanwhile (static/common.js ``api``). Headless Chromium (Playwright) on a real server; the 503 is
the browser's own interception of the first decision sent."""
from __future__ import annotations

import json
import os
import time

import httpx
import pytest

from support.postgres import free_port
from support.servers import serve, wait_up

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):  # pragma: no cover
    pytest.skip("Debian chromium is not installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture
def base(tmp_path, monkeypatch):
    monkeypatch.setenv("SESTERTIUS_CAMPAIGNS", str(tmp_path / "c.sqlite3"))
    port = free_port()
    proc = serve(f"sqlite:///{tmp_path / 'g.sqlite3'}", port)
    try:
        wait_up(port, proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_decision_answered_503_is_sent_again_and_the_player_told(base):
    made = httpx.post(f"{base}/api/games", json={"board": "italia", "seed": 21, "seats": [
        {"kind": "hotseat"}, {"kind": "hotseat"}]}, timeout=30).json()
    refused: list[float] = []
    sent: list[dict] = []

    def first_refused(route):
        sent.append(json.loads(route.request.post_data))
        if not refused:
            refused.append(time.monotonic())
            route.fulfill(status=503, content_type="application/json", body=json.dumps(
                {"error": "the decision could not be stored; nothing changed: try again", "rule": "Storage"}))
        else:
            route.continue_()

    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"], headless=True)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.route("**/api/games/*/decisions", first_refused)
            page.goto(made["hotseat_link"])
            page.wait_for_function("document.body.dataset.decisions === '0'")
            if page.locator(".curtain").count():
                page.click(".curtain button")
            page.locator("#hand .card.playable").first.click()
            notice = page.wait_for_selector("#retry-notice", timeout=5000)
            assert notice.inner_text() == "The server is busy: trying again in 1 s…"
            page.wait_for_function("document.body.dataset.decisions === '1'", timeout=10000)
            assert time.monotonic() - refused[0] >= 0.45  # after the first wait (0.5 s)
            assert page.locator("#retry-notice").count() == 0  # gone once answered
            assert page.locator("#error:not(.hidden)").count() == 0
            assert len(sent) == 2 and sent[0] == sent[1] and sent[0]["expect"] == 0  # the same decision, its position
            assert not errors, errors
        finally:
            browser.close()
    assert httpx.get(f"{base}/api/games/{made['id']}", timeout=30).json()["decisions"] == 1  # stored once
