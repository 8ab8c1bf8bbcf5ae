"""Solitaria's data (``data/solitaria.toml``): dice, the solo hand and stacks, Contrarius' cards, its reactions and
the difficulty levels, loaded once and validated. Values the rulebook does not print are assumptions (A-...), see
docs/SOLITARIA.md. Keys under ``[solitaria]`` in the overrides file are merged over the shipped file."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from sestertius.data.catalog import GOODS, Catalog, build_catalog, goods_vector, load_catalog
from sestertius.data.overrides import COLONIST_FACES as COLONIST_FACES
from sestertius.data.overrides import SPECIAL_FACE as SPECIAL_FACE
from sestertius.data.overrides import DataError, blamed, merge, overrides_path, read_data

REACTION_KINDS: Final = ("take_card", "prefect", "build_produce", "build", "tribune", "colonist", "vp")
DIE_USES: Final = {"architect": "position", "colonist": "colonist", "mercator": "good", "senator": "good"}


@dataclass(frozen=True)
class Die:
    key: str
    name: str
    faces: tuple[Any, ...]  # one entry per face, in die order (a value may repeat)

    def values(self) -> tuple[Any, ...]:
        """The distinct values, in die order (what a person chooses from when entering a roll)."""
        out: list[Any] = []
        for f in self.faces:
            if f not in out:
                out.append(f)
        return tuple(out)


@dataclass(frozen=True)
class SoloData:
    catalog: Catalog  # the base catalog plus the solo cards
    dice: dict[str, Die]
    money: int
    goods: tuple[int, ...]
    hand: tuple[str, ...]
    double_bonus: frozenset[str]  # cards whose Prefect production takes 2 bonus goods
    stacks: dict[str, tuple[str, ...]]  # numeral -> cards, in order I, II, ...
    contrarius_cards: tuple[str, ...]
    take_first_specialist: bool
    specialist_order: tuple[str, ...]
    fallback_order: tuple[int, ...]  # goods, most valuable first
    take_positions: int
    reach_passes_occupied: bool  # A-REACH
    reactions: dict[str, dict[str, Any]]  # by card action
    card_reactions: dict[str, dict[str, Any]]  # by card key
    difficulty: dict[str, dict[str, Any]]
    campaign: dict[str, Any]
    boards: dict[str, dict[str, Any]] = field(default_factory=dict)  # each board's Contrarius rule ([boards.*])
    fish_market: dict[str, Any] = field(default_factory=dict)  # the fish-market variant ([fish_market])
    third: dict[str, Any] = field(default_factory=dict)  # Contrarius as a third player ([third_player])
    team: dict[str, Any] = field(default_factory=dict)  # cooperative team play against Contrarius ([team])

    def reaction(self, key: str) -> dict[str, Any] | None:
        if key in self.card_reactions:
            return self.card_reactions[key]
        return self.reactions.get(self.catalog.cards[key].action)


WHERE: Final = "solitaria.toml"  # the file named in every error


def build_solo_data(raw: dict[str, Any], base: Catalog) -> SoloData:
    where = WHERE
    try:
        cards_raw = merge(base.raw["cards"], {"cards": raw.get("cards", {})})
        cat = build_catalog(base.raw["components"], cards_raw)

        def known(keys: list[str], what: str) -> tuple[str, ...]:
            return _known(cat, keys, what)

        dice = _read_dice(raw["dice"], cat)
        player = raw["player"]
        con = raw["contrarius"]
        reactions = {k: dict(v) for k, v in raw["reactions"].items()}
        card_reactions = {k: dict(v) for k, v in raw.get("card_reactions", {}).items()}
        known(list(card_reactions), "[card_reactions]")
        _check_reactions(reactions, card_reactions, dice)
        fallback = tuple(con["fallback_order"])
        if sorted(fallback) != sorted(GOODS):
            raise DataError(f"{where} [contrarius] fallback_order must list each good once")
        difficulty = _read_difficulty(raw["difficulty"])
        two = {section: _read_two_player(dict(raw[section]), section, cat)
               for section in ("third_player", "team") if raw.get(section)}
        return SoloData(
            catalog=cat, dice=dice, money=int(player["money"]),
            goods=goods_vector(player["goods"], f"{where} [player] goods"),
            hand=known(player["hand"], "[player] hand"),
            double_bonus=frozenset(known(player.get("double_bonus", ["prefect_pm"]), "[player] double_bonus")),
            stacks={n: known(v, f"[stacks] {n}") for n, v in raw["stacks"].items()},
            contrarius_cards=known(con["cards"], "[contrarius] cards"),
            take_first_specialist=bool(con["take_first_specialist"]),
            specialist_order=known(con["specialist_order"], "[contrarius] specialist_order"),
            fallback_order=tuple(GOODS.index(g) for g in fallback), take_positions=int(con["take_positions"]),
            reach_passes_occupied=bool(con.get("reach_passes_occupied", True)),
            reactions=reactions, card_reactions=card_reactions, difficulty=difficulty,
            campaign=dict(raw.get("campaign", {"start_vp": 20, "margin_divisor": 5, "next_level": "veteran"})),
            boards={k: dict(v) for k, v in raw.get("boards", {}).items()},
            fish_market=dict(raw.get("fish_market", {})),
            third=two.get("third_player", {}), team=two.get("team", {}),
        )
    except KeyError as e:
        raise DataError(f"{where}: missing key {e}") from None


def _known(cat: Catalog, keys: list[str], what: str) -> tuple[str, ...]:
    """The card keys of a list, each a card of the catalogue."""
    for k in keys:
        if k not in cat.cards:
            raise DataError(f"{WHERE} {what}: unknown card {k!r}")
    return tuple(keys)


def _read_dice(raw_dice: dict[str, Any], cat: Catalog) -> dict[str, Die]:
    """``[dice.*]``: each die's faces, each one of what the die decides (a display position, a colonist, a good)."""
    dice: dict[str, Die] = {}
    for key, use in DIE_USES.items():
        d = raw_dice[key]
        faces = tuple(d["faces"])
        if not faces:
            raise DataError(f"{WHERE} [dice.{key}]: no faces")
        for f in faces:
            ok = (isinstance(f, int) and 1 <= f <= cat.display_size if use == "position"
                  else f in COLONIST_FACES if use == "colonist" else f in GOODS or f == SPECIAL_FACE)
            if not ok:
                raise DataError(f"{WHERE} [dice.{key}]: bad face {f!r}")
        dice[key] = Die(key, str(d.get("name", key)), faces)
    return dice


def _check_reactions(reactions: dict[str, dict[str, Any]], card_reactions: dict[str, dict[str, Any]],
                     dice: dict[str, Die]) -> None:
    """Contrarius' reactions, by card action and by card: a known kind, a known die."""
    for name, r in list(reactions.items()) + list(card_reactions.items()):
        if r.get("kind") not in REACTION_KINDS:
            raise DataError(f"{WHERE} reaction {name!r}: unknown kind {r.get('kind')!r}")
        if "die" in r and r["die"] not in dice:
            raise DataError(f"{WHERE} reaction {name!r}: unknown die {r['die']!r}")


def _read_difficulty(raw_levels: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """``[difficulty.*]``: each level's start of Contrarius and its start points."""
    difficulty = {k: dict(v) for k, v in raw_levels.items()}
    for name, dd in difficulty.items():
        if dd.get("contrarius_start") not in ("capital", "veteran"):
            raise DataError(f"{WHERE} [difficulty.{name}]: contrarius_start must be 'capital' or 'veteran'")
        if not isinstance(dd.get("start_vp"), int):
            raise DataError(f"{WHERE} [difficulty.{name}]: start_vp must be a whole number")
    return difficulty


def _read_two_player(t: dict[str, Any], section: str, cat: Catalog) -> dict[str, Any]:
    """``[third_player]`` or ``[team]``: the two players' stacks, hands and money, and the section's own rules."""
    t["stacks"] = {n: _known(cat, v, f"[{section}.stacks] {n}") for n, v in t["stacks"].items()}
    t["hands"] = [_known(cat, h, f"[{section}] hands") for h in t["hands"]]
    t["money"] = [int(m) for m in t["money"]]
    if len(t["hands"]) != 2 or len(t["money"]) != 2:
        raise DataError(f"{WHERE} [{section}]: hands and money need one entry per player (2)")
    for k in ("regular_cards", "double_bonus"):
        if k in t:
            t[k] = frozenset(_known(cat, t[k], f"[{section}] {k}"))
    if section == "third_player":  # A-THIRD-START (team play: both partners start with the level's points)
        level_points = t.get("level_points", [True, True])
        if (not isinstance(level_points, list) or len(level_points) != 2
                or not all(isinstance(x, bool) for x in level_points)):
            raise DataError(f"{WHERE} [{section}] level_points must be two true/false values, one per player")
    if t.get("veto_offer", "both") not in ("both", "reacting"):
        raise DataError(f"{WHERE} [{section}] veto_offer must be 'both' or 'reacting'")
    return t


@cache
def _cached(override_file: str | None) -> SoloData:
    with blamed(override_file):
        return build_solo_data(read_data("solitaria.toml", "solitaria", override_file), load_catalog())


def solo_data() -> SoloData:
    p = overrides_path()
    return _cached(str(p) if p else None)


def difficulty_key(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")
