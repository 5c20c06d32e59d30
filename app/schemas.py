"""REST bodies and answers (pydantic), separate from the database tables."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class NewPlayer(BaseModel):
    name: str = Field(min_length=1, max_length=40, pattern=r"\S")


class PlayerOut(BaseModel):
    id: str
    name: str


class PlayerCreated(PlayerOut):
    token: str = Field(description="Secret: keep it; it is never shown again.")


class GameOut(BaseModel):
    id: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Any]


class NewMatch(BaseModel):
    game: str = Field(max_length=32)
    seats: int = Field(ge=1, le=8)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(default=None, ge=0, lt=2**62, description="For reproducible matches; random if omitted.")


class SeatOut(BaseModel):
    seat: int
    kind: str
    name: str
    player_id: str | None
    online: bool


class MatchOut(BaseModel):
    id: str
    game: str
    title: str
    status: str
    v: int
    options: dict[str, Any]
    host_id: str
    created_at: str | None
    seats: list[SeatOut]


class MatchList(BaseModel):
    matches: list[MatchOut]


class JoinBody(BaseModel):
    seat: int | None = None


class BotBody(BaseModel):
    seat: int


class ViewOut(BaseModel):
    v: int
    seat: int | None
    view: dict[str, Any]


class ActBody(BaseModel):
    id: str = Field(min_length=1, max_length=64, description="Unique per move; a retry with the same id is answered the same.")
    v: int | None = Field(default=None, description="The version you acted on; omit to skip the staleness check.")
    action: dict[str, Any]


class Ack(BaseModel):
    id: str
    v: int


class AdminMatch(MatchOut):
    seed: int
    num_seats: int
    state: dict[str, Any] | None
    updated_at: str | None


class AdminAction(BaseModel):
    v: int
    action_id: str
    seat: int
    action: dict[str, Any]
    created_at: str | None


class ReplayOut(BaseModel):
    v: int
    state: dict[str, Any]
    equals_stored: bool | None = Field(description="At the current version: does replay reproduce the stored state?")
