"""Solitaria on the boards with rules of their own and with the fish market (roma-sicilia.txt "Interaction with
expansion Solitaria"; solitaria-solo.txt "Fish market of the Balearica expansion"). Every die and tile is entered by
hand."""
from __future__ import annotations

import random

import pytest

from sestertius.rules.errors import OptionsError
from sestertius.rules.game import Game
from sestertius.rules.modes.solitaria import Reach, data, frontmost_ship, houses_in_supply, plan_build, roma_track
from sestertius.rules.steps import DONE
from support.solitaria import (
    CHANCE,
    CONTRARIUS,
    GOODS,
    PLAYER,
    STORE,
    con,
    events,
    last_text,
    me,
    play,
    put,
    reachable_by,
    roll,
    solo,
)


# -- Sicilia ---------------------------------------------------------------------------------------------------------
def sicilia(setup_tiles=("Orange", "Orange", "Grey"), **opts) -> Game:
    g = solo(board="sicilia", **opts)
    for name in setup_tiles:
        assert g.current_step()[0] == "volcano_setup"
        g.apply(("tile", name))
    return g


def column(g: Game, name: str) -> int:
    v = g.state.parts["volcano"]
    prov = g.state.board.provinces.index(name)
    return v.cols[g.state.board.extra["volcano_provinces"].index(g.state.board.provinces[prov])]


def test_contrarius_draws_a_volcano_tile_when_reacting_to_a_tribune():
    g = sicilia()
    con(g).hand.append("weaver")  # its best specialist: cloth, whose nearest city is Menae (Orange)
    s = g.state
    assert s.board.cities[plan_build(s, data(s), GOODS.index("cloth"))[0]] == "Menae"
    money = me(g).money
    play(g, "tribune")
    g.apply(("tile", "Grey"))  # the player's own tile (+1 sestertius)
    g.apply(DONE)  # no colonist bought
    assert g.current_step()[0] == "volcano" and g.to_act() == CHANCE  # Contrarius' tile comes first
    g.apply(("tile", "Orange"))  # Orange's third tile: no more building there
    assert column(g, "Orange") == 3
    assert "Contrarius has no money or goods" in last_text(g, "volcano")
    assert con(g).money == 0 and con(g).goods == [0] * 5
    assert me(g).money == money + 1 + max(0, 1 - g.state.cat.tribune_free)  # only the player's tile paid
    roll(g, "land")
    settle(g)
    built = [s.board.cities[c] for c in con(g).houses]
    assert built and "Menae" not in built and "Catana" not in built
    assert "Menae: no house may be built there now (sicilia board rule)" in last_text(g, containing="builds in")
    assert "draws a volcano tile as well" in last_text(g, containing="volcano tile")


def test_a_copied_tribune_also_draws_a_tile():
    g = sicilia()
    play(g, "diplomat", ("copy", -1))  # Contrarius' Tribune
    g.apply(("tile", "Grey"))  # the player's Tribune tile
    g.apply(DONE)
    assert g.current_step()[0] == "volcano"
    g.apply(("tile", "Yellow"))
    assert [e["seat"] for e in events(g, "volcano")][-2:] == [PLAYER, CONTRARIUS]


def test_other_reactions_draw_no_tile():
    g = sicilia()
    play(g, "senator", DONE)
    roll(g, "food")
    assert g.to_act() != CHANCE or g.current_step()[0] != "volcano"
    assert not [e for e in events(g, "volcano") if e["seat"] == CONTRARIUS]


def settle(g: Game) -> None:
    """Take the default for the player's choice of Contrarius' colonist move, if asked."""
    while g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])


@pytest.mark.parametrize("erupted_down, reactivated", [(False, True), (True, False)])
def test_mercator_reactivation_ignores_erupted_markers(erupted_down, reactivated):
    """Reactivation needs 3 markers showing coins; an erupted province's marker has left the map."""
    g = sicilia()
    s = g.state
    b = s.board
    v = s.parts["volcano"]
    v.cols = (2, 0, 4)  # Orange erupted (row 4)
    v.pile = (2, 4, 0)
    down = ["Black", "Blue", "Dark green"]  # Contrarius builds in Gela (brick, Dark green): already produced
    if erupted_down:
        down[1] = "Orange"
    s.marker_up = [b.provinces[i] not in down for i in range(len(b.provinces))]
    play(g, "mercator", DONE)
    roll(g, "brick")
    settle(g)
    assert b.cities[con(g).houses[-1]] == "Gela"
    text = last_text(g, containing="already produced")
    if reactivated:
        assert "3 bonus markers show coins" in text and "reactivated" in text and all(s.marker_up)
    else:
        assert "only 2 bonus markers show coins" in text and not all(s.marker_up)


def test_random_sicilia_solo_games_finish_and_replay():
    for seed in range(6):
        level = ["standard", "veteran", "expert"][seed % 3]
        g = Game.new({"board": "sicilia", "players": 1, "mode": "solo", "difficulty": level}, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            c = g.state.players[CONTRARIUS]
            assert c.money == 0 and c.goods == [0] * 5
            steps += 1
            assert steps < 3000
        closed = [e for e in events(g) if "no house may be built there now" in e["text"]]
        assert all(e for e in closed)
        assert Game.from_record(g.record()).state.hash() == g.state.hash()


# -- boards without a Contrarius rule ----------------------------------------------------------------------------------
def test_balearica_is_refused_with_a_reason():
    with pytest.raises(OptionsError, match="no rule for Balearica"):
        solo(board="balearica")


# -- Roma --------------------------------------------------------------------------------------------------------------
def ship_space(g: Game) -> str:
    """The track space of Contrarius' frontmost ship."""
    s = g.state
    t = roma_track(s)
    return t.spaces[con(g).col[frontmost_ship(s)] - t.start(s)]["name"]


def senator_house(g: Game, good: str = "food") -> None:
    """The player plays a Senator (buying nothing): Contrarius builds a house for the white die's good."""
    play(g, "senator", DONE)
    roll(g, good)
    settle(g)


def test_roma_contrarius_starts_on_start_and_in_ostia():
    g = solo(board="roma")
    s = g.state
    t = roma_track(s)
    assert con(g).col[0] == t.start(s) and con(g).col[s.cat.land_colonists] == t.start(s) + 1
    assert ship_space(g) == "Ostia"
    assert "places 1 land colonist on Start and 1 sea colonist in Ostia" in last_text(g, containing="Ostia")


@pytest.mark.parametrize("level", ["veteran", "strong_veteran"])
def test_roma_veteran_contrarius_starts_with_three_colonists(level):
    """A-SOLO-ROMA: at the veteran levels its sea colonist (its ship) stays in Ostia and the veteran rule places its
    two land colonists (the first on the gate route to its house, the second next to another site): 3 colonists on
    the board, one more than the veteran rule's two on the other boards."""
    g = solo(board="roma", difficulty=level)
    s = g.state
    t = roma_track(s)
    while g.current_step()[0] == "contrarius_line":
        g.apply(g.legal_actions()[0])
    assert g.current_step()[0] == "turn"
    c = con(g)
    assert s.colonists_on_board(CONTRARIUS) == 3
    assert g.view(PLAYER)["extra"]["contrarius"]["colonists_on_board"] == 3
    nland = s.cat.land_colonists
    assert c.col[nland:] == [t.start(s) + 1, STORE, STORE] and ship_space(g) == "Ostia"
    land = [loc for loc in c.col[:nland] if loc != STORE]
    assert len(land) == 2 and all(0 <= loc < s.R for loc in land)
    assert len(c.houses) == (2 if level == "strong_veteran" else 1)
    assert "its sea colonist starts in Ostia" in last_text(g, containing="veteran start on Roma")


def test_roma_reach_goes_through_the_gates_as_usual():
    g = solo(board="roma")
    s = g.state
    t = roma_track(s)
    reach = Reach(s)
    behind = {gr["site"] for gr in t.gate_routes}
    for c in behind:
        assert reach.steps(c) == 1
    inner = [c for c in reach.best if c not in behind]
    assert inner and all(reach.steps(c) >= 2 for c in inner)
    assert not any(c in t.site_space for c in reach.best)  # the sea colonist reaches no site
    # the player takes every gate route to one site: Contrarius passes them (a step each) and ends on a line beyond
    site = t.gate_routes[0]["site"]
    for gr in t.gate_routes:
        if gr["site"] == site:
            s.route_occ[gr["route"]] = PLAYER
    assert Reach(s).steps(site) == 2
    for gr in t.gate_routes:  # every gate taken: the sites are still reached through them, never next to a gate
        s.route_occ[gr["route"]] = PLAYER
    reach = Reach(s)
    assert reach.best and min(reach.best.values()) == 2
    assert not any(r == gr["route"] for ways in reach.ways.values() for _, _, r in ways for gr in t.gate_routes)


def test_roma_contrarius_never_builds_on_the_track_by_plan():
    g = solo(board="roma")
    s = g.state
    t = roma_track(s)
    for good in range(len(GOODS)):
        c, _, _ = plan_build(s, data(s), good)
        assert c is not None and c not in t.site_space


def test_roma_ship_moves_after_each_house_standard_builds_nothing_on_the_track():
    g = solo(board="roma")
    for expected in ("Carthago", "Athenae", "Byzantium"):
        n = len(con(g).houses)
        senator_house(g, "food")
        assert ship_space(g) == expected
        assert len(con(g).houses) == n + 1  # only its city house: standard builds nothing on the track
        if expected != "Byzantium":
            assert f"standard: it builds no house in {expected}" in last_text(g, containing="no house in")
        assert f"to {expected}" in last_text(g, containing="moves its frontmost ship")
    t = roma_track(g.state)
    assert not any(c in t.site_space for c in con(g).houses)
    senator_house(g, "tool")
    assert ship_space(g) == "Byzantium"
    assert "it moves no further" in last_text(g)


def test_roma_veteran_rolls_the_white_die_on_the_track():
    g = solo(board="roma", difficulty="veteran")
    s = g.state
    t = roma_track(s)
    assert len(con(g).houses) == 1 and ship_space(g) == "Ostia"  # the veteran start moves no ship
    play(g, "senator", DONE)
    roll(g, "food")  # its city house
    settle(g)
    assert ship_space(g) == "Carthago" and g.to_act() == CHANCE
    assert "rolls the white Senator/Consul die for a house in Carthago" in last_text(g)
    roll(g, "brick")  # Carthago has a brick site
    site = con(g).houses[-1]
    assert s.board.cities[site] == "Carthago, brick site" and t.site_space[site] == 4
    assert "brick fits Carthago, brick site" in last_text(g)
    assert ship_space(g) == "Carthago"  # a house of the ship does not move it again
    senator_house(g, "food")
    assert ship_space(g) == "Athenae"
    n = len(con(g).houses)
    roll(g, "brick")  # Athenae: tool, wine, cloth
    assert len(con(g).houses) == n and "does not fit a building site in Athenae" in last_text(g)


def test_roma_byzantium_scores_the_best_god_with_a_house():
    g = solo(board="roma")
    s = g.state
    t = roma_track(s)
    rules = s.rules.board
    put(g, CONTRARIUS, s.cat.land_colonists, t.start(s) + 8)  # its ship in Athenae
    con(g).hand.append("weaver")
    supply = houses_in_supply(s)
    before = con(g).vp
    play(g, "senator", DONE)
    roll(g, "cloth")  # its house, then its ship in Byzantium (automaton steps)
    settle(g)
    assert ship_space(g) == "Byzantium"
    marks = s.parts["roma"].marks
    s.parts["roma"].marks = (0,) * len(marks)  # the gods' values as they were when it chose
    values = {a: rules.god_points(s, CONTRARIUS, a) for a in rules.god_options(s, CONTRARIUS)}
    s.parts["roma"].marks = marks
    best = max(values.values())
    assert best > 0 and con(g).vp - before == best
    marked = [name for name, m in zip(t.gods, s.parts["roma"].marks) if m >> CONTRARIUS & 1]
    assert len(marked) == 1
    chosen = next(a for a, v in values.items() if v == best)
    assert marked == [chosen[1]]
    assert rules.other_houses(s, CONTRARIUS) == 1
    assert houses_in_supply(s) == supply - 2  # its city house and the god's mark
    assert "the highest scoring god for it" in last_text(g, containing="Byzantium")


def test_roma_byzantium_halves_a_god_marked_by_the_player():
    g = solo(board="roma")
    s = g.state
    t = roma_track(s)
    rules = s.rules.board
    s.parts["roma"].marks = tuple(1 << PLAYER for _ in t.gods)  # the player marked every god
    put(g, CONTRARIUS, s.cat.land_colonists, t.start(s) + 8)
    con(g).hand.append("weaver")
    before = con(g).vp
    play(g, "senator", DONE)
    roll(g, "cloth")
    settle(g)
    marks = s.parts["roma"].marks
    s.parts["roma"].marks = tuple(1 << PLAYER for _ in t.gods)
    values = [rules.god_points(s, CONTRARIUS, a) for a in rules.god_options(s, CONTRARIUS)]
    s.parts["roma"].marks = marks
    assert con(g).vp - before == max(values) > 0
    assert "(half: already marked)" in last_text(g, containing="Byzantium")


@pytest.mark.parametrize("level", ["standard", "veteran", "strong_veteran", "expert"])
def test_random_roma_solo_games_finish_and_replay(level):
    for seed in range(3):
        g = Game.new({"board": "roma", "players": 1, "mode": "solo", "difficulty": level}, seed=seed)
        s = g.state
        t = roma_track(s)
        allowed = {t.start(s) + k for k, sp in t.spaces.items() if sp["name"] in ("Ostia", "Carthago", "Athenae",
                                                                                   "Byzantium")}
        rng = random.Random(seed)
        steps = 0
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            s = g.state
            c = s.players[CONTRARIUS]
            assert c.money == 0 and c.goods == [0] * 5
            assert houses_in_supply(s) >= 0
            nland = s.cat.land_colonists
            assert all(loc == STORE or loc in allowed for loc in c.col[nland:])  # its ships: only those spaces
            assert all(loc == STORE or loc < s.R or loc == t.start(s) for loc in c.col[:nland])
            if level in ("standard",):
                assert not any(h in t.site_space for h in c.houses)
            steps += 1
            assert steps < 3000
        marks = sum(m >> CONTRARIUS & 1 for m in s.parts["roma"].marks)
        assert marks <= 1  # one ship reaches Byzantium once
        assert g.result()["contrarius"] == g.scores()[CONTRARIUS]["total"]
        assert Game.from_record(g.record()).state.hash() == g.state.hash()


# -- fish market -------------------------------------------------------------------------------------------------------
def fishy(side="coastal", **opts) -> Game:
    return solo(fish_market=side, **opts)


def test_fish_paid_at_the_market_go_to_contrarius_and_score():
    g = fishy()
    s = g.state
    g.state.parts["fish"].stored[0] = 3
    s.pending.append(("market", PLAYER, -1))
    g.apply(("enter", 0, 0))  # coastal spot 1: 1 brick for 1 fish
    assert g.state.parts["fish"].stored[0] == 2 and s.parts["contrarius"].fish == 1
    assert "takes the 1 fish you paid" in last_text(g)
    assert g.view(PLAYER)["extra"]["contrarius"]["fish"] == 1
    assert g.scores()[CONTRARIUS]["fish"] == 1
    assert "fish" not in g.scores()[PLAYER]


def test_contrarius_fish_are_not_goods_for_vesta():
    g = fishy()
    g.state.parts["contrarius"].fish = 9
    con(g).hand.append("mason")
    sc = g.scores()[CONTRARIUS]
    assert sc["fish"] == 9 and sc["Vesta"] == 0


def test_mercator_reaction_takes_the_province_fish():
    g = fishy()
    s = g.state
    play(g, "mercator", DONE)
    roll(g, "brick")
    settle(g)
    c = con(g).houses[-1]
    prov = s.board.province_of[c]
    assert s.parts["fish"].spots[prov] == 0 and not s.marker_up[prov]
    assert s.parts["contrarius"].fish == 1
    assert "Contrarius takes its 1 fish" in last_text(g, containing="activates")


def test_mercator_reaction_regrows_the_fish_when_three_provinces_are_empty():
    g = fishy()
    s = g.state
    spots = s.parts["fish"].spots
    # Contrarius will build in Bononia? find its brick city first, then empty it and two more provinces
    city = plan_build(s, data(s), GOODS.index("brick"))[0]
    prov = s.board.province_of[city]
    others = [i for i in range(len(spots)) if i != prov][:2]
    for i in [prov] + others:
        spots[i] = 0
        s.marker_up[i] = False
    spots[others[-1] + 1] = 1
    play(g, "mercator", DONE)
    roll(g, "brick")
    settle(g)
    assert "the fish regrow" in last_text(g, containing="already produced")
    assert 0 not in s.parts["fish"].spots and all(s.marker_up)
    assert s.parts["contrarius"].fish == 0


def test_mercator_reaction_does_nothing_with_fewer_than_three_empty():
    g = fishy()
    s = g.state
    spots = s.parts["fish"].spots
    city = plan_build(s, data(s), GOODS.index("brick"))[0]
    prov = s.board.province_of[city]
    spots[prov] = 0
    s.marker_up[prov] = False
    play(g, "mercator", DONE)
    roll(g, "brick")
    settle(g)
    assert "fewer than 3): nothing happens" in last_text(g, containing="already produced")


def test_prefect_with_praefectus_magnus_takes_the_piscatus_fish():
    g = fishy()
    s = g.state
    play(g, "prefect_pm", ("produce", 0))
    # 1 fish on the spot + 1 for Praefectus Piscatus (the card stays in the hand cycle)
    assert g.state.parts["fish"].stored[0] == 2
    assert s.pm == -1
    g2 = fishy()
    play(g2, "prefect", ("produce", 0))
    assert g2.state.parts["fish"].stored[0] == 1


def test_random_fish_solo_games_finish_score_and_replay():
    for seed in range(6):
        side = ("coastal", "mountain")[seed % 2]
        level = ["standard", "veteran", "expert"][seed % 3]
        g = Game.new({"board": "italia", "players": 1, "mode": "solo", "difficulty": level,
                      "fish_market": side}, seed=seed)
        rng = random.Random(seed)
        paid = 0
        steps = 0
        while not g.is_over:
            before = g.state.parts["fish"].stored[PLAYER]
            g.apply(rng.choice(g.legal_actions()))
            c = g.state.players[CONTRARIUS]
            assert c.money == 0 and c.goods == [0] * 5 and g.state.parts["fish"].stored[CONTRARIUS] == 0
            paid += max(0, before - g.state.parts["fish"].stored[PLAYER])
            steps += 1
            assert steps < 3000
        sc = g.scores()[CONTRARIUS]
        assert sc["fish"] == g.state.parts["contrarius"].fish >= 0
        assert g.result()["contrarius"] == sc["total"]
        assert Game.from_record(g.record()).state.hash() == g.state.hash()


def test_solitaria_combinations_no_rulebook_describes_are_refused():
    # the two-player modes against Contrarius play on Roma and with the fish market too
    # (test_solitaria_two_combinations.py), but no rulebook gives Contrarius a rule for Balearica
    for mode in ("solo", "team"):
        with pytest.raises(OptionsError, match="Solitaria cannot be played on balearica: the rulebooks give"):
            Game.new({"board": "balearica", "players": 2, "mode": mode}, seed=1)
    with pytest.raises(OptionsError, match="1 player .solo. or 2 players"):
        Game.new({"board": "italia", "players": 3, "mode": "solo"}, seed=1)


@pytest.mark.parametrize("options", [
    {"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"},
    {"board": "roma", "players": 1, "mode": "solo"},
    {"board": "ionium", "players": 2, "mode": "solo"},
])
def test_reach_is_the_fewest_steps_of_any_colonist_to_a_line_next_to_the_city(options):
    """Reach's steps and shortest ways, against every colonist's distances looked through one by one, at every
    position of a random game."""
    from sestertius.rules.modes.solitaria.contrarius import con
    from sestertius.rules.modes.solitaria.reach import INF, colonist_distances

    g = Game.new(options, seed=6)
    rnd = random.Random(6)
    while not g.is_over:
        s = g.state
        reach = Reach(s)
        ways: dict[int, set[tuple[int, int, int]]] = {}
        places = set()
        for slot, loc in enumerate(con(s).col):
            if (s.kind_of(slot), loc) in places:  # two colonists of a kind at one place: the lower slot stands for both
                continue
            places.add((s.kind_of(slot), loc))
            for r, d in colonist_distances(s, slot).items():
                for c in s.board.route_cities[r]:
                    ways.setdefault(c, set()).add((d, slot, r))
        seat = next(i for i, p in enumerate(s.players) if p is con(s))
        points = s.colonists_on_board(seat)
        track = roma_track(s)
        sites = track.site_space if track is not None else {}  # ship-track sites: reached by its ship, not by Reach
        for c in range(len(s.board.cities)):
            fewest = min((d for d, _, _ in ways.get(c, ())), default=INF)
            assert reach.steps(c) == fewest
            if c not in s.players[seat].houses and c not in sites:  # the distances too, against a search apart
                assert reachable_by(s, seat, c) == (fewest <= points), s.board.cities[c]
            if fewest < INF:
                assert reach.shortest(c) == (fewest, sorted({(slot, r) for d, slot, r in ways[c] if d == fewest}))
        legal = g.legal_actions()
        g.apply(legal[rnd.randrange(len(legal))])
