"""The step records of the modes against Contrarius: its reaction, its dice and vetoes, its house, its colonist's
move, its production, its veteran start and line, its ship on Roma."""
from __future__ import annotations

from typing import Any, Final

from sestertius.rules.modes.solitaria.building import (
    apply_build,
    apply_move,
    apply_produce,
    legal_build,
    legal_move,
    legal_produce,
)
from sestertius.rules.modes.solitaria.dice import apply_roll, apply_veto, legal_roll, legal_veto
from sestertius.rules.modes.solitaria.reactions import apply_react, legal_react
from sestertius.rules.modes.solitaria.roma import apply_ship, legal_ship
from sestertius.rules.modes.solitaria.setup import apply_line, apply_setup, legal_line
from sestertius.rules.modes.solitaria.words import (
    KEEP_OR_VETO,
    describe_cmove,
    describe_line,
    describe_roll,
    refuse_roll,
    roll_prompt,
)
from sestertius.rules.steps import ApplyFn, LegalFn, Step, legal_auto


def _step(kind: str, legal: LegalFn, apply: ApplyFn, **more: Any) -> Step:
    return Step(kind, "Contrarius", legal, apply, **more)


STEPS: Final[tuple[Step, ...]] = (
    _step("contrarius_react", legal_react, apply_react, fields=("decider",)),
    # chain: the fallbacks already tried in this reaction (flags), so that the supplementary rules never loop
    _step("contrarius_roll", legal_roll, apply_roll, fields=("decider", "die", "purpose", "chain"),
          prompt=roll_prompt, chance_prompt=roll_prompt, words={"roll": describe_roll},
          refuse=refuse_roll, guide="Roll the die named above and tap the face that came up."),
    _step("contrarius_build", legal_build, apply_build, fields=("decider", "good", "purpose", "chain")),
    _step("contrarius_move", legal_move, apply_move, fields=("chooser", "city"),
          prompt="Choose which of Contrarius' colonists moves onto which line.", words={"cmove": describe_cmove},
          guide="Contrarius leaves a choice to you: pick the way its colonist goes."),
    _step("contrarius_produce", legal_produce, apply_produce, fields=("decider", "province")),
    _step("contrarius_setup", legal_auto, apply_setup, fields=("decider", "first", "houses")),
    _step("contrarius_line", legal_line, apply_line, fields=("seat", "which", "city"),
          prompt="Choose the line for Contrarius' colonist.", words={"line": describe_line},
          guide="Contrarius leaves a choice to you: pick the line for its colonist."),
    _step("contrarius_ship", legal_ship, apply_ship, fields=("decider",)),
    _step("contrarius_veto", legal_veto, apply_veto, fields=("seat", "die", "purpose", "chain", "face"),
          prompt=("Contrarius rolled: keep the result, or use your one veto card to make Contrarius roll this die "
                  "again."), words=KEEP_OR_VETO),
)
