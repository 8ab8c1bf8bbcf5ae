"""The search bot: legal, seeded (a game with bots replays), blind to what its seat cannot see, and able to play
whole games of every mode, board and variant with the rules' invariants holding after every decision."""
from __future__ import annotations

import random

import pytest
from solitaria.test_solitaria_games import check as check_solo

from sestertius import Game
from sestertius.bots import BOTS, make_bot
from sestertius.bots.search import Evaluator, SearchBot
from support.playouts import all_cards, check_invariants

CONFIGS = {
    "base-2": {"board": "italia", "players": 2},
    "venus-3-wine": {"board": "hellas", "players": 3, "venus": True, "display": "wine"},
    "team-4": {"board": "imperium", "players": 4, "mode": "team"},
    "solo-expert": {"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"},
    "solo-third": {"board": "italia", "players": 2, "mode": "solo"},
    "solo-team": {"board": "imperium", "players": 2, "mode": "team"},
    "sicilia-solo": {"board": "sicilia", "players": 1, "mode": "solo", "difficulty": "veteran"},
    "roma-3": {"board": "roma", "players": 3},
    "balearica-3": {"board": "balearica", "players": 3},
    "fish-2": {"board": "cyprus", "players": 2, "fish_market": "mountain"},
}


OWN_PLACES = ("balearica", "roma")  # boards with colonist places past the cities: the checks every board shares


def shared_invariants(game, cards):
    s = game.state
    assert all_cards(s) == cards, "cards appeared or vanished"
    for p in s.players:
        assert p.money >= 0 and min(p.goods) >= 0 and len(p.houses) == len(set(p.houses)) <= 15
    if not s.over:
        assert game.legal_actions()


def checker(options):
    """The invariants that hold for these options: the base game's, the solo game's (Contrarius'), or those every
    board and mode shares."""
    if options.get("mode") == "solo" and options["players"] == 1:
        return check_solo
    if options["board"] in OWN_PLACES or options.get("mode", "base") != "base":
        return shared_invariants  # team play starts colonists in cities without a house; Contrarius has no money
    return check_invariants


def play(options, seed, names, check=False, max_turns=400):
    game = Game.new(options, seed=seed)
    bots = [SearchBot(seed * 10 + i, n) if n == "quick" else make_bot(n, seed * 10 + i) for i, n in enumerate(names)]
    cards = all_cards(game.state)
    while not game.is_over and game.state.turn < max_turns:
        seat = game.to_act()
        legal = game.legal_actions()
        a = legal[0] if len(legal) == 1 else bots[seat % len(bots)].choose(game, legal)
        assert a in legal
        game.apply(a)
        if check:
            checker(options)(game, cards)
    return game


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_the_search_bot_plays_every_mode_to_the_end(name):
    options = CONFIGS[name]
    seats = max(1, options["players"])
    game = play(options, 7, ["quick"] * seats, check=True)
    assert game.is_over


def test_a_game_with_bots_replays():
    options = CONFIGS["solo-expert"]
    a = play(options, 3, ["quick"])
    b = play(options, 3, ["quick"])
    assert a.history == b.history
    c = play(options, 4, ["quick"])
    assert c.history != a.history


def hidden_variant(game, rnd):
    """A copy of the game that differs only in what its seats cannot see: each stack's cards in another order,
    other dice to come."""
    other = game.copy()
    runs: dict[str, list[str]] = {}
    for card, numeral in zip(game.state.deck, game.state.deck_labels):
        runs.setdefault(numeral, []).append(card)
    for cards in runs.values():
        rnd.shuffle(cards)
    other.state.deck = [runs[n].pop() for n in game.state.deck_labels]
    other.state.rng ^= 0x5EED
    return other


@pytest.mark.parametrize("options", [CONFIGS["solo-expert"], {"board": "imperium", "players": 3}])
def test_the_bot_does_not_see_the_hidden_order(options):
    """Games that differ only in what the seat cannot see get the same search from the same bot: the same
    decisions, valued the same."""
    for seed in range(3):
        game = Game.new(options, seed=seed)
        rnd = random.Random(seed)
        for _ in range(8 + 9 * seed):
            game.apply(rnd.choice(game.legal_actions()))
        seat = game.to_act()
        other = hidden_variant(game, rnd)
        assert other.view(seat) == game.view(seat)
        assert other.state.deck != game.state.deck or len(set(game.state.deck)) < 2
        a = [(line.action, line.values) for line in SearchBot(2, "medium").search(game, seat)]
        b = [(line.action, line.values) for line in SearchBot(2, "medium").search(other, seat)]
        assert a == b


def test_levels_are_bots_by_name():
    assert {"easy", "medium", "hard"} <= set(BOTS)
    assert make_bot("hard", 1).name == "hard" and make_bot("easy", 1).name == "greedy"


class _Inverted(Evaluator):
    """Judges a position as the hand-made estimate's opposite: a judge of turn ends that cannot be mistaken for it."""

    def objective(self, s, seat, est=None):
        return -super().objective(s, seat, est)


def _turn_start(seed: int, turns: int) -> Game:
    game = Game.new(CONFIGS["solo-expert"], seed=seed)
    rnd = random.Random(seed)
    while game.state.turn < turns or game.current_step()[0] != "turn":
        game.apply(rnd.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("seed", [3, 4])
def test_a_judge_of_turn_ends_judges_the_lines_and_leaves_the_steps_inside_a_turn_alone(seed):
    game = _turn_start(seed, 6)
    plain = SearchBot(7, "quick").search(game, 0)
    same = SearchBot(7, "quick", ends=Evaluator()).search(game, 0)
    assert [(x.action, x.plan, x.values) for x in same] == [(x.action, x.plan, x.values) for x in plain]
    inverted = {x.action: x for x in SearchBot(7, "quick", ends=_Inverted()).search(game, 0) if x.values}
    by_action = {x.action: x for x in plain if x.values}
    assert inverted.keys() == by_action.keys()
    for action, line in by_action.items():
        assert inverted[action].plan == line.plan  # the turn is played by the hand-made estimate
        assert inverted[action].values == pytest.approx([-v for v in line.values])  # and judged by the other
