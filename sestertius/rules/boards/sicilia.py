"""Sicilia: Syracusae is the capital; Mount Etna's volcano tiles (rulebook: roma-sicilia.txt, the Sicilia part).

The volcano display has one column per volcanic province (board data ``volcano_provinces``). Tiles lie face down in
a pile: 4 province tiles per volcanic province plus some neutral tiles by player count. Before play a few tiles are
drawn and placed (``volcano_setup`` chance steps); every Tribune then draws one between taking its cards back and
buying its colonist (a ``volcano`` chance step: the outcome is the tile drawn). The drawer takes the tile's bonus; a
province tile fills the top free row of its column: row 2 = that province loses its production bonus, row 3 = no
more building there, row 4 = no more production there at all (numbers and rows: ``data/sicilia.toml``).

State: ``state.parts["volcano"]``, a :class:`VolcanoPart`: the tiles placed per column, the province tiles left in
the pile per column, the neutral tiles in the pile, per neutral kind the tiles of the 9 not revealed since the last
reshuffle, and the last tile drawn. The kinds of the neutral tiles in the pile stay unknown until drawn:
drawing one reveals a kind with the odds of the tiles not seen yet, which is exactly the odds of drawing from a
random subset of the 9, so a person at a real table can enter whatever tile came up. Out of tiles: all 9 neutral
tiles are shuffled into a new pile.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import gcd
from typing import Any, Final

from sestertius.data.catalog import GOODS, DataError, goods_vector, overrides_path, read_data
from sestertius.data.overrides import blamed
from sestertius.rules.boards.base import BoardRules, store_goods
from sestertius.rules.state import CHANCE, NOBODY, GameState
from sestertius.rules.steps import Action, Pending, Step
from sestertius.rules.words import money_words

EFFECTS: Final = ("no_bonus", "no_building", "no_production")


class VolcanoData:
    """The numbers of ``data/sicilia.toml`` (merged with the user's overrides), validated."""

    def __init__(self, raw: dict[str, Any]) -> None:
        where = "sicilia.toml"
        try:
            self.marker_extra_coins = int(raw["marker_extra_coins"])
            self.province_tiles = int(raw["province_tiles"])
            self.province_money = int(raw["province_tile_bonus"].get("money", 0))
            self.province_goods = goods_vector(raw["province_tile_bonus"].get("goods", {}), where)
            self.neutral_kinds = tuple(raw["neutral_tiles"])
            self.neutral_count = tuple(int(raw["neutral_tiles"][k]["count"]) for k in self.neutral_kinds)
            self.neutral_money = tuple(int(raw["neutral_tiles"][k].get("money", 0)) for k in self.neutral_kinds)
            self.neutral_goods = tuple(goods_vector(raw["neutral_tiles"][k].get("goods", {}), f"{where} {k}")
                                       for k in self.neutral_kinds)
            pl = raw["players"]
            self.neutral_in_pile = {int(k): int(v) for k, v in pl["neutral_in_pile"].items()}
            self.setup_draws = {int(k): int(v) for k, v in pl["setup_draws"].items()}
            self.setup_max = int(pl["setup_max_per_province"])
            rows = {int(k): v for k, v in raw["rows"].items()}
        except (KeyError, TypeError, ValueError) as e:
            raise DataError(f"{where}: missing or bad value: {e}") from None
        for row, effect in rows.items():
            if effect not in EFFECTS or not 1 <= row <= self.province_tiles:
                raise DataError(f"{where} [rows] {row} = {effect!r}: effects are {', '.join(EFFECTS)}, rows "
                                f"1..{self.province_tiles}")
        # the row from which each effect holds (a row past the column: never)
        self.row_of = {e: min([r for r, x in rows.items() if x == e], default=self.province_tiles + 1)
                       for e in EFFECTS}
        for n, k in self.neutral_in_pile.items():
            if not 0 <= k <= sum(self.neutral_count):
                raise DataError(f"{where} [players] neutral_in_pile {n} = {k}: there are {sum(self.neutral_count)}")


@cache
def _load(override_file: str | None) -> VolcanoData:
    with blamed(override_file):
        return VolcanoData(read_data("sicilia.toml", "sicilia", override_file))


def volcano_data() -> VolcanoData:
    p = overrides_path()
    return _load(str(p) if p else None)


@dataclass(slots=True)
class VolcanoPart:
    """Sicilia's part of the state (tuples, ints and a name: hashed, cheap to copy)."""

    cols: tuple[int, ...]  # tiles placed per column
    pile: tuple[int, ...]  # province tiles left in the pile per column
    neutral: int  # neutral tiles in the pile (their kinds unknown until drawn)
    unseen: tuple[int, ...]  # per neutral kind, the tiles not revealed since the last reshuffle
    last: str | None = None  # the last tile drawn

    def copy(self) -> VolcanoPart:
        return VolcanoPart(self.cols, self.pile, self.neutral, self.unseen, self.last)

    def to_dict(self) -> dict[str, Any]:
        return {"cols": self.cols, "pile": self.pile, "neutral": self.neutral, "unseen": self.unseen,
                "last": self.last}


def vol(s: GameState) -> VolcanoPart:
    part: VolcanoPart = s.parts["volcano"]
    return part


class SiciliaRules(BoardRules):
    name = "sicilia"

    def __init__(self) -> None:
        self._columns: dict[str, tuple[int, ...]] = {}

    # -- board tables ------------------------------------------------------------------------------------------
    def columns(self, s: GameState) -> tuple[int, ...]:
        """Province ids of the volcano columns, in column order."""
        b = s.board
        cols = self._columns.get(b.name)
        if cols is None:
            names = b.extra.get("volcano_provinces")
            if not names or any(n not in b.provinces for n in names):
                raise DataError(f"{b.name}.toml: volcano_provinces must list provinces of the board, not {names!r}")
            cols = self._columns[b.name] = tuple(b.provinces.index(n) for n in names)
        return cols

    def column_of(self, s: GameState, prov: int) -> int:
        cols = self.columns(s)
        return cols.index(prov) if prov in cols else -1

    def active(self, s: GameState, prov: int, effect: str) -> bool:
        """Does the volcano effect hold in this province?"""
        i = self.column_of(s, prov)
        return i >= 0 and vol(s).cols[i] >= volcano_data().row_of[effect]

    # -- hooks -------------------------------------------------------------------------------------------------
    def setup(self, s: GameState) -> None:
        d = volcano_data()
        cols = self.columns(s)
        s.parts["volcano"] = VolcanoPart(
            cols=(0,) * len(cols), pile=(d.province_tiles,) * len(cols),
            neutral=d.neutral_in_pile[min(max(s.n, 2), max(d.neutral_in_pile))], unseen=d.neutral_count)
        draws = d.setup_draws[min(max(s.n, 2), max(d.setup_draws))]
        if draws:
            s.pending.append(("volcano_setup", CHANCE, draws))

    def after_recover(self, s: GameState, seat: int) -> None:
        v = vol(s)
        if not sum(v.pile) and not v.neutral:
            d = volcano_data()
            v.neutral, v.unseen = sum(d.neutral_count), d.neutral_count
            s.log("volcano", seat, f"the volcano tiles are used up: the {v.neutral} neutral tiles are shuffled "
                                   f"into a new pile")
        s.pending.append(("volcano", CHANCE, seat))

    def can_build(self, s: GameState, city: int) -> bool:
        return not self.active(s, s.board.province_of[city], "no_building")

    def can_produce(self, s: GameState, prov: int) -> bool:
        return not self.active(s, prov, "no_production")

    def production_bonus(self, s: GameState, prov: int) -> bool:
        return not self.active(s, prov, "no_bonus")

    def marker_coins(self, s: GameState, prov: int) -> int:
        if self.active(s, prov, "no_production"):
            return 0  # the marker has left the mini map
        return s.cat.marker_coins[s.marker_good[prov]] + volcano_data().marker_extra_coins

    def public(self, s: GameState) -> dict[str, Any]:
        v = vol(s)
        b = s.board
        columns = []
        for i, prov in enumerate(self.columns(s)):
            columns.append({"province": prov, "name": b.provinces[prov], "tiles": v.cols[i],
                            "tiles_in_pile": v.pile[i],
                            **{e: self.active(s, prov, e) for e in EFFECTS}})
        return {"volcano": {"columns": columns, "pile": sum(v.pile) + v.neutral,
                            "neutral_in_pile": v.neutral, "last": v.last,
                            "rows": dict(volcano_data().row_of)}}


RULES: Final = SiciliaRules()


# ------------------------------------------------------------------------------------------------------------
# Chance steps: drawing a tile
# ------------------------------------------------------------------------------------------------------------
def outcomes(s: GameState, setup: bool) -> list[Action]:
    """The tiles that can be drawn, one entry per equally likely case (so that sampling respects the odds); a
    person entering the tile (options.manual_dice) chooses among the distinct tiles. At setup, a province already
    holding the setup maximum is left out (its tile would be put back and another drawn)."""
    v = vol(s)
    d = volcano_data()
    b = s.board
    unseen = sum(v.unseen)
    mult = unseen if v.neutral and unseen else 1
    weighted: list[tuple[str, int]] = []
    for i, prov in enumerate(RULES.columns(s)):
        if setup and v.cols[i] >= d.setup_max:
            continue
        weighted.append((b.provinces[prov], v.pile[i] * mult))
    if v.neutral:
        weighted.extend((kind, v.neutral * n) for kind, n in zip(d.neutral_kinds, v.unseen))
    weighted = [(name, w) for name, w in weighted if w > 0]
    if s.options.manual_dice:
        return [("tile", name) for name, _ in weighted]
    g = 0
    for _, w in weighted:
        g = gcd(g, w)
    return [("tile", name) for name, w in weighted for _ in range(w // g)]


def draw(s: GameState, seat: int, name: str) -> None:
    """Take the tile ``name`` out of the pile; ``seat`` takes its bonus (at setup NOBODY does); a province
    tile is placed in its column."""
    v = vol(s)
    d = volcano_data()
    b = s.board
    v.last = name
    taker = seat if seat != NOBODY and s.rules.mode.receives_goods(s, seat) else NOBODY  # Contrarius takes nothing
    nobody = "its bonus goes to nobody: Contrarius has no money or goods"
    if name in d.neutral_kinds:
        k = d.neutral_kinds.index(name)
        v.neutral -= 1
        v.unseen = tuple(n - (j == k) for j, n in enumerate(v.unseen))
        got = _bonus(s, taker, d.neutral_money[k], d.neutral_goods[k])
        if seat == NOBODY:  # at setup nobody draws: the log says what happened (its entries all have a subject)
            s.log("volcano", seat, f"setup: a neutral volcano tile ({name}) is drawn and put aside", tile=name)
        else:
            s.log("volcano", seat, f"draws a neutral volcano tile ({name}): " + (got if taker != NOBODY else nobody),
                  tile=name)
        return
    prov = b.provinces.index(name)
    i = RULES.column_of(s, prov)
    if i < 0 or v.pile[i] <= 0:
        raise ValueError(f"no volcano tile of {name} is left in the pile")
    v.pile = tuple(n - (j == i) for j, n in enumerate(v.pile))
    v.cols = tuple(n + (j == i) for j, n in enumerate(v.cols))
    row = v.cols[i]
    got = (_bonus(s, taker, d.province_money, d.province_goods) if taker != NOBODY
           else nobody if seat != NOBODY else "")
    effect = {d.row_of["no_bonus"]: f"{name} loses its production bonus for the rest of the game",
              d.row_of["no_building"]: f"no more houses may be built in {name}",
              d.row_of["no_production"]: f"Etna erupts: {name} can no longer produce"}.get(row)
    drawn = f"draws a volcano tile of {name}" if seat != NOBODY else f"setup: a volcano tile of {name} is drawn"
    s.log("volcano", seat, drawn + (f" ({got})" if got else "")
          + f", placed in row {row}" + (f": {effect}" if effect else ""), tile=name, row=row)
    if row == d.row_of["no_production"]:
        for variant in s.rules.variants:  # the marker spot leaves the mini map: e.g. its fish go back to the supply
            variant.production_ended(s, prov)


def _bonus(s: GameState, seat: int, money: int, goods: tuple[int, ...]) -> str:
    if seat == NOBODY:
        return ""
    p = s.players[seat]
    p.money += money
    parts = [f"+{money_words(money)}"] if money else []
    for g, n in enumerate(goods):
        k = store_goods(s, seat, g, n)
        if n:
            parts.append(f"+{k} {GOODS[g]}" + (" (no space for more)" if k < n else ""))
    return ", ".join(parts)


# the fields of the steps (their records: SiciliaRules.steps below)
VOLCANO_SEAT: Final = 2  # ("volcano", CHANCE, seat): the seat that takes the drawn tile's bonus
VOLCANO_SETUP_DRAWS: Final = 2  # ("volcano_setup", CHANCE, draws): the tiles still to draw at setup


def legal_volcano(s: GameState, st: Pending) -> list[Action]:
    return outcomes(s, setup=False)


def apply_volcano(s: GameState, st: Pending, a: Action) -> None:
    s.pending.pop()
    draw(s, st[VOLCANO_SEAT], a[1])


def legal_volcano_setup(s: GameState, st: Pending) -> list[Action]:
    return outcomes(s, setup=True)


def apply_volcano_setup(s: GameState, st: Pending, a: Action) -> None:
    left = st[VOLCANO_SETUP_DRAWS]
    if left > 1:
        s.pending[-1] = ("volcano_setup", CHANCE, left - 1)
    else:
        s.pending.pop()
    draw(s, NOBODY, a[1])


def describe_tile(s: GameState, a: Action) -> str:
    name = a[1]
    if name in volcano_data().neutral_kinds:
        return f"draw a neutral volcano tile ({name})"
    return f"draw a volcano tile of {name}"


SiciliaRules.steps = (
    Step("volcano", "Volcano", legal_volcano, apply_volcano, fields=("decider", "seat"),
         prompt="The volcano erupts: draw a tile and enter it.",
         chance_prompt="Draw a volcano tile and enter which it is.", words={"tile": describe_tile}),
    Step("volcano_setup", "Volcano (setup)", legal_volcano_setup, apply_volcano_setup, fields=("decider", "draws"),
         chance_prompt="Setup: draw a volcano tile and enter which it is.", words={"tile": describe_tile}),
)
