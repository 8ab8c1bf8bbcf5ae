"""Random playouts and the invariants of the rules: every card stays in the game, money and goods never negative, the
storehouse limit, houses and colonists where they may be, ``route_occ`` agreeing with the colonists, a legal decision
always listed. Used by tests/rules/test_playouts.py and by the board and variant tests."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from sestertius.data.catalog import GOODS
from sestertius.rules.game import Game
from sestertius.rules.state import STORE
from sestertius.rules.turn import display_empty

__all__ = ["all_cards", "check_fish", "check_invariants", "check_log", "fish_playout", "playout"]


def all_cards(s) -> list[str]:
    """Every card of the game (stack, display, hands, piles), sorted: constant through a game."""
    c = s.deck + [k for k in s.display if k is not None]
    for p in s.players:
        c += p.hand
        c += p.pile
    c.sort()
    return c


def check_invariants(g: Game, cards: list[str], home: dict[int, set[int]] | None = None) -> None:
    """``home``: per seat, cities where its colonists may stand without a house of its own (team play: the start
    city of a second-half seat)."""
    s = g.state
    b = s.board
    cat = s.cat
    R = s.R
    nland = cat.land_colonists
    discarding = [st[1] for st in s.pending if st[0] == "discard"]
    occ = [-1] * R
    by_seat: list[list[int]] = [[] for _ in range(s.n)]
    for c, m in enumerate(s.houses):
        while m:
            low = m & -m
            by_seat[low.bit_length() - 1].append(c)
            m ^= low
    for seat, p in enumerate(s.players):
        assert p.money >= 0, f"seat {seat}: negative money"
        assert len(p.goods) == 5 and min(p.goods) >= 0, f"seat {seat}: negative goods {p.goods}"
        # storehouse: 12 spaces, colonists in it included; more only while that player is choosing what to drop
        used = sum(p.goods) + p.col.count(STORE)
        assert used <= 12 or seat in discarding, f"seat {seat}: storehouse {used} without a discard decision"
        # houses: at most 15 (Roma: those marking gods included), one per city, never in the capital, the bitmask
        # agrees
        assert len(p.houses) + s.rules.board.other_houses(s, seat) <= 15
        assert len(set(p.houses)) == len(p.houses)
        assert b.capital is None or b.capital not in p.houses
        assert sorted(p.houses) == by_seat[seat]
        # colonists: 3 land + 3 sea; on a route of their kind (never a no-stop route) or in the capital or a city
        # with their own house
        assert len(p.col) == 6
        for slot, loc in enumerate(p.col):
            if loc == STORE:
                continue
            if loc < R:
                assert b.route_kind[loc] == (0 if slot < nland else 1), "colonist on a route of the other kind"
                assert b.stoppable[loc], "colonist stopped on a no-stop route"
                assert occ[loc] == -1, f"two colonists on route {b.route_name(loc)}"
                occ[loc] = seat
            else:
                c = loc - R
                assert 0 <= c
                if c >= len(b.cities):  # a board's own place past the cities (a start boat, Roma's START or track)
                    assert s.rules.board.location(s, loc) is not None, f"colonist on no place ({loc})"
                    continue
                assert c == b.capital or s.houses[c] >> seat & 1 or c in (home or {}).get(seat, ()), \
                    "colonist in a city without own house"
    assert occ == s.route_occ, "route_occ disagrees with the colonists"
    if b.capital is not None:
        assert s.houses[b.capital] == 0
    assert all(0 <= m < (1 << s.n) for m in s.houses)  # (by_seat would have raised on a seat beyond n)
    for seat in discarding:  # a discard decision only while over the limit
        assert s.free_space(seat) < 0
    assert len(s.display) == 7, "display over 7 cards"
    assert all(k is None or k in cat.cards for k in s.display)
    assert all_cards(s) == cards, "cards appeared or vanished"
    assert 0 <= s.pm < s.n
    if not s.over:
        who = g.to_act()
        assert who is not None and 0 <= who < s.n
        legal = g.legal_actions()
        assert legal, f"no legal decision for step {s.pending[-1]}"
        assert len(set(legal)) == len(legal), "duplicate legal decisions"


def check_log(g: Game) -> None:
    """The log: every entry has its turn (never ahead of the game), kind, seat and words; the places it names are
    places of the board (routes, cities, a board's own places) and agree with its words; a trade's money is the
    good's price; a move is never longer than the points it had. The same entries for every seat's view."""
    s = g.state
    b = s.board
    R, C = s.R, len(b.cities)

    def place(p: dict[str, Any]) -> str:
        if "route" in p:
            assert 0 <= p["route"] < R
            return b.route_name(p["route"])
        if "city" in p:
            assert 0 <= p["city"] < C
            return b.cities[p["city"]]
        assert p.get("name"), p  # a board's own place
        return p["name"]

    for e in s.events:
        assert {"turn", "kind", "seat", "text"} <= set(e) and 0 <= e["turn"] <= s.turn
        assert isinstance(e["text"], str) and e["text"].strip(), e
        for key in ("frm", "to"):
            if key in e:
                assert place(e[key]) in e["text"], e
        for c in e.get("cities", []) + ([e["city"]] if isinstance(e.get("city"), int) else []):
            assert 0 <= c < C
        if e["kind"] == "trade":
            assert e["money"] == s.cat.prices[GOODS.index(e["good"])]
            assert f"{e['money']} sestertii" in e["text"] and e["good"] in e["text"]
        if e["kind"] == "move":
            assert 1 <= e["steps"] and f"{e['steps']} step" in e["text"]
    views = [g.view(seat)["events"] for seat in range(s.n)]
    assert all(v == views[0] for v in views)


def check_fish(g: Game) -> None:
    """The fish market's invariants: 0, 1 or 2 fish on each marker spot (none on a spot of a province that can no
    longer produce), ``marker_up`` saying "has fish", no negative coins or fish, the storehouse limit with the fish
    markers counted, at most one market phase on the stack."""
    s = g.state
    f = s.parts["fish"]
    br = s.rules.board
    discarding = {st[1] for st in s.pending if st[0] == "discard"}
    assert len(f.spots) == len(s.board.provinces)
    assert all(x in (0, 1, 2) for x in f.spots)
    assert all(br.can_produce(s, i) or not x for i, x in enumerate(f.spots)), "fish on an erupted province"
    assert s.marker_up == [x > 0 for x in f.spots]
    assert min(f.coins) >= 0 and all(-1 <= x < len(f.coins) for x in f.pos)
    for seat in range(s.n):
        assert f.stored[seat] >= 0
        assert s.storehouse_used(seat) <= 12 or seat in discarding
    kinds = [st[0] for st in s.pending]
    assert kinds.count("market") + kinds.count("stands") <= 1


def playout(board: str, players: int, venus: bool, seed: int, full: bool) -> Game:
    g = Game.new({"board": board, "players": players, "venus": venus,
                  "display": "wine" if seed % 3 == 2 else "standard"}, seed=seed)
    rnd = random.Random(seed * 7919 + players)
    cards = all_cards(g.state)
    trigger_turn = None
    check_invariants(g, cards)
    while not g.is_over:
        legal = g.legal_actions()
        tries = legal if full else [rnd.choice(legal)]
        for a in tries:  # every listed decision applies (on a copy) and keeps the invariants
            c = g.copy()
            c.apply(a)
        a = rnd.choice(legal)
        g.apply(a)
        check_invariants(g, cards)
        s = g.state
        if trigger_turn is None and s.concordia >= 0:
            trigger_turn = next(e["turn"] for e in s.events if e["kind"] == "concordia")
            # the Concordia card comes from the last card of the display or the 15th house
            assert display_empty(s) or len(s.players[s.concordia].houses) == 15
        assert len(g.history) < 20000, "game does not end"
    s = g.state
    # the end: the trigger's turn, then exactly one more turn for every other player
    assert trigger_turn is not None and s.concordia >= 0
    assert s.turn == trigger_turn + players - 1
    scores = g.scores()
    for sc in scores:
        assert all(v >= 0 for v in sc.values())
        assert sc["total"] == sum(v for k, v in sc.items() if k != "total")
    assert sum(sc["Concordia"] for sc in scores) == 7
    rank = g.ranking()
    assert sorted(rank) == list(range(players))
    assert [scores[x]["total"] for x in rank] == sorted((sc["total"] for sc in scores), reverse=True)
    check_log(g)
    return g


def fish_playout(options: dict[str, Any], seed: int, check: Callable[[Game], None] | None = None) -> Game:
    """A random game with the fish market (any board, base or team play): after every decision the invariants of
    the rules (team play: a second-half seat's colonists may stand in its start city), the fish market's and the
    board's own (``check``); the game ends with the Concordia card given once, and its record replays to the same
    state."""
    g = Game.new(options, seed=seed)
    rnd = random.Random(seed)
    cards = all_cards(g.state)
    home: dict[int, set[int]] | None = None
    kinds: set[str] = set()
    while not g.is_over:
        legal = g.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        kinds.add(g.current_step()[0])
        a = rnd.choice(legal)
        g.describe(a)
        g.apply(a)
        s = g.state
        if home is None and not any(st[0] == "start_city" for st in s.pending):  # the setup's choices are made
            home = {seat: {loc - s.R for loc in p.col if s.R <= loc < s.R + len(s.board.cities)}
                    for seat, p in enumerate(s.players)}
        if home is not None:
            check_invariants(g, cards, home)
        check_fish(g)
        if check is not None:
            check(g)
        assert len(g.history) < 20000, "game does not end"
    assert {"market", "fish_prefect"} <= kinds
    scores = g.scores()
    assert sum(sc["Concordia"] for sc in scores) == 7
    assert all(sc["total"] == sum(v for k, v in sc.items() if k != "total") for sc in scores)
    assert sorted(g.ranking()) == list(range(g.state.n))
    rec = g.record()
    assert Game.from_record(rec).state.hash() == g.state.hash() == rec["state_hash"]
    check_log(g)
    return g
