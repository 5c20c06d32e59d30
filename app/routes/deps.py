"""Dependencies handlers take as typed parameters: the services, the caller, the admin."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, HTTPException, Path, Query, Request

import engines
from app import messages as msg
from app.identity.devices import Devices
from app.identity.players import Players
from app.identity.security import same_secret
from app.play.matches import MatchService
from app.routes.schemas import MAX_SEATS
from app.store.models import Device, Player
from app.table.lobby import Lobby


def get_service(request: Request) -> MatchService:
    return request.app.state.service


ServiceDep = Annotated[MatchService, Depends(get_service)]


def get_lobby(request: Request) -> Lobby:
    return request.app.state.lobby


LobbyDep = Annotated[Lobby, Depends(get_lobby)]


def get_players(request: Request) -> Players:
    return request.app.state.players


PlayersDep = Annotated[Players, Depends(get_players)]


def bearer(authorization: str | None = Header(default=None)) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return None


def get_devices(request: Request) -> Devices:
    return request.app.state.devices


DevicesDep = Annotated[Devices, Depends(get_devices)]


async def signed_in(devices: DevicesDep, token: Annotated[str | None, Depends(bearer)]) -> tuple[Player, Device] | None:
    """Returns the player and device of the bearer token (tokens are per device: issue 10)."""
    if token is None:
        return None
    found = await devices.sign_in(token)
    if found is None:
        raise HTTPException(401, msg.BAD_TOKEN)
    return found


async def optional_player(found: Annotated[tuple[Player, Device] | None, Depends(signed_in)]) -> Player | None:
    return found[0] if found else None


async def current_device(found: Annotated[tuple[Player, Device] | None, Depends(signed_in)]) -> tuple[Player, Device]:
    if found is None:
        raise HTTPException(401, msg.BAD_TOKEN)
    return found


async def current_player(player: Annotated[Player | None, Depends(optional_player)]) -> Player:
    if player is None:
        raise HTTPException(401, msg.BAD_TOKEN)
    return player


MaybePlayerDep = Annotated[Player | None, Depends(optional_player)]
PlayerDep = Annotated[Player, Depends(current_player)]
DeviceDep = Annotated[tuple[Player, Device], Depends(current_device)]


def known_game(
    game: Annotated[str | None, Query(max_length=32, description="A game id from /api/games.")] = None,
) -> str | None:
    """Returns the ``game`` filter of a list, refusing (422) an id no game has."""
    if game is not None and game not in engines.GAMES:
        raise HTTPException(422, msg.UNKNOWN_GAME.format(game=game))
    return game


KnownGame = Annotated[str | None, Depends(known_game)]


def require_admin(request: Request, token: Annotated[str | None, Depends(bearer)]) -> None:
    """Admin routes answer 401 before touching any match, so nothing leaks without the token."""
    expected = request.app.state.settings.admin_token
    if not expected:
        raise HTTPException(401, msg.ADMIN_DISABLED)
    # Compared in constant time, also when the token is missing, so timing tells nothing.
    if not same_secret(token or "", expected):
        raise HTTPException(401, msg.ADMIN_ONLY)


#: A seat number in a route's path.
SeatInPath = Annotated[int, Path(ge=0, lt=MAX_SEATS)]
