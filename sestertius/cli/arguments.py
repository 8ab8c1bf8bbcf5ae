"""The checks of the commands' arguments, shared by the commands (one check, one message, wherever it is used).

The type ``whole`` is given to argparse: a bad value is refused by the parser in one line, with
exit code 2. The checks that need more than one argument, or a package, return the reason of a refusal or None;
:func:`refused` prints it. The commands' modules import this one, never the command's own package (no circle)."""
from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Callable
from typing import Any

EXIT_REFUSED = 2  # as argparse exits on a bad argument


def names(entries: list[dict[str, Any]]) -> list[str]:
    """The names of a table of ``sestertius.choices()`` (boards, modes, fish-market sides): an argument's choices."""
    return [e["name"] for e in entries]


def refused(command: str, why: str) -> int:
    """Say why a command is refused, in one line on stderr; the exit code."""
    print(f"concordia{' ' + command if command else ''}: refused: {why}", file=sys.stderr)
    return EXIT_REFUSED


def add_parallel(p: Any) -> None:
    """``--workers`` and ``--ray``: where the games of ``simulate`` and ``tournament`` are played."""
    from sestertius.research.parallel import default_workers
    p.add_argument("--workers", type=whole(1), default=default_workers(),
                   help="processes playing the games (default: every core); the results are those of one")
    p.add_argument("--ray", default=None, metavar="ADDRESS",
                   help="play on a Ray cluster: its address, 'auto', or 'local' (pip install -e '.[cluster]')")


def bots_refusal(bots: list[str], ray: str | None = None) -> str | None:
    """Why a list of bots cannot play (an unknown name, a ``module:factory`` that cannot be imported or built), or
    None. Your own bots are imported from the current folder too, looked in after the installed modules (a file there
    named like one of them, csv.py, does not replace it). A Ray cluster gets only sestertius: your own bots play on
    this machine (``--ray local`` or the process pool)."""
    from sestertius.bots import load_bot
    if not bots:
        return "no bot given"
    own = [b for b in bots if ":" in b]
    if own and ray not in (None, "local"):
        return f"bot {own[0]!r}: your own bots play on this machine's processes (or --ray local), not on a cluster"
    if own and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    for b in bots:
        try:
            load_bot(b, check=True)
        except ValueError as e:
            return str(e)
    return None


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
