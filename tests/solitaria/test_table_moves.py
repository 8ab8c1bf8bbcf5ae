"""The table assistant's moves (sestertius/table.py): what a person at a real table does on the board after an
outcome, read from two public views; and the words of the log and the decisions a person at a table reads."""
from __future__ import annotations

import random

from sestertius import CHANCE, Game
from sestertius.rules.state import NOBODY
from sestertius.rules.words import goods_words, money_words
from sestertius.table import amounts, needs_table, possessive, table_moves, track_points

SOLO = {"mode": "solo", "players": 1, "board": "italia", "difficulty": "standard", "manual_dice": True}
NAMES = ["You", "Contrarius"]


def moves(g: Game, before: dict) -> list[dict]:
    cards = g.state.cat.cards
    return table_moves(before, g.view(None), NAMES, lambda k: cards[k].title)


def architect_die(seed: int = 5) -> Game:
    g = Game.new(SOLO, seed=seed)
    for i in (1, 0, 0):  # Architect, done moving, done building: Contrarius rolls the blue die
        g.apply(g.legal_actions()[i])
    assert g.to_act() == CHANCE
    return g


def test_a_card_taken_by_contrarius_is_taken_slid_along_and_replaced_from_the_deck():
    g = architect_die()
    before = g.view(None)
    shown = [d["card"] for d in before["display"]]
    g.apply(("roll", 4))
    m = moves(g, before)
    title = g.state.cat.cards[shown[3]].title
    assert m[0] == {"kind": "take", "seat": None, "to": 1, "position": 4, "card": shown[3],
                    "text": f"Take {title} from display position 4 face up in front of Contrarius"}
    assert m[1]["kind"] == "slide"
    new = g.state.display[6]
    assert m[2]["text"] == f"Lay out {g.state.cat.cards[new].title} from the deck at display position 7"
    assert needs_table(m, None) and needs_table(m, 0)  # a card laid out from the deck: always for the table
    assert track_points(g.view(None), NAMES) == "You 20 · Contrarius 0"


def test_entering_a_die_again_tells_how_the_display_lies_again():
    g = architect_die()
    before_roll = [d["card"] for d in g.view(None)["display"]]
    g.apply(("roll", 2))
    after = g.view(None)
    g.retype_outcome()
    m = moves(g, after)
    titles = [g.state.cat.cards[k].title for k in before_roll]
    assert m[0]["kind"] == "display"
    assert m[0]["text"] == ("Lay out the display as: " + " · ".join(f"{i + 1} {t}" for i, t in enumerate(titles))
                            + "; 1 card back on the deck")


def test_contrarius_houses_colonists_points_and_markers_are_told_in_words():
    g = Game.new(SOLO, seed=3)
    rng = random.Random(1)
    texts: list[str] = []
    kinds: set[str] = set()
    for _ in range(300):
        if g.is_over:
            break
        before = g.view(None)
        by = g.to_act()
        g.apply(rng.choice(g.legal_actions()))
        m = moves(g, before)
        if by == CHANCE:
            texts += [x["text"] for x in m]
            kinds |= {x["kind"] for x in m}
    assert {"house", "colonist", "take", "deal", "marker"} <= kinds
    assert any(t.startswith("Flip ") and t.endswith("'s bonus marker to its coin side") for t in texts)
    assert any(t.startswith("Place Contrarius' house in ") for t in texts)
    assert any(t.startswith("Move Contrarius' ") and " colonist from " in t for t in texts)
    assert all("your" not in t or t.startswith(("Move your", "Place your")) for t in texts)


def test_the_players_own_moves_need_no_table_sheet():
    g = Game.new(SOLO, seed=5)
    before = g.view(None)
    g.apply(("play", "architect"))
    g.apply(next(a for a in g.legal_actions() if a[0] == "move"))
    m = moves(g, before)
    assert [x["kind"] for x in m] == ["colonist"] and m[0]["text"].startswith("Move your ")
    assert not needs_table(m, 0) and needs_table(m, None)


def test_words_for_people_and_money():
    assert possessive("You") == "your" and possessive("Contrarius") == "Contrarius'"
    assert possessive("Livia") == "Livia's"
    assert amounts({"food": 1, "tool": 0}, 1) == "1 food and 1 sestertius" and amounts({}, 0) == "nothing"
    assert money_words(1) == "1 sestertius" and money_words(2) == "2 sestertii"
    assert goods_words([0, 1, 0, 0, 0], 1) == "1 food and 1 sestertius"


def test_every_log_entry_of_a_sicilia_setup_has_a_subject():
    g = Game.new({"board": "sicilia", "players": 3}, seed=4)
    while g.to_act() == CHANCE:
        g.apply(g.legal_actions()[0])
    setup = [e for e in g.state.events if e["kind"] == "volcano" and e["seat"] == NOBODY]
    assert setup and all(e["text"].startswith("setup: a ") and " is drawn" in e["text"] for e in setup)


def test_the_die_is_the_subject_of_its_entry_and_each_face_names_its_result():
    g = architect_die()
    display = [k for k in g.state.display if k is not None]
    words = [g.describe(a) for a in g.legal_actions()]
    assert words[3] == f"4: {g.state.cat.cards[display[3]].title}"
    g.apply(("roll", 4))
    die = [e for e in g.state.events if e["kind"] == "die"][-1]
    assert die["text"] == "the blue Architect die shows 4" and die["seat"] == NOBODY


def test_the_view_carries_the_steps_own_guide():
    g = Game.new(SOLO, seed=5)
    assert g.view(0)["guide"] == g.state.rules.steps["turn"].guide != ""
    g.apply(("play", "architect"))
    assert g.view(0)["guide"].startswith("Move your colonists")
