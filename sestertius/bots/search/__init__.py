"""The search bot (levels medium and hard): whole turns planned on determinised copies of the game, judged by an
estimate of the final scores. Built only on the engine's public face (``Game``, its state and its scoring), as any
bot may be."""
from sestertius.bots.search.bot import LEVELS, SearchBot
from sestertius.bots.search.evaluate import Evaluator, Weights

__all__ = ["LEVELS", "Evaluator", "SearchBot", "Weights"]
