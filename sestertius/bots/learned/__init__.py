"""The learned evaluations of the search bot: the hand-made estimate of every seat's final score corrected by a
linear model of the seat's features. ``turn_ends`` (``turn_ends.json``, fitted by ``tools/train_advantage.py`` to
where a turn's alternatives led in self-played games) judges the ends of turns for the levels ``medium`` and
``master``. Built only on the engine's public face, as any bot may be."""
from sestertius.bots.learned.features import NAMES
from sestertius.bots.learned.model import HAND_ONLY, LearnedEvaluator, ValueModel, packaged

__all__ = ["HAND_ONLY", "NAMES", "LearnedEvaluator", "ValueModel", "packaged"]
