"""The fish market's part of the state, and the helpers that read and change it for the market, its Prefect and
Solitaria's Contrarius."""
from __future__ import annotations

from typing import Any

from sestertius.data.catalog import FishSide, load_fish_market
from sestertius.rules.state import NOT_YET, GameState


class FishPart:
    """The fish market's part of the state."""
    __slots__ = ("spots", "coins", "pos", "stored", "used_in", "used_by")

    def __init__(self, spots: list[int], coins: list[int], pos: list[int], stored: list[int], used_in: int = NOT_YET,
                 used_by: tuple[int, ...] = ()) -> None:
        self.spots = spots  # fish on each province's marker spot
        self.coins = coins  # sestertii lying on each market spot
        self.pos = pos  # each seat's market spot, -1 before its first use
        self.stored = stored  # each seat's fish in its storehouse
        # team play: the partners who used the market in turn ``used_in`` (each once per turn, before its action)
        self.used_in = used_in
        self.used_by = used_by

    def copy(self) -> FishPart:
        return FishPart(self.spots[:], self.coins[:], self.pos[:], self.stored[:], self.used_in, self.used_by)

    def to_dict(self) -> dict[str, Any]:
        return {"spots": self.spots, "coins": self.coins, "pos": self.pos, "stored": self.stored,
                "used_in": self.used_in, "used_by": self.used_by}


def fish(s: GameState) -> FishPart:
    part: FishPart = s.parts["fish"]
    return part


def side(s: GameState) -> FishSide:
    name = s.options.fish_market
    assert name is not None  # the variant is only in play with a side chosen
    return load_fish_market().sides[name]


def empty_spots(s: GameState) -> int:
    """Provinces without fish on their bonus-marker spot (a province that can no longer produce, Sicilia's erupted
    one, has no spot at all)."""
    br = s.rules.board
    return sum(1 for i, x in enumerate(fish(s).spots) if not x and br.can_produce(s, i))


def regrow(s: GameState) -> None:
    """The fish grow, as after a Prefect's cash: a 1-fish marker turns to 2, each empty spot gets 1 (none on a spot
    that left the board)."""
    f = fish(s)
    br = s.rules.board
    f.spots = [(2 if x == 1 else x or load_fish_market().setup_fish) if br.can_produce(s, i) else 0
               for i, x in enumerate(f.spots)]
    s.marker_up = [x > 0 for x in f.spots]


def fish_bonus(s: GameState, prov: int) -> bool:
    """Are a province's fish its production bonus still? (Not after Sicilia's volcano took the bonus: then they go
    back to the supply, A-FISH-SICILIA.)"""
    return s.rules.board.production_bonus(s, prov)
