"""The weights of the search bot's estimate, per feature (see :mod:`sestertius.bots.search.evaluate`): one set for a
player against Contrarius, one for Contrarius, and one for a player of a game without Contrarius (the base game, where
other players race for the houses and cards and end the game), and the forecast set that hints and the review show
in such games. The sets the bot plays with are chosen by measured play (``tools/fit_weights.py`` fitted them to the
final scores of games once; since, fits that predicted better played no better or worse: docs/BOTS.md, "The
tables"); the forecast set is that tool's fit (``fit --write``). The base set keeps the player's numbers and adds the
pieces' worth."""
from sestertius.bots.greedy import PIECE_WORTH

PLAYER_SCALE = {
    "Jupiter": 1.0, "Saturnus": 0.5, "Mercurius": 0.5, "Mars": 1.0, "Venus": 1.0, "Minerva": 0.5,
    "cards": 1.0, "wealth": 0.25, "variety": 0.6, "production": 0.25, "colonists": 1.5, "hand": 0.7,
    "sites": 0.45, "time": 0.0, "houses": 0.0, "assets": 0.0,
}
AUTOMATON_SCALE = {
    "Jupiter": 1.3, "Saturnus": 1.3, "Mercurius": 1.5, "Mars": 0.7, "Venus": 1.0, "Minerva": 0.7,
    "cards": 1.0, "reactions": 1.2,
}
# its own set: the player's numbers, and the greedy bot's worth of the pieces (``assets``), measured against the greedy
# bot in two-player games on Italia (200 games, the same seeds): ``medium`` won 133 with it, 102 without (0.5 to 1.0
# times played alike), ``hard`` 147 and 121. Against Contrarius it gained nothing (-2.2 +- 3.3 points, medium on
# expert): there it is not counted (the player's weight is 0, and the feature is left out)
BASE_SCALE = dict(PLAYER_SCALE, assets=0.75)

# the pieces' worth the base set counts (``assets``): the greedy bot's numbers, with a card worth more and the sites
# left out (medium, two-player games on Italia against greedy, 200 games each, paired with the greedy bot's numbers:
# a card at 9 +3.4 points of margin (0.6 to 6.3), at 10 +2.8, at 12 +2.1, at 3 -2.7; the sites at 0 +0.1, at 1.5
# -1.9; no other part better, see docs/BOTS.md)
ASSET_WORTH = dict(PIECE_WORTH, card=9.0, site=0.0)

# what hints and the review show as a final score (``Evaluator.forecast``): the features fitted to the final scores of
# games by ``tools/fit_weights.py fit --write``; in games without Contrarius the base set's features (FORECAST_SCALE),
# against Contrarius a player's (FORECAST_PLAYER) and Contrarius' (FORECAST_AUTOMATON)
FORECAST_SCALE = {
    "Jupiter": 1.786, "Mars": 0.504, "Mercurius": 2.365, "Minerva": 0.381, "Saturnus": 1.386, "Venus": 1.0,
    "assets": 0.263, "cards": 1.332, "colonists": -3.344, "hand": -2.303, "houses": -10.659, "production": 0.506,
    "sites": -1.407, "time": 0.505, "variety": -0.528, "wealth": 0.053,
}
FORECAST_PLAYER = {
    "Jupiter": 0.915, "Mars": 0.056, "Mercurius": 0.963, "Minerva": 0.009, "Saturnus": -0.137, "Venus": 9.019,
    "assets": 0.0, "cards": 0.421, "colonists": 6.269, "hand": 3.639, "houses": -2.017, "production": -0.296,
    "sites": -0.068, "time": 0.266, "variety": 4.287, "wealth": 0.292,
}
FORECAST_AUTOMATON = {
    "Jupiter": 0.94, "Mars": 1.178, "Mercurius": 0.196, "Minerva": 0.379, "Saturnus": 0.59, "Venus": 10.392,
    "cards": 0.773, "reactions": 2.169,
}
# how far a final margin falls from the forecast's (root mean square, points): a + b x turns left (the feature
# ``time``), for the chance to win that hints show; fitted by ``tools/fit_weights.py fit --write`` with the sets above
SPREAD_BASE = (16.21, 0.026)
SPREAD_CONTRARIUS = (15.88, 0.163)
