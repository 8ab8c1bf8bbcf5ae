"""What a board may change: the hooks the engine calls at fixed points of the card steps. The base game's board
rules: a capital where new colonists arrive, every city open to building."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from sestertius.data.board import UNREACHABLE, Board
from sestertius.rules.steps import Step

if TYPE_CHECKING:  # pragma: no cover
    from sestertius.rules.state import GameState


class BoardRules:
    """The base game's board rules: a capital where new colonists arrive, every city open to building."""

    name = "base"
    steps: ClassVar[tuple[Step, ...]] = ()  # the board's own step kinds

    def setup(self, s: GameState) -> None:
        """Adjust the set-up state (called after the mode's setup)."""

    def colonist_sites(self, s: GameState, seat: int) -> list[int]:
        """Cities where the Colonist card may place new colonists: the capital and cities with an own house."""
        sites = [] if s.board.capital is None else [s.board.capital]
        sites.extend(sorted(s.players[seat].houses))
        return sites

    def recruit_sites(self, s: GameState, seat: int) -> list[int]:
        """Cities where the Tribune's new colonist may arrive: the capital."""
        return [] if s.board.capital is None else [s.board.capital]

    def after_recover(self, s: GameState, seat: int) -> None:
        """Called when a Tribune has taken the cards back, before its colonist purchase (push steps here)."""

    def can_build(self, s: GameState, city: int) -> bool:
        """May houses be built in this city at all now (besides the usual conditions)?"""
        return True

    def can_produce(self, s: GameState, prov: int) -> bool:
        """May this province produce now (Prefect choice; specialists' houses in it)?"""
        return True

    def production_bonus(self, s: GameState, prov: int) -> bool:
        """Does producing in this province give the Prefect's bonus good?"""
        return True

    def marker_coins(self, s: GameState, prov: int) -> int:
        """Sestertii on the coin side of this province's bonus marker (0 if it has none any more)."""
        return s.cat.marker_coins[s.marker_good[prov]]

    # Architect movement. Boards whose step distances depend on the position (Balearica: land colonists ride
    # their owner's ships) set ``dynamic_moves`` and compute moves at run time; all others use the board's
    # precomputed tables (the engine never calls these two hooks for them).
    dynamic_moves = False

    def move_options(self, s: GameState, seat: int, pts: int) -> list[tuple[int, int]]:
        """(colonist slot, route) pairs the seat's colonists can reach with at most ``pts`` steps and stop on."""
        raise NotImplementedError

    def move_cost(self, s: GameState, seat: int, slot: int, route: int) -> int | None:
        """Steps colonist ``slot`` needs to reach ``route`` now (None: it cannot get there)."""
        raise NotImplementedError

    # A dynamic board may also move colonists onto its own places past the routes and cities (Roma's ship track):
    # such a target is a colonist location ``>= R`` instead of a route; it holds any number of colonists.
    def moved(self, s: GameState, seat: int, slot: int, frm: int, to: int) -> None:
        """Called after an Architect's move on a dynamic board (the step's points are already reduced; push steps
        here, e.g. Roma's bonus choice)."""

    def why_not_move(self, s: GameState, seat: int, slot: int, target: int) -> str | None:
        """Why this move is refused on a dynamic board, when the board knows better than the route checks."""
        return None

    def after_cash(self, s: GameState, seat: int) -> None:
        """Called after a Prefect took the cash of the bonus markers (push steps here: Roma's ship move)."""

    def may_place(self, s: GameState, kind: int, city: int) -> bool:
        """May a new colonist of this kind (0 land, 1 sea) go to this place of colonist_sites/recruit_sites?"""
        return True

    def other_houses(self, s: GameState, seat: int) -> int:
        """Houses of the seat's supply standing outside cities (Roma: on Byzantium's god table)."""
        return 0

    def public(self, s: GameState) -> dict[str, Any]:
        """The board's own public state for views (e.g. Sicilia's volcano, Balearica's start boats)."""
        return {}

    def location(self, s: GameState, loc: int) -> dict[str, Any] | None:
        """A view of a colonist location past the cities (a board's pseudo-location, e.g. a start boat)."""
        return None


# -- tables the boards with places of their own share -----------------------------------------------------------
DistanceTable = tuple[tuple[int, int], ...]  # (steps, route) pairs, fewest steps first (``Board.by_distance``)


def store_goods(s: GameState, seat: int, g: int, n: int) -> int:
    """A board's bonus of ``n`` goods ``g``: the seat takes as many as its storehouse has space for (the others are
    lost); returns how many it took."""
    kept = max(0, min(n, s.free_space(seat)))
    s.players[seat].goods[g] += kept
    return kept


def first_place(s: GameState) -> int:
    """The first colonist location past the routes and the cities: a board's own places are numbered from here
    (Balearica's start boats, Roma's START oval and ship track)."""
    return s.R + len(s.board.cities)


def distance_table(b: Board, kind: int, loc: int) -> DistanceTable:
    """(steps, route) for every route a colonist of ``kind`` at ``loc`` (a route, or ``len(routes) + city``) can
    reach, fewest steps first: the table behind ``Board.steps``."""
    n = len(b.routes)
    return b.by_distance[loc] if loc < n else b.city_by_distance[kind][loc - n]


def entry_tables(b: Board, first: Iterable[int]) -> tuple[bytes, DistanceTable]:
    """Steps from a place off the routes whose first step goes onto one of the routes ``first`` (a start boat,
    Roma's START), then on along the routes: per route (UNREACHABLE: never), and as a table like
    ``Board.by_distance``."""
    nr = len(b.routes)
    d = [UNREACHABLE] * nr
    for r0 in first:
        row = b.dist[r0]
        for r2 in range(nr):
            v = row[r2]
            if v != UNREACHABLE and v + 1 < d[r2]:
                d[r2] = v + 1
    return bytes(d), tuple(sorted((d[r], r) for r in range(nr) if d[r] < UNREACHABLE))
