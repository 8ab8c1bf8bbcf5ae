"""The two-player modes against Contrarius (Contrarius as a third player: mode "solo"; the cooperative team play: mode
"team") on Roma and with the fish market: the engine's table (what the lobby and the command line offer) accepts
them, Contrarius' Roma and fish-market rules apply as in solo play (A-TWO-ROMA, A-TWO-FISH), and random games keep
Contrarius' invariants and replay. Combinations no rulebook describes stay refused with their reason."""
from __future__ import annotations

import pytest

from sestertius import check_options, choices
from sestertius.rules.game import Game
from sestertius.rules.modes.solitaria import data, plan_build, roma_track
from sestertius.rules.state import CHANCE, STORE
from sestertius.rules.steps import DONE
from support.solitaria import GOODS, give_house, last_text, play_seat, two_player_playout

C = 2  # Contrarius' seat with two players
KEEP = ("keep",)
MODES = ["solo", "team"]


def game(mode: str, board: str = "italia", difficulty: str = "standard", seed: int = 1, **opts) -> Game:
    return Game.new({"board": board, "players": 2, "mode": mode, "difficulty": difficulty, "manual_dice": True,
                     **opts}, seed=seed)


def skip_markets(g: Game) -> None:
    while g.current_step()[0] == "market":
        g.apply(DONE)


# -- the table -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_the_table_offers_the_combinations(mode):
    assert check_options({"board": "roma", "players": 2, "mode": mode}) is None
    for side in ("coastal", "mountain"):
        assert check_options({"board": "italia", "players": 2, "mode": mode, "fish_market": side}) is None
        assert check_options({"board": "cyprus", "players": 2, "mode": mode, "fish_market": side,
                              "difficulty": "expert"}) is None
    # no rulebook gives Contrarius a rule for Balearica: refused with that reason
    why = check_options({"board": "balearica", "players": 2, "mode": mode})
    assert why is not None and "no rule for Balearica" in why
    # the fish market on a board with rules of its own plays too (A-SOLO-FISH-BOARDS)
    for board in ("roma", "sicilia"):
        assert check_options({"board": board, "players": 2, "mode": mode, "fish_market": "coastal"}) is None
    assert {"name": mode, "players": [1, 2] if mode == "solo" else [2, 4, 6]} in choices()["modes"]


# -- Roma ------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_roma_everyone_starts_on_start_and_in_ostia(mode):
    g = game(mode, "roma")
    s = g.state
    t = roma_track(s)
    for seat in (0, 1, C):
        col = s.players[seat].col
        assert col[0] == t.start(s) and col[s.cat.land_colonists] == t.start(s) + 1
        assert col.count(STORE) == 4
    assert "places 1 land colonist on Start and 1 sea colonist in Ostia" in last_text(g, containing="Ostia")


def test_roma_third_player_ship_moves_and_its_die_may_be_vetoed():
    """A-TWO-ROMA: after its house the frontmost ship moves to Carthago; at veteran level it rolls the white die
    there, and that die is offered for a veto like every die of Contrarius (A-THIRD-VETO)."""
    g = game("solo", "roma", "veteran")
    s = g.state
    while g.current_step()[0] == "contrarius_line":
        g.apply(g.legal_actions()[0])
    play_seat(g, 0, "architect", DONE, DONE)
    while not (g.to_act() == 1 and g.current_step()[0] == "turn"):
        g.apply(g.legal_actions()[0])
    houses = len(s.players[C].houses)
    play_seat(g, 1, "senator", DONE)
    g.apply(("roll", "brick"))
    g.apply(KEEP)
    g.apply(KEEP)
    while g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])
    assert len(s.players[C].houses) == houses + 1
    assert "moves its frontmost ship from Ostia to Carthago" in last_text(g, containing="frontmost ship")
    assert g.to_act() == CHANCE and g.current_step()[2:4] == ("senator", "ship")
    g.apply(("roll", "food"))
    assert g.current_step()[0] == "contrarius_veto" and g.to_act() == 1
    g.apply(("veto",))
    assert g.to_act() == CHANCE and g.current_step()[2:4] == ("senator", "ship")
    assert s.parts["contrarius"].veto == [1, 0]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("level", ["standard", "veteran", "strong_veteran", "expert", "strong_expert_8"])
def test_roma_random_games_keep_contrarius_invariants(mode, level, contrarius_builds):
    for seed in range(2):
        g = two_player_playout(mode, "roma", level, 41 * seed + len(level), contrarius_builds, try_all=(seed == 0))
        s = g.state
        t = roma_track(s)
        c = s.players[C]
        allowed = {t.start(s) + k for k, sp in t.spaces.items()
                   if sp["name"] in ("Ostia", "Carthago", "Athenae", "Byzantium")}
        assert all(loc == STORE or loc in allowed for loc in c.col[s.cat.land_colonists:])
        assert sum(m >> C & 1 for m in s.parts["roma"].marks) <= 1  # its one ship reaches Byzantium once


# -- the fish market -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seat", [0, 1])
def test_fish_either_player_pays_go_to_contrarius(mode, seat):
    g = game(mode, fish_market="coastal")
    s = g.state
    s.parts["fish"].stored[seat] = 3
    s.pending.append(("market", seat, -1))
    g.apply(("enter", 0, 0))  # coastal spot 1: 1 brick for 1 fish
    assert s.parts["fish"].stored[seat] == 2 and s.parts["contrarius"].fish == 1
    assert f"takes the 1 fish seat {seat + 1} paid" in last_text(g)  # a page names the seat's player
    assert g.scores()[C]["fish"] == 1 and "fish" not in g.scores()[seat]


def test_third_player_praefectus_piscatus_passes_between_the_two_players():
    """A-TWO-FISH: Praefectus Piscatus replaces the Praefectus Magnus token: it starts with the second player and
    passes between the two players only, never to Contrarius."""
    g = game("solo", fish_market="coastal")
    s = g.state
    spots = s.parts["fish"].spots
    assert s.pm == 1
    play_seat(g, 0, "prefect", ("produce", 0))  # the starting player has no Piscatus: the province's fish only
    assert s.parts["fish"].stored[0] == 1 and s.pm == 1
    skip_markets(g)
    play_seat(g, 1, "prefect_pm", ("produce", 1))  # a regular Prefect here; the token gives the extra fish
    assert s.parts["fish"].stored[1] == 1 + 1 and s.pm == 0
    assert "Praefectus Piscatus (now with seat 1)" in last_text(g, "fish")
    skip_markets(g)
    assert spots[2] == 1
    play_seat(g, 0, "prefect", ("produce", 2))
    assert s.parts["fish"].stored[0] == 1 + 1 + 1 and s.pm == 1  # back to the second player, not to Contrarius
    assert "Praefectus Piscatus (now with seat 2)" in last_text(g, "fish")


def test_team_each_partner_uses_the_market_right_before_its_action():
    """A-TWO-FISH: as in Venus team play, the active player uses the market and carries out the card, then the
    partner uses the market and carries out the card; no market phase before the card is chosen."""
    g = game("team", fish_market="coastal")
    s = g.state
    s.parts["fish"].stored[:2] = [2, 2]
    play_seat(g, 0, "architect")
    seen = []
    while g.to_act() in (0, 1) and len(seen) < 8:
        st = g.current_step()
        seen.append((st[0], st[1]))
        g.apply(DONE)
    assert seen[:2] == [("market", 0), ("arch_move", 0)], seen
    i = seen.index(("market", 1))
    assert seen[i + 1] == ("arch_move", 1) and all(seat == 0 for _, seat in seen[:i]), seen


def test_team_prefect_with_pm_owner_takes_the_piscatus_fish_the_partner_does_not():
    g = game("team", fish_market="mountain")
    s = g.state
    assert s.pm == -1
    play_seat(g, 0, "team_prefect_pm", ("produce", 0))
    assert s.parts["fish"].stored[0] == 2  # the province's fish and Praefectus Piscatus' extra fish
    skip_markets(g)
    g.apply(("produce", 1))  # the partner performs the Prefect: the province's fish only
    assert s.parts["fish"].stored[1] == 1 and s.pm == -1


def test_third_player_mercator_reaction_both_players_produce_and_contrarius_takes_the_fish():
    """A-TWO-FISH with A-SOLO-PRODUCE-ALL: the province of Contrarius' house produces for both players' houses and
    Contrarius takes its fish."""
    g = game("solo", fish_market="coastal")
    s = g.state
    b = s.board
    target = plan_build(s, data(s), GOODS.index("brick"))[0]
    prov = b.province_of[target]
    others = [c for c in b.province_cities[prov] if c != target]
    assert others
    give_house(g, 0, b.cities[others[0]])
    give_house(g, 1, b.cities[others[-1]])
    goods = [s.city_good[others[0]], s.city_good[others[-1]]]
    before = [s.players[0].goods[goods[0]], s.players[1].goods[goods[1]]]
    play_seat(g, 0, "architect", DONE, DONE)
    skip_markets(g)
    play_seat(g, 1, "mercator", DONE)
    g.apply(("roll", "brick"))
    g.apply(KEEP)
    g.apply(KEEP)
    while g.current_step()[0] == "contrarius_move":
        g.apply(g.legal_actions()[0])
    assert target in s.players[C].houses
    assert s.parts["fish"].spots[prov] == 0 and s.parts["contrarius"].fish == 1
    text = last_text(g, containing="activates")
    assert "seat 1 receives 1" in text and "seat 2 receives 1" in text and "Contrarius takes its 1 fish" in text
    assert [s.players[0].goods[goods[0]], s.players[1].goods[goods[1]]] == [before[0] + 1, before[1] + 1]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("side", ["coastal", "mountain"])
def test_fish_random_games_keep_contrarius_invariants(mode, side, contrarius_builds):
    levels = ["standard", "veteran", "expert", "strong_veteran", "beginner"]
    for i, level in enumerate(levels):
        g = two_player_playout(mode, ["italia", "imperium", "hellas", "ionium", "cyprus"][i], level, 53 * i + 7,
                               contrarius_builds, try_all=(i == 0), fish_market=side)
        s = g.state
        assert s.parts["fish"].stored[C] == 0
        assert g.scores()[C]["fish"] == s.parts["contrarius"].fish >= 0


# -- the readings are shown and documented ---------------------------------------------------------------------------
def test_the_readings_are_shown_in_the_games_they_affect_and_documented():
    import tomllib
    from pathlib import Path

    from sestertius.data.catalog import assumptions_for
    from sestertius.rules.options import GameOptions

    def shown(**o) -> set[str]:
        return {a["id"] for a in assumptions_for(GameOptions.from_dict({"players": 2, **o}))}

    for mode in MODES:
        assert {"A-TWO-ROMA", "A-SOLO-ROMA", "A-REACH"} <= shown(mode=mode, board="roma")
        assert {"A-TWO-FISH", "A-SOLO-FISH", "A-FISH-MARKET"} <= shown(mode=mode, fish_market="coastal")
        assert not {"A-TWO-ROMA", "A-TWO-FISH"} & shown(mode=mode)
    assert not {"A-TWO-ROMA", "A-TWO-FISH"} & shown(mode="base", board="roma")
    # Contrarius' readings written in code (SOLITARIA.md): on the screen of every game against it, solo included
    readings = {"A-STRONG-LEVELS", "A-COLONIST-ROLL", "A-DISPLAY-REFILL", "A-FALLBACK-END", "A-NO-SPECIALIST"}
    solo_game = Game.new({"board": "italia", "players": 1, "mode": "solo", "difficulty": "strong_veteran"}, seed=1)
    assert readings <= {a["id"] for a in solo_game.view(0)["assumptions"]}
    for mode in MODES:
        assert readings <= shown(mode=mode)
    assert not readings & shown(mode="base") and not readings & shown(mode="team", players=4)
    root = Path(__file__).resolve().parents[2]
    ids = tomllib.loads((root / "sestertius" / "data" / "assumptions.toml").read_text(encoding="utf-8"))
    docs = (root / "docs" / "ASSUMPTIONS.md").read_text(encoding="utf-8")
    solitaria_doc = (root / "docs" / "SOLITARIA.md").read_text(encoding="utf-8")
    for aid, entry in ids.items():
        assert aid in docs, aid
        whens = [entry["when"]] if isinstance(entry["when"], str) else entry["when"]
        if any(w.startswith("solo") for w in whens):
            assert aid in solitaria_doc, aid
