"""Answers of the search bot's help: hints for the seat to act, and the review of a finished game."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class HintEntry(BaseModel):
    action: list[Any] = Field(..., description="the decision, as POST /decisions takes it")
    text: str = Field(..., description="the decision in words")
    plan: list[str] = Field(..., description="the rest of the turn as the bot would play it (before any die)")
    score: float = Field(..., description="estimated final score of the seat (a team: the mean of the partners)")
    margin: float = Field(..., description="estimated final margin over the best other side")
    chance: float = Field(..., description="estimated chance to win, 0..1")
    reason: str = Field(..., description="why, in a few words")


class Hints(BaseModel):
    seat: int
    level: str
    decisions: int = Field(..., description="the game's decisions so far (the position the hints are for)")
    hints: list[HintEntry] = Field(..., description="the bot's best decisions, best first (at most three)")


class ReviewEntry(BaseModel):
    index: int = Field(..., description="the decision's index in the game's record (0-based)")
    turn: int
    played: str
    best: str = Field(..., description="what the bot would have played")
    loss: float = Field(..., description="estimated points of final margin the played decision lost (0: none)")
    value: float = Field(..., description="estimated final margin after the played decision")
    marked: bool = Field(..., description="one of the three costliest decisions")


class Review(BaseModel):
    game: str
    seat: int
    level: str
    total_loss: float
    decisions: list[ReviewEntry]
