"""The seats of a game: reading them from a request that creates a game, and checking who may see and act for one
(a seat's secret, the creator's secret, the seat that enters dice entered by hand)."""
from __future__ import annotations

from typing import Any

from sestertius import Game
from sestertius.bots import BOTS
from sestertius.web.live import ApiError, Live, secret_matches
from sestertius.web.setups import against_contrarius

SEAT_KINDS = {"human": "human", "online": "human", "human-online": "human", "hotseat": "hotseat",
              "hot-seat": "hotseat", "bot": "bot"}


def parse(spec: dict[str, Any]) -> tuple[str, int, list[dict[str, Any]], dict[str, Any]]:
    """Mode, number of players, seat descriptions and engine options of a request body."""
    mode = spec.get("mode") or "base"
    seat_specs = list(spec.get("seats") or [])
    players = spec.get("players") or len(seat_specs) or (1 if mode == "solo" else 2)
    if mode == "solo" and players == 1 and len(seat_specs) > 1:
        raise ApiError(422, "a solo game has exactly one seat (Contrarius is played by the automaton)", "Options")
    if not seat_specs:
        seat_specs = [{"kind": "hotseat"}] * players
    if len(seat_specs) != players:
        raise ApiError(422, f"{players} players but {len(seat_specs)} seats described"
                       + (" (Contrarius is played by the automaton: it is never a seat)"
                          if against_contrarius(mode, players) else ""), "Options")
    options: dict[str, Any] = {"board": spec.get("board") or "imperium", "players": players, "mode": mode}
    for key in ("venus", "display", "intermediate_scoring", "difficulty", "start_vp", "manual_dice",
                "fish_market"):
        if spec.get(key) is not None:
            options[key] = spec[key]
    if options.get("manual_dice") and all(SEAT_KINDS.get(str(x.get("kind", "hotseat")).lower()) == "bot"
                                          for x in seat_specs):
        raise ApiError(422, "with dice entered by hand a person must sit at the table: every seat is a bot",
                       "Options")
    return mode, players, seat_specs, options


def seat_kind(i: int, s: dict[str, Any], mode: str, players: int) -> tuple[str, str | None]:
    """The kind of seat ``i`` of a request (human, hotseat or bot) and its bot's name."""
    kind = SEAT_KINDS.get(str(s.get("kind", "hotseat")).lower())
    if kind is None:
        raise ApiError(422, f"seat {i + 1}: kind must be hotseat, human (online) or bot, not {s.get('kind')!r}",
                       "Options")
    bot = None
    if kind != "bot" and s.get("bot") is not None:  # a bot named for a person's seat would silently not play
        raise ApiError(422, f"seat {i + 1}: bot {s['bot']!r} is given, but the seat's kind is "
                            f"{s.get('kind', 'hotseat')!r}; a bot plays only a seat of kind bot", "Options")
    if kind == "bot":
        if mode == "solo" and players == 1:
            raise ApiError(422, "in a solo game the one seat is a person", "Options")
        bot = s.get("bot") or "greedy"
        if bot not in BOTS:
            raise ApiError(422, f"seat {i + 1}: unknown bot {bot!r}; bots: {', '.join(BOTS)}", "Options")
    return kind, bot


def checked(spec: dict[str, Any]) -> tuple[int, list[dict[str, Any]], list[tuple[str, str | None]], dict[str, Any]]:
    """What a request body that creates a game is refused for before the engine sets the game up (its seats, their
    bots, the seat that enters the dice): the number of players, the seat descriptions, each seat's kind and bot, and
    the engine options. Creating a game and checking its options both ask here, so that they refuse the same bodies."""
    mode, players, seat_specs, options = parse(spec)
    kinds = [seat_kind(i, s, mode, players) for i, s in enumerate(seat_specs)]
    table_seat = spec.get("table_seat")
    if table_seat is not None:
        if not options.get("manual_dice"):
            raise ApiError(422, "table_seat names the seat that enters the dice: it needs dice entered by hand "
                                "(manual_dice)", "Options")
        if not 0 <= table_seat < players or kinds[table_seat][0] == "bot":
            raise ApiError(422, f"table_seat {table_seat} is not a seat played by a person (seats are numbered "
                                "from 0)", "Options")
    return players, seat_specs, kinds, options


def check_seat(live: Live, seat: int | None, key: str | None) -> int | None:
    """The seat the caller may act and see for, or None for the public view. A seat without its secret, or a secret
    that is not that seat's, is refused (403)."""
    if seat is None:
        if key:
            raise ApiError(403, "a key was given without a seat number", "Seat secret")
        return None
    if not 0 <= seat < len(live.seats):
        raise ApiError(403, f"there is no seat {seat} in this game (seats are numbered from 0)", "Seat secret")
    info = live.seats[seat]
    if info["kind"] == "bot":
        raise ApiError(403, f"seat {seat} ({info['name']}) is played by a bot", "Seat secret")
    if not secret_matches(key, info["token_hash"]):
        raise ApiError(403, f"wrong or missing secret for seat {seat} ({info['name']}): only that seat's own "
                            "link may see its hand and act for it", "Seat secret")
    return seat


def check_owner(live: Live, key: str | None) -> None:
    """The creator's secret, or a refusal (403)."""
    if not secret_matches(key, live.owner_hash):
        raise ApiError(403, "wrong or missing creator's secret: only the game's creator may do this", "Creator")


def dice_seat(live: Live, game: Game | None = None) -> int | None:
    """The seat that enters a chance outcome entered by hand (dice, volcano tiles): the seat the creator named as the
    table, else the seat whose turn it is when a person plays it, else the first seat a person plays. None when no
    person plays."""
    persons = [s["seat"] for s in live.seats if s["kind"] != "bot"]
    if not persons:
        return None
    if live.table_seat is not None:
        return live.table_seat
    current = (game or live.game).state.current
    return current if current in persons else persons[0]


def check_turn(live: Live, seat: int, to_act: int | None, chance: bool) -> None:
    """Refuse (409) a decision from a seat that is not to decide now (with a chance outcome due: not the seat that
    enters it)."""
    if chance:
        enters = dice_seat(live)
        if seat != enters:
            who = live.seats[enters]["name"] if enters is not None else "no one"
            raise ApiError(409, f"it is not yours to enter this outcome: {who} enters it", "Turn order")
    elif to_act != seat:
        who = live.seats[to_act]["name"] if to_act is not None and to_act >= 0 else "no one"
        raise ApiError(409, f"it is not your turn: {who} is to decide"
                       if to_act is not None and to_act >= 0 else "no decision is due", "Turn order")
