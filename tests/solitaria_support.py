"""Helpers for the Solitaria tests: solo games with dice entered by hand (so every roll is forced), positions set up
by editing the state, and a small made-up board for the rulebook's building example."""
from __future__ import annotations

from sestertius.automaton import solitaria
from sestertius.automaton.solitaria import CONTRARIUS, PLAYER
from sestertius.board import LAND, SEA, parse_board
from sestertius.catalog import GOODS
from sestertius.rules import state as state_module
from sestertius.rules.game import Game
from sestertius.rules.options import GameOptions
from sestertius.rules.state import CHANCE, STORE

__all__ = ["solo", "roll", "play", "city", "route", "put", "house", "set_good", "con", "me", "mini_game",
           "CONTRARIUS", "PLAYER", "LAND", "SEA", "STORE", "CHANCE", "events", "last_text", "GOODS", "solitaria"]


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


def city(g: Game, name: str) -> int:
    return g.state.board.city(name)


def route(g: Game, kind: int, a: str, b: str) -> int:
    board = g.state.board
    ca, cb = board.city(a), board.city(b)
    found = [r.id for r in board.routes if r.kind == kind and {r.a, r.b} == {ca, cb}]
    assert len(found) == 1
    return found[0]


def put(g: Game, seat: int, slot: int, loc: int) -> None:
    """Move a colonist (slot: land 0-2, sea 3-5) to a route id, ``R + city`` (inside a city) or STORE."""
    s = g.state
    old = s.players[seat].col[slot]
    if 0 <= old < s.R:
        s.route_occ[old] = -1
    s.players[seat].col[slot] = loc
    if 0 <= loc < s.R:
        assert s.route_occ[loc] < 0
        s.route_occ[loc] = seat


def house(g: Game, seat: int, name: str) -> None:
    s = g.state
    c = s.board.city(name)
    s.houses[c] |= 1 << seat
    s.players[seat].houses.append(c)


def set_good(g: Game, name: str, good: str) -> None:
    s = g.state
    s.city_good = list(s.city_good)
    s.city_good[s.board.city(name)] = GOODS.index(good)
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
    board = parse_board(MINI, source="mini")
    real = state_module.load_board
    monkeypatch.setattr(state_module, "load_board", lambda name: board if name == "mini" else real(name))
    return Game(GameOptions(board="mini", players=1, mode="solo", manual_dice=True), seed)
