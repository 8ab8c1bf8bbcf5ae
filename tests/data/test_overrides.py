"""The user's overrides file is checked against the shipped data files before it is used: an unknown key (a typo)
is refused instead of silently changing nothing, a value must have the shipped value's type and be 0 or more where
the shipped numbers are, and the message names the file and the key. The web app refuses to start with a bad file,
and the command says so in one line."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from sestertius.data.catalog import load_catalog, load_fish_market
from sestertius.data.overrides import SHIPPED, DataError, check_overrides, read_overrides, read_shipped
from sestertius.data.solitaria import solo_data


def refused(overrides, text: str) -> str:
    path = overrides(text)
    with pytest.raises(DataError) as e:
        read_overrides(path)
    message = str(e.value)
    assert message.startswith(f"overrides file {path}: "), message
    return message[len(f"overrides file {path}: "):]


def test_a_mistyped_key_is_refused_with_the_key_meant(overrides):
    assert refused(overrides, "[components.player]\nstorhouse = 14\n") == (
        "components.player.storhouse: unknown key (did you mean storehouse?); components.toml has here: colonist_cost, "
        "houses, land_colonists, sea_colonists, start_goods, start_money, start_on_board, storehouse")
    assert refused(overrides, "[componets.player]\nstorehouse = 14\n").startswith(
        "unknown table [componets] (did you mean components?); its tables are [components], [cards],")
    assert refused(overrides, "[cards.cards.architect.cost]\nfod = 1\n").startswith(
        "cards.cards.architect.cost.fod: unknown key (did you mean food?)")
    assert refused(overrides, "[solitaria.dice.architekt]\nfaces = [1, 2, 3, 4, 5, 5]\n").startswith(
        "solitaria.dice.architekt: unknown key (did you mean architect?)")


def test_a_value_of_the_wrong_type_or_out_of_range_is_refused(overrides):
    assert refused(overrides, "[components.player]\nstorehouse = -5\n") == (
        "components.player.storehouse = -5: must be 0 or more")
    assert refused(overrides, "[components.player]\nstorehouse = 12.5\n") == (
        "components.player.storehouse = 12.5: must be a whole number")
    assert refused(overrides, '[components.player]\nstorehouse = "12"\n') == (
        "components.player.storehouse = '12': must be a whole number")
    assert refused(overrides, "[components.player]\nstorehouse = true\n") == (
        "components.player.storehouse = True: must be a whole number")
    assert refused(overrides, "[components]\nprices = 5\n") == (
        "components.prices = 5: must be a table, as in components.toml")
    assert refused(overrides, "[solitaria.dice.architect]\nfaces = [1, 2, 3, 4, 5, \"S\"]\n") == (
        "solitaria.dice.architect.faces[6] = 'S': must be a number, as in solitaria.toml")
    assert refused(overrides, "[fish_market.sides.coastal]\none_spot_per_phase = 1\n") == (
        "fish_market.sides.coastal.one_spot_per_phase = 1: must be true or false")


def test_corrections_the_documents_show_are_accepted(overrides):
    """The examples of docs/ASSUMPTIONS.md, a good a table of goods did not list, a key a sibling entry has."""
    path = overrides("[components.city_tokens.B]\nfood = 3\ntool = 1\n"
                     "[cards.cards.tribune.cost]\nbrick = 1\n"  # the Tribune costs nothing: any good may be added
                     "[solitaria.difficulty.standard]\nhouses = 1\n"  # a key of the veteran level
                     "[solitaria.third_player]\nveto_offer = \"reacting\"\n"
                     "[fish_market.sides.coastal]\none_spot_per_phase = true\n")
    assert set(read_overrides(path)) == {"components", "cards", "solitaria", "fish_market"}
    assert load_catalog().tokens["B"][1:3] == (3, 1)
    assert load_catalog().cards["tribune"].cost[0] == 1
    assert load_fish_market().sides["coastal"].one_spot_per_phase is True


def test_the_shipped_files_themselves_pass_as_overrides(overrides):
    """Every table, list and value of the shipped files has the shape the check asks for."""
    text = "\n".join(f"[{section}]\n" + "\n".join(f"{k} = {json.dumps(v)}" for k, v in read_shipped(name).items()
                                                  if not isinstance(v, dict))
                     + "".join(_tables(v, f"{section}.{k}") for k, v in read_shipped(name).items()
                               if isinstance(v, dict))
                     for section, name in SHIPPED.items())
    assert set(read_overrides(overrides(text))) == set(SHIPPED)


def _tables(table: dict, name: str) -> str:
    """A TOML table (and its sub-tables) from a dict; values as JSON, which TOML reads the same for these."""
    out = f"\n[{name}]\n" + "".join(f"{json.dumps(k)} = {_inline(v)}\n" for k, v in table.items()
                                    if not isinstance(v, dict))
    return out + "".join(_tables(v, f"{name}.{json.dumps(k)}") for k, v in table.items() if isinstance(v, dict))


def _inline(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_inline(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list):
        return "[" + ", ".join(_inline(x) for x in v) + "]"
    return json.dumps(v)


WRONG = [-1, 1.5, True, "x", [], {}, [5], ["x"], {"brick": 1}]


def _places(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield path + (k,), v
            yield from _places(v, path + (k,))


def _nested(path: tuple, value) -> dict:
    return {path[0]: _nested(path[1:], value)} if path else value


def test_any_value_replaced_by_another_type_is_refused_naming_its_key_or_accepted():
    """Every key of every shipped file set to values of other types (the tables an overrides file would hold): the
    check refuses it naming the file and the key, or (a value of the shipped type) accepts it; it never fails
    otherwise."""
    refusals = 0
    for section, name in SHIPPED.items():
        for path, shipped in _places(read_shipped(name)):
            for value in WRONG:
                if type(value) is type(shipped) and not isinstance(value, (dict, list)):
                    continue
                try:
                    check_overrides(_nested((section, *path), value), "o.toml")
                except DataError as e:
                    assert str(e).startswith(f"overrides file o.toml: {'.'.join((section, *path))}"), str(e)
                    refusals += 1
    assert refusals > 1000


def test_loading_the_data_with_a_bad_file_names_it(overrides):
    path = overrides("[solitaria.player]\nmoney = -3\n")
    with pytest.raises(DataError, match=f"overrides file {path}: solitaria.player.money = -3: must be 0 or more"):
        solo_data()


def test_the_web_app_refuses_to_start_with_a_bad_file(overrides, tmp_path):
    from sestertius.web.app import create_app
    path = overrides("[components.player]\nstorehouse = -5\n")
    with pytest.raises(DataError, match=f"overrides file {path}: components.player.storehouse"):
        create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}", campaigns_path=str(tmp_path / "campaigns.sqlite3"))


@pytest.mark.parametrize("command", [["serve", "--port", "1"], ["simulate", "--games", "1", "--no-progress"],
                                     ["solo", "--seed", "1"]])
def test_the_command_refuses_a_bad_file_in_one_line(overrides, command, capsys):
    from sestertius.cli import main
    path = overrides("[components.player]\nstorhouse = 14\n")
    assert main(command) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"concordia {command[0]}: refused: overrides file {path}: components.player.storhouse: unknown key "
                   "(did you mean storehouse?); components.toml has here: colonist_cost, houses, land_colonists, "
                   "sea_colonists, start_goods, start_money, start_on_board, storehouse"]


def test_importing_the_package_reads_no_data(tmp_path):
    """A bad overrides file cannot break ``import sestertius`` (the command could not then say what is wrong)."""
    bad = tmp_path / "bad.toml"
    bad.write_text("[components.player]\nstorehouse = -5\n", encoding="utf-8")
    code = "import sestertius, sestertius.cli; print('imported')"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env={"SESTERTIUS_OVERRIDES": str(bad), "PYTHONPATH": ":".join(sys.path)})
    assert out.stdout == "imported\n", out.stderr
