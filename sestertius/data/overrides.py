"""The user's overrides file: values of the shipped data files corrected by the owner of a physical game (see
docs/ASSUMPTIONS.md). It is read from ``$SESTERTIUS_OVERRIDES``, or ``overrides.toml`` in the user's config folder,
and checked against the shipped files before anything of it is used: each table names a shipped file
(``[components...]`` for ``components.toml``...), each key must be one the shipped file has at that place (or a good,
in a table of goods; or a key of a sibling entry, in a table of entries such as the cards), and each value must have
the shipped value's type and be 0 or more where the shipped numbers are. Then the values, merged over the shipped
ones, must keep the ranges and shapes declared in ``LIMITS`` (a divisor from 1 up, a list of one entry per seat, known
card names, counts that fit other counts...). A typo or a value the engine cannot play with is refused, not silently
ignored or left to crash a game; the message names the file, the key, the value and the rule.
"""
from __future__ import annotations

import difflib
import os
import re
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from platformdirs import user_config_dir

SHIPPED: Final = {"components": "components.toml", "cards": "cards.toml", "fish_market": "fish_market.toml",
           "sicilia": "sicilia.toml", "solitaria": "solitaria.toml"}  # the overrides file's tables -> shipped files


class DataError(ValueError):
    """A data file is malformed; the message names the file and the key."""


def overrides_path() -> Path | None:
    env = os.environ.get("SESTERTIUS_OVERRIDES")
    if env:
        return Path(env)
    p = _user_overrides()
    return p if p.is_file() else None


@cache
def _user_overrides() -> Path:  # asked at every new game: where the user's config folder is does not change
    return Path(user_config_dir("sestertius")) / "overrides.toml"


@cache
def _goods() -> frozenset[str]:
    """The goods, as the price table names them: a table of goods may take any of them."""
    return frozenset(_model("components.toml")["prices"])


def utf8_text(data: bytes, fail: Callable[[str], Exception]) -> str:
    """``data`` as UTF-8 text; bytes that are not refused by ``fail`` (which adds the file's name) with where the first
    bad byte is (counted from 1) and its value, in one line (not the codec's words and 0-based position)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise fail(f"not UTF-8 text (byte {e.start + 1} is {data[e.start]:#04x})") from None


def read_shipped(name: str) -> dict[str, Any]:
    data = (resources.files("sestertius") / "data" / name).read_bytes()
    text = utf8_text(data, lambda why: DataError(f"{name}: {why}; a data file is TOML in UTF-8"))
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"{name}: not valid TOML: {e}") from None


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        out[k] = merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def read_data(name: str, section: str, override_file: str | None) -> dict[str, Any]:
    """A shipped data file, with the keys of its ``[section]`` in the user's overrides file merged over it."""
    raw = read_shipped(name)
    if not override_file:
        return raw
    return merge(raw, read_overrides(override_file).get(section, {}))


def read_overrides(path: str | Path) -> dict[str, Any]:
    """The overrides file, checked against the shipped files (DataError naming the file and the key)."""
    try:
        data = Path(path).read_bytes()
    except OSError as os_error:
        raise DataError(f"overrides file {path}: {os_error}") from None
    text = utf8_text(data, lambda why: DataError(f"overrides file {path}: {why}; an overrides file is TOML in UTF-8"))
    deep = _too_deep_line(text)
    if deep:
        raise DataError(f"overrides file {path}: line {deep}: lists or tables nested more than {MOST_NESTING} deep")
    try:
        over = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"overrides file {path}: {e}") from None
    check_overrides(over, path)
    return over


MOST_NESTING: Final = 32  # lists and tables in one another: the shipped files go 7 deep


def _too_deep_line(text: str) -> int:
    """The line (from 1) where brackets and braces outside strings and comments first nest more than
    ``MOST_NESTING`` deep, or 0: the TOML parser (and any walk of the values) recurses once per level."""
    depth, line, i, n = 0, 1, 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        elif c == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif c in "\"'":
            quote = text[i:i + 3] if text[i:i + 3] in ('"""', "'''") else c
            i += len(quote)
            while i < n and text[i:i + len(quote)] != quote:
                if text[i] == "\\" and c == '"':
                    i += 1  # an escaped character (a quote...)
                if i < n and text[i] == "\n":
                    line += 1
                    if len(quote) == 1:
                        break  # an unclosed one-line string: the parser says so
                i += 1
            i += len(quote)
            continue
        elif c in "[{":
            depth += 1
            if depth > MOST_NESTING:
                return line
        elif c in "]}":
            depth = max(depth - 1, 0)
        i += 1
    return 0


def _too_deep_place(over: dict[str, Any]) -> str:
    """The place of a value nested more than ``MOST_NESTING`` deep (dotted keys nest without brackets), or ""."""
    stack: list[tuple[str, Any, int]] = [("", over, 0)]
    while stack:
        place, value, depth = stack.pop()
        if depth > MOST_NESTING:
            return place
        if isinstance(value, dict):
            stack.extend((f"{place}.{k}" if place else str(k), v, depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((f"{place}[{i + 1}]", v, depth + 1) for i, v in enumerate(value))
    return ""


def check_overrides(over: dict[str, Any], path: str | Path) -> None:
    """The tables of an overrides file (read from ``path``) against the shipped files."""
    deep = _too_deep_place(over)
    if deep:
        shown = deep if len(deep) <= 60 else deep[:deep.rfind(".", 0, 60)] + "..."
        raise DataError(f"overrides file {path}: {shown}: lists or tables nested more than {MOST_NESTING} deep")
    for section, table in over.items():
        if section not in SHIPPED:
            raise DataError(f"overrides file {path}: unknown table [{section}]{_near(section, SHIPPED)}; its "
                            f"tables are {', '.join(f'[{k}]' for k in SHIPPED)}")
        _check(table, _model(SHIPPED[section]), section, f"overrides file {path}", SHIPPED[section])
    _check_limits(over, f"overrides file {path}")


@contextmanager
def blamed(override_file: str | None) -> Iterator[None]:
    """Around building a data file's values merged with the overrides file: an error the loader finds names the
    overrides file too (the shipped file alone loads, so the user's values are why)."""
    try:
        yield
    except DataError as e:
        if override_file and not str(e).startswith("overrides file "):
            raise DataError(f"overrides file {override_file}: with its values, {e}") from None
        raise


@cache
def _model(name: str) -> dict[str, Any]:  # read only: what the check compares with
    return read_shipped(name)


# -- checking a value against the shipped one at its place -----------------------------------------------------------
def _kind(x: Any) -> str:
    if isinstance(x, bool):
        return "true or false"
    if isinstance(x, (int, float)):
        return "a number"
    if isinstance(x, str):
        return "a word in quotes"
    return "a list" if isinstance(x, list) else "a table"


def _near(key: str, known: Any) -> str:
    close = difflib.get_close_matches(key, [str(k) for k in known], n=1)
    return f" (did you mean {close[0]}?)" if close else ""


def _union(models: list[Any]) -> Any:
    """One stand-in for several shipped values of one kind: tables merged key by key, lists joined."""
    if all(isinstance(m, dict) for m in models):
        out: dict[str, list[Any]] = {}
        for m in models:
            for k, v in m.items():
                out.setdefault(k, []).append(v)
        return {k: _union(vs) if all(_kind(v) == _kind(vs[0]) for v in vs) else vs[0] for k, vs in out.items()}
    if all(isinstance(m, list) for m in models):
        return [x for m in models for x in m]
    return models[0]


def _check(value: Any, model: Any, place: str, file: str, shipped: str, siblings: Any = None) -> None:
    """``value`` from the overrides file at ``place`` against ``model``, the shipped value there; ``siblings``: the
    union of the entries beside it (the other cards), whose keys an entry may also take."""
    def fail(why: str) -> DataError:
        return DataError(f"{file}: {place} = {value!r}: {why}")

    if isinstance(model, dict):
        if not isinstance(value, dict):
            raise fail(f"must be a table, as in {shipped}")
        entries = [v for v in model.values() if isinstance(v, dict)]
        of_one_sort = len(entries) > 1 and bool(set.intersection(*(set(e) for e in entries)))  # the cards...
        goods = _goods()
        goods_table = bool(model) and all(k in goods for k in model)
        for key, v in value.items():
            at = f"{place}.{key}"
            if key in model:
                _check(v, model[key], at, file, shipped, _union(entries) if of_one_sort else None)
            elif isinstance(siblings, dict) and key in siblings:
                _check(v, siblings[key], at, file, shipped)
            elif goods_table and key in goods:
                _check(v, 0, at, file, shipped)
            else:
                known = sorted(set(model) | (set(siblings) if isinstance(siblings, dict) else set())
                               | (goods if goods_table else set()))
                raise DataError(f"{file}: {at}: unknown key{_near(key, known)}; {shipped} has here: "
                                f"{', '.join(known)}")
    elif isinstance(model, list):
        if not isinstance(value, list):
            raise fail(f"must be a list, as in {shipped}")
        for i, item in enumerate(value):
            alike = [m for m in model if _kind(m) == _kind(item)]
            if model and not alike:
                kinds = " or ".join(sorted({_kind(m) for m in model}))
                raise DataError(f"{file}: {place}[{i + 1}] = {item!r}: must be {kinds}, as in {shipped}")
            if alike:
                _check(item, _union(alike), f"{place}[{i + 1}]", file, shipped)
    elif isinstance(model, bool):
        if not isinstance(value, bool):
            raise fail("must be true or false")
    elif isinstance(model, (int, float)):
        whole = isinstance(model, int)
        if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
            raise fail(f"must be {'a whole number' if whole else 'a number'}")
        if value < 0 <= model:
            raise fail("must be 0 or more")
        most, kind = _most(place)
        low = 0 if model >= 0 else -most
        if not low <= value <= most:
            raise fail(f"must be {'a whole number' if whole else 'a number'} from {low} to {most} ({kind})")
    elif isinstance(model, str) and not isinstance(value, str):
        raise fail("must be a word in quotes")


# The largest number a value of the overrides file may have, by what it counts: no rule of the game comes near, and
# a count builds a list of that many pieces (goods in a storehouse, tokens, fish...), so 10**17 would hang the setup.
MOST_COUNT: Final = 100  # pieces, goods, cards, fish, tiles, places, steps
MOST_SUM: Final = 1000  # sestertii and victory points
SUM_WORDS: Final = ("money", "coins", "price", "vp", "points", "track", "concordia", "_max", "_per", "divisor")


def _most(place: str) -> tuple[int, str]:
    """The largest value at ``place`` and what it counts, for the refusal."""
    keys = re.sub(r"\[\d+\]", "", place).split(".")
    if any(w in k for k in keys[-2:] for w in SUM_WORDS):
        return MOST_SUM, "sestertii or victory points"
    return MOST_COUNT, "a count of pieces, goods, cards or places"


# -- the ranges and shapes of the values, beyond type and sign ---------------------------------------------------------
# A rule looks at one value (at ``place``, merged over the shipped files: ``get`` reads any other value the same way)
# and answers None or the fault: the place (an entry of a list: ``place[i]``), the value and what it must be.
Get = Callable[[str], Any]
Fault = tuple[str, Any, str]
Rule = Callable[[str, Any, Get], Fault | None]
Bound = int | str | Callable[[Get], tuple[int, str]]  # a number, the place of one, or (number, how it is named)

COLONIST_FACES: Final = ("land", "sea", "card")  # Solitaria's colonist die
SPECIAL_FACE: Final = "S"  # Solitaria's building dice: the good of Contrarius' best specialist


def _bound(b: Bound, get: Get) -> tuple[int, str]:
    if isinstance(b, int):
        return b, str(b)
    if isinstance(b, str):
        n = get(b)
        return n, f"{b} ({n})"
    return b(get)


def whole(lo: Bound = 0, hi: Bound | None = None, why: str = "") -> Rule:
    """A whole number from ``lo`` (up to ``hi``)."""
    def rule(place: str, value: Any, get: Get) -> Fault | None:
        low, low_text = _bound(lo, get)
        high, high_text = _bound(hi, get) if hi is not None else (None, "")
        ok = (isinstance(value, int) and not isinstance(value, bool) and value >= low
              and (high is None or value <= high))
        text = f"from {low_text} to {high_text}" if hi is not None else f"from {low_text} up"
        return None if ok else (place, value, f"must be a whole number {text}{why}")
    return rule


def length(n: Bound | None = None, least: bool = False, why: str = "") -> Rule:
    """A list of ``n`` entries (None: as many as the shipped list), or of at least ``n`` with ``least``."""
    def rule(place: str, value: Any, get: Get) -> Fault | None:
        want, text = _bound(n, get) if n is not None else _shipped_length(place)
        ok = isinstance(value, list) and (len(value) >= want if least else len(value) == want)
        return None if ok else (place, value, f"must list {'at least ' if least else ''}{text} "
                                              f"entr{'y' if want == 1 else 'ies'}{why}")
    return rule


def _shipped_length(place: str) -> tuple[int, str]:
    section, _, rest = place.partition(".")
    n = len(_at(_model(SHIPPED[section]), rest))
    return n, str(n)


def one_of(*choices: str, of: tuple[str, ...] = (), what: str = "") -> Rule:
    """One of ``choices``, or ``what``: a key of a table at one of the places ``of`` (the cards...)."""
    def rule(place: str, value: Any, get: Get) -> Fault | None:
        known = set(choices).union(*(get(p) for p in of))
        if value in known:
            return None
        if of:
            return place, value, f"must be {what}{_near(str(value), known)}"
        return place, value, f"must be one of {', '.join(map(repr, choices))}"
    return rule


def each(*rules: Rule) -> Rule:
    """A list whose every entry keeps ``rules``."""
    def rule(place: str, value: Any, get: Get) -> Fault | None:
        for i, item in enumerate(value if isinstance(value, list) else []):
            for r in rules:
                fault = r(f"{place}[{i + 1}]", item, get)
                if fault:
                    return fault
        return None
    return rule


def each_once(*choices: str, why: str = "") -> Rule:
    """A list of ``choices``, each once, in any order."""
    def rule(place: str, value: Any, get: Get) -> Fault | None:
        want = list(choices)
        ok = isinstance(value, list) and sorted(map(str, value)) == sorted(want) and len(set(value)) == len(want)
        return None if ok else (place, value, f"must list each of {', '.join(want)} once, in any order{why}")
    return rule


def fixed(why: str) -> Rule:
    """The shipped value: the engine does not read it from the data."""
    def rule(place: str, value: Any, get: Get) -> Fault | None:
        section, _, rest = place.partition(".")
        return None if value == _at(_model(SHIPPED[section]), rest) else (place, value, f"cannot be changed: {why}")
    return rule


def _at(data: Any, path: str) -> Any:
    for key in path.split(".") if path else ():
        data = data[key]
    return data


def _stored_at_start(get: Get) -> tuple[int, str]:
    """What the storehouse holds at setup: the colonists not on the board and the starting goods (solo's too)."""
    p = "components.player."
    colonists = (get(p + "land_colonists") + get(p + "sea_colonists") - get(p + "start_on_board.land")
                 - get(p + "start_on_board.sea"))
    goods = max(sum(get(p + "start_goods").values()), sum(get("solitaria.player.goods").values()))
    return colonists + goods, str(colonists + goods)


def _neutral_tiles(get: Get) -> tuple[int, str]:
    n = sum(t["count"] for t in get("sicilia.neutral_tiles").values())
    return n, str(n)


GOODS_NAMES: Final = ("brick", "food", "tool", "wine", "cloth")  # components.toml's goods, which the engine fixes
CARD: Final = one_of(of=("cards.cards",), what="a card of cards.toml [cards]")  # the base game's and Venus' cards
SOLO_CARD: Final = one_of(of=("cards.cards", "solitaria.cards"), what="a card of cards.toml or solitaria.toml [cards]")
ONE_EACH: Final = " (Contrarius and a Solitaria player start with one of each on the board)"

# place in the overrides file ("*": any key there) -> the rules its value, merged over the shipped one, must keep.
# Checked in this order: a count others are measured by comes before them. The shipped files keep them all.
LIMITS: Final[dict[str, tuple[Rule, ...]]] = {
    "components.goods": (fixed("the goods are the engine's (brick, food, tool, wine, cloth)"),),
    "components.player.houses": (whole(1),),
    "components.player.land_colonists": (whole(1, why=ONE_EACH),),
    "components.player.sea_colonists": (whole(1, why=ONE_EACH),),
    "components.player.start_on_board.land": (whole(0, "components.player.land_colonists"),),
    "components.player.start_on_board.sea": (whole(0, "components.player.sea_colonists"),),
    "components.player.storehouse": (whole(_stored_at_start, why=" (to hold the starting goods and the colonists kept "
                                                                 "in the storehouse)"),),
    "components.player.start_money": (length(why=", one per seat"),),
    "components.display.size": (whole(1, 7, why=" (the places of the board's display)"),),
    "components.display.standard": (length("components.display.size", why=", one per display place"),),
    "components.display.wine": (length("components.display.size", why=", one per display place"),),
    "components.scoring.god_order": (each_once("Vesta", "Jupiter", "Saturnus", "Venus", "Mercurius", "Mars",
                                               "Minerva"),),
    "components.scoring.vesta_per": (whole(1),),
    "components.team.money": (length(why=", one per team"),),
    "components.intermediate_scoring.trigger_deck": (one_of(of=("cards.decks.base",),
                                                            what="a deck of cards.toml [decks.base]"),),
    "cards.hands.*": (length(1, least=True), each(CARD)),
    "cards.decks.*.*": (length(1, least=True), each(CARD)),
    "fish_market.setup_fish": (whole(0, 10, why=" (fish on each spot at setup)"),),
    "fish_market.sides.*.spots": (length(2, least=True),),
    "sicilia.province_tiles": (whole(1),),
    "sicilia.players.neutral_in_pile.*": (whole(0, _neutral_tiles, why=" (the neutral tiles)"),),
    "sicilia.players.setup_max_per_province": (whole(1),),
    "solitaria.dice.architect.faces": (length(1, least=True), each(whole(1, "components.display.size"))),
    "solitaria.dice.colonist.faces": (length(1, least=True), each(one_of(*COLONIST_FACES))),
    "solitaria.dice.mercator.faces": (length(1, least=True), each(one_of(*GOODS_NAMES, SPECIAL_FACE))),
    "solitaria.dice.senator.faces": (length(1, least=True), each(one_of(*GOODS_NAMES, SPECIAL_FACE))),
    "solitaria.player.hand": (length(1, least=True), each(SOLO_CARD)),
    "solitaria.player.double_bonus": (each(SOLO_CARD),),
    "solitaria.stacks.*": (length(1, least=True), each(SOLO_CARD)),
    "solitaria.contrarius.cards": (length(1, least=True), each(SOLO_CARD)),
    "solitaria.contrarius.specialist_order": (length(1, least=True), each(SOLO_CARD)),
    "solitaria.contrarius.fallback_order": (each_once(*GOODS_NAMES),),
    "solitaria.contrarius.take_positions": (whole(1, "components.display.size"),),
    "solitaria.difficulty.*.contrarius_start": (one_of("capital", "veteran"),),
    "solitaria.third_player.money": (length(why=", one per player"),),
    "solitaria.third_player.level_points": (length(why=", one per player"),),
    "solitaria.third_player.hands": (length(why=", one per player"), each(length(1, least=True),
                                                                         each(SOLO_CARD))),
    "solitaria.third_player.stacks.*": (length(1, least=True), each(SOLO_CARD)),
    "solitaria.third_player.veto_offer": (one_of("both", "reacting"),),
    "solitaria.team.money": (length(why=", one per player"),),
    "solitaria.team.hands": (length(why=", one per player"), each(length(1, least=True),
                                                                  each(SOLO_CARD))),
    "solitaria.team.stacks.*": (length(1, least=True), each(SOLO_CARD)),
}


def _places_of(data: dict[str, Any], pattern: str) -> Iterator[tuple[str, Any]]:
    """The places (and values) in ``data`` matching ``pattern``, "*" standing for any key."""
    found: list[tuple[str, Any]] = [("", data)]
    for key in pattern.split("."):
        found = [(f"{at}.{k}" if at else str(k), v) for at, d in found if isinstance(d, dict)
                 for k, v in (d.items() if key == "*" else [(key, d[key])] if key in d else [])]
    return iter(found)


def _check_limits(over: dict[str, Any], file: str) -> None:
    """The values of the shipped files with ``over`` merged over them against ``LIMITS`` (all of them, so a value
    the user left alone is refused too when a value of the file it is measured by breaks it)."""
    data = {section: merge(_model(name), over.get(section, {})) for section, name in SHIPPED.items()}

    def get(place: str) -> Any:
        return _at(data, place)

    for pattern, rules in LIMITS.items():
        for place, value in _places_of(data, pattern):
            for rule in rules:
                fault = rule(place, value, get)
                if fault:
                    at, v, why = fault
                    section, _, rest = at.split("[")[0].partition(".")
                    mine = _has(over.get(section, {}), rest)
                    raise DataError(f"{file}: {at} = {v!r}{'' if mine else ' (shipped)'}: {why}")


def _has(data: Any, path: str) -> bool:
    for key in path.split("."):
        if not isinstance(data, dict) or key not in data:
            return False
        data = data[key]
    return True
