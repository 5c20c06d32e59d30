"""Games, players and the lobby: create, list, join, leave, bots, start."""

from __future__ import annotations

import segno
from fastapi import APIRouter, Request

import engines
from app.identity.devices import device_name
from app.ops.links import invite_url
from app.routes.deps import NO_STORE, KnownGame, LobbyDep, PlayerDep, PlayersDep, SeatInPath, ServiceDep, per_address
from app.routes.schemas import (
    BotBody,
    GameOut,
    Invite,
    JoinBody,
    LevelBody,
    MatchCreated,
    MatchList,
    MatchOut,
    NewMatch,
    NewPlayer,
    PlayerCreated,
    PlayerOut,
    RatedBody,
)

router = APIRouter(prefix="/api", tags=["lobby"])


@router.get("/games", response_model=list[GameOut])
async def list_games() -> list[dict]:
    """Lists the playable games with their player counts and options."""
    return [game.describe() for game in engines.GAMES.values()]


@router.post("/players", response_model=PlayerCreated, status_code=201, dependencies=[NO_STORE, per_address("players")])
async def create_player(body: NewPlayer, players: PlayersDep, request: Request) -> dict:
    """Creates a player; the answer holds its secret token (this device's), shown only this once."""
    player, token = await players.create(body.name, device_name(request.headers.get("user-agent")))
    return {"id": player.id, "name": player.name, "token": token}


@router.get("/players/me", response_model=PlayerOut)
async def who_am_i(player: PlayerDep) -> dict:
    """Returns the player of the bearer token."""
    return {"id": player.id, "name": player.name}


@router.patch("/players/me", response_model=PlayerOut)
async def rename(body: NewPlayer, player: PlayerDep, players: PlayersDep) -> dict:
    """Changes your display name, here and at every seat you hold."""
    renamed = await players.rename(player, body.name)
    return {"id": renamed.id, "name": renamed.name}


@router.post("/matches", response_model=MatchCreated, status_code=201)
async def create_match(
    body: NewMatch, player: PlayerDep, service: ServiceDep, lobby: LobbyDep, request: Request
) -> dict:
    """Opens a match; the caller hosts it and takes seat 0. The server draws the seed."""
    clock = body.clock.model_dump() if body.clock else None
    created = await lobby.create(player, body.game, body.seats, body.options, clock=clock, rated=body.rated)
    summary = service.summary(*created)
    return {**summary, "invite_url": invite_url(request, summary["id"])}


@router.get("/matches/{match_id}/invite", response_model=Invite)
async def invite(match_id: str, service: ServiceDep, request: Request) -> dict:
    """Returns the link friends open to join a match, and its QR code for a phone at the table."""
    match, _seats = await service.get(match_id)
    url = invite_url(request, match.id)
    return {"url": url, "qr": segno.make(url, error="m").svg_data_uri(scale=4)}


@router.get("/matches", response_model=MatchList)
async def list_matches(service: ServiceDep, game: KnownGame) -> dict:
    """Lists open and running matches, newest first."""
    return {"matches": [service.summary(m, s) for m, s in await service.list_matches(game=game)]}


@router.get("/matches/{match_id}", response_model=MatchOut)
async def get_match(match_id: str, service: ServiceDep) -> dict:
    """Returns a match's seats and status (never its hidden state)."""
    return service.summary(*await service.get(match_id))


@router.post("/matches/{match_id}/join", response_model=MatchOut)
async def join(
    match_id: str, player: PlayerDep, service: ServiceDep, lobby: LobbyDep, body: JoinBody | None = None
) -> dict:
    """Takes the chosen seat, or the first free one."""
    return service.summary(*await lobby.join(match_id, player, body.seat if body else None))


@router.post("/matches/{match_id}/leave", response_model=MatchOut)
async def leave(match_id: str, player: PlayerDep, service: ServiceDep, lobby: LobbyDep) -> dict:
    """Gives up your seat before the start."""
    return service.summary(*await lobby.leave(match_id, player))


@router.post("/matches/{match_id}/rated", response_model=MatchOut)
async def set_rated(match_id: str, body: RatedBody, player: PlayerDep, service: ServiceDep, lobby: LobbyDep) -> dict:
    """Host only, before the start: marks the match rated or unrated."""
    return service.summary(*await lobby.set_rated(match_id, player, body.rated))


@router.post("/matches/{match_id}/bots", response_model=MatchOut)
async def add_bot(match_id: str, body: BotBody, player: PlayerDep, service: ServiceDep, lobby: LobbyDep) -> dict:
    """Host only: puts a bot of a level (normal unless said) in an empty seat (422: no such level)."""
    return service.summary(*await lobby.add_bot(match_id, player, body.seat, body.level))


@router.put("/matches/{match_id}/seats/{seat}/level", response_model=MatchOut)
async def set_level(
    match_id: str,
    seat: SeatInPath,
    body: LevelBody,
    player: PlayerDep,
    service: ServiceDep,
    lobby: LobbyDep,
) -> dict:
    """Host only: a bot seat's level before the start, or the level of the bot that plays for a player
    while they are away or after they resign (409 for an empty seat, or a bot's seat once started)."""
    return service.summary(*await lobby.set_level(match_id, player, seat, body.level))


@router.delete("/matches/{match_id}/bots/{seat}", response_model=MatchOut)
async def remove_bot(
    match_id: str,
    seat: SeatInPath,
    player: PlayerDep,
    service: ServiceDep,
    lobby: LobbyDep,
) -> dict:
    """Host only: empties a bot's seat again."""
    return service.summary(*await lobby.remove_bot(match_id, player, seat))


@router.delete("/matches/{match_id}/seats/{seat}", response_model=MatchOut)
async def remove_seat(
    match_id: str,
    seat: SeatInPath,
    player: PlayerDep,
    service: ServiceDep,
    lobby: LobbyDep,
) -> dict:
    """Host only: removes an empty seat before the start; the seats after it move up one."""
    return service.summary(*await lobby.remove_seat(match_id, player, seat))


@router.post("/matches/{match_id}/start", response_model=MatchOut)
async def start(match_id: str, player: PlayerDep, service: ServiceDep, lobby: LobbyDep) -> dict:
    """Host only: deals the game once every seat is filled."""
    return service.summary(*await lobby.start(match_id, player))
