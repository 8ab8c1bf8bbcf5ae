"""The fixed action encoding: every decision of every mode, board and variant is one integer of a fixed-size action
space, and back.

A decision of the engine is a short tuple, a verb and its arguments (``("move", 3, 17)``, ``("play", "architect")``);
the same tuple means the same decision wherever it is legal, whatever the step asking for it. This module lists every
such tuple the engine can produce, block by block (:data:`BLOCKS`), and numbers them in that order: the encoding is a
bijection between those tuples and ``range(NUM_ACTIONS)``. Chance outcomes (a Solitaria die, a Sicilia volcano tile)
are decisions too and have their own blocks, so that an OpenSpiel chance node names its outcomes in the same space.

The encoding is a contract: :data:`ENCODING_VERSION` names it, and a block, a domain or the order of either never
changes within a version (a later version may only append). ``docs/RESEARCH.md`` documents every block.

This module uses nothing but the decisions themselves (no numpy, no engine state):

>>> from sestertius import Game
>>> from sestertius.research.actions import encode, decode, legal_mask
>>> game = Game.new({"board": "italia", "players": 2}, seed=7)
>>> ids = [encode(a) for a in game.legal_actions()]
>>> game.apply(decode(ids[0]))
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement, product
from typing import Any

ENCODING_VERSION = 1

# -- the domains: what an argument may be (the limits are generous: the largest board has 79 routes, 31 cities) ------
MAX_SEATS = 8  # seats (a Diplomat copying another player's card names its seat)
MAX_SLOTS = 8  # a player's colonists (slot = index into their colonists: land ones first)
MAX_LOCATIONS = 128  # colonist locations: a route id, else R + city (R = number of routes), else a board's own place
MAX_ROUTES = 96
MAX_CITIES = 40
MAX_PROVINCES = 16
MAX_DISPLAY = 8  # display positions, 0 = leftmost
MAX_FACE_UP = 40  # Solitaria: Contrarius' face-up cards, named by the Diplomat as -1, -2, ...
MAX_SPOTS = 16  # fish market: spots around the market
MAX_STANDS = 4  # fish market: stands of one spot
NO_GOOD = -1
GOODS = ("brick", "food", "tool", "wine", "cloth")
GOD_NAMES = ("Vesta", "Jupiter", "Saturnus", "Venus", "Mercurius", "Mars", "Minerva")

# Every card key of every mode (base, Venus, team play, Solitaria's own cards), then room for later ones: a card added
# to the game is appended here (the numbers of the others stay).
CARDS: tuple[str, ...] = (
    "tribune", "architect", "prefect", "mercator", "senator", "diplomat", "magister", "architect_sale",
    "prefect_sale", "mercator_sale", "colonist", "consul", "diplomat_1", "diplomat_3", "diplomat_4", "diplomat_5",
    "mason", "farmer", "smith", "vintner", "weaver", "prefect_architect", "architect_mercator", "prefect_mercator",
    "legatus", "praetor", "proconsul", "prefect_pm", "c_tribune", "c_architect", "c_prefect", "c_mercator",
    "c_colonist", "team_prefect_pm", "team_legatus", "team_praetor_1", "team_praetor_2",
)
CARD_SLOTS = 64  # the play block has this many entries; those past len(CARDS) are reserved
# Solitaria's dice: Architect die faces (display positions 1..7), colonist die, goods dice ("S": best specialist)
DIE_FACES: tuple[Any, ...] = (1, 2, 3, 4, 5, 6, 7, "land", "sea", "card", *GOODS, "S")
# Sicilia's volcano tiles: a province's colour, or a neutral tile
TILES: tuple[str, ...] = ("Black", "Light green", "Purple", "Blue", "Dark green", "Orange", "Grey", "Yellow",
                          "Dark red", "coins", "brick")

SEATS = tuple(range(MAX_SEATS))
SLOTS = tuple(range(MAX_SLOTS))
LOCATIONS = tuple(range(MAX_LOCATIONS))
ROUTES = tuple(range(MAX_ROUTES))
CITIES = tuple(range(MAX_CITIES))
PROVINCES = tuple(range(MAX_PROVINCES))
GOOD_IDS = tuple(range(len(GOODS)))
KINDS = (0, 1)  # 0 land, 1 sea colonist
POSITIONS = tuple(range(MAX_DISPLAY))
GOOD_PAIRS = tuple(combinations_with_replacement(GOOD_IDS, 2))  # a domain of pairs: two arguments
RESERVED = object()  # a reserved card slot (decodes to nothing)


@dataclass(frozen=True)
class Block:
    """The decisions ``(verb, *args)`` for every combination of the domains' values, numbered in row-major order
    (the last argument varies fastest), from ``offset``."""
    verb: str
    domains: tuple[tuple[Any, ...], ...]
    meaning: str
    offset: int = 0

    @property
    def size(self) -> int:
        n = 1
        for d in self.domains:
            n *= len(d)
        return n

    def actions(self) -> Iterable[tuple[Any, ...]]:
        return (_flatten(self.verb, args) for args in product(*self.domains))


def _blocks() -> tuple[Block, ...]:
    cards = CARDS + tuple(RESERVED for _ in range(CARD_SLOTS - len(CARDS)))
    specs: list[tuple[str, tuple[tuple[Any, ...], ...], str]] = [
        ("done", (), "finish the current step (stop moving, buying, trading...; pass)"),
        ("cash", (), "Colonist: take the money; Prefect: cash in the bonus markers"),
        ("keep", (), "Contrarius as a third player: keep the die result"),
        ("veto", (), "Contrarius as a third player: use the veto card (the die is rolled again)"),
        ("drop_fish", (), "storehouse over its limit: give up a fish"),
        ("play", (cards,), "play a card from the hand (also: the partner's card for a Legatus or Proconsul)"),
        ("move", (SLOTS, LOCATIONS), "move colonist slot to a location (Architect; Roma's ship track)"),
        ("build", (CITIES,), "build a house in a city (Architect; Roma's track sites)"),
        ("card", (POSITIONS, (NO_GOOD, *GOOD_IDS)), "buy the display card at a position, paying its one 'any' "
                                                    "extra with a good (-1: no 'any' extra)"),
        ("card", (POSITIONS, GOOD_PAIRS),
         "buy the display card at a position, paying two 'any' extras with these goods (g1 <= g2)"),
        ("place", (KINDS, CITIES), "Colonist: place a new colonist of a kind in a city"),
        ("recruit", (KINDS,), "Tribune: buy a colonist of a kind into the only place it can go"),
        ("recruit", (KINDS, CITIES), "Tribune: buy a colonist of a kind into a city"),
        ("copy", (tuple(range(-MAX_FACE_UP, 0)) + SEATS,),
         "Diplomat: copy the top card of a seat's pile; -1, -2...: Contrarius' face-up cards"),
        ("half", ((0, 1),), "double card of Concordia Venus: perform its first or second half"),
        ("drop", (GOOD_IDS,), "storehouse over its limit: give up one good"),
        ("sell", (GOOD_IDS,), "Mercator: sell one good"),
        ("buy", (GOOD_IDS,), "Mercator: buy one good"),
        ("produce", (PROVINCES,), "Prefect: produce in a province"),
        ("take", (GOOD_IDS,), "take one good (Roma's track bonus, the fish market)"),
        ("start", (CITIES,), "team play: the city a second-half seat starts in"),
        ("line", (ROUTES,), "Solitaria's veteran start: the line of Contrarius' colonist"),
        ("cmove", (SLOTS, LOCATIONS), "Solitaria: the way Contrarius' colonist moves (slot, location)"),
        ("enter", (tuple(range(MAX_SPOTS)), tuple(range(MAX_STANDS))), "fish market: go to a spot, use a stand"),
        ("stand", (tuple(range(MAX_STANDS)),), "fish market: use another stand of the spot"),
        ("settle", (KINDS, GOOD_IDS, CITIES), "fish market colonist stand: a colonist of a kind, paid with a "
                                              "good, into a city"),
        ("god", (GOD_NAMES[:-1],), "Roma's Byzantium: score a god"),
        ("god", (("Minerva",), GOOD_IDS), "Roma's Byzantium: score Minerva for the specialist of a good"),
        ("roll", (DIE_FACES,), "chance: a Solitaria die shows this face"),
        ("tile", (TILES,), "chance: this Sicilia volcano tile is drawn"),
    ]
    out: list[Block] = []
    offset = 0
    for verb, domains, meaning in specs:
        block = Block(verb, domains, meaning, offset)
        out.append(block)
        offset += block.size
    return tuple(out)


BLOCKS: tuple[Block, ...] = _blocks()


def _flatten(verb: str, args: tuple[Any, ...]) -> tuple[Any, ...]:
    """The decision of one combination of domain values (a pair of goods counts as two arguments)."""
    flat: list[Any] = [verb]
    for x in args:
        flat.extend(x if isinstance(x, tuple) else (x,))
    return tuple(flat)


def _tables() -> tuple[list[tuple[Any, ...] | None], dict[tuple[Any, ...], int]]:
    by_id: list[tuple[Any, ...] | None] = []
    ids: dict[tuple[Any, ...], int] = {}
    for block in BLOCKS:
        assert block.offset == len(by_id)
        for args in product(*block.domains):
            if any(x is RESERVED for x in args):
                by_id.append(None)
                continue
            action = _flatten(block.verb, args)
            # type-aware key: ("half", 0) and ("half", False) are one decision, 1 and "1" are not
            assert action not in ids, f"action {action} listed twice"
            ids[action] = len(by_id)
            by_id.append(action)
    return by_id, ids


_BY_ID, _IDS = _tables()
NUM_ACTIONS = len(_BY_ID)


class EncodingError(ValueError):
    """A decision outside the encoding (a board or a data override past the limits of this version)."""


def encode(action: Sequence[Any]) -> int:
    """The integer of a decision (a tuple or a list, as in a record)."""
    key = tuple(action)
    try:
        return _IDS[key]
    except (KeyError, TypeError):
        raise EncodingError(f"decision {key!r} is outside action encoding version {ENCODING_VERSION}") from None


def decode(index: int) -> tuple[Any, ...]:
    """The decision of an integer of the action space (any integer type, numpy's included)."""
    i = int(index)
    action = _BY_ID[i] if 0 <= i < NUM_ACTIONS else None
    if action is None:
        raise EncodingError(f"{index!r} is not a decision of action encoding version {ENCODING_VERSION} "
                            f"(0..{NUM_ACTIONS - 1}, reserved entries excluded)")
    return action


def encode_all(actions: Iterable[Sequence[Any]]) -> list[int]:
    return [encode(a) for a in actions]


def ids_of(actions: Iterable[Sequence[Any]]) -> list[int]:
    """The integers of decisions listed by the engine (tuples, as ``game.legal_actions()`` gives them): for masks."""
    ids = _IDS
    try:
        return [ids[a] for a in actions]  # type: ignore[index]
    except (KeyError, TypeError):
        return encode_all(actions)


def legal_mask(actions: Iterable[Sequence[Any]]) -> list[int]:
    """A list of NUM_ACTIONS zeros with a 1 at each legal decision (``game.legal_actions()``)."""
    mask = [0] * NUM_ACTIONS
    for a in actions:
        mask[encode(a)] = 1
    return mask


def block_of(index: int) -> Block:
    """The block an integer belongs to (for documentation and debugging)."""
    for block in reversed(BLOCKS):
        if index >= block.offset:
            return block
    raise EncodingError(f"{index!r} is not in the action space")


def table() -> list[tuple[Any, ...] | None]:
    """Every integer's decision, in order (None: a reserved entry)."""
    return list(_BY_ID)


def _domain_words(d: tuple[Any, ...]) -> str:
    if isinstance(d[0], tuple):
        return f"{len(d)} pairs"
    if all(isinstance(x, int) for x in d) and list(d) == list(range(d[0], d[0] + len(d))):
        return f"{d[0]}..{d[-1]}"
    if d[-1] is RESERVED:
        used = [x for x in d if x is not RESERVED]
        return f"{len(used)} cards + {len(d) - len(used)} reserved"
    return ", ".join(map(str, d)) if len(d) <= 20 else f"{len(d)} values"


def block_table() -> str:
    """The blocks as a Markdown table (docs/RESEARCH.md holds it)."""
    rows = ["| first id | size | decision | arguments | meaning |", "|---|---|---|---|---|"]
    for b in BLOCKS:
        args = " x ".join(_domain_words(d) for d in b.domains) or "none"
        rows.append(f"| {b.offset} | {b.size} | `{b.verb}` | {args} | {b.meaning} |")
    return "\n".join(rows)
