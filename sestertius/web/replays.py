"""The positions of finished games' replays: a game rebuilt from its record up to a step, every chance outcome taken
from the record (the replayed game never samples one), with the last position of each recently replayed game kept
so that stepping on applies only the decisions in between."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from sestertius import Game

REPLAY_CACHE_SIZE = 64  # games whose last replayed position is kept


class ReplayCache:
    def __init__(self, size: int = REPLAY_CACHE_SIZE) -> None:
        self.size = size
        self._positions: OrderedDict[str, tuple[int, Game]] = OrderedDict()
        self._lock = threading.Lock()

    def position(self, gid: str, rec: dict[str, Any], step: int) -> Game:
        """The game of the record ``rec`` (game ``gid``) after its first ``step`` decisions (a game of its own)."""
        with self._lock:
            cached = self._positions.get(gid)
        if cached is not None and cached[0] <= step:
            k, game = cached[0], cached[1].copy()
        else:
            k, game = 0, Game.from_record(rec, upto=0)
            # every chance outcome comes from the record: were one sampled while the replay goes on, the record's
            # own outcome would be applied after it
            game.auto_chance = False
        # decisions are applied one by one (the automaton's and the engine's own steps run in between)
        while k < step:
            game.apply(rec["actions"][k])
            k += 1
        with self._lock:
            self._positions[gid] = (k, game)  # never changed once kept: the next step starts from a copy
            self._positions.move_to_end(gid)
            while len(self._positions) > self.size:
                self._positions.popitem(last=False)
        return game

    def answer(self, gid: str, rec: dict[str, Any], step: int, seats: list[dict[str, Any]],
               seed_chosen: bool) -> dict[str, Any]:
        """The replay's answer at ``step`` of a finished game's record: the public view there and the next
        decision."""
        actions, total = rec["actions"], len(rec["actions"])
        rg = self.position(gid, rec, step)
        v = rg.view(None)
        v.update(game=gid, seat=None, seats=seats, decisions=step, status="replay", chance=False, dice_seat=None,
                 seed_chosen=seed_chosen)
        return {"step": step, "total": total,
                "next": {"action": list(actions[step]), "decider": rec["deciders"][step],
                         "text": rg.describe(_tupled(actions[step]))} if step < total else None,
                "view": v}


def _tupled(a: Any) -> Any:
    return tuple(_tupled(x) if isinstance(x, list) else x for x in a)
