"""Finished matches: the public list (newest first, paged, by game and player) and replays.

Outcomes are public once a match is over; a replay passes every version through the
game's own view for the asking seat, so nothing hidden then is shown now.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel
from sqlalchemy import func, select

import engines
from app.play.protocol import LOG_TAIL
from app.routes.deps import KnownGame, MaybePlayerDep, ServiceDep
from app.routes.play import seat_of
from app.store.models import Match, Seat
from app.table.viewer import Replays
from app.wording import with_words

router = APIRouter(prefix="/api", tags=["history"])


class HistoryPage(BaseModel):
    matches: list[dict[str, Any]]
    total: int
    offset: int
    limit: int


class ReplayOut(BaseModel):
    v: int
    last_v: int
    seat: int | None
    view: dict[str, Any]
    log: list[dict[str, Any]]
    chat: list[dict[str, Any]] = []


@router.get("/history", response_model=HistoryPage)
async def history(
    service: ServiceDep,
    game: KnownGame,
    player: Annotated[str | None, Query(max_length=32, description="Only matches this player sat in.")] = None,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
) -> dict:
    """Lists finished matches, the latest to end first, each with its final scores and places."""
    where = [Match.status == "finished"]
    if game:
        where.append(Match.game == game)
    if player:
        where.append(Match.id.in_(select(Seat.match_id).where(Seat.player_id == player, Seat.kind == "player")))
    async with service.sessions() as s:
        total = (await s.execute(select(func.count()).select_from(Match).where(*where))).scalar_one()
        matches = (
            (
                await s.execute(
                    select(Match)
                    .where(*where)
                    .order_by(Match.updated_at.desc(), Match.id.desc())
                    .offset(offset)
                    .limit(limit)
                )
            )
            .scalars()
            .all()
        )
        seats: dict[str, list[Seat]] = defaultdict(list)
        if matches:
            q = select(Seat).where(Seat.match_id.in_([m.id for m in matches])).order_by(Seat.seat)
            for st in (await s.execute(q)).scalars():
                seats[st.match_id].append(st)
    out = []
    for match in matches:
        entry = service.summary(match, seats[match.id])  # with the final figures, resigned seats last
        entry["finished_at"] = match.updated_at.isoformat() if match.updated_at else None
        out.append(entry)
    return {"matches": out, "total": total, "offset": offset, "limit": limit}


@router.get("/matches/{match_id}/replay", response_model=ReplayOut)
async def replay_at(
    match_id: str,
    request: Request,
    player: MaybePlayerDep,
    service: ServiceDep,
    v: Annotated[int | None, Query(ge=0, description="The version; default the last.")] = None,
) -> dict:
    """Returns a finished match at version ``v`` as the caller's seat saw it (a spectator's otherwise).

    The log holds the last 50 lines that seat could read by then (older ones: ``/log?before=``,
    the log only ever grows), the chat every message said by then.
    """
    replays: Replays = request.app.state.replays
    match, seats = await service.get(match_id)
    state, last = await replays.state_at(match_id, match.v if v is None else v)
    seat = seat_of(seats, player)
    game = engines.get_game(match.game)
    at = match.v if v is None else v
    return {
        "v": at,
        "last_v": last,
        "seat": seat,
        "view": game.view(state, seat),
        "log": with_words(game, game.log_lines(state, seat)[-LOG_TAIL:]),
        "chat": await request.app.state.chat.read(match_id, at),
    }
