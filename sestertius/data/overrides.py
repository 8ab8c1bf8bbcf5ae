"""The user's overrides file: values of the shipped data files corrected by the owner of a physical game (see
docs/ASSUMPTIONS.md). It is read from ``$SESTERTIUS_OVERRIDES``, or ``overrides.toml`` in the user's config folder,
and checked against the shipped files before anything of it is used: each table names a shipped file
(``[components...]`` for ``components.toml``...), each key must be one the shipped file has at that place (or a good,
in a table of goods; or a key of a sibling entry, in a table of entries such as the cards), and each value must have
the shipped value's type and be 0 or more where the shipped numbers are. A typo is refused, not silently ignored;
the message names the file and the key.
"""
from __future__ import annotations

import difflib
import os
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir

SHIPPED = {"components": "components.toml", "cards": "cards.toml", "fish_market": "fish_market.toml",
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


def read_shipped(name: str) -> dict[str, Any]:
    text = (resources.files("sestertius") / "data" / name).read_text(encoding="utf-8")
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
        over = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise DataError(f"overrides file {path}: {e}") from None
    check_overrides(over, path)
    return over


def check_overrides(over: dict[str, Any], path: str | Path) -> None:
    """The tables of an overrides file (read from ``path``) against the shipped files."""
    for section, table in over.items():
        if section not in SHIPPED:
            raise DataError(f"overrides file {path}: unknown table [{section}]{_near(section, SHIPPED)}; its "
                            f"tables are {', '.join(f'[{k}]' for k in SHIPPED)}")
        _check(table, _model(SHIPPED[section]), section, f"overrides file {path}", SHIPPED[section])


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
    elif isinstance(model, str) and not isinstance(value, str):
        raise fail("must be a word in quotes")
