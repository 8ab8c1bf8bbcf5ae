"""The steps of Roma's ship track, their words and their refusals.

- ``("roma_bonus", seat, space)``: the bonus of ALEXANDRIA or ANTIOCHIA: ``("take", good)`` of the space's choice.
- ``("roma_sail", seat)``: after the Prefect's cash, exactly one sea colonist forward, ``("move", slot, place)``, or
  ``("done",)``.
- ``("roma_after", AUTO, seat, cap)``: after the moves (and the Architect's city houses): the track's house sites, then
  Byzantium. Architect order: move (bonuses on entering), build (cities, then the track sites entered), Byzantium.
- ``("roma_build", seat, cap)``: a house on a site of a building space entered this turn, ``("build", city)``, or done.
- ``("roma_score", AUTO, seat)``, then ``("roma_god", seat)``: score a god, ``("god", name[, good])``.
"""
from __future__ import annotations

from typing import Final

from sestertius.data.catalog import GOODS
from sestertius.rules.boards.roma.byzantium import god_name, god_options, god_points, houses_left, mark_god
from sestertius.rules.boards.roma.part import this_turn
from sestertius.rules.boards.roma.sailing import (
    arrive,
    built_on_track,
    clear_entries,
    sail_moves,
    take_score,
    track_builds,
    why_not_move,
)
from sestertius.rules.boards.roma.track import track
from sestertius.rules.cards.architect import build_house, house_cost, words_build, words_move
from sestertius.rules.state import AUTO, GameState
from sestertius.rules.steps import (
    DECIDER,
    DONE,
    KIND,
    Action,
    ApplyFn,
    LegalFn,
    Pending,
    Step,
    WordsFn,
    auto_step,
    legal_auto,
)
from sestertius.rules.words import money_words

# the fields of the steps (their records: STEPS below); cap: None, or an Architect limited in houses (the fish
# market's stand) builds on the track only while the seat has fewer houses than this
ROMA_BONUS_SPACE: Final = 2  # ("roma_bonus", seat, space): the track space whose bonus is taken
ROMA_AFTER_SEAT: Final = 2  # ("roma_after", AUTO, seat, cap)
ROMA_AFTER_CAP: Final = 3
ROMA_BUILD_CAP: Final = 2  # ("roma_build", seat, cap)
ROMA_SCORE_SEAT: Final = 2  # ("roma_score", AUTO, seat)


def legal_bonus(s: GameState, st: Pending) -> list[Action]:
    return [("take", GOODS.index(g)) for g in track(s).spaces[st[ROMA_BONUS_SPACE]]["choice"]]


def apply_bonus(s: GameState, st: Pending, a: Action) -> None:
    seat, k = st[DECIDER], st[ROMA_BONUS_SPACE]
    s.pending.pop()
    s.players[seat].goods[a[1]] += 1
    s.log("bonus", seat, f"{track(s).spaces[k]['name']}: +1 {GOODS[a[1]]}")


def legal_sail(s: GameState, st: Pending) -> list[Action]:
    return [DONE] + [("move", slot, x) for slot, x in sail_moves(s, st[DECIDER])]


def apply_sail(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    s.pending.pop()
    if a[0] == "done":
        return
    _, slot, to = a
    s.pending.append(("roma_after", AUTO, seat, None))
    s.players[seat].col[slot] = to
    arrive(s, seat, slot, to)


def apply_after(s: GameState, st: Pending, a: Action) -> None:
    """After the moves (and the Architect's city houses): the track's house sites, then Byzantium."""
    seat, cap = st[ROMA_AFTER_SEAT], st[ROMA_AFTER_CAP]
    s.pending.pop()
    s.pending.append(("roma_score", AUTO, seat))
    if track_builds(s, seat, cap):
        s.pending.append(("roma_build", seat, cap))
    else:
        if any(se == seat for se, _ in this_turn(s).entered):
            s.log("build", seat, "builds no house on the ship track")
        clear_entries(s, seat)


def legal_build(s: GameState, st: Pending) -> list[Action]:
    return [DONE] + track_builds(s, st[DECIDER], st[ROMA_BUILD_CAP])


def apply_build(s: GameState, st: Pending, a: Action) -> None:
    seat: int = st[DECIDER]
    if a[0] == "done":
        s.pending.pop()
        clear_entries(s, seat)
        return
    c = a[1]
    build_house(s, seat, c, pay_cost=True)
    built_on_track(s, seat, c)
    if not track_builds(s, seat, st[ROMA_BUILD_CAP]):
        s.pending.pop()
        clear_entries(s, seat)


def apply_score(s: GameState, st: Pending, a: Action) -> None:
    seat = st[ROMA_SCORE_SEAT]
    s.pending.pop()
    if not take_score(s, seat):
        return
    if houses_left(s, seat) <= 0 or not god_options(s, seat):
        s.log("byzantium", seat, "has no house left to mark a god: Byzantium gives nothing")
        return
    s.pending.append(("roma_god", seat))


def legal_god(s: GameState, st: Pending) -> list[Action]:
    return god_options(s, st[DECIDER])


def apply_god(s: GameState, st: Pending, a: Action) -> None:
    s.pending.pop()
    mark_god(s, st[DECIDER], a)


# ------------------------------------------------------------------------------------------------------------
# Words
# ------------------------------------------------------------------------------------------------------------
def describe_god(s: GameState, a: Action) -> str:
    seat = s.pending[-1][DECIDER] if s.pending else s.current
    what = god_name(s, a)
    try:
        return f"score {what} in Byzantium ({god_points(s, seat, a)} VP)"
    except (IndexError, KeyError, ValueError, StopIteration):
        return f"score {what} in Byzantium"


def describe_take(s: GameState, a: Action) -> str:
    return f"take 1 {GOODS[a[1]]}"


def explain(s: GameState, st: Pending, a: Action) -> str:
    """Why a decision of a ship-track step is refused."""
    kind, seat = st[KIND], st[DECIDER]
    verb = a[0] if a else None
    if kind == "roma_bonus":
        space = track(s).spaces[st[ROMA_BONUS_SPACE]]
        names = " or ".join(space["choice"])
        return f"{space['name']} gives 1 {names}: take one of them"
    if kind == "roma_sail":
        if verb == "move" and len(a) == 3:
            why = why_not_move(s, seat, a[1], a[2]) if 0 <= a[1] < len(s.players[seat].col) else None
            return why or "that sea colonist cannot move there"
        return "after taking the cash, you may move exactly one sea colonist forward on the ship track, or be done"
    if kind == "roma_build":
        if verb == "build" and len(a) == 2:
            cap = st[ROMA_BUILD_CAP]
            if cap is not None and len(s.players[seat].houses) >= cap:
                return "this Architect's houses are built (the fish market's stand builds only one)"
            return _why_not_build(s, seat, a[1])
        return "build one house on a site of the ship-track space you entered, or be done"
    if kind == "roma_god":
        if verb == "god" and len(a) >= 2 and a[1] in track(s).gods:
            if a[1] == "Minerva" and (len(a) != 3 or not 0 <= a[2] < len(GOODS)):
                return "Minerva is scored as a specialist: name its good"
            return f"you have scored {a[1]} in Byzantium already: each god once per player"
        return f"choose a god to score in Byzantium: one of {', '.join(track(s).gods)}"
    return "not legal now"


def _why_not_build(s: GameState, seat: int, c: int) -> str:
    t = track(s)
    if c not in t.site_space:
        return "now only a house on a ship-track site you entered this turn can be built"
    if not any(se == seat and k == t.site_space[c] for se, k in this_turn(s).entered):
        return f"you did not enter {t.spaces[t.site_space[c]]['name']} this turn"
    if s.houses[c] >> seat & 1:
        return f"you already have a house on {s.board.cities[c]}: one house per player per site"
    if houses_left(s, seat) <= 0:
        return "you have no house left"
    goods, coins = house_cost(s, c)
    need = ", ".join(f"{n} {GOODS[g]}" for g, n in enumerate(goods) if n)
    return f"a house on {s.board.cities[c]} costs {need} and {money_words(coins)}; you cannot pay it"


def _step(kind: str, title: str, legal: LegalFn, apply: ApplyFn, prompt: str, words: dict[str, WordsFn],
          fields: tuple[str, ...] = ("seat",), optional: tuple[str, ...] = ()) -> Step:
    return Step(kind, title, legal, apply, fields=fields, optional=optional, prompt=prompt, words=words,
                refuse=explain, refuses_all=True)


STEPS: Final[tuple[Step, ...]] = (
    _step("roma_bonus", "Ship track (bonus)", legal_bonus, apply_bonus, "Ship track: take the bonus.",
          {"take": describe_take}, fields=("seat", "space")),
    _step("roma_sail", "Prefect (ship move)", legal_sail, apply_sail, "Ship track: move a ship, or Done.",
          {"move": words_move}),
    Step("roma_after", "Ship track", legal_auto, apply_after, fields=("decider", "seat"), optional=("cap",)),
    _step("roma_build", "Ship track (house)", legal_build, apply_build,
          "Ship track: build a house (choose its city).", {"build": words_build}, optional=("cap",)),
    auto_step("roma_score", "Byzantium", apply_score, fields=("decider", "seat")),
    _step("roma_god", "Byzantium", legal_god, apply_god, "Choose a god.", {"god": describe_god}),
)
