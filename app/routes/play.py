"""Playing over REST: your seat's view and the same actions the socket takes."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, WebSocket

from .. import messages as msg
from ..deps import MaybePlayerDep, PlayerDep, ServiceDep
from ..matches import game_of
from ..schemas import Ack, ActBody, ViewOut
from ..ws import serve_socket

router = APIRouter(tags=["play"])


def seat_of(seats, player) -> int | None:
    return next((st.seat for st in seats if player is not None and st.player_id == player.id), None)


@router.get("/api/matches/{match_id}/view", response_model=ViewOut)
async def view(match_id: str, player: MaybePlayerDep, service: ServiceDep) -> dict:
    """Returns the caller's seat view, or the spectator view without a seat."""
    match, seats = await service.get(match_id)
    if match.state is None:
        raise HTTPException(409, msg.VIEW_NOT_READY)
    seat = seat_of(seats, player)
    return {"v": match.v, "seat": seat, "view": game_of(match.game).view(match.state, seat)}


@router.post("/api/matches/{match_id}/actions", response_model=Ack)
async def act(match_id: str, body: ActBody, player: PlayerDep, service: ServiceDep) -> dict:
    """Plays an action for the caller's seat (409 stale or refused, 422 illegal)."""
    _, seats = await service.get(match_id)
    seat = seat_of(seats, player)
    if seat is None:
        raise HTTPException(403, msg.NOT_SEATED)
    done = await service.accept(match_id, seat, body.id, body.v, body.action)
    return {"id": body.id, "v": done.v}


@router.websocket("/ws/matches/{match_id}")
async def socket(ws: WebSocket, match_id: str, token: str | None = None) -> None:
    """Live play: see docs/protocol.md."""
    await serve_socket(ws, match_id, token, ws.app.state)
