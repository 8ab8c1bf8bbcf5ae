"""The checks a board file's values go through when it is loaded, shared by the board's own tables
(:mod:`sestertius.data.board`) and Roma's (:mod:`sestertius.data.board_roma`): a bad value is refused with a
:class:`BoardError` that names the file, the key and the problem."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


class BoardError(ValueError):
    """A board data file is malformed; the message names the file, the problem and where it is."""


Fail = Callable[[str], BoardError]  # a check's way to refuse: the message, to which the file's name is added


def is_number(x: Any) -> bool:
    return type(x) in (int, float)  # not true/false


def check_xy(xy: Any, where: str, fail: Fail) -> None:
    """An optional drawing position: ``[x, y]``, two numbers (layout units)."""
    if xy is not None and (not isinstance(xy, list) or len(xy) != 2 or not all(is_number(v) for v in xy)):
        raise fail(f"{where} must be [x, y] (two numbers), not {xy!r}")


def check_position(info: dict[str, Any], where: str, fail: Fail, need: bool = True) -> None:
    """A place's ``lat`` and ``lon`` (numbers in range; ``need``: they must be there) and its optional ``xy``."""
    for key in ("lat", "lon"):
        if (need or key in info) and not is_number(info.get(key)):
            raise fail(f"{where}: missing or non-numeric {key}")
    if not -90 <= info.get("lat", 0) <= 90 or not -180 <= info.get("lon", 0) <= 180:
        raise fail(f"{where}: latitude/longitude out of range")
    check_xy(info.get("xy"), f"{where}: xy", fail)
