"""Memo, the engine's cache of answers per object and values: an entry serves only the very object it was kept for
(Python reuses a gone object's id), and a full memo is cleared before it keeps more."""
from __future__ import annotations

from sestertius.rules.memo import Memo


class Thing:
    pass


def test_an_answer_is_found_for_its_object_and_key_only():
    memo: Memo[list[int]] = Memo(8)
    a, b = Thing(), Thing()
    answer = memo.keep(a, ("x", 1), [1, 2])
    assert memo.find(a, ("x", 1)) is answer  # the kept answer itself, shared
    assert memo.find(a, ("x", 2)) is None
    assert memo.find(b, ("x", 1)) is None
    assert memo.entries == {(id(a), "x", 1): (a, answer)}  # the flat key a hot path may look up inline


def test_an_entry_under_a_reused_id_is_not_taken_for_another_object():
    memo: Memo[str] = Memo(8)
    gone, now = Thing(), Thing()
    # as if ``gone`` had had ``now``'s id before it went (an entry keeps its object alive, so only an entry put back
    # from elsewhere could be such; the check guards it anyway)
    memo.entries[(id(now), "k")] = (gone, "stale")
    assert memo.find(now, ("k",)) is None
    assert memo.keep(now, ("k",), "fresh") == "fresh"
    assert memo.find(now, ("k",)) == "fresh"


def test_a_full_memo_is_cleared_before_it_keeps_more():
    memo: Memo[int] = Memo(3)
    things = [Thing() for _ in range(4)]
    for n, t in enumerate(things[:3]):
        memo.keep(t, (), n)
    assert len(memo.entries) == 3 and memo.find(things[0], ()) == 0
    memo.keep(things[3], (), 3)
    assert len(memo.entries) == 1
    assert memo.find(things[3], ()) == 3
    assert all(memo.find(t, ()) is None for t in things[:3])
