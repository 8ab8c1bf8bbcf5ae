"""Contrarius as a third player (solitaria-solo.txt, last section): option mode "solo" with 2 players. Seat 0 plays the
base cards without reaction, seat 1 the Solitaria cards with Contrarius (seat 2) reacting; Praefectus Magnus passes
between the two players; the Diplomat copies the other player; each player has one veto card. Dice are forced."""
from __future__ import annotations

import random

import pytest

from sestertius.data.solitaria import solo_data
from sestertius.rules.game import Game
from sestertius.rules.modes import solitaria
from sestertius.rules.state import CHANCE, NOBODY, STORE
from support.solitaria import play_seat as play
from support.solitaria import texts, two_player_playout

C = 2  # Contrarius' seat with two players
KEEP, VETO, DONE = ("keep",), ("veto",), ("done",)


def third(difficulty: str = "standard", seed: int = 1, manual: bool = True, board: str = "italia") -> Game:
    return Game.new({"board": board, "players": 2, "mode": "solo", "difficulty": difficulty,
                     "manual_dice": manual}, seed=seed)


def province_with(g: Game, n: int) -> int:
    b = g.state.board
    return next(i for i, cs in enumerate(b.province_cities) if len(cs) >= n)


def test_setup():
    g = third()
    s = g.state
    d = solo_data()
    assert s.n == 3 and solitaria.cseat(s) == C and g.to_act() == 0
    assert s.players[0].hand == list(d.third["hands"][0]) == ["tribune", "architect", "prefect", "prefect",
                                                             "mercator", "senator", "diplomat"]
    assert s.players[1].hand == list(d.hand)  # the 7 Solitaria cards
    assert [s.players[i].money for i in (0, 1)] == [6, 7]
    assert [s.players[i].vp for i in (0, 1)] == [20, 20]
    assert s.pm == 1  # the other player has Praefectus Magnus
    assert s.parts["contrarius"].veto == [1, 1]
    c = s.players[C]
    assert c.hand[:5] == list(d.contrarius_cards) and len(c.hand) == 6
    # stacks I, II and III (base deck III: Mercator, Consul + Architect, Prefect, Colonist, Diplomat)
    assert sorted(d.third["stacks"]["III"]) == sorted(["mercator_sale", "consul", "architect_sale", "prefect_sale",
                                                       "colonist", "diplomat_3"])
    assert len(s.deck) + sum(k is not None for k in s.display) + 1 == 21
    assert s.deck_labels[0] == "III" and s.deck_labels.count("III") == 6
    assert g.view(0)["extra"]["contrarius"]["seat"] == C and g.view(0)["extra"]["contrarius"]["veto"] == (1, 1)


@pytest.mark.parametrize("difficulty,vp", [("standard", 20), ("veteran", 10), ("expert", 0), ("beginner", 40)])
def test_difficulty_as_in_solo(difficulty, vp):
    g = third(difficulty)
    assert [g.state.players[i].vp for i in (0, 1)] == [vp, vp]
    if difficulty == "expert":
        assert g.state.parts["contrarius"].track == [10, 20, 30, 40, 50]
    if difficulty == "veteran":
        assert len(g.state.players[C].houses) == 1


def test_starting_player_cards_cause_no_reaction_even_bought_ones():
    g = third()
    n = len(texts(g))
    play(g, 0, "architect", DONE, DONE)
    play(g, 1, "prefect", ("cash",))  # seat 1: Contrarius reacts
    assert g.state.players[C].vp == 2
    play(g, 0, "colonist", ("cash",))  # a bought card of seat 0: no reaction either
    play(g, 1, "prefect", ("cash",))
    reacts = [t for t in texts(g)[n:] if t.startswith("reacts")]
    assert len(reacts) == 2 and all("seat 2's" in t for t in reacts)
    assert g.state.players[C].vp == 4


def test_architect_reaction_with_the_veto_offered_to_the_reacting_player_first():
    g = third()
    play(g, 0, "prefect", ("cash",))
    play(g, 1, "architect", DONE, DONE)
    g.apply(("roll", 3))
    assert g.current_step()[0] == "contrarius_veto" and g.to_act() == 1
    assert g.legal_actions() == [KEEP, VETO]
    g.apply(KEEP)
    assert g.to_act() == 0  # then the other player
    want = g.state.display[2]
    g.apply(KEEP)
    assert want in g.state.players[C].hand
    assert g.state.parts["contrarius"].veto == [1, 1]


def test_veto_rerolls_once_per_player():
    g = third()
    play(g, 0, "prefect", ("cash",))
    play(g, 1, "architect", DONE, DONE)
    g.apply(("roll", 3))
    g.apply(VETO)  # seat 1 uses its veto card
    assert g.state.parts["contrarius"].veto == [1, 0]
    assert g.to_act() == CHANCE and "uses the veto card" in texts(g, "veto")[-1]
    g.apply(("roll", 5))
    assert g.to_act() == 0  # only seat 0 still has a veto card
    g.apply(VETO)
    assert g.state.parts["contrarius"].veto == [0, 0]
    want = g.state.display[0]
    g.apply(("roll", 1))
    assert g.current_step()[0] != "contrarius_veto"  # nobody has a veto left: the die stands
    assert want in g.state.players[C].hand
    # later dice are no longer offered for a veto
    play(g, 0, "prefect", ("cash",))
    play(g, 1, "mercator", DONE)
    g.apply(("roll", "cloth"))
    assert g.current_step() is None or g.current_step()[0] != "contrarius_veto"


def test_start_points_follow_the_level_for_both_players_as_the_data_says(overrides):
    """A-THIRD-START: both players start with the level's points (veteran: 10); ``level_points`` in the data gives
    another reading without touching code (here the starting player at 0), and a value of the wrong shape is refused
    naming the key."""
    from sestertius.data import solitaria as data_module
    from sestertius.data.overrides import DataError
    g = Game.new({"board": "italia", "players": 2, "mode": "solo", "difficulty": "veteran"}, seed=1)
    assert [p.vp for p in g.state.players[:2]] == [10, 10]
    overrides("[solitaria.third_player]\nlevel_points = [false, true]\n")
    data_module._cached.cache_clear()
    try:
        g = Game.new({"board": "italia", "players": 2, "mode": "solo", "difficulty": "veteran"}, seed=1)
        assert [p.vp for p in g.state.players[:2]] == [0, 10]
        overrides("[solitaria.third_player]\nlevel_points = [true]\n")
        data_module._cached.cache_clear()
        with pytest.raises(DataError, match="level_points"):
            data_module.solo_data()
    finally:
        data_module._cached.cache_clear()


def test_veto_reading_reacting_only(overrides):
    from sestertius.data import solitaria as data_module
    overrides('[solitaria.third_player]\nveto_offer = "reacting"\n')
    data_module._cached.cache_clear()
    try:
        g = third()
        play(g, 0, "prefect", ("cash",))
        play(g, 1, "architect", DONE, DONE)
        g.apply(("roll", 2))
        g.apply(KEEP)  # seat 1 keeps; seat 0 is not asked
        assert g.current_step() is None or g.current_step()[0] != "contrarius_veto"
        assert g.to_act() == 0 and g.current_step()[0] == "turn"
    finally:
        data_module._cached.cache_clear()


def test_prefect_with_pm_is_a_regular_prefect_and_pm_circulates_between_the_players():
    g = third()
    s = g.state
    prov = province_with(g, 2)
    good = s.marker_good[prov]
    # seat 0 first; PM is with seat 1
    play(g, 0, "prefect", ("cash",))
    s.pm = 0  # give it to seat 1's opponent: seat 1's Prefect with PM takes only 1 bonus good now
    before = list(s.players[1].goods)
    play(g, 1, "prefect_pm", ("produce", prov))
    assert s.players[1].goods[good] - before[good] == 1
    assert s.players[C].vp == 1 and "at least 1" in texts(g)[-1]  # minimum 1, not 2
    # seat 0 holds PM: double bonus, then it passes to seat 1 (never to Contrarius)
    prov2 = next(i for i, up in enumerate(s.marker_up) if up)
    before = list(s.players[0].goods)
    play(g, 0, "prefect", ("produce", prov2))
    assert s.players[0].goods[s.marker_good[prov2]] - before[s.marker_good[prov2]] == 2
    assert s.pm == 1
    prov3 = next(i for i, up in enumerate(s.marker_up) if up)
    play(g, 1, "prefect", ("produce", prov3))
    assert s.pm == 0


def test_diplomat_copies_the_other_player_not_contrarius():
    g = third()
    s = g.state
    play(g, 0, "prefect", ("cash",))
    assert g.legal_actions()  # seat 1
    face_up = list(s.players[C].hand)
    g.apply(("play", "diplomat"))
    assert g.legal_actions() == [("copy", 0)]  # seat 0's Prefect
    g.apply(("copy", 0))
    g.apply(("cash",))
    assert s.players[C].hand == face_up and s.players[C].pile == []  # nothing flipped
    assert s.players[C].vp == 2  # reacts as to the copied Prefect
    # seat 0 copies seat 1's top card (the Diplomat played as a Prefect: the Diplomat itself is not copyable)
    assert ("play", "diplomat") not in g.legal_actions()


def test_mercator_reaction_lets_both_players_houses_produce():
    g = third()
    s = g.state
    b = s.board
    prov = province_with(g, 3)
    cities = b.province_cities[prov]
    for seat, c in ((0, cities[0]), (1, cities[1])):
        s.houses[c] |= 1 << seat
        s.players[seat].houses.append(c)
    play(g, 0, "prefect", ("cash",))
    g.state.players[C].col[0] = STORE  # keep its colonists simple: land colonist in the capital only
    g.state.players[C].col[0] = s.R + b.capital
    good = s.city_good[cities[2]]
    before = [list(s.players[i].goods) for i in (0, 1)]
    play(g, 1, "mercator", DONE)
    # Contrarius builds where the die leads it; whatever province it builds in, every player's house there produces
    g.apply(("roll", solitaria.GOODS[good]))
    while g.to_act() in (0, 1) and g.current_step()[0] == "contrarius_veto":
        g.apply(KEEP)
    text = next(t for t in reversed(texts(g)) if "activates" in t or "already produced" in t)
    assert "seat 1 receives" in text and "seat 2 receives" in text
    assert s.players[C].goods == [0] * 5 and before is not None


def _force_end_by_contrarius(g: Game) -> None:
    """Seat 1 plays a Prefect (cash); Contrarius' 2 VP reach ... we end by its 15th house instead: give it 14."""
    s = g.state
    free = [c for c in s.board.buildable() if s.houses[c] == 0 and c != s.board.capital]
    for c in free[:14]:
        s.houses[c] |= 1 << C
        s.players[C].houses.append(c)


def test_contrarius_ends_the_game_each_player_plays_one_last_card_without_reaction():
    g = third()
    s = g.state
    _force_end_by_contrarius(g)
    play(g, 0, "prefect", ("cash",))
    play(g, 1, "mercator", DONE)
    g.apply(("roll", "cloth"))
    while g.to_act() in (0, 1) and g.current_step()[0] == "contrarius_veto":
        g.apply(KEEP)
    while g.to_act() == CHANCE or (g.current_step() and g.current_step()[0].startswith("contrarius")):
        g.apply(g.legal_actions()[0])
    assert s.concordia == C and len(s.players[C].houses) == 15
    assert "each player plays one last card" in texts(g, "concordia")[-1]
    vp = s.players[C].vp
    play(g, 0, "prefect", ("cash",))
    assert not g.is_over
    play(g, 1, "prefect", ("cash",))
    assert g.is_over and s.players[C].vp == vp
    assert "does not react" in texts(g)[-1]
    r = g.ranking()
    assert sorted(r) == [0, 1, 2] and len(g.scores()) == 3
    assert g.result()["contrarius"] == g.scores()[C]["total"]
    assert [g.result()["player 1"], g.result()["player 2"]] == [g.scores()[0]["total"], g.scores()[1]["total"]]


def test_player_ends_the_game_the_other_player_has_one_more_turn():
    g = third()
    s = g.state
    free = [c for c in s.board.buildable() if s.houses[c] == 0]
    for c in free[:14]:
        s.houses[c] |= 1
        s.players[0].houses.append(c)
    s.deck = []
    s.deck_labels = []
    s.display = [None] * len(s.display)
    s.display[0] = "colonist"
    s.players[0].goods = [5] * 5
    play(g, 0, "senator", ("card", 0, -1), DONE)  # takes the last card: Concordia
    assert s.concordia == 0 and not g.is_over
    play(g, 1, "prefect", ("cash",))  # one more turn of seat 1, with Contrarius' reaction
    assert g.is_over and s.players[C].vp == 2


def test_three_way_ranking_tie_goes_to_concordia():
    g = third()
    s = g.state
    s.concordia = 1
    for p in s.players:
        p.hand, p.pile, p.vp = [], [], 0
        p.goods, p.money = [0] * 5, 0
    s.players[0].vp = 7
    s.players[C].vp = 7
    assert g.ranking() == [1, 0, 2]  # all 7: the Concordia card (7 VP to seat 1), then Praefectus Magnus (seat 1)
    s.players[1].vp = -1
    assert g.ranking()[-1] == 1


def test_tie_between_the_players_goes_to_the_concordia_card_before_praefectus_magnus():
    """A-THIRD-DIPLOMAT: a tie between the two players goes to the Concordia card first, then to Praefectus Magnus.
    Here the two are held by different seats: seat 1 the card, seat 0 Praefectus Magnus."""
    g = third()
    s = g.state
    for p in s.players:
        p.hand, p.pile, p.vp = [], [], 0
        p.goods, p.money = [0] * 5, 0
    s.players[0].vp, s.players[1].vp = 37, 30
    s.concordia, s.pm = 1, 0
    assert [sc["total"] for sc in g.scores()] == [37, 37, 0]
    assert g.ranking() == [1, 0, C]  # the Concordia card wins over Praefectus Magnus
    s.concordia = NOBODY  # without the card (a state for the second tie-break alone): Praefectus Magnus decides
    s.players[1].vp = 37
    assert g.ranking() == [0, 1, C]
    s.pm = 1
    assert g.ranking() == [1, 0, C]


def test_random_playouts_keep_the_invariants_and_replay():
    for seed in range(16):
        level = ["standard", "veteran", "expert", "strong_veteran"][seed % 4]
        board = ["italia", "imperium", "hellas", "ionium", "cyprus"][seed % 5]
        g = third(level, seed=seed, manual=False, board=board)
        rnd = random.Random(seed)
        steps = 0
        while not g.is_over:
            g.apply(rnd.choice(g.legal_actions()))
            steps += 1
            s = g.state
            c = s.players[C]
            assert c.money == 0 and c.goods == [0] * 5 and len(c.houses) <= 15
            assert s.pm in (0, 1)
            assert all(v >= 0 for v in s.parts["contrarius"].veto)
            assert g.to_act() in (0, 1, None, CHANCE)
            assert steps < 5000
        assert s.concordia in (0, 1, 2)
        assert Game.from_record(g.record()).state.hash() == g.state.hash()
        g2 = third(level, seed=seed, manual=False, board=board)
        rnd = random.Random(seed)
        while not g2.is_over:
            g2.apply(rnd.choice(g2.legal_actions()))
        assert g2.state.hash() == g.state.hash()  # identical replays


def test_simulate_runs_the_mode():
    from sestertius.cli.simulate import run_simulation
    r = run_simulation("italia", 2, 3, mode="solo", progress=False, difficulty="veteran")
    assert r["players"] == 2 and "contrarius" in r


@pytest.mark.parametrize("board", ["imperium", "italia", "hellas", "ionium", "cyprus", "sicilia"])
def test_random_games_contrarius_invariants(board, contrarius_builds):
    levels = ["standard", "beginner", "veteran", "strong_veteran", "expert", "strong_expert", "strong_expert_8"]
    for i, level in enumerate(levels):
        two_player_playout("solo", board, level, 31 * i + len(board), contrarius_builds, try_all=(i == 0))
