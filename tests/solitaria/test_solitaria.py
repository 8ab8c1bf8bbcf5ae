"""Solitaria: setup per difficulty, every reaction of Contrarius with forced dice, "Where does Contrarius build?"
(the rulebook's example on a small board), the supplementary rules, end of game and scoring."""
from __future__ import annotations

import pytest

from sestertius.data.solitaria import solo_data
from sestertius.rules.errors import OptionsError
from support.solitaria import (
    CHANCE,
    CONTRARIUS,
    LAND,
    PLAYER,
    SEA,
    STORE,
    city,
    con,
    events,
    give_house,
    last_text,
    me,
    mini_game,
    play,
    put,
    roll,
    route,
    set_good,
    solo,
)

DONE = ("done",)


# -- data ----------------------------------------------------------------------------------------------------------
def test_assumptions_live_in_data_and_are_marked():
    from importlib import resources
    text = (resources.files("sestertius") / "data" / "solitaria.toml").read_text()
    for aid in ("A-DICE", "A-SOLO-HAND", "A-CONTRARIUS-CARDS"):
        assert aid in text
    d = solo_data()
    assert d.dice["architect"].faces == (1, 2, 3, 4, 5, 1)
    assert sorted(d.dice["colonist"].faces) == ["card", "card", "land", "land", "sea", "sea"]
    assert d.dice["mercator"].faces == ("brick", "food", "tool", "wine", "cloth", "S")
    assert d.hand == ("tribune", "architect", "prefect", "prefect_pm", "mercator", "senator", "diplomat")
    assert d.catalog.cards["prefect_pm"].gods == ("Saturnus",)
    assert [d.catalog.cards[k].action for k in d.contrarius_cards] == [
        "tribune", "architect", "prefect", "mercator", "colonist"]
    assert sum(len(v) for v in d.stacks.values()) == 15


# -- setup ---------------------------------------------------------------------------------------------------------
def test_standard_setup():
    g = solo(seed=3)
    s = g.state
    p, c = me(g), con(g)
    assert s.n == 2 and g.to_act() == PLAYER
    assert p.vp == 20 and p.money == 6 and p.goods == [1, 2, 1, 1, 1]
    assert sorted(p.hand) == sorted(solo_data().hand)
    cap = s.R + s.board.capital
    assert p.col == [cap, STORE, STORE, cap, STORE, STORE]
    assert c.col == [cap, STORE, STORE, cap, STORE, STORE] and c.vp == 0 and c.money == 0
    assert c.hand[:5] == ["c_tribune", "c_architect", "c_prefect", "c_mercator", "c_colonist"]
    assert len(c.hand) == 6 and s.cat.cards[c.hand[5]].action == "specialist"
    assert all(k is not None for k in s.display) and len(s.deck) == 15 - 7 - 1
    assert c.houses == [] and s.parts["contrarius"].track == []


def test_sixth_card_is_the_first_specialist_of_the_display():
    for seed in range(10):
        g = solo(seed=seed)
        cards = g.state.cat.cards
        taken = events(g)[0]["card"]
        assert cards[taken].action == "specialist"
        assert "as its sixth card" in events(g)[0]["text"]
        pos = int(events(g)[0]["text"].split("(position ")[1].split(")")[0])
        assert pos in range(1, 8)
        # the cards left of the taken one did not slide: none of them is a specialist
        assert not any(cards[k].action == "specialist" for k in g.state.display[: pos - 1])


@pytest.mark.parametrize("difficulty, vp", [("standard", 20), ("beginner", 40), ("veteran", 10),
                                            ("strong_veteran", 10), ("expert", 0), ("strong_expert", 0),
                                            ("strong-expert-8", 0)])
def test_starting_points(difficulty, vp):
    g = solo(difficulty=difficulty, seed=2)
    while g.to_act() != PLAYER or g.current_step()[0] != "turn":
        g.apply(g.legal_actions()[0])
    assert me(g).vp == vp


def test_start_vp_option_overrides_the_level():
    assert me(solo(start_vp=14)).vp == 14


@pytest.mark.parametrize("difficulty, track", [("expert", [10, 20, 30, 40, 50]),
                                               ("strong_expert", [9, 18, 27, 36, 45]),
                                               ("strong_expert_8", [8, 16, 24, 32, 40])])
def test_expert_houses_on_the_track(difficulty, track):
    g = solo(difficulty=difficulty)
    assert g.state.parts["contrarius"].track == track
    assert solitaria_supply(g) == 10
    cap = g.state.R + g.state.board.capital
    assert con(g).col.count(cap) == 2


def test_the_mode_tells_contrarius_houses_on_its_track():
    """The public hook the bots read (``mode.automaton_track``): Contrarius' houses on its victory point track as a
    tuple, following its part of the state; empty below the expert levels and in modes without Contrarius."""
    from sestertius import Game

    s = solo(difficulty="expert").state
    assert s.rules.mode.automaton_track(s) == (10, 20, 30, 40, 50)
    s.parts["contrarius"].track.pop(0)  # as when its marker reaches the house at 10
    assert s.rules.mode.automaton_track(s) == (20, 30, 40, 50)
    standard = solo(difficulty="standard").state
    assert standard.rules.mode.automaton_track(standard) == ()
    for options in ({"board": "italia", "players": 2}, {"board": "imperium", "players": 4, "mode": "team"}):
        other = Game.new(options, seed=1).state
        assert other.rules.mode.automaton_track(other) == ()


def solitaria_supply(g):
    from sestertius.rules.modes.solitaria import houses_in_supply
    return houses_in_supply(g.state)


def _veteran_expectation(g):
    s = g.state
    b = s.board
    cap = b.capital
    nb = {r.other(cap) for r in b.routes if cap in (r.a, r.b)}
    return max(nb, key=lambda c: (s.city_good[c], [-ord(ch) for ch in b.cities[c]]))


def _second_expectation(s, first: int, first_route: int) -> tuple[int, dict[int, int]]:
    """Independently: the most valuable city (then alphabetical) a new colonist of either kind reaches from the
    capital within 2 steps, passing occupied lines as usual and ending on an empty line; and the steps to each line
    next to it."""
    from collections import deque
    b = s.board
    cap = b.capital
    lines: dict[int, dict[int, int]] = {}
    for kind in (LAND, SEA):
        dist = dict.fromkeys(b.routes_at[kind][cap], 1)
        frontier = deque(dist)
        while frontier:
            r = frontier.popleft()
            for c in b.route_cities[r]:
                for r2 in b.routes_at[kind][c]:
                    if r2 not in dist:
                        dist[r2] = dist[r] + 1
                        frontier.append(r2)
        for r, d in dist.items():
            if d <= 2 and b.stoppable[r] and r != first_route:
                for c in set(b.route_cities[r]) - {cap, first}:
                    lines.setdefault(c, {})[r] = d
    city = max(lines, key=lambda c: (s.city_good[c], [-ord(ch) for ch in b.cities[c]]))
    return city, lines[city]


@pytest.mark.parametrize("board", ["italia", "imperium", "hellas", "ionium", "cyprus"])
@pytest.mark.parametrize("seed", [5, 6, 7])
def test_veteran_setup(board, seed):
    g = solo(board=board, difficulty="veteran", seed=seed)
    s = g.state
    b = s.board
    first = con(g).houses[0]
    nb = sorted({r.other(b.capital) for r in b.routes if b.capital in (r.a, r.b) and not r.no_stop},
                key=lambda c: (-s.city_good[c], b.cities[c]))
    assert first == nb[0]
    while g.current_step()[0] != "turn":  # the player chooses lines where the rule leaves a choice
        assert g.current_step()[0] == "contrarius_line" and g.to_act() == PLAYER
        g.apply(g.legal_actions()[-1])
    c = con(g)
    placed = [c.col[slot] for slot in range(6) if 0 <= c.col[slot] < s.R]
    assert len(placed) == 2 and c.col.count(STORE) == 4
    first_route = next(r for r in placed if set(b.route_cities[r]) == {b.capital, first})  # on the line to it
    second_route = next(r for r in placed if r != first_route)
    city, lines = _second_expectation(s, first, first_route)
    # the second colonist, of either kind, next to the next most valuable city it reaches, on a shortest line
    assert second_route in lines and lines[second_route] == min(lines.values()), (b.cities[city], lines)
    assert len(c.houses) == 1 and me(g).vp == 10


def test_veteran_line_choice_when_both_kinds_lead_to_the_city():
    g = solo(board="imperium", difficulty="veteran", seed=3)
    st = g.current_step()
    assert st[0] == "contrarius_line" and g.to_act() == PLAYER
    legal = g.legal_actions()
    kinds = [g.state.board.route_kind[a[1]] for a in legal]
    assert kinds == [LAND, SEA]
    assert "onto land" in g.describe(legal[0])
    g.apply(legal[1])  # the sea line
    assert legal[1][1] in con(g).col[3:]  # a sea colonist stands on the chosen line


def test_strong_veteran_has_a_house_next_to_each_colonist():
    g = solo(board="italia", difficulty="strong_veteran", seed=5)
    while g.current_step()[0] != "turn":
        g.apply(g.legal_actions()[0])
    s = g.state
    c = con(g)
    assert len(c.houses) == 2
    for loc in c.col:
        if 0 <= loc < s.R:
            assert set(s.board.route_cities[loc]) & set(c.houses)


def _veteran_second(monkeypatch, goods: dict[str, str], houses: int = 1):
    """The rulebook's small board with Contrarius' veteran start half done: its house in Bononia and its first
    colonist on the land line Roma-Bononia; then the step placing its second colonist (strong veteran: houses 2)."""
    from sestertius.rules.state import AUTOMATON
    g = mini_game(monkeypatch)
    for name in ("Aleria", "Bononia", "Capua", "Genua", "Neapolis", "Olbia", "Pisae", "Tarentum"):
        set_good(g, name, goods.get(name, "brick"))
    for slot, loc in enumerate(con(g).col):
        if loc != STORE:
            put(g, CONTRARIUS, slot, STORE)
    give_house(g, CONTRARIUS, "Bononia")
    put(g, CONTRARIUS, 0, route(g, LAND, "Roma", "Bononia"))
    g.state.pending.append(("contrarius_setup", AUTOMATON, city(g, "Bononia"), houses))
    g._advance()  # the automaton's step, as at the end of the setup
    return g


@pytest.mark.parametrize("houses", [1, 2])
def test_veteran_second_colonist_goes_to_the_most_valuable_city_of_either_kind(monkeypatch, houses):
    """The second colonist stands next to the next most valuable city it can reach, whatever its kind: here a land
    colonist next to Capua (cloth), though sea colonists reach other cities (brick); strong veteran builds there."""
    g = _veteran_second(monkeypatch, {"Bononia": "wine", "Capua": "cloth"}, houses)
    c = con(g)
    assert c.col[1] == route(g, LAND, "Roma", "Capua") and c.col[3:] == [STORE] * 3
    assert "next to Capua, the next most valuable city it can reach (cloth)" in last_text(g, containing="Capua")
    assert sorted(c.houses) == sorted([city(g, "Bononia")] + ([city(g, "Capua")] if houses == 2 else []))


def test_veteran_second_colonist_passes_the_first_colonists_line_as_usual(monkeypatch):
    """A-REACH also at the veteran start: Genua (cloth) lies two steps away behind the first colonist's line, which
    is passed as in the usual movement; the second colonist ends on the empty line Bononia-Genua."""
    g = _veteran_second(monkeypatch, {"Bononia": "wine", "Genua": "cloth"})
    assert con(g).col[1] == route(g, LAND, "Bononia", "Genua")
    assert "next to Genua" in last_text(g, containing="Genua")


def test_veteran_second_colonist_two_equally_short_lines_the_player_chooses(monkeypatch):
    """Aleria (cloth) is two sea steps away by two lines: the player chooses the line; Capua's land line would be
    shorter but Capua is worth less."""
    g = _veteran_second(monkeypatch, {"Bononia": "wine", "Aleria": "cloth", "Capua": "wine"})
    assert g.current_step()[0] == "contrarius_line" and g.to_act() == PLAYER
    legal = g.legal_actions()
    assert legal == [("line", route(g, SEA, "Olbia", "Aleria")), ("line", route(g, SEA, "Pisae", "Aleria"))]
    g.apply(legal[1])
    assert con(g).col[3] == route(g, SEA, "Pisae", "Aleria")


def test_refused_setups():
    with pytest.raises(OptionsError, match="difficulty"):
        solo(difficulty="impossible")
    with pytest.raises(OptionsError, match="capital"):
        solo(board="balearica")


# -- reactions -----------------------------------------------------------------------------------------------------
def test_architect_die_roll_card_example():
    """'You roll a 3. Take the personality card from position 3 ... face-up. Refill the display.'"""
    g = solo(seed=4)
    display = list(g.state.display)
    deck_top = g.state.deck[-1]
    play(g, "architect", DONE, DONE)
    assert g.current_step()[0] == "contrarius_roll" and g.to_act() == CHANCE
    assert sorted({a[1] for a in g.legal_actions()}) == [1, 2, 3, 4, 5]
    roll(g, 3)
    assert con(g).hand[-1] == display[2]
    assert g.state.display == display[:2] + display[3:] + [deck_top]
    assert "position 3" in last_text(g)


def test_architect_position_without_card_takes_the_first():
    g = solo(seed=4)
    s = g.state
    first = s.display[0]
    s.deck.clear()
    s.deck_labels.clear()
    s.display = [first, s.display[1], None, None, None, None, None]
    play(g, "architect", DONE, DONE)
    roll(g, 5)
    assert con(g).hand[-1] == first and "takes the first card" in last_text(g)


def _province_with(g, n):
    b = g.state.board
    return next(i for i, cs in enumerate(b.province_cities) if len(cs) >= n)


def test_prefect_produce_scores_houses_at_least_one():
    g = solo(seed=1)
    prov = _province_with(g, 2)
    play(g, "prefect", ("produce", prov))
    assert con(g).vp == 1 and "at least 1" in last_text(g)
    g2 = solo(seed=1)
    cities = g2.state.board.province_cities[prov]
    give_house(g2, PLAYER, g2.state.board.cities[cities[0]])
    give_house(g2, CONTRARIUS, g2.state.board.cities[cities[0]])
    give_house(g2, CONTRARIUS, g2.state.board.cities[cities[1]])
    goods_before = list(me(g2).goods)
    play(g2, "prefect", ("produce", prov))
    assert con(g2).vp == 3  # 3 houses, anyone's
    assert con(g2).goods == [0] * 5  # Contrarius never receives goods
    gained = [a - b for a, b in zip(me(g2).goods, goods_before)]
    assert sum(gained) == 2  # 1 bonus good + 1 from the player's house


def test_prefect_cash_scores_two():
    g = solo()
    play(g, "prefect", ("cash",))
    assert con(g).vp == 2


def test_praefectus_magnus_example_1():
    """Produce in a province with 1 house (the player's tool city, cloth marker): 2 cloth + 1 tool; Contrarius
    scores 2 VP, the minimum, though there is only 1 house."""
    g = solo(board="italia", seed=1)
    for name, good in (("Casinum", "tool"), ("Neapolis", "cloth")):
        set_good(g, name, good)
    give_house(g, PLAYER, "Casinum")
    prov = g.state.board.province_of[city(g, "Casinum")]
    me(g).goods = [0] * 5
    before = list(me(g).goods)
    play(g, "prefect_pm", ("produce", prov))
    gained = [a - b for a, b in zip(me(g).goods, before)]
    assert gained == [0, 0, 1, 0, 2]
    assert con(g).vp == 2 and "at least 2" in last_text(g)


def test_praefectus_magnus_example_2():
    """3 houses in the province (2 of the player: cloth and tool, 1 of Contrarius): 3 cloth + 1 tool, 3 VP."""
    g = solo(board="italia", seed=1)
    for name, good in (("Messana", "cloth"), ("Panormus", "tool"), ("Syracusae", "brick")):
        set_good(g, name, good)
    give_house(g, PLAYER, "Messana")
    give_house(g, PLAYER, "Panormus")
    give_house(g, CONTRARIUS, "Syracusae")
    prov = g.state.board.province_of[city(g, "Messana")]
    me(g).goods = [0] * 5
    before = list(me(g).goods)
    play(g, "prefect_pm", ("produce", prov))
    gained = [a - b for a, b in zip(me(g).goods, before)]
    assert gained == [0, 0, 1, 0, 3]
    assert con(g).vp == 3
    assert g.state.pm == -1  # the card does not pass anything on


def test_praefectus_magnus_reactivate_scores_two():
    g = solo()
    play(g, "prefect_pm", ("cash",))
    assert con(g).vp == 2


def test_diplomat_example():
    """Copy Contrarius' face-up Prefect, reactivate and collect the cash; Contrarius scores 2 VP; the Prefect is
    flipped face down and cannot be copied again."""
    g = solo(seed=2)
    s = g.state
    s.marker_up[0] = s.marker_up[1] = False
    coins = sum(s.cat.marker_coins[s.marker_good[i]] for i in (0, 1))
    money = me(g).money
    play(g, "diplomat")
    legal = g.legal_actions()
    texts = [g.describe(a) for a in legal]
    assert "copy Prefect (Contrarius)" in texts
    target = legal[texts.index("copy Prefect (Contrarius)")]
    g.apply(target)
    g.apply(("cash",))
    assert me(g).money == money + coins
    assert con(g).vp == 2
    assert "c_prefect" in con(g).pile and "c_prefect" not in con(g).hand
    assert "c_prefect" not in dict(solitaria_targets(g)).values()


def solitaria_targets(g):
    return g.state.rules.mode.diplomat_targets(g.state, PLAYER)


def test_diplomat_not_playable_without_face_up_cards():
    g = solo()
    c = con(g)
    c.pile.extend(c.hand)
    c.hand.clear()
    assert ("play", "diplomat") not in g.legal_actions()


def test_diplomat_copying_the_architect_reacts_as_an_architect():
    g = solo(seed=2)
    play(g, "diplomat")
    target = next(a for a in g.legal_actions() if g.describe(a) == "copy Architect (Contrarius)")
    g.apply(target)
    g.apply(DONE)
    g.apply(DONE)
    assert g.current_step()[2] == "architect"  # the Architect die
    roll(g, 1)
    assert len(con(g).hand) == 6  # one flipped down, one taken


def test_mercator_builds_then_produces():
    g = solo(board="italia", seed=1)
    s = g.state
    for name in s.board.cities:
        if name != "Roma":
            set_good(g, name, "brick")
    set_good(g, "Neapolis", "wine")
    set_good(g, "Casinum", "tool")
    give_house(g, PLAYER, "Casinum")
    play(g, "mercator", DONE)
    before = list(me(g).goods)
    roll(g, "wine")
    assert city(g, "Neapolis") in con(g).houses
    prov = s.board.province_of[city(g, "Neapolis")]
    assert not s.marker_up[prov]
    assert me(g).goods[2] == 2  # the player's tool house produced (no bonus good)
    assert [a - b for a, b in zip(me(g).goods, before)] == [0, 0, 1, 0, 0]  # and nothing else
    assert "Contrarius receives no goods" in last_text(g)


def test_mercator_reactivates_when_the_province_has_produced_and_three_markers_show_coins():
    g = solo(board="italia", seed=1)
    s = g.state
    for name in s.board.cities:
        if name != "Roma":
            set_good(g, name, "brick")
    set_good(g, "Neapolis", "wine")
    prov = s.board.province_of[city(g, "Neapolis")]
    s.marker_up[prov] = False
    s.marker_up[0] = False
    play(g, "mercator", DONE)
    roll(g, "wine")
    assert "fewer than 3" in last_text(g) and not s.marker_up[prov]
    g = solo(board="italia", seed=1)
    s = g.state
    for name in s.board.cities:
        if name != "Roma":
            set_good(g, name, "brick")
    set_good(g, "Neapolis", "wine")
    s.marker_up[prov] = s.marker_up[0] = s.marker_up[1] = False
    play(g, "mercator", DONE)
    roll(g, "wine")
    assert all(s.marker_up) and "reactivated" in last_text(g)


@pytest.mark.parametrize("card, decisions", [("senator", [DONE]), ("consul", [DONE])])
def test_senator_and_consul_build_with_the_white_die(card, decisions):
    g = solo(board="italia", seed=1)
    play(g, card, *decisions)
    st = g.current_step()
    assert st[0] == "contrarius_roll" and st[2] == "senator"
    roll(g, "brick")
    while g.to_act() == PLAYER and g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])
    assert len(con(g).houses) == 1
    assert g.current_step()[0] == "turn"


def test_s_face_means_the_best_specialist():
    g = solo(board="italia", seed=1)
    c = con(g)
    c.hand = [k for k in c.hand if g.state.cat.cards[k].action != "specialist"] + ["mason", "smith", "farmer"]
    play(g, "senator", DONE)
    roll(g, "S")
    assert "Smith: tool" in last_text(g, containing="best specialist")
    assert "wants a tool city" in last_text(g, containing="builds in")


def test_s_face_counts_face_down_specialists():
    """"The best specialist that Contrarius owns": a specialist turned face down (a Diplomat copied it) is still
    owned. Its face-down Weaver beats its face-up Smith."""
    g = solo(board="italia", seed=1)
    c = con(g)
    c.hand = [k for k in c.hand if g.state.cat.cards[k].action != "specialist"] + ["smith"]
    c.pile = ["weaver"]
    play(g, "senator", DONE)
    roll(g, "S")
    assert "Weaver: cloth" in last_text(g, containing="best specialist")
    assert "wants a cloth city" in last_text(g, containing="builds in")


def test_tribune_reaction_is_twofold():
    g = solo(board="italia", seed=1)
    c = con(g)
    c.hand = [k for k in c.hand if g.state.cat.cards[k].action != "specialist"] + ["vintner", "weaver"]
    display = list(g.state.display)
    play(g, "tribune", DONE)
    while g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])
    assert "wants a cloth city" in last_text(g, containing="builds in")  # Weaver > Vintner
    assert len(c.houses) == 1
    roll(g, "card")
    assert c.hand[-1] == display[0]
    g2 = solo(board="italia", seed=1)
    play(g2, "tribune", DONE)
    while g2.current_step()[0] == "contrarius_move":
        g2.apply(g2.legal_actions()[0])
    roll(g2, "land")
    assert con(g2).col.count(g2.state.R + g2.state.board.capital) >= 1
    assert "places a land colonist" in last_text(g2, containing="places")


def test_colonist_reactions():
    g = solo(seed=1)
    play(g, "colonist", ("cash",))
    assert con(g).vp == 2
    g = solo(seed=1)
    cap = g.state.board.capital
    play(g, "colonist", ("place", LAND, cap), DONE)
    roll(g, "sea")
    assert con(g).col[3:].count(g.state.R + cap) == 2
    g = solo(seed=1)
    play(g, "colonist", DONE)  # chose to place, placed none: still option a)
    roll(g, "card")
    assert len(con(g).hand) == 7


@pytest.mark.parametrize("card", ["mason", "farmer", "smith", "vintner", "weaver"])
def test_specialists_give_three_points(card):
    g = solo(seed=1)
    play(g, card)
    assert con(g).vp == 3


def test_every_card_the_player_can_hold_has_a_reaction():
    d = solo_data()
    keys = set(d.hand) | {k for v in d.stacks.values() for k in v} | set(d.contrarius_cards)
    for key in keys:
        if d.catalog.cards[key].action != "diplomat":
            assert d.reaction(key) is not None, key


def test_expert_marker_reaching_a_track_house_builds_it():
    g = solo(difficulty="expert", seed=1)
    con(g).vp = 8
    play(g, "mason")  # +3: 11, over the house at 10
    assert g.state.parts["contrarius"].track == [20, 30, 40, 50]
    st = g.current_step()
    assert st[0] == "contrarius_roll" and st[2] == "mercator"
    goods, markers = list(me(g).goods), list(g.state.marker_up)
    roll(g, "food")
    while g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])
    assert len(con(g).houses) == 1
    assert "from the victory point track" in last_text(g, containing="builds in")
    # built with the Mercator die's good, but it is no Mercator reaction: nothing produces (A-EXPERT-TRACK)
    assert me(g).goods == goods and g.state.marker_up == markers


def test_expert_one_score_reaching_two_track_houses_builds_both():
    """One score reaching two houses of the track (set up here with houses at 10 and 11): the Mason's 3 VP take the
    marker from 8 to 11. Both houses leave the track and each is built with its own roll of the black die; the supply
    gives nothing. The log tells them from the lowest (the builds themselves are alike: which comes first changes
    nothing)."""
    g = solo(difficulty="expert", seed=1)
    s = g.state
    s.parts["contrarius"].track = [10, 11, 30, 40, 50]
    con(g).vp = 8
    play(g, "mason")
    assert s.parts["contrarius"].track == [30, 40, 50]
    reached = [e["text"] for e in events(g) if "its marker reaches the house at" in e["text"]]
    assert reached == [f"its marker reaches the house at {pos} on the victory point track: it builds that "
                       f"house (black Mercator die)" for pos in (10, 11)]  # told from the lowest
    for n in (1, 2):
        st = g.current_step()
        assert st[0] == "contrarius_roll" and st[2:4] == ("mercator", "track"), st
        roll(g, "food")
        while g.current_step()[0] == "contrarius_move":
            g.apply(g.legal_actions()[0])
        assert len(con(g).houses) == n
        assert "(house from the victory point track)" in last_text(g, containing="builds in")
    assert g.current_step()[0] == "turn" and solitaria_supply(g) == 10  # 15 - 3 on the track - 2 built


def test_expert_empty_supply_takes_from_the_far_end_of_the_track():
    g = solo(difficulty="expert", seed=1)
    s = g.state
    ok = list(s.board.buildable())[:10]
    for c in ok:
        give_house(g, CONTRARIUS, s.board.cities[c])
    assert solitaria_supply(g) == 0
    play(g, "senator", DONE)
    roll(g, "cloth")
    while g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])
    assert s.parts["contrarius"].track == [10, 20, 30, 40]
    assert "far end of the victory point track (50)" in last_text(g, containing="builds in")


# -- where does Contrarius build? ----------------------------------------------------------------------------------
def _mini(monkeypatch, contrarius_in_neapolis: bool = True):
    g = mini_game(monkeypatch)
    for name in ("Aleria", "Bononia", "Capua", "Genua", "Neapolis", "Tarentum"):
        set_good(g, name, "food")
    for name in ("Olbia", "Pisae"):
        set_good(g, name, "brick")
    give_house(g, PLAYER, "Bononia")
    if contrarius_in_neapolis:
        give_house(g, CONTRARIUS, "Neapolis")
    return g


def test_building_example_aleria(monkeypatch):
    """The rulebook's example: A out of reach, B not empty, C not a new province, Aleria before Genua; the sea
    colonist moves onto one of the two lines next to Aleria, chosen by the player."""
    g = _mini(monkeypatch)
    assert con(g).col.count(g.state.R + city(g, "Roma")) == 2
    play(g, "senator", DONE)
    roll(g, "food")
    text = last_text(g, containing="builds in")
    assert text.startswith("builds in Aleria")
    assert "Tarentum: not reachable with 2 steps" in text
    assert "Bononia: already has a house (an empty city comes first)" in text
    assert "Capua: in a province where it already has a house (a new province comes first)" in text
    assert "Aleria before Genua alphabetically" in text
    assert city(g, "Aleria") in con(g).houses
    assert g.current_step()[0] == "contrarius_move" and g.to_act() == PLAYER
    legal = g.legal_actions()
    assert {a[2] for a in legal} == {route(g, SEA, "Olbia", "Aleria"), route(g, SEA, "Pisae", "Aleria")}
    assert all(a[1] == 3 for a in legal)  # the sea colonist
    g.apply(legal[1])
    assert con(g).col[3] == legal[1][2]
    assert g.current_step()[0] == "turn"


def test_an_empty_city_comes_before_a_new_province(monkeypatch):
    """Within reach, food is made only in Bononia (the player's house there; a province new to Contrarius), Capua
    (empty; in Campania, where Contrarius has Neapolis) and Neapolis (Contrarius' own house: out of the question).
    The empty city is the second rule, the new province the third, so Capua."""
    g = _mini(monkeypatch)
    set_good(g, "Aleria", "brick")
    set_good(g, "Genua", "brick")
    play(g, "senator", DONE)
    roll(g, "food")
    assert last_text(g, containing="builds in").startswith("builds in Capua")
    assert city(g, "Capua") in con(g).houses and city(g, "Bononia") not in con(g).houses


def test_a_new_province_is_new_to_contrarius_whoever_else_built_there(monkeypatch):
    """The player's house in Olbia makes Corsica no less new for Contrarius: Aleria and Genua are both in new
    provinces, and Aleria comes first alphabetically."""
    g = _mini(monkeypatch)
    give_house(g, PLAYER, "Olbia")
    play(g, "senator", DONE)
    roll(g, "food")
    assert last_text(g, containing="builds in").startswith("builds in Aleria")


def test_the_last_rule_is_the_alphabet_not_the_distance(monkeypatch):
    """Without the house in Neapolis, Capua (1 step away), Aleria, Genua and Neapolis (2 steps) are empty and in new
    provinces alike: Aleria, first alphabetically, though Capua is nearer."""
    g = _mini(monkeypatch, contrarius_in_neapolis=False)
    play(g, "senator", DONE)
    roll(g, "food")
    assert last_text(g, containing="builds in").startswith("builds in Aleria")


def _block_the_ways(g):
    """The player's colonists stand on the line Roma-Bononia (the way to Genua) and on both sea lines out of Roma
    (the ways to Aleria)."""
    put(g, PLAYER, 0, route(g, LAND, "Roma", "Bononia"))
    put(g, PLAYER, 3, route(g, SEA, "Roma", "Olbia"))
    put(g, PLAYER, 4, route(g, SEA, "Roma", "Pisae"))


def test_reach_passes_occupied_lines_as_usual(monkeypatch):
    """A-REACH: the movement is the usual one, so occupied lines are passed (each costs a step); only the line it
    ends on, next to the city, must be empty. The example's choice stands although the ways out of Roma are taken."""
    g = _mini(monkeypatch)
    _block_the_ways(g)
    play(g, "senator", DONE)
    roll(g, "food")
    text = last_text(g, containing="builds in")
    assert text.startswith("builds in Aleria"), text
    assert "food cities within reach: Aleria, Bononia, Capua, Genua" in text  # Genua behind the player's colonist
    assert "Tarentum: not reachable with 2 steps" in text and "no free line" not in text
    # the move after building passes the occupied lines too: 2 steps onto either line next to Aleria
    assert g.current_step()[0] == "contrarius_move"
    legal = g.legal_actions()
    assert legal == [("cmove", 3, route(g, SEA, "Olbia", "Aleria")), ("cmove", 3, route(g, SEA, "Pisae", "Aleria"))]
    g.apply(legal[0])
    assert con(g).col[3] == route(g, SEA, "Olbia", "Aleria")
    assert "2 ways of 2 steps lead next to Aleria" in last_text(g, containing="ways of")


def test_reach_needs_an_empty_line_next_to_the_city(monkeypatch):
    """Every line next to Aleria is taken: it cannot be reached, and the log says why in words true of the usual
    movement (no claim about empty ways)."""
    g = _mini(monkeypatch)
    put(g, PLAYER, 3, route(g, SEA, "Olbia", "Aleria"))
    put(g, PLAYER, 4, route(g, SEA, "Pisae", "Aleria"))
    play(g, "senator", DONE)
    roll(g, "food")
    text = last_text(g, containing="builds in")
    assert text.startswith("builds in Genua"), text
    assert "Aleria: no free line next to it that its colonists can reach" in text
    assert "empty lines" not in text


def test_goods_fallback_goes_down_then_wraps_to_cloth(monkeypatch):
    g = _mini(monkeypatch)
    set_good(g, "Capua", "cloth")
    play(g, "senator", DONE)
    roll(g, "brick")  # the brick cities Olbia and Pisae are one sea step away
    text = last_text(g, containing="builds in")
    assert "wants a brick city" in text and text.startswith("builds in Olbia")  # Olbia before Pisae
    g = _mini(monkeypatch)
    for name in ("Olbia", "Pisae"):
        set_good(g, name, "wine")
    set_good(g, "Capua", "cloth")
    play(g, "senator", DONE)
    roll(g, "brick")  # no brick city: wraps to cloth
    text = last_text(g, containing="builds in")
    assert "no brick city without its house is left" in text and text.startswith("builds in Capua")


def test_goods_fallback_to_the_next_lower_good(monkeypatch):
    g = _mini(monkeypatch)
    set_good(g, "Tarentum", "wine")  # the only wine city: out of reach
    play(g, "senator", DONE)
    roll(g, "wine")
    text = last_text(g, containing="builds in")
    assert "Tarentum: not reachable" in text and "no wine city is reachable" in text
    assert "no tool city without its house is left" in text
    assert text.startswith("builds in Aleria")  # then food: the example again


def test_colonist_already_next_to_the_city_does_not_move(monkeypatch):
    g = _mini(monkeypatch)
    put(g, CONTRARIUS, 3, route(g, SEA, "Olbia", "Aleria"))
    before = list(con(g).col)
    play(g, "senator", DONE)
    roll(g, "food")
    assert city(g, "Aleria") in con(g).houses
    assert con(g).col == before and "none moves" in last_text(g)


# -- supplementary rules -------------------------------------------------------------------------------------------
def test_cannot_build_places_a_colonist_rolled_with_the_red_die(monkeypatch):
    g = _mini(monkeypatch)
    s = g.state
    for c in s.board.buildable():
        if c not in con(g).houses:
            give_house(g, CONTRARIUS, s.board.cities[c])  # every city has its house
    play(g, "senator", DONE)
    roll(g, "cloth")
    assert "cannot build anywhere" in last_text(g, containing="cannot")
    st = g.current_step()
    assert st[0] == "contrarius_roll" and st[2] == "colonist"
    assert sorted({a[1] for a in g.legal_actions()}) == ["land", "sea"]  # a card face is rolled again
    roll(g, "sea")
    assert con(g).col[3:].count(s.R + s.board.capital) == 2


def test_mercator_reaction_that_cannot_build_lets_no_province_produce(monkeypatch):
    """The Mercator reaction's production is that of the province its house is built in: with no house built (it
    places a colonist instead) no province produces, though the player has houses and every marker shows its
    good."""
    g = _mini(monkeypatch)
    s = g.state
    for c in s.board.buildable():
        if c not in con(g).houses:
            give_house(g, CONTRARIUS, s.board.cities[c])  # every city has its house
    give_house(g, PLAYER, "Aleria")
    give_house(g, PLAYER, "Neapolis")  # the player's houses in 3 provinces (Bononia, Aleria, Neapolis)
    houses = list(con(g).houses)
    play(g, "mercator", DONE)
    goods = list(me(g).goods)
    roll(g, "wine")
    assert "cannot build anywhere" in last_text(g, containing="cannot")
    roll(g, "land")
    assert g.current_step()[0] == "turn"
    assert con(g).houses == houses and con(g).col[:3].count(s.R + city(g, "Roma")) == 2
    assert me(g).goods == goods and all(s.marker_up)
    assert not [e for e in events(g) if "activates" in e["text"] or "has already produced" in e["text"]]


def test_no_house_left_places_a_colonist():
    g = solo(seed=1)
    s = g.state
    for c in s.board.buildable()[:15]:
        give_house(g, CONTRARIUS, s.board.cities[c])
    play(g, "senator", DONE)
    roll(g, "tool")
    assert "all its houses are built" in last_text(g, containing="cannot")
    roll(g, "land")
    assert con(g).col[:3].count(s.R + s.board.capital) == 2


def test_no_colonist_of_that_kind_places_the_other():
    g = solo(seed=1)
    cap = g.state.R + g.state.board.capital
    con(g).col[1] = con(g).col[2] = cap
    play(g, "colonist", DONE)
    roll(g, "land")
    assert "no land colonist left: it places a sea colonist" in last_text(g, containing="no land")
    assert con(g).col[3:].count(cap) == 2


def test_all_colonists_placed_takes_the_first_card():
    g = solo(seed=1)
    cap = g.state.R + g.state.board.capital
    con(g).col = [cap] * 6
    first = g.state.display[0]
    play(g, "colonist", DONE)
    roll(g, "sea")
    assert con(g).hand[-1] == first and "all its colonists are placed" in last_text(g, containing="all its")


def test_no_card_left_builds_with_the_white_die():
    g = solo(seed=1)
    s = g.state
    s.deck.clear()
    s.deck_labels.clear()
    s.display = [None] * 7
    play(g, "colonist", DONE)
    roll(g, "card")
    assert "no card is left" in last_text(g)
    st = g.current_step()
    assert st[0] == "contrarius_roll" and st[2] == "senator"
    roll(g, "food")
    while g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])
    assert len(con(g).houses) == 1


def test_fallback_chain_never_loops():
    g = solo(seed=1)
    s = g.state
    cap = s.R + s.board.capital
    con(g).col = [cap] * 6
    for c in s.board.buildable()[:15]:
        give_house(g, CONTRARIUS, s.board.cities[c])
    s.deck.clear()
    s.deck_labels.clear()
    s.display = [None] * 7
    s.concordia = PLAYER  # the game is ending anyway
    s.final_turns = 1
    play(g, "senator", DONE)
    roll(g, "food")
    assert "does nothing" in last_text(g)
    assert g.is_over


# -- end of game and scoring ---------------------------------------------------------------------------------------
def test_contrarius_ends_the_game_player_plays_one_last_card_without_reaction():
    g = solo(seed=1)
    s = g.state
    for c in s.board.buildable()[:14]:
        give_house(g, CONTRARIUS, s.board.cities[c])
    play(g, "senator", DONE)
    roll(g, "food")
    while g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])
    assert s.concordia == CONTRARIUS and not g.is_over
    vp = con(g).vp
    play(g, "mason")
    assert g.is_over and con(g).vp == vp  # no reaction to the last card
    assert "does not react to your last card" in last_text(g)
    assert g.result()["contrarius"] == g.scores()[1]["total"]
    assert g.scores()[1]["Concordia"] == 7


def one_card_left(g):
    """Empty the stack and leave only the display's first card: the next card taken ends the game."""
    s = g.state
    s.deck.clear()
    s.deck_labels.clear()
    last = s.display[0]
    s.display = [last] + [None] * 6
    return last


def test_contrarius_ends_the_game_by_taking_the_last_display_card():
    """"Whoever takes the last personality card from the display area ... initiates the end of the game": here
    Contrarius, by its Architect reaction (no card at the rolled position: it takes the first, the last one left).
    It takes the Concordia card; the player plays one last card without reaction."""
    g = solo(seed=1)
    s = g.state
    last = one_card_left(g)
    play(g, "architect", DONE, DONE)
    assert s.concordia == -1
    roll(g, 4)
    assert con(g).hand[-1] == last and s.display == [None] * 7
    assert s.concordia == CONTRARIUS and not g.is_over
    entry = [e for e in g.state.events if e["kind"] == "concordia"][-1]
    assert entry["seat"] == CONTRARIUS and entry["text"].startswith("takes the Concordia card")  # its seat: the subject
    vp = con(g).vp
    play(g, "mercator", DONE)
    assert g.is_over and con(g).vp == vp
    assert "does not react to your last card" in last_text(g)
    assert g.scores()[1]["Concordia"] == 7 and g.scores()[0]["Concordia"] == 0


def test_player_ends_the_game_contrarius_reacts_once_more():
    g = solo(seed=1)
    s = g.state
    one_card_left(g)
    me(g).goods = [5, 5, 5, 5, 5]
    play(g, "senator", ("card", 0, -1), DONE)
    assert s.concordia == PLAYER and not g.is_over
    roll(g, "food")
    while not g.is_over and g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])
    assert g.is_over and len(con(g).houses) == 1
    assert g.scores()[0]["Concordia"] == 7


def test_contrarius_scores_cards_face_up_and_down_and_tie_goes_to_concordia():
    g = solo(seed=1)
    c = con(g)
    c.hand = ["c_tribune", "c_colonist"]
    c.pile = ["c_architect"]
    cap = g.state.R + g.state.board.capital
    c.col = [cap, cap, STORE, cap, STORE, STORE]
    give_house(g, CONTRARIUS, "Genua")
    set_good(g, "Genua", "wine")
    c.vp = 5
    sc = g.scores()[1]
    assert sc["Mars"] == 2 * 2 * 3 and sc["Jupiter"] == 1 and sc["during play"] == 5
    assert sc["total"] == 12 + 1 + 5
    p = me(g)
    p.hand, p.pile, p.houses, p.money, p.goods = [], [], [], 0, [0] * 5
    p.vp = 18
    g.state.concordia = PLAYER
    assert g.scores()[0]["total"] == 18 + 7
    c.vp = 12  # 25 each
    assert g.ranking() == [PLAYER, CONTRARIUS]
    g.state.concordia = CONTRARIUS
    p.vp = 25
    c.vp = 5
    assert g.scores()[0]["total"] == g.scores()[1]["total"] == 25
    assert g.ranking() == [CONTRARIUS, PLAYER]


# -- dice, records, table assistant --------------------------------------------------------------------------------
def test_manual_dice_are_recorded_and_replayed():
    from sestertius.rules.game import Game
    g = solo(seed=6)
    play(g, "architect", DONE, DONE)
    roll(g, 2)
    play(g, "mercator", DONE)
    roll(g, "S")
    while g.to_act() == PLAYER and g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])
    rec = g.record()
    assert ["roll", 2] in rec["actions"] and ["roll", "S"] in rec["actions"]
    assert rec["deciders"][rec["actions"].index(["roll", 2])] == CHANCE
    again = Game.from_record(rec)
    assert again.state.hash() == g.state.hash()


def test_automatic_dice_give_the_same_game_again():
    a = solo(seed=8, manual=False)
    b = solo(seed=8, manual=False)
    for g in (a, b):
        play(g, "architect", DONE, DONE)
        play(g, "senator", DONE)
        while g.to_act() == PLAYER and g.current_step()[0] == "contrarius_move":
            g.apply(g.legal_actions()[0])
    assert a.state.hash() == b.state.hash()
    assert a.to_act() == PLAYER


def test_repeated_faces_weigh_in_sampling_but_are_offered_once_to_a_person():
    auto = solo(seed=1, manual=False)
    manual = solo(seed=1)
    play(manual, "architect", DONE, DONE)
    assert [a[1] for a in manual.legal_actions()] == [1, 2, 3, 4, 5]
    from sestertius.rules.modes.solitaria import legal_roll
    st = ("contrarius_roll", CHANCE, "architect", "take", 0)
    assert [a[1] for a in legal_roll(auto.state, st)] == [1, 2, 3, 4, 5, 1]


def test_view_shows_contrarius():
    g = solo(seed=1)
    v = g.view(PLAYER)
    info = v["extra"]["contrarius"]
    assert info["face_up"][:5] == ("c_tribune", "c_architect", "c_prefect", "c_mercator", "c_colonist")
    assert len(v["players"]) == 2 and v["players"][1]["vp"] == 0
    assert all(e["kind"] != "contrarius" or e["seat"] == CONTRARIUS for e in v["events"])


def test_a_user_can_correct_solitaria_data_in_the_overrides_file(overrides):
    overrides('[solitaria.dice.architect]\nfaces = [1, 2, 3, 4, 5, 5]\n'
              '[solitaria.difficulty.standard]\nstart_vp = 25\n')
    assert solo_data().dice["architect"].faces == (1, 2, 3, 4, 5, 5)
    g = solo()
    assert me(g).vp == 25
    play(g, "architect", DONE, DONE)
    assert [a[1] for a in g.legal_actions()] == [1, 2, 3, 4, 5]


def test_bad_solitaria_data_is_refused_with_its_place():
    from sestertius.data.catalog import DataError, load_catalog, read_data
    from sestertius.data.solitaria import build_solo_data
    raw = read_data("solitaria.toml", "solitaria", None)
    raw["dice"]["mercator"]["faces"] = ["brick", "gold"]
    with pytest.raises(DataError, match=r"dice.mercator.*'gold'"):
        build_solo_data(raw, load_catalog())
    raw = read_data("solitaria.toml", "solitaria", None)
    raw["contrarius"]["cards"] = ["c_tribune", "nobody"]
    with pytest.raises(DataError, match="unknown card 'nobody'"):
        build_solo_data(raw, load_catalog())


@pytest.mark.parametrize("card, decisions, expect", [
    ("architect_sale", [DONE, DONE], ("roll", "architect")),
    ("mercator_sale", [DONE], ("roll", "mercator")),
    ("consul", [DONE], ("roll", "senator")),
    ("colonist", [DONE], ("roll", "colonist")),
    ("prefect_sale", [("cash",)], ("vp", 2)),
    ("c_mercator", [DONE], ("roll", "mercator")),
])
def test_bought_and_taken_cards_react_as_their_action(card, decisions, expect):
    g = solo(seed=3)
    money = me(g).money
    play(g, card, *decisions)
    if expect[0] == "roll":
        st = g.current_step()
        assert st[0] == "contrarius_roll" and st[2] == expect[1]
    else:
        assert con(g).vp == expect[1]
    if card == "mercator_sale":
        assert me(g).money == money + 5


def test_reach_reading_is_data_empty_lines_only_when_chosen(monkeypatch, overrides):
    """A-REACH is kept in data: with reach_passes_occupied = false (set in a user's overrides file, as an owner of
    the game would) the occupied lines block the way (the reading used before), and the log says so."""
    overrides("[solitaria.contrarius]\nreach_passes_occupied = false\n")
    assert solo_data().reach_passes_occupied is False
    g = _mini(monkeypatch)
    _block_the_ways(g)
    play(g, "senator", DONE)
    roll(g, "food")
    text = last_text(g, containing="builds in")
    assert text.startswith("builds in Capua"), text  # only Capua is left (though not a new province)
    assert "Aleria, Bononia, Genua, Tarentum: no free line next to it that its colonists can reach over empty " \
           "lines" in text


@pytest.mark.parametrize("options", [
    {"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"},
    {"board": "roma", "players": 2, "mode": "solo", "difficulty": "standard"},
])
def test_the_summary_of_contrarius_tells_its_pieces_at_every_position(options):
    """What every seat sees of Contrarius (the view's extra, the search bot's reading of its track) agrees with its
    pieces at every position of a random game: colonists out of the storehouse, houses built and in the supply."""
    import random

    from sestertius.rules.game import Game

    g = Game.new(options, seed=4)
    rnd = random.Random(4)
    while not g.is_over:
        s = g.state
        seat = s.options.players
        p = s.players[seat]
        info = s.parts["contrarius"]
        got = s.rules.mode.public(s)["contrarius"]
        assert got["seat"] == seat and got["vp"] == p.vp and got["track"] == tuple(info.track)
        assert got["face_up"] == tuple(p.hand) and got["face_down"] == tuple(p.pile)
        assert got["colonists_on_board"] == sum(1 for loc in p.col if loc != STORE) == s.colonists_on_board(seat)
        assert got["houses_built"] == len(p.houses)
        assert got["houses_in_supply"] == (info.houses - len(p.houses) - len(info.track)
                                           - s.rules.board.other_houses(s, seat))
        legal = g.legal_actions()
        g.apply(legal[rnd.randrange(len(legal))])
