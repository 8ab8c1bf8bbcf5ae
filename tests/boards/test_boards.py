"""Board data files: counts against ../shared/maps/README.md, capitals, zones, positions, distance tables, board
extras, and the loader's refusals of bad files."""
from __future__ import annotations

import importlib.util
import sys

import pytest

from sestertius.data.board import (
    LAND,
    SEA,
    UNREACHABLE,
    Board,
    BoardError,
    board_names,
    build_board,
    load_board,
    parse_board,
)
from support import ROOT
from support.boards import GOOD, WRONG, places, refuse, replaced

SHARED_MAPS = ROOT.parent / "shared" / "maps"

# The oracle: the table of ../shared/maps/README.md (cities including the capital, provinces, land and sea routes).
EXPECTED = {
    "imperium": (31, 12, 44, 35),
    "italia": (26, 11, 40, 23),
    "hellas": (26, 10, 27, 31),
    "ionium": (31, 12, 42, 35),
    "cyprus": (31, 12, 44, 27),
    "sicilia": (24, 9, 41, 20),
    "balearica": (22, 9, 30, 24),
    "roma": (25, 7, 50, 0),
}
CAPITAL = {"imperium": "Roma", "italia": "Roma", "hellas": "Athenae", "ionium": "Athenae", "cyprus": "Antiochia",
           "sicilia": "Syracusae", "balearica": None, "roma": None}
PLAYERS = {"imperium": (3, 5), "italia": (2, 4), "hellas": (3, 4), "ionium": (4, 5), "cyprus": (5, 6),
           "sicilia": (2, 5), "balearica": (3, 3), "roma": (2, 5)}
TOKENS = {"A": 7, "B": 8, "C": 10, "D": 5}
BOARDS = sorted(EXPECTED)


def route(board: Board, kind: int, a: str, b: str) -> int:
    """The id of the (only) route of this kind between two cities."""
    ca, cb = board.city(a), board.city(b)
    found = [r.id for r in board.routes if r.kind == kind and {r.a, r.b} == {ca, cb}]
    assert len(found) == 1, f"{len(found)} routes {a}–{b}"
    return found[0]


# -- the shipped boards ------------------------------------------------------------------------------------------

def test_every_board_is_shipped():
    assert board_names() == BOARDS


@pytest.mark.parametrize("name", BOARDS)
def test_counts_match_the_readme_table(name):
    b = load_board(name)
    land = sum(r.kind == LAND for r in b.routes)
    sea = sum(r.kind == SEA for r in b.routes)
    assert (len(b.cities), len(b.provinces), land, sea) == EXPECTED[name]


@pytest.mark.parametrize("name", BOARDS)
def test_capital_players_and_title(name):
    b = load_board(name)
    assert (b.cities[b.capital] if b.capital is not None else None) == CAPITAL[name]
    assert b.players == PLAYERS[name]
    assert b.name == name and b.title == name.title()
    if b.capital is not None:
        assert b.zone[b.capital] == ""
        assert b.capital not in b.buildable()
        assert all(b.capital not in members for members in b.province_cities)


@pytest.mark.parametrize("name", BOARDS)
def test_every_other_city_has_a_zone_and_a_province(name):
    b = load_board(name)
    for c in b.buildable():
        assert b.zone[c] in "ABCD" and len(b.zone[c]) == 1, b.cities[c]
        p = b.province_of[c]
        assert 0 <= p < len(b.provinces), b.cities[c]
        assert c in b.province_cities[p]
    assert sorted(c for members in b.province_cities for c in members) == b.buildable()


@pytest.mark.parametrize("name", BOARDS)
def test_zones_never_need_more_tokens_than_the_box_holds(name):
    b = load_board(name)
    for z, tokens in TOKENS.items():
        assert b.zone.count(z) <= tokens, z


def test_zone_counts_of_the_read_boards():
    # the counts the map files state for the boards read from a picture
    def count(name):
        b = load_board(name)
        return {z: b.zone.count(z) for z in "ABCD"}
    assert count("sicilia") == {"A": 0, "B": 8, "C": 10, "D": 5}
    assert count("balearica") == {"A": 7, "B": 0, "C": 10, "D": 5}
    assert count("roma") == {"A": 7, "B": 8, "C": 10, "D": 0}
    assert count("imperium") == TOKENS


@pytest.mark.parametrize("name", BOARDS)
def test_positions_are_plausible(name):
    b = load_board(name)
    for c, city in enumerate(b.cities):
        assert 25 <= b.lat[c] <= 60 and -12 <= b.lon[c] <= 45, city
        assert b.layout[c] is not None, city
        x, y = b.layout[c]
        assert 0 <= x <= 1 and 0 <= y <= 1, city
    # Roma's sites lie inside the Aurelian walls
    if name == "roma":
        assert all(41.87 < b.lat[c] < 41.92 and 12.45 < b.lon[c] < 12.52 for c in range(len(b.cities)))


def test_some_positions():
    imperium = load_board("imperium")
    c = imperium.city("Isca Dumnoniorum")
    assert (imperium.lat[c], imperium.lon[c], imperium.layout[c]) == (50.72, -3.53, (0.061, 0.041))
    assert imperium.lat[imperium.city("Londinium")] > imperium.lat[imperium.city("Roma")]
    assert imperium.lon[imperium.city("Petra")] > imperium.lon[imperium.city("Athenae")]


@pytest.mark.parametrize("name", BOARDS)
def test_every_city_has_a_route(name):
    b = load_board(name)
    for c, city in enumerate(b.cities):
        assert b.routes_at[LAND][c] or b.routes_at[SEA][c], city


def test_ionium_special_routes():
    b = load_board("ionium")
    ms, np = b.city("Messana"), b.city("Neapolis")
    twins = [r for r in b.routes if r.kind == SEA and {r.a, r.b} == {ms, np}]
    assert len(twins) == 2 and twins[0].id != twins[1].id
    r = route(b, LAND, "Apollonia", "Brundisium")
    assert b.routes[r].no_stop and not b.stoppable[r]
    assert sum(not s for s in b.stoppable) == 1
    # the sea route Apollonia–Brundisium is an ordinary one
    assert b.stoppable[route(b, SEA, "Apollonia", "Brundisium")]
    # the no-stop route still counts one step: Brundisium -> (Apollonia–Brundisium) -> (Apollonia–Scodra)
    assert b.city_dist[LAND][b.city("Brundisium")][route(b, LAND, "Apollonia", "Scodra")] == 2
    # the two parallel sea routes are one step apart and equally far from Messana
    assert b.dist[twins[0].id][twins[1].id] == 1
    assert b.city_dist[SEA][ms][twins[0].id] == b.city_dist[SEA][ms][twins[1].id] == 1


def test_no_stop_routes_only_on_ionium():
    for name in BOARDS:
        if name != "ionium":
            assert all(load_board(name).stoppable), name


def test_capital_province_membership():
    imperium = load_board("imperium")
    assert imperium.provinces[imperium.province_of[imperium.capital]] == "Italia"
    sicilia = load_board("sicilia")
    assert sicilia.province_of[sicilia.capital] == -1  # Syracusae belongs to no province


# -- distance tables ---------------------------------------------------------------------------------------------

def test_imperium_distances_from_roma():
    b = load_board("imperium")
    roma = b.city("Roma")
    land = b.city_dist[LAND][roma]
    assert land[route(b, LAND, "Roma", "Novaria")] == 1
    assert land[route(b, LAND, "Novaria", "Massilia")] == 2
    assert land[route(b, LAND, "Massilia", "Valentia")] == 3
    assert land[route(b, LAND, "Roma", "Syracusae")] == 1
    # Africa by land: Roma–Novaria, Novaria–Massilia, Massilia–Valentia, Valentia–Rusadir, Rusadir–Carthago
    assert land[route(b, LAND, "Carthago", "Rusadir")] == 5
    sea = b.city_dist[SEA][roma]
    assert sea[route(b, SEA, "Massilia", "Roma")] == 1
    assert sea[route(b, SEA, "Carthago", "Massilia")] == 2
    assert sea[route(b, SEA, "Brigantium", "Olisipo")] == 4  # Roma–Carthago, –Rusadir, –Olisipo, –Brigantium
    # a land colonist never reaches a sea route and vice versa
    assert land[route(b, SEA, "Massilia", "Roma")] == UNREACHABLE
    assert sea[route(b, LAND, "Roma", "Novaria")] == UNREACHABLE


def test_route_to_route_distances():
    b = load_board("imperium")
    rn = route(b, LAND, "Roma", "Novaria")
    assert b.dist[rn][rn] == 0
    assert b.dist[rn][route(b, LAND, "Novaria", "Massilia")] == 1
    assert b.dist[rn][route(b, LAND, "Massilia", "Valentia")] == 2
    assert b.dist[rn][route(b, LAND, "Aquileia", "Novaria")] == 1  # shares Novaria
    assert b.dist[rn][route(b, LAND, "Aquileia", "Roma")] == 1  # shares Roma
    assert b.dist[rn][route(b, LAND, "Aquileia", "Sirmium")] == 2
    assert b.dist[rn][route(b, SEA, "Massilia", "Roma")] == UNREACHABLE
    first = b.by_distance[rn]
    assert [d for d, _ in first] == sorted(d for d, _ in first) and all(d >= 1 for d, _ in first)


@pytest.mark.parametrize("name", BOARDS)
def test_distances_are_symmetric_and_consistent(name):
    b = load_board(name)
    nr = len(b.routes)
    for r1 in range(nr):
        assert b.dist[r1][r1] == 0
        for r2 in range(nr):
            assert b.dist[r1][r2] == b.dist[r2][r1]
            if b.route_kind[r1] != b.route_kind[r2]:
                assert b.dist[r1][r2] == UNREACHABLE
    # from a city: one step onto its own routes; otherwise one more than from the nearest route at the city
    for kind in (LAND, SEA):
        for c in range(len(b.cities)):
            row = b.city_dist[kind][c]
            for r in range(nr):
                near = [b.dist[r0][r] for r0 in b.routes_at[kind][c] if b.dist[r0][r] != UNREACHABLE]
                assert row[r] == (min(near) + 1 if near else UNREACHABLE)


def test_island_distances_on_balearica():
    b = load_board("balearica")
    # Frumentaria has sea routes only; Ebussum's roads do not reach Maiorica's
    assert set(b.city_dist[LAND][b.city("Frumentaria")]) == {UNREACHABLE}
    assert b.city_dist[LAND][b.city("Ebussus")][route(b, LAND, "Andrachium", "Palmaria")] == UNREACHABLE
    assert b.city_dist[SEA][b.city("Ebussus")][route(b, SEA, "Andrachium", "Palmaria")] == 2


def test_hellas_distance():
    b = load_board("hellas")
    athenae = b.city("Athenae")
    assert b.city_dist[LAND][athenae][route(b, LAND, "Delphi", "Thebae")] == 2
    assert b.city_dist[SEA][athenae][route(b, SEA, "Melos", "Thera")] == 2


# -- board extras kept in Board.extra ----------------------------------------------------------------------------

def test_sicilia_volcano_provinces():
    b = load_board("sicilia")
    volcano = b.extra["volcano_provinces"]
    assert len(volcano) == 3 and set(volcano) <= set(b.provinces)
    members = {b.cities[c] for p in volcano for c in b.province_cities[b.provinces.index(p)]}
    assert members == {"Caleacte", "Hadranum", "Tyndaris", "Messana", "Tauromenium", "Catana", "Menae"}


def test_balearica_start_boats():
    b = load_board("balearica")
    boats = b.extra["start_boats"]
    assert sorted(boats) == ["Start East", "Start West"]
    assert sum(len(x["routes"]) for x in boats.values()) == 7
    for boat in boats.values():
        assert len(boat["line_ends"]) == len(boat["routes"])
        assert 25 <= boat["lat"] <= 60 and -12 <= boat["lon"] <= 45
        for kind, x, y in boat["routes"]:
            assert kind == "sea"
            route(b, SEA, x, y)  # an existing sea route
    assert {frozenset(r[1:]) for r in boats["Start West"]["routes"]} == {
        frozenset(p) for p in [("Ebussus", "Andrachium"), ("Andrachium", "Palmaria"), ("Ebussus", "Palmaria")]}


def test_balearica_spellings_kept():
    text = (ROOT / "sestertius" / "data" / "boards" / "balearica.toml").read_text(encoding="utf-8")
    assert 'spelling = "PORTVS MAGNVS"' in text and 'spelling = "EBVSSVS"' in text


def test_roma_extras():
    b = load_board("roma")
    roma = b.extra["roma"]
    assert sorted(roma["gates"]) == ["East", "North", "South", "West"]
    gate_routes = roma["gate_routes"]
    assert len(gate_routes) == 6
    assert sorted(g for g, _ in gate_routes) == ["East", "East", "East", "North", "South", "West"]
    for gate, site in gate_routes:
        assert gate in roma["gates"]
        b.city(site)  # a known building site
    assert {s for g, s in gate_routes if g == "East"} == {
        "Horti Maecenatis", "Templum Isidis et Serapidis", "Amphitheatrum Castrense"}
    # the EAST gate's X is read as gate routes, not as a land route
    hm, ac = b.city("Horti Maecenatis"), b.city("Amphitheatrum Castrense")
    assert not any({r.a, r.b} == {hm, ac} for r in b.routes)
    track = roma["track"]
    assert [t["space"] for t in track] == list(range(1, 10))
    assert [t["name"] for t in track] == ["Ostia", "Massilia", "Valentia", "Carthago", "Cyrene", "Alexandria",
                                          "Antiochia", "Athenae", "Byzantium"]
    assert roma["sea_start"] == "Ostia" and track[0]["kind"] == "start" and track[-1]["kind"] == "god"
    assert track[3]["house_sites"] == ["brick", "food"]
    assert track[7]["house_sites"] == ["tool", "wine", "cloth"]
    assert track[1]["gain"] == {"sestertii": 3}  # assumption A-MASSILIA
    assert len(roma["gods"]) == 7
    assert "start" in roma and len(roma["start"]["xy"]) == 2
    assert b.cities[b.city("Templum Isidis et Serapidis")]  # printed TEMPL. expanded


def test_generated_files_are_up_to_date():
    if not (SHARED_MAPS / "README.md").is_file():
        pytest.skip("../shared/maps not present")
    spec = importlib.util.spec_from_file_location("make_boards", ROOT / "tools" / "make_boards.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    assert module.main(["--check"]) == 0


# -- refusals ----------------------------------------------------------------------------------------------------


def test_good_text_loads():
    b = parse_board(GOOD, source="tiny.toml")
    assert b.cities == ("Caere", "Ostia", "Roma", "Veii")
    assert b.cities[b.capital] == "Roma"
    assert len(b.routes) == 4 and b.extra == {}


def test_refuses_unknown_city_in_a_route():
    msg = refuse(GOOD.replace('["land", "Veii", "Caere"]', '["land", "Veii", "Antium"]'))
    assert "unknown city 'Antium'" in msg and "route 4 (land Veii Antium)" in msg


def test_refuses_duplicate_route():
    msg = refuse(GOOD.replace('["land", "Veii", "Caere"],', '["land", "Veii", "Caere"],\n  ["land", "Caere", "Veii"],'))
    assert "duplicate route" in msg and "route 5 (land Caere Veii)" in msg


def test_parallel_routes_allow_two_but_not_three():
    declared = 'parallel_routes = [["sea", "Ostia", "Roma"]]\nroutes = [\n  ["sea", "Ostia", "Roma"],'
    two = GOOD.replace("routes = [", declared)
    b = parse_board(two)
    assert len(b.routes) == 5
    assert sum(r.kind == SEA for r in b.routes) == 2
    three = GOOD.replace("routes = [", declared + '\n  ["sea", "Roma", "Ostia"],')
    msg = refuse(three)
    assert "duplicate route" in msg and "route 4 (sea Roma Ostia)" in msg and "not more" in msg
    # without the declaration a second sea route is refused
    msg = refuse(GOOD.replace("routes = [", 'routes = [\n  ["sea", "Ostia", "Roma"],'))
    assert "duplicate route" in msg and "route 3 (sea Roma Ostia)" in msg and "parallel_routes" in msg


def test_refuses_city_without_province():
    msg = refuse(GOOD.replace('Etruria = ["Veii", "Caere"]', 'Etruria = ["Veii"]'))
    assert "city 'Caere' has no province" in msg


def test_refuses_unreachable_city():
    text = GOOD.replace('  ["land", "Veii", "Caere"],\n', '').replace(
        'Caere = {', 'Tarquinii = { zone = "C", lat = 42.25, lon = 11.76 }\nCaere = {').replace(
        '"Veii", "Caere"]', '"Veii", "Caere", "Tarquinii"]').replace(
        'routes = [', 'routes = [\n  ["sea", "Caere", "Tarquinii"],')
    msg = refuse(text)
    assert "unreachable city" in msg and "Caere" in msg and "Tarquinii" in msg and "from Roma" in msg
    assert "Veii" not in msg.split("cannot")[0]


def test_refuses_wrong_zone_letter():
    msg = refuse(GOOD.replace('Veii = { zone = "B"', 'Veii = { zone = "E"'))
    assert "city 'Veii'" in msg and "wrong zone letter 'E'" in msg
    msg = refuse(GOOD.replace('Veii = { zone = "B", ', 'Veii = { '))
    assert "city 'Veii'" in msg and "wrong zone letter" in msg


def test_refuses_zone_on_the_capital():
    msg = refuse(GOOD.replace('Roma = { lat', 'Roma = { zone = "A", lat'))
    assert "city 'Roma'" in msg and "capital" in msg and "zone" in msg


def test_refuses_city_in_two_provinces():
    msg = refuse(GOOD.replace('Etruria = ["Veii", "Caere"]', 'Etruria = ["Veii", "Caere", "Ostia"]'))
    assert "city 'Ostia' is listed in two provinces" in msg and "Latium" in msg and "Etruria" in msg


def test_refuses_invalid_toml():
    msg = refuse(GOOD.replace('Veii = { zone = "B", lat = 42.02, lon = 12.40 }', 'Veii = { zone = "B", lat = }'))
    assert "not valid TOML" in msg and "line 18" in msg  # GOOD starts with an empty line


def test_refuses_other_mistakes():
    assert "unknown city 'Antium'" in refuse(GOOD.replace('Latium = ["Roma", "Ostia"]',
                                                          'Latium = ["Roma", "Ostia", "Antium"]'))
    assert "capital 'Antium'" in refuse(GOOD.replace('capital = "Roma"', 'capital = "Antium"'))
    assert "kind must be" in refuse(GOOD.replace('["land", "Veii", "Caere"]', '["road", "Veii", "Caere"]'))
    assert "no-stop" in refuse(GOOD.replace('["land", "Veii", "Caere"]', '["land", "Veii", "Caere", "x"]'))
    assert "two different cities" in refuse(GOOD.replace('["land", "Veii", "Caere"]', '["land", "Veii", "Veii"]'))
    assert "city 'Veii': missing or non-numeric lat" in refuse(GOOD.replace('lat = 42.02, ', ''))
    assert "city 'Veii': xy" in refuse(GOOD.replace('lon = 12.40 }', 'lon = 12.40, xy = [1] }'))
    assert "missing key 'routes'" in refuse(GOOD.replace("routes = [", "roads = ["))


def test_a_value_of_the_wrong_type_is_refused_with_the_file_and_the_place():
    assert refuse(GOOD.replace("routes = [", "routes = 5\nroads = [")) == ("bad.toml: routes must be a list of "
                                                                          "[\"land\"|\"sea\", city, city], not 5")
    assert refuse('name = 5\n' + GOOD.replace('name = "tiny"', '')) == "bad.toml: name must be a name in quotes, not 5"
    assert "route 4 (land Veii 5): unknown city 5" in refuse(GOOD.replace('["land", "Veii", "Caere"]',
                                                                          '["land", "Veii", 5]'))
    assert "province 'Etruria': unknown city ['Veii']" in refuse(GOOD.replace('["Veii", "Caere"]',
                                                                              '[["Veii"], "Caere"]'))
    assert "city 'Veii': wrong zone letter 2" in refuse(GOOD.replace('zone = "B", lat = 42.02', 'zone = 2, '
                                                                                                   'lat = 42.02'))
    assert "city 'Veii': missing or non-numeric lat" in refuse(GOOD.replace("lat = 42.02", "lat = true"))
    assert "players must be [min, max]" in refuse("players = 3\n" + GOOD)


def test_any_value_of_a_board_file_replaced_by_a_wrong_type_gives_the_board_error():
    """Every place of the small board (and the first routes and cities of Italia), each replaced by values of other
    types: the board loads or is refused with a BoardError naming the file; never another error."""
    import tomllib
    italia = tomllib.loads((ROOT / "sestertius" / "data" / "boards" / "italia.toml").read_text(encoding="utf-8"))
    first = {"routes": set(range(3)), "cities": set(sorted(italia["cities"])[:3]), "provinces": {"Venetia"}}
    refused = 0
    for source, raw in (("tiny.toml", tomllib.loads(GOOD)), ("italia.toml", italia)):
        paths = [p for p, _ in places(raw) if source == "tiny.toml" or len(p) == 1 or p[1] in first.get(p[0], ())]
        for path in paths:
            for value in WRONG:
                try:
                    build_board(replaced(raw, path, value), source=source)
                except BoardError as e:
                    assert str(e).startswith(f"{source}: "), str(e)
                    refused += 1
    assert refused > 500


def test_unknown_board_name():
    with pytest.raises(BoardError, match="unknown board 'atlantis'"):
        load_board("atlantis")


def test_boards_with_rules_of_their_own_play_by_them_and_the_others_by_the_base_rules():
    from sestertius.rules.game import Game
    from sestertius.rules.rulebook import BASE_BOARD, BOARDS
    for name in board_names():
        rules = Game.new({"board": name, "players": 3}).state.rules.board
        assert rules is BOARDS.get(name, BASE_BOARD) and (rules.name == name) == (name in BOARDS)


def test_a_board_file_that_is_not_utf8_is_refused_with_its_name(tmp_path, monkeypatch):
    import types

    import sestertius.data.board as board_module
    folder = tmp_path / "data" / "boards"
    folder.mkdir(parents=True)
    text = (ROOT / "sestertius" / "data" / "boards" / "italia.toml").read_text(encoding="utf-8")
    (folder / "latin1.toml").write_bytes(text.replace('title = "Italia"', 'title = "Itália"').encode("latin-1"))
    monkeypatch.setattr(board_module, "resources", types.SimpleNamespace(files=lambda package: tmp_path))
    with pytest.raises(BoardError) as e:
        load_board("latin1")
    offset = text.encode("utf-8").index(b'title = "Italia"') + len('title = "It') + 1
    assert str(e.value) == f"latin1.toml: not UTF-8 text (byte {offset} is 0xe1); a board file is TOML in UTF-8"


def test_a_board_without_its_capital_is_refused_saying_so():
    msg = refuse(GOOD.replace('capital = "Roma"\n', ""))
    assert msg.startswith("bad.toml: missing key 'capital' (the city colonists start in)"), msg
    assert "[roma] or [start_boats]" in msg
    # the boards without a capital say so, and their own rules start the colonists from the table they name
    for name, table in (("roma", "roma"), ("balearica", "start_boats")):
        text = (ROOT / "sestertius" / "data" / "boards" / f"{name}.toml").read_text(encoding="utf-8")
        assert f"# no capital; see [{table}]" in text
        assert load_board(name).capital is None
    # without its table, Balearica lacks a capital; Roma is told it lacks its [roma] table (which its rules need)
    text = (ROOT / "sestertius" / "data" / "boards" / "balearica.toml").read_text(encoding="utf-8")
    assert "missing key 'capital'" in refuse(text.replace("[start_boats", "[xstart_boats"), source="balearica.toml")
    text = (ROOT / "sestertius" / "data" / "boards" / "roma.toml").read_text(encoding="utf-8")
    assert "missing key 'roma'" in refuse(text.replace("[roma", "[xroma"), source="roma.toml")
