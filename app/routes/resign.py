"""A player resigns a running match: their bot plays the seat to the end, ranked last."""

from __future__ import annotations

from fastapi import APIRouter

from app.routes.deps import PlayerDep, ServiceDep
from app.routes.schemas import MatchOut
from app.table.resign import resign as resign_seat

router = APIRouter(prefix="/api", tags=["play"])


@router.post("/matches/{match_id}/resign", response_model=MatchOut)
async def resign(match_id: str, player: PlayerDep, service: ServiceDep) -> dict:
    """Resigns your seat (409 unless running); with no person left playing, the match is abandoned."""
    return service.summary(*await resign_seat(service, match_id, player))
