"""REST bodies and answers (pydantic), separate from the database tables.

Bodies (what a client sends) derive from :class:`Body`: unknown fields and numbers sent
as strings or booleans are refused, never coerced: a typed client never sends them, so they
are a mistake worth naming. Answers stay plain models.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from engines.bots import DEFAULT_LEVEL, LEVELS

MAX_SEATS = 8
Status = Literal["open", "running", "finished", "abandoned"]
STATUSES: tuple[str, ...] = get_args(Status)


class Body(BaseModel):
    """A request body: strict types, and no field the route does not know."""

    model_config = ConfigDict(extra="forbid", strict=True)


class NewPlayer(Body):
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


class LiveClock(Body):
    """A live time control: minutes per player, and seconds added after each move."""

    kind: Literal["live"]
    minutes: int = Field(ge=1, le=180)
    increment: int = Field(default=0, ge=0, le=180)


class DaysClock(Body):
    """A time control over days: 1, 2, 3 or 7 days for each move."""

    kind: Literal["days"]
    days: Literal[1, 2, 3, 7]


TimeControl = Annotated[LiveClock | DaysClock, Field(discriminator="kind")]


class NewMatch(Body):
    """A new match. There is no seed: the server draws it, so no player can know the secrets."""

    game: str = Field(min_length=1, max_length=32)
    seats: int = Field(ge=1, le=MAX_SEATS)
    options: dict[str, Any] = Field(default_factory=dict)
    clock: TimeControl | None = Field(default=None, description="Omit (or null) for no clock.")
    rated: bool = Field(default=True, description="False: the match never counts for the ratings.")


class SeatOut(BaseModel):
    seat: int
    kind: str
    name: str
    name_key: str = Field(
        default="", description="What the name looks like: equal keys are look-alike names to tag apart."
    )
    player_id: str | None
    online: bool
    seen_at: str | None = Field(default=None, description="When its player last had a page of the match open.")
    away: bool = Field(default=False, description="Its bot plays for the player until they take the seat back.")
    resigned: bool = Field(default=False, description="The player resigned: the bot plays on, ranked last.")
    offer: str | None = Field(default=None, description="A rematch seat: pending, accepted, declined, replaced.")
    level: str | None = Field(
        default=None,
        description="A bot seat's level (each level is rated on its own); a player's seat: the level of the bot "
        "that plays for them while away (None: normal).",
    )
    left_ms: int | None = Field(default=None, description="Time left on its clock when this was read (None: no clock).")
    running: bool = Field(default=False, description="Its clock runs: count left_ms down from when it was read.")


class MatchOut(BaseModel):
    id: str
    game: str
    title: str
    status: str
    v: int
    options: dict[str, Any]
    seed_fixed: bool = Field(default=False, description="An admin chose this match's seed (never a player).")
    host_id: str
    created_at: str | None
    rematch_of: str | None = Field(default=None, description="The finished match this one is a rematch of.")
    rematch_id: str | None = Field(default=None, description="The rematch offered after this match.")
    outcome: dict[str, Any] | None = Field(
        default=None, description="Once finished: scores, ranking, places, winners (resigned seats last)."
    )
    clock: dict[str, Any] | None = Field(default=None, description="The time control (None: no clock).")
    rated: bool = Field(
        default=True, description="Counts for the ratings once finished, if at least two people played it."
    )
    ended: str | None = Field(default=None, description="Why it was abandoned: cancelled, expired or abandoned.")
    notes: list[dict[str, Any]] = Field(
        default=[], description="The service's lines in the story ({after, key, args, text}): after game line after-1."
    )
    seats: list[SeatOut]


class MatchCreated(MatchOut):
    invite_url: str = Field(description="The link friends open to join: PUBLIC_URL, else this server as reached.")


class Invite(BaseModel):
    url: str = Field(description="The match's page: PUBLIC_URL, else this server as you reached it.")
    qr: str = Field(description="A QR code of url, as an SVG data: URI.")


class MatchList(BaseModel):
    matches: list[MatchOut]


class JoinBody(Body):
    seat: int | None = Field(default=None, ge=0, lt=MAX_SEATS, description="Omit to take the first free seat.")


class RatedBody(Body):
    rated: bool = Field(description="Whether the match counts for the ratings (people play at least two seats).")


class BotBody(Body):
    seat: int = Field(ge=0, lt=MAX_SEATS)
    level: str = Field(
        default=DEFAULT_LEVEL,
        max_length=32,
        description=f"How well the bot plays: {', '.join(LEVELS)} (each level is rated on its own).",
        json_schema_extra={"enum": list(LEVELS)},
    )


class LevelBody(Body):
    level: str = Field(
        max_length=32,
        description="The level its bot plays at: a bot seat's before the start, a player's stand-in's any time.",
        json_schema_extra={"enum": list(LEVELS)},
    )


class AwayBody(Body):
    seat: int = Field(ge=0, lt=MAX_SEATS, description="The seat of a player offline past the limit.")


class LogLine(BaseModel):
    """A log line; ``key`` and ``args``, when present, let a client translate ``text``."""

    model_config = ConfigDict(extra="allow")
    n: int = Field(description="Index in the whole log (page back with before=n).")
    text: str


class ViewOut(BaseModel):
    v: int
    seat: int | None
    view: dict[str, Any]
    log: list[LogLine] = Field(description="The last 50 log lines this caller may read, oldest first.")


class LogPage(BaseModel):
    lines: list[LogLine] = Field(description="Oldest first.")
    more: bool = Field(description="Older lines this caller may read exist (ask again with before=lines[0].n).")


class ActBody(Body):
    id: str = Field(
        min_length=1, max_length=64, description="Unique per move; a retry with the same id is answered the same."
    )
    v: int | None = Field(
        default=None, ge=0, le=2**31 - 1, description="The version you acted on; omit to skip the staleness check."
    )
    action: dict[str, Any]


class Ack(BaseModel):
    id: str
    v: int


class AdminMatch(MatchOut):
    seed: int
    seed_format: int = Field(
        description="How the seed became the generator's state (a match keeps the format it was dealt with)."
    )
    num_seats: int
    state: dict[str, Any] | None
    updated_at: str | None


class AdminAction(BaseModel):
    v: int
    action_id: str
    seat: int
    action: dict[str, Any]
    steps: list[dict[str, Any]] | None = Field(
        default=None, description="The secret draft moves this action handed in, played before it."
    )
    created_at: str | None


class ReplayOut(BaseModel):
    v: int
    state: dict[str, Any]
    equals_stored: bool | None = Field(description="At the current version: does replay reproduce the stored state?")
