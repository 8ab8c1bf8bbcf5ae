"""The game state: plain data (ints, lists, tuples) that is cheap to copy, plus its setup from options and a seed.

Colonist locations are ints: ``STORE`` (-1) in the storehouse, ``0 <= loc < R`` on route ``loc``, ``R + c`` inside
city ``c`` (R = number of routes); a board may add its own places after the cities (Balearica's start boat ``k``
is ``R + C + k``, C = number of cities). Houses per city are a bitmask of seats. Pending steps are tuples
``(kind, decider, *args)``; the top of ``pending`` (its last item) is the next decision.

``rules`` is the game's :class:`~sestertius.rules.rulebook.Rulebook` (its mode, its board's rules, its variants and
their step records), shared by all copies. ``parts`` holds the part of the state that belongs to a mode, board or
variant (Solitaria's Contrarius, Sicilia's volcano, Roma's ship track, the fish market), keyed by its name; each
part is plain data or an object with ``copy()`` and ``to_dict()``.
"""
from __future__ import annotations

import hashlib
import json
import random
from typing import TYPE_CHECKING, Any, Final

from sestertius.data.board import LAND, SEA, Board, load_board
from sestertius.data.catalog import NO_GOOD, Catalog, load_catalog
from sestertius.rules.errors import OptionsError
from sestertius.rules.steps import DECIDER, KIND

if TYPE_CHECKING:  # pragma: no cover
    from sestertius.rules.options import GameOptions
    from sestertius.rules.rulebook import Rulebook
    from sestertius.rules.steps import Pending

# Four sentinels of distinct meanings share the value -1: it is what the records (their ``deciders``: -1 for chance),
# the views (``to_act``, ``concordia``, the log's seats, colonists in the store) and the state hashes of the golden
# records carry, so each keeps it; the code names the meaning it means (tests/rules/test_sentinels.py).
STORE: Final = -1  # a colonist location: in its owner's storehouse
CHANCE: Final = -1  # decider of chance steps
AUTO: Final = -2  # decider of steps the engine resolves itself
AUTOMATON: Final = -3  # decider of automaton steps (Contrarius): resolved by its rules, logged with reasons
# no seat: an empty route, the Concordia card still on the table, a log line of the game itself, a tile drawn at setup
NOBODY: Final = -1
# not begun: the final turns before the Concordia card is taken, a seat's market spot before its first use
NOT_YET: Final = -1
NUMERALS: Final = ("I", "II", "III", "IV", "V", "VI")
MASK64: Final = (1 << 64) - 1


def splitmix64(x: int) -> tuple[int, int]:
    """One step of the SplitMix64 generator: (new state, output). The state is one int, so copies are free."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return x, z ^ (z >> 31)


Entry = dict[str, Any]  # one entry of the log: turn, kind, seat, text and fields of its own
# A log entry not made yet, the one way to log an entry late: append the flat tuple ``(make, s.turn, *args)`` to
# ``s.logged``; ``events`` makes it at the first reading as ``make(state, turn, *args)``, which returns the entry (made
# with ``entry``). The entries of every change are many and a simulation never reads them, so their words are built
# late; ``make`` may use only what never changes in a game (the board, the catalogue) besides ``args``. No method
# wraps the append: a call at each of the frequent sites cost 1.4% of a random game's instructions.
LazyEntry = tuple[Any, ...]


class PlayerState:
    __slots__ = ("money", "goods", "col", "hand", "pile", "houses", "vp")

    def __init__(self) -> None:
        self.money = 0
        self.goods: list[int] = [0, 0, 0, 0, 0]
        self.col: list[int] = []  # land slots first, then sea slots
        self.hand: list[str] = []
        self.pile: list[str] = []  # played cards; the last is the visible top
        self.houses: list[int] = []  # cities with this player's house, in building order
        self.vp = 0  # points scored during play (Solitaria start value; Contrarius' track)

    def copy(self) -> PlayerState:
        p = PlayerState.__new__(PlayerState)
        p.money = self.money
        p.goods = self.goods.copy()
        p.col = self.col.copy()
        p.hand = self.hand.copy()
        p.pile = self.pile.copy()
        p.houses = self.houses.copy()
        p.vp = self.vp
        return p

    def to_dict(self) -> dict[str, Any]:
        return {"money": self.money, "goods": self.goods, "col": self.col, "hand": self.hand, "pile": self.pile,
                "houses": self.houses, "vp": self.vp}


class GameState:
    __slots__ = ("board", "cat", "options", "n", "players", "city_good", "houses", "route_occ", "marker_good",
                 "marker_up", "display", "deck", "deck_labels", "pm", "current", "turn", "pending", "concordia",
                 "final_turns", "over", "rng", "turn_info", "logged", "_made", "intermediate", "parts",
                 "display_costs", "R", "seen_decks", "rules")

    board: Board  # the map (shared, immutable)
    cat: Catalog  # cards and numbers (shared, immutable)
    options: GameOptions
    rules: Rulebook  # the mode, the board's rules, the variants and their step records (shared)
    n: int  # seats
    players: list[PlayerState]
    city_good: list[int]  # the good of each city's token (NO_GOOD: the capital)
    houses: list[int]  # per city, a bitmask of the seats with a house there
    route_occ: list[int]  # per route, the seat whose colonist stands on it, or NOBODY
    marker_good: list[int]  # per province, the good on its bonus marker
    marker_up: list[bool]  # per province, the marker shows its good (else its coins)
    display: list[str | None]  # the cards for sale, by position (None: an empty position)
    deck: list[str]  # the sale stacks; the end of the list is the top
    deck_labels: list[str]  # the numeral on the back of each card of the deck
    seen_decks: tuple[str, ...]  # numerals of the stacks a card was drawn from
    display_costs: tuple[tuple[int, ...], ...]  # the extra cost of each display position
    pm: int  # the holder of Praefectus Magnus
    current: int  # the seat whose turn it is
    turn: int
    pending: list[Pending]  # the stack of steps; the last is the next decision
    concordia: int  # the seat that took the Concordia card, or NOBODY
    final_turns: int  # turns left after the Concordia card was taken (NOT_YET before)
    over: bool
    rng: int  # the SplitMix64 state of the chance outcomes
    turn_info: TurnInfo
    logged: list[dict[str, Any] | LazyEntry]  # the log as logged (``events``): ``LazyEntry`` tuples not made yet
    _made: int  # the entries before this index are made
    intermediate: dict[str, Any] | None  # the optional intermediate scoring, once taken
    parts: dict[str, Any]  # each mode's, board's or variant's own part of the state, by name
    R: int  # the number of routes (colonist locations past them are cities)

    def copy(self) -> GameState:
        s = GameState.__new__(GameState)
        s.board = self.board
        s.cat = self.cat
        s.options = self.options
        s.n = self.n
        s.players = [p.copy() for p in self.players]
        s.city_good = self.city_good
        s.houses = self.houses.copy()
        s.route_occ = self.route_occ.copy()
        s.marker_good = self.marker_good
        s.marker_up = self.marker_up.copy()
        s.display = self.display.copy()
        s.deck = self.deck.copy()
        s.deck_labels = self.deck_labels.copy()
        s.pm = self.pm
        s.current = self.current
        s.turn = self.turn
        s.pending = self.pending.copy()
        s.concordia = self.concordia
        s.final_turns = self.final_turns
        s.over = self.over
        s.rng = self.rng
        s.turn_info = self.turn_info.copy()
        s.logged = self.logged.copy()
        s._made = self._made
        s.intermediate = self.intermediate
        s.parts = {k: v.copy() if hasattr(v, "copy") and not isinstance(v, (dict, list)) else _deepcopy_plain(v)
                   for k, v in self.parts.items()} if self.parts else {}
        s.display_costs = self.display_costs
        s.R = self.R
        s.seen_decks = self.seen_decks
        s.rules = self.rules
        return s

    # -- small helpers used everywhere ----------------------------------------------------------------------
    def storehouse_used(self, seat: int) -> int:
        p = self.players[seat]
        used = sum(p.goods) + p.col.count(STORE)
        for variant in self.rules.storage:  # variants with pieces of their own in the storehouse (fish)
            used += variant.storehouse_used(self, seat)
        return used

    def free_space(self, seat: int) -> int:
        return self.cat.storehouse - self.storehouse_used(seat)

    def kind_of(self, slot: int) -> int:
        """The kind of a player's colonist slot: LAND (the first slots) or SEA."""
        return LAND if slot < self.cat.land_colonists else SEA

    def colonists_on_board(self, seat: int) -> int:
        col = self.players[seat].col
        return len(col) - col.count(STORE)

    def decider(self) -> int | None:
        return self.pending[-1][DECIDER] if self.pending else None

    def log(self, kind: str, seat: int, text: str, **data: Any) -> None:
        self.logged.append({"turn": self.turn, "kind": kind, "seat": seat, "text": text, **data})

    @property
    def events(self) -> list[dict[str, Any]]:
        """The log, oldest first: each entry a dict of its turn, kind, seat, words ("text") and fields of its own."""
        ev = self.logged
        for i in range(self._made, len(ev)):
            e = ev[i]
            if type(e) is tuple:
                ev[i] = e[0](self, *e[1:])
        self._made = len(ev)
        return ev  # type: ignore[return-value]  # every entry is made now

    def to_dict(self) -> dict[str, Any]:
        """Everything, hidden parts included: for hashing, debugging and tests (never sent to a client)."""
        return {
            "players": [p.to_dict() for p in self.players], "city_good": self.city_good, "houses": self.houses,
            "route_occ": self.route_occ, "marker_good": self.marker_good, "marker_up": self.marker_up,
            "display": self.display, "deck": self.deck, "deck_labels": self.deck_labels, "pm": self.pm,
            "current": self.current, "turn": self.turn,
            "pending": [self.rules.steps[st[KIND]].saved(st) for st in self.pending],  # as the records' hashes hold
            "concordia": self.concordia, "final_turns": self.final_turns, "over": self.over, "rng": self.rng,
            "extra": {k: v.to_dict() if hasattr(v, "to_dict") else v for k, v in self.parts.items()},
            "intermediate": self.intermediate,
        }

    def hash(self) -> str:
        blob = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), default=list)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


def entry(turn: int, kind: str, seat: int, text: str, **data: Any) -> dict[str, Any]:
    """One entry of the log, as ``GameState.log`` makes it (for the makers of a ``LazyEntry``)."""
    return {"turn": turn, "kind": kind, "seat": seat, "text": text, **data}


class TurnInfo:
    """What happened in the turn so far: written by the cards, read by the modes' reactions (Contrarius reacts to
    what the player did; a team partner performs the other half of a double card). The defaults live on the class
    and (pure Python) an instance holds only what was written, so the one made for every turn is cheap; compiled,
    it is a native class whose instances hold every field."""
    seat: int | None = None  # the seat that played the turn's card
    card: str | None = None  # the card played
    performed: tuple[str, ...] = ()  # every card performed, in order (copies, halves and repeats included)
    bought: tuple[str, ...] = ()  # cards bought
    colonist: str | None = None  # the Colonist's choice: "place" or "cash"
    prefect: tuple[str, int] | None = None  # ("produce", province) or ("cash", sestertii)
    copied: str | None = None  # the card a Diplomat copied
    copied_from: tuple[int, ...] = ()  # the seats whose piles Diplomats copied this turn, in order
    half: str | None = None  # the half of a double card performed
    half_index: int | None = None  # and which half it was
    partner_card: str | None = None  # team play: the card a partner played for a Legatus
    first: TurnInfo | None = None  # team play: the first action's part, kept when the partner starts performing

    def __init__(self, seat: int | None = None, card: str | None = None) -> None:
        if seat is not None:
            self.seat = seat
        if card is not None:
            self.card = card

    def copy(self) -> TurnInfo:
        out = TurnInfo()  # every field is immutable: sharing the values is a copy
        out.seat, out.card, out.performed, out.bought = self.seat, self.card, self.performed, self.bought
        out.colonist, out.prefect, out.copied, out.copied_from = self.colonist, self.prefect, self.copied, \
            self.copied_from
        out.half, out.half_index, out.partner_card, out.first = self.half, self.half_index, self.partner_card, \
            self.first
        return out


def _deepcopy_plain(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _deepcopy_plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_deepcopy_plain(v) for v in x]
    return x


def new_state(options: GameOptions, rules: Rulebook, seed: int, catalog: Catalog | None = None) -> GameState:
    """Set up a game: city tokens, bonus markers, sale decks, display, players' pieces, money and hands."""
    cat = catalog or load_catalog()
    board = load_board(options.board)
    rnd = random.Random(seed)
    s = GameState.__new__(GameState)
    s.board, s.cat, s.options, s.rules = board, cat, options, rules
    s.R = len(board.routes)
    s.n = options.players
    s.display_costs = cat.display_costs[options.display]

    # city tokens: each zone's pile shuffled, one token per city of that zone (in city order)
    city_good = [NO_GOOD] * len(board.cities)  # the capital has no token
    for zone, counts in sorted(cat.tokens.items()):
        cities = [c for c in board.buildable() if board.zone[c] == zone]
        pile = [g for g, k in enumerate(counts) for _ in range(k)]
        if len(cities) > len(pile):
            raise OptionsError(f"board {board.name}: {len(cities)} cities of zone {zone} but only {len(pile)} "
                               f"tokens of that zone")
        rnd.shuffle(pile)
        for c, g in zip(cities, pile):
            city_good[c] = g
    s.city_good = city_good
    s.houses = [0] * len(board.cities)
    s.route_occ = [NOBODY] * s.R
    s.marker_good = [max(city_good[c] for c in cities) for cities in board.province_cities]
    s.marker_up = [True] * len(board.provinces)

    # sale decks: shuffled separately, stack I on top
    deck_set = "team" if options.mode == "team" else "venus" if options.venus else "base"
    numerals = (list(NUMERALS[: max(1, min(options.players, 5))]) if options.mode in ("base", "team")
                else ["I", "II"])
    s.deck, s.deck_labels = [], []
    for numeral in reversed(numerals):  # the end of the list is the top of the stack
        cards = list(cat.decks[deck_set][numeral])
        rnd.shuffle(cards)
        s.deck.extend(cards)
        s.deck_labels.extend([numeral] * len(cards))
    s.display = []
    s.seen_decks = ()
    for _ in range(cat.display_size):
        s.display.append(_draw(s))

    # players
    hand = cat.hands["venus" if options.venus else "base"]
    s.players = []
    for seat in range(s.n):
        p = PlayerState()
        p.money = cat.start_money[min(seat, len(cat.start_money) - 1)]
        p.goods = list(cat.start_goods)
        cap = s.R + board.capital if board.capital is not None else STORE
        p.col = ([cap] * cat.start_land + [STORE] * (cat.land_colonists - cat.start_land)
                 + [cap] * cat.start_sea + [STORE] * (cat.sea_colonists - cat.start_sea))
        p.hand = list(hand)
        s.players.append(p)
    s.pm = s.n - 1  # Praefectus Magnus to the last player
    s.current = 0
    s.turn = 0
    s.pending = []
    s.concordia = NOBODY
    s.final_turns = NOT_YET
    s.over = False
    s.rng = seed & MASK64
    s.turn_info = TurnInfo()
    s.logged = []
    s._made = 0
    s.intermediate = None
    s.parts = {}
    return s


def _draw(s: GameState) -> str | None:
    if not s.deck:
        return None
    label = s.deck_labels.pop()
    if label not in s.seen_decks:
        s.seen_decks = s.seen_decks + (label,)
    return s.deck.pop()
