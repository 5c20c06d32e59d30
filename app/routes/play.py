"""Playing over REST: your seat's view, the log you may read, and the same actions the socket takes."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Query

from app import messages as msg
from app.errors import ServiceError
from app.play.drafts import SeatDraft, own_state
from app.play.matches import game_of
from app.play.protocol import LOG_TAIL
from app.routes.deps import MaybePlayerDep, PlayerDep, ServiceDep
from app.routes.schemas import Ack, ActBody, LogPage, ViewOut
from app.wording import with_words

router = APIRouter(tags=["play"])


def seat_of(seats, player) -> int | None:
    return next((st.seat for st in seats if player is not None and st.player_id == player.id), None)


@router.get("/api/matches/{match_id}/view", response_model=ViewOut)
async def view(match_id: str, player: MaybePlayerDep, service: ServiceDep) -> dict:
    """Returns the caller's seat view (or the spectator view) and the last 50 log lines it may read."""
    match, seats = await service.get(match_id)
    if match.state is None:
        raise HTTPException(409, msg.VIEW_NOT_READY)
    seat = seat_of(seats, player)
    game = game_of(match.game)
    # A seat sees its own secret draft, at its own version (app/play/drafts.py).
    draft = SeatDraft()
    if seat is not None and game.draft_actions:
        draft = (await service.drafts(match_id)).get(seat, draft)
    return {
        "v": match.v + draft.d,
        "seat": seat,
        "view": game.view(own_state(game, match.state, seat, draft), seat),
        "log": with_words(game, game.log_lines(match.state, seat)[-LOG_TAIL:]),
    }


@router.get("/api/matches/{match_id}/log", response_model=LogPage)
async def log_page(
    match_id: str,
    player: MaybePlayerDep,
    service: ServiceDep,
    before: Annotated[int | None, Query(ge=0, description="Only lines with n < before.")] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> dict:
    """Returns up to ``limit`` log lines the caller may read before line ``before``, oldest first."""
    match, seats = await service.get(match_id)
    if match.state is None:
        return {"lines": [], "more": False}
    game = game_of(match.game)
    readable = game.log_lines(match.state, seat_of(seats, player))
    if before is not None:
        readable = [line for line in readable if line["n"] < before]
    return {"lines": with_words(game, readable[-limit:]), "more": len(readable) > limit}


@router.post("/api/matches/{match_id}/actions", response_model=Ack)
async def act(match_id: str, body: ActBody, player: PlayerDep, service: ServiceDep) -> dict:
    """Plays an action for the caller's seat (409 stale or refused, 422 illegal)."""
    _, seats = await service.get(match_id)
    seat = seat_of(seats, player)
    if seat is None:
        raise HTTPException(403, msg.NOT_SEATED)
    if seats[seat].resigned:
        raise ServiceError(409, msg.RESIGNED)
    done = await service.accept(match_id, seat, body.id, body.v, body.action)
    return {"id": body.id, "v": done.seen}
