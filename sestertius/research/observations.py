"""The observation encoding: one seat's view of a game as a fixed-size vector of float32 (and, over the same memory,
a dict of named arrays), built from ``game.view(seat)`` only, so that it holds nothing the seat may not see.

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
>>> vector = observe(game.view(0))             # numpy float32, shape (OBSERVATION_SIZE,)
>>> fields_of(vector)["players/money"][:2]     # the observer's and the other seat's sestertii, divided by 50
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from sestertius.research.actions import CARD_SLOTS, CARDS, GOODS, TILES

OBSERVATION_VERSION = 1
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
    return {f.name: vector[f.offset:f.offset + f.size].reshape(f.shape) for f in FIELDS}


class _Writer:
    def __init__(self, out: np.ndarray, me: int, n: int) -> None:
        self.flat = out
        self.v = fields_of(out)
        self.me, self.n = me, n

    def rel(self, seat: int | None) -> int | None:
        """The relative index of a seat (None: nobody, or a seat past the layout)."""
        if seat is None or seat < 0 or seat >= self.n:
            return None
        r = (seat - self.me) % self.n
        return r if r < SEATS else None

    def seat_hot(self, name: str, seat: int | None, row: int | None = None) -> None:
        r = self.rel(seat)
        if r is not None:
            arr = self.v[name] if row is None else self.v[name][row]
            arr[r] = 1.0

    def put(self, name: str, value: float, *index: int) -> None:
        f = FIELD[name]
        self.v[name][index if index else 0] = value / f.scale

    def add(self, name: str, value: float, *index: int) -> None:
        f = FIELD[name]
        self.v[name][index if index else 0] += value / f.scale


def _card_counts(w: _Writer, name: str, keys: list[str]) -> None:
    for k in keys:
        i = CARD_INDEX.get(k)
        if i is not None:
            w.add(name, 1, i)


def observe(view: dict[str, Any], seat: int | None = None, out: np.ndarray | None = None) -> np.ndarray:
    """The observation vector of ``view = game.view(seat)`` (``seat``: whose view it is; by default the one seat whose
    hand the view shows). ``out``: an array of OBSERVATION_SIZE float32 to fill instead of a new one."""
    me = _observer(view) if seat is None else seat
    v = np.zeros(OBSERVATION_SIZE, np.float32) if out is None else out
    if out is not None:
        v.fill(0.0)
    players = view["players"]
    n = len(players)
    w = _Writer(v, me, n)
    _options(w, view, me)
    _game(w, view)
    _display(w, view)
    _players(w, view, players, me)
    _board(w, view)
    _parts(w, view)
    np.clip(v, 0.0, HIGH, out=v)
    return v


def _observer(view: dict[str, Any]) -> int:
    mine = [p["seat"] for p in view["players"] if p.get("hand") is not None]
    if len(mine) != 1:
        raise ValueError("observe() needs the view of one seat: game.view(seat) with a seat, not None")
    return int(mine[0])


def _options(w: _Writer, view: dict[str, Any], me: int) -> None:
    o = view["options"]
    if o.get("board") in BOARDS:
        w.v["options/board"][BOARDS.index(o["board"])] = 1
    mode = o.get("mode", "base")
    w.v["options/mode"][MODES.index(mode)] = 1
    w.put("options/players", o.get("players", 4))
    w.put("options/venus", bool(o.get("venus")))
    w.put("options/wine_display", o.get("display") == "wine")
    w.put("options/intermediate_scoring", bool(o.get("intermediate_scoring")))
    if o.get("fish_market") in FISH_SIDES:
        w.v["options/fish_market"][FISH_SIDES.index(o["fish_market"])] = 1
    if "contrarius" in view.get("extra", {}):
        diff = str(o.get("difficulty", "standard")).replace("-", "_")
        if diff in DIFFICULTIES:
            w.v["options/difficulty"][DIFFICULTIES.index(diff)] = 1
    if 0 <= me < SEATS:
        w.v["options/my_seat"][me] = 1


def _game(w: _Writer, view: dict[str, Any]) -> None:
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
        w.v["game/step"][STEP_KINDS.index(step[0])] = 1
    w.seat_hot("game/praefectus_magnus", view["pm"])
    w.seat_hot("game/concordia", view["concordia"])
    if view["final_turns"] >= 0:
        w.v["game/final_turns"][0] = 1
        w.put("game/final_turns", view["final_turns"], 1)
    w.put("game/deck_size", view["deck_size"])
    if view["deck_top"] in NUMERALS:
        w.v["game/deck_top"][NUMERALS.index(view["deck_top"])] = 1


def _display(w: _Writer, view: dict[str, Any]) -> None:
    for pos, entry in enumerate(view["display"][:DISPLAY]):
        i = CARD_INDEX.get(entry["card"]) if entry["card"] is not None else None
        if i is not None:
            w.v["display/card"][pos, i] = 1
        for g in entry["extra"]:
            w.v["display/extra"][pos, GOOD_INDEX.get(g, 5)] += 1


def _players(w: _Writer, view: dict[str, Any], players: list[dict[str, Any]], me: int) -> None:
    contrarius = view.get("extra", {}).get("contrarius")
    my_partner = players[me]["partner"] if me < len(players) else None
    for p in players:
        r = w.rel(p["seat"])
        if r is None:
            continue
        w.v["players/present"][r] = 1
        if contrarius is not None and contrarius.get("seat") == p["seat"]:
            w.v["players/contrarius"][r] = 1
        if p["seat"] == me or p["seat"] == my_partner:
            w.v["players/my_team"][r] = 1
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
            w.v["players/pile_top"][r, CARD_INDEX[p["pile_top"]]] = 1
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


def _board(w: _Writer, view: dict[str, Any]) -> None:
    """The cities, routes and provinces: written straight into the flat vector (the hot loop of ``observe``)."""
    v = w.flat
    o = OFFSET
    for c in view["cities"]:
        i = c["id"]
        if i >= CITIES:
            continue
        v[o["cities/present"] + i] = 1
        g = GOOD_INDEX.get(c["good"])
        if g is not None:
            v[o["cities/good"] + 5 * i + g] = 1
        if 0 <= c["province"] < PROVINCES:
            v[o["cities/province"] + PROVINCES * i + c["province"]] = 1
        if c["capital"]:
            v[o["cities/capital"] + i] = 1
        if c["can_build"]:
            v[o["cities/can_build"] + i] = 1
        for seat in c["houses"]:
            r = w.rel(seat)
            if r is not None:
                v[o["cities/houses"] + SEATS * i + r] = 1
    for rt in view["routes"]:
        i = rt["id"]
        if i >= ROUTES:
            continue
        v[o["routes/present"] + i] = 1
        if rt["kind"] == "sea":
            v[o["routes/sea"] + i] = 1
        v[o["routes/ends"] + 2 * i] = rt["a"] / CITIES
        v[o["routes/ends"] + 2 * i + 1] = rt["b"] / CITIES
        if rt["no_stop"]:
            v[o["routes/no_stop"] + i] = 1
        r = w.rel(rt["colonist"])
        if r is not None:
            v[o["routes/colonist"] + SEATS * i + r] = 1
    for p in view["provinces"]:
        i = p["id"]
        if i >= PROVINCES:
            continue
        v[o["provinces/present"] + i] = 1
        g = GOOD_INDEX.get(p["good"])
        if g is not None:
            v[o["provinces/good"] + 5 * i + g] = 1
        v[o["provinces/good_side"] + i] = bool(p["good_side"])
        v[o["provinces/coins"] + i] = p["coins"] / FIELD["provinces/coins"].scale
        v[o["provinces/can_produce"] + i] = bool(p["can_produce"])
        v[o["provinces/production_bonus"] + i] = bool(p["production_bonus"])


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
        w.v["volcano/last"][TILES.index(last) if last in TILES else len(TILES)] = 1 if last is not None else 0
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
