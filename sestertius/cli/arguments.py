"""The checks of the commands' arguments, shared by the commands (one check, one message, wherever it is used).

The types (``whole``, ``seconds``) are given to argparse: a bad value is refused by the parser in one line, with
exit code 2. The checks that need more than one argument, or a package, return the reason of a refusal or None."""
from __future__ import annotations

import argparse
import importlib
import math
import re
from collections.abc import Callable

PORTS = (1, 65535)  # 0 ("any free port") is refused: the address printed for the browser would be wrong


def whole(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``minimum`` (to ``maximum``)."""
    def parse(text: str) -> int:
        within = f"from {minimum} to {maximum}" if maximum is not None else f"{minimum} or more"
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number ({within}), not {text!r}") from None
        if value < minimum or (maximum is not None and value > maximum):
            raise argparse.ArgumentTypeError(f"must be {within}, not {value}")
        return value
    return parse


def seconds(text: str) -> float:
    """An argparse type: a number of seconds above 0 (not infinite, not NaN)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text!r}")
    return value


def seeds_refusal(seed: int, games: int) -> str | None:
    """Why games ``seed`` to ``seed + games - 1`` cannot be seeded (game i is seeded seed + i), or None."""
    from sestertius.rules.game import seed_refusal  # here: importing the command reads no data (the engine does)
    last = seed + games - 1
    why = seed_refusal(seed) or seed_refusal(last)
    return None if why is None else f"--seed: {why} (the games use seeds {seed} to {last})"


def ray_refusal(address: str | None) -> str | None:
    """Why ``--ray`` cannot be used here (Ray is an optional dependency), or None."""
    if address is None:
        return None
    try:
        importlib.import_module("ray")
    except ImportError:
        return "--ray: Ray is not installed; install it with: pip install -e '.[cluster]' (see the README)"
    return None


def without_password(url: str) -> str:
    """A database URL as it may be shown: its password replaced by ***."""
    return re.sub(r"(://[^/:@]*):.*@", r"\1:***@", url)
