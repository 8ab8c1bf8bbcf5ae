"""Memo: answers kept per object and values, for what many positions of a game share (a catalogue's, a board's or a
rulebook's derived tables; the engine's scoring and the search bot's estimate use it)."""
from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Memo(Generic[V]):
    """Answers keyed by an object (by identity: catalogues and rulebooks need not hash) and a tuple of hashable
    values. ``entries`` is a plain dict: its keys are the flat tuples ``(id(obj), *key)``, its values ``(obj,
    answer)``. The object's id is only part of the key: an entry also keeps the object itself (alive), and is used
    only if it *is* the object asked about, since Python gives a gone object's id to a later one. When ``size``
    entries are kept, the next one clears them all. An answer may not be None (None means not kept); it is shared:
    read it, never change it.

    A hot path may look an answer up inline, saving ``find``'s call (about 500 instructions)::

        found = MEMO.entries.get((id(obj), *key))
        if found is not None: ...  # found[1] is the answer
    """

    __slots__ = ("entries", "size")

    def __init__(self, size: int) -> None:
        self.entries: dict[tuple[Hashable, ...], tuple[object, V]] = {}
        self.size = size

    def find(self, obj: object, key: tuple[Hashable, ...]) -> V | None:
        """The answer kept for this very object and key, or None."""
        found = self.entries.get((id(obj), *key))
        if found is not None and found[0] is obj:
            return found[1]
        return None

    def keep(self, obj: object, key: tuple[Hashable, ...], answer: V) -> V:
        """Keep the answer for this object and key (all are cleared first if the memo is full); return it."""
        entries = self.entries
        if len(entries) >= self.size:
            entries.clear()
        entries[(id(obj), *key)] = (obj, answer)
        return answer
