"""Dependencies handlers take as typed parameters: the service, the caller, the admin."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, HTTPException, Query, Request

import engines

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


def known_game(game: Annotated[str | None, Query(max_length=32, description="A game id from /api/games.")] = None,
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
