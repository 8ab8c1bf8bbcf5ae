"""What the lobby and the board are drawn from: the choices a new game offers, board geometry, the card catalog."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from fastapi import APIRouter

from sestertius import check_options, choices
from sestertius.bots import BOTS
from sestertius.data import board as board_mod
from sestertius.data.catalog import GODS, GOODS, load_catalog
from sestertius.data.solitaria import solo_data
from sestertius.rules.errors import shown
from sestertius.web.cardtexts import card_text, reaction_text
from sestertius.web.geometry import board_layout
from sestertius.web.models import BoardGeometry, Catalog, Meta, errors
from sestertius.web.service import ApiError
from sestertius.web.setups import setups

router = APIRouter(tags=["data"])

# the setup a board is checked with, per mode: can a game of this mode be set up on it at all
PROBE_PLAYERS = {"base": 2, "solo": 1}


@router.get("/api/meta", response_model=Meta, summary="Boards, bots, modes and difficulties to choose from")
async def meta() -> dict[str, Any]:
    return meta_json()


@router.get("/api/boards/{name}", response_model=BoardGeometry, responses=errors(404, 422),
            summary="Board geometry: where to draw cities and routes")
async def board_geometry(name: str) -> dict[str, Any]:
    if name not in board_mod.board_names():
        raise ApiError(404, f"no board {shown(name)}", "Unknown board")
    return board_layout(name)


@router.get("/api/catalog", response_model=Catalog, summary="Cards, goods, prices and gods")
async def catalog() -> dict[str, Any]:
    return catalog_json()


@lru_cache(maxsize=1)
def meta_json() -> dict[str, Any]:
    """What a new game may be set up with (the engine's ``choices()``), each board with whether a base game and
    a Solitaria game can be set up on it (the engine's ``check_options``: None or its reason); each mode with its
    numbers of players (those played against Contrarius named), and the seats' partners of team play as a game of
    each number of players seats them (:mod:`sestertius.web.setups`)."""
    offer = choices()
    table = setups()
    modes_detail = [{"name": m["name"], "players": list(m["players"]),
                     "against_contrarius": [n for n in m["players"]
                                            if (m["name"], n) in table and table[m["name"], n].against_contrarius]}
                    for m in offer["modes"]]
    team_partners = {str(n): list(s.partners) for (mode, n), s in table.items() if mode == "team"}
    boards = []
    for b in offer["boards"]:
        why_not = {mode: check_options({"board": b["name"], "players": players, "mode": mode})
                   for mode, players in PROBE_PLAYERS.items()}
        boards.append({"name": b["name"], "title": b["title"], "players": list(b["players"]),
                       "cities": len(board_mod.load_board(b["name"]).cities),
                       "base": why_not["base"] is None, "solo": why_not["solo"] is None, "why_not": why_not})
    return {"boards": boards, "bots": list(BOTS), "modes": [m["name"] for m in offer["modes"]],
            "difficulties": list(offer["difficulties"]), "displays": list(offer["displays"]),
            "fish_market": [{"name": f["name"], "title": f["title"]} for f in offer["fish_market"]],
            "campaigns": True, "modes_detail": modes_detail, "team_partners": team_partners}


@lru_cache(maxsize=1)
def catalog_json() -> dict[str, Any]:
    """The cards (the base game's and Solitaria's own: Contrarius' cards, the solo stacks), goods, prices, gods."""
    cat = load_catalog()
    solo = solo_data()
    cards = {**cat.cards, **solo.catalog.cards}
    return {
        "goods": list(GOODS), "gods": list(cat.scoring.get("god_order", GODS)), "prices": list(cat.prices),
        "house_coins": list(cat.house_coins), "house_goods": [list(x) for x in cat.house_goods],
        "colonist_cost": list(cat.colonist_cost), "storehouse": cat.storehouse, "houses": cat.houses,
        "concordia_vp": cat.scoring["concordia"],
        "cards": {k: {"title": c.title, "action": c.action, "gods": list(c.gods), "cost": list(c.cost),
                      "money": c.money, "good": GOODS[c.good] if c.good >= 0 else None,
                      "vp_per_house": c.vp_per_house, "halves": list(c.halves), "buys": c.buys,
                      "text": card_text(c, solo.catalog), "reaction": reaction_text(k, c, solo),
                      "reaction_short": reaction_text(k, c, solo, "reactions_short")}
                  for k, c in cards.items()},
    }
