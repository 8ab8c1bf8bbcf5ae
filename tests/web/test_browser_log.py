"""What a person sees of the log and the scores, in headless Chromium: an opponent's Mercator with its goods and
money, "since your last turn" with the others' moves and the places they touched ringed on the map, the Architect's
movement points, the running score, the dice entered by hand (each die named, with its own faces and look), and the
end screen's gods as cards × points per card with a chart.
"""
from __future__ import annotations

import random

import httpx
import pytest

from web.test_browser import (  # noqa: F401  (the fixtures are used by name)
    browser,
    page,
    server,
    wait_ready,
)

pytestmark = pytest.mark.browser


def two_people(srv):
    g = httpx.post(srv.base + "/api/games", json={
        "board": "italia", "seed": 3,
        "seats": [{"kind": "human", "name": "Aulus"}, {"kind": "human", "name": "Brutus"}]}).json()
    return g["id"], [s["key"] for s in g["seats"]], [s["link"] for s in g["seats"]]


def decide(srv, gid, seat, key, action):
    r = httpx.post(f"{srv.base}/api/games/{gid}/decisions", json={"seat": seat, "key": key, "action": action})
    assert r.status_code == 200, r.text
    return r.json()["view"]


def seat_view(srv, gid, seat, key):
    return httpx.get(f"{srv.base}/api/games/{gid}", params={"seat": seat}, headers={"X-Seat-Key": key}).json()


def test_an_opponents_turns_are_told_in_the_log_since_the_last_turn_and_on_the_map(server, page):  # noqa: F811
    gid, keys, links = two_people(server)
    # Aulus: a Mercator selling 1 wine and buying 1 cloth
    decide(server, gid, 0, keys[0], ["play", "mercator"])
    decide(server, gid, 0, keys[0], ["sell", 3])
    decide(server, gid, 0, keys[0], ["buy", 4])
    decide(server, gid, 0, keys[0], ["done"])
    page.goto(links[1])
    wait_ready(page)
    log = page.inner_text("#log")
    assert "Aulus plays Mercator" in log
    assert "Mercator: takes 3 sestertii from the bank" in log
    assert "sells 1 wine for 6 sestertii" in log and "buys 1 cloth for 7 sestertii" in log
    since = page.inner_text("#since")
    assert "Since your last turn (4 entries)" in since and "sells 1 wine for 6 sestertii" in since
    # the points, always in sight: each player's marker on the track, then the score were the game to end now
    assert page.locator("#standing .pts.track").count() == 2 and page.is_visible("#standing")
    assert page.locator("#standing .standing-now .pts").count() == 2
    # Brutus plays an Architect: the points left show; his own moves are not "since his last turn"
    decide(server, gid, 1, keys[1], ["play", "architect"])
    page.reload()
    wait_ready(page)
    assert page.inner_text("#prompt .points") == "2 movement points left"
    shown_as_boards_own = page.text_content("#variant").lower()  # the page's own fields, not a board's state
    for word in ("movement", "standing", "since", "score", "events"):
        assert word not in shown_as_boards_own
    v = seat_view(server, gid, 1, keys[1])
    move = next(e["action"] for e in v["legal"] if e["action"][0] == "move")
    v = decide(server, gid, 1, keys[1], move)
    decide(server, gid, 1, keys[1], ["done"])
    decide(server, gid, 1, keys[1], ["done"])
    # Aulus moves a colonist: Brutus sees where from and where to, and the route ringed on the map
    decide(server, gid, 0, keys[0], ["play", "architect"])
    v = seat_view(server, gid, 0, keys[0])
    move = next(e["action"] for e in v["legal"] if e["action"][0] == "move")
    decide(server, gid, 0, keys[0], move)
    decide(server, gid, 0, keys[0], ["done"])
    decide(server, gid, 0, keys[0], ["done"])
    page.reload()
    wait_ready(page)
    since = page.inner_text("#since")
    assert "Aulus moves a" in since and " from Roma to " in since and "Brutus" not in since
    assert "sells 1 wine" not in since  # before Brutus' last turn
    assert page.locator("#log .since-mark").count() == 1
    assert page.locator(f"#board .recent-route[data-route='{move[2]}']").count() == 1
    # the block folds away
    page.click("#since summary")
    assert not page.locator("#since details").evaluate("d => d.open")


def test_dice_entered_by_hand_name_the_die_and_show_its_faces(server, page):  # noqa: F811
    r = httpx.post(server.base + "/api/games", json={"mode": "solo", "board": "italia", "seed": 4,
                                                     "manual_dice": True})
    assert r.status_code == 201, r.text
    g = r.json()
    gid, key, link = g["id"], g["seats"][0]["key"], g["seats"][0]["link"]
    rng = random.Random(4)
    seen: dict[str, tuple[str, list[str], str]] = {}
    first = True
    for _ in range(400):
        v = seat_view(server, gid, 0, key)
        if v["over"] or {"mercator", "senator"} <= set(seen):
            break
        die = (v.get("extra") or {}).get("die")
        if v["chance"] and die and die["key"] not in seen:
            if first:
                page.goto(link)
                first = False
            else:
                page.reload()
            wait_ready(page)
            buttons = page.locator("#actions button.legal.die")
            assert buttons.count() == len(v["legal"]) > 0
            assert set(buttons.evaluate_all("bs => bs.map(b => b.dataset.die)")) == {die["key"]}
            color = buttons.first.evaluate("b => getComputedStyle(b).backgroundColor")
            seen[die["key"]] = (page.text_content("#decision-title"), buttons.evaluate_all(
                "bs => bs.map(b => b.dataset.face)"), color)
            assert die["name"] in page.inner_text("#prompt")
            assert die["name"] in page.text_content("#actions .die-name")
        legal = v["legal"]
        decide(server, gid, 0, key, rng.choice(legal)["action"])
    assert {"mercator", "senator"} <= set(seen), seen
    assert seen["mercator"][0] == "Roll the black Mercator die"
    assert seen["senator"][0] == "Roll the white Senator/Consul die"
    assert seen["mercator"][2] != seen["senator"][2]  # the buttons look like their die
    for key_ in ("mercator", "senator"):
        assert set(seen[key_][1]) <= {"brick", "food", "tool", "wine", "cloth", "S"}


def test_the_end_screen_shows_each_gods_cards_times_points_and_a_chart(server, page):  # noqa: F811
    g = httpx.post(server.base + "/api/games", json={"mode": "solo", "board": "italia", "seed": 3}).json()
    gid, key, link = g["id"], g["seats"][0]["key"], g["seats"][0]["link"]
    rng = random.Random(2)
    for _ in range(3000):
        v = seat_view(server, gid, 0, key)
        if v["over"]:
            break
        useful = [e for e in v["legal"] if e["action"][0] in ("build", "card", "place")]
        decide(server, gid, 0, key, rng.choice(useful or v["legal"])["action"])
    assert v["over"]
    page.goto(link)
    wait_ready(page)
    page.wait_for_selector("#scores:not(.hidden)")
    assert not page.is_visible("#standing")  # the final scoring takes its place
    table = v["score_table"]
    for seat in range(len(v["scores"])):
        for god, row in table[seat].items():
            if row["cards"] and len(set(row["each"])) == 1:
                cell = page.locator(f"#scores tr[data-god='{god}'] td").nth(seat + 1)
                assert cell.inner_text() == f"{row['cards']} × {row['each'][0]} = {row['points']}"
    assert page.locator("#scores .score-chart .row").count() == len(v["scores"])
    segs = page.locator("#scores .score-chart .seg").evaluate_all(
        "ss => ss.map(s => [s.closest('.row').dataset.seat, s.dataset.god, +s.dataset.points, s.offsetWidth])")
    assert segs
    for seat, god, points, width in segs:
        assert v["scores"][int(seat)][god] == points and width > 0
