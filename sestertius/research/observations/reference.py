"""The reference encoding (simple and slow): the observation from ``game.view(seat)`` and ``beyond_view(game, seat)``,
so that it holds nothing the seat may not see; :func:`~sestertius.research.observations.observe` must equal it. Its
``Writer`` and the writers of the options and of the boards', variants' and modes' parts serve the fast encoding too."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from sestertius.research.actions import TILES
from sestertius.research.observations.layout import (
    BOARDS,
    BOATS,
    CARD_INDEX,
    CITIES,
    DIFFICULTIES,
    DISPLAY,
    FISH_SIDES,
    FLAT,
    GOOD_INDEX,
    HIGH,
    MODES,
    NUMERALS,
    OBSERVATION_SIZE,
    PROVINCES,
    ROUTES,
    SEATS,
    SPOTS,
    STEP_ARGS,
    STEP_KINDS,
    TRACK,
    WORD_INDEX,
    step_args,
    step_kind,
)

if TYPE_CHECKING:  # pragma: no cover
    from sestertius import Game


class Writer:
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
        offset, strides, scale = FLAT[name]
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


def card_counts(w: Writer, name: str, keys: Any, *row: int) -> None:
    for k in keys:
        i = CARD_INDEX.get(k)
        if i is not None:
            w.add(name, 1, *row, i)


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
        args = list(zip(names, step_args(s, st)))
    start = setup_holdings(game)
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


def setup_holdings(game: Game) -> list[list[str]]:
    """Each seat's cards (hand and pile) at the first decision of the game: replayed from its options and seed."""
    from sestertius import Game

    first = Game(game.options, game.seed, auto_chance=False)  # no chance drawn: cards are bought only in turns
    return [p.hand + p.pile for p in first.state.players]


def observe_view(view: dict[str, Any], seat: int, extras: dict[str, Any],
                 out: np.ndarray | None = None) -> np.ndarray:
    """The observation from ``view = game.view(seat)`` and ``extras = beyond_view(game, seat)``: the reference
    implementation (simple and slow) that :func:`observe` must equal."""
    v = np.zeros(OBSERVATION_SIZE, np.float32) if out is None else out
    if out is not None:
        v.fill(0.0)
    players = view["players"]
    w = Writer(v, seat, len(players))
    write_options(w, view, seat)
    _game(w, view, extras)
    _display(w, view)
    _players(w, view, players, seat, extras)
    _board(w, view)
    write_parts(w, view)
    w.finish()
    np.clip(v, 0.0, HIGH, out=v)
    return v


def write_options(w: Writer, view: dict[str, Any], me: int) -> None:
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


def _game(w: Writer, view: dict[str, Any], extras: dict[str, Any]) -> None:
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


def _display(w: Writer, view: dict[str, Any]) -> None:
    for pos, entry in enumerate(view["display"][:DISPLAY]):
        i = CARD_INDEX.get(entry["card"]) if entry["card"] is not None else None
        if i is not None:
            w.set("display/card", 1, pos, i)
        for g in entry["extra"]:
            w.add("display/extra", 1, pos, GOOD_INDEX.get(g, 5))


def _players(w: Writer, view: dict[str, Any], players: list[dict[str, Any]], me: int,
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
            card_counts(w, "hand", p["hand"])
        card_counts(w, "players/bought", extras["bought"][p["seat"]], r)
    card_counts(w, "pile", extras["pile"])


def _board(w: Writer, view: dict[str, Any]) -> None:
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


def write_parts(w: Writer, view: dict[str, Any]) -> None:
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
        card_counts(w, "contrarius/face_up", con["face_up"])
        card_counts(w, "contrarius/face_down", con["face_down"])
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

