"""Roma's gates as the board geometry draws them (``/api/boards/roma`` ``gates``): each at the board's edge on the
side its roads come from (from the sites behind it through its printed place), its routes from it to their sites,
passing no other site, their route spaces apart from every other."""
from __future__ import annotations

import math

from sestertius.rules.game import Game
from sestertius.web.geometry import GATE_EDGE, board_layout, sample_path

CITY_RADIUS, MARGIN = 17, 5  # as drawn (board.js), half a route's stroke and a little air


def test_each_gate_stands_at_the_edge_of_its_side():
    g = board_layout("roma")
    xs, ys = [c["x"] for c in g["cities"]], [c["y"] for c in g["cities"]]
    sides = {gt["gate"]: gt["side"] for gt in g["gates"]}
    assert sides == {"North": "north", "West": "west", "South": "south", "East": "east"}
    for gt in g["gates"]:
        x, y = gt["xy"]
        edge = {"north": -y + min(ys), "south": y - max(ys), "west": -x + min(xs), "east": x - max(xs)}[gt["side"]]
        assert edge == GATE_EDGE  # beyond every site, on the board's edge
        for r in gt["routes"]:
            assert r["points"][0] == gt["xy"]
            site = g["cities"][r["site"]]
            assert r["points"][1] == [site["x"], site["y"]]


def test_gate_routes_are_the_rules_gate_routes():
    g = board_layout("roma")
    played = Game.new({"board": "roma", "players": 3}).view(None)["roma"]["gates"]
    drawn = {(r["id"], r["site"]) for gt in g["gates"] for r in gt["routes"]}
    assert drawn == {(t["route"], t["site"]) for t in played}
    assert len(drawn) == 6 and sum(len(gt["routes"]) for gt in g["gates"] if gt["gate"] == "East") == 3


def test_gate_routes_pass_no_other_site_and_their_spaces_stand_apart():
    g = board_layout("roma")
    cities = g["cities"]
    spaces = [r["space"] for r in g["routes"]]
    for gt in g["gates"]:
        for r in gt["routes"]:
            path = sample_path(r, tuple(r["points"][0]), tuple(r["points"][1]))
            for c in cities:
                if c["id"] != r["site"]:
                    assert min(math.hypot(x - c["x"], y - c["y"]) for x, y in path) >= CITY_RADIUS + MARGIN, c["name"]
            assert min(math.dist(r["space"], s) for s in spaces) >= 17
            spaces.append(r["space"])
