"""The observation's layout: its fields (name, shape, scale, meaning) at their offsets in the flat vector, the words
and step kinds it names, the one place a pending step's arguments are read, and the layout as a Markdown table."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from sestertius.research.actions import CARD_SLOTS, CARDS, GOODS, TILES

OBSERVATION_VERSION = 2
SEATS = 6
CITIES = 40
ROUTES = 96
PROVINCES = 16
DISPLAY = 8
SPOTS = 16
BOATS = 4
TRACK = 12  # Roma's ship track: spaces 1..9 (0 unused)
BOARDS = ("imperium", "italia", "hellas", "ionium", "cyprus", "sicilia", "balearica", "roma")
BOARD_SLOTS = 16
MODES = ("base", "team", "solo")
DIFFICULTIES = ("standard", "beginner", "veteran", "strong_veteran", "expert", "strong_expert", "strong_expert_8")
FISH_SIDES = ("coastal", "mountain")
NUMERALS = ("I", "II", "III", "IV", "V", "VI")
# every step kind of the engine, in a fixed order (the step waiting for a decision, as the view names it)
STEP_KINDS = (
    "turn", "arch_move", "arch_build", "prefect", "trade", "discard", "colonist", "tribune", "buy", "diplomat",
    "half", "legatus", "partner_play", "start_city", "contrarius_line", "contrarius_move", "contrarius_veto",
    "contrarius_roll", "volcano", "volcano_setup", "market", "stands", "fish_good", "fish_colonist", "fish_prefect",
    "roma_bonus", "roma_build", "roma_god", "roma_sail",
)
STEP_SLOTS = 48
STEP_ARGS = 4  # the most arguments a step has after its decider (Solitaria's veto: die, purpose, chain, face)
# the words a step's argument may be: every card key (same index as in actions.CARDS), then Solitaria's dice, the
# purposes of its rolls, the faces of its dice and the halves of its veteran start
WORD_SLOTS = CARD_SLOTS + 32
STEP_WORDS: tuple[str, ...] = CARDS + tuple(f"(card {i})" for i in range(len(CARDS), CARD_SLOTS)) + (
    "take", "build", "build_produce", "track", "ship", "colonist_only", "land", "sea", "card", "brick",
    "food", "tool", "wine", "cloth", "S", "first", "second",
)

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import GameState
CARD_INDEX = {k: i for i, k in enumerate(CARDS)}
GOOD_INDEX = {g: i for i, g in enumerate(GOODS)}


@dataclass(frozen=True)
class Field:
    name: str
    shape: tuple[int, ...]
    scale: float  # the value is divided by this (1: flags and one-hot)
    meaning: str
    offset: int = 0
    size: int = 0  # the product of the shape


_SPECS: list[tuple[str, tuple[int, ...], float, str]] = [
    # -- the options and the observer
    ("options/board", (BOARD_SLOTS,), 1, "one-hot: the board, in the order " + ", ".join(BOARDS)),
    ("options/mode", (3,), 1, "one-hot: base, team, solo"),
    ("options/players", (1,), 6, "the players option (seats played by people or agents; Contrarius not counted)"),
    ("options/venus", (1,), 1, "1: Concordia Venus (individual play)"),
    ("options/wine_display", (1,), 1, "1: the alternative ('wine') display costs"),
    ("options/intermediate_scoring", (1,), 1, "1: the optional intermediate scoring is taken"),
    ("options/fish_market", (2,), 1, "one-hot: the fish-market side (coastal, mountain); zeros without it"),
    ("options/difficulty", (8,), 1, "one-hot: Solitaria's level, in the order " + ", ".join(DIFFICULTIES)
     + "; zeros outside Solitaria"),
    ("options/my_seat", (SEATS,), 1, "one-hot: the observer's own seat (absolute: 0 starts the game)"),
    # -- the game
    ("game/turn", (1,), 100, "turns played so far"),
    ("game/over", (1,), 1, "1: the game is over"),
    ("game/current", (SEATS,), 1, "one-hot, relative seat: whose turn it is"),
    ("game/to_act", (SEATS,), 1, "one-hot, relative seat: who decides now (entry 0: the observer)"),
    ("game/chance", (1,), 1, "1: a chance outcome is next (never seen inside the environments)"),
    ("game/step", (STEP_SLOTS,), 1, "one-hot: the step waiting for a decision, in the order of STEP_KINDS"),
    ("game/praefectus_magnus", (SEATS,), 1, "one-hot, relative seat: holder of Praefectus Magnus"),
    ("game/concordia", (SEATS,), 1, "one-hot, relative seat: holder of the Concordia card (zeros: still on the "
                                    "table)"),
    ("game/final_turns", (2,), 6, "[0]: 6 when the final turns have begun (else 0), [1]: final turns left"),
    ("game/deck_size", (1,), 20, "cards left in the stack"),
    ("game/deck_top", (len(NUMERALS),), 1, "one-hot: the numeral on the back of the stack's top card (I..VI)"),
    # -- the display
    ("display/card", (DISPLAY, CARD_SLOTS), 1, "per display position (0 = leftmost): one-hot card, in the order of "
                                               "actions.CARDS"),
    ("display/extra", (DISPLAY, 6), 1, "per display position: the extra cost of the position, goods brick..cloth "
                                       "then 'any'"),
    # -- the seats
    ("players/present", (SEATS,), 1, "1 for each seat in the game (relative seats)"),
    ("players/contrarius", (SEATS,), 1, "1 for Contrarius' seat (Solitaria)"),
    ("players/my_team", (SEATS,), 1, "1 for the observer and their partner (team play)"),
    ("players/money", (SEATS,), 50, "sestertii (team play: the team's purse shows at its holder)"),
    ("players/goods", (SEATS, 5), 10, "goods in the storehouse: brick, food, tool, wine, cloth"),
    ("players/storehouse", (SEATS, 2), 12, "storehouse spaces used, storehouse size"),
    ("players/houses", (SEATS,), 15, "houses built"),
    ("players/houses_left", (SEATS,), 15, "houses left to build"),
    ("players/hand_size", (SEATS,), 10, "cards in hand"),
    ("players/pile_size", (SEATS,), 10, "cards in the discard pile"),
    ("players/pile_top", (SEATS, CARD_SLOTS), 1, "one-hot: the top card of the discard pile"),
    ("players/vp", (SEATS,), 100, "victory points scored during play"),
    ("players/colonists", (SEATS, 5), 6, "colonists: land in the storehouse, sea in the storehouse, on routes, in "
                                         "cities, on a board's own places (boats, Roma's Start and track)"),
    ("hand", (CARD_SLOTS,), 3, "the observer's own hand: number of copies of each card (actions.CARDS order)"),
    # -- the board
    ("cities/present", (CITIES,), 1, "1 for each city of the board (city id = index)"),
    ("cities/good", (CITIES, 5), 1, "one-hot: the city's good (zeros: the capital, or no token)"),
    ("cities/province", (CITIES, PROVINCES), 1, "one-hot: the city's province"),
    ("cities/capital", (CITIES,), 1, "1: the capital"),
    ("cities/can_build", (CITIES,), 1, "1: houses may be built there now (the board's bans applied)"),
    ("cities/houses", (CITIES, SEATS), 1, "1 where a relative seat has a house in the city"),
    ("cities/colonists", (CITIES, SEATS), 3, "colonists of each relative seat in the city"),
    ("routes/present", (ROUTES,), 1, "1 for each route of the board (route id = index)"),
    ("routes/sea", (ROUTES,), 1, "1: a sea route (else land)"),
    ("routes/ends", (ROUTES, 2), CITIES, "the route's two city ids"),
    ("routes/no_stop", (ROUTES,), 1, "1: colonists may not stop on it"),
    ("routes/colonist", (ROUTES, SEATS), 1, "one-hot, relative seat: whose colonist stands on the route"),
    ("provinces/present", (PROVINCES,), 1, "1 for each province (province id = index)"),
    ("provinces/good", (PROVINCES, 5), 1, "one-hot: the good of the province's bonus marker"),
    ("provinces/good_side", (PROVINCES,), 1, "1: the marker shows its good side (may be produced)"),
    ("provinces/coins", (PROVINCES,), 2, "sestertii on the back of the marker"),
    ("provinces/can_produce", (PROVINCES,), 1, "1: the Prefect may produce there (the board's bans applied)"),
    ("provinces/production_bonus", (PROVINCES,), 1, "1: producing there gives the bonus good"),
    # -- Sicilia
    ("volcano/tiles", (PROVINCES,), 4, "Sicilia: volcano tiles next to each province"),
    ("volcano/tiles_in_pile", (PROVINCES,), 4, "Sicilia: that province's tiles still in the pile"),
    ("volcano/bans", (PROVINCES, 3), 1, "Sicilia: the province has no bonus, no building, no production"),
    ("volcano/pile", (1,), 20, "Sicilia: tiles in the pile"),
    ("volcano/neutral_in_pile", (1,), 10, "Sicilia: neutral tiles in the pile"),
    ("volcano/last", (len(TILES) + 1,), 1, "Sicilia: one-hot, the last tile drawn (actions.TILES order)"),
    # -- Balearica
    ("boats/colonists", (BOATS, SEATS), 3, "Balearica: colonists of each relative seat on each start boat"),
    # -- Roma
    ("roma/start", (SEATS,), 3, "Roma: colonists of each relative seat on Start"),
    ("roma/track", (TRACK, SEATS), 3, "Roma: colonists of each relative seat on each ship-track space"),
    ("roma/gods", (8, SEATS), 1, "Roma: the relative seats that marked each god in Byzantium (the view's order)"),
    ("roma/houses_on_gods", (SEATS,), 3, "Roma: houses each relative seat put on the gods"),
    # -- the fish market
    ("fish/spot_coins", (SPOTS,), 10, "fish market: sestertii on each spot"),
    ("fish/spot_markers", (SPOTS, SEATS), 1, "fish market: the spot where each relative seat's marker is"),
    ("fish/province_fish", (PROVINCES,), 2, "fish market: fish in each province"),
    ("fish/stored", (SEATS,), 10, "fish market: fish in each relative seat's storehouse"),
    ("fish/praefectus_piscatus", (SEATS,), 1, "fish market: one-hot, relative seat holding Praefectus Piscatus"),
    # -- Solitaria's Contrarius
    ("contrarius/face_up", (CARD_SLOTS,), 3, "Contrarius' face-up cards (copies of each card)"),
    ("contrarius/face_down", (CARD_SLOTS,), 3, "Contrarius' face-down cards"),
    ("contrarius/houses", (2,), 15, "Contrarius: houses built, houses in its supply"),
    ("contrarius/track", (5,), 60, "Contrarius' houses on the victory point track (expert levels), their spaces"),
    ("contrarius/colonists_on_board", (1,), 6, "Contrarius' colonists on the board"),
    ("contrarius/fish", (1,), 10, "Contrarius' fish (fish market)"),
    ("contrarius/veto", (SEATS,), 1, "Contrarius as a third player: veto cards left per relative seat"),
    # -- scores
    ("scores/intermediate", (SEATS,), 100, "the intermediate scoring's totals, once taken"),
    ("scores/final", (SEATS,), 100, "the final scores' totals, once the game is over"),
    # -- version 2: what the seat may see that version 1 left out
    ("game/movement_points", (1,), 10, "the Architect's movement points left, while its move step waits (else 0)"),
    ("step/arg_present", (STEP_ARGS,), 1, "1 for each argument the waiting step has after its decider (the step "
                                          "records' fields, listed per step kind below)"),
    ("step/arg_number", (STEP_ARGS,), 10, "a number or flag argument as its value + 1 (so that -1, 'none yet', is 0); "
                                          "a seat argument as its relative seat + 1"),
    ("step/arg_word", (STEP_ARGS, WORD_SLOTS), 1, "one-hot: a word argument, in the order of STEP_WORDS (card keys "
                                                  "first, as in actions.CARDS)"),
    ("pile", (CARD_SLOTS,), 3, "the observer's own discard pile: number of copies of each card (actions.CARDS order)"),
    ("players/bought", (SEATS, CARD_SLOTS), 3, "cards each relative seat holds beyond its setup (bought face up from "
                                               "the display; Contrarius: taken from it): copies of each card"),
]


def _layout() -> tuple[tuple[Field, ...], int]:
    out = []
    offset = 0
    for name, shape, scale, meaning in _SPECS:
        f = Field(name, shape, float(scale), meaning, offset, int(np.prod(shape)))
        out.append(f)
        offset += f.size
    return tuple(out), offset


FIELDS, OBSERVATION_SIZE = _layout()
FIELD = {f.name: f for f in FIELDS}
OFFSET = {f.name: f.offset for f in FIELDS}
HIGH = 1000.0  # the observation space's upper bound (values beyond it are clipped; none is near it in play)


def fields_of(vector: np.ndarray) -> dict[str, np.ndarray]:
    """Named views of an observation vector (no copy): ``fields_of(v)["cities/houses"]`` has shape (40, 6)."""
    return {name: vector[a:b].reshape(shape) for name, a, b, shape in _SLICES}


_SLICES = [(f.name, f.offset, f.offset + f.size, f.shape) for f in FIELDS]
# per field: its offset, the flat strides of its indices and its scale (the writers index the flat vector)
FLAT = {f.name: (f.offset, tuple(int(np.prod(f.shape[k + 1:])) for k in range(len(f.shape))), f.scale)
         for f in FIELDS}
WORD_INDEX = {w: i for i, w in enumerate(STEP_WORDS)}


def step_kind(st: tuple[Any, ...]) -> str:
    """The kind of a pending step of the engine (``state.pending``)."""
    return str(st[0])


def step_args(s: GameState, st: tuple[Any, ...]) -> tuple[Any, ...]:
    """The arguments of a pending step after its decider, in the order of its record's fields: the one place the
    encoding reads them. As the state's own record of the step holds them (``Step.saved``): trailing optional fields
    at their default (None: no limit) left out."""
    return tuple(s.rules.steps[st[0]].saved(st)[2:])


def field_table() -> str:
    """The layout as a Markdown table (docs/RESEARCH.md holds it)."""
    rows = ["| offset | field | shape | scale | meaning |", "|---|---|---|---|---|"]
    for f in FIELDS:
        shape = " x ".join(map(str, f.shape))
        scale = f"{f.scale:g}"
        rows.append(f"| {f.offset} | `{f.name}` | {shape} | {scale} | {f.meaning} |")
    return "\n".join(rows)
