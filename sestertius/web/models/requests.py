"""Request bodies of the web API, and the first message of a game's WebSocket. Every string has a bounded length and
every number a range: nothing unbounded is read, stored or repeated in an error."""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from sestertius.campaigns import NAME_LENGTH, NAME_RULE
from sestertius.rules.options import START_VP  # the engine's range, so that the schema and the engine agree

MODE_HELP = ("base (and Venus) game; solo: Solitaria against Contrarius (1 seat, or 2 seats with Contrarius as a third "
             "player); team: Venus team play (4 or 6 seats, partners opposite) or, with 2 seats, Solitaria's "
             "cooperative team against Contrarius. Contrarius never takes a seat")

def _digits(value: Any) -> Any:
    """A query string's whole number as digits ("3"), not "3.0", "+3" or " 3" (pydantic's lax int took them): the
    schema declares an integer, and the bodies' numbers are strict integers too (a JSON 3.0 is refused)."""
    if isinstance(value, str) and not re.fullmatch(r"-?[0-9]{1,20}", value):
        raise ValueError("must be a whole number written in digits")
    return value


QueryInt = Annotated[int, BeforeValidator(_digits)]  # a whole number in a query string
GameId = Annotated[StrictStr, Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$",
                                    description="a game's id")]
Secret = Annotated[StrictStr, Field(max_length=200, description="a secret, as it was answered")]


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["hotseat", "human", "online", "bot"] = Field(
        "hotseat", description="hotseat: a person at this screen; human/online: a person elsewhere, who gets an "
                               "invite link; bot: played by the server")
    bot: Literal["random", "greedy", "easy", "medium", "hard", "master"] | None = Field(
        None, description="bot name when kind is bot: easy (= greedy), medium, hard (the search bot), master (hard's "
                          "search with the learned evaluation), random")
    name: StrictStr | None = Field(None, max_length=40)


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"board": "italia", "seats": [{"kind": "hotseat"}, {"kind": "bot", "bot": "greedy"}]},
        {"mode": "solo", "board": "italia", "difficulty": "standard", "manual_dice": False},
    ]})
    mode: StrictStr = Field("base", max_length=20, description=MODE_HELP)
    board: StrictStr = Field("imperium", max_length=30)
    players: StrictInt | None = Field(None, ge=1, le=6, description="defaults to the number of seats")
    seats: list[SeatSpec] | None = Field(None, max_length=6,
                                         description="one entry per seat; default: all hot-seat")
    venus: StrictBool | None = None
    display: Literal["standard", "wine"] | None = None
    intermediate_scoring: StrictBool | None = None
    difficulty: StrictStr | None = Field(None, max_length=30, description="Solitaria difficulty")
    start_vp: StrictInt | None = Field(None, ge=START_VP[0], le=START_VP[-1],
                                       description="Solitaria: the player's starting victory points")
    manual_dice: StrictBool | None = Field(None, description="table assistant: you roll real dice and enter them")
    table_seat: StrictInt | None = Field(
        None, ge=0, le=5, description="with manual_dice: the seat (a person's) that enters every outcome, the person "
                                      "at the real table; default: the seat whose turn it is enters it")
    fish_market: StrictStr | None = Field(None, max_length=20, description="the fish-market variant: its side")
    seed: StrictInt | None = Field(None, ge=0, lt=2**63, description="random if not given. A chosen seed fixes the "
                                                                     "order of the cards: every seat is told")
    public: StrictBool = Field(False, description="list the game in every lobby (anyone may watch it); else it is "
                                                  "listed only to its seats and its creator")

    def spec(self) -> dict[str, Any]:
        """The body as the service reads it (seats as plain dicts, None when not given)."""
        out = self.model_dump()
        out["seats"] = [s.model_dump() for s in self.seats] if self.seats else None
        return out


class WatchHello(BaseModel):
    """The first message on a game's WebSocket: the seat to watch with its secret, or nothing (the public view)."""
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt | None = Field(None, ge=0, le=5)
    key: StrictStr | None = Field(None, max_length=200)


class Decision(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"seat": 0, "key": "SECRET", "action": ["play", "architect"], "expect": 0}]})
    seat: StrictInt = Field(..., ge=0, le=5, description="0-based seat number")
    key: StrictStr = Field(..., max_length=200, description="that seat's secret")
    action: list[Annotated[StrictStr, Field(max_length=40)] | Annotated[StrictInt, Field(ge=-1000, le=100_000)]] = \
        Field(..., min_length=1, max_length=12, description="one entry of the view's legal list (its 'action')")
    expect: StrictInt | None = Field(None, ge=0, le=10**9,
                                     description="number of decisions in the view you acted on; if the game has moved "
                                                 "on the decision is refused (409) instead")


class UndoBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt = Field(..., ge=0, le=5)
    key: StrictStr = Field(..., max_length=200)
    expect: StrictInt | None = Field(None, ge=0, le=10**9)


class NewCampaign(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr = Field(..., min_length=1, max_length=NAME_LENGTH,
                            description=f"{NAME_RULE} (concordia solo --campaign has the same rule); else 422")
    start_vp: StrictInt | None = Field(None, ge=START_VP[0], le=START_VP[-1], description="default: the rulebook's 20")


class SeatName(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr | None = Field(None, max_length=40)


class CampaignGameSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    board: StrictStr = Field("italia", max_length=30)
    manual_dice: StrictBool | None = None
    seed: StrictInt | None = Field(None, ge=0, lt=2**63)
    seats: list[SeatName] | None = Field(None, max_length=1, description="[{'name': ...}] (one person)")

    def spec(self) -> dict[str, Any]:
        out = self.model_dump()
        out["seats"] = [s.model_dump() for s in self.seats] if self.seats else None
        return out


class SeatSecret(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: GameId
    seat: StrictInt = Field(..., ge=0, le=5)
    key: Secret


class CreatorSecret(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: GameId
    key: Secret


class MyGames(BaseModel):
    """The secrets this browser holds: the games they open are listed."""
    model_config = ConfigDict(extra="forbid")
    seats: list[SeatSecret] = Field([], max_length=500, description="seats' secrets")
    created: list[CreatorSecret] = Field([], max_length=500, description="creators' secrets")
    status: Literal["active", "over"] | None = None


class CampaignSecret(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr = Field(..., min_length=1, max_length=60)
    key: Secret


class MyCampaigns(BaseModel):
    model_config = ConfigDict(extra="forbid")
    campaigns: list[CampaignSecret] = Field([], max_length=200)
