"""sestertius: Mac Gerdts' Concordia, exactly. The public face of the package.

>>> from sestertius import Game
>>> game = Game.new({"board": "italia", "players": 2}, seed=7)
>>> game.apply(game.legal_actions()[0])
"""
from sestertius.rules.errors import ConcordiaError, IllegalAction, OptionsError, RecordError
from sestertius.rules.game import RECORD_FORMAT, RECORD_VERSION, Game
from sestertius.rules.options import GameOptions
from sestertius.rules.rulebook import check_options, choices
from sestertius.rules.state import AUTO, AUTOMATON, CHANCE

__all__ = ["AUTO", "AUTOMATON", "CHANCE", "RECORD_FORMAT", "RECORD_VERSION", "ConcordiaError", "Game", "GameOptions",
           "IllegalAction", "OptionsError", "RecordError", "check_options", "choices"]
