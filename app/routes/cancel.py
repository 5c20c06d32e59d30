"""The host calls off a match nobody has started: it is marked abandoned and leaves every list."""

from __future__ import annotations

from fastapi import APIRouter

from app.routes.deps import LobbyDep, PlayerDep, ServiceDep
from app.routes.schemas import MatchOut

router = APIRouter(prefix="/api", tags=["lobby"])


@router.post("/matches/{match_id}/cancel", response_model=MatchOut)
async def cancel(match_id: str, player: PlayerDep, service: ServiceDep, lobby: LobbyDep) -> dict:
    """Host only: cancels an open match (409 once it started); its sockets hear ``status: abandoned``."""
    return service.summary(*await lobby.cancel(match_id, player))
