"""Final scoring: every card scores for each of its gods; the Concordia card adds its points; ties go to the
holder of Praefectus Magnus, then to whoever would receive it next (it passes to the right)."""
from __future__ import annotations

from typing import Final

from sestertius.data.catalog import BRICK, Catalog
from sestertius.rules.memo import Memo
from sestertius.rules.state import STORE, GameState


def god_values(s: GameState, seat: int) -> dict[str, int]:
    """What one card of each god is worth to this seat now (Minerva is per specialist, see score_seat)."""
    cat: Catalog = s.cat
    sc = cat.scoring
    p = s.players[seat]
    g, pr = p.goods, cat.prices
    goods_value = g[0] * pr[0] + g[1] * pr[1] + g[2] * pr[2] + g[3] * pr[3] + g[4] * pr[4]
    for variant in s.rules.variants:  # e.g. the fish market: stored fish count for Vesta
        goods_value += variant.goods_value(s, seat)
    per_province: dict[int, int] = {}
    province_of = s.board.province_of
    city_good = s.city_good
    non_brick = 0
    kinds = set()
    for c in p.houses:  # one pass over the houses: provinces, non-brick cities, kinds of goods
        prov = province_of[c]
        per_province[prov] = per_province.get(prov, 0) + 1
        good = city_good[c]
        if good != BRICK:
            non_brick += 1
        kinds.add(good)
    on_board = len(p.col) - p.col.count(STORE)
    others = s.rules.mode.venus_with(s, seat)
    if others is None:
        least = sc["venus_min_houses"]
        full = 0  # provinces with enough houses (a loop: a generator costs more than the few provinces it counts)
        for k in per_province.values():
            if k >= least:
                full += 1
        venus = min(sc["venus_max"], sc["venus_per"] * full)
    else:  # team play: 1 per province where both partners have a house (Solitaria's Contrarius: it and one of you)
        theirs = {province_of[c] for o in others for c in s.players[o].houses}
        venus = sc["venus_team_per"] * len(theirs.intersection(per_province))
    return {
        "Vesta": (p.money + goods_value) // sc["vesta_per"],
        "Jupiter": min(sc["jupiter_max"], non_brick),
        "Saturnus": len(per_province),
        "Venus": venus,
        "Mercurius": min(sc["mercurius_max"], sc["mercurius_per"] * len(kinds)),
        "Mars": min(sc["mars_max"], sc["mars_per"] * on_board),
    }


def score_seat(s: GameState, seat: int) -> dict[str, int]:
    """Points per god (summed over all this seat's cards), the Concordia card, points scored during play, and
    the total."""
    cat = s.cat
    p = s.players[seat]
    values = god_values(s, seat)
    out = dict.fromkeys(cat.scoring["god_order"], 0)
    held, specialists = holdings(cat, p.hand, p.pile)
    for god, n in held:  # every card of a god scores the same: n cards, n times its value
        out[god] = n * values[god]
    if specialists:  # Minerva: per specialist, its points per house of its good
        by_good = [0] * 5
        for c in p.houses:
            good = s.city_good[c]
            if 0 <= good < 5:
                by_good[good] += 1
        minerva = 0
        for good, vp in specialists:
            minerva += vp * by_good[good]
        out["Minerva"] = minerva
    out["Concordia"] = cat.scoring["concordia"] if s.concordia == seat else 0
    out["during play"] = p.vp
    out.update(s.rules.mode.final_extras(s, seat))
    out["total"] = sum(out.values())
    return out


Holdings = tuple[tuple[tuple[str, int], ...], tuple[tuple[int, int], ...]]
_HOLDINGS: Final[Memo[Holdings]] = Memo(8192)  # per catalogue, hand and pile


def holdings(cat: Catalog, hand: list[str], pile: list[str]) -> Holdings:
    """The gods of a seat's cards: (god, cards carrying it) for every god but Minerva, in the order first met, and
    (good, points per house) of each specialist of a good (Minerva). A seat's cards change seldom while its
    positions are scored many times (the bots), so the answer is kept per hand and pile."""
    hand_t, pile_t = tuple(hand), tuple(pile)
    found = _HOLDINGS.entries.get((id(cat), hand_t, pile_t))  # Memo.find inline (a hot path)
    if found is not None and found[0] is cat:
        return found[1]
    counts: dict[str, int] = {}
    specialists: list[tuple[int, int]] = []
    cards = cat.cards
    for pile_ in (hand, pile):
        for k in pile_:
            card = cards[k]
            for god in card.gods:
                if god != "Minerva":
                    counts[god] = counts.get(god, 0) + 1
                elif 0 <= card.good < 5:
                    specialists.append((card.good, card.vp_per_house))
    return _HOLDINGS.keep(cat, (hand_t, pile_t), (tuple(counts.items()), tuple(specialists)))


def god_table(s: GameState, seat: int) -> dict[str, dict[str, int | list[int]]]:
    """Each god's points for this seat as the end screen shows them: the cards carrying the god, the points each of
    them gives ("each": one value per card; every card of a god gives the same but Minerva's, one per specialist)
    and their sum."""
    values = god_values(s, seat)
    p = s.players[seat]
    cards = s.cat.cards
    by_good = [0] * 5
    for c in p.houses:
        if 0 <= s.city_good[c] < 5:
            by_good[s.city_good[c]] += 1
    out: dict[str, dict[str, int | list[int]]] = {}
    for god in s.cat.scoring["god_order"]:
        each: list[int] = []
        for pile in (p.hand, p.pile):
            for key in pile:
                card = cards[key]
                for g in card.gods:
                    if g == god:
                        each.append(card.vp_per_house * by_good[card.good] if god == "Minerva" and 0 <= card.good < 5
                                    else 0 if god == "Minerva" else values[god])
        out[god] = {"cards": len(each), "each": each, "points": sum(each)}
    return out


def score_all(s: GameState) -> list[dict[str, int]]:
    return [score_seat(s, seat) for seat in range(s.n)]


def ranking(s: GameState) -> list[int]:
    """Seats from first to last place: total points, then the tie-break of Praefectus Magnus."""
    scores = score_all(s)
    return sorted(range(s.n), key=lambda seat: (-scores[seat]["total"], (s.pm - seat) % s.n))
