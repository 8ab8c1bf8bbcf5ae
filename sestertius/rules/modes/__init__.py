"""Modes of play: the base game (base.py), Venus team play (team.py) and Solitaria against Contrarius
(solitaria/). Each is a Ruleset; sestertius.rules.rulebook says which one a game uses."""
