"""Where a bot's points go against Contrarius: per player turn its pieces and Contrarius', and at the end the points
of each by god (the diagnosis in docs/BOTS.md, 2026-12-01).

    python benchmarks/solo_diagnosis.py --level hard --games 20 --lines out.jsonl   # play, one game a line
    python benchmarks/solo_diagnosis.py --read out.jsonl                              # only the summary

Game ``i`` uses seed 1,000,000 + ``i`` and the bot the seed ``bot_strength.py`` gives it (the same games as its cells).
"""
from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot_strength import bot_seed, parse_cell  # (this script's folder is on the path)

from sestertius import Game
from sestertius.bots import make_bot

GODS = ["Vesta", "Jupiter", "Saturnus", "Venus", "Mercurius", "Mars", "Minerva", "Concordia", "during play", "total"]


def play(seed: int, level: str, board: str, difficulty: str) -> dict[str, Any]:
    g = Game.new(parse_cell(f"solo:{board}:{difficulty}")[0], seed=seed)
    bot = make_bot(level, bot_seed(seed, 0))
    turns: list[dict[str, Any]] = []
    actions: list[tuple[int, str]] = []
    while not g.is_over and g.state.turn < 1000:
        s = g.state
        legal = g.legal_actions()
        seat = g.to_act()
        a = legal[0] if len(legal) == 1 else bot.choose(g, legal)
        if seat == 0 and a[0] == "play":
            p, c = s.players[0], s.players[1]
            scores = g.scores()
            turns.append({
                "card": a[1], "houses": len(p.houses), "cards": len(p.hand) + len(p.pile), "money": p.money,
                "goods": sum(n * price for n, price in zip(p.goods, s.cat.prices)),
                "colonists": sum(1 for x in p.col if x >= 0), "c_colonists": sum(1 for x in c.col if x >= 0),
                "c_houses": len(c.houses), "c_cards": len(c.hand) + len(c.pile), "c_vp": c.vp,
                "score": scores[0]["total"], "c_score": scores[1]["total"]})
        elif seat == 0 and a[0] in ("cash", "place", "recruit", "buy"):
            actions.append((len(turns), a[0]))
        g.apply_unchecked(a)
    s = g.state
    cat = s.cat
    result = g.result()

    def cards(i: int) -> list[str]:
        return list(s.players[i].hand) + list(s.players[i].pile)

    def provinces(i: int) -> set[int]:
        return {s.board.province_of[x] for x in s.players[i].houses}

    return {"seed": seed, "margin": result["player"] - result["contrarius"], "scores": g.scores(), "turns": turns,
            "actions": actions, "houses": len(s.players[0].houses), "c_houses": len(s.players[1].houses),
            "cards": len(cards(0)), "c_cards": len(cards(1)),
            "specialists": sum("Minerva" in cat.cards[k].gods for k in cards(0)),
            "c_specialists": sum("Minerva" in cat.cards[k].gods for k in cards(1)),
            "provinces": len(provinces(0)), "c_provinces": len(provinces(1)),
            "shared_provinces": len(provinces(0) & provinces(1)), "money": s.players[0].money,
            "goods": sum(n * price for n, price in zip(s.players[0].goods, cat.prices)), "concordia": s.concordia}


def summary(rows: list[dict[str, Any]]) -> str:
    def m(xs: list[Any]) -> str:
        xs = [x for x in xs if x is not None]  # a key the game's version did not record
        return f"{statistics.fmean(xs):.2f}" if xs else "-"
    n = len(rows)
    out = [f"{n} games, margin {m([r['margin'] for r in rows])}, won {sum(r['margin'] > 0 for r in rows)}",
           "| points | player | Contrarius |", "|---|---|---|"]
    out += [f"| {god} | {m([r['scores'][0][god] for r in rows])} | {m([r['scores'][1][god] for r in rows])} |"
            for god in GODS]
    for k in ("houses", "c_houses", "cards", "c_cards", "specialists", "c_specialists", "provinces", "c_provinces",
              "shared_provinces", "money", "goods"):
        out.append(f"{k} at the end: {m([r.get(k) for r in rows])}")
    out.append(f"Concordia card: player {sum(r['concordia'] == 0 for r in rows)}, "
               f"Contrarius {sum(r['concordia'] == 1 for r in rows)}")
    first = [(i, r["turns"][i]) for r in rows for i, t in enumerate(r["turns"]) if t["card"] == "tribune"
             and all(u["card"] != "tribune" for u in r["turns"][:i])]
    out.append(f"first Tribune: turn {m([i for i, _ in first])}, houses {m([t['houses'] for _, t in first])}, "
               f"cards bought {m([t['cards'] - 7 for _, t in first])}, Contrarius' houses "
               f"{m([t['c_houses'] for _, t in first])}")
    keys = ("houses", "cards", "money", "goods", "colonists", "c_houses", "c_cards", "c_colonists", "c_vp", "score",
            "c_score")
    out += ["| turn | " + " | ".join(keys) + " |", "|---" * (len(keys) + 1) + "|"]
    for turn in (0, 3, 5, 7, 10, 15, 20, 25, 30):
        ts = [r["turns"][turn] for r in rows if len(r["turns"]) > turn]
        out.append(f"| {turn} | " + " | ".join(m([t.get(x) for t in ts]) for x in keys) + " |")
    out += ["| card (before the turn) | plays a game | player's score now | Contrarius' score now | "
            "Contrarius' houses | Contrarius' points | houses built |", "|---|---|---|---|---|---|---|"]
    per: dict[str, list[tuple[float, ...]]] = collections.defaultdict(list)
    for r in rows:
        ts = r["turns"]
        for t, nxt in zip(ts, ts[1:]):
            per[t["card"].split("_")[0]].append(tuple(nxt[x] - t[x] for x in ("score", "c_score", "c_houses", "c_vp",
                                                                             "houses")))
    for card, ds in sorted(per.items(), key=lambda kv: -len(kv[1])):
        out.append(f"| {card} | {len(ds) / n:.2f} | " + " | ".join(m([d[j] for d in ds]) for j in range(5)) + " |")
    acts = collections.Counter(a for r in rows for _, a in r.get("actions", []))
    out.append("per game: " + ", ".join(f"{a} {v / n:.2f}" for a, v in sorted(acts.items())))
    return "\n".join(out)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--level", default="hard")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--board", default="italia")
    p.add_argument("--difficulty", default="expert")
    p.add_argument("--lines", help="append each game to this JSON-lines file")
    p.add_argument("--read", help="only summarise this JSON-lines file")
    args = p.parse_args()
    if args.read:
        print(summary([json.loads(x) for x in Path(args.read).read_text().splitlines() if x]))
        return
    rows = []
    for i in range(args.games):
        r = play(1_000_000 + i, args.level, args.board, args.difficulty)
        rows.append(r)
        if args.lines:
            with open(args.lines, "a", encoding="utf-8") as f:
                f.write(json.dumps(r) + "\n")
    print(summary(rows))


if __name__ == "__main__":
    main()
