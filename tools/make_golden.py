"""Writes the golden game records under tests/records/: one seeded game per configuration, played by a seeded
random chooser (with undos where the configuration asks), saved as an ordinary record plus a "golden" section.

    python tools/make_golden.py            # rewrite every record (a rules change: say so in the commit)
    python tools/make_golden.py NAME ...   # rewrite some
    python tools/make_golden.py --check    # which parts of each record a replay no longer reproduces

The golden section pins more than the final state hash: the hash after every 50 decisions, a digest of every
legal-decision list along the game with the words of each decision (this engine's perft), a digest of every event
text, the final views of every seat and the final scores. tests/rules/test_golden.py replays each record and
compares them all.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from sestertius.rules.errors import RecordError
from sestertius.rules.game import Game

OUT = Path(__file__).resolve().parent.parent / "tests" / "records"

# name -> (options, seed, undo every k-th own decision (0: never))
CONFIGS: dict[str, tuple[dict[str, Any], int, int]] = {
    "base-italia-2": ({"board": "italia", "players": 2}, 101, 0),
    "base-imperium-4-venus": ({"board": "imperium", "players": 4, "venus": True}, 102, 0),
    "base-hellas-3-wine-intermediate": ({"board": "hellas", "players": 3, "display": "wine",
                                         "intermediate_scoring": True}, 103, 0),
    "base-ionium-5": ({"board": "ionium", "players": 5}, 104, 0),
    "base-cyprus-3-undo": ({"board": "cyprus", "players": 3}, 105, 7),
    "fish-coastal-imperium-3": ({"board": "imperium", "players": 3, "fish_market": "coastal"}, 106, 0),
    "fish-mountain-italia-4-venus": ({"board": "italia", "players": 4, "venus": True,
                                      "fish_market": "mountain"}, 107, 0),
    "team-imperium-4": ({"board": "imperium", "players": 4, "mode": "team"}, 108, 0),
    "team-italia-6": ({"board": "italia", "players": 6, "mode": "team"}, 109, 0),
    "team-hellas-4-fish-coastal": ({"board": "hellas", "players": 4, "mode": "team",
                                    "fish_market": "coastal"}, 110, 0),
    "sicilia-3": ({"board": "sicilia", "players": 3}, 111, 0),
    "balearica-4": ({"board": "balearica", "players": 4}, 112, 0),
    "roma-3": ({"board": "roma", "players": 3}, 113, 0),
    "solo-standard-italia": ({"board": "italia", "players": 1, "mode": "solo"}, 114, 0),
    "solo-beginner-imperium-undo": ({"board": "imperium", "players": 1, "mode": "solo",
                                     "difficulty": "beginner"}, 115, 5),
    "solo-veteran-imperium": ({"board": "imperium", "players": 1, "mode": "solo", "difficulty": "veteran"}, 116, 0),
    "solo-expert-italia-manual-dice": ({"board": "italia", "players": 1, "mode": "solo", "difficulty": "expert",
                                        "manual_dice": True}, 117, 0),
    "solo-strong-veteran-sicilia": ({"board": "sicilia", "players": 1, "mode": "solo",
                                     "difficulty": "strong_veteran"}, 118, 0),
    "solo-strong-expert-roma": ({"board": "roma", "players": 1, "mode": "solo", "difficulty": "strong_expert"},
                                119, 0),
    "solo-strong-expert-8-cyprus-fish-mountain": ({"board": "cyprus", "players": 1, "mode": "solo",
                                                   "difficulty": "strong_expert_8", "fish_market": "mountain"},
                                                  120, 0),
    "solo-third-hellas": ({"board": "hellas", "players": 2, "mode": "solo"}, 121, 0),
    "solo-team-sicilia-veteran": ({"board": "sicilia", "players": 2, "mode": "team", "difficulty": "veteran"},
                                  122, 0),
    # the fish market on the boards with rules of their own
    "fish-coastal-sicilia-team-4": ({"board": "sicilia", "players": 4, "mode": "team", "fish_market": "coastal"},
                                    123, 0),
    "fish-mountain-roma-3": ({"board": "roma", "players": 3, "fish_market": "mountain"}, 124, 0),
    "fish-coastal-balearica-3": ({"board": "balearica", "players": 3, "fish_market": "coastal"}, 125, 0),
}


def digest(x: Any) -> str:
    return hashlib.sha256(json.dumps(x, sort_keys=True, separators=(",", ":"), default=list).encode()).hexdigest()[:16]


def fingerprint(game: Game) -> dict[str, Any]:
    """What a replay must reproduce, besides the final state hash."""
    return {
        "events": digest([e["text"] for e in game.state.events]),
        "views": {str(seat): digest(game.view(seat)) for seat in [None, *range(game.state.n)]},
        "scores": game.scores(),
        "ranking": game.ranking(),
    }


def play(options: dict[str, Any], seed: int, undo_every: int) -> dict[str, Any]:
    """Play one game; the script is the decisions in order with "undo" entries where an undo was taken."""
    game = Game.new(options, seed=seed)
    rnd = random.Random(seed)
    script: list[Any] = []
    own = 0
    while not game.is_over:
        legal = game.legal_actions()
        action = legal[rnd.randrange(len(legal))]
        game.apply(action)
        script.append(list(action))
        own += 1
        if undo_every and own % undo_every == 0 and game.can_undo() and not game.is_over:
            game.undo()
            script.append("undo")
    return {"game": game, "script": script}


def legal_trace(record: dict[str, Any]) -> tuple[str, list[str]]:
    """Replay a record decision by decision: a digest of all legal-decision lists with their words, and the hash
    every 50 decisions."""
    game = Game.from_record(record, upto=0)
    game.auto_chance = False  # chance outcomes come from the record
    h = hashlib.sha256()
    checkpoints = []
    for i, raw in enumerate(record["actions"]):
        legal = game.legal_actions()
        h.update(json.dumps([[list(a), game.describe(a)] for a in legal], separators=(",", ":")).encode())
        game.apply(tuple(tuple(x) if isinstance(x, list) else x for x in raw))
        if (i + 1) % 50 == 0:
            checkpoints.append(game.state.hash())
    return h.hexdigest()[:16], checkpoints


def make(name: str) -> None:
    options, seed, undo_every = CONFIGS[name]
    played = play(options, seed, undo_every)
    game = played["game"]
    record = game.record()
    legal, checkpoints = legal_trace(record)
    record["golden"] = {"name": name, "script": played["script"] if undo_every else None, "legal": legal,
                        "checkpoints": checkpoints, **fingerprint(game)}
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{name}.json").write_text(json.dumps(record, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{name}: {len(record['actions'])} decisions, hash {record['state_hash']}")


def check() -> int:
    """Replay every record and name what differs: a change of representation alters only 'hash' and 'checkpoints';
    anything else (legal decisions, log, views, scores) is a change of behaviour."""
    changed = 0
    for path in sorted(OUT.glob("*.json")):
        rec = json.loads(path.read_text(encoding="utf-8"))
        golden = rec["golden"]
        try:
            game = Game.from_record(rec, check_hash=False)
            legal, checkpoints = legal_trace(rec)
        except RecordError as e:  # a decision of the record is no longer legal: the game went another way
            changed += 1
            print(f"{path.stem}: replay fails ({e})")
            continue
        now = fingerprint(game)
        diff = [k for k, same in (("hash", game.state.hash() == rec["state_hash"]),
                                  ("checkpoints", checkpoints == golden["checkpoints"]),
                                  ("legal", legal == golden["legal"]),
                                  *((k, now[k] == golden[k]) for k in ("events", "views", "scores", "ranking")))
                if not same]
        changed += bool(diff)
        print(f"{path.stem}: {', '.join(diff) if diff else 'same'}")
    return 1 if changed else 0


def main() -> None:
    if sys.argv[1:] == ["--check"]:
        sys.exit(check())
    names = sys.argv[1:] or list(CONFIGS)
    for name in names:
        make(name)


if __name__ == "__main__":
    main()
