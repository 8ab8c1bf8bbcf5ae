"""The observation encoding: what one seat of a game may see as a fixed-size vector of float32 (and, over the same
memory, a dict of named arrays). ``observe`` builds it from the game state, caching what never changes in a game;
``observe_view`` is the reference it equals, built from ``game.view(seat)`` and ``beyond_view(game, seat)`` (the
waiting step's arguments, the seat's own discard pile, the cards each seat bought), so that it holds nothing the
seat may not see.

One layout serves every mode, board and variant: arrays sized for the largest (6 seats, 40 cities, 96 routes, 16
provinces...), padded with zeros, with ``present`` flags saying which entries are in play. Seats are **relative**: entry
0 of every per-seat array is the observer, entry 1 the next seat in seat order, and so on (``options/my_seat`` gives the
observer's seat). Counts are divided by the scale of their field (``Field.scale``) so that most values lie in [0, 1];
no value is negative.

The layout is a contract: :data:`OBSERVATION_VERSION` names it, and ``docs/RESEARCH.md`` lists every field (its
offset, shape, scale and meaning; ``python -m sestertius.research.observations`` prints that table).

>>> from sestertius import Game
>>> from sestertius.research.observations import observe, fields_of
>>> game = Game.new({"board": "italia", "players": 2}, seed=7)
>>> vector = observe(game, 0)                  # numpy float32, shape (OBSERVATION_SIZE,)
>>> fields_of(vector)["players/money"][:2]     # the observer's and the other seat's sestertii, divided by 50
array([0.1 , 0.12], dtype=float32)
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from sestertius.data.catalog import ANY, NO_GOOD
from sestertius.research.actions import CARD_SLOTS, CARDS, GOODS, TILES
from sestertius.rules.boards.base import BoardRules
from sestertius.rules.modes.base import Ruleset
from sestertius.rules.variants.base import Variant

if TYPE_CHECKING:  # pragma: no cover
    from sestertius.rules.game import Game
    from sestertius.rules.state import GameState

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
_FLAT = {f.name: (f.offset, tuple(int(np.prod(f.shape[k + 1:])) for k in range(len(f.shape))), f.scale)
         for f in FIELDS}
WORD_INDEX = {w: i for i, w in enumerate(STEP_WORDS)}


def step_kind(st: tuple[Any, ...]) -> str:
    """The kind of a pending step of the engine (``state.pending``)."""
    return str(st[0])


def step_args(st: tuple[Any, ...]) -> tuple[Any, ...]:
    """The arguments of a pending step after its decider, in the order of its record's fields: the one place this
    module reads them (steps are tuples ``(kind, decider, *args)``). Trailing optional fields at their default
    (None: no limit) are left out, as the state's own record of a step holds them (``Step.saved``)."""
    end = len(st)
    while end > 2 and st[end - 1] is None:
        end -= 1
    return tuple(st[2:end])


class _Writer:
    """Writes fields of one observation into its flat vector, seats relative to the observer ``me`` of ``n``."""

    def __init__(self, out: np.ndarray, me: int, n: int) -> None:
        self.flat = out
        self.me, self.n = me, n
        self.counts: dict[int, tuple[float, float]] = {}  # flat index -> (count so far, scale)

    def rel(self, seat: int | None) -> int | None:
        """The relative index of a seat (None: nobody, or a seat past the layout)."""
        if seat is None or seat < 0 or seat >= self.n:
            return None
        r = (seat - self.me) % self.n
        return r if r < SEATS else None

    def at(self, name: str, index: tuple[int, ...]) -> tuple[int, float]:
        offset, strides, scale = _FLAT[name]
        for i, stride in zip(index, strides):
            offset += i * stride
        return offset, scale

    def set(self, name: str, value: float, *index: int) -> None:
        """The value as it is (flags, one-hot, values already scaled)."""
        self.flat[self.at(name, index)[0]] = value

    def put(self, name: str, value: float, *index: int) -> None:
        i, scale = self.at(name, index)
        self.flat[i] = value / scale

    def add(self, name: str, value: float, *index: int) -> None:
        """Counts are summed first and divided once (``finish``): float32 sums of fractions would round each step."""
        i, scale = self.at(name, index)
        self.counts[i] = (self.counts.get(i, (0.0, scale))[0] + value, scale)

    def finish(self) -> None:
        for i, (count, scale) in self.counts.items():
            self.flat[i] = count / scale
        self.counts.clear()

    def seat_hot(self, name: str, seat: int | None, row: int | None = None) -> None:
        r = self.rel(seat)
        if r is not None:
            self.set(name, 1.0, *((r,) if row is None else (row, r)))


def _card_counts(w: _Writer, name: str, keys: Any, *row: int) -> None:
    for k in keys:
        i = CARD_INDEX.get(k)
        if i is not None:
            w.add(name, 1, *row, i)


# -- the reference: from the view ------------------------------------------------------------------------------
def beyond_view(game: Game, seat: int) -> dict[str, Any]:
    """What the seat may see that ``game.view(seat)`` does not carry: the waiting step's arguments (with their
    fields' names), the seat's own discard pile, and the cards each seat holds beyond its setup (every card is taken
    face up from the display, so those are public, though which of them are in a hand is not)."""
    s = game.state
    args: list[tuple[str, Any]] = []
    if s.pending and not s.over:
        st = s.pending[-1]
        step = s.rules.steps[step_kind(st)]
        names = (step.fields + step.optional)[1:]
        args = list(zip(names, step_args(st)))
    start = _setup_holdings(game)
    bought = []
    for i, p in enumerate(s.players):
        left = list(start[i])
        extra = []
        for k in p.hand + p.pile:
            if k in left:
                left.remove(k)
            else:
                extra.append(k)
        bought.append(extra)
    return {"step_args": args, "pile": list(s.players[seat].pile), "bought": bought}


def _setup_holdings(game: Game) -> list[list[str]]:
    """Each seat's cards (hand and pile) at the first decision of the game: replayed from its options and seed."""
    from sestertius.rules.game import Game as _Game

    first = _Game(game.options, game.seed, auto_chance=False)  # no chance drawn: cards are bought only in turns
    return [p.hand + p.pile for p in first.state.players]


def observe_view(view: dict[str, Any], seat: int, extras: dict[str, Any],
                 out: np.ndarray | None = None) -> np.ndarray:
    """The observation from ``view = game.view(seat)`` and ``extras = beyond_view(game, seat)``: the reference
    implementation (simple and slow) that :func:`observe` must equal."""
    v = np.zeros(OBSERVATION_SIZE, np.float32) if out is None else out
    if out is not None:
        v.fill(0.0)
    players = view["players"]
    w = _Writer(v, seat, len(players))
    _options(w, view, seat)
    _game(w, view, extras)
    _display(w, view)
    _players(w, view, players, seat, extras)
    _board(w, view)
    _parts(w, view)
    w.finish()
    np.clip(v, 0.0, HIGH, out=v)
    return v


def _options(w: _Writer, view: dict[str, Any], me: int) -> None:
    o = view["options"]
    if o.get("board") in BOARDS:
        w.set("options/board", 1, BOARDS.index(o["board"]))
    w.set("options/mode", 1, MODES.index(o.get("mode", "base")))
    w.put("options/players", o.get("players", 4))
    w.put("options/venus", bool(o.get("venus")))
    w.put("options/wine_display", o.get("display") == "wine")
    w.put("options/intermediate_scoring", bool(o.get("intermediate_scoring")))
    if o.get("fish_market") in FISH_SIDES:
        w.set("options/fish_market", 1, FISH_SIDES.index(o["fish_market"]))
    if "contrarius" in view.get("extra", {}):
        diff = str(o.get("difficulty", "standard")).replace("-", "_")
        if diff in DIFFICULTIES:
            w.set("options/difficulty", 1, DIFFICULTIES.index(diff))
    if 0 <= me < SEATS:
        w.set("options/my_seat", 1, me)


def _game(w: _Writer, view: dict[str, Any], extras: dict[str, Any]) -> None:
    w.put("game/turn", view["turn"])
    w.put("game/over", bool(view["over"]))
    w.seat_hot("game/current", view["current"])
    to_act = view["to_act"]
    if to_act is not None and to_act < 0:
        w.put("game/chance", 1)
    else:
        w.seat_hot("game/to_act", to_act)
    step = view.get("step")
    if step and step[0] in STEP_KINDS:
        w.set("game/step", 1, STEP_KINDS.index(step[0]))
    w.seat_hot("game/praefectus_magnus", view["pm"])
    w.seat_hot("game/concordia", view["concordia"])
    if view["final_turns"] >= 0:
        w.set("game/final_turns", 1, 0)
        w.put("game/final_turns", view["final_turns"], 1)
    w.put("game/deck_size", view["deck_size"])
    if view["deck_top"] in NUMERALS:
        w.set("game/deck_top", 1, NUMERALS.index(view["deck_top"]))
    if view["movement_points"] is not None:
        w.put("game/movement_points", view["movement_points"])
    for k, (name, value) in enumerate(extras["step_args"][:STEP_ARGS]):
        w.set("step/arg_present", 1, k)
        if isinstance(value, str):
            if value in WORD_INDEX:
                w.set("step/arg_word", 1, k, WORD_INDEX[value])
        elif name == "seat":
            r = w.rel(value)
            if r is not None:
                w.put("step/arg_number", r + 1, k)
        else:
            w.put("step/arg_number", int(value) + 1, k)


def _display(w: _Writer, view: dict[str, Any]) -> None:
    for pos, entry in enumerate(view["display"][:DISPLAY]):
        i = CARD_INDEX.get(entry["card"]) if entry["card"] is not None else None
        if i is not None:
            w.set("display/card", 1, pos, i)
        for g in entry["extra"]:
            w.add("display/extra", 1, pos, GOOD_INDEX.get(g, 5))


def _players(w: _Writer, view: dict[str, Any], players: list[dict[str, Any]], me: int,
             extras: dict[str, Any]) -> None:
    contrarius = view.get("extra", {}).get("contrarius")
    my_partner = players[me]["partner"] if me < len(players) else None
    for p in players:
        r = w.rel(p["seat"])
        if r is None:
            continue
        w.set("players/present", 1, r)
        if contrarius is not None and contrarius.get("seat") == p["seat"]:
            w.set("players/contrarius", 1, r)
        if p["seat"] == me or p["seat"] == my_partner:
            w.set("players/my_team", 1, r)
        w.put("players/money", p["money"], r)
        for g, n in p["goods"].items():
            if g in GOOD_INDEX:
                w.put("players/goods", n, r, GOOD_INDEX[g])
        w.put("players/storehouse", p["storehouse"]["used"], r, 0)
        w.put("players/storehouse", p["storehouse"]["size"], r, 1)
        w.put("players/houses", len(p["houses"]), r)
        w.put("players/houses_left", p["houses_left"], r)
        w.put("players/hand_size", p["hand_size"], r)
        w.put("players/pile_size", p["pile_size"], r)
        if p["pile_top"] in CARD_INDEX:
            w.set("players/pile_top", 1, r, CARD_INDEX[p["pile_top"]])
        w.put("players/vp", p["vp"], r)
        for col in p["colonists"]:
            at = col["at"]
            if at == "store":
                w.add("players/colonists", 1, r, 0 if col["kind"] == "land" else 1)
            elif isinstance(at, dict) and "route" in at:
                w.add("players/colonists", 1, r, 2)
            elif isinstance(at, dict) and "city" in at:
                w.add("players/colonists", 1, r, 3)
                if at["city"] < CITIES:
                    w.add("cities/colonists", 1, at["city"], r)
            else:
                w.add("players/colonists", 1, r, 4)
        if p["seat"] == me and p["hand"] is not None:
            _card_counts(w, "hand", p["hand"])
        _card_counts(w, "players/bought", extras["bought"][p["seat"]], r)
    _card_counts(w, "pile", extras["pile"])


def _board(w: _Writer, view: dict[str, Any]) -> None:
    for c in view["cities"]:
        i = c["id"]
        if i >= CITIES:
            continue
        w.set("cities/present", 1, i)
        g = GOOD_INDEX.get(c["good"])
        if g is not None:
            w.set("cities/good", 1, i, g)
        if 0 <= c["province"] < PROVINCES:
            w.set("cities/province", 1, i, c["province"])
        if c["capital"]:
            w.set("cities/capital", 1, i)
        if c["can_build"]:
            w.set("cities/can_build", 1, i)
        for seat in c["houses"]:
            w.seat_hot("cities/houses", seat, i)
    for rt in view["routes"]:
        i = rt["id"]
        if i >= ROUTES:
            continue
        w.set("routes/present", 1, i)
        if rt["kind"] == "sea":
            w.set("routes/sea", 1, i)
        w.put("routes/ends", rt["a"], i, 0)
        w.put("routes/ends", rt["b"], i, 1)
        if rt["no_stop"]:
            w.set("routes/no_stop", 1, i)
        w.seat_hot("routes/colonist", rt["colonist"], i)
    for p in view["provinces"]:
        i = p["id"]
        if i >= PROVINCES:
            continue
        w.set("provinces/present", 1, i)
        g = GOOD_INDEX.get(p["good"])
        if g is not None:
            w.set("provinces/good", 1, i, g)
        w.set("provinces/good_side", bool(p["good_side"]), i)
        w.put("provinces/coins", p["coins"], i)
        w.set("provinces/can_produce", bool(p["can_produce"]), i)
        w.set("provinces/production_bonus", bool(p["production_bonus"]), i)


def _parts(w: _Writer, view: dict[str, Any]) -> None:
    volcano = view.get("volcano")
    if volcano:
        for col in volcano["columns"]:
            i = col["province"]
            if 0 <= i < PROVINCES:
                w.put("volcano/tiles", col["tiles"], i)
                w.put("volcano/tiles_in_pile", col["tiles_in_pile"], i)
                for k, ban in enumerate(("no_bonus", "no_building", "no_production")):
                    w.put("volcano/bans", bool(col[ban]), i, k)
        w.put("volcano/pile", volcano["pile"])
        w.put("volcano/neutral_in_pile", volcano["neutral_in_pile"])
        last = volcano.get("last")
        if last is not None:
            w.set("volcano/last", 1, TILES.index(last) if last in TILES else len(TILES))
    for boat in view.get("start_boats", [])[:BOATS]:
        for seat in boat["colonists"]:
            r = w.rel(seat)
            if r is not None:
                w.add("boats/colonists", 1, boat["id"], r)
    roma = view.get("roma")
    if roma:
        for seat in roma["start"]["colonists"]:
            r = w.rel(seat["seat"] if isinstance(seat, dict) else seat)
            if r is not None:
                w.add("roma/start", 1, r)
        for space in roma["track"]:
            for col in space["colonists"]:
                r = w.rel(col["seat"])
                if r is not None and space["space"] < TRACK:
                    w.add("roma/track", 1, space["space"], r)
        for k, god in enumerate(roma["gods"][:8]):
            for seat in god["marked_by"]:
                w.seat_hot("roma/gods", seat, k)
        for seat, n in enumerate(roma["houses_on_gods"]):
            r = w.rel(seat)
            if r is not None:
                w.put("roma/houses_on_gods", n, r)
    fish = view.get("fish_market")
    if fish:
        for spot in fish["spots"][:SPOTS]:
            w.put("fish/spot_coins", spot["coins"], spot["spot"])
            for seat in spot["markers"]:
                w.seat_hot("fish/spot_markers", seat, spot["spot"])
        for i, n in enumerate(fish["province_fish"][:PROVINCES]):
            w.put("fish/province_fish", n, i)
        for seat, n in enumerate(fish["fish"]):
            r = w.rel(seat)
            if r is not None:
                w.put("fish/stored", n, r)
        w.seat_hot("fish/praefectus_piscatus", fish["praefectus_piscatus"])
    con = view.get("extra", {}).get("contrarius")
    if con:
        _card_counts(w, "contrarius/face_up", con["face_up"])
        _card_counts(w, "contrarius/face_down", con["face_down"])
        w.put("contrarius/houses", con["houses_built"], 0)
        w.put("contrarius/houses", con["houses_in_supply"], 1)
        for k, space in enumerate(con["track"][:5]):
            w.put("contrarius/track", space, k)
        w.put("contrarius/colonists_on_board", con["colonists_on_board"])
        w.put("contrarius/fish", con.get("fish", 0))
        for seat, n in enumerate(con.get("veto") or []):
            r = w.rel(seat)
            if r is not None:
                w.put("contrarius/veto", n, r)
    inter = view.get("intermediate")
    if inter:
        for seat, sc in enumerate(inter["scores"]):
            r = w.rel(seat)
            if r is not None:
                w.put("scores/intermediate", sc["total"], r)
    for seat, sc in enumerate(view.get("scores") or []):
        r = w.rel(seat)
        if r is not None:
            w.put("scores/final", sc["total"], r)


# -- the fast encoding: from the state ----------------------------------------------------------------------------
class _Static:
    """What never changes in one game, encoded once: the options, the map, the tokens, the display's extra costs and
    the seats' cards at setup; per observer, the vector of all that with its seats made relative."""

    def __init__(self, game: Game) -> None:
        s = game.state
        self.anchor = s.city_good  # shared by every copy of the game, made anew for every new game
        br = s.rules.board
        base = type(br)
        self.dynamic_build = base.can_build is not BoardRules.can_build
        self.dynamic_coins = base.marker_coins is not BoardRules.marker_coins
        self.dynamic_produce = base.can_produce is not BoardRules.can_produce
        self.dynamic_bonus = base.production_bonus is not BoardRules.production_bonus
        self.own_houses = base.other_houses is not BoardRules.other_houses
        self.board_public = base.public is not BoardRules.public
        self.mode_public = type(s.rules.mode).public is not Ruleset.public
        self.variants_public = [v for v in s.rules.variants if type(v).public is not Variant.public]
        self.setup = [_hand_counts(h) for h in _setup_holdings(game)]
        self.setup_size = [sum(h.values()) for h in self.setup]
        # per seat: the last player state seen (kept, so that its id is not reused), its card count and its bought
        # cards' (index, value) writes: they change only when that count does
        self.bought: list[tuple[Any, int, tuple[tuple[int, float], ...]] | None] = [None] * s.n
        # what a part of the state shows (the game's counters, the display, the markers, a seat, the observer's
        # cards) -> its block of writes; a tuple of blocks -> them joined
        self.steps: dict[tuple[Any, int], list[tuple[int, float]]] = {}  # (waiting step, observer) -> its writes
        self.rels: dict[int, list[int]] = {}
        self.storage = bool(s.rules.storage)  # variants with pieces in the storehouse (fish)
        self.dynamic_board = self.dynamic_build or self.dynamic_coins or self.dynamic_produce or self.dynamic_bonus
        self.has_parts = self.board_public or bool(self.variants_public) or self.mode_public
        self.n = s.n
        self.R = s.R
        self.cities = len(s.board.cities)
        self.land = s.cat.land_colonists
        self.capital = s.board.capital
        self.options = game.options.to_dict()
        self.extra = s.rules.mode.public(s) if self.mode_public else {}
        self.by_seat: dict[int, np.ndarray] = {}

    def rel(self, me: int) -> list[int]:
        """Each seat's relative seat for observer ``me`` (-1: past the layout)."""
        out = self.rels.get(me)
        if out is None:
            out = self.rels[me] = [(seat - me) % self.n if (seat - me) % self.n < SEATS else -1
                                   for seat in range(self.n)]
        return out

    def vector(self, game: Game, me: int) -> np.ndarray:
        v = self.by_seat.get(me)
        if v is None:
            v = self.by_seat[me] = self._make(game, me)
        return v

    def _make(self, game: Game, me: int) -> np.ndarray:
        s = game.state
        br = s.rules.board
        rs = s.rules.mode
        v = np.zeros(OBSERVATION_SIZE, np.float32)
        w = _Writer(v, me, s.n)
        _options(w, {"options": self.options, "extra": self.extra}, me)
        for pos, costs in enumerate(s.display_costs[:min(DISPLAY, len(s.display))]):
            for g in costs:
                w.add("display/extra", 1, pos, 5 if g == ANY else g)
        contrarius = self.extra.get("contrarius", {}).get("seat")
        partner = rs.partner(s, me)
        for seat in range(s.n):
            r = w.rel(seat)
            if r is None:
                continue
            w.set("players/present", 1, r)
            if seat == contrarius:
                w.set("players/contrarius", 1, r)
            if seat == me or seat == partner:
                w.set("players/my_team", 1, r)
            w.put("players/storehouse", s.cat.storehouse, r, 1)
        b = s.board
        for c in range(min(len(b.cities), CITIES)):
            w.set("cities/present", 1, c)
            if s.city_good[c] != NO_GOOD:
                w.set("cities/good", 1, c, s.city_good[c])
            if 0 <= b.province_of[c] < PROVINCES:
                w.set("cities/province", 1, c, b.province_of[c])
            if c == b.capital:
                w.set("cities/capital", 1, c)
            elif not self.dynamic_build and br.can_build(s, c):
                w.set("cities/can_build", 1, c)
        for rt in b.routes:
            if rt.id >= ROUTES:
                continue
            w.set("routes/present", 1, rt.id)
            w.set("routes/sea", rt.kind == 1, rt.id)
            w.put("routes/ends", rt.a, rt.id, 0)
            w.put("routes/ends", rt.b, rt.id, 1)
            w.set("routes/no_stop", bool(rt.no_stop), rt.id)
        for i in range(min(len(b.provinces), PROVINCES)):
            w.set("provinces/present", 1, i)
            w.set("provinces/good", 1, i, s.marker_good[i])
            if not self.dynamic_coins:
                w.put("provinces/coins", br.marker_coins(s, i), i)
            if not self.dynamic_produce:
                w.set("provinces/can_produce", bool(br.can_produce(s, i)), i)
            if not self.dynamic_bonus:
                w.set("provinces/production_bonus", bool(br.production_bonus(s, i)), i)
        w.finish()
        np.clip(v, 0.0, HIGH, out=v)
        return v


def _hand_counts(keys: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for k in keys:
        out[k] = out.get(k, 0) + 1
    return out


def _bought(cards: list[str], held: dict[str, int]) -> tuple[tuple[int, float], ...]:
    out = []
    for k, c in _hand_counts(cards).items():
        c -= held.get(k, 0)
        i = CARD_INDEX.get(k)
        if c > 0 and i is not None:
            out.append((i, c / 3))
    return tuple(out)


_BLOCKS_MAX = 4096  # waiting steps' writes kept per game (forgotten all at once past that)


_STATIC: dict[int, _Static] = {}  # by id() of the game's city tokens (kept alive by the entry: no id is reused)
_STATIC_MAX = 64  # games remembered; the oldest is forgotten first


def _static(game: Game) -> _Static:
    anchor = game.state.city_good
    st = _STATIC.get(id(anchor))
    if st is None or st.anchor is not anchor:
        if len(_STATIC) >= _STATIC_MAX:
            del _STATIC[next(iter(_STATIC))]
        st = _STATIC[id(anchor)] = _Static(game)
    return st


# flat offsets of the fields the fast encoding writes
_O = OFFSET
_TURN, _OVER, _CURRENT, _TO_ACT, _CHANCE = (_O["game/turn"], _O["game/over"], _O["game/current"], _O["game/to_act"],
                                            _O["game/chance"])
_STEP, _PM, _CONCORDIA, _FINAL, _DECK, _DECK_TOP = (_O["game/step"], _O["game/praefectus_magnus"], _O["game/concordia"],
                                                    _O["game/final_turns"], _O["game/deck_size"], _O["game/deck_top"])
_DISPLAY_CARD, _MONEY, _GOODS, _STORE, _HOUSES, _HOUSES_LEFT = (
    _O["display/card"], _O["players/money"], _O["players/goods"], _O["players/storehouse"], _O["players/houses"],
    _O["players/houses_left"])
_HAND_SIZE, _PILE_SIZE, _PILE_TOP, _VP, _COLONISTS, _HAND = (
    _O["players/hand_size"], _O["players/pile_size"], _O["players/pile_top"], _O["players/vp"],
    _O["players/colonists"], _O["hand"])
_CITY_BUILD, _CITY_HOUSES, _CITY_COLONISTS, _ROUTE_COLONIST = (
    _O["cities/can_build"], _O["cities/houses"], _O["cities/colonists"], _O["routes/colonist"])
_GOOD_SIDE, _COINS, _PRODUCE, _BONUS = (_O["provinces/good_side"], _O["provinces/coins"], _O["provinces/can_produce"],
                                        _O["provinces/production_bonus"])
_POINTS, _ARG_PRESENT, _ARG_NUMBER, _ARG_WORD, _PILE, _BOUGHT = (
    _O["game/movement_points"], _O["step/arg_present"], _O["step/arg_number"], _O["step/arg_word"], _O["pile"],
    _O["players/bought"])
_STEP_INDEX = {k: i for i, k in enumerate(STEP_KINDS)}
_NUMERAL_INDEX = {k: i for i, k in enumerate(NUMERALS)}
_SEAT_ARGS: dict[tuple[str, int], bool] = {}  # (step kind, argument index) -> the argument is a seat


def _step_writes(s: GameState, st: tuple[Any, ...], rel: list[int]) -> list[tuple[int, float]]:
    """The writes of the waiting step for one observer (``rel``: each seat's relative seat, -1 past the layout)."""
    n = len(rel)
    out: list[tuple[int, float]] = []
    to_act = st[1]
    if to_act < 0:
        out.append((_CHANCE, 1))
    elif to_act < n and rel[to_act] >= 0:
        out.append((_TO_ACT + rel[to_act], 1))
    kind = step_kind(st)
    i = _STEP_INDEX.get(kind)
    if i is not None:
        out.append((_STEP + i, 1))
    args = step_args(st)
    if kind == "arch_move":
        out.append((_POINTS, args[0] / 10))
    for k, value in enumerate(args[:STEP_ARGS]):
        out.append((_ARG_PRESENT + k, 1))
        if type(value) is str:
            i = WORD_INDEX.get(value)
            if i is not None:
                out.append((_ARG_WORD + WORD_SLOTS * k + i, 1))
        elif _is_seat_arg(s, kind, k):
            if 0 <= value < n and rel[value] >= 0:
                out.append((_ARG_NUMBER + k, (rel[value] + 1) / 10))
        else:
            out.append((_ARG_NUMBER + k, max(0, int(value) + 1) / 10))
    return out


def _is_seat_arg(s: GameState, kind: str, k: int) -> bool:
    key = (kind, k)
    out = _SEAT_ARGS.get(key)
    if out is None:
        step = s.rules.steps[kind]
        names = (step.fields + step.optional)[1:]
        out = _SEAT_ARGS[key] = k < len(names) and names[k] == "seat"
    return out


def observe(game: Game, seat: int, out: np.ndarray | None = None) -> np.ndarray:
    """The observation vector of ``seat`` in ``game``: what ``game.view(seat)`` shows and what the seat may see
    beyond it (:func:`beyond_view`), built from the state directly. ``out``: an array of OBSERVATION_SIZE float32 to
    fill instead of a new one.

    What never changes in a game is encoded once per game and observer (``_Static``); the waiting step's writes and
    each seat's bought cards are kept while they stay the same; the rest is written value by value."""
    if not hasattr(game, "state"):
        raise TypeError("observe() takes the game and the seat (since observation version 2); observe_view() "
                        "encodes a view")
    s = game.state
    static = _static(game)
    me = seat
    n = s.n
    if not 0 <= me < n:
        raise ValueError(f"observe() needs a seat of the game (0..{n - 1}), not {seat}")
    if out is None:
        v = static.vector(game, me).copy()
    else:
        v = out
        np.copyto(v, static.vector(game, me))
    m: Any = v.data  # item writes through a memoryview cost half of numpy's
    rel = static.rel(me)

    # the game
    m[_TURN] = s.turn / 100
    over = s.over
    if over:
        m[_OVER] = 1.0
    if rel[s.current] >= 0:
        m[_CURRENT + rel[s.current]] = 1.0
    if s.pending and not over:
        st = s.pending[-1]
        writes = static.steps.get((st, me))
        if writes is None:
            if len(static.steps) >= _BLOCKS_MAX:
                static.steps.clear()
            writes = static.steps[(st, me)] = _step_writes(s, st, rel)
        for i, x in writes:
            m[i] = x
    if 0 <= s.pm < n and rel[s.pm] >= 0:
        m[_PM + rel[s.pm]] = 1.0
    if 0 <= s.concordia < n and rel[s.concordia] >= 0:
        m[_CONCORDIA + rel[s.concordia]] = 1.0
    if s.final_turns >= 0:
        m[_FINAL] = 1.0
        m[_FINAL + 1] = s.final_turns / 6
    m[_DECK] = len(s.deck) / 20
    if s.deck_labels and s.deck_labels[-1] in _NUMERAL_INDEX:
        m[_DECK_TOP + _NUMERAL_INDEX[s.deck_labels[-1]]] = 1.0
    pos = _DISPLAY_CARD
    for key in s.display[:DISPLAY]:
        if key is not None and key in CARD_INDEX:
            m[pos + CARD_INDEX[key]] = 1.0
        pos += CARD_SLOTS

    # the seats
    br = s.rules.board
    houses_total = s.cat.houses
    R = static.R
    RC = R + static.cities
    land = static.land
    storage = static.storage
    own_houses = static.own_houses
    for seat_, p in enumerate(s.players):
        r = rel[seat_]
        if r < 0:
            continue
        m[_MONEY + r] = p.money / 50
        g = p.goods
        o = _GOODS + 5 * r
        m[o], m[o + 1], m[o + 2], m[o + 3], m[o + 4] = g[0] / 10, g[1] / 10, g[2] / 10, g[3] / 10, g[4] / 10
        col = p.col
        m[_STORE + 2 * r] = (s.storehouse_used(seat_) if storage else sum(g) + col.count(-1)) / 12
        houses = p.houses
        m[_HOUSES + r] = len(houses) / 15
        for c in houses:
            if c < CITIES:
                m[_CITY_HOUSES + SEATS * c + r] = 1.0
        left = houses_total - len(houses) - (br.other_houses(s, seat_) if own_houses else 0)
        if left > 0:
            m[_HOUSES_LEFT + r] = left / 15
        m[_HAND_SIZE + r] = len(p.hand) / 10
        pile = p.pile
        if pile:
            m[_PILE_SIZE + r] = len(pile) / 10
            if pile[-1] in CARD_INDEX:
                m[_PILE_TOP + CARD_SLOTS * r + CARD_INDEX[pile[-1]]] = 1.0
        if p.vp > 0:
            m[_VP + r] = p.vp / 100
        store_land = store_sea = routes = cities = elsewhere = 0
        in_city: dict[int, int] = {}
        for slot, loc in enumerate(col):
            if loc < 0:
                if slot < land:
                    store_land += 1
                else:
                    store_sea += 1
            elif loc < R:
                routes += 1
                if loc < ROUTES:  # one colonist per route: the route's occupant is this seat
                    m[_ROUTE_COLONIST + SEATS * loc + r] = 1.0
            elif loc < RC:
                cities += 1
                in_city[loc] = in_city.get(loc, 0) + 1
            else:
                elsewhere += 1
        o = _COLONISTS + 5 * r
        m[o], m[o + 1], m[o + 2], m[o + 3], m[o + 4] = (store_land / 6, store_sea / 6, routes / 6, cities / 6,
                                                        elsewhere / 6)
        for loc, count in in_city.items():
            if loc - R < CITIES:
                m[_CITY_COLONISTS + SEATS * (loc - R) + r] = count / 3
        total = len(p.hand) + len(pile)
        if total > static.setup_size[seat_]:  # a seat never loses a card: one more than at setup is one bought
            known = static.bought[seat_]
            if known is None or known[0] is not p or known[1] != total:
                known = static.bought[seat_] = (p, total, _bought(p.hand + pile, static.setup[seat_]))
            o = _BOUGHT + CARD_SLOTS * r
            for i, x in known[2]:
                m[o + i] = x
    mine = s.players[me]
    for k, c in _hand_counts(mine.hand).items():
        if k in CARD_INDEX:
            m[_HAND + CARD_INDEX[k]] = c / 3
    for k, c in _hand_counts(mine.pile).items():
        if k in CARD_INDEX:
            m[_PILE + CARD_INDEX[k]] = c / 3

    # the board
    for i, up in enumerate(s.marker_up[:PROVINCES]):
        if up:
            m[_GOOD_SIDE + i] = 1.0
    if static.dynamic_board:
        _board_now(s, static, m)

    # the parts of boards, variants and modes, and the scores: from what the view shows of them
    if static.has_parts or s.intermediate or over:
        parts: dict[str, Any] = {}
        if static.board_public:
            parts.update(br.public(s))
        for variant in static.variants_public:
            parts.update(variant.public(s))
        if static.mode_public:
            parts["extra"] = s.rules.mode.public(s)
        if s.intermediate:
            parts["intermediate"] = s.intermediate
        if over:
            parts["scores"] = game.scores()
        w = _Writer(v, me, n)
        _parts(w, parts)
        w.finish()
        np.clip(v, 0.0, HIGH, out=v)
    return v


def _board_now(s: GameState, static: _Static, m: Any) -> None:
    br = s.rules.board
    if static.dynamic_build:
        capital = static.capital
        for c in range(min(static.cities, CITIES)):
            if c != capital and br.can_build(s, c):
                m[_CITY_BUILD + c] = 1
    for i in range(min(len(s.marker_up), PROVINCES)):
        if static.dynamic_coins:
            m[_COINS + i] = min(max(br.marker_coins(s, i), 0) / 2, HIGH)
        if static.dynamic_produce:
            m[_PRODUCE + i] = bool(br.can_produce(s, i))
        if static.dynamic_bonus:
            m[_BONUS + i] = bool(br.production_bonus(s, i))


def field_table() -> str:
    """The layout as a Markdown table (docs/RESEARCH.md holds it)."""
    rows = ["| offset | field | shape | scale | meaning |", "|---|---|---|---|---|"]
    for f in FIELDS:
        shape = " x ".join(map(str, f.shape))
        scale = f"{f.scale:g}"
        rows.append(f"| {f.offset} | `{f.name}` | {shape} | {scale} | {f.meaning} |")
    return "\n".join(rows)

if __name__ == "__main__":  # pragma: no cover
    print(f"observation encoding version {OBSERVATION_VERSION}: {OBSERVATION_SIZE} float32\n")
    print(field_table())
