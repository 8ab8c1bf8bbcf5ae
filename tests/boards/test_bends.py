"""Routes' own bends: the board file's ``bends`` validated on load (a bad entry refused naming the place), and the
drawn routes (polylines through their bends, or curves) passing no third city on any board."""
from __future__ import annotations

import math

import pytest

from sestertius.data.board import BoardError, board_names, load_board, parse_board
from sestertius.web.geometry import board_layout, sample_path
from support.boards import GOOD

CITY_RADIUS, CAPITAL_RADIUS = 17, 25  # as drawn (board.js)
MARGIN = 5  # half a route's stroke and a little air


def refuse(text: str) -> str:
    with pytest.raises(BoardError) as e:
        parse_board(text, source="bad.toml")
    assert str(e.value).startswith("bad.toml: ")
    return str(e.value)


def with_bends(line: str) -> str:
    return GOOD.replace("\n[provinces]", f"bends = [{line}]\n\n[provinces]")


def test_bends_load_from_the_first_city_to_the_second():
    b = parse_board(with_bends('{ route = ["land", "Veii", "Caere"], via = [[1, 2], [3, 4.5]] }'), "tiny.toml")
    r = next(r for r in b.routes if {b.cities[r.a], b.cities[r.b]} == {"Veii", "Caere"})
    # Caere is city 0 (a), Veii city 3 (b): the points are kept from a to b
    assert b.bends[r.id] == ((3.0, 4.5), (1.0, 2.0))
    assert sum(1 for x in b.bends if x) == 1
    assert b.extra == {}


@pytest.mark.parametrize("line, words", [
    ('{ route = ["land", "Veii", "Antium"], via = [[1, 2]] }', "bends: land Veii Antium: unknown city 'Antium'"),
    ('{ route = ["sea", "Veii", "Caere"], via = [[1, 2]] }', "bends: sea Veii Caere: no such route"),
    ('{ route = ["land", "Veii", "Caere"], via = [[1]] }', "bends: land Veii Caere: via must be a list of points"),
    ('{ route = ["land", "Veii", "Caere"], via = [] }', "bends: land Veii Caere: via must be a list of points"),
    ('{ route = ["land", "Veii", "Caere"], via = [["x", 2]] }', "bends: land Veii Caere: via must be"),
    ('{ route = ["road", "Veii", "Caere"], via = [[1, 2]] }', "bends: road Veii Caere: route must be"),
    ('{ route = ["land", "Veii", "Caere"] }', "bends: land Veii Caere: must be { route ="),
    ('{ route = ["land", "Veii", "Caere"], via = [[1, 2]] }, { route = ["land", "Caere", "Veii"], via = [[1, 2]] }',
     "bends: land Caere Veii: the route has bends twice"),
    ('"Veii"', "bends: 'Veii': must be { route ="),
])
def test_bad_bends_are_refused_naming_the_place(line, words):
    assert words in refuse(with_bends(line))


def test_bends_must_be_a_list():
    assert "bends must be a list" in refuse(GOOD.replace("\n[provinces]", 'bends = "x"\n\n[provinces]'))


def test_parallel_routes_cannot_take_a_bend():
    text = GOOD.replace('["land", "Veii", "Caere"],', '["land", "Veii", "Caere"],\n  ["land", "Caere", "Veii"],')
    text = text.replace("\n[provinces]", 'parallel_routes = [["land", "Veii", "Caere"]]\n\n[provinces]')
    assert "a bend cannot tell them apart" in refuse(text.replace(
        "\n[provinces]", 'bends = [{ route = ["land", "Veii", "Caere"], via = [[1, 2]] }]\n\n[provinces]'))


def near_misses(name: str) -> list[tuple[str, str, float]]:
    g = board_layout(name)
    cities = g["cities"]
    out = []
    for r in g["routes"]:
        a, z = cities[r["a"]], cities[r["b"]]
        path = sample_path(r, (a["x"], a["y"]), (z["x"], z["y"]))
        for c in cities:
            if c["id"] in (r["a"], r["b"]):
                continue
            radius = (CAPITAL_RADIUS if c["id"] == g["capital"] else CITY_RADIUS) + MARGIN
            d = min(math.hypot(x - c["x"], y - c["y"]) for x, y in path)
            if d < radius:
                out.append((f"{r['kind']} {a['name']}–{z['name']}", c["name"], round(d, 1)))
    return out


@pytest.mark.parametrize("name", board_names())
def test_no_drawn_route_passes_through_a_third_city(name):
    assert near_misses(name) == []


@pytest.mark.parametrize("name, route", [
    ("balearica", ("Fornix", "Mago")), ("balearica", ("Fornix", "Soller")), ("ionium", ("Heraklion", "Lepreon")),
    ("cyprus", ("Laodiceia", "Tripolis")), ("sicilia", ("Gela", "Helorus")),
])
def test_the_five_sea_routes_are_drawn_with_bends_and_their_space_on_the_path(name, route):
    g = board_layout(name)
    names = {c["id"]: c["name"] for c in g["cities"]}
    r = next(r for r in g["routes"] if r["kind"] == "sea" and {names[r["a"]], names[r["b"]]} == set(route))
    assert len(r["points"]) >= 3 and "ctrl" not in r
    assert r["points"][0] == [g["cities"][r["a"]]["x"], g["cities"][r["a"]]["y"]]
    a, z = g["cities"][r["a"]], g["cities"][r["b"]]
    path = sample_path(r, (a["x"], a["y"]), (z["x"], z["y"]), n=400)
    assert min(math.dist(p, r["space"]) for p in path) < 1.0


def test_every_board_loads_its_bends():
    assert {n: sum(1 for x in load_board(n).bends if x) for n in board_names()} == {
        "imperium": 0, "italia": 0, "hellas": 0, "ionium": 1, "cyprus": 1, "sicilia": 1, "balearica": 3, "roma": 0}
