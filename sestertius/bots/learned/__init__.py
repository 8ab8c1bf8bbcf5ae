"""The learned evaluation of the search bot (level ``master``): the hand-made estimate of every seat's final score
corrected by a model fitted to the outcomes of self-played games (``tools/train_value.py``). Built only on the
engine's public face, as any bot may be."""
from sestertius.bots.learned.features import NAMES
from sestertius.bots.learned.model import HAND_ONLY, LearnedEvaluator, ValueModel, packaged

__all__ = ["HAND_ONLY", "NAMES", "LearnedEvaluator", "ValueModel", "packaged"]
