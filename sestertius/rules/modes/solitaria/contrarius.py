"""Contrarius itself: its seat, its part of the state, its data, its points, and how it says what it does.

Contrarius is the last seat (``cseat(s)``), a seat that never takes a turn: its houses, colonists and victory
points live in the ordinary tables, its face-up cards are its ``hand`` and its face-down cards its ``pile``. What has
no place in a seat is its :class:`ContrariusPart` (``state.parts["contrarius"]``).
"""
from __future__ import annotations

from typing import Any, Final

from sestertius.data.catalog import GOODS
from sestertius.data.solitaria import SPECIAL_FACE, SoloData, solo_data
from sestertius.rules.boards.roma.track import Track
from sestertius.rules.boards.roma.track import track as roma_board_track
from sestertius.rules.scoring import score_seat
from sestertius.rules.state import CHANCE, GameState, PlayerState

CONTRARIUS: Final = 1  # Contrarius' seat in solo play; in general it is the last seat, ``cseat(s)``
PLAYER: Final = 0  # the (starting) player
NAME: Final = "Contrarius"
# fallback chain flags: what already failed in one reaction (the supplementary rules never loop); F_NONE: nothing yet
F_NONE, F_BUILD, F_COLONIST, F_CARD = 0, 1, 2, 4
# the Diplomat's targets for Contrarius' face-up cards: its first card FACE_UP, the next FACE_UP - 1, ...
FACE_UP: Final = -1


class ContrariusPart:
    """Contrarius' part of the state: what has no place in its seat."""
    __slots__ = ("difficulty", "houses", "track", "fish", "veto")

    def __init__(self, difficulty: str, houses: int, track: list[int], fish: int | None = None,
                 veto: list[int] | None = None) -> None:
        self.difficulty = difficulty  # the difficulty level's key
        self.houses = houses  # all its houses: built, on the victory point track, marking a god, in its supply
        self.track = track  # victory point track positions of the houses still on it, lowest first
        self.fish = fish  # the fish market: the fish the players paid at the market (scored at the end); else None
        self.veto = veto  # Contrarius as a third player: each player's veto cards left; else None

    def copy(self) -> ContrariusPart:
        return ContrariusPart(self.difficulty, self.houses, self.track[:], self.fish,
                              None if self.veto is None else self.veto[:])

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"difficulty": self.difficulty, "houses": self.houses, "track": self.track}
        if self.fish is not None:
            out["fish"] = self.fish
        if self.veto is not None:
            out["veto"] = self.veto
        return out


# ------------------------------------------------------------------------------------------------------------
# The seats
# ------------------------------------------------------------------------------------------------------------
def cseat(s: GameState) -> int:
    """Contrarius' seat: the last one, after the players (1 in solo play, 2 with two players)."""
    return s.options.players


def humans(s: GameState) -> range:
    """The seats of the players (every seat but Contrarius')."""
    return range(s.options.players)


def chooser(s: GameState) -> int:
    """Who takes the choices the rules leave to "you" during a reaction: the player whose card Contrarius reacts to
    (the seat whose turn it is; seat 0 during setup)."""
    return PLAYER if s.turn_info.seat is None else s.turn_info.seat


def con(s: GameState) -> PlayerState:
    return s.players[cseat(s)]


def part(s: GameState) -> ContrariusPart:
    info: ContrariusPart = s.parts["contrarius"]
    return info


def track(s: GameState) -> list[int]:
    """Its houses on the victory point track (their positions)."""
    return part(s).track


def houses_in_supply(s: GameState) -> int:
    """Houses in its supply: not built, not on the victory point track, not marking a god (Roma's Byzantium)."""
    return part(s).houses - len(con(s).houses) - len(track(s)) - s.rules.board.other_houses(s, cseat(s))


def total(s: GameState, seat: int) -> int:
    """A seat's total score now."""
    return score_seat(s, seat)["total"]


def last_card_after_its_end(s: GameState) -> bool:
    """Contrarius ended the game and this is the players' last card: it gets no reaction."""
    return s.concordia == cseat(s) and s.final_turns == 1


# ------------------------------------------------------------------------------------------------------------
# Its data and its board
# ------------------------------------------------------------------------------------------------------------
_DATA: Final[dict[int, SoloData]] = {}  # id(catalog) -> the Solitaria data it was built with (catalogs are cached)


def remember(d: SoloData) -> None:
    """Keep the Solitaria data a game is set up with, found again by its catalog (``data``)."""
    _DATA[id(d.catalog)] = d


def data(s: GameState) -> SoloData:
    """The Solitaria data of this game (looked up by its catalog: cheap, unlike re-reading the overrides path)."""
    d = _DATA.get(id(s.cat))
    return d if d is not None else solo_data()


def roma_track(s: GameState) -> Track | None:
    """Roma's track (START, OSTIA, the ship track, the gates) when the game is on Roma, else None."""
    return roma_board_track(s) if s.rules.board.name == "roma" else None


def capital(s: GameState) -> int:
    """The capital (Solitaria is refused on boards without one; on Roma, START and OSTIA stand in for it and the
    capital is never asked for)."""
    cap = s.board.capital
    assert cap is not None, f"board {s.board.name} has no capital"
    return cap


def best_specialist(s: GameState, d: SoloData) -> tuple[str | None, int]:
    """Contrarius' best specialist (Weaver > Vintner > Smith > Farmer > Mason) among all its cards, and its good."""
    owned = set(con(s).hand) | set(con(s).pile)
    for key in d.specialist_order:
        if key in owned:
            return key, s.cat.cards[key].good
    return None, d.fallback_order[0]


def face_good(s: GameState, d: SoloData, face: Any, die: str) -> int:
    """The good a building die's face names; "S": the good of Contrarius' best specialist (said, naming the die)."""
    if face != SPECIAL_FACE:
        return GOODS.index(face)
    spec, good = best_specialist(s, d)
    say(s, f"S on {die}: the good of its best specialist, {s.cat.cards[spec].title if spec else 'none'}: "
           f"{GOODS[good]}")
    return good


# ------------------------------------------------------------------------------------------------------------
# Words and points
# ------------------------------------------------------------------------------------------------------------
def city_name(s: GameState, c: int) -> str:
    return s.board.cities[c]


def names(s: GameState, cities: list[int]) -> str:
    return ", ".join(city_name(s, c) for c in sorted(cities, key=lambda c: s.board.cities[c]))


def say(s: GameState, text: str, **data: Any) -> None:
    """Log one decision of Contrarius with its reasons."""
    s.log("contrarius", cseat(s), text, **data)


def score(s: GameState, vp: int, text: str) -> None:
    """Contrarius scores during play (see ``scored``)."""
    con(s).vp += vp
    scored(s, vp, text)


def scored(s: GameState, vp: int, text: str) -> None:
    """Log points Contrarius has just scored; in expert levels, every house its marker reaches on the track is
    built."""
    p = con(s)
    say(s, f"{text} (now {p.vp} VP)", vp=vp)
    t = track(s)
    reached = [pos for pos in t if pos <= p.vp]
    for pos in reached:
        t.remove(pos)
    for pos in reached:  # told from the lowest, as they are built; each build is the same step
        say(s, f"its marker reaches the house at {pos} on the victory point track: it builds that house "
               f"(black Mercator die)")
        s.pending.append(("contrarius_roll", CHANCE, "mercator", "track", F_NONE))


def summary(s: GameState) -> dict[str, Any]:
    """What every seat sees of Contrarius (its face-up and face-down cards are public)."""
    seat = cseat(s)  # (looked up once: the search bot reads the summary of every position it judges)
    p = s.players[seat]
    info = part(s)
    return {"contrarius": {  # tuples: a view never shares lists with the state
        "seat": seat, "name": NAME, "difficulty": info.difficulty, "vp": p.vp,
        "face_up": tuple(p.hand), "face_down": tuple(p.pile), "houses_built": len(p.houses),
        "houses_in_supply": houses_in_supply(s), "track": tuple(info.track),
        "colonists_on_board": s.colonists_on_board(seat),
        **({"fish": info.fish} if info.fish is not None else {}),
        **({"veto": tuple(info.veto)} if info.veto is not None else {}),
    }}


def face_up_target(i: int) -> int:
    """The Diplomat's target for Contrarius' i-th face-up card (0-based)."""
    return FACE_UP - i


def face_up_index(target: int) -> int:
    """The face-up card a Diplomat's target names (the inverse of ``face_up_target``)."""
    return FACE_UP - target
