"""The admin API: every route needs ADMIN_TOKEN and answers 401 before reading anything."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query
from pydantic import Field

from app.routes.deps import KnownGame, LobbyDep, ServiceDep, require_admin
from app.routes.schemas import STATUSES, AdminAction, AdminMatch, MatchList, MatchOut, NewMatch, ReplayOut, Status
from app.table.replay import replay

router = APIRouter(prefix="/api/admin", tags=["admin"], dependencies=[Depends(require_admin)])


def admin_view(service, match, seats) -> dict:
    return {
        **service.summary(match, seats),
        "seed": match.seed,
        "seed_format": match.seed_format,
        "num_seats": match.num_seats,
        "state": match.state,
        "updated_at": match.updated_at.isoformat() if match.updated_at else None,
    }


@router.get("/matches", response_model=MatchList)
async def list_all(
    service: ServiceDep, game: KnownGame, status: Status | None = None, limit: Annotated[int, Query(ge=1, le=500)] = 100
) -> dict:
    """Lists matches of any status, newest first, filtered by status and game."""
    statuses = (status,) if status else STATUSES
    return {"matches": [service.summary(m, s) for m, s in await service.list_matches(statuses, game, limit)]}


class AdminNewMatch(NewMatch):
    """A match with a seed chosen by the admin (tests, reproductions); it is marked ``seed_fixed``."""

    seed: int = Field(ge=0, lt=2**62)
    host_id: str = Field(min_length=1, max_length=32, description="The player who hosts it and sits in seat 0.")


@router.post("/matches", response_model=MatchOut, status_code=201)
async def create_fixed(body: AdminNewMatch, service: ServiceDep, lobby: LobbyDep) -> dict:
    """Opens a match with a fixed seed for the player ``host_id``; every seat sees ``seed_fixed: true``."""
    host = await service.player_by_id(body.host_id)
    return service.summary(*await lobby.create(host, body.game, body.seats, body.options, seed=body.seed))


@router.get("/matches/{match_id}", response_model=AdminMatch)
async def raw(match_id: str, service: ServiceDep) -> dict:
    """Returns the raw stored state, seed and seats."""
    return admin_view(service, *await service.get(match_id))


@router.get("/matches/{match_id}/actions", response_model=list[AdminAction])
async def actions(match_id: str, service: ServiceDep) -> list[dict]:
    """Returns the accepted actions in order."""
    await service.get(match_id)
    return [
        {
            "v": a.v,
            "action_id": a.action_id,
            "seat": a.seat,
            "action": a.action,
            "steps": a.steps,
            "created_at": a.created_at.isoformat() if a.created_at else None,
        }
        for a in await service.actions(match_id)
    ]


@router.get("/matches/{match_id}/state", response_model=ReplayOut)
async def state_at(match_id: str, service: ServiceDep, v: Annotated[int | None, Query(ge=0)] = None) -> dict:
    """Rebuilds the state at version ``v`` by replay; at the current version, compares with the stored one."""
    state, match = await replay(service, match_id, v)
    upto = match.v if v is None else v
    return {"v": upto, "state": state, "equals_stored": (state == match.state) if upto == match.v else None}


@router.post("/matches/{match_id}/abort", response_model=MatchOut)
async def abort(match_id: str, service: ServiceDep, lobby: LobbyDep) -> dict:
    """Marks the match abandoned; no further actions are accepted."""
    return service.summary(*await lobby.abort(match_id))
