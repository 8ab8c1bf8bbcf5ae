"""What performing a card does lives in its card module: the rulebook gathers the card modules' performers by
action; the Magister repeats another card and team play performs its own cards (Legatus, Proconsul)."""
from __future__ import annotations

import pytest

from sestertius.data.catalog import load_catalog
from sestertius.rules.game import Game
from sestertius.rules.options import GameOptions
from sestertius.rules.rulebook import BASE_PERFORMERS, resolve
from sestertius.rules.turn import perform

HOMES = {"architect": "architect", "prefect": "prefect", "specialist": "prefect", "mercator": "mercator",
         "colonist": "colonist", "tribune": "colonist", "senator": "senator", "consul": "senator",
         "diplomat": "diplomat", "double": "diplomat"}


def test_every_card_action_has_a_performer_in_its_card_module_or_is_the_magisters_or_the_modes():
    actions = {card.action for card in load_catalog().cards.values()}
    assert actions - set(BASE_PERFORMERS) == {"magister", "legatus", "proconsul"}
    for action, performer in BASE_PERFORMERS.items():
        assert performer.__module__ == f"sestertius.rules.cards.{HOMES[action]}", action
    team = resolve(GameOptions(board="imperium", players=4, mode="team"))
    assert team.performers is BASE_PERFORMERS and resolve(GameOptions()).performers is BASE_PERFORMERS


def test_a_mode_action_outside_its_mode_is_refused_by_the_modes_fallback():
    g = Game.new({"board": "italia", "players": 2}, seed=1)
    legatus = next(k for k, c in g.state.cat.cards.items() if c.action == "legatus")
    with pytest.raises(ValueError, match="not part of mode"):
        perform(g.state, 0, legatus)
