"""Request bodies of the web API (and the seat and secret of a query string)."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

MODE_HELP = ("base (and Venus) game; solo: Solitaria against Contrarius (1 seat, or 2 seats with Contrarius as a third "
             "player); team: Venus team play (4 or 6 seats, partners opposite) or, with 2 seats, Solitaria's "
             "cooperative team against Contrarius. Contrarius never takes a seat")


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["hotseat", "human", "online", "bot"] = Field(
        "hotseat", description="hotseat: a person at this screen; human/online: a person elsewhere, who gets an "
                               "invite link; bot: played by the server")
    bot: Literal["random", "greedy"] | None = Field(None, description="bot name when kind is bot")
    name: StrictStr | None = Field(None, max_length=40)


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"board": "italia", "seats": [{"kind": "hotseat"}, {"kind": "bot", "bot": "greedy"}]},
        {"mode": "solo", "board": "italia", "difficulty": "standard", "manual_dice": False},
    ]})
    mode: StrictStr = Field("base", max_length=20, description=MODE_HELP)
    board: StrictStr = "imperium"
    players: StrictInt | None = Field(None, ge=1, le=6, description="defaults to the number of seats")
    seats: list[SeatSpec] | None = Field(None, max_length=6,
                                         description="one entry per seat; default: all hot-seat")
    venus: StrictBool | None = None
    display: Literal["standard", "wine"] | None = None
    intermediate_scoring: StrictBool | None = None
    difficulty: StrictStr | None = Field(None, description="Solitaria difficulty")
    start_vp: StrictInt | None = Field(None, description="Solitaria: the player's starting victory points")
    manual_dice: StrictBool | None = Field(None, description="table assistant: you roll real dice and enter them")
    fish_market: StrictStr | None = Field(None, max_length=20, description="the fish-market variant: its side")
    seed: StrictInt | None = Field(None, ge=0, lt=2**63, description="random if not given")

    def spec(self) -> dict[str, Any]:
        """The body as the service reads it (seats as plain dicts, None when not given)."""
        out = self.model_dump()
        out["seats"] = [s.model_dump() for s in self.seats] if self.seats else None
        return out


class SeatQuery(BaseModel):
    """A seat and its secret in the query string; without a seat: the public view."""
    seat: int | None = Field(None, ge=0, le=5, description="0-based seat number; none: the public view")
    key: str | None = Field(None, max_length=200, description="that seat's secret")


class WatchQuery(BaseModel):
    """The WebSocket's seat and secret (a refusal closes it: 4403 wrong secret, 4404 unknown game)."""
    seat: int | None = None
    key: str | None = None


class Decision(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"seat": 0, "key": "SECRET", "action": ["play", "architect"], "expect": 0}]})
    seat: StrictInt = Field(..., ge=0, le=5, description="0-based seat number")
    key: StrictStr = Field(..., max_length=200, description="that seat's secret")
    action: list[StrictStr | StrictInt] = Field(..., min_length=1, max_length=12,
                                                description="one entry of the view's legal list (its 'action')")
    expect: StrictInt | None = Field(None, description="number of decisions in the view you acted on; if the game "
                                                       "has moved on the decision is refused (409) instead")


class UndoBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt = Field(..., ge=0, le=5)
    key: StrictStr = Field(..., max_length=200)
    expect: StrictInt | None = None


class NewCampaign(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr = Field(..., min_length=1, max_length=60)
    start_vp: StrictInt | None = Field(None, ge=1, le=200, description="default: the rulebook's 20")


class CampaignGameSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    board: StrictStr = "italia"
    manual_dice: StrictBool | None = None
    seed: StrictInt | None = Field(None, ge=0, lt=2**63)
    seats: list[dict[str, Any]] | None = Field(None, max_length=1, description="[{'name': ...}] (one person)")
