"""Roma (roma-sicilia.txt, the Roma part): START and OSTIA, the gates, land colonists inside the walls, the ship track
(forward, one step any distance, once per colonist, one to Byzantium per turn), bonuses, house sites on CARTHAGO and
ATHENAE with the rulebook's cost example, Byzantium with the rulebook's example, the Prefect's ship move, scoring of
the track houses, the end by the last house, random playouts with invariants, and record replay."""
from __future__ import annotations

import random
import tomllib

import pytest

from sestertius.data.board import LAND, SEA, BoardError, build_board, parse_board
from sestertius.data.catalog import BRICK, CLOTH, FOOD, TOOL, WINE
from sestertius.rules.boards.roma import RULES, track
from sestertius.rules.errors import IllegalAction
from sestertius.rules.game import Game
from sestertius.rules.scoring import god_values, score_seat
from sestertius.rules.state import STORE
from support import ROOT
from support.boards import WRONG, places, refuse, replaced
from support.playouts import fish_playout
from support.rules import play, put, set_goods, start_turn, top

NLAND = 3


def new(players: int = 2, seed: int = 1) -> Game:
    return Game.new({"board": "roma", "players": players}, seed=seed)


def START(g: Game) -> int:
    return track(g.state).start(g.state)


def space(g: Game, name: str) -> int:
    """The colonist location of a ship-track space."""
    t = track(g.state)
    return START(g) + next(k for k, sp in t.spaces.items() if sp["name"] == name)


def site(g: Game, where: str, good: str) -> int:
    return g.state.board.city(f"{where}, {good} site")


def c(g: Game, name: str) -> int:
    return g.state.board.city(name)


def land_route(g: Game, a: str, b: str) -> int:
    bd = g.state.board
    ca, cb = bd.city(a), bd.city(b)
    found = [r.id for r in bd.routes[:50] if r.kind == LAND and {r.a, r.b} == {ca, cb}]
    assert len(found) == 1
    return found[0]


def gate_route(g: Game, gate: str, site_name: str) -> int:
    t = track(g.state)
    return next(x["route"] for x in t.gate_routes if x["gate"] == gate and x["site"] == c(g, site_name))


def only(g: Game, seat: int, **where: int) -> None:
    """Clear the seat's colonists, then put some: land=loc for slot 0, sea=loc for slot 3 (more: land1, sea1)."""
    for slot in range(6):
        put(g, seat, slot, STORE)
    slots = {"land": 0, "land1": 1, "land2": 2, "sea": 3, "sea1": 4, "sea2": 5}
    for key, loc in where.items():
        put(g, seat, slots[key], loc)


def house(g: Game, seat: int, city: int, good: int | None = None) -> None:
    s = g.state
    if good is not None:
        s.city_good = list(s.city_good)
        s.city_good[city] = good
    s.houses[city] |= 1 << seat
    s.players[seat].houses.append(city)


def moves(g: Game) -> set[tuple]:
    return {a for a in g.legal_actions() if a[0] == "move"}


def architect(g: Game, seat: int) -> None:
    play(g, seat, "architect")


# -- start ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_start_positions(players):
    g = new(players)
    s = g.state
    for seat in range(players):
        col = s.players[seat].col
        assert col[:NLAND] == [START(g), STORE, STORE]
        assert col[NLAND:] == [space(g, "Ostia"), STORE, STORE]
        assert s.colonists_on_board(seat) == 2
    assert s.board.capital is None and all(x < 0 for x in s.route_occ)
    v = g.view(0)
    assert v["players"][0]["colonists"][0]["at"] == {"start": True, "name": "Start"}
    assert v["players"][0]["colonists"][3]["at"] == {"track": 1, "name": "Ostia"}
    roma = v["roma"]
    assert [sp["name"] for sp in roma["track"]] == ["Ostia", "Massilia", "Valentia", "Carthago", "Cyrene",
                                                    "Alexandria", "Antiochia", "Athenae", "Byzantium"]
    assert len(roma["track"][0]["colonists"]) == players and len(roma["start"]["colonists"]) == players
    assert [x["name"] for x in roma["gods"]] == ["Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva",
                                                 "Venus"]
    assert [len(sp.get("sites", [])) for sp in roma["track"]] == [0, 0, 0, 2, 0, 0, 0, 3, 0]


# -- land colonists: gates -----------------------------------------------------------------------------------------

def test_first_step_goes_through_a_gate_onto_each_gate_route():
    g = new()
    only(g, 0, land=START(g))
    architect(g, 0)
    g.state.pending[-1] = ("arch_move", 0, 1, None)
    t = track(g.state)
    expected = {("move", 0, x["route"]) for x in t.gate_routes}
    assert moves(g) == expected
    per_gate: dict[str, list[str]] = {}
    for x in t.gate_routes:
        per_gate.setdefault(x["gate"], []).append(g.state.board.cities[x["site"]])
    assert per_gate == {"North": ["Mausoleum Augustii"], "West": ["Aqua Traiana"], "South": ["Thermae Caracallae"],
                        "East": ["Horti Maecenatis", "Templum Isidis et Serapidis", "Amphitheatrum Castrense"]}
    r = gate_route(g, "North", "Mausoleum Augustii")
    assert "North gate (Via Flaminia)" in g.describe(("move", 0, r))
    g.apply(("move", 0, r))
    assert g.state.players[0].col[0] == r and g.state.route_occ[r] == 0
    g.apply(("done",))
    # a gate route has one neighbouring site: only Mausoleum Augustii can be built from it
    assert {a for a in g.legal_actions() if a[0] == "build"} == {("build", c(g, "Mausoleum Augustii"))}


def test_rulebook_example_start_to_thermae_traiani_templum_isidis_costs_two_steps():
    g = new()
    target = land_route(g, "Thermae Traiani", "Templum Isidis et Serapidis")
    assert RULES.move_cost(g.state, 0, 0, target) == 2
    only(g, 0, land=START(g), sea=space(g, "Ostia"))
    architect(g, 0)
    assert top(g) == ("arch_move", 0, 2, None)
    assert ("move", 0, target) in moves(g)
    g.apply(("move", 0, target))
    assert top(g) == ("arch_move", 0, 0, None)
    # with only 1 point it is out of reach
    g2 = new()
    only(g2, 0, land=START(g2))
    architect(g2, 0)
    assert ("move", 0, target) not in moves(g2)
    with pytest.raises(IllegalAction, match="2 steps away"):
        g2.apply(("move", 0, target))


def test_occupied_gate_route_is_passed_but_not_stopped_on():
    g = new()
    r = gate_route(g, "West", "Aqua Traiana")
    only(g, 1, land=r)
    only(g, 0, land=START(g), sea=space(g, "Ostia"))
    architect(g, 0)
    assert ("move", 0, r) not in moves(g)
    assert ("move", 0, land_route(g, "Aqua Traiana", "Naumachia Augusti")) in moves(g)  # through it: 2 steps


def test_land_colonists_never_leave_the_city():
    g = new()
    north = gate_route(g, "North", "Mausoleum Augustii")
    west = gate_route(g, "West", "Aqua Traiana")
    only(g, 0, land=north, sea=space(g, "Ostia"), sea1=space(g, "Ostia"), sea2=space(g, "Ostia"))
    architect(g, 0)  # 4 points
    opts = moves(g)
    assert all(a[2] < g.state.R for a in opts if a[1] < NLAND)  # never START, never the track
    # no way back out through START: the West gate route is reached only across the city
    d = RULES.move_cost(g.state, 0, 0, west)
    assert d is not None and d > 2
    assert d == g.state.board.dist[north][west]
    with pytest.raises(IllegalAction, match="never leave"):
        g.apply(("move", 0, START(g)))
    # and a land colonist already inside may step onto a gate route (a dead end, not a way out)
    inner = land_route(g, "Mausoleum Augustii", "Pantheon")
    assert RULES.move_cost(g.state, 0, 0, inner) == 1


# -- sea colonists: the ship track ---------------------------------------------------------------------------------

def test_ship_track_forward_any_distance_for_one_step():
    g = new()
    only(g, 0, land=START(g), sea=space(g, "Ostia"))
    architect(g, 0)
    sea_moves = {a[2] for a in moves(g) if a[1] == NLAND}
    assert sea_moves == {space(g, n) for n in ("Massilia", "Valentia", "Carthago", "Cyrene", "Alexandria",
                                               "Antiochia", "Athenae", "Byzantium")}
    assert "move sea colonist to Athenae" == g.describe(("move", NLAND, space(g, "Athenae")))
    g.apply(("move", NLAND, space(g, "Athenae")))
    assert top(g)[0] == "arch_move" and top(g)[2] == 1
    assert g.state.players[0].col[NLAND] == space(g, "Athenae")
    # a colonist on Athenae could only go on to Byzantium, but it has moved this turn already
    assert not any(a[1] == NLAND for a in moves(g))
    with pytest.raises(IllegalAction, match="at most once per turn"):
        g.apply(("move", NLAND, space(g, "Byzantium")))


def test_never_backward_and_next_turn_only_onward():
    g = new()
    only(g, 0, land=START(g), sea=space(g, "Athenae"))
    architect(g, 0)
    assert {a[2] for a in moves(g) if a[1] == NLAND} == {space(g, "Byzantium")}
    with pytest.raises(IllegalAction, match="only forward"):
        g.apply(("move", NLAND, space(g, "Cyrene")))
    with pytest.raises(IllegalAction, match="only along the ship track"):
        g.apply(("move", NLAND, land_route(g, "Pantheon", "Forum Romanum")))


def test_each_sea_colonist_once_per_turn_and_several_share_a_space():
    g = new()
    only(g, 0, land=START(g), sea=space(g, "Ostia"), sea1=space(g, "Ostia"))
    only(g, 1, sea=space(g, "Cyrene"))
    architect(g, 0)  # 3 points
    g.apply(("move", NLAND, space(g, "Cyrene")))  # shares Cyrene with seat 2's colonist
    # the other colonist in Ostia may still move (also to Cyrene), the moved one not
    assert ("move", NLAND + 1, space(g, "Cyrene")) in moves(g)
    assert not any(a[1] == NLAND for a in moves(g))
    g.apply(("move", NLAND + 1, space(g, "Cyrene")))
    s = g.state
    assert s.players[0].col[NLAND:NLAND + 2] == [space(g, "Cyrene")] * 2 and s.players[1].col[NLAND] == space(g,
                                                                                                              "Cyrene")
    assert s.players[0].money == 5 + 10 + 0  # Cyrene twice
    assert not any(a[1] >= NLAND for a in moves(g))  # both moved this turn
    # next turn they move again
    g.apply(("done",))
    while g.state.pending and g.to_act() == 0 and g.current_step()[0] != "turn":
        g.apply(g.legal_actions()[0])
    architect(g, 0)
    assert {a[1] for a in moves(g) if a[1] >= NLAND} == {NLAND}  # the two on one space: one decision


def test_only_one_sea_colonist_to_byzantium_per_turn():
    g = new()
    only(g, 0, land=START(g), sea=space(g, "Athenae"), sea1=space(g, "Antiochia"))
    architect(g, 0)
    g.apply(("move", NLAND, space(g, "Byzantium")))
    assert ("move", NLAND + 1, space(g, "Byzantium")) not in moves(g)
    assert ("move", NLAND + 1, space(g, "Athenae")) in moves(g)
    with pytest.raises(IllegalAction, match="one of your sea colonists may move to Byzantium per turn"):
        g.apply(("move", NLAND + 1, space(g, "Byzantium")))


# -- why a ship move is refused ---------------------------------------------------------------------------------------

def refusal(g: Game, action: tuple) -> str:
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    return e.value.detail


def test_a_ship_move_without_movement_points_left_is_refused_for_that():
    g = new()
    only(g, 0, land=START(g), sea=space(g, "Ostia"))
    architect(g, 0)
    g.state.pending[-1] = ("arch_move", 0, 0, None)  # every point spent, no god scored yet
    assert moves(g) == set()
    for name in ("Massilia", "Cyrene", "Byzantium"):
        assert refusal(g, ("move", NLAND, space(g, name))) == (f"{name} is 1 step away; you have no movement "
                                                               f"points left")
    # a land route: the same words, the steps counted
    g.state.pending[-1] = ("arch_move", 0, 1, None)
    target = land_route(g, "Thermae Traiani", "Templum Isidis et Serapidis")
    assert refusal(g, ("move", 0, target)) == (f"{g.state.board.route_name(target)} is 2 steps away; you have 1 "
                                               f"movement point left")


def test_the_second_ship_on_a_space_is_refused_as_interchangeable_with_the_first():
    g = new()
    only(g, 0, land=START(g), sea=space(g, "Ostia"), sea1=space(g, "Ostia"))
    architect(g, 0)  # 3 points
    assert {a[1] for a in moves(g) if a[1] >= NLAND} == {NLAND}
    assert refusal(g, ("move", NLAND + 1, space(g, "Cyrene"))) == (
        f"sea colonists on one space are interchangeable: move the colonist of slot {NLAND} from Ostia instead")
    # once the first has sailed, the other is the one to move
    g.apply(("move", NLAND, space(g, "Cyrene")))
    g.apply(("move", NLAND + 1, space(g, "Massilia")))


def test_a_ship_that_sailed_this_turn_does_not_stand_for_the_others_on_its_space():
    g = new()
    only(g, 0, land=START(g), sea=space(g, "Ostia"), sea1=space(g, "Cyrene"), sea2=space(g, "Cyrene"))
    architect(g, 0)  # 4 points
    g.apply(("move", NLAND, space(g, "Cyrene")))  # it joins the two in Cyrene, having moved
    assert ("move", NLAND + 1, space(g, "Antiochia")) in moves(g)
    assert refusal(g, ("move", NLAND + 2, space(g, "Antiochia"))) == (
        f"sea colonists on one space are interchangeable: move the colonist of slot {NLAND + 1} from Cyrene instead")
    assert refusal(g, ("move", NLAND, space(g, "Antiochia"))) == "each sea colonist moves at most once per turn"


def test_the_prefects_ship_move_gives_the_same_reasons():
    g = new()
    only(g, 0, sea=space(g, "Massilia"), sea1=space(g, "Massilia"))
    play(g, 0, "prefect")
    g.apply(("cash",))
    assert top(g) == ("roma_sail", 0)
    assert refusal(g, ("move", NLAND + 1, space(g, "Cyrene"))) == (
        f"sea colonists on one space are interchangeable: move the colonist of slot {NLAND} from Massilia instead")
    assert refusal(g, ("move", NLAND, space(g, "Ostia"))) == "sea colonists move only forward along the ship track"
    assert refusal(g, ("move", NLAND + 2, space(g, "Cyrene"))) == "that sea colonist is not on the board"


def test_byzantium_with_every_god_scored_says_so_and_only_then():
    g = new()
    s = g.state
    only(g, 0, land=START(g), sea=space(g, "Athenae"))
    architect(g, 0)
    s.parts["roma"].marks = (1,) * len(track(s).gods)  # seat 0 marked every god; it has houses left
    assert RULES.houses_left(s, 0) > 0
    assert ("move", NLAND, space(g, "Byzantium")) not in moves(g)
    assert refusal(g, ("move", NLAND, space(g, "Byzantium"))) == "you have scored every god at Byzantium already"
    s.parts["roma"].marks = (1,) * (len(track(s).gods) - 1) + (0,)  # one god left: the move is legal
    assert ("move", NLAND, space(g, "Byzantium")) in moves(g)


# -- bonuses --------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,money,goods", [("Massilia", 3, [0, 0, 0, 0, 0]), ("Valentia", 0, [1, 0, 0, 0, 0]),
                                              ("Cyrene", 5, [0, 0, 0, 0, 0])])
def test_fixed_bonuses(name, money, goods):
    g = new()
    only(g, 0, sea=space(g, "Ostia"))
    set_goods(g, 0)
    architect(g, 0)
    before = g.state.players[0].money
    g.apply(("move", NLAND, space(g, name)))
    assert g.state.players[0].money - before == money
    assert g.state.players[0].goods == goods


@pytest.mark.parametrize("name,choice", [("Alexandria", (FOOD, TOOL)), ("Antiochia", (WINE, CLOTH))])
def test_choice_bonuses(name, choice):
    for good in choice:
        g = new()
        only(g, 0, sea=space(g, "Ostia"))
        set_goods(g, 0)
        architect(g, 0)
        g.apply(("move", NLAND, space(g, name)))
        assert top(g) == ("roma_bonus", 0, track(g.state).spaces[space(g, name) - START(g)]["space"])
        assert set(g.legal_actions()) == {("take", x) for x in choice}
        g.apply(("take", good))
        assert g.state.players[0].goods[good] == 1 and sum(g.state.players[0].goods) == 1
        assert top(g)[0] == "arch_move"


@pytest.mark.parametrize("name", ["Valentia", "Alexandria"])
def test_bonus_goods_are_lost_when_the_storehouse_is_full(name):
    g = new()
    only(g, 0, sea=space(g, "Ostia"))
    set_goods(g, 0, wine=4, cloth=3)  # 7 goods + 5 colonists in the storehouse = 12
    assert g.state.free_space(0) == 0
    architect(g, 0)
    g.apply(("move", NLAND, space(g, name)))
    assert top(g)[0] == "arch_move"  # no choice to make, nothing gained
    assert g.state.players[0].goods == [0, 0, 0, 4, 3]
    assert any("lost" in e["text"] for e in g.state.events[-3:])


# -- building on Carthago and Athenae --------------------------------------------------------------------------------

def test_rulebook_example_building_on_athenae():
    g = new(3)
    s = g.state
    house(g, 0, site(g, "Athenae", "wine"))
    house(g, 1, site(g, "Athenae", "cloth"))
    only(g, 0, land=START(g), sea=space(g, "Ostia"))
    set_goods(g, 0, brick=2, tool=1, cloth=1)
    s.players[0].money = 20
    architect(g, 0)
    g.apply(("move", NLAND, space(g, "Athenae")))
    g.apply(("done",))  # moves done
    assert top(g)[0] == "arch_build"
    g.apply(("done",))  # no city houses
    assert top(g) == ("roma_build", 0, None)
    assert set(g.legal_actions()) == {("done",), ("build", site(g, "Athenae", "tool")),
                                      ("build", site(g, "Athenae", "cloth"))}
    from sestertius.rules.cards.architect import house_cost
    assert house_cost(s, site(g, "Athenae", "tool")) == ((1, 0, 1, 0, 0), 3)
    assert house_cost(s, site(g, "Athenae", "cloth")) == ((1, 0, 0, 0, 1), 10)
    with pytest.raises(IllegalAction, match="one house per player per site"):
        g.apply(("build", site(g, "Athenae", "wine")))
    g.apply(("build", site(g, "Athenae", "tool")))
    p = g.state.players[0]
    assert p.goods == [1, 0, 0, 0, 1] and p.money == 17
    assert site(g, "Athenae", "tool") in p.houses
    # one house per entering colonist: the step is over
    assert top(g)[0] != "roma_build"


def test_track_house_only_when_entering_this_turn_and_carthago_costs():
    g = new()
    s = g.state
    only(g, 0, land=START(g), sea=space(g, "Carthago"))
    set_goods(g, 0, brick=3, food=3)
    s.players[0].money = 20
    architect(g, 0)  # the colonist stands on Carthago but did not enter it this turn
    g.apply(("done",))
    g.apply(("done",))
    assert top(g)[0] not in ("roma_build",)
    from sestertius.rules.cards.architect import house_cost
    assert house_cost(s, site(g, "Carthago", "brick")) == ((0, 1, 0, 0, 0), 1)  # a brick site: 1 food
    assert house_cost(s, site(g, "Carthago", "food")) == ((1, 1, 0, 0, 0), 2)
    # two colonists entering Carthago in one turn: one house each
    g = new()
    only(g, 0, sea=space(g, "Ostia"), sea1=space(g, "Massilia"))
    set_goods(g, 0, brick=3, food=3)
    g.state.players[0].money = 20
    architect(g, 0)
    g.apply(("move", NLAND, space(g, "Carthago")))
    g.apply(("move", NLAND + 1, space(g, "Carthago")))
    g.apply(("done",))
    g.apply(("done",))
    g.apply(("build", site(g, "Carthago", "brick")))
    assert top(g) == ("roma_build", 0, None)
    assert set(g.legal_actions()) == {("done",), ("build", site(g, "Carthago", "food"))}
    g.apply(("build", site(g, "Carthago", "food")))
    assert {site(g, "Carthago", "brick"), site(g, "Carthago", "food")} <= set(g.state.players[0].houses)


# -- Byzantium --------------------------------------------------------------------------------------------------------

def rulebook_byzantium_position() -> Game:
    """Houses in 5 quarters and on Carthago (3 of them brick), 2 colonists (START and the track); Minerva marked by
    two other players."""
    g = new(3)
    s = g.state
    bd = s.board
    for name, good in [("Pantheon", BRICK), ("Forum Romanum", BRICK), ("Aqua Traiana", FOOD),
                       ("Castra Nova", TOOL), ("Horti Maecenatis", WINE)]:
        house(g, 0, bd.city(name), good)
    house(g, 0, site(g, "Carthago", "brick"))
    marks = list(s.parts["roma"].marks)
    marks[track(s).gods.index("Minerva")] = 0b110
    s.parts["roma"].marks = tuple(marks)
    only(g, 0, land=START(g), sea=space(g, "Athenae"))
    return g


def test_rulebook_example_byzantium():
    g = rulebook_byzantium_position()
    s = g.state
    assert s.colonists_on_board(0) == 2
    architect(g, 0)
    g.apply(("move", NLAND, space(g, "Byzantium")))
    g.apply(("done",))
    g.apply(("done",))
    assert top(g) == ("roma_god", 0)
    legal = set(g.legal_actions())
    assert ("god", "Mars") in legal and ("god", "Minerva", BRICK) in legal
    assert RULES.god_points(s, 0, ("god", "Mars")) == 4
    assert RULES.god_points(s, 0, ("god", "Saturnus")) == 6
    assert RULES.god_points(s, 0, ("god", "Minerva", BRICK)) == 5  # 3 x 3 = 9, halved, rounded up
    assert g.describe(("god", "Saturnus")) == "score Saturnus in Byzantium (6 VP)"
    assert g.describe(("god", "Minerva", BRICK)) == "score Minerva as Mason in Byzantium (5 VP)"
    g.apply(("god", "Saturnus"))
    p = s.players[0]
    assert p.vp == 6
    assert s.parts["roma"].marks[track(s).gods.index("Saturnus")] == 1
    assert g.view(0)["players"][0]["houses_left"] == 15 - 6 - 1
    assert g.view(0)["roma"]["gods"][2]["marked_by"] == [0]
    assert score_seat(s, 0)["during play"] == 6


def test_byzantium_half_points_and_each_god_once():
    g = rulebook_byzantium_position()
    s = g.state
    i = track(s).gods.index("Mars")
    marks = list(s.parts["roma"].marks)
    marks[i] = 0b010
    s.parts["roma"].marks = tuple(marks)
    only(g, 0, land=START(g), land1=START(g), land2=START(g), sea=space(g, "Athenae"))  # 4 on the board: Mars 8
    assert RULES.god_points(s, 0, ("god", "Mars")) == 4
    marks[i] = 0b011  # marked by this player too: no more
    s.parts["roma"].marks = tuple(marks)
    architect(g, 0)
    g.apply(("move", NLAND, space(g, "Byzantium")))
    g.apply(("done",))
    g.apply(("done",))
    assert ("god", "Mars") not in g.legal_actions()
    with pytest.raises(IllegalAction, match="each god once"):
        g.apply(("god", "Mars"))
    # odd values round up when halved: Vesta 1 -> 1
    s.players[0].money, s.players[0].goods = 10, [0, 0, 0, 0, 0]
    marks[track(s).gods.index("Vesta")] = 0b100
    s.parts["roma"].marks = tuple(marks)
    assert RULES.god_points(s, 0, ("god", "Vesta")) == 1


def test_byzantium_scores_after_the_architect_builds():
    g = rulebook_byzantium_position()
    s = g.state
    only(g, 0, land=gate_route(g, "South", "Thermae Caracallae"), sea=space(g, "Athenae"))
    set_goods(g, 0, brick=2, food=2, tool=2, wine=2, cloth=2)
    s.players[0].money = 40
    architect(g, 0)
    g.apply(("move", NLAND, space(g, "Byzantium")))
    g.apply(("done",))
    assert top(g)[0] == "arch_build"
    g.apply(("build", c(g, "Thermae Caracallae")))  # a 6th quarter (Aventinus)
    g.apply(("done",))
    assert top(g) == ("roma_god", 0)
    assert RULES.god_points(s, 0, ("god", "Saturnus")) == 7


def test_a_house_on_the_track_is_built_before_byzantium_scores_and_the_scoring_is_not_optional():
    """The Architect's order on Roma: move, build houses, then score Byzantium. One ship enters Byzantium, the other
    Athenae, where a tool house is built: Saturnus then counts Athenae as a province (7, not the example's 6). A
    ship in Byzantium scores a god: there is no declining it."""
    g = rulebook_byzantium_position()  # five quarters and Carthago (brick): Saturnus 6
    s = g.state
    only(g, 0, land=START(g), sea=space(g, "Antiochia"), sea1=space(g, "Cyrene"))
    set_goods(g, 0, brick=2, tool=2)
    s.players[0].money = 40
    architect(g, 0)
    g.apply(("move", NLAND, space(g, "Byzantium")))
    g.apply(("move", NLAND + 1, space(g, "Athenae")))
    g.apply(("done",))
    g.apply(("done",))
    assert top(g) == ("roma_build", 0, None)
    g.apply(("build", site(g, "Athenae", "tool")))
    assert top(g) == ("roma_god", 0)
    assert ("done",) not in g.legal_actions()
    assert RULES.god_points(s, 0, ("god", "Saturnus")) == 7
    vp = s.players[0].vp
    g.apply(("god", "Saturnus"))
    assert s.players[0].vp == vp + 7


def test_the_last_house_ends_the_game_when_a_god_holds_one_of_the_fifteen():
    """13 houses in the quarters and one marking a god: the 15th house, built in a quarter, is the seat's last, and
    ends the game (Concordia card) though only 14 stand on the board."""
    g = new()
    s = g.state
    for x in [i for i in range(25) if i not in (c(g, "Emporium"), c(g, "Porta Naevia"))][:13]:
        house(g, 0, x, BRICK)
    marks = list(s.parts["roma"].marks)
    marks[0] = 1
    s.parts["roma"].marks = tuple(marks)
    only(g, 0, land=land_route(g, "Emporium", "Porta Naevia"))
    set_goods(g, 0, food=2, brick=2, tool=2, wine=2, cloth=2)
    s.players[0].money = 50
    for name in ("Emporium", "Porta Naevia"):
        s.city_good = list(s.city_good)
        s.city_good[c(g, name)] = BRICK
    assert RULES.houses_left(s, 0) == 1
    architect(g, 0)
    g.apply(("done",))
    g.apply(("build", c(g, "Emporium")))
    assert RULES.houses_left(s, 0) == 0 and s.concordia == 0


def test_byzantium_needs_a_house_and_the_last_house_ends_the_game():
    g = new()
    s = g.state
    quarters = list(range(25))[:14]
    for x in quarters:
        house(g, 0, x, BRICK)
    only(g, 0, land=START(g), sea=space(g, "Athenae"))
    assert RULES.houses_left(s, 0) == 1
    architect(g, 0)
    g.apply(("move", NLAND, space(g, "Byzantium")))
    g.apply(("done",))
    g.apply(("done",))
    g.apply(("god", "Mars"))
    assert s.concordia == 0 and s.final_turns >= 0
    assert RULES.houses_left(s, 0) == 0
    # with no house left Byzantium cannot be used
    only(g, 0, sea=space(g, "Antiochia"))
    start_turn(g, 0)
    g.state.turn += 1
    g.state.players[0].hand.append("architect")
    g.apply(("play", "architect"))
    assert ("move", NLAND, space(g, "Byzantium")) not in moves(g)
    with pytest.raises(IllegalAction, match="no house left"):
        g.apply(("move", NLAND, space(g, "Byzantium")))
    # and no city house either: the god's house counts among the 15
    assert g.view(0)["players"][0]["houses_left"] == 0


# -- Prefect ---------------------------------------------------------------------------------------------------------

def test_prefect_produces_only_in_the_quarters():
    g = new()
    house(g, 0, site(g, "Carthago", "food"))
    play(g, 0, "prefect")
    assert {a for a in g.legal_actions() if a[0] == "produce"} == {("produce", i) for i in range(7)}


def test_prefect_cash_moves_exactly_one_sea_colonist():
    g = new()
    s = g.state
    only(g, 0, sea=space(g, "Ostia"), sea1=space(g, "Massilia"))
    set_goods(g, 0, brick=1, food=1)
    s.players[0].money = 10
    s.marker_up = [False] + [True] * 6
    play(g, 0, "prefect")
    g.apply(("cash",))
    assert top(g) == ("roma_sail", 0)
    legal = set(g.legal_actions())
    assert ("done",) in legal and ("move", NLAND, space(g, "Carthago")) in legal
    assert ("move", NLAND + 1, space(g, "Ostia")) not in legal  # forward only
    money = s.players[0].money
    g.apply(("move", NLAND, space(g, "Carthago")))
    assert top(g) == ("roma_build", 0, None)  # entering Carthago: build at once
    g.apply(("build", site(g, "Carthago", "brick")))
    assert site(g, "Carthago", "brick") in s.players[0].houses and s.players[0].money == money - 1
    assert g.current_step()[0] == "turn" and g.state.current == 1  # exactly one move: the turn is over


def test_prefect_cash_move_takes_a_bonus():
    g = new()
    only(g, 0, sea=space(g, "Massilia"))
    play(g, 0, "prefect")
    g.apply(("cash",))
    money = g.state.players[0].money
    g.apply(("move", NLAND, space(g, "Cyrene")))
    assert g.state.players[0].money == money + 5


# -- new colonists -------------------------------------------------------------------------------------------------

def test_new_colonists_go_to_start_ostia_or_an_own_house():
    g = new()
    s = g.state
    only(g, 0)
    house(g, 0, c(g, "Pantheon"))
    house(g, 0, site(g, "Carthago", "food"))
    set_goods(g, 0, food=3, tool=3)
    play(g, 0, "colonist")
    C = len(s.board.cities)
    assert {a for a in g.legal_actions() if a[0] == "place"} == {("place", 0, C), ("place", 0, c(g, "Pantheon")),
                                                                 ("place", 1, C + 1)}
    assert g.describe(("place", 1, C + 1)) == "place a sea colonist in Ostia"
    g.apply(("place", 1, C + 1))
    g.apply(("place", 0, C))
    assert s.players[0].col[0] == START(g) and s.players[0].col[NLAND] == space(g, "Ostia")
    # Tribune
    g = new()
    s = g.state
    only(g, 0)
    set_goods(g, 0, food=2, tool=2)
    play(g, 0, "tribune")
    assert {a for a in g.legal_actions() if a[0] == "recruit"} == {("recruit", 0, C), ("recruit", 1, C + 1)}
    g.apply(("recruit", 1, C + 1))
    assert s.players[0].col[NLAND] == space(g, "Ostia")


# -- scoring of the track houses ----------------------------------------------------------------------------------

def test_track_houses_count_for_the_gods():
    g = new()
    s = g.state
    house(g, 0, c(g, "Pantheon"), BRICK)
    house(g, 0, site(g, "Carthago", "brick"))
    house(g, 0, site(g, "Carthago", "food"))
    house(g, 0, site(g, "Athenae", "cloth"))
    v = god_values(s, 0)
    assert v["Saturnus"] == 3  # Campus Martius, Carthago, Athenae
    assert v["Venus"] == 2  # Carthago with 2 houses
    assert v["Jupiter"] == 2  # food and cloth sites (not the brick ones)
    assert v["Mercurius"] == 2 * 3  # brick, food, cloth
    s.players[0].hand = ["mason", "weaver"]
    s.players[0].pile = []
    sc = score_seat(s, 0)
    assert sc["Minerva"] == 3 * 2 + 5 * 1
    # specialists produce on the track
    set_goods(g, 0)
    play(g, 0, "mason")
    assert s.players[0].goods[BRICK] == 2


# -- whole games ---------------------------------------------------------------------------------------------------

def check(g: Game) -> None:
    s = g.state
    b = s.board
    R = s.R
    t = track(s)
    start = t.start(s)
    occ = [-1] * R
    marks = s.parts["roma"].marks
    for seat, p in enumerate(s.players):
        assert p.money >= 0 and min(p.goods) >= 0
        assert len(set(p.houses)) == len(p.houses)
        assert len(p.houses) + sum(m >> seat & 1 for m in marks) <= 15
        for x in p.houses:
            assert s.houses[x] >> seat & 1
        for slot, loc in enumerate(p.col):
            if loc == STORE:
                continue
            if slot < NLAND:
                assert loc == start or loc < R or (R <= loc < start and s.houses[loc - R] >> seat & 1)
                if loc < R:
                    assert b.route_kind[loc] == LAND and occ[loc] == -1
                    occ[loc] = seat
            else:
                assert start < loc <= start + t.last, "a sea colonist off the ship track"
    assert occ == s.route_occ
    assert all(b.route_kind[r] == LAND for r in range(R))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_finish_with_invariants(players):
    for seed in range(3):
        g = Game.new({"board": "roma", "players": players, "venus": seed == 1}, seed=seed)
        rnd = random.Random(seed * 31 + players)
        check(g)
        while not g.is_over:
            legal = g.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            a = rnd.choice(legal)
            g.describe(a)
            g.apply(a)
            check(g)
            assert len(g.history) < 20000
        s = g.state
        assert s.concordia >= 0
        scores = g.scores()
        assert all(sc["total"] == sum(v for k, v in sc.items() if k != "total") for sc in scores)
        assert sum(sc["Concordia"] for sc in scores) == 7
        g.view(0)


def test_record_replay_is_identical():
    g = Game.new({"board": "roma", "players": 3}, seed=7)
    rnd = random.Random(7)
    while not g.is_over:
        g.apply(rnd.choice(g.legal_actions()))
    assert any(e["kind"] == "sail" for e in g.state.events)
    rec = g.record()
    g2 = Game.from_record(rec)
    assert g2.state.hash() == g.state.hash() == rec["state_hash"]
    # a state hash covers the god marks and the track houses
    c2 = g2.state.copy()
    c2.parts["roma"].marks = tuple(m ^ 1 for m in c2.parts["roma"].marks)
    assert c2.hash() != g2.state.hash()
    assert g2.state.parts["roma"].marks != c2.parts["roma"].marks


def test_board_file_is_unchanged_and_the_game_board_adds_gates_and_sites():
    from sestertius.data.board import load_board
    base = load_board("roma")
    assert (len(base.cities), len(base.routes)) == (25, 50)
    g = new()
    b = g.state.board
    assert (len(b.cities), len(b.routes), g.state.R) == (30, 56, 56)
    assert b.cities[:25] == base.cities and b.routes[:50] == base.routes
    assert [b.province_of[x] for x in range(25, 30)] == [7, 7, 8, 8, 8]
    assert all(r.kind == LAND for r in b.routes) and not any(r.kind == SEA for r in b.routes)


@pytest.mark.parametrize("players,side", [(2, "coastal"), (3, "mountain"), (4, "coastal"), (5, "mountain")])
def test_random_playouts_with_the_fish_market_keep_the_invariants_and_replay(players, side):
    """The fish market on Roma (A-FISH-ROMA): the colonist stand to START or OSTIA, the Architect stand's step on the
    ship track, its one house, the Prefect's cash with its ship move."""
    g = fish_playout({"board": "roma", "players": players, "fish_market": side}, seed=970 + players, check=check)
    assert len(g.state.parts["fish"].spots) == 7


# -- the [roma] table of the board file: checked on load --------------------------------------------------------------

ROMA_TOML = (ROOT / "sestertius" / "data" / "boards" / "roma.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("old,new,says", [
    # Massilia's coins: the value assumption A-MASSILIA asks a player to correct
    ('gain = { sestertii = 3 }', 'gain = { sesterii = 3 }', "roma.track[2] (Massilia): gain: unknown key 'sesterii'"),
    ('gain = { sestertii = 3 }', 'gain = { sestertii = "2" }',
     "roma.track[2] (Massilia): gain.sestertii must be a whole number, 0 or more, not '2'"),
    ('gain = { sestertii = 3 }', 'gain = { sestertii = -2 }', "roma.track[2] (Massilia): gain.sestertii must be"),
    ('gain = { sestertii = 3 }', 'gain = { sestertii = 2.5 }', "roma.track[2] (Massilia): gain.sestertii must be"),
    ('gain = { sestertii = 3 }', 'gain = 3', "roma.track[2] (Massilia): gain must be a table"),
    ('gain = { sestertii = 3 }', 'gian = { sestertii = 3 }', "roma.track[2] (Massilia): unknown key 'gian'"),
    ('gain = { sestertii = 3 }', 'gain = {}', "roma.track[2] (Massilia): a bonus space needs gain"),
    # goods of the bonuses and the house sites
    ('gain = { brick = 1 }', 'gain = { brik = 1 }', "roma.track[3] (Valentia): gain: unknown key 'brik'"),
    ('choice = ["food", "tool"]', 'choice = ["food", "tools"]',
     "roma.track[6] (Alexandria): choice: unknown good 'tools'"),
    ('choice = ["food", "tool"]', 'choice = "food"', "roma.track[6] (Alexandria): choice must be a list of goods"),
    ('choice = ["wine", "cloth"]', 'choice = ["wine", "wine"]', "roma.track[7] (Antiochia): choice: a good is listed"),
    ('house_sites = ["brick", "food"]', 'house_sites = ["brick", "fod"]',
     "roma.track[4] (Carthago): house_sites: unknown good 'fod'"),
    ('house_sites = ["brick", "food"]', 'house_sites = []', "roma.track[4] (Carthago): house_sites must be a list"),
    ('house_sites = ["tool", "wine", "cloth"]', 'house_site = ["tool", "wine", "cloth"]',
     "roma.track[8] (Athenae): unknown key 'house_site'"),
    ('gain = { sestertii = 5 }', 'gain = { sestertii = 5 }\nhouse_sites = ["wine"]',
     "roma.track[5] (Cyrene): unknown key 'house_sites'"),  # only a building space has house sites
    # the spaces: their kinds, numbers, names and places
    ('kind = "god"', 'kind = "gods"', "roma.track[9] (Byzantium): kind must be one of 'start', 'bonus', 'building'"),
    ('kind = "bonus"\ngain = { sestertii = 5 }', 'kind = "god"', "roma.track: space 1 must be the only one of kind"),
    ('kind = "start"', 'kind = "god"', "roma.track: space 1 must be the only one of kind 'start'"),
    ('space = 5\n', 'space = 15\n', "roma.track: the spaces must be numbered 1 to 9, each once"),
    ('space = 5\n', 'space = "5"\n', "roma.track[5] (Cyrene): space must be a whole number"),
    ('space = 5\n', 'space = 4\n', "roma.track[5] (Cyrene): space must be a whole number, each space's own, not 4"),
    ('name = "Cyrene"', 'name = "Valentia"', "roma.track[5] (Valentia): two spaces are named 'Valentia'"),
    ('name = "Cyrene"', 'name = 5', "roma.track[5]: name must be a text in quotes, not 5"),
    ('lat = 36.85\n', 'lat = "36.85"\n', "roma.track[4] (Carthago): missing or non-numeric lat"),
    ('lat = 36.85\n', '', "roma.track[4] (Carthago): missing key 'lat'"),
    ('xy = [0.389, 1.04]', 'xy = [0.389]', "roma.track[4] (Carthago): xy must be [x, y]"),
    ('printed = "5 sestertii"', 'printed = 5', "roma.track[5] (Cyrene): printed must be a text"),
    ('sea_start = "Ostia"', 'sea_start = "Ostai"', "roma.sea_start = 'Ostai': must name the track's first space"),
    # the gates and their routes
    ('["East", "Horti Maecenatis"]', '["East", "Horti Maecenatiss"]',
     "roma.gate_routes[4] = ['East', 'Horti Maecenatiss']: unknown building site 'Horti Maecenatiss'"),
    ('["North", "Mausoleum Augustii"]', '["Nord", "Mausoleum Augustii"]',
     "roma.gate_routes[1] = ['Nord', 'Mausoleum Augustii']: unknown gate 'Nord'"),
    ('["West", "Aqua Traiana"]', '["West"]', "roma.gate_routes[2] = ['West']: must be [gate, building site]"),
    ('["West", "Aqua Traiana"],', '["West", "Aqua Traiana"],\n  ["West", "Aqua Traiana"],',
     "roma.gate_routes[3] = ['West', 'Aqua Traiana']: the same gate route twice"),
    ('gate_routes = [', 'gate_routes = 5\ngate_rout = [', "roma: unknown key 'gate_rout'"),
    ('road = "Via Aurelia"', 'road = 5', "roma.gates.West: road must be a text in quotes, not 5"),
    ('road = "Via Aurelia", ', '', "roma.gates.West: missing key 'road'"),
    ('road = "Via Aurelia"', 'raod = "Via Aurelia"', "roma.gates.West: unknown key 'raod'"),
    # the gods of Byzantium
    ('name = "Jupiter"', 'name = "Iupiter"', "roma.gods[2]: name = 'Iupiter': unknown god"),
    ('name = "Jupiter"', 'name = "Vesta"', "roma.gods[2]: name = 'Vesta': the god is listed twice"),
    ('points = 2\nicon = "goods"', 'points = "2"\nicon = "goods"',
     "roma.gods[4] (Mercurius): points must be a whole number"),
    ('variable = true', 'variable = "yes"', "roma.gods[6] (Minerva): variable must be true or false"),
    # the rest of [roma]
    ('sea_start = "Ostia"', 'sea_start = "Ostia"\nsea_strat = "Ostia"', "roma: unknown key 'sea_strat'"),
    ('start = { lat = 41.872', 'start = { lat = "41.872"', "roma.start: missing or non-numeric lat"),
    ('east_gate_crossing_xy = [0.834, 0.347]', 'east_gate_crossing_xy = [0.834]',
     "roma.east_gate_crossing_xy must be [x, y]"),
])
def test_a_mistake_in_the_roma_table_is_refused_on_load_naming_the_file_and_the_key(old, new, says):
    text = ROMA_TOML.replace(old, new, 1)
    assert text != ROMA_TOML, old
    assert says in refuse(text, "roma.toml", "roma")


def test_the_roma_table_must_be_there_and_a_refused_file_changes_nothing():
    with pytest.raises(BoardError, match=r"^roma\.toml: missing key 'roma' \(the table \[roma\]"):
        parse_board(ROMA_TOML.split("\n[roma]\n")[0], source="roma.toml")
    with pytest.raises(BoardError):
        parse_board(ROMA_TOML.replace("gain = { sestertii = 3 }", "gain = { sesterii = 3 }"), source="roma.toml")
    from sestertius.data.board import load_board
    assert load_board("roma").extra["roma"]["track"][1]["gain"] == {"sestertii": 3}
    assert parse_board(ROMA_TOML.replace("gain = { sestertii = 3 }", "gain = { sestertii = 2 }"),
                       source="roma.toml").extra["roma"]["track"][1]["gain"] == {"sestertii": 2}  # a correction


def test_the_overrides_file_cannot_reach_the_board_files(tmp_path):
    """Board values are corrected in the board file itself (docs/ASSUMPTIONS.md), where they are checked on load; an
    overrides file naming a board's table is refused, so no value of [roma] goes around the checks."""
    from sestertius.data.overrides import DataError, read_overrides
    path = tmp_path / "overrides.toml"
    path.write_text("[roma]\nsea_start = \"Ostia\"\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"overrides\.toml: unknown table \[roma\]"):
        read_overrides(path)


def sail_to_every_space(g: Game) -> None:
    """Seat 0's ship from OSTIA into each later space, an Architect each time, every step it brings taken."""
    s = g.state
    for k in range(2, track(s).last + 1):
        only(g, 0, land=START(g), sea=START(g) + 1)
        set_goods(g, 0, brick=2, food=2, tool=2, wine=1, cloth=1)
        s.players[0].money = 30
        s.turn += 1
        architect(g, 0)
        g.apply(("move", NLAND, START(g) + k))
        while g.current_step()[0] != "turn":
            legal = g.legal_actions()
            g.apply(("done",) if top(g)[0] == "arch_move" else legal[-1])  # a bonus, a house, a god
    g.view(0)


def test_any_value_of_the_roma_table_replaced_by_a_wrong_type_is_refused_on_load_or_plays(monkeypatch):
    """Every place of [roma] (a track space of each kind, two gods and a gate), each replaced by values of other
    types: the board is refused with a BoardError naming roma.toml and the key, or it loads and a ship sails into
    every space of the track."""
    raw = tomllib.loads(ROMA_TOML)
    keep = {"track": {0, 1, 2, 3, 5, 8}, "gods": {0, 5}, "gates": {"East"}}
    paths = [p for p, _ in places(raw["roma"], ("roma",)) if len(p) < 3 or p[2] in keep.get(p[1], {p[2]})]
    refused = played = 0
    for path in paths:
        for value in WRONG:
            try:
                board = build_board(replaced(raw, path, value), source="roma.toml")
            except BoardError as e:
                assert str(e).startswith("roma.toml: roma"), str(e)
                refused += 1
                continue
            monkeypatch.setattr("sestertius.rules.state.load_board", lambda name, board=board: board)
            sail_to_every_space(new())
            played += 1
    assert refused > 1000 and played > 50
