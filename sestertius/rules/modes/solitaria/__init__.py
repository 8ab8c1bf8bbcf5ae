"""Concordia Solitaria: solo play against the automaton Contrarius, Contrarius as a third player, and the
cooperative team play against it.

Contrarius is the last seat (``cseat(s)``: seat 1, ``CONTRARIUS``, in solo play; seat 2 with two players), a seat that
never takes a turn: its houses, colonists and victory points live in the ordinary tables (so the board, the players'
house costs and final scoring see them), its face-up cards are its ``hand`` and its face-down cards its ``pile``. It
has no money and never receives goods. ``state.parts["contrarius"]`` (a :class:`ContrariusPart`) holds what has no
place in a seat: the difficulty, its houses on the victory point track, its fish, the players' veto cards. What the
views show of it is computed on demand (``Ruleset.public``), its result at the end too (``Game.result()``).

After each card the player plays, Contrarius reacts with the reaction printed on that card (a Diplomat: the card it
copied). The reaction is a stack of steps: dice are chance steps (rolled by the state's generator, or entered by a
person with ``options.manual_dice``), rule-driven choices are automaton steps, and the one choice the rules leave to
the player (which colonist moves onto which line, when several are equally short) is a step of seat 0 whose first
option is the default. Every decision of Contrarius is logged with its reasons (event kind ``contrarius``).

The modules:

- ``contrarius``: its seat, its part of the state, its data, its points, how it says what it does;
- ``reach``: which cities its colonists reach (the usual movement, ending on an empty line); the capital and its lines;
- ``building``: "Where does Contrarius build?", its house, the colonist moving next to it, the production after it;
- ``colonists``, ``display``: its new colonists and the card it takes (the supplementary rules' fallbacks);
- ``production``, ``fish``: the Mercator reaction's production, the fish market with Contrarius;
- ``setup``: the setup, the difficulty levels, the veteran start and its line;
- ``reactions``: the reaction to each card; ``dice``: rolls, vetoes, carrying out a face;
- ``roma``: its ship on Roma and Byzantium;
- ``rulesets``: ``SoloRuleset``, ``ThirdPlayerRuleset``, ``TeamSoloRuleset``; ``words``, ``steps``: its step records.
"""
from __future__ import annotations

from sestertius.data.catalog import GOODS
from sestertius.rules.modes.solitaria.building import build_contrarius_house, plan_build
from sestertius.rules.modes.solitaria.contrarius import (
                                                         CONTRARIUS,
                                                         NAME,
                                                         PLAYER,
                                                         ContrariusPart,
                                                         con,
                                                         cseat,
                                                         data,
                                                         houses_in_supply,
                                                         humans,
                                                         part,
                                                         roma_track,
)
from sestertius.rules.modes.solitaria.dice import legal_roll
from sestertius.rules.modes.solitaria.reach import Reach
from sestertius.rules.modes.solitaria.roma import frontmost_ship
from sestertius.rules.modes.solitaria.rulesets import SoloRuleset, TeamSoloRuleset, ThirdPlayerRuleset
from sestertius.rules.modes.solitaria.steps import STEPS

__all__ = ["CONTRARIUS", "GOODS", "NAME", "PLAYER", "STEPS", "ContrariusPart", "Reach", "SoloRuleset",
           "TeamSoloRuleset", "ThirdPlayerRuleset", "build_contrarius_house", "con", "cseat", "data", "frontmost_ship",
           "houses_in_supply", "humans", "legal_roll", "part", "plan_build", "roma_track"]
