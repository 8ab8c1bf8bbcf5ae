"""The web API's answers, and the one error answer every refusal uses.

Game views are the engine's own (``Game.view``) plus a few fields of the web app; :class:`GameView` documents their
main fields and lets the rest through (boards and variants publish their own state in the view).
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


# -- Errors ------------------------------------------------------------------------------------------------------
class ErrorAnswer(BaseModel):
    """Every refusal: 403 wrong or missing secret (a seat's, a creator's, a campaign's), 404 unknown game (board,
    campaign), 405 a method the path does not offer (with ``Allow``), 409 a decision the rules do not allow now (or
    not your turn, or the game has moved on), 413 a request body over the limit, 422 a malformed request, 503 the
    database could not store it. A refused request changes nothing."""
    error: str = Field(..., description="what was refused and why, in words")
    rule: str = Field(..., description="the rule (or part of the API) that refused it, in words, e.g. 'Seat secret'")
    code: str = Field(..., description="the refusal's stable key, what a program acts on (the words may change): "
                                       "for a decision the rules refuse, the kind of the step refused ('arch_move', "
                                       "'contrarius_roll', or 'decision_shape', 'game_over'); else the rule's name "
                                       "in lower case joined by _ ('seat_secret', 'stale_view', 'request')")
    detail: list[dict[str, Any]] | None = Field(None, description="422 only: where the request is malformed")


ERROR_WORDS = {
    403: "Wrong or missing secret (a seat's, or the seat is a bot's; the creator's; the campaign's)",
    404: "Unknown game (or board, or campaign)",
    409: "Not allowed now by the rules, not this seat's turn, or the game has moved on since the view",
    413: "The request body is over the size limit",
    422: "Malformed request, or options the engine does not offer",
    503: "The database could not store it, or the campaigns file cannot be used; nothing changed",
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The error answers of a route, for its OpenAPI description (``responses=errors(403, 404)``)."""
    return {code: {"model": ErrorAnswer, "description": ERROR_WORDS[code]} for code in codes}


# -- Answers: data for the lobby and the board -------------------------------------------------------------------
class BoardChoice(BaseModel):
    name: str
    title: str
    players: list[int] = Field(..., description="fewest and most players the board is made for")
    cities: int
    base: bool = Field(..., description="a base game can be set up on it")
    solo: bool = Field(..., description="Solitaria can be played on it")
    why_not: dict[str, str | None] = Field(..., description="per mode (base, solo): the engine's reason, or null")


class NamedChoice(BaseModel):
    name: str
    title: str


class ModeChoice(BaseModel):
    name: str
    players: list[int] = Field(..., description="the numbers of players the engine offers in this mode")
    against_contrarius: list[int] = Field(..., description="those of them played against Contrarius (Solitaria's "
                                                           "automaton, which takes no seat)")


class Meta(BaseModel):
    boards: list[BoardChoice]
    bots: list[str]
    modes: list[str] = Field(..., description="the modes' names (with their numbers of players: modes_detail)")
    difficulties: list[str]
    displays: list[str]
    fish_market: list[NamedChoice]
    campaigns: bool
    modes_detail: list[ModeChoice]
    team_partners: dict[str, list[int | None]] = Field(
        ..., description="per number of players of team play: each seat's partner, as the engine seats them")


class GeoCity(BaseModel):
    id: int
    name: str
    x: float
    y: float
    province: int
    zone: str
    lat: float
    lon: float
    hinted: bool = Field(..., description="placed by the board file's layout hint (not projected)")


class GeoRoute(BaseModel):
    id: int
    kind: str
    a: int
    b: int
    no_stop: bool
    points: list[list[float]] | None = Field(
        None, description="the drawn polyline from city a to city b through the route's own bends (board units)")
    ctrl: list[float] | None = Field(None, description="without bends: the control point of its quadratic curve")
    space: list[float] = Field(..., description="where the route space is drawn, on the path")


class GeoProvince(BaseModel):
    id: int
    name: str
    cities: list[int]


class GeoGateRoute(BaseModel):
    id: int = Field(..., description="the gate route's id (after the board's own routes)")
    site: int = Field(..., description="the one building site at its inner end")
    points: list[list[float]] = Field(..., description="drawn from the gate to the site (board units)")
    space: list[float] = Field(..., description="where its route space is drawn")


class GeoGate(BaseModel):
    gate: str
    road: str = Field(..., description="the road coming in through the gate")
    side: str = Field(..., description="the board's edge the gate stands on: north, south, west or east")
    xy: list[float] = Field(..., description="where the gate is drawn (board units)")
    routes: list[GeoGateRoute]


class GeoFrame(BaseModel):
    x0: float = Field(..., description="layout units: the left edge")
    y0: float = Field(..., description="layout units: the top edge")
    scale: float = Field(..., description="drawing units per layout unit")


class BoardGeometry(BaseModel):
    name: str
    title: str
    capital: int | None
    width: float
    height: float
    cities: list[GeoCity]
    routes: list[GeoRoute]
    provinces: list[GeoProvince]
    frame: GeoFrame | None = Field(None, description="where a board's own places given in layout units (xy) go")
    gates: list[GeoGate] = Field([], description="Roma: its gates at the board's edge and their routes")


class CardInfo(BaseModel):
    title: str
    action: str
    gods: list[str]
    cost: list[int]
    money: int
    good: str | None
    vp_per_house: int
    halves: list[str]
    buys: int = Field(..., description="a Senator-like card (action senator): how many cards it may buy")
    text: str = Field(..., description="what the card does, in full (the project's own words)")
    reaction: str | None = Field(None, description="Solitaria: Contrarius' reaction when a player plays the card")
    reaction_short: str | None = Field(None, description="the same in a few words")


class Catalog(BaseModel):
    goods: list[str]
    gods: list[str]
    prices: list[int]
    house_coins: list[int]
    house_goods: list[list[int]]
    colonist_cost: list[int]
    storehouse: int
    houses: int
    concordia_vp: int = Field(..., description="victory points of the Concordia card")
    cards: dict[str, CardInfo]


# -- Answers: games ----------------------------------------------------------------------------------------------
class SeatInfo(BaseModel):
    seat: int
    kind: Literal["hotseat", "human", "bot"]
    bot: str | None
    name: str


class SeatLink(SeatInfo):
    key: str | None = Field(..., description="the seat's secret (null for a bot): keep it, it is shown once. "
                                             "Requests carry it in the X-Seat-Key header (a view), in the body (a "
                                             "decision, an undo) or in the WebSocket's first message, never in a URL")
    link: str | None = Field(None, description="the seat's own link (persons only); the secret is in its fragment "
                                               "(after #), which a browser never sends to the server")


class CreatedGame(BaseModel):
    id: str
    seats: list[SeatLink]
    status: Literal["active", "over"]
    play: str
    owner_key: str = Field(..., description="the creator's secret: with it (X-Owner-Key) the game can be deleted "
                                            "while it is not finished; shown once")
    hotseat_link: str | None = Field(None, description="one link for all the seats at this screen (if any)")
    campaign: str | None = Field(None, description="campaign games only")


class OptionsCheck(BaseModel):
    ok: bool
    options: dict[str, Any] = Field(..., description="the engine's options for this game")


class GameSummary(BaseModel):
    id: str
    options: dict[str, Any]
    status: Literal["active", "over"]
    decisions: int
    created: str
    updated: str
    campaign: str | None
    seed: int | None = Field(..., description="shown once the game is over")
    seats: list[SeatInfo]
    public: bool = Field(..., description="listed in every lobby")
    seed_chosen: bool = Field(..., description="the creator chose the seed (which fixes the order of the cards)")
    your_seats: list[int] = Field(..., description="the seats whose secrets were given (the list of one's games)")
    creator: bool = Field(..., description="the creator's secret was given")


class GameList(BaseModel):
    games: list[GameSummary]


class HouseCost(BaseModel):
    goods: dict[str, int]
    coins: int


class LegalEntry(BaseModel):
    action: list[str | int]
    text: str
    cost: HouseCost | None = Field(None, description="a house to build (action build): what it costs now, as the "
                                                     "engine charges it")


class PlayerView(BaseModel):
    model_config = ConfigDict(extra="allow")
    seat: int
    money: int
    goods: dict[str, int]
    colonists: list[dict[str, Any]]
    hand: list[str] | None = Field(..., description="null unless it is the viewing seat's own hand")
    hand_size: int
    vp: int
    partner: int | None = Field(..., description="the seat's team partner (team play), or null")


class GameView(BaseModel):
    """What a seat (or, without one, a spectator) sees; boards and variants add their own fields."""
    model_config = ConfigDict(extra="allow")
    options: dict[str, Any]
    turn: int
    to_act: int | None = Field(..., description="seat to decide; -1: chance (dice, tiles)")
    over: bool
    step: list[str] | None = Field(..., description="kind of the step to decide")
    prompt: str | None = Field(..., description="the words for the step to decide")
    table: dict[str, Any] | None = Field(None, description="dice entered by hand: what the last decision, outcome or "
                                         "take-back changed on the physical board (moves: kind, seat, text), "
                                         "whether the person at the table has moves to make they did not decide "
                                         "(show), the points as the track shows them")
    guide: str = Field("", description="a first game's guide to the step to decide: what to do and how, from the "
                                       "engine's record of the step (empty: none)")
    players: list[PlayerView]
    legal: list[LegalEntry] = Field(..., description="the decisions this seat may take now")
    events: list[dict[str, Any]] = Field(..., description="the log's last entries, oldest first: turn, kind, seat, "
                                         "text and the entry's own fields (places: city, cities, route, frm, to; "
                                         "goods, money)")
    events_from: int = Field(0, description="the index in the whole log of the first entry in events")
    since: int | None = Field(None, description="the index in the whole log of the first entry since this seat's "
                                                "last turn (null without a seat)")
    standing: list[dict[str, int]] | None = Field(None, description="the running score while the game lasts: each "
                                                                    "seat's points per god were the game to end now")
    can_undo: bool
    chance: bool
    dice_seat: int | None = Field(..., description="a chance outcome to enter by hand: the seat that enters it (the "
                                                   "only one offered the entry)")
    seed_chosen: bool = Field(..., description="the creator chose the seed, which fixes the order of the cards")
    game: str
    seat: int | None
    seats: list[SeatInfo]
    decisions: int = Field(..., description="number of decisions taken so far (the 'expect' of a decision)")
    status: Literal["active", "over", "replay"]
    campaign: str | None = None


class ViewAnswer(BaseModel):
    ok: bool
    view: GameView


class ReplayNext(BaseModel):
    action: list[str | int]
    decider: int
    text: str


class ReplayStep(BaseModel):
    step: int
    total: int
    next: ReplayNext | None = Field(..., description="the decision that follows (null at the end)")
    view: GameView


class GameRecord(BaseModel):
    """The engine's game record (replayable with ``concordia replay``), with the seats and the game's id."""
    model_config = ConfigDict(extra="allow")
    format: str
    version: int
    options: dict[str, Any]
    seed: int
    actions: list[list[str | int]]
    deciders: list[int]
    state_hash: str
    seats: list[SeatInfo]
    game: str


# -- Answers: campaigns ------------------------------------------------------------------------------------------
class CampaignGame(BaseModel):
    number: int
    board: str
    seed: int | None
    start_vp: int
    player_score: int
    contrarius_score: int
    won: bool
    margin: int
    next_start_vp: int
    web_game: str | None = Field(..., description="the web app's game, if it was played here")


class Campaign(BaseModel):
    name: str
    start_vp: int
    finished: bool
    suggestion: str | None
    games: list[CampaignGame]
    active_game: str | None


class CreatedCampaign(Campaign):
    key: str = Field(..., description="the campaign's secret (X-Campaign-Key): only with it is the campaign shown and "
                                      "its next game started; shown once")


class CampaignList(BaseModel):
    campaigns: list[Campaign]
