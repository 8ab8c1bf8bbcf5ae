"""Which rules are in play: the one place that turns options into a mode, a board's rules and variants, and the
one table of what may be combined. The engine, the command line and the lobby all read it.

python-chess keeps an explicit list of its variants; so does this module: ``MODE_TABLE`` (a ruleset per mode and
number of players), ``BOARDS`` (the boards with rules of their own; the others play by the base rules),
``VARIANTS``, and ``REFUSED``, the combinations that cannot be played with the reason given to the user.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from sestertius.data.board import board_names, load_board
from sestertius.data.catalog import load_fish_market
from sestertius.data.solitaria import difficulty_key, solo_data
from sestertius.rules.boards.balearica import BalearicaRules
from sestertius.rules.boards.base import BoardRules
from sestertius.rules.boards.roma import RomaRules
from sestertius.rules.boards.sicilia import SiciliaRules
from sestertius.rules.cards import architect, colonist, diplomat, mercator, prefect, senator, storehouse
from sestertius.rules.errors import ConcordiaError, OptionsError
from sestertius.rules.modes.base import Ruleset
from sestertius.rules.modes.solitaria import SoloRuleset, TeamSoloRuleset, ThirdPlayerRuleset
from sestertius.rules.modes.team import TeamRuleset
from sestertius.rules.options import DISPLAYS, MODES, GameOptions
from sestertius.rules.steps import PerformFn, Step
from sestertius.rules.turn import STEPS as TURN_STEPS
from sestertius.rules.variants.base import Variant
from sestertius.rules.variants.fish_market import FishMarket

BASE_STEPS: Final[tuple[Step, ...]] = (TURN_STEPS + architect.STEPS + prefect.STEPS + storehouse.STEPS + mercator.STEPS
                                + colonist.STEPS + senator.STEPS + diplomat.STEPS)
# card action -> what performing it does, each from its card module (a mode performs the actions it adds itself)
BASE_PERFORMERS: Final[dict[str, PerformFn]] = {**architect.PERFORMERS, **prefect.PERFORMERS, **mercator.PERFORMERS,
                                         **colonist.PERFORMERS, **senator.PERFORMERS, **diplomat.PERFORMERS}

# (mode option, players) -> the ruleset that plays it
BASE, TEAM = Ruleset(), TeamRuleset()
SOLO, SOLO_THIRD, SOLO_TEAM = SoloRuleset(), ThirdPlayerRuleset(), TeamSoloRuleset()
MODE_TABLE: Final[dict[tuple[str, int], Ruleset]] = {
    **{("base", n): BASE for n in (2, 3, 4, 5)},
    ("team", 4): TEAM, ("team", 6): TEAM,
    ("team", 2): SOLO_TEAM,  # Solitaria's cooperative team play against Contrarius
    ("solo", 1): SOLO,
    ("solo", 2): SOLO_THIRD,  # Contrarius as a third player
}
PLAYERS_REFUSED: Final = {
    "base": "the base game is for 2 to 5 players, not {players}",
    "team": ("team play is for 2 players (Solitaria's cooperative team play against Contrarius) or 4 or 6 players "
             "(teams of two), not {players}"),
    "solo": "Solitaria is for 1 player (solo) or 2 players (Contrarius as a third player), not {players}",
}
SOLITARIA: Final = {SOLO.name, SOLO_THIRD.name, SOLO_TEAM.name}
OWN_CARDS: Final = {SOLO.name: "Solitaria's solo play",  # the modes with hands of their own
                    SOLO_THIRD.name: "Contrarius as a third player",
                    SOLO_TEAM.name: "Solitaria's cooperative team play"}

BOARDS: Final[dict[str, BoardRules]] = {"sicilia": SiciliaRules(), "balearica": BalearicaRules(), "roma": RomaRules()}
BASE_BOARD: Final = BoardRules()
VARIANTS: Final[dict[str, Variant]] = {"fish_market": FishMarket()}


@dataclass(frozen=True)
class Refused:
    """A combination that cannot be played: when every given condition holds, ``why`` is the reason."""
    why: str
    modes: frozenset[str] | None = None  # ruleset names
    boards: frozenset[str] | None = None
    variant: str | None = None
    when: Callable[[GameOptions], bool] | None = None


def _no_capital(o: GameOptions) -> bool:
    return load_board(o.board).capital is None


def _unknown_difficulty(o: GameOptions) -> bool:
    return difficulty_key(o.difficulty) not in solo_data().difficulty


def _solitaria_refusals() -> list[Refused]:
    """Boards on which Solitaria is refused, with the reason kept in data/solitaria.toml."""
    return [Refused(f"Solitaria cannot be played on {board}: {info['refused']}", frozenset(SOLITARIA),
                    frozenset({board})) for board, info in solo_data().boards.items() if info.get("refused")]


REFUSED: Final[tuple[Refused, ...]] = (
    Refused("team play needs a board with a capital (the second half of the seats starts in a city away from it); "
            "{board} has none", frozenset({TEAM.name}), when=_no_capital),
    *(Refused(f"{what} uses its own cards; the venus option does not apply", frozenset({mode}),
              when=lambda o: o.venus) for mode, what in OWN_CARDS.items()),
    *_solitaria_refusals(),
    Refused("Solitaria needs a board with a capital; {board} has none", frozenset(SOLITARIA),
            when=lambda o: _no_capital(o) and o.board != "roma"),  # Roma: Contrarius starts on Start (A-SOLO-ROMA)
    Refused("unknown difficulty {difficulty!r}; difficulties: " + ", ".join(solo_data().difficulty),
            frozenset(SOLITARIA), when=_unknown_difficulty),
)


@dataclass(frozen=True)
class Rulebook:
    """The rules of one game: its mode, its board's rules, its variants and the records of every step kind."""
    mode: Ruleset
    board: BoardRules
    variants: tuple[Variant, ...]
    steps: dict[str, Step] = field(repr=False)
    performers: dict[str, PerformFn] = field(repr=False)  # card action -> what performing it does
    prefect_step: str = "prefect"  # the Prefect's step kind (a variant may replace it: the fish market)
    storage: tuple[Variant, ...] = ()  # variants whose pieces take storehouse space

    def uses(self, variant: str) -> bool:
        return any(v.name == variant for v in self.variants)

    @property
    def base_building(self) -> bool:
        """The board builds and counts other houses by the base rules, and no variant changes what goods are worth:
        what a seat may build and own then follows from the state's houses, cities and goods alone (a bot may key
        what it works out on those)."""
        board = type(self.board)
        return (board.can_build is BoardRules.can_build and board.other_houses is BoardRules.other_houses
                and all(type(v).goods_value is Variant.goods_value for v in self.variants))


def _variants_of(o: GameOptions) -> tuple[Variant, ...]:
    return tuple(v for v in VARIANTS.values() if getattr(o, v.option) is not None)


def refusal(o: GameOptions) -> str | None:
    """Why these (individually valid) options cannot be played together, or None."""
    mode = MODE_TABLE.get((o.mode, o.players))
    if mode is None:
        return PLAYERS_REFUSED[o.mode].format(players=o.players)
    names = {v.name for v in _variants_of(o)}
    for r in REFUSED:
        if ((r.modes is None or mode.name in r.modes) and (r.boards is None or o.board in r.boards)
                and (r.variant is None or r.variant in names) and (r.when is None or r.when(o))):
            return r.why.format(board=o.board, difficulty=o.difficulty)
    return None


_CACHE: Final[dict[tuple[str, str, tuple[str, ...]], Rulebook]] = {}


def resolve(o: GameOptions) -> Rulebook:
    """The rules in play for these options; refuses a combination that cannot be played (OptionsError)."""
    why = refusal(o)
    if why is not None:
        raise OptionsError(why)
    mode = MODE_TABLE[(o.mode, o.players)]
    board = BOARDS.get(o.board, BASE_BOARD)
    variants = _variants_of(o)
    key = (mode.name, board.name, tuple(v.name for v in variants))
    if key not in _CACHE:
        steps: dict[str, Step] = {}
        for step in (*BASE_STEPS, *mode.steps, *board.steps, *(st for v in variants for st in v.steps)):
            steps[step.kind] = step
        replaced = {k: v for variant in variants for k, v in variant.replaces.items()}
        storage = tuple(v for v in variants if type(v).storehouse_used is not Variant.storehouse_used)
        _CACHE[key] = Rulebook(mode, board, variants, steps, BASE_PERFORMERS, replaced.get("prefect", "prefect"),
                                 storage)
    return _CACHE[key]


def choices() -> dict[str, Any]:
    """What a new game may be set up with: modes with their player counts, boards, displays, fish-market sides and
    Solitaria's difficulty levels (which combinations are allowed: :func:`check_options`)."""
    return {
        "modes": [{"name": m, "players": sorted(n for (mode, n) in MODE_TABLE if mode == m)} for m in MODES],
        "boards": [{"name": n, "title": load_board(n).title, "players": list(load_board(n).players),
                    "own_rules": n in BOARDS} for n in board_names()],
        "displays": list(DISPLAYS),
        "fish_market": [{"name": k, "title": v.title} for k, v in load_fish_market().sides.items()],
        "difficulties": list(solo_data().difficulty),
    }


def check_options(options: dict[str, Any]) -> str | None:
    """None when a game can be set up with these options, else the engine's reason for refusing them."""
    try:
        resolve(GameOptions.from_dict(options))
    except ConcordiaError as e:
        return str(e)
    return None
