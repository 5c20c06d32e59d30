"""Rematches: asked after the final table, answered by each player offered a seat."""

from __future__ import annotations

from fastapi import APIRouter, Request

from app.routes.deps import PlayerDep, SeatInPath, ServiceDep
from app.routes.schemas import MatchOut
from app.table.rematch import Rematches

router = APIRouter(prefix="/api", tags=["lobby"])


def rematches(request: Request) -> Rematches:
    return request.app.state.rematches


@router.post("/matches/{match_id}/rematch", response_model=MatchOut)
async def ask(match_id: str, player: PlayerDep, service: ServiceDep, request: Request) -> dict:
    """A player of a finished match opens its rematch (the answer is the rematch), or accepts
    their seat in the one already asked: there is never a second rematch."""
    return service.summary(*await rematches(request).ask(match_id, player))


@router.post("/matches/{match_id}/offer/accept", response_model=MatchOut)
async def accept(match_id: str, player: PlayerDep, service: ServiceDep, request: Request) -> dict:
    """Takes your offered seat in a rematch; the last answer starts it."""
    return service.summary(*await rematches(request).answer(match_id, player, accept=True))


@router.post("/matches/{match_id}/offer/decline", response_model=MatchOut)
async def decline(match_id: str, player: PlayerDep, service: ServiceDep, request: Request) -> dict:
    """Declines your offered seat in a rematch: a bot takes it."""
    return service.summary(*await rematches(request).answer(match_id, player, accept=False))


@router.post("/matches/{match_id}/offer/{seat}/bot", response_model=MatchOut)
async def replace(
    match_id: str,
    seat: SeatInPath,
    player: PlayerDep,
    service: ServiceDep,
    request: Request,
) -> dict:
    """Host only: a bot takes a seat whose player has not answered the offer yet."""
    return service.summary(*await rematches(request).replace(match_id, player, seat))
