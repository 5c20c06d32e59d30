"""Away seats: the player takes their seat back; the host hands an absent player's seat to its bot."""

from __future__ import annotations

from fastapi import APIRouter, Request

from app.routes.deps import PlayerDep
from app.routes.schemas import AwayBody, MatchOut

router = APIRouter(prefix="/api", tags=["play"])


@router.post("/matches/{match_id}/back", response_model=MatchOut)
async def take_back(match_id: str, player: PlayerDep, request: Request) -> dict:
    """Takes your away seat back from its bot (409 when no bot plays for it)."""
    clocks = request.app.state.clocks
    return clocks.service.summary(*await clocks.take_back(match_id, player))


@router.post("/matches/{match_id}/away", response_model=MatchOut)
async def hand_to_bot(match_id: str, body: AwayBody, player: PlayerDep, request: Request) -> dict:
    """Host only: its bot plays for a seat whose player has been offline past the limit (409 before)."""
    clocks = request.app.state.clocks
    return clocks.service.summary(*await clocks.hand_to_bot(match_id, player, body.seat))
