"""Solitaria with the fish market on the boards with rules of their own (A-SOLO-FISH-BOARDS): Contrarius' Mercator
production meets Sicilia's volcano as a player's Prefect does, and every mode against Contrarius plays on Sicilia
and Roma with either side of the market."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from sestertius import Game, GameOptions, check_options
from sestertius.data.catalog import assumptions_for
from sestertius.rules.boards.sicilia import vol, volcano_data
from sestertius.rules.modes.solitaria.contrarius import data, part
from sestertius.rules.modes.solitaria.fish import produce_fish
from sestertius.rules.variants.fish_part import fish

SETUPS = [("solo", 1), ("solo", 2), ("team", 2)]


def sicilia_game(seed: int = 3) -> Game:
    return Game.new({"board": "sicilia", "players": 1, "mode": "solo", "fish_market": "coastal"}, seed=seed)


def set_row(g: Game, prov: int, row: int) -> None:
    """Put ``row`` volcano tiles in the province's column."""
    s = g.state
    i = s.rules.board.column_of(s, prov)
    cols = list(vol(g.state).cols)
    cols[i] = row
    s.parts["volcano"] = replace(vol(s), cols=tuple(cols))


def a_volcanic_province(g: Game) -> int:
    return g.state.rules.board.columns(g.state)[0]


def test_a_province_that_lost_its_bonus_produces_but_its_fish_go_back_to_the_supply():
    g = sicilia_game()
    s = g.state
    prov = a_volcanic_province(g)
    set_row(g, prov, volcano_data().row_of["no_bonus"])
    assert fish(s).spots[prov] == 1 and not s.rules.board.production_bonus(s, prov)
    before = part(s).fish
    produce_fish(s, data(s), prov)
    assert fish(s).spots[prov] == 0 and part(s).fish == before  # nothing for Contrarius
    assert not s.marker_up[prov]
    assert "go back to the supply" in s.events[-1]["text"]


def test_a_province_with_its_bonus_gives_contrarius_its_fish():
    g = sicilia_game()
    s = g.state
    prov = a_volcanic_province(g)
    before = part(s).fish
    produce_fish(s, data(s), prov)
    assert part(s).fish == before + 1 and fish(s).spots[prov] == 0


def test_an_erupted_province_does_nothing_and_gets_no_fish_when_they_regrow():
    g = sicilia_game()
    s = g.state
    prov = a_volcanic_province(g)
    set_row(g, prov, volcano_data().row_of["no_production"])
    s.rules.variants[0].production_ended(s, prov)
    spots_before, fish_before = list(fish(s).spots), part(s).fish
    produce_fish(s, data(s), prov)
    assert fish(s).spots == spots_before and part(s).fish == fish_before
    assert "can no longer produce" in s.events[-1]["text"]
    # three other provinces without fish: the reaction regrows them, never the erupted one
    others = [i for i in range(len(s.board.provinces)) if i != prov][:3]
    for i in others:
        fish(s).spots[i] = 0
    produce_fish(s, data(s), others[0])
    assert fish(s).spots[prov] == 0 and all(fish(s).spots[i] == 1 for i in others)


@pytest.mark.parametrize("mode,players", SETUPS)
@pytest.mark.parametrize("board", ["sicilia", "roma"])
def test_every_mode_against_contrarius_plays_with_the_fish_market_on_sicilia_and_roma(board, mode, players):
    for seed, side in enumerate(("coastal", "mountain")):
        options = {"board": board, "players": players, "mode": mode, "fish_market": side,
                   "difficulty": ("standard", "expert")[seed]}
        assert check_options(options) is None
        g = Game.new(options, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            s = g.state
            assert all(x in (0, 1, 2) for x in fish(s).spots) and min(fish(s).stored) >= 0
            c = s.players[s.rules.mode.automaton(s)]
            assert c.money == 0 and c.goods == [0] * 5
        assert g.result()["contrarius"] == g.scores()[s.rules.mode.automaton(s)]["total"]
        assert Game.from_record(g.record()).state.hash() == g.state.hash()


def test_the_reading_is_shown_where_it_applies_only():
    def ids(**options):
        return {a["id"] for a in assumptions_for(GameOptions(**options))}
    assert "A-SOLO-FISH-BOARDS" in ids(board="sicilia", players=1, mode="solo", fish_market="coastal")
    assert "A-SOLO-FISH-BOARDS" in ids(board="roma", players=2, mode="team", fish_market="mountain")
    assert "A-SOLO-FISH-BOARDS" not in ids(board="italia", players=1, mode="solo", fish_market="coastal")
    assert "A-SOLO-FISH-BOARDS" not in ids(board="sicilia", players=1, mode="solo")
    # readings of the two-player modes, of the fish market on a board: only in those games
    assert "A-TWO-ROMA" not in ids(board="roma", players=1, mode="solo")
    assert "A-TWO-ROMA" in ids(board="roma", players=2, mode="solo")
    assert "A-FISH-ROMA" not in ids(board="roma", players=3)
    assert "A-FISH-ROMA" in ids(board="roma", players=3, fish_market="coastal")
