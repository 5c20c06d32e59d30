"""Ratings and records: a rater's ratings and record in a game, and the leaderboards.

A rater is a player id, or ``bot:<level>`` for a game's bots of that level. The circle
leaderboard needs the player's token (it lists the people they have played rated matches
with); the server-wide one needs the admin token.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Path, Query, Request
from pydantic import BaseModel, Field

import engines
from app import messages as msg
from app.identity.security import same_secret
from app.records import record as rec
from app.routes.deps import DevicesDep, ServiceDep, bearer

router = APIRouter(prefix="/api", tags=["records"])

RaterId = Annotated[str, Path(min_length=1, max_length=32, description="A player id, or bot:<level>.")]


def rated_game(game: Annotated[str, Query(max_length=32, description="A game id from /api/games.")]) -> str:
    if game not in engines.GAMES:
        raise HTTPException(422, msg.UNKNOWN_GAME.format(game=game))
    return game


GameDep = Annotated[str, Depends(rated_game)]


class RatingOut(BaseModel):
    game: str
    mu: float
    sigma: float
    ordinal: float = Field(description="mu − 3·sigma: the one number shown to people.")
    games: int
    wins: int


class RatingsOut(BaseModel):
    ratings: list[RatingOut]


class LeaderboardOut(BaseModel):
    game: str
    circle: bool = Field(description="True: the caller and those they played rated matches with.")
    players: list[dict[str, Any]]


async def known(service, rater: str) -> None:
    async with service.sessions() as s:
        if not await rec.exists(s, rater):
            raise HTTPException(404, msg.UNKNOWN_PLAYER)


@router.get("/players/{rater}/ratings", response_model=RatingsOut)
async def ratings(rater: RaterId, service: ServiceDep) -> dict:
    """A player's (or a bot level's) rating in every game they have played rated."""
    await known(service, rater)
    async with service.sessions() as s:
        return {"ratings": await rec.ratings_of(s, rater)}


@router.get("/players/{rater}/record")
async def record(rater: RaterId, game: GameDep, service: ServiceDep) -> dict:
    """A player's record in one game: rating and its history, games, wins, average and best
    score, the last results with their replays, and head-to-head against everyone met."""
    await known(service, rater)
    async with service.sessions() as s:
        return await rec.record(s, rater, game)


@router.get("/leaderboard", response_model=LeaderboardOut)
async def leaderboard(
    request: Request,
    game: GameDep,
    service: ServiceDep,
    devices: DevicesDep,
    token: Annotated[str | None, Depends(bearer)],
    circle: Annotated[bool, Query(description="False: every rated player (admin token only).")] = True,
) -> dict:
    """A game's ratings, best first: among your circle (player token), or server-wide (admin token)."""
    among: set[str] | None = None
    if circle:
        found = await devices.sign_in(token) if token else None
        if found is None:
            raise HTTPException(401, msg.BAD_TOKEN)
        async with service.sessions() as s:
            among = await rec.circle(s, found[0].id)
    else:
        expected = request.app.state.settings.admin_token
        if not expected or not same_secret(token or "", expected):
            raise HTTPException(401, msg.ADMIN_ONLY)
    async with service.sessions() as s:
        return {"game": game, "circle": circle, "players": await rec.leaderboard(s, game, among)}
