"""The game's numbers and cards, loaded from the data files in ``data/`` and validated.

Values that were not found in any source are assumptions (see docs/ASSUMPTIONS.md). A user can correct any value
without editing code: keys in an overrides TOML file (``$SESTERTIUS_OVERRIDES``, or ``overrides.toml`` in the
user's config folder) are merged over the shipped files, e.g.::

    [components.city_tokens.B]
    food = 3
    tool = 1
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from sestertius.data.overrides import DataError as DataError
from sestertius.data.overrides import blamed, read_shipped
from sestertius.data.overrides import overrides_path as overrides_path
from sestertius.data.overrides import read_data as read_data

GOODS: Final = ("brick", "food", "tool", "wine", "cloth")
BRICK: Final = 0
FOOD: Final = 1
TOOL: Final = 2
WINE: Final = 3
CLOTH: Final = 4
GODS: Final = ("Vesta", "Jupiter", "Saturnus", "Venus", "Mercurius", "Mars", "Minerva")
ACTIONS: Final = ("tribune", "architect", "prefect", "mercator", "senator", "consul", "diplomat", "colonist",
           "specialist", "magister", "double", "legatus", "proconsul")
ANY: Final = -1  # an "any good" payment slot
NO_GOOD: Final = -1  # a card or city without a good of its own; a purchase paying no good for a '?'


@dataclass(frozen=True, slots=True)
class Card:
    key: str
    title: str
    action: str
    gods: tuple[str, ...]
    cost: tuple[int, ...]  # goods count per good index
    money: int = 0  # Mercator
    good: int = NO_GOOD  # the specialist's good
    vp_per_house: int = 0  # specialist (Minerva)
    halves: tuple[str, ...] = ()  # double cards
    buys: int = 2  # Senator-like cards: how many cards one performance may buy (Praetor: 1)


@dataclass(frozen=True)
class Catalog:
    prices: tuple[int, ...]
    house_coins: tuple[int, ...]
    house_goods: tuple[tuple[int, ...], ...]  # per city good: goods paid
    houses: int
    land_colonists: int
    sea_colonists: int
    storehouse: int
    start_land: int
    start_sea: int
    start_goods: tuple[int, ...]
    start_money: tuple[int, ...]
    colonist_cost: tuple[int, ...]
    tokens: dict[str, tuple[int, ...]]  # zone -> count per good
    marker_coins: tuple[int, ...]
    display_size: int
    display_costs: dict[str, tuple[tuple[int, ...], ...]]  # name -> per position: goods list (ANY = any)
    tribune_free: int
    colonist_base_money: int
    scoring: dict[str, Any]
    intermediate_deck: str
    cards: dict[str, Card]
    hands: dict[str, tuple[str, ...]]
    decks: dict[str, dict[str, tuple[str, ...]]]  # set name -> deck numeral -> cards
    raw: dict[str, Any]


def goods_vector(d: dict[str, int], where: str) -> tuple[int, ...]:
    if not isinstance(d, dict):
        raise DataError(f"{where}: expected a table of goods, got {d!r}")
    for g, n in d.items():
        if g not in GOODS:
            raise DataError(f"{where}: unknown good {g!r} (goods: {', '.join(GOODS)})")
        if not isinstance(n, int) or n < 0:
            raise DataError(f"{where}: {g} must be a whole number >= 0, got {n!r}")
    return tuple(d.get(g, 0) for g in GOODS)


def _per_good(d: dict[str, int], where: str) -> tuple[int, ...]:
    missing = [g for g in GOODS if g not in d]
    if missing:
        raise DataError(f"{where}: missing {', '.join(missing)}")
    return goods_vector(d, where)


def build_catalog(components: dict[str, Any], cards_raw: dict[str, Any]) -> Catalog:
    c = components
    try:
        cards: dict[str, Card] = {}
        for key, info in cards_raw["cards"].items():
            where = f"cards.toml [cards.{key}]"
            action = info.get("action")
            if action not in ACTIONS:
                raise DataError(f"{where}: unknown action {action!r}")
            gods = tuple(info.get("gods", ()))
            for g in gods:
                if g not in GODS:
                    raise DataError(f"{where}: unknown god {g!r}")
            good = info.get("good")
            if action == "specialist" and good not in GOODS:
                raise DataError(f"{where}: a specialist needs good = one of {', '.join(GOODS)}")
            cards[key] = Card(
                key=key, title=info.get("title", key), action=action, gods=gods,
                cost=goods_vector(info.get("cost", {}), where + " cost"), money=int(info.get("money", 0)),
                good=GOODS.index(good) if good in GOODS else NO_GOOD, vp_per_house=int(info.get("vp_per_house", 0)),
                halves=tuple(info.get("halves", ())), buys=int(info.get("buys", 2)),
            )
        for card in cards.values():
            for h in card.halves:
                if h not in cards or cards[h].action in ("double", "magister"):
                    raise DataError(f"cards.toml [cards.{card.key}]: half {h!r} is not a simple card")
        hands = {k: tuple(v) for k, v in cards_raw["hands"].items()}
        decks = {k: {n: tuple(v) for n, v in d.items()} for k, d in cards_raw["decks"].items()}
        for name, lst in list(hands.items()) + [(f"{s}.{n}", v) for s, d in decks.items() for n, v in d.items()]:
            for key in lst:
                if key not in cards:
                    raise DataError(f"cards.toml: {name} lists unknown card {key!r}")

        def costs(rows: list[list[str]], where: str) -> tuple[tuple[int, ...], ...]:
            out = []
            for i, row in enumerate(rows):
                items = []
                for g in row:
                    if g == "any":
                        items.append(ANY)
                    elif g in GOODS:
                        items.append(GOODS.index(g))
                    else:
                        raise DataError(f"{where} position {i + 1}: unknown good {g!r}")
                out.append(tuple(items))
            return tuple(out)

        disp = c["display"]
        display_costs = {k: costs(v, f"components.toml [display] {k}") for k, v in disp.items() if k != "size"}
        for k, v in display_costs.items():
            if len(v) != disp["size"]:
                raise DataError(f"components.toml [display] {k}: needs {disp['size']} positions, has {len(v)}")
        player = c["player"]
        start_money = tuple(player["start_money"])
        return Catalog(
            prices=_per_good(c["prices"], "components.toml [prices]"),
            house_coins=_per_good(c["house_coins"], "components.toml [house_coins]"),
            house_goods=tuple(goods_vector(c["house_goods"][g], f"components.toml [house_goods] {g}")
                              for g in GOODS),
            houses=int(player["houses"]), land_colonists=int(player["land_colonists"]),
            sea_colonists=int(player["sea_colonists"]), storehouse=int(player["storehouse"]),
            start_land=int(player["start_on_board"]["land"]), start_sea=int(player["start_on_board"]["sea"]),
            start_goods=goods_vector(player["start_goods"], "components.toml [player] start_goods"),
            start_money=start_money, colonist_cost=goods_vector(player["colonist_cost"], "colonist_cost"),
            tokens={z: goods_vector(v, f"components.toml [city_tokens] {z}") for z, v in c["city_tokens"].items()},
            marker_coins=_per_good(c["marker_coins"], "components.toml [marker_coins]"),
            display_size=int(disp["size"]), display_costs=display_costs,
            tribune_free=int(c["tribune"]["free_cards"]),
            colonist_base_money=int(c["colonist_action"]["base_money"]),
            scoring=dict(c["scoring"]), intermediate_deck=str(c["intermediate_scoring"]["trigger_deck"]),
            cards=cards, hands=hands, decks=decks, raw={"components": c, "cards": cards_raw},
        )
    except KeyError as e:
        raise DataError(f"data files: missing key {e}") from None


@cache
def _load_cached(override_file: str | None) -> Catalog:
    with blamed(override_file):
        return build_catalog(read_data("components.toml", "components", override_file),
                             read_data("cards.toml", "cards", override_file))


def load_catalog() -> Catalog:
    p = overrides_path()
    return _load_cached(str(p) if p else None)


@cache
def _assumptions() -> dict[str, dict[str, Any]]:
    return read_shipped("assumptions.toml")


def assumptions_for(options: Any) -> list[dict[str, str]]:
    """The assumed values in play in a game with these options: [{"id", "text"}], for showing to users."""
    active = {"always"}
    if getattr(options, "venus", False):
        active.add("venus")
    if getattr(options, "display", "") == "wine":
        active.add("wine")
    if getattr(options, "intermediate_scoring", False):
        active.add("intermediate")
    mode, two = getattr(options, "mode", ""), getattr(options, "players", 0) == 2
    if mode == "team":
        active.add("team")
        if not two:
            active.add("venus_team")
    if mode == "solo" or (mode == "team" and two):  # with 2 players: the modes against Contrarius
        active.add("solo")
        if two:
            active.add("solo_third" if mode == "solo" else "solo_team")
    if getattr(options, "fish_market", None):
        active.add("fish")
    if getattr(options, "board", ""):
        active.add(f"board:{options.board}")  # values of one board's own rules (e.g. Sicilia's volcano tiles)
    if "solo" in active:  # readings of Solitaria combined with a board or variant: "solo+board:sicilia", "solo+fish"
        active |= {f"solo+{a}" for a in list(active) if a not in ("solo", "always")}
    return [{"id": k, "text": text} for k, text in _assumed(frozenset(active))]


@cache
def _assumed(active: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """The ids and texts of the assumptions in play with these keys (once per set of keys: every view lists them)."""
    return tuple((k, v["text"]) for k, v in _assumptions().items() if _applies(v.get("when", ""), active))


def _applies(when: str | list[str], active: frozenset[str]) -> bool:
    """An assumption's ``when``: a key in play ("fish"), keys that must all be in play ("solo&fish"), or a list of
    such alternatives."""
    alternatives = [when] if isinstance(when, str) else when
    return any(all(key in active for key in alt.split("&")) for alt in alternatives)


# ------------------------------------------------------------------------------------------------------------
# The fish-market variant (FORVM PISCATORVM): both market sides, from data/fish_market.toml (A-FISH-MARKET)
# ------------------------------------------------------------------------------------------------------------
STAND_ACTIONS: Final = ("good", "money", "senator", "architect", "colonist", "mercator")


@dataclass(frozen=True, slots=True)
class Stand:
    action: str
    fish: int
    goods: tuple[int, ...] = ()  # good: the goods to choose from; colonist: the goods one of which is paid
    money: int = 0  # money, mercator
    cards: int = 0  # senator
    steps: int = 0  # architect
    houses: int = 0  # architect
    types: int = 0  # mercator

    def text(self) -> str:
        a = self.action
        if a == "good":
            return f"1 {' or '.join(GOODS[g] for g in self.goods)}"
        if a == "money":
            return f"{self.money} sestertii"
        if a == "senator":
            return f"buy {self.cards} card{'s' if self.cards > 1 else ''} (Senator)"
        if a == "architect":
            return f"{self.steps} step and {self.houses} house (Architect)"
        if a == "colonist":
            return f"a colonist into the capital for 1 {' or '.join(GOODS[g] for g in self.goods)}"
        return f"{self.money} sestertii and trade {self.types} type of goods (Mercator)"


@dataclass(frozen=True)
class FishSide:
    name: str
    title: str
    one_spot_per_phase: bool
    spots: tuple[tuple[Stand, ...], ...]


@dataclass(frozen=True)
class FishMarket:
    setup_fish: int
    vesta_fish_value: int
    piscatus_extra_fish: int
    sides: dict[str, FishSide]


def build_fish_market(raw: dict[str, Any]) -> FishMarket:
    where = "fish_market.toml"
    try:
        sides: dict[str, FishSide] = {}
        for name, info in raw["sides"].items():
            spots = []
            for i, row in enumerate(info["spots"]):
                if not isinstance(row, list) or not row:
                    raise DataError(f"{where} [sides.{name}] spot {i + 1}: needs a list of stands")
                stands = []
                for j, st in enumerate(row):
                    w = f"{where} [sides.{name}] spot {i + 1} stand {j + 1}"
                    act = st.get("action")
                    if act not in STAND_ACTIONS:
                        raise DataError(f"{w}: unknown action {act!r} (actions: {', '.join(STAND_ACTIONS)})")
                    fish = st.get("fish")
                    if not isinstance(fish, int) or fish < 0:
                        raise DataError(f"{w}: fish must be a whole number >= 0, got {fish!r}")
                    names = st.get("goods" if act == "good" else "pay", [])
                    bad = [g for g in names if g not in GOODS]
                    if bad or (act in ("good", "colonist") and not names):
                        raise DataError(f"{w}: needs {'goods' if act == 'good' else 'pay'} = a list of goods "
                                        f"({', '.join(GOODS)})")
                    need = {"money": ("money",), "senator": ("cards",), "architect": ("steps", "houses"),
                            "mercator": ("money", "types")}.get(act, ())
                    for k in need:
                        if not isinstance(st.get(k), int) or st[k] < 0:
                            raise DataError(f"{w}: a {act} stand needs {k} = a whole number >= 0")
                    stands.append(Stand(action=act, fish=fish, goods=tuple(GOODS.index(g) for g in names),
                                        **{k: st[k] for k in need}))
                spots.append(tuple(stands))
            if len(spots) < 2:
                raise DataError(f"{where} [sides.{name}]: needs at least 2 spots")
            sides[name] = FishSide(name=name, title=str(info.get("title", name)),
                                   one_spot_per_phase=bool(info.get("one_spot_per_phase", False)), spots=tuple(spots))
        return FishMarket(setup_fish=int(raw["setup_fish"]), vesta_fish_value=int(raw["vesta_fish_value"]),
                          piscatus_extra_fish=int(raw["piscatus_extra_fish"]), sides=sides)
    except KeyError as e:
        raise DataError(f"{where}: missing key {e}") from None


@cache
def _fish_cached(override_file: str | None) -> FishMarket:
    with blamed(override_file):
        return build_fish_market(read_data("fish_market.toml", "fish_market", override_file))


def load_fish_market() -> FishMarket:
    p = overrides_path()
    return _fish_cached(str(p) if p else None)
