"""Dependencies handlers take as typed parameters: the service, the caller, the admin."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, HTTPException, Request

from . import messages as msg
from .matches import MatchService
from .models import Player
from .security import same_secret


def get_service(request: Request) -> MatchService:
    return request.app.state.service


ServiceDep = Annotated[MatchService, Depends(get_service)]


def bearer(authorization: str | None = Header(default=None)) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return None


async def optional_player(service: ServiceDep, token: Annotated[str | None, Depends(bearer)]) -> Player | None:
    if token is None:
        return None
    player = await service.player_by_token(token)
    if player is None:
        raise HTTPException(401, msg.BAD_TOKEN)
    return player


async def current_player(player: Annotated[Player | None, Depends(optional_player)]) -> Player:
    if player is None:
        raise HTTPException(401, msg.BAD_TOKEN)
    return player


MaybePlayerDep = Annotated[Player | None, Depends(optional_player)]
PlayerDep = Annotated[Player, Depends(current_player)]


def require_admin(request: Request, token: Annotated[str | None, Depends(bearer)]) -> None:
    """Admin routes answer 401 before touching any match, so nothing leaks without the token."""
    expected = request.app.state.settings.admin_token
    if not expected or token is None or not same_secret(token, expected):
        raise HTTPException(401, msg.ADMIN_ONLY if expected else msg.ADMIN_DISABLED)
