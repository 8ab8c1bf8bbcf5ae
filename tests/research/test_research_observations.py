"""The observation encoding: fixed size for every mode, board and variant, documented field by field, seats relative
to the observer. ``observe`` (built from the state, with caches) equals ``observe_view`` (the reference, built from
the seat's view and what the seat sees beyond it) everywhere, and holds nothing the seat may not see."""
from __future__ import annotations

import gc
import random

import pytest

np = pytest.importorskip("numpy")

from sestertius import Game, GameOptions  # noqa: E402
from sestertius.research.actions import CARDS  # noqa: E402
from sestertius.research.observations import (  # noqa: E402
    FIELD,
    FIELDS,
    OBSERVATION_SIZE,
    OBSERVATION_VERSION,
    STEP_WORDS,
    beyond_view,
    field_table,
    fields_of,
    observe,
    observe_view,
    step_args,
)
from sestertius.rules.determinise import shuffle_stacks  # noqa: E402
from support import ROOT  # noqa: E402
from support.research import every_mode, label  # noqa: E402

# beyond every_mode(): the base game without Venus at 3 and 5 seats, with it at 2; Solitaria at the other levels
EXTRA = [{"board": "imperium", "players": 3}, {"board": "imperium", "players": 5},
         {"board": "italia", "players": 2, "venus": True}, {"board": "imperium", "players": 4, "mode": "team"}]
EXTRA += [{"board": "italia", "players": 1, "mode": "solo", "difficulty": d}
          for d in ("standard", "beginner", "strong_veteran", "expert", "strong_expert_8")]


def played(options: dict, seed: int = 1, decisions: int = 150) -> Game:
    game = Game.new(options, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


def reference(game: Game, seat: int) -> np.ndarray:
    return observe_view(game.view(seat), seat, beyond_view(game, seat))


def differing(a: np.ndarray, b: np.ndarray) -> list[str]:
    return [f.name for f in FIELDS if (a[f.offset:f.offset + f.size] != b[f.offset:f.offset + f.size]).any()]


def test_the_layout_is_documented_field_by_field():
    doc = (ROOT / "docs" / "RESEARCH.md").read_text(encoding="utf-8")
    assert field_table() in doc  # the table of docs/RESEARCH.md is the layout's own, offsets and all
    assert f"observation encoding version {OBSERVATION_VERSION}" in doc
    assert sum(f.size for f in FIELDS) == OBSERVATION_SIZE == 5299
    assert FIELD["scores/final"].offset + FIELD["scores/final"].size == 4458  # version 1's fields kept their places


@pytest.mark.parametrize("options", every_mode() + EXTRA, ids=label)
def test_observe_equals_the_reference_for_every_seat_through_a_game(options):
    """Every 23rd decision and the end of a random game, chance steps included (outcomes entered as a record's
    replay enters them), for every seat: the fast encoding is the view-based one, float for float."""
    game = Game(GameOptions.from_dict(options), 3, auto_chance=False)
    rng = random.Random(3)
    checked = 0
    while True:
        if len(game.history) % 23 == 0 or game.is_over:
            for seat in range(game.state.n):
                fast, ref = observe(game, seat), reference(game, seat)
                assert fast.shape == (OBSERVATION_SIZE,) and fast.dtype == np.float32
                assert (fast == ref).all(), (len(game.history), seat, differing(fast, ref))
                checked += 1
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply_unchecked(legal[rng.randrange(len(legal))])
    assert checked > game.state.n  # several points of the game, not only its end


@pytest.mark.parametrize("options", every_mode()[5::17] + [{"board": "imperium", "players": 4}], ids=label)
def test_observe_brought_up_to_date_equals_the_reference_at_every_decision(options):
    """As an environment observes (the seat to act, at every decision; another seat now and then) the kept vectors
    are brought up to date part by part: each observation equals the reference. What the caller does with the vector
    handed out (here: overwrites it) does not reach the next one."""
    game = Game(GameOptions.from_dict(options), 5, auto_chance=False)
    rng = random.Random(5)
    while not game.is_over:
        seat = game.to_act()
        seats = [seat] if seat is not None and seat >= 0 else []
        if len(game.history) % 7 == 0:
            seats.append(len(game.history) % game.state.n)
        for me in seats:
            fast = observe(game, me)
            assert (fast == reference(game, me)).all(), (len(game.history), me, differing(fast, reference(game, me)))
            fast[:] = 0.5
        legal = game.legal_actions()
        game.apply_unchecked(legal[rng.randrange(len(legal))])
    for me in range(game.state.n):
        assert (observe(game, me) == reference(game, me)).all()


def test_copies_of_a_game_observed_in_turn_share_the_kept_vectors_safely():
    """Copies share what observe() keeps per game and observer (their cache is keyed on the game's tokens): two copies
    going different ways, observed in turn by the same seats, each equal the reference."""
    game = played({"board": "imperium", "players": 4}, seed=3, decisions=30)
    twins = [game, game.copy()]
    rngs = [random.Random(1), random.Random(2)]
    for _ in range(120):
        for g, rng in zip(twins, rngs):
            if g.is_over:
                continue
            for me in (g.to_act(), 0):
                assert (observe(g, me) == reference(g, me)).all(), (len(g.history), me)
            legal = g.legal_actions()
            g.apply_unchecked(legal[rng.randrange(len(legal))])
    assert twins[0].state.players[0].to_dict() != twins[1].state.players[0].to_dict()


def test_new_games_and_copies_never_reuse_another_games_blocks():
    """The per-game cache is keyed on the game's own token list: games made and dropped one after another (whose
    ids Python may reuse), copies that go different ways, and a game with another seed of the same options (the
    vector's part fixed by the rules is made once and serves every seed: the cities' tokens differ)."""
    for seed in range(6):
        game = played({"board": "italia", "players": 3}, seed=seed, decisions=40 + seed)
        assert (observe(game, 1) == reference(game, 1)).all()
        twin = game.copy()
        legal = twin.legal_actions()
        twin.apply(legal[-1])
        game.apply(game.legal_actions()[0])
        for g in (game, twin):
            for seat in range(3):
                assert (observe(g, seat) == reference(g, seat)).all()
        del game, twin
        gc.collect()


def test_a_determinised_copy_gives_the_same_observation():
    """What a seat cannot see (the order of the stacks, chance to come) is drawn anew in a determinised copy: the
    observation does not change."""
    for options in ({"board": "imperium", "players": 4}, {"board": "sicilia", "players": 3, "venus": True},
                    {"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"},
                    {"board": "italia", "players": 4, "mode": "team", "fish_market": "mountain"}):
        game = played(options, seed=4, decisions=120)
        for seat in range(game.state.n):
            copy = game.determinised(seat, random.Random(seat))
            assert copy.state.deck != game.state.deck or len(game.state.deck) < 2
            assert (observe(copy, seat) == observe(game, seat)).all()


def test_hidden_parts_of_the_state_do_not_change_the_observation():
    """Another order of the stacks, and which of seat 1's cards are in its hand rather than under the top of its
    pile (the sizes kept): seat 0 sees no change; seat 1 does (so that the test can fail)."""
    game = Game.new({"board": "imperium", "players": 4}, seed=1)
    s = game.state
    p = s.players[1]
    rng = random.Random(1)
    while not (len(p.pile) >= 3 and len(p.hand) >= 3 and set(p.pile[:-1]) != set(p.hand)):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    before = {seat: observe(game, seat) for seat in range(4)}
    held = p.hand + p.pile[:-1]
    rng.shuffle(held)
    while sorted(held[:len(p.hand)]) == sorted(p.hand):
        rng.shuffle(held)
    p.hand[:], p.pile[:-1] = held[:len(p.hand)], held[len(p.hand):]
    deck = s.deck.copy()
    shuffle_stacks(s.deck, s.deck_labels, rng)  # each stack's cards in another order, the stacks in place
    assert s.deck != deck
    assert (observe(game, 0) == before[0]).all()
    assert (observe(game, 0) == reference(game, 0)).all()
    assert not (observe(game, 1) == before[1]).all()


def test_the_cards_bought_are_the_log_s_purchases():
    """``players/bought`` (derived from the cards held) against the log's purchases, every seat, in a base game and a
    team game."""
    for options in ({"board": "italia", "players": 3}, {"board": "italia", "players": 4, "mode": "team"}):
        game = played(options, seed=2, decisions=400)
        bought = {seat: [] for seat in range(game.state.n)}
        for e in game.state.events:
            if e["kind"] == "buy":
                bought[e["seat"]].append(e["card"])
        assert sum(map(len, bought.values())) >= 3
        for me in range(game.state.n):
            f = fields_of(observe(game, me))
            for seat, cards in bought.items():
                r = (seat - me) % game.state.n
                counts = np.zeros_like(f["players/bought"][r])
                for k in cards:
                    counts[CARDS.index(k)] += 1
                assert f["players/bought"][r] * 3 == pytest.approx(counts)


def test_the_architect_s_points_the_step_s_arguments_and_the_own_pile():
    game = Game.new({"board": "imperium", "players": 4}, seed=1)
    rng = random.Random(1)
    seen = set()
    while not game.is_over and len(seen) < 3:
        st = game.state.pending[-1]
        seat = game.to_act()
        f = fields_of(observe(game, seat))
        args = step_args(game.state, st)
        assert list(f["step/arg_present"]) == [1] * len(args) + [0] * (4 - len(args))
        if st[0] == "arch_move":
            assert f["game/movement_points"][0] * 10 == pytest.approx(args[0])
            seen.add("arch_move") if args[0] > 0 else None
        if st[0] == "buy":  # cards left to buy, and whether the position's extra cost is paid
            assert list(f["step/arg_number"][:2] * 10) == pytest.approx([args[0] + 1, args[1] + 1])
            seen.add("buy")
        if st[0] == "prefect":  # the card played, as a word
            assert f["step/arg_word"][0][STEP_WORDS.index(args[0])] == 1
            seen.add("prefect")
        pile = game.state.players[seat].pile
        assert f["pile"].sum() * 3 == pytest.approx(len(pile))
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    assert seen == {"arch_move", "buy", "prefect"}


def test_every_word_a_step_carries_is_in_the_vocabulary():
    """A word argument outside STEP_WORDS would be left out by both encodings alike: checked here instead."""
    words = set()
    for options in every_mode()[::2] + EXTRA:
        game = Game(GameOptions.from_dict(options), 1, auto_chance=False)
        rng = random.Random(1)
        while not game.is_over:
            words |= {x for x in step_args(game.state, game.state.pending[-1]) if isinstance(x, str)}
            legal = game.legal_actions()
            game.apply_unchecked(legal[rng.randrange(len(legal))])
    assert {"first", "architect", "take"} <= words  # Solitaria's start, its dice and purposes are among them
    assert words <= set(STEP_WORDS)


@pytest.mark.parametrize("options", every_mode()[::3], ids=label)
def test_every_mode_gives_a_vector_of_the_one_size_within_bounds(options):
    game = played(options)
    seats = game.state.n
    for seat in range(seats):
        v = observe(game, seat)
        assert v.min() >= 0 and np.isfinite(v).all()
        f = fields_of(v)
        assert f["options/my_seat"][seat] == 1 and f["players/present"].sum() == seats


def test_seats_are_relative_to_the_observer():
    game = played({"board": "italia", "players": 3}, decisions=60)
    money = [p.money for p in game.state.players]
    for seat in range(3):
        f = fields_of(observe(game, seat))
        assert list(f["players/money"][:3] * 50) == pytest.approx([money[(seat + k) % 3] for k in range(3)])


@pytest.mark.parametrize("options,field", [
    ({"board": "sicilia", "players": 3}, "volcano/tiles"),
    ({"board": "balearica", "players": 3}, "boats/colonists"),
    ({"board": "roma", "players": 3}, "roma/track"),
    ({"board": "italia", "players": 3, "fish_market": "coastal"}, "fish/province_fish"),
    ({"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert"}, "contrarius/track"),
    ({"board": "italia", "players": 2, "mode": "solo"}, "contrarius/veto"),  # before random play uses them up
    ({"board": "italia", "players": 4, "mode": "team"}, "players/my_team"),
])
def test_each_board_variant_and_mode_fills_its_own_fields(options, field):
    game = played(options, decisions=0 if field == "contrarius/veto" else 40)
    f = fields_of(observe(game, 0))
    assert f[field].sum() > 0
    other = fields_of(observe(played({"board": "imperium", "players": 4}, decisions=40), 0))
    assert other[field].sum() == 0 or field == "players/my_team"


def test_observe_takes_a_game_and_one_of_its_seats():
    game = Game.new({"board": "italia", "players": 2}, seed=1)
    with pytest.raises(TypeError):
        observe(game.view(0), 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        observe(game, 2)
    out = np.full(OBSERVATION_SIZE, 7.0, np.float32)
    assert observe(game, 1, out=out) is out and (out == reference(game, 1)).all()
