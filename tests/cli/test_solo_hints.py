"""``concordia solo --hint``: ``t`` at the player's prompt prints the search bot's three best decisions (numbered as
in the list, each with its estimated final score, winning chance and reason), the same hints as the web app's, from
the player's view only; without --hint it says how to turn them on; at a die it gives none."""
from __future__ import annotations

import io
import random
import re

from test_solo_table import args, at_roll, script

from sestertius import Game
from sestertius.bots.search.advice import hints
from sestertius.cli import parser
from sestertius.cli.solo import main, play

SOLO = {"board": "italia", "players": 1, "mode": "solo"}
HINT = re.compile(r"^ +(\d+)\. (.+): lead ([+-]\d+), final score ~(\d+), winning chance (\d+)% — (.+)$")


def hint_block(text: str) -> list[re.Match]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("The medium bot's best decisions"))
    return [m for line in lines[start + 1:start + 8] if (m := HINT.match(line))]


def test_t_prints_the_bots_three_best_decisions_and_the_game_goes_on():
    out = io.StringIO()
    assert main(args(hint="medium"), script("t", "1"), out) == 1  # t, then play Tribune, then end of input
    text = out.getvalue()
    found = hint_block(text)
    assert len(found) == 3
    game = Game.new({**SOLO, "difficulty": "standard"}, seed=5)
    while game.to_act() != 0:
        game.apply(game.legal_actions()[0])
    legal = game.legal_actions()
    expected = hints(game, 0, "medium", seed=len(game.history))
    for m, h in zip(found, expected):
        assert legal[int(m.group(1)) - 1] == h.action and m.group(2) == h.text == game.describe(h.action)
        assert int(m.group(4)) == round(h.score) and 0 <= int(m.group(5)) <= 100 and m.group(6) == h.reason
    # ordered by the figure shown first (the lead over the best other player)
    assert [int(m.group(3)) for m in found] == sorted((int(m.group(3)) for m in found), reverse=True)
    assert "Tribune: you may buy one colonist" in text.split(found[-1].group(0))[1]  # 1 played the Tribune after


def test_hints_read_only_what_the_player_sees():
    """Two games that differ only in what the player cannot see (the stacks' order, the dice to come) get the same
    hints, and asking for them changes nothing of the game."""
    game = Game.new({**SOLO, "difficulty": "expert"}, seed=11)
    while game.to_act() != 0:
        game.apply(game.legal_actions()[0])
    other = game.determinised(0, random.Random(99))
    other.auto_chance = game.auto_chance
    assert other.view(0) == game.view(0) and other.state.deck != game.state.deck
    texts = []
    for g in (game, other):
        history = list(g.history)
        out = io.StringIO()
        play(g, script("t", "q", "n"), out, hint="medium")
        assert g.history == history
        texts.append(out.getvalue().split("best decisions")[1])
    assert texts[0] == texts[1] and len(hint_block("The medium bot's best decisions" + texts[0])) == 3


def test_without_hint_t_says_how_to_turn_hints_on():
    out = io.StringIO()
    main(args(), script("t", "q", "n"), out)
    assert "hints are off: start the game with --hint" in out.getvalue()
    assert "best decisions" not in out.getvalue()


def test_no_hints_at_a_die():
    g = at_roll("architect")
    n = len(g.history)
    out = io.StringIO()
    play(g, script("t", "3"), out, hint="medium")
    assert "hints are for your own decisions, not for the dice" in out.getvalue()
    assert ("roll", 3) in g.history[n:]


def test_the_hint_option_and_its_level():
    cli = parser()
    assert cli.parse_args(["solo"]).hint is None
    assert cli.parse_args(["solo", "--hint"]).hint == "master"  # the strongest level, within a hint's time
    assert cli.parse_args(["solo", "--hint", "hard"]).hint == "hard"
    assert cli.parse_args(["analyse", "g.json", "--level", "master"]).level == "master"
