"""The terminal game draws from the view: its screen is made of a seat's view dict (as a web client gets it) and the
static catalogue, and its loop talks to the game only through the view and the public decisions."""
from __future__ import annotations

import io
import itertools
import json
import re
from pathlib import Path

import pytest

from sestertius import CHANCE, Game
from sestertius.cli import screen
from sestertius.cli.solo import play

SOLO = {"board": "italia", "players": 1, "mode": "solo"}


def _wire(view: dict) -> dict:
    """The view as a client receives it: plain JSON, nothing of the game behind it."""
    return json.loads(json.dumps(view))


@pytest.fixture(scope="module")
def turn_9() -> dict:
    """Seed 5, the first decision every time, up to the start of turn 9: Contrarius has built five houses."""
    g = Game.new(SOLO, seed=5)
    while g.view(0)["turn"] < 8:
        g.apply(g.legal_actions()[0])
    return _wire(g.view(0))


def test_state_is_drawn_from_the_view(turn_9):
    assert screen.render_state(turn_9, 0).splitlines() == [
        "── turn 9 · Italia · standard · deck 5 cards",
        "You: 12 sestertii · food 4 tool 1 wine 1 cloth 2 (12/12) · VP so far 20",
        "  houses 0/15: -",
        "  colonists: land in Roma; sea in Roma",
        "  hand: Architect, Prefect, Prefect with Praefectus Magnus, Mercator (3 sestertii), Senator, "
        "Diplomat (Jupiter), Tribune · played: -",
        "Contrarius: 3 VP · houses 5/15: Ancona, Aleria, Brundisium, Cosa, Messana",
        "  colonists: land Brundisium–Luceria; land in Roma; sea Aleria–Cosa; sea Messana–Neapolis",
        "  cards face up: Architect, Prefect, Mercator, Colonist, Mason, Smith, Farmer · face down: Tribune",
        "Display: 1 Diplomat (Saturnus) (tool) | 2 Colonist (food + any) | 3 Mercator (5 sestertii) (wine + any) "
        "| 4 Architect (tool + cloth) | 5 Prefect (wine + cloth) | 6 Colonist (food + any+cloth) "
        "| 7 Prefect (wine + cloth+cloth)",
        "Provinces that have produced: Venetia, Transpadana, Corsica",
    ]


def test_board_is_drawn_from_the_view(turn_9):
    lines = screen.render_board(turn_9, 0).splitlines()
    assert len(lines) == 12  # eleven provinces and the lines with colonists
    assert lines[0] == "  Venetia (coins): Aquileia cloth, Bausanum food, Verona tool"
    assert lines[4] == "  Etruria (tool): Cosa tool [C], Florentia food"
    assert lines[-1] == ("  capital Roma · lines with colonists: land Brundisium–Luceria C; sea Aleria–Cosa C; "
                         "sea Messana–Neapolis C")


def test_decisions_events_and_prompt_come_from_the_view(turn_9):
    assert turn_9["prompt"] == "Play a card from your hand."
    assert screen.decisions(turn_9["legal"])[0] == (("play", "architect"), "play Architect")
    lines = screen.event_lines(turn_9, turn_9["events"])
    assert lines[0] == "  · Solitaria, difficulty standard: you start with 20 VP"
    assert all(line.startswith(("  ·", "  die:", "  Contrarius:")) for line in lines)


def test_new_events_line_up_a_sliding_window():
    events = [{"turn": i // 3, "kind": "play", "seat": 0, "text": f"event {i}"} for i in range(300)]
    assert screen.new_events([], events[:5]) == events[:5]
    assert screen.new_events(events[:5], events[:5]) == []
    assert screen.new_events(events[:5], events[:8]) == events[5:8]
    assert screen.new_events(events[50:250], events[60:260]) == events[250:260]  # the view keeps the last 200
    assert screen.new_events(events[50:250], events[300:]) == []
    assert screen.new_events(events[:3], events[10:12]) == events[10:12]  # nothing in common: all is new


def test_the_end_is_drawn_from_the_views_scores():
    g = Game.new(SOLO, seed=5)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    view = _wire(g.view(0))
    names = screen.seat_names(view, 0)
    assert names == ["You", "Contrarius"]
    table = screen.render_scores(view["scores"], names).splitlines()
    assert table[0].split() == ["You", "Contrarius"] and table[1].startswith("Vesta")
    assert any(line.startswith("during play") for line in table)
    assert table[-1].split() == ["total", str(view["scores"][0]["total"]), str(view["scores"][1]["total"])]
    assert max(map(len, table)) <= 80
    margin = view["scores"][1]["total"] - view["scores"][0]["total"]
    assert view["ranking"][0] == 1 and screen.result(view, 0) == f"Contrarius wins by {margin}."


class ViewOnly:
    """A game behind a narrow door: views, decisions, undo, saving and the running scores; no state."""
    def __init__(self, game: Game) -> None:
        self._game = game
        self.calls: set[str] = set()

    def __getattr__(self, name: str):
        if name not in ("view", "apply", "undo", "save", "scores"):
            raise AttributeError(f"the terminal reached past the view: game.{name}")
        self.calls.add(name)
        return getattr(self._game, name)


@pytest.mark.parametrize("dice", ["auto", "manual"])
def test_the_terminal_loop_needs_only_the_view(dice, tmp_path):
    game = Game.new({**SOLO, "manual_dice": dice == "manual"}, seed=5)
    door = ViewOnly(game)
    answers = itertools.chain(["b", "v", f"s {tmp_path / 'g.json'}", "2", "1", "u", "1", "1"], itertools.repeat("1"))
    out = io.StringIO()
    assert play(door, lambda p="": next(answers), out) is True
    assert game.is_over and {"view", "apply", "undo", "save", "scores"} <= door.calls
    text = out.getvalue()
    assert "lines with colonists" in text and "undone" in text and "Contrarius: reacts to your" in text
    if dice == "manual":
        assert re.search(r"Roll the \w+ \S+ die for Contrarius \(its faces: [^)]+\) and enter the face it shows\.",
                         text)


def test_a_die_at_the_table_is_offered_from_the_chance_view():
    g = Game.new({**SOLO, "manual_dice": True}, seed=5)
    for i in (1, 0, 0):  # Architect, done moving, done building: Contrarius rolls the blue die
        g.apply(g.legal_actions()[i])
    view = g.view(0)
    assert view["to_act"] == CHANCE and view["legal"] == []
    faces = screen.decisions(g.view(CHANCE)["legal"])
    first = g.state.cat.cards[[k for k in g.state.display if k is not None][0]].title
    assert faces[0][1] == f"1: {first}" and len(faces) == 5  # face 1 twice: listed once; the card it takes named


def test_the_terminal_modules_do_not_read_the_state():
    for name in ("solo.py", "screen.py"):
        source = (Path(screen.__file__).parent / name).read_text()
        assert ".state" not in source and "sestertius.rules" not in source, name


def test_a_deck_of_one_card_reads_in_the_singular(turn_9):
    view = dict(turn_9, deck_size=1)
    assert screen.render_state(view, 0).splitlines()[0] == "── turn 9 · Italia · standard · deck 1 card"
