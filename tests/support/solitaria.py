"""Helpers for the Solitaria tests: solo games with dice entered by hand (so every roll is forced), positions set up
by editing the state (``city``, ``route``, ``put`` and ``give_house`` are those of ``support.rules``), a small made-up
board for the rulebook's building example, and random games of two players against Contrarius."""
from __future__ import annotations

from sestertius.data import board as board_module
from sestertius.data.board import LAND, SEA, parse_board
from sestertius.data.catalog import GOODS
from sestertius.rules.game import Game
from sestertius.rules.modes import solitaria
from sestertius.rules.modes.solitaria import CONTRARIUS, PLAYER
from sestertius.rules.options import GameOptions
from sestertius.rules.state import CHANCE, STORE
from support.playouts import all_cards, check_log
from support.rules import city, give_house, put, route, set_city_good

__all__ = ["solo", "roll", "play", "city", "route", "put", "give_house", "set_good", "con", "me", "mini_game",
           "CONTRARIUS", "PLAYER", "LAND", "SEA", "STORE", "CHANCE", "events", "last_text", "GOODS", "solitaria",
           "play_seat", "texts", "reachable_by", "two_player_playout"]


def solo(board: str = "italia", difficulty: str = "standard", seed: int = 1, manual: bool = True, **opts) -> Game:
    return Game.new({"board": board, "players": 1, "mode": "solo", "difficulty": difficulty,
                     "manual_dice": manual, **opts}, seed=seed)


def roll(g: Game, face) -> None:
    """Enter a die face (the game must be waiting for a roll)."""
    assert g.to_act() == CHANCE, f"no die to roll: step {g.current_step()}"
    g.apply(("roll", face))


def play(g: Game, key: str, *decisions: tuple) -> None:
    """Play a card (put into the hand first if missing), then take the given decisions in order."""
    p = g.state.players[PLAYER]
    if key not in p.hand:
        p.hand.append(key)
    g.apply(("play", key))
    for a in decisions:
        g.apply(a)


def set_good(g: Game, name: str, good: str) -> None:
    """Give a city the good named ``good``; the bonus markers follow (each province's most valuable good)."""
    s = g.state
    set_city_good(g, name, GOODS.index(good))
    s.marker_good = [max(s.city_good[c] for c in cities) for cities in s.board.province_cities]


def con(g: Game):
    return g.state.players[CONTRARIUS]


def me(g: Game):
    return g.state.players[PLAYER]


def events(g: Game, kind: str = "contrarius") -> list[dict]:
    return [e for e in g.state.events if e["kind"] == kind]


def last_text(g: Game, kind: str = "contrarius", containing: str = "") -> str:
    for e in reversed(g.state.events):
        if e["kind"] == kind and containing in e["text"]:
            return e["text"]
    raise AssertionError(f"no {kind} event containing {containing!r}")


# The rulebook's building example, as a board: Contrarius (2 colonists in Roma) builds in a food city. Tarentum is
# 3 steps away; Bononia already has a house; Capua lies in a province where Contrarius already has a house
# (Neapolis); Genua and Aleria remain, and Aleria comes first alphabetically. Its sea colonist can reach two lines
# next to Aleria in 2 steps (via Olbia or via Pisae): the player chooses.
MINI = """
name = "mini"
capital = "Roma"
routes = [
  ["land", "Roma", "Bononia"],
  ["land", "Bononia", "Genua"],
  ["land", "Genua", "Tarentum"],
  ["land", "Roma", "Capua"],
  ["land", "Capua", "Neapolis"],
  ["sea", "Roma", "Olbia"],
  ["sea", "Roma", "Pisae"],
  ["sea", "Olbia", "Aleria"],
  ["sea", "Pisae", "Aleria"],
]
[provinces]
Latium = ["Roma", "Tarentum"]
Corsica = ["Aleria", "Olbia"]
Liguria = ["Genua"]
Aemilia = ["Bononia"]
Campania = ["Capua", "Neapolis"]
Etruria = ["Pisae"]
[cities]
Roma = { lat = 41.9, lon = 12.5 }
Aleria = { zone = "A", lat = 42.1, lon = 9.5 }
Bononia = { zone = "A", lat = 44.5, lon = 11.3 }
Capua = { zone = "A", lat = 41.1, lon = 14.2 }
Genua = { zone = "A", lat = 44.4, lon = 8.9 }
Neapolis = { zone = "A", lat = 40.8, lon = 14.2 }
Olbia = { zone = "B", lat = 40.9, lon = 9.5 }
Pisae = { zone = "B", lat = 43.7, lon = 10.4 }
Tarentum = { zone = "B", lat = 40.5, lon = 17.2 }
"""


def mini_game(monkeypatch, seed: int = 1) -> Game:
    """A solo game on the MINI board, known by name for this test only (the engine's registry of boards made in
    code: a patched loader would not reach the compiled engine)."""
    board = parse_board(MINI, source="mini")
    monkeypatch.setitem(board_module._EXTRA, "mini", board)  # register_board's table, restored after the test
    return Game(GameOptions(board="mini", players=1, mode="solo", manual_dice=True), seed)


# -- random games with two players against Contrarius (third player, team play) -------------------------------------
def play_seat(g: Game, seat: int, key: str, *decisions) -> None:
    """Two players against Contrarius: ``seat`` (which must be to act) plays ``key`` (added to its hand if
    missing), then the given decisions are applied."""
    assert g.to_act() == seat, (g.to_act(), g.current_step())
    p = g.state.players[seat]
    if key not in p.hand:
        p.hand.append(key)
    g.apply(("play", key))
    for a in decisions:
        g.apply(a)


def texts(g: Game, kind: str = "contrarius") -> list[str]:
    return [e["text"] for e in events(g, kind)]


def reachable_by(s, seat: int, city_id: int, passes_occupied: bool = True) -> bool:
    """An independent check of "reach" for Contrarius at ``seat``: one of its colonists ends on an empty line next
    to the city (its own line counts 0 steps) within its movement points; as usual occupied lines are passed, each
    costing a step (``passes_occupied`` False: empty lines only). Roma: a land colonist on START steps onto a gate
    route first; a house on a site of the ship track is reached by its ship standing in that space."""
    from collections import deque
    b = s.board
    col = s.players[seat].col
    points = sum(1 for loc in col if loc != STORE)
    nland = s.cat.land_colonists
    roma = getattr(b, "roma_track", None) if s.rules.board.name == "roma" else None
    if roma is not None and city_id in roma.site_space:
        return any(loc == roma.start(s) + roma.site_space[city_id] for loc in col[nland:])
    for slot, loc in enumerate(col):
        if loc == STORE:
            continue
        kind = 0 if slot < nland else 1
        dist = {}
        frontier = deque()
        if loc < s.R:
            firsts = [(loc, 0)]
        elif roma is not None and loc >= roma.start(s):
            firsts = [(g["route"], 1) for g in roma.gate_routes] if kind == 0 and loc == roma.start(s) else []
        else:
            firsts = [(r, 1) for r in b.routes_at[kind][loc - s.R]]
        for r, d in firsts:
            if d == 0 or passes_occupied or s.route_occ[r] == -1:
                dist[r] = d
                frontier.append(r)
        while frontier:
            r = frontier.popleft()
            if dist[r] > points:
                continue
            if (city_id in b.route_cities[r] and b.stoppable[r]
                    and (s.route_occ[r] == -1 or (r == loc and dist[r] == 0))):
                return True
            for c in b.route_cities[r]:
                for r2 in b.routes_at[kind][c]:
                    if r2 not in dist and (passes_occupied or s.route_occ[r2] == -1):
                        dist[r2] = dist[r] + 1
                        frontier.append(r2)
    return False


def two_player_playout(mode: str, board: str, level: str, seed: int, contrarius_builds,
                       try_all: bool = False, **options) -> Game:
    """A random game of Contrarius as a third player (mode "solo") or the team play (mode "team") with invariants
    checked after every decision; every build of Contrarius must be reachable at that moment (``contrarius_builds``:
    the fixture of tests/solitaria/conftest.py). ``options``: more game options (the fish market)."""
    import random
    C = 2
    built = contrarius_builds(C)
    g = Game.new({"board": board, "players": 2, "mode": mode, "difficulty": level, **options}, seed=seed)
    rng = random.Random(seed)
    cards = all_cards(g.state)
    steps = fish = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, g.current_step()
        assert g.to_act() in (0, 1, CHANCE)
        if try_all:
            for a in legal:
                h = g.copy()
                h.apply(a)
        g.apply(rng.choice(legal))
        s = g.state
        c = s.players[C]
        assert s.n == 3 and c.money == 0 and c.goods == [0] * 5 and len(c.col) == 6
        assert len(c.houses) + len(s.parts["contrarius"].track) <= 15
        assert all(pos > c.vp for pos in s.parts["contrarius"].track)
        for seat in range(3):
            assert [x for x in range(len(s.board.cities)) if s.houses[x] >> seat & 1] == sorted(s.players[seat].houses)
            for loc in s.players[seat].col:
                if 0 <= loc < s.R:
                    assert s.route_occ[loc] == seat
        for seat in (0, 1):
            assert s.players[seat].money >= 0
            assert s.storehouse_used(seat) <= s.cat.storehouse or any(st[0] == "discard" for st in s.pending)
        assert s.pm in ((0, 1) if mode == "solo" else (-1,))  # Praefectus Magnus (or Piscatus): the players only
        assert all_cards(s) == cards
        if "fish" in s.parts:  # the fish it is given are never taken away; it stores none
            assert s.parts["fish"].stored[C] == 0 and s.parts["contrarius"].fish >= fish
            fish = s.parts["contrarius"].fish
        steps += 1
        assert steps < 5000
    assert built is None or (built and all(ok for _, ok in built)), [
        (g.state.board.cities[c], ok) for c, ok in built or () if not ok]
    assert g.state.concordia in (0, 1, C)
    assert sorted(g.ranking()) == [0, 1, C]
    assert g.result()["contrarius"] == g.scores()[C]["total"]
    assert Game.from_record(g.record()).state.hash() == g.state.hash()
    check_log(g)
    return g
