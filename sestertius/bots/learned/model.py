"""The learned evaluation: the hand-made estimate of a seat's final score plus a correction learned from the
outcomes of self-played games, a linear function of the seat's features (:mod:`.features`), one per role (a player
against Contrarius, Contrarius, a player of a game without Contrarius).

A model is a small JSON file beside this module (its version, what it was trained on and when, the feature names and
the coefficients per role): ``turn_ends.json``, made by ``tools/train_advantage.py`` (fitted to counterfactual
branches: a turn's alternatives each played out from the same position), which judges the ends of turns for the
levels that name it; the tool's ``run`` iterates (the search with the current model plays and branches its games,
the next model is fitted to the branches of every generation and kept only when it wins paired games against the
current one). Inference is pure Python: one dot product of some
thirty numbers per seat estimate, cached like the hand-made one (:meth:`Evaluator.estimates`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sestertius.bots.learned.features import NAMES, row
from sestertius.bots.search.evaluate import DEFAULT, Evaluator, Weights
from sestertius.bots.search.model import features, turns_left

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import GameState
    from sestertius.bots.search.model import Context

FORMAT = 1
ROLES = ("player", "automaton", "base")


@dataclass(frozen=True)
class ValueModel:
    """Per role, a bias and one coefficient per feature of ``names``; a role without coefficients is not corrected
    (the hand-made estimate alone)."""
    version: str
    names: tuple[str, ...]
    roles: dict[str, tuple[float, tuple[float, ...]]] = field(default_factory=dict)  # role -> (bias, coefficients)
    meta: dict[str, Any] = field(default_factory=dict)  # trained on, when, the fit's figures

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": self.version, "names": list(self.names),
                "roles": {r: {"bias": b, "coef": list(c)} for r, (b, c) in self.roles.items()}, "meta": self.meta}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ValueModel:
        if d.get("format") != FORMAT:
            raise ValueError(f"value model: format {d.get('format')!r}, this version reads {FORMAT}")
        names = tuple(d["names"])
        if names != NAMES:
            raise ValueError("value model: its features are not this version's (train it again)")
        roles = {}
        for r, v in d["roles"].items():
            if r not in ROLES or len(v["coef"]) != len(names):
                raise ValueError(f"value model: role {r!r} unknown or of the wrong size")
            roles[r] = (float(v["bias"]), tuple(float(x) for x in v["coef"]))
        return cls(str(d["version"]), names, roles, dict(d.get("meta", {})))

    @classmethod
    def load(cls, path: str | Path) -> ValueModel:
        return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")


HAND_ONLY = ValueModel("hand", NAMES)  # no correction: the hand-made estimate (generation 0)
_PACKAGED: dict[str, ValueModel] = {}


def packaged(name: str = "turn_ends") -> ValueModel:
    """A model shipped with the package, read once: ``turn_ends`` (``turn_ends.json``: fitted to where a turn's
    alternatives led, by ``tools/train_advantage.py``; it judges the ends of turns only)."""
    if name not in _PACKAGED:
        text = resources.files("sestertius.bots.learned").joinpath(f"{name}.json").read_text(encoding="utf-8")
        _PACKAGED[name] = ValueModel.from_json(json.loads(text))
    return _PACKAGED[name]


def role_of(seat: int, automaton: int | None) -> str:
    return "base" if automaton is None else "automaton" if seat == automaton else "player"


class LearnedEvaluator(Evaluator):
    """The search bot's evaluator with the learned correction: ``estimates`` (cached), ``objective``, the search
    unchanged. The forecast that hints show stays the hand-made fitted one."""

    def __init__(self, model: ValueModel | None = None, weights: Weights = DEFAULT) -> None:
        super().__init__(weights)
        self.model = model if model is not None else packaged()

    def total(self, s: GameState, seat: int, ctx: Context, scale: dict[str, float] | None = None) -> float:
        if scale is not None or s.over:
            return super().total(s, seat, ctx, scale)
        found = self.model.roles.get(role_of(seat, ctx.automaton))
        if found is None:
            return super().total(s, seat, ctx)
        now, f = features(s, seat, self.w, ctx)
        get = self.scale(seat, ctx).get
        extra = 0.0
        for k, v in f.items():
            extra += get(k, 0.0) * v
        bias, coef = found
        x = row(s, seat, ctx, turns_left(s, seat, self.w, ctx), now, f, extra)
        correction = bias
        for c, v in zip(coef, x):
            correction += c * v
        return now + extra + correction


def seat_rows(s: GameState, weights: Weights = DEFAULT) -> list[tuple[str, list[float]]]:
    """Every seat's role and features in the state, for training (what ``LearnedEvaluator.total`` reads)."""
    from sestertius.bots.search.model import Context
    ctx = Context(s, weights)
    ev = Evaluator(weights)
    out = []
    for seat in range(s.n):
        now, f = features(s, seat, weights, ctx)
        extra = ev.total(s, seat, ctx) - now
        out.append((role_of(seat, ctx.automaton), row(s, seat, ctx, turns_left(s, seat, weights, ctx), now, f,
                                                       extra)))
    return out
