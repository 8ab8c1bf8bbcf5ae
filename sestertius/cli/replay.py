"""``concordia replay``: replay a saved game, check its state hash, and say where it stands."""
from __future__ import annotations

import sys
from pathlib import Path

from sestertius import ConcordiaError, Game


def replay(path: str | Path) -> int:
    """0 when the record replays (to its state hash, when it holds one), 1 (with the reason on stderr, one line) when
    it is refused."""
    try:
        saved = Game.read_record(path)
        game = Game.from_record(saved)
    except ConcordiaError as e:
        print(f"refused: {e}", file=sys.stderr)
        return 1
    rec = game.record()
    if "state_hash" in saved:
        checked = f"state hash {rec['state_hash']} matches"
    else:
        checked = f"the record holds no state hash, so there was none to check (the replay gives {rec['state_hash']})"
    print(f"{path}: {len(rec['actions'])} decision{'s' if len(rec['actions']) != 1 else ''} replayed; {checked}")
    view = game.view(None)
    if view["over"]:
        for seat in view["ranking"]:
            print(f"  seat {seat + 1}: {view['scores'][seat]['total']} VP")
    else:
        print(f"  game in progress: turn {view['turn']}, seat {view['to_act']} to act")
    return 0
