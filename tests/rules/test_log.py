"""The log tells every change, in words and in fields (the browser highlights the places): colonist moves, the
Mercator's money, sales and purchases, what a Prefect's or a specialist's production gave each player, what each
house, card and colonist cost, the Diplomat's copies, the Colonist's income, goods given up. And what a seat may
see of it: the same log for everyone, with nothing hidden in it; "since your last turn"; the running score.

Numbers are written out from the rules (prices 3/4/5/6/7; a house in a wine city: 1 brick, 1 wine and 4 sestertii
per house already there plus one), not read from the data."""
from __future__ import annotations

import random

import pytest

from sestertius.rules.game import Game
from sestertius.rules.modes.solitaria.contrarius import data
from sestertius.rules.scoring import score_all
from sestertius.rules.state import CHANCE
from support.rules import (
    BRICK,
    FOOD,
    LAND,
    SEA,
    TOOL,
    WINE,
    city,
    give_house,
    new_game,
    play,
    put,
    route,
    set_city_good,
    set_goods,
)


def entries(g: Game, kind: str) -> list[dict]:
    return [e for e in g.state.events if e["kind"] == kind]


def test_a_colonist_move_names_the_colonist_where_from_where_to_and_by_land_or_sea():
    g = new_game()
    cosa_roma = route(g, LAND, "Cosa", "Roma")
    play(g, 0, "architect")  # 2 points: the land and the sea colonist in Roma
    g.apply(("move", 0, cosa_roma))
    [e] = entries(g, "move")
    assert e["text"] == "moves a land colonist by land from Roma to land Cosa–Roma (1 step, 1 left)"
    assert e["seat"] == 0 and e["colonist"] == "land" and e["steps"] == 1
    assert e["frm"] == {"city": city(g, "Roma")} and e["to"] == {"route": cosa_roma}
    sea = route(g, SEA, "Neapolis", "Roma")
    g.apply(("move", 3, sea))
    e = entries(g, "move")[-1]
    assert e["text"] == "moves a sea colonist by sea from Roma to sea Neapolis–Roma (1 step, 0 left)"
    assert e["to"] == {"route": sea} and e["slot"] == 3


def test_the_mercator_logs_its_own_money_and_each_sale_and_purchase_with_goods_and_money():
    g = new_game()
    set_goods(g, 0, wine=1)
    play(g, 0, "mercator")
    g.apply(("sell", WINE))
    g.apply(("buy", TOOL))
    income, = entries(g, "income")
    assert income["text"] == "Mercator: takes 3 sestertii from the bank" and income["money"] == 3
    sale, purchase = entries(g, "trade")
    assert sale["text"] == "sells 1 wine for 6 sestertii"
    assert (sale["verb"], sale["good"], sale["money"]) == ("sell", "wine", 6)
    assert purchase["text"] == "buys 1 tool for 5 sestertii"
    assert (purchase["verb"], purchase["good"], purchase["money"]) == ("buy", "tool", 5)
    # an opponent sees all of it
    texts = [e["text"] for e in g.view(1)["events"]]
    assert texts[-4:] == ["plays Mercator", "Mercator: takes 3 sestertii from the bank",
                          "sells 1 wine for 6 sestertii", "buys 1 tool for 5 sestertii"]


def test_a_prefect_logs_the_bonus_and_what_each_players_houses_produced():
    g = new_game(players=3)
    set_city_good(g, "Florentia", WINE)
    set_city_good(g, "Cosa", BRICK)
    s = g.state
    s.marker_good = list(s.marker_good)
    etruria = s.board.provinces.index("Etruria")
    s.marker_good[etruria] = WINE
    give_house(g, 0, "Cosa")
    give_house(g, 1, "Cosa")
    give_house(g, 1, "Florentia")
    play(g, 0, "prefect")
    g.apply(("produce", etruria))
    [e] = entries(g, "produce")
    assert e["text"] == "produces in Etruria; bonus: 1 wine; houses: seat 1 1 brick; seat 2 1 brick and 1 wine"
    assert e["province"] == etruria and e["bonus"] == 1 and e["good"] == "wine"
    assert e["produced"] == [{"seat": 0, "goods": {"brick": 1}}, {"seat": 1, "goods": {"brick": 1, "wine": 1}}]
    assert sorted(e["cities"]) == sorted([city(g, "Cosa"), city(g, "Florentia")])


def test_a_specialist_logs_how_many_houses_produced_which_good():
    g = new_game()
    set_city_good(g, "Cosa", WINE)
    set_city_good(g, "Florentia", WINE)
    give_house(g, 0, "Cosa")
    give_house(g, 0, "Florentia")
    play(g, 0, "vintner")
    [e] = entries(g, "produce")
    assert e["text"] == "Vintner: 2 houses produce 2 wine" and e["goods"] == {"wine": 2}
    assert sorted(e["cities"]) == sorted([city(g, "Cosa"), city(g, "Florentia")])
    play(g, 1, "vintner")
    assert entries(g, "produce")[-1]["text"] == "Vintner: no house produces wine"


def test_a_house_logs_its_goods_and_sestertii():
    g = new_game()
    set_city_good(g, "Cosa", WINE)
    give_house(g, 1, "Cosa")  # one house there already: 2 x 4 sestertii
    put(g, 0, 0, route(g, LAND, "Cosa", "Roma"))
    set_goods(g, 0, brick=1, wine=1)
    g.state.players[0].money = 20
    play(g, 0, "architect")
    g.apply(("done",))
    g.apply(("build", city(g, "Cosa")))
    [e] = entries(g, "build")
    assert e["text"] == "builds a house in Cosa for 1 brick, 1 wine and 8 sestertii"
    assert e["city"] == city(g, "Cosa") and e["goods"] == {"brick": 1, "wine": 1} and e["money"] == 8
    assert g.state.players[0].money == 12


def test_a_card_bought_logs_its_goods():
    g = new_game()
    s = g.state
    set_goods(g, 0, brick=5, food=5, tool=5, wine=5, cloth=5)
    key = s.display[0]
    cost = list(s.cat.cards[key].cost)  # position 1 costs nothing more
    play(g, 0, "consul")
    g.apply(next(a for a in g.legal_actions() if a[:2] == ("card", 0)))
    [e] = entries(g, "buy")
    paid = {name: n for name, n in zip(("brick", "food", "tool", "wine", "cloth"), cost) if n}
    assert e["card"] == key and e["pos"] == 0 and e["goods"] == paid
    assert e["text"].startswith(f"buys {s.cat.cards[key].title} from position 1 for ")
    for name, n in paid.items():
        assert f"{n} {name}" in e["text"]


def test_a_diplomat_copy_names_the_card_and_whose_pile():
    g = new_game(players=3)
    g.state.players[1].pile = ["prefect"]
    play(g, 0, "diplomat")
    g.apply(("copy", 1))
    [e] = entries(g, "copy")
    assert e["text"] == "copies Prefect from the pile of seat 2" and e["target"] == 1 and e["card"] == "prefect"


def test_colonists_placed_and_bought_log_their_cost_and_the_colonist_money_its_sum():
    g = new_game()
    set_goods(g, 0, food=2, tool=2)
    play(g, 0, "colonist")
    g.apply(("place", LAND, city(g, "Roma")))
    [e] = entries(g, "colonist")
    assert e["text"] == "places a land colonist in Roma for 1 food and 1 tool"
    assert e["to"] == {"city": city(g, "Roma")} and e["goods"] == {"food": 1, "tool": 1}
    g.apply(("done",))
    play(g, 1, "colonist")
    g.apply(("cash",))
    cash = entries(g, "cash")[-1]
    assert cash["text"] == "takes 7 sestertii (5 + 1 per colonist on the board: 2)" and cash["money"] == 7
    g2 = new_game()
    set_goods(g2, 0, food=1, tool=1)
    play(g2, 0, "tribune")
    g2.apply(("recruit", SEA))
    assert entries(g2, "colonist")[-1]["text"] == "places a sea colonist in Roma for 1 food and 1 tool"


def test_goods_given_up_over_the_storehouse_limit_are_logged():
    g = new_game()
    set_goods(g, 0, food=5, wine=5)  # 10 goods + 2 colonists: 12, over the 12 spaces once more is produced
    set_city_good(g, "Cosa", WINE)
    give_house(g, 0, "Cosa")
    play(g, 0, "vintner")
    g.apply(("drop", FOOD))
    assert entries(g, "drop")[-1]["text"] == "gives up 1 food (storehouse over full)"


def test_entries_are_made_when_read_and_copies_made_before_agree():
    g = new_game()
    set_goods(g, 0, wine=1)
    play(g, 0, "mercator")
    g.apply(("sell", WINE))
    copy = g.state.copy()  # its entries are not made yet
    assert copy.events == g.state.events
    assert [e["kind"] for e in copy.events][-3:] == ["play", "income", "trade"]


@pytest.mark.parametrize("options", [
    {"board": "roma", "players": 3},
    {"board": "balearica", "players": 3, "fish_market": "coastal"},
    {"board": "sicilia", "players": 1, "mode": "solo"},
])
def test_entries_made_late_read_as_entries_made_at_once(options):
    """An entry made when the log is first read says what it would have said when it was logged: its maker uses
    nothing that changes during the game."""
    at_once = Game.new(options, seed=9)
    late = Game.new(options, seed=9)
    rnd = random.Random(9)
    while not at_once.is_over:
        legal = at_once.legal_actions()
        a = legal[rnd.randrange(len(legal))]
        at_once.apply(a)
        at_once.state.events  # noqa: B018  (made now)
        late.apply(a)
    assert late.state.events == at_once.state.events


def test_since_your_last_turn_is_the_log_after_the_seats_last_entry():
    g = new_game(players=3)
    for seat in range(3):
        play(g, seat, "tribune")
        g.apply(("done",))
    ev = g.state.events
    v0 = g.view(0)
    assert v0["since"] == 2 and [e["seat"] for e in ev[v0["since"]:]] == [1, 1, 2, 2]  # play + tribune each
    # while it is its turn, its own entries of this turn do not count
    play(g, 0, "mercator")
    v0 = g.view(0)
    assert [e["seat"] for e in ev[v0["since"]:]] == [1, 1, 2, 2, 0, 0]
    assert g.view(None)["since"] is None
    assert g.view(1)["since"] == 4


@pytest.mark.parametrize("options", [
    {"board": "imperium", "players": 4, "venus": True},
    {"board": "italia", "players": 4, "mode": "team"},
    {"board": "imperium", "players": 1, "mode": "solo"},
    {"board": "roma", "players": 3, "fish_market": "mountain"},
])
def test_the_log_is_the_same_for_every_seat_and_names_only_cards_in_the_open(options):
    """No entry carries another seat's hand or the order of the stacks: every card an entry names has been in the open
    (the display, a discard pile's top, Contrarius' cards, a card being played) by the time it is logged, and every seat
    sees the same entries."""
    g = Game.new(options, seed=3)
    rnd = random.Random(3)

    def public_cards(game: Game) -> set[str]:
        v = game.view(None)
        out = {d["card"] for d in v["display"] if d["card"]} | {p["pile_top"] for p in v["players"] if p["pile_top"]}
        c = (v.get("extra") or {}).get("contrarius")
        if c:
            out |= set(c["face_up"]) | set(c["face_down"])
        return out

    seen = len(g.state.events)
    shown = public_cards(g)  # every card in the open so far
    while not g.is_over:
        legal = g.legal_actions()
        a = legal[rnd.randrange(len(legal))]
        g.apply(a)
        shown |= public_cards(g) | ({a[1]} if a[0] == "play" else set())  # a card played is shown as it is played
        for e in g.state.events[seen:]:
            assert not {"hand", "deck", "hands", "deck_order"} & set(e)
            if isinstance(e.get("card"), str):
                assert e["card"] in shown, e
        seen = len(g.state.events)
    views = [g.view(seat)["events"] for seat in [None, *range(g.state.n)]]
    assert all(v == views[0] for v in views)


def test_the_running_score_is_in_every_view_while_the_game_lasts():
    g = new_game(players=3)
    give_house(g, 0, "Cosa")
    v = g.view(1)
    assert v["standing"] == score_all(g.state) and len(v["standing"]) == 3
    assert v["standing"][0]["total"] > 0


@pytest.mark.parametrize("die,name", [("mercator", "black Mercator die"), ("senator", "white Senator/Consul die"),
                                      ("architect", "blue Architect die"), ("colonist", "red Tribune/Colonist die")])
def test_the_die_to_roll_by_hand_is_named_with_its_faces(die, name):
    g = Game.new({"board": "imperium", "players": 1, "mode": "solo", "manual_dice": True}, seed=5)
    assert "die" not in g.view(0)["extra"]
    g.state.pending.append(("contrarius_roll", CHANCE, die, "build", 0))
    faces = data(g.state).dice[die].values()
    v = g.view(0)
    assert v["extra"]["die"] == {"key": die, "name": name, "faces": faces, "purpose": "build"}
    assert v["prompt"] == (f"Roll the {name} for Contrarius (its faces: {', '.join(map(str, faces))}) and enter the "
                           f"face it shows.")


@pytest.mark.parametrize("options", [
    {"board": "imperium", "players": 4, "venus": True},
    {"board": "italia", "players": 1, "mode": "solo"},
    {"board": "italia", "players": 4, "mode": "team"},
])
def test_the_end_screens_god_table_is_cards_times_points_per_card_and_adds_up_to_the_scores(options):
    g = Game.new(options, seed=2)
    rnd = random.Random(2)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rnd.randrange(len(legal))])
    v = g.view(0)
    assert "standing" not in v
    for seat, table in enumerate(v["score_table"]):
        p = g.state.players[seat]
        for god, row in table.items():
            assert row["points"] == v["scores"][seat][god] == sum(row["each"])
            held = [k for k in p.hand + p.pile if god in g.state.cat.cards[k].gods]
            assert row["cards"] == len(held) == len(row["each"])
            if god != "Minerva":  # every card of one god gives the same points
                assert len(set(row["each"])) <= 1


@pytest.mark.parametrize("played, words", [(3, "takes 4 cards back, +1 sestertius"),
                                           (4, "takes 5 cards back, +2 sestertii")])
def test_the_tribune_names_its_bonus_in_the_right_number(played, words):
    g = new_game()
    g.state.players[0].pile.extend(["architect", "prefect", "mercator", "diplomat"][:played])
    play(g, 0, "tribune")
    assert entries(g, "tribune")[-1]["text"] == words


def test_an_entry_logged_late_is_made_from_its_tuple_when_read():
    """A LazyEntry, the flat tuple (maker, turn, *args) appended to ``state.logged``, is made on the first reading
    with the turn it was logged in, and kept made; the card played is logged so (a simulation never reads it)."""
    from sestertius.rules.state import entry

    g = new_game()
    s = g.state
    turn = s.turn
    s.logged.append((lambda st, t, seat, n: entry(t, "test", seat, f"{n} things", n=n), turn, 1, 3))
    s.turn += 1  # read later: the entry keeps its own turn
    made = s.events[-1]
    assert made == {"turn": turn, "kind": "test", "seat": 1, "text": "3 things", "n": 3}
    assert s.logged[-1] is made and s.events[-1] is made  # made once
    play(g, 0, "tribune")
    lazy = [e for e in s.logged if type(e) is tuple]
    assert lazy and lazy[0][1:3] == (s.turn, 0)  # (maker, turn, seat, ...) until read
    assert entries(g, "play")[-1]["seat"] == 0
    assert not any(type(e) is tuple for e in s.logged)
