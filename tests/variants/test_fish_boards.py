"""The fish market on the boards with rules of their own (issue 8, item 7): the options now allowed and those still
refused; Sicilia's volcano and the fish on the bonus-marker spots (A-FISH-SICILIA); Balearica's colonist stand into
a city with an own house; Roma's START and OSTIA for the colonist stand, its ship track for the Architect stand and
the Prefect's cash (A-FISH-ROMA)."""
from __future__ import annotations

import pytest

from sestertius.data.catalog import assumptions_for, load_fish_market
from sestertius.rules.boards.roma import track
from sestertius.rules.boards.sicilia import draw
from sestertius.rules.errors import IllegalAction, OptionsError
from sestertius.rules.game import Game
from sestertius.rules.state import CHANCE, STORE, TurnInfo
from sestertius.rules.turn import push_turn
from support.rules import BRICK, FOOD, TOOL, WINE, give_house, play, put, set_city_good, set_goods, top

COASTAL = load_fish_market().sides["coastal"].spots
COLONIST = next(j for j, row in enumerate(COASTAL) if row[0].action == "colonist")
ARCHITECT = next(j for j, row in enumerate(COASTAL) if row[0].action == "architect")
NLAND = 3


def fish_game(board: str, players: int = 3, side: str = "coastal", seed: int = 1, **opts) -> Game:
    return Game.new({"board": board, "players": players, "fish_market": side, **opts}, seed=seed)


def fish(g: Game):
    return g.state.parts["fish"]


def open_market(g: Game, seat: int, fish_count: int) -> None:
    """Make it the start of ``seat``'s turn with ``fish_count`` fish, the market phase pushed as the engine does."""
    s = g.state
    fish(g).stored[seat] = fish_count
    s.current = seat
    s.pending = []
    s.turn_info = TurnInfo()
    push_turn(s, seat)


def refused(g: Game, action: tuple) -> str:
    before = g.state.hash()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert g.state.hash() == before, "a refused decision changed the game"
    return str(e.value)


# -- options ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("opts", [
    *({"board": "sicilia", "players": n} for n in (2, 3, 4, 5)),
    {"board": "sicilia", "players": 4, "mode": "team"}, {"board": "sicilia", "players": 6, "mode": "team"},
    {"board": "balearica", "players": 3}, {"board": "balearica", "players": 5},
    *({"board": "roma", "players": n} for n in (2, 3, 4, 5)),
])
@pytest.mark.parametrize("side", ["coastal", "mountain"])
def test_the_fish_market_is_played_on_every_board(opts, side):
    g = Game.new({**opts, "fish_market": side}, seed=2)
    s = g.state
    assert fish(g).spots == [1] * len(s.board.provinces)  # 1 fish on each bonus-marker spot (Roma: the 7 quarters)
    assert s.pm == s.n - 1  # Praefectus Piscatus to the last player
    ids = {a["id"] for a in assumptions_for(g.options)}
    assert "A-FISH-MARKET" in ids
    if opts["board"] in ("sicilia", "roma"):
        assert f"A-FISH-{opts['board'].upper()}" in ids


@pytest.mark.parametrize("opts,words", [
    ({"board": "roma", "players": 4, "mode": "team"}, "needs a board with a capital"),
    ({"board": "balearica", "players": 4, "mode": "team"}, "needs a board with a capital"),
    ({"board": "balearica", "players": 1, "mode": "solo"}, "no rule for Balearica"),
])
def test_what_stays_refused_says_why(opts, words):
    with pytest.raises(OptionsError, match=words):
        Game.new({**opts, "fish_market": "coastal"}, seed=1)


# -- Sicilia ----------------------------------------------------------------------------------------------------
def sicilia(players: int = 5) -> Game:
    g = fish_game("sicilia", players, manual_dice=True)
    while g.to_act() == CHANCE:  # setup draws: neutral tiles where there are some, else the first listed
        legal = g.legal_actions()
        g.apply(next((a for a in legal if a[1] == "coins"), legal[0]))
    return g


def prov(g: Game, name: str) -> int:
    return g.state.board.provinces.index(name)


def test_sicilia_setup_draws_the_volcano_tiles_and_puts_fish_on_the_spots():
    g = fish_game("sicilia", 3, manual_dice=True)
    assert top(g) == ("volcano_setup", CHANCE, 2) and fish(g).spots == [1] * 9


@pytest.mark.parametrize("holder", [False, True])
def test_sicilia_a_province_without_its_bonus_produces_but_gives_no_fish(holder):
    """Row 2: the volcano took the province's production bonus, which the fish market's fish are. Its fish go back to
    the supply; the houses produce; the spot is empty until a cash, which pays for it and regrows it as usual.
    Praefectus Piscatus' extra fish comes from the supply: its holder takes it and passes the card."""
    g = sicilia(3)
    s = g.state
    grey = prov(g, "Grey")
    for _ in range(2):
        draw(s, -1, "Grey")
    assert not s.rules.board.production_bonus(s, grey)
    fish(g).spots[grey] = 2
    set_city_good(g, "Hadranum", WINE)
    give_house(g, 1, "Hadranum")
    seat = 2 if holder else 0  # seat 2 holds Praefectus Piscatus
    wine1 = s.players[1].goods[WINE]
    play(g, seat, "prefect")
    assert "no fish" in g.describe(("produce", grey))
    g.apply(("produce", grey))
    assert fish(g).spots[grey] == 0 and not s.marker_up[grey]
    assert fish(g).stored[seat] == (1 if holder else 0)
    assert s.pm == (1 if holder else 2)
    assert s.players[1].goods[WINE] == wine1 + 1  # the houses produce as usual
    assert any("takes none of the 2 fish of Grey" in e["text"] for e in s.events[-3:])
    money = s.players[0].money
    play(g, 0, "prefect")
    g.apply(("cash",))
    assert s.players[0].money == money + 1 and fish(g).spots[grey] == 1  # paid for and regrown like any spot


def test_sicilia_an_erupted_province_loses_its_spot_and_its_fish():
    g = sicilia(5)
    s = g.state
    orange = prov(g, "Orange")
    for _ in range(3):
        draw(s, -1, "Orange")
    fish(g).spots[orange] = 2
    play(g, 0, "tribune")
    g.apply(("tile", "Orange"))  # the 4th Orange tile: Etna erupts
    assert not s.rules.board.can_produce(s, orange)
    assert fish(g).spots[orange] == 0 and not s.marker_up[orange]
    assert any("the 2 fish on the bonus-marker spot of Orange go back to the supply" in e["text"] for e in s.events)
    g.apply(("done",))
    play(g, 1, "prefect")
    assert ("produce", orange) not in g.legal_actions()
    assert "can no longer produce" in refused(g, ("produce", orange))
    fish(g).spots[prov(g, "Grey")] = 0  # one province without fish that may still produce
    money = s.players[1].money
    g.apply(("cash",))
    assert s.players[1].money == money + 1  # Grey pays; Orange has no spot any more
    assert fish(g).spots[orange] == 0 and fish(g).spots[prov(g, "Grey")] == 1
    assert s.marker_up == [x > 0 for x in fish(g).spots]


def test_sicilia_no_building_holds_for_the_architect_stand():
    g = sicilia(5)
    s = g.state
    for _ in range(3):
        draw(s, -1, "Yellow")  # row 3: no more houses in Yellow
    messana = s.board.city("Messana")
    set_city_good(g, "Messana", BRICK)
    cap = s.board.capital
    road = next(r.id for r in s.board.routes if r.kind == 0 and {r.a, r.b} & {messana} and cap not in (r.a, r.b))
    put(g, 0, 0, road)
    set_goods(g, 0, food=2)
    open_market(g, 0, fish_count=2)
    g.apply(("enter", ARCHITECT, 0))
    g.apply(("done",))
    assert top(g) == ("arch_build", 0, 1) and ("build", messana) not in g.legal_actions()
    assert "closed to building (the volcano)" in refused(g, ("build", messana))


# -- Balearica --------------------------------------------------------------------------------------------------
def test_balearica_the_colonist_stand_places_into_a_city_with_an_own_house():
    g = fish_game("balearica", 3)
    s = g.state
    open_market(g, 0, fish_count=1)
    set_goods(g, 0, food=1)
    assert ("enter", COLONIST, 0) not in g.legal_actions()  # no house: no place for a new colonist
    assert "no city where a new colonist may arrive" in refused(g, ("enter", COLONIST, 0))
    a, b = s.board.city("Palmaria"), s.board.city("Pollentia")
    give_house(g, 0, "Palmaria")
    give_house(g, 0, "Pollentia")
    open_market(g, 0, fish_count=1)
    g.apply(("enter", COLONIST, 0))
    assert set(g.legal_actions()) == {("settle", k, FOOD, c) for k in (0, 1) for c in (a, b)}
    assert g.describe(("settle", 0, FOOD, b)) == "pay 1 food and place a land colonist in Pollentia"
    g.apply(("settle", 0, FOOD, b))
    assert s.players[0].col[0] == s.R + b and s.players[0].goods[FOOD] == 0


# -- Roma -------------------------------------------------------------------------------------------------------
def START(g: Game) -> int:
    return track(g.state).start(g.state)


def space(g: Game, name: str) -> int:
    t = track(g.state)
    return START(g) + next(k for k, sp in t.spaces.items() if sp["name"] == name)


def site(g: Game, where: str, good: str) -> int:
    return g.state.board.city(f"{where}, {good} site")


def only(g: Game, seat: int, **where: int) -> None:
    """Clear the seat's colonists, then put some: land=loc for slot 0, sea=loc for slot 3."""
    for slot in range(6):
        put(g, seat, slot, STORE)
    for key, loc in where.items():
        put(g, seat, {"land": 0, "sea": NLAND}[key], loc)


def test_roma_the_colonist_stand_uses_start_for_land_and_ostia_for_sea_colonists():
    g = fish_game("roma", 2)
    s = g.state
    only(g, 0)
    give_house(g, 0, "Pantheon")  # the Colonist card could place there; the stand, like the Tribune, cannot
    set_goods(g, 0, food=1, tool=1)
    open_market(g, 0, fish_count=1)
    g.apply(("enter", COLONIST, 0))
    C = len(s.board.cities)
    assert set(g.legal_actions()) == {("settle", 0, gd, C) for gd in (FOOD, TOOL)} | {
        ("settle", 1, gd, C + 1) for gd in (FOOD, TOOL)}
    assert g.describe(("settle", 0, FOOD, C)) == "pay 1 food and place a land colonist in Start"
    assert "colonist" in refused(g, ("settle", 0, FOOD, C + 1))  # a land colonist never goes to OSTIA
    g.apply(("settle", 1, TOOL, C + 1))
    assert s.players[0].col[NLAND] == space(g, "Ostia")


def roma_architect_position() -> tuple[Game, int]:
    """Seat 0: a land colonist on a gate route before a brick site, a ship in OSTIA; goods and money for a house in
    the quarter and one on Carthago; 2 fish."""
    g = fish_game("roma", 2)
    s = g.state
    gate = track(s).gate_routes[0]
    quarter = gate["site"]
    s.city_good = list(s.city_good)
    s.city_good[quarter] = BRICK
    only(g, 0, land=gate["route"], sea=space(g, "Ostia"))
    set_goods(g, 0, brick=2, food=3)
    s.players[0].money = 20
    open_market(g, 0, fish_count=2)
    g.apply(("enter", ARCHITECT, 0))
    assert top(g) == ("arch_move", 0, 1, 1)
    g.apply(("move", NLAND, space(g, "Carthago")))  # the stand's one step sails to Carthago
    g.apply(("done",))
    assert top(g) == ("arch_build", 0, 1) and ("build", quarter) in g.legal_actions()
    return g, quarter


def test_roma_the_architect_stand_builds_one_house_in_a_quarter_or_on_the_track_not_both():
    g, quarter = roma_architect_position()
    s = g.state
    g.apply(("build", quarter))  # the stand's one house, in the city
    assert top(g)[0] == "market"  # no house on Carthago besides
    assert not {site(g, "Carthago", "brick"), site(g, "Carthago", "food")} & set(s.players[0].houses)
    assert any("builds no house on the ship track" in e["text"] for e in s.events[-3:])
    # or the one house on the track
    g, quarter = roma_architect_position()
    s = g.state
    g.apply(("done",))
    assert top(g) == ("roma_build", 0, 1)
    g.apply(("build", site(g, "Carthago", "brick")))
    assert top(g)[0] == "market" and s.players[0].houses == [site(g, "Carthago", "brick")]


def test_roma_the_architect_stand_can_sail_to_a_bonus():
    g = fish_game("roma", 2)
    s = g.state
    only(g, 0, sea=space(g, "Massilia"))
    open_market(g, 0, fish_count=2)
    g.apply(("enter", ARCHITECT, 0))
    money = s.players[0].money
    g.apply(("move", NLAND, space(g, "Cyrene")))
    assert s.players[0].money == money + 5


def test_roma_the_fish_prefect_produces_in_the_quarters_and_its_cash_lets_one_ship_sail():
    g = fish_game("roma", 2)
    s = g.state
    assert len(fish(g).spots) == 7
    only(g, 0, sea=space(g, "Massilia"))
    play(g, 0, "prefect")
    assert {a for a in g.legal_actions() if a[0] == "produce"} == {("produce", i) for i in range(7)}
    fish(g).spots[0] = 0
    money = s.players[0].money
    g.apply(("cash",))
    assert s.players[0].money == money + 1
    assert top(g)[0] == "fish_good"  # the good of choice first ...
    g.apply(("take", WINE))
    assert top(g) == ("roma_sail", 0)  # ... then, as after the Prefect's cash on Roma, one ship moves forward
    g.apply(("move", NLAND, space(g, "Cyrene")))
    assert s.players[0].money == money + 1 + 5
