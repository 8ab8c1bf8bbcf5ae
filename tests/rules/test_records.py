"""Records: replay to the identical state, save/load, undo, refusal of corrupt records, refusal of illegal
decisions (state unchanged, the rule named) and views that hide the stack order and other players' hands."""
from __future__ import annotations

import errno
import json
import os
import random
import subprocess
import sys

import pytest

from sestertius.rules import game as game_module
from sestertius.rules.errors import IllegalAction, RecordError
from sestertius.rules.game import RECORD_FORMAT, RECORD_VERSION, Game
from support import ROOT
from support.rules import LAND, new_game, pass_turn, route

try:
    import resource
except ImportError:  # not POSIX
    resource = None  # type: ignore[assignment]

CONFIGS = [("italia", 2, False), ("imperium", 4, True), ("hellas", 3, False), ("ionium", 5, True),
           ("cyprus", 5, False), ("italia", 3, True)]


def random_game(board: str, players: int, venus: bool, seed: int, upto: int | None = None):
    """A random game; returns it with the state hash after each decision (index k: after k decisions)."""
    g = Game.new({"board": board, "players": players, "venus": venus}, seed=seed)
    rnd = random.Random(seed)
    hashes = [g.state.hash()]
    while not g.is_over and (upto is None or len(g.history) < upto):
        g.apply(rnd.choice(g.legal_actions()))
        hashes.append(g.state.hash())
    return g, hashes


# =====================================================================================================================
# Replay
# =====================================================================================================================

@pytest.mark.parametrize("board,players,venus", CONFIGS)
def test_replay_gives_the_same_state_at_random_points(board, players, venus):
    seed = 300 + players
    g, hashes = random_game(board, players, venus, seed)
    assert g.is_over and len(hashes) == len(g.history) + 1
    rec = g.record()
    assert rec["format"] == RECORD_FORMAT and rec["version"] == RECORD_VERSION
    assert rec["state_hash"] == g.state.hash()
    full = Game.from_record(rec)
    assert full.state.hash() == g.state.hash() and full.is_over and full.history == g.history
    assert full.scores() == g.scores()
    rnd = random.Random(seed)
    for k in sorted(rnd.sample(range(len(g.history)), 6)) + [0]:
        assert Game.from_record(rec, upto=k).state.hash() == hashes[k], k
    # a record cut at a random point is a complete record of that earlier game
    k = rnd.randrange(len(g.history))
    g2, _ = random_game(board, players, venus, seed, upto=k)
    assert g2.state.hash() == hashes[k]
    assert Game.from_record(g2.record()).state.hash() == hashes[k]


def test_a_replayed_game_continues_identically():
    # the record holds every decision, so a replay continues exactly where the game stands
    g, _ = random_game("italia", 2, False, 5, upto=150)
    h = Game.from_record(json.loads(json.dumps(g.record())))
    rnd = random.Random(1)
    for _ in range(50):
        if g.is_over:
            break
        a = rnd.choice(g.legal_actions())
        g.apply(a)
        h.apply(a)
        assert g.state.hash() == h.state.hash()


def test_save_and_load_round_trip(tmp_path):
    g, _ = random_game("imperium", 4, True, 11, upto=400)
    path = tmp_path / "game.json"
    g.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == RECORD_FORMAT and data["actions"] == [list(a) for a in g.history]
    h = Game.load(path)
    assert h.state.hash() == g.state.hash()
    assert h.history == g.history and h.options == g.options and h.seed == g.seed
    assert h.legal_actions() == g.legal_actions()
    # save the loaded game again: the same file
    path2 = tmp_path / "again.json"
    h.save(path2)
    assert json.loads(path2.read_text(encoding="utf-8")) == data


# =====================================================================================================================
# Undo
# =====================================================================================================================

@pytest.mark.parametrize("board,players,venus", CONFIGS[:4])
def test_undo_then_reapply_gives_identical_states(board, players, venus):
    g = Game.new({"board": board, "players": players, "venus": venus}, seed=77)
    rnd = random.Random(77)
    undone = 0
    while not g.is_over and len(g.history) < 600:
        seat = g.to_act()
        before, n = g.state.hash(), len(g.history)
        a = rnd.choice(g.legal_actions())
        g.apply(a)
        after = g.state.hash()
        if g.to_act() == seat and g.can_undo() and rnd.random() < 0.3:
            g.undo()
            assert g.state.hash() == before and len(g.history) == n
            assert a in g.legal_actions()
            g.apply(a)
            assert g.state.hash() == after
            undone += 1
    assert undone > 20


def test_undo_walks_back_to_the_start_of_the_turn_and_no_further():
    g = new_game(players=2)
    assert not g.can_undo()
    start = g.state.hash()
    g.apply(("play", "architect"))
    h1 = g.state.hash()
    g.apply(("move", 0, route(g, LAND, "Cosa", "Roma")))
    assert g.can_undo()
    g.undo()
    assert g.state.hash() == h1
    g.undo()
    assert g.state.hash() == start and g.history == []
    with pytest.raises(IllegalAction) as e:
        g.undo()
    assert e.value.rule == "Undo" and g.state.hash() == start


def test_undo_refuses_across_another_seats_turn():
    g = new_game(players=3)
    pass_turn(g)  # seat 0's turn is over
    assert g.to_act() == 1
    h = g.state.hash()
    assert not g.can_undo()
    with pytest.raises(IllegalAction) as e:
        g.undo()
    assert e.value.rule == "Undo" and "earlier decisions are final" in str(e.value)
    assert g.state.hash() == h and len(g.history) == 2
    # seat 1 may take back its own decisions, but not seat 0's
    g.apply(("play", "tribune"))
    g.undo()
    assert g.state.hash() == h
    with pytest.raises(IllegalAction):
        g.undo()
    # a view tells whether undo is possible
    assert g.view(1)["can_undo"] is False
    g.apply(("play", "tribune"))
    assert g.view(1)["can_undo"] is True and g.view(0)["can_undo"] is False


# =====================================================================================================================
# Corrupt records
# =====================================================================================================================

@pytest.fixture(scope="module")
def record():
    g, _ = random_game("italia", 2, False, 21, upto=120)
    return g.record()


def refuse(rec, *words):
    with pytest.raises(RecordError) as e:
        Game.from_record(rec)
    for w in words:
        assert w in str(e.value), (w, str(e.value))
    return str(e.value)


def test_bad_json_is_refused(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "sestertius-game", "version": 1, "actions": [', encoding="utf-8")
    with pytest.raises(RecordError, match="not valid JSON"):
        Game.load(path)
    with pytest.raises(RecordError, match="cannot be read"):
        Game.load(tmp_path / "missing.json")


def test_wrong_format_or_version_is_refused(record):
    refuse({**record, "format": "chess-pgn"}, "not a game record", "chess-pgn")
    refuse({**record, "version": 99}, "version 99", "not supported")
    refuse([record], "JSON object")
    rec = dict(record)
    del rec["format"]
    refuse(rec, "format")


def test_missing_or_mistyped_fields_are_refused(record):
    for key in ("options", "seed", "actions"):
        rec = dict(record)
        del rec[key]
        refuse(rec, repr(key))
    refuse({**record, "seed": "one"}, "'seed'")
    refuse({**record, "actions": {"0": ["play", "tribune"]}}, "'actions'")
    refuse({**record, "options": {"board": "atlantis", "players": 2}}, "options", "atlantis")
    refuse({**record, "options": {"board": "italia", "players": 2, "colour": "red"}}, "options", "colour")


@pytest.mark.parametrize("k", [0, 7, 50, 119])
def test_an_illegal_decision_is_refused_with_its_position(record, k):
    rec = json.loads(json.dumps(record))
    rec["actions"][k] = ["build", 9999]
    msg = refuse(rec, f"decision {k + 1} ", "illegal")
    rec["actions"][k] = ["play", "weaver"]
    refuse(rec, f"decision {k + 1} ", "illegal")
    rec["actions"][k] = "play tribune"
    refuse(rec, f"decision {k + 1}", "not a list")
    assert "9999" in msg


def test_decisions_after_the_end_and_a_wrong_hash_are_refused():
    g, _ = random_game("italia", 2, False, 3)
    rec = g.record()
    refuse({**rec, "actions": rec["actions"] + [["play", "tribune"]]}, f"decision {len(rec['actions']) + 1}",
           "the game is over")
    refuse({**rec, "state_hash": "0" * 16}, "state hash mismatch", "0" * 16, g.state.hash())
    # a decision changed to another legal one gives another game: the hash catches it
    g2, _ = random_game("italia", 2, False, 4, upto=30)
    rec2 = g2.record()
    alt = Game.from_record(rec2, upto=29)
    other = [a for a in alt.legal_actions() if list(a) != rec2["actions"][29]]
    if other:
        rec2["actions"][29] = list(other[0])
        refuse(rec2, "state hash mismatch")


def test_damaged_files_are_refused_with_what_is_wrong(record, tmp_path):
    text = json.dumps(record)
    damaged = {
        "latin-1.json": (text.replace('"italia"', '"it\u00e1lia"').encode("latin-1"), "not UTF-8 text (byte"),
        "deep.json": (b"[" * 200_000 + b"]" * 200_000, "nested too deeply"),
        "deep-object.json": (b'{"a": ' * 200_000 + b"1" + b"}" * 200_000, "nested too deeply"),
        "long-seed.json": (text.replace('"seed": 21', '"seed": ' + "9" * 5000).encode(), "more than 4,300 digits"),
        "nan.json": (text.replace('"seed": 21', '"seed": NaN').encode(), "NaN is not a number JSON allows"),
    }
    for name, (data, words) in damaged.items():
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(RecordError) as e:
            Game.load(path)
        assert str(e.value).startswith(f"{path}: ") and words in str(e.value), (name, str(e.value))
    with pytest.raises(RecordError, match="cannot be read: Is a directory"):
        Game.load(tmp_path)


def test_damaged_fields_are_refused_with_the_field(record):
    options = record["options"]
    refuse({**record, "options": {**options, "players": 2.0}}, "'options'", "players must be a whole number", "2.0")
    refuse({**record, "options": {**options, "difficulty": 7}}, "'options'", "unknown difficulty 7")
    refuse({**record, "options": {**options, "venus": "no"}}, "'options'", "venus must be true or false")
    refuse({**record, "options": ["italia"]}, "'options'")
    refuse({**record, "seed": True}, "'seed'", "not True")
    refuse({**record, "seed": -3}, "'seed'", "from 0 to 2**64 - 1, not -3")
    refuse({**record, "seed": 10 ** 4000}, "'seed'", "a number of about 4000 digits")
    refuse({**record, "version": True}, "version True")
    refuse({**record, "state_hash": 5}, "'state_hash'", "not 5")
    for deciders in ("x", record["deciders"][:-1], [float(d) for d in record["deciders"]]):
        refuse({**record, "deciders": deciders}, "'deciders'", f"{len(record['actions'])} whole numbers")


def test_the_deciders_of_a_record_are_checked_against_the_replay(record):
    deciders = list(record["deciders"])
    k = next(i for i, d in enumerate(deciders) if d == 1)
    deciders[k] = 0  # seat 1 claimed a decision of seat 2
    refuse({**record, "deciders": deciders}, f"decision {k + 1} ", "the record says seat 1 took it, but seat 2 is to "
                                                                    "decide")
    rec = dict(record)
    del rec["deciders"]  # nothing to check them against: the decisions still replay
    assert Game.from_record(rec).state.hash() == record["state_hash"]


LONG = "x" * 100_000


def test_a_refusal_repeats_a_long_value_cut_short(record):
    """A record's option key or value, verb or argument of 100,000 characters is named cut short (audit F17: the
    message repeated all of it), and a decider of 300 digits is not printed in full."""
    options, actions = record["options"], record["actions"]
    cases = [
        ({**record, "options": {**options, LONG: 1}}, "unknown option(s): xxxxx"),
        ({**record, "options": {**options, **{f"k{i:02}": 1 for i in range(50)}}},
         "unknown option(s): k00, k01, k02, k03, k04 and 45 more"),
        ({**record, "options": {**options, "board": LONG}}, "unknown board 'xxxxx"),
        ({**record, "options": {**options, "fish_market": LONG}}, "fish_market must be one of"),
        ({**record, "actions": [[LONG], *actions[1:]]}, "is not a decision you can take now"),
        ({**record, "actions": [["play", LONG], *actions[1:]]}, "unknown card 'xxxxx"),
        ({**record, "actions": [["play", 1.5, LONG], *actions[1:]]}, "decision 1 ("),
    ]
    for rec, words in cases:
        message = refuse(rec, words)
        assert len(message) < 400 and "x" * 100 not in message, message[:500]
    deciders = list(record["deciders"])
    deciders[0] = 10 ** 300
    message = refuse({**record, "deciders": deciders}, "the record says seat a number of about 300 digits took it")
    assert len(message) < 400, message[:500]


def test_undo_keeps_the_record_whole():
    g = new_game(players=2)
    g.apply(("play", "architect"))
    g.apply(("move", 0, route(g, LAND, "Cosa", "Roma")))
    g.undo()
    rec = g.record()
    assert len(rec["deciders"]) == len(rec["actions"]) == 1
    assert Game.from_record(rec).state.hash() == g.state.hash()


# =====================================================================================================================
# Illegal decisions
# =====================================================================================================================

def mutations(g, rnd):
    """Decisions that look plausible but are not in the legal list now."""
    legal = set(g.legal_actions())
    s = g.state
    out = [("fly",), (), ("play", "no-such-card"), ("play", "weaver"), ("done", 1), ("build", s.board.capital),
           ("move", 0, 0), ("drop", 2), ("card", 6, 0, 0), ("copy", 9), ("produce", 99), ("half", 2)]
    for a in legal:
        if len(a) >= 2 and isinstance(a[-1], int):
            out.append(a[:-1] + (a[-1] + rnd.randint(1, 40),))
            out.append(a[:-1] + (-a[-1] - 2,))
    return [a for a in out if a not in legal]


@pytest.mark.parametrize("board,players,venus", CONFIGS[:3])
def test_illegal_decisions_change_nothing_and_name_the_rule(board, players, venus):
    g = Game.new({"board": board, "players": players, "venus": venus}, seed=41)
    rnd = random.Random(41)
    tried = 0
    while not g.is_over:
        if rnd.random() < 0.2:
            h, n = g.state.hash(), len(g.history)
            step = g.current_step()
            for a in mutations(g, rnd):
                with pytest.raises(IllegalAction) as e:
                    g.apply(a)
                assert g.state.hash() == h and len(g.history) == n
                assert e.value.rule == g.rule_name(step)
                assert str(e.value).startswith(e.value.rule + ": ") and len(e.value.detail) > 10
                tried += 1
        g.apply(rnd.choice(g.legal_actions()))
    assert tried > 500


def test_illegal_decision_messages_say_why():
    g = new_game(players=2)
    with pytest.raises(IllegalAction) as e:
        g.apply(("play", "weaver"))
    assert e.value.rule == "Play a card" and "Weaver is not in your hand" in str(e.value)
    with pytest.raises(IllegalAction) as e:
        g.apply(("play", "nonsense"))
    assert "unknown card 'nonsense'" in str(e.value)
    with pytest.raises(IllegalAction) as e:
        g.apply(("build", 3))
    assert "expected one of: play" in str(e.value)
    g.apply(("play", "architect"))
    g.apply(("move", 0, route(g, LAND, "Cosa", "Roma")))
    g.apply(("done",))
    with pytest.raises(IllegalAction) as e:
        g.apply(("build", g.state.board.capital))
    assert str(e.value) == "Architect (build): no house may be built in the capital"


# =====================================================================================================================
# Views
# =====================================================================================================================

def walk(x, path=""):
    """Every (path, value) in a nested view."""
    yield path, x
    if isinstance(x, dict):
        for k, v in x.items():
            yield from walk(v, f"{path}.{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from walk(v, f"{path}[{i}]")


def hide_check(g, seat):
    """view(seat) shows the seat's own hand, only the size of the others', no stack order, and does not change when
    the hidden parts (stack order, other hands) change."""
    v = g.view(seat)
    json.dumps(v)  # plain data
    s = g.state
    for i, p in enumerate(v["players"]):
        assert p["hand_size"] == len(s.players[i].hand)
        if i == seat:
            assert p["hand"] == s.players[i].hand
        else:
            assert p["hand"] is None
    for path, value in walk(v):
        last = path.rsplit(".", 1)[-1]
        assert last not in ("deck", "rng", "seed", "hand_cards"), path
        if isinstance(value, list) and len(value) >= 3 and len(s.deck) >= 3:
            assert value != s.deck and value != s.deck[::-1], path
    # change the hidden information: the view must not change
    h = g.copy()
    hs = h.state
    hs.deck = hs.deck[1:] + hs.deck[:1]
    for i, p in enumerate(hs.players):
        if i != seat and p.hand:
            p.hand = ["weaver"] * len(p.hand)
    # the running score counts every card a player holds, hand included: what the open record tells anyway (the
    # starting hand and each card bought in the open); the weavers above are cards nobody could hold
    hv = h.view(seat)
    hv.pop("standing", None)
    v = {k: x for k, x in v.items() if k != "standing"}
    assert json.dumps(hv, sort_keys=True) == json.dumps(v, sort_keys=True)


@pytest.mark.parametrize("board,players,venus", CONFIGS[:3])
def test_views_never_show_the_stack_order_or_other_hands(board, players, venus):
    g = Game.new({"board": board, "players": players, "venus": venus}, seed=8)
    rnd = random.Random(8)
    checked = 0
    while not g.is_over:
        if len(g.history) % 50 == 7:
            for seat in [*range(players), None]:
                hide_check(g, seat)
            checked += 1
        g.apply(rnd.choice(g.legal_actions()))
    assert checked >= 8
    v = g.view(0)
    assert v["over"] and "scores" in v and v["ranking"] == g.ranking()


def test_view_of_the_seat_to_act_lists_its_legal_decisions_only():
    g = new_game(players=3)
    v0, v1 = g.view(0), g.view(1)
    assert {tuple(x["action"]) for x in v0["legal"]} == set(g.legal_actions())
    assert all(x["text"] for x in v0["legal"])
    assert v1["legal"] == [] and g.view(None)["legal"] == []
    assert v0["deck_size"] == len(g.state.deck) and v0["deck_top"] == g.state.deck_labels[-1]


# =====================================================================================================================
# Decisions are compared by type as well as value
# =====================================================================================================================

def twins(a):
    """Decisions equal to ``a`` whose values have other types: 1.0 for 1, True/False for 1/0 (JSON's 1.0 and true)."""
    out = []
    for i, x in enumerate(a):
        if type(x) is int:
            out.append(a[:i] + (float(x),) + a[i + 1:])
            if x in (0, 1):
                out.append(a[:i] + (bool(x),) + a[i + 1:])
    return out


TYPED_CONFIGS = [{"board": "italia", "players": 2, "venus": True}, {"board": "imperium", "players": 4, "mode": "team"},
                 {"board": "imperium", "players": 3, "fish_market": "coastal"},
                 {"board": "italia", "players": 1, "mode": "solo", "manual_dice": True},
                 {"board": "sicilia", "players": 3}, {"board": "roma", "players": 2}]


@pytest.mark.parametrize("options", TYPED_CONFIGS, ids=lambda o: "-".join(map(str, o.values())))
def test_a_decision_equal_in_value_but_not_in_type_is_refused_before_anything_changes(options):
    """("produce", 1.0) or ("roll", True) equal a listed decision but are none: refused, the game unchanged, the
    decision not recorded; the listed decision is still accepted afterwards."""
    g = Game.new(options, seed=12)
    rnd = random.Random(12)
    tried = 0
    while not g.is_over and len(g.history) < 700:
        legal = g.legal_actions()
        if rnd.random() < 0.3:
            h, n, step = g.state.hash(), len(g.history), g.current_step()
            for a in legal[:6]:
                for twin in twins(a):
                    with pytest.raises(IllegalAction) as e:
                        g.apply(twin)
                    assert g.state.hash() == h and len(g.history) == n and g.current_step() == step
                    assert e.value.rule == g.rule_name(step)
                    assert "where the rules list" in str(e.value), str(e.value)
                    tried += 1
        g.apply(rnd.choice(legal))
    assert tried > 40


def test_a_wrong_typed_decision_says_what_was_expected():
    g = new_game(players=2)
    g.apply(("play", "prefect"))
    step = g.current_step()
    with pytest.raises(IllegalAction) as e:
        g.apply(("produce", 1.0))
    assert str(e.value) == ("Prefect: ('produce', 1.0) gives 1.0, a decimal number, where the rules list the whole "
                            "number 1")
    assert g.current_step() == step and g.history == [("play", "prefect")]
    g.apply(["produce", 1])  # the listed decision, as JSON gives it (a list)
    assert g.history[-1] == ("produce", 1)


def test_a_decision_that_is_not_a_list_is_refused():
    g = new_game(players=2)
    h = g.state.hash()
    for bad in ("play tribune", 5, None, {"play": "tribune"}):
        with pytest.raises(IllegalAction, match="is not a decision"):
            g.apply(bad)
    assert g.state.hash() == h and g.history == []


def test_a_record_holding_a_wrong_typed_decision_is_refused_on_loading(record, tmp_path):
    text = json.dumps(record)
    k = next(i for i, a in enumerate(record["actions"]) if any(type(x) is int for x in a[1:]))
    rec = json.loads(text)
    rec["actions"][k] = [x + 0.0 if type(x) is int else x for x in rec["actions"][k]]
    path = tmp_path / "float.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    with pytest.raises(RecordError) as e:
        Game.load(path)
    assert f"decision {k + 1} " in str(e.value) and "decimal number" in str(e.value)


# =====================================================================================================================
# Saving whole or not at all; record files too large or decisions nested too deeply
# =====================================================================================================================

def saved_game(tmp_path, upto=60):
    g, _ = random_game("italia", 2, False, 21, upto=upto)
    path = tmp_path / "game.json"
    g.save(path)
    return g, path


@pytest.mark.parametrize("failure", [OSError(errno.ENOSPC, "No space left on device"), KeyboardInterrupt()])
def test_a_failed_save_leaves_the_game_saved_before_as_it_was(tmp_path, monkeypatch, failure):
    g, path = saved_game(tmp_path)
    before = path.read_bytes()
    g.apply(g.legal_actions()[0])  # a later position: another record

    def fail(fd):
        raise failure

    monkeypatch.setattr(os, "fsync", fail)  # the new file is written, but never reaches the disk
    with pytest.raises(type(failure)) as e:
        g.save(path)
    if isinstance(failure, OSError):
        assert e.value.errno == errno.ENOSPC
        assert e.value.strerror == (f"{path}: No space left on device (the game saved there before is "
                                    f"unchanged)")
    assert path.read_bytes() == before and list(tmp_path.iterdir()) == [path]  # no half-written file left beside
    monkeypatch.undo()
    g.save(path)
    assert Game.load(path).state.hash() == g.state.hash() and list(tmp_path.iterdir()) == [path]


@pytest.mark.skipif(resource is None, reason="file size limits are set with the resource module (POSIX)")
def test_a_save_cut_short_by_a_file_size_limit_leaves_the_game_saved_before_as_it_was(tmp_path):
    _, path = saved_game(tmp_path, upto=20)
    before = path.read_bytes()
    longer, _ = random_game("italia", 2, False, 21, upto=300)
    source = tmp_path / "longer" / "game.json"
    source.parent.mkdir()
    longer.save(source)
    assert len(source.read_bytes()) > 2 * 4096
    script = ("import resource, sys\n"
              "from sestertius.rules.game import Game\n"
              "g = Game.load(sys.argv[1])\n"
              "resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))\n"
              "try:\n"
              "    g.save(sys.argv[2])\n"
              "except OSError as e:\n"
              "    print(e.strerror)\n")
    out = subprocess.run([sys.executable, "-c", script, str(source), str(path)], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert out.stdout.strip() == f"{path}: File too large (the game saved there before is unchanged)", out
    assert path.read_bytes() == before and sorted(tmp_path.iterdir()) == [path, source.parent]


def test_saving_over_a_saved_game_replaces_it_and_keeps_its_permissions(tmp_path):
    g, path = saved_game(tmp_path)
    path.chmod(0o640)
    g.apply(g.legal_actions()[0])
    g.save(path)
    assert Game.load(path).history == g.history and path.stat().st_mode & 0o777 == 0o640
    with pytest.raises(OSError) as e:
        g.save(tmp_path)  # a folder
    assert e.value.strerror == f"{tmp_path}: Is a directory (nothing was written)"
    assert list(tmp_path.iterdir()) == [path]


@pytest.mark.pure_only  # patches RECORD_MAX_BYTES, a constant the compiled build keeps in C
def test_a_record_file_larger_than_the_limit_is_refused_without_reading_it_all(tmp_path, monkeypatch):
    largest = max(p.stat().st_size for p in (ROOT / "tests" / "records").glob("*.json"))
    assert 100 * largest < game_module.RECORD_MAX_BYTES  # the limit is far above any real record
    _, path = saved_game(tmp_path)
    size = path.stat().st_size
    monkeypatch.setattr(game_module, "RECORD_MAX_BYTES", size)
    assert Game.read_record(path)["format"] == RECORD_FORMAT  # as large as the limit: read
    monkeypatch.setattr(game_module, "RECORD_MAX_BYTES", size - 1)
    with pytest.raises(RecordError) as e:
        Game.load(path)
    assert str(e.value) == (f"{path}: not a game record: it is larger than {size - 1:,} bytes, the most a record "
                            f"file may hold (a whole game's record is well under 1 MB)")
    monkeypatch.undo()
    if os.path.exists("/dev/zero"):  # no end: refused after the limit, not read until memory runs out
        with pytest.raises(RecordError, match=f"^/dev/zero: not a game record: it is larger than "
                                              f"{game_module.RECORD_MAX_BYTES:,} bytes"):
            Game.load("/dev/zero")
    if hasattr(os, "mkfifo"):  # a pipe nobody writes to: read as empty, not waited on
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        with pytest.raises(RecordError, match="not valid JSON"):
            Game.load(fifo)


def nested(depth):
    """``depth`` lists, each in the next (``nested(1) == []``), built without recursion."""
    x: list = []
    for _ in range(depth - 1):
        x = [x]
    return x


@pytest.mark.parametrize("k", [0, 50])
def test_a_decision_nested_too_deeply_is_refused_with_its_position(record, tmp_path, k):
    rec = json.loads(json.dumps(record))
    rec["actions"][k] = ["play", nested(7)]  # 8 deep: merely illegal
    refuse(rec, f"decision {k + 1} ", "illegal")
    for depth in (9, 500, 5000):
        rec["actions"][k] = nested(depth)
        msg = refuse(rec, f"decision {k + 1} is not a decision: its lists are nested more than 8 deep")
        assert msg == (f"decision {k + 1} is not a decision: its lists are nested more than 8 deep; a decision is a "
                       f"list of a verb and its values, e.g. [\"play\", \"architect\"]")
    # in a file: the first decision 500 lists deep (Python's recursion failed on turning it into tuples)
    rec["actions"][k] = "DEEP"
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(rec).replace('"DEEP"', "[" * 500 + "]" * 500), encoding="utf-8")
    with pytest.raises(RecordError, match=f"^decision {k + 1} is not a decision: its lists are nested more than 8"):
        Game.load(path)


def test_a_decision_nested_too_deeply_is_refused_by_apply_and_changes_nothing():
    g = new_game(players=2)
    h = g.state.hash()
    for depth in (9, 5000):
        with pytest.raises(IllegalAction) as e:
            g.apply(nested(depth))
        assert "not a decision: its lists are nested more than 8 deep" in str(e.value)
    assert g.state.hash() == h and g.history == []


def test_a_tuple_nested_too_deeply_is_refused_by_apply_and_changes_nothing():
    """A tuple 1,000 deep was a RecursionError (showing it in the refusal), not an IllegalAction."""
    g = new_game(players=2)
    h = g.state.hash()
    for depth in (9, 1000, 5000):
        deep: tuple = ()
        for _ in range(depth - 1):
            deep = (deep,)
        for action in (deep, ("play", deep), ("play", nested(depth)), ["play", deep]):
            with pytest.raises(IllegalAction) as e:
                g.apply(action)
            assert "not a decision: its tuples or lists are nested more than 8 deep" in str(e.value)
            assert "\n" not in str(e.value)
    with pytest.raises(IllegalAction) as e:  # 8 deep: merely illegal
        g.apply(("play", tuple(nested(7))))
    assert "nested" not in str(e.value)
    assert g.state.hash() == h and g.history == []
