"""What each card does in words (``data/card_texts.toml``, the project's own words) and, in Solitaria, Contrarius'
reaction to it (the reaction's kind worded, its numbers from the Solitaria data): for the catalog the browser gets."""
from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from sestertius.data.catalog import GOODS, Card, Catalog
from sestertius.data.solitaria import SoloData


@cache
def texts() -> dict[str, dict[str, str]]:
    raw = resources.files("sestertius.data").joinpath("card_texts.toml").read_text(encoding="utf-8")
    return tomllib.loads(raw)


def card_text(c: Card, cat: Catalog) -> str:
    """What the card does when played, in full."""
    words = texts()["actions"].get(c.action)
    if words is None:
        return ""
    halves = " or ".join(cat.cards[h].title for h in c.halves if h in cat.cards)
    buys = "one card" if c.buys == 1 else f"up to {c.buys} cards"
    return words.format(money=c.money, good=GOODS[c.good] if c.good >= 0 else "its", buys=buys, halves=halves,
                        free_cards=cat.tribune_free, base_money=cat.colonist_base_money)


def reaction_text(key: str, c: Card, d: SoloData, table: str = "reactions") -> str | None:
    """Contrarius' reaction when a player plays the card (None for Contrarius' own cards, which are never played
    by a player); ``table="reactions_short"``: in a few words."""
    if key not in d.catalog.cards or key in d.contrarius_cards:
        return None
    words = texts()[table]
    if c.action in ("diplomat", "legatus", "double"):
        return words[c.action]
    r = d.reaction(key)
    if r is None:
        return words["none"]
    fill: dict[str, Any] = {k: v for k, v in r.items() if k != "kind"}
    if "die" in fill:  # in a few words: the die's colour
        name = d.dice[fill["die"]].name
        fill["die"] = name.split()[0] + " die" if table == "reactions_short" else name
    return str(words[r["kind"]].format(**fill))
