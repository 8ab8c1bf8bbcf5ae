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


def test_a_file_that_is_not_utf8_is_refused_in_one_line_naming_it_and_the_byte(overrides, tmp_path, monkeypatch,
                                                                                 capsys):
    path = overrides("")
    path.write_bytes("[components.player]\n# Sestércios\nstorehouse = 14\n".encode("latin-1"))
    offset = len("[components.player]\n# Sest") + 1
    refusal = f"overrides file {path}: not UTF-8 text (byte {offset} is 0xe9); an overrides file is TOML in UTF-8"
    with pytest.raises(DataError) as e:
        read_overrides(path)
    assert str(e.value) == refusal
    from sestertius.cli import main
    assert main(["simulate", "--games", "1", "--no-progress"]) == 2
    assert capsys.readouterr().err.splitlines() == [f"concordia simulate: refused: {refusal}"]
    # a shipped data file, the same way (it was a UnicodeDecodeError traceback)
    import types

    import sestertius.data.overrides as overrides_module
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "cards.toml").write_bytes(b"[cards]\n\xff = 1\n")
    monkeypatch.setattr(overrides_module, "resources", types.SimpleNamespace(files=lambda package: tmp_path))
    with pytest.raises(DataError) as e:
        read_shipped("cards.toml")
    assert str(e.value) == "cards.toml: not UTF-8 text (byte 9 is 0xff); a data file is TOML in UTF-8"


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


# -- values of the right type but outside what a game can be played with (overrides.LIMITS) ----------------------------
OUT_OF_RANGE = [  # (overrides file, the refusal after "overrides file PATH: ")
    ("[components.scoring]\nvesta_per = 0\n",  # was a ZeroDivisionError at the final scoring
     "components.scoring.vesta_per = 0: must be a whole number from 1 up"),
    ("[components.player]\nstart_money = []\n",  # was an IndexError setting up every game
     "components.player.start_money = []: must list 5 entries, one per seat"),
    ("[components.player]\nstart_money = [5, 6]\n",
     "components.player.start_money = [5, 6]: must list 5 entries, one per seat"),
    ("[components.player]\nstorehouse = 0\n",  # was a step with no legal decision (colonists cannot be given up)
     "components.player.storehouse = 0: must be a whole number from 10 up (to hold the starting goods and the "
     "colonists kept in the storehouse)"),
    ("[components.player]\nland_colonists = 0\nsea_colonists = 0\n",  # was an IndexError setting up a solo game
     "components.player.land_colonists = 0: must be a whole number from 1 up (Contrarius and a Solitaria player "
     "start with one of each on the board)"),
    ("[components.player]\nhouses = 0\n", "components.player.houses = 0: must be a whole number from 1 up"),
    ("[solitaria.player]\nhand = []\n",  # was a solo game with no decision
     "solitaria.player.hand = []: must list at least 1 entry"),
    ("[solitaria.contrarius]\ncards = []\n", "solitaria.contrarius.cards = []: must list at least 1 entry"),
    ("[fish_market]\nsetup_fish = 11\n",  # 1000000 was a game that never finished setting up
     "fish_market.setup_fish = 11: must be a whole number from 0 to 10 (fish on each spot at setup)"),
    ("[components.player.start_on_board]\nland = 10\n",  # was a game with more colonists than the player has
     "components.player.start_on_board.land = 10: must be a whole number from 0 to components.player.land_colonists "
     "(3)"),
    ("[components.player]\nsea_colonists = 1\n[components.player.start_on_board]\nsea = 2\n",
     "components.player.start_on_board.sea = 2: must be a whole number from 0 to components.player.sea_colonists (1)"),
    ("[components.scoring]\ngod_order = [\"Zeus\"]\n",  # was a "Zeus" column in the score table
     "components.scoring.god_order = ['Zeus']: must list each of Vesta, Jupiter, Saturnus, Venus, Mercurius, Mars, "
     "Minerva once, in any order"),
    ("[components.scoring]\ngod_order = [\"Vesta\", \"Vesta\", \"Saturnus\", \"Venus\", \"Mercurius\", \"Mars\", "
     "\"Minerva\"]\n",
     "components.scoring.god_order = ['Vesta', 'Vesta', 'Saturnus', 'Venus', 'Mercurius', 'Mars', 'Minerva']: must "
     "list each of Vesta, Jupiter, Saturnus, Venus, Mercurius, Mars, Minerva once, in any order"),
    ("[components]\ngoods = [\"brick\"]\n",  # was silently ignored
     "components.goods = ['brick']: cannot be changed: the goods are the engine's (brick, food, tool, wine, cloth)"),
    ("[components.display]\nsize = 0\n",
     "components.display.size = 0: must be a whole number from 1 to 7 (the places of the board's display)"),
    ("[components.team]\nmoney = [5, 6]\n", "components.team.money = [5, 6]: must list 3 entries, one per team"),
    ("[components.intermediate_scoring]\ntrigger_deck = \"IX\"\n",
     "components.intermediate_scoring.trigger_deck = 'IX': must be a deck of cards.toml [decks.base] (did you mean "
     "I?)"),
    ("[cards.decks.base]\nI = [\"nothing\"]\n",
     "cards.decks.base.I[1] = 'nothing': must be a card of cards.toml [cards]"),
    ("[cards.hands]\nbase = [\"tribune\", \"architekt\"]\n",
     "cards.hands.base[2] = 'architekt': must be a card of cards.toml [cards] (did you mean architect?)"),
    ("[solitaria.player]\nhand = [\"nonexistent\"]\n",
     "solitaria.player.hand[1] = 'nonexistent': must be a card of cards.toml or solitaria.toml [cards]"),
    ("[solitaria.dice.architect]\nfaces = []\n", "solitaria.dice.architect.faces = []: must list at least 1 entry"),
    ("[solitaria.dice.architect]\nfaces = [1, 2, 8]\n",
     "solitaria.dice.architect.faces[3] = 8: must be a whole number from 1 to components.display.size (7)"),
    ("[solitaria.dice.mercator]\nfaces = [\"gold\"]\n",
     "solitaria.dice.mercator.faces[1] = 'gold': must be one of 'brick', 'food', 'tool', 'wine', 'cloth', 'S'"),
    ("[solitaria.dice.colonist]\nfaces = [\"air\"]\n",
     "solitaria.dice.colonist.faces[1] = 'air': must be one of 'land', 'sea', 'card'"),
    ("[solitaria.third_player]\nveto_offer = \"nobody\"\n",
     "solitaria.third_player.veto_offer = 'nobody': must be one of 'both', 'reacting'"),
    ("[solitaria.team]\nmoney = [6]\n", "solitaria.team.money = [6]: must list 2 entries, one per player"),
    ("[solitaria.contrarius]\nfallback_order = [\"cloth\", \"cloth\", \"tool\", \"food\", \"brick\"]\n",
     "solitaria.contrarius.fallback_order = ['cloth', 'cloth', 'tool', 'food', 'brick']: must list each of brick, "
     "food, tool, wine, cloth once, in any order"),
    ("[solitaria.contrarius]\ntake_positions = 9\n",
     "solitaria.contrarius.take_positions = 9: must be a whole number from 1 to components.display.size (7)"),
    ("[solitaria.difficulty.expert]\ncontrarius_start = \"moon\"\n",
     "solitaria.difficulty.expert.contrarius_start = 'moon': must be one of 'capital', 'veteran'"),
    ("[sicilia.players.neutral_in_pile]\n3 = 10\n",
     "sicilia.players.neutral_in_pile.3 = 10: must be a whole number from 0 to 9 (the neutral tiles)"),
    ("[sicilia.players]\nsetup_max_per_province = 0\n",
     "sicilia.players.setup_max_per_province = 0: must be a whole number from 1 up"),
    ("[fish_market.sides.coastal]\nspots = [[{ action = \"money\", money = 3, fish = 1 }]]\n",
     "fish_market.sides.coastal.spots = [[{'action': 'money', 'money': 3, 'fish': 1}]]: must list at least 2 "
     "entries"),
]


@pytest.mark.parametrize(("text", "refusal"), OUT_OF_RANGE)
def test_a_value_outside_its_range_is_refused_in_one_line_naming_the_file_key_value_and_rule(overrides, text, refusal):
    message = refused(overrides, text)
    assert message == refusal
    assert "\n" not in message


def test_a_value_the_file_leaves_alone_but_its_values_break_is_marked_shipped(overrides):
    """A count measured by another: fewer colonists than the shipped start on the board, a display of fewer places
    than the shipped cost rows."""
    assert refused(overrides, "[components.player]\nland_colonists = 1\n[components.player.start_on_board]\n"
                              "land = 0\n[components.display]\nsize = 6\n") == (
        "components.display.standard = [[], ['any'], ['any'], ['cloth'], ['cloth'], ['any', 'cloth'], "
        "['cloth', 'cloth']] (shipped): must list components.display.size (6) entries, one per display place")
    assert refused(overrides, "[components.player]\nsea_colonists = 1\nstorehouse = 11\n"
                              "[solitaria.player.goods]\ncloth = 9\n") == (
        "components.player.storehouse = 11: must be a whole number from 16 up (to hold the starting goods and the "
        "colonists kept in the storehouse)")


def test_values_at_the_edge_of_their_range_are_accepted_and_play(overrides):
    from sestertius.rules.game import Game
    from sestertius.rules.options import GameOptions
    overrides("[components.player]\nstorehouse = 10\nstart_money = [1, 2, 3, 4, 5]"
              "\nland_colonists = 1\nsea_colonists = 1\n[components.player.start_on_board]\nland = 1\nsea = 1\n"
              "[fish_market]\nsetup_fish = 10\n[solitaria.player]\nhand = [\"tribune\"]\n"
              "[solitaria.player.goods]\nbrick = 1\nfood = 1\ntool = 1\nwine = 1\ncloth = 1\n"
              "[components.scoring]\nvesta_per = 1\ngod_order = [\"Minerva\", \"Mars\", \"Mercurius\", \"Venus\", "
              "\"Saturnus\", \"Jupiter\", \"Vesta\"]\n")
    assert load_catalog().storehouse == 10 and load_fish_market().setup_fish == 10
    assert solo_data().hand == ("tribune",)
    game = Game(GameOptions(board="italia", players=2), seed=1)
    assert game.state.players[1].money == 2 and game.legal_actions()


def test_an_error_the_loader_finds_in_the_merged_values_names_the_overrides_file(overrides):
    path = overrides("[sicilia.rows]\n2 = \"eruption\"\n")
    from sestertius.rules.boards.sicilia import volcano_data
    with pytest.raises(DataError) as e:
        volcano_data()
    assert str(e.value) == (f"overrides file {path}: with its values, sicilia.toml [rows] 2 = 'eruption': effects are "
                            "no_bonus, no_building, no_production, rows 1..4")
    path = overrides("[solitaria.reactions.architect]\nkind = \"dance\"\n")
    with pytest.raises(DataError) as e:
        solo_data()
    assert str(e.value) == (f"overrides file {path}: with its values, solitaria.toml reaction 'architect': unknown "
                            "kind 'dance'")


def test_the_shipped_files_keep_every_limit():
    from sestertius.data.overrides import LIMITS, _check_limits, _model, _places_of
    _check_limits({}, "o.toml")
    data = {section: _model(name) for section, name in SHIPPED.items()}
    assert all(list(_places_of(data, pattern)) for pattern in LIMITS), "a limit whose place the files do not have"


@pytest.mark.parametrize(("text", "refusal"), [
    ("[components.city_tokens.A]\nfood = 99999999999999999\n",  # was a setup building a list of 10**17 goods
     "components.city_tokens.A.food = 99999999999999999: must be a whole number from 0 to 100 (a count of pieces, "
     "goods, cards or places)"),
    ("[components.player]\nstorehouse = 99999999999999999\n[components.player.start_goods]\nfood = 99999999999999999\n",
     "components.player.storehouse = 99999999999999999: must be a whole number from 0 to 100 (a count of pieces, "
     "goods, cards or places)"),
    ("[fish_market]\nsetup_fish = 1000000\n",  # beyond any count, refused before its own limit (0 to 10)
     "fish_market.setup_fish = 1000000: must be a whole number from 0 to 100 (a count of pieces, goods, cards or "
     "places)"),
    ("[components.prices]\nfood = 1001\n",
     "components.prices.food = 1001: must be a whole number from 0 to 1000 (sestertii or victory points)"),
    ("[components.player]\nstart_money = [5, 6, 7, 8, 100000]\n",
     "components.player.start_money[5] = 100000: must be a whole number from 0 to 1000 (sestertii or victory "
     "points)"),
])
def test_a_number_beyond_what_the_rules_can_use_is_refused_before_anything_is_built(overrides, text, refusal):
    assert refused(overrides, text) == refusal


def test_numbers_at_their_largest_are_accepted(overrides):
    path = overrides("[components.city_tokens.A]\nfood = 100\n[components.prices]\nfood = 1000\n")
    assert read_overrides(path)["components"]["prices"]["food"] == 1000


def test_lists_nested_too_deep_are_refused_in_one_line(overrides):
    """500 lists in one another were a RecursionError of 2,975 lines (the TOML parser recurses once per level)."""
    assert refused(overrides, "[components.player]\nstart_money = " + "[" * 500 + "]" * 500 + "\n") == (
        "line 2: lists or tables nested more than 32 deep")
    assert refused(overrides, '# [[[[ "\nx = "' + "[" * 40 + '"\ny = ' + "{ a = " * 40 + "1" + " }" * 40 + "\n") == (
        "line 3: lists or tables nested more than 32 deep")
    assert refused(overrides, "[components.player]\nstorehouse" + ".a" * 5000 + " = 1\n") == (
        "components.player.storehouse" + ".a" * 15 + "...: lists or tables nested more than 32 deep")


def test_brackets_in_strings_and_comments_do_not_count_as_nesting(overrides):
    path = overrides("# " + "[" * 40 + "\n[components.player]  # [[[[\nstorehouse = 12\n"
                     "[solitaria.reactions.architect]\nkind = '''" + "[" * 40 + "'''\n")
    with pytest.raises(DataError) as e:  # the kind is checked by the loader, not the nesting
        read_overrides(path)
        solo_data()
    assert "nested" not in str(e.value)
