"""A small valid board file, for the tests of the board loader's refusals (each test breaks one thing), the refusal
of a board file's text, and the means to put a value of a wrong type at every place of a board's tables."""
import pytest

from sestertius.data.board import BoardError, parse_board

GOOD = """
name = "tiny"
capital = "Roma"
routes = [
  ["land", "Roma", "Ostia"],
  ["sea", "Roma", "Ostia"],
  ["land", "Ostia", "Veii"],
  ["land", "Veii", "Caere"],
]

[provinces]
Latium = ["Roma", "Ostia"]
Etruria = ["Veii", "Caere"]

[cities]
Roma = { lat = 41.89, lon = 12.49 }
Ostia = { zone = "A", lat = 41.76, lon = 12.29 }
Veii = { zone = "B", lat = 42.02, lon = 12.40 }
Caere = { zone = "B", lat = 42.00, lon = 12.10 }
"""

WRONG = [5, 1.5, True, "x", "", [], {}, [5], [[]], ["land"], {"a": 5}, [["land", 5, 5]]]  # values of every type


def places(raw, path=()):
    """Every (path, value) of a board's tables, down to the items of its lists."""
    for key, value in (raw.items() if isinstance(raw, dict) else enumerate(raw)):
        yield path + (key,), value
        if isinstance(value, (dict, list)):
            yield from places(value, path + (key,))


def replaced(raw, path, value):
    """A copy of the tables ``raw`` with ``value`` at ``path`` (the others shared)."""
    if not path:
        return value
    out = dict(raw) if isinstance(raw, dict) else list(raw)
    out[path[0]] = replaced(raw[path[0]], path[1:], value)
    return out


def refuse(text: str, source: str = "bad.toml", where: str = "") -> str:
    """The message refusing a board file's text, loaded as ``source``: it starts with the file's name (then
    ``where``)."""
    with pytest.raises(BoardError) as e:
        parse_board(text, source=source)
    msg = str(e.value)
    assert msg.startswith(f"{source}: {where}"), msg
    return msg
