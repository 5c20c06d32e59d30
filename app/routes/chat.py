"""Chat over REST: read a match's messages, say one, the host's spectator mute, the admin's delete."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from app.ops.links import client_address
from app.routes.deps import PlayerDep, ServiceDep, require_admin
from app.table.chat import Chat

#: The largest id or version a column holds (a 32-bit INTEGER on PostgreSQL).
INT_MAX = 2**31 - 1

router = APIRouter(prefix="/api/matches/{match_id}/chat", tags=["chat"])
admin_router = APIRouter(prefix="/api/admin", tags=["admin"], dependencies=[Depends(require_admin)])


class ChatMessageOut(BaseModel):
    id: int
    v: int
    seat: int | None
    player_id: str
    name: str
    text: str
    at: str | None


class ChatOut(BaseModel):
    messages: list[ChatMessageOut]
    muted: bool


class SayBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=2000, description="Plain text; at most 500 characters once trimmed.")


class MuteBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    muted: bool


def get_chat(request: Request) -> Chat:
    return request.app.state.chat


ChatDep = Annotated[Chat, Depends(get_chat)]


@router.get("", response_model=ChatOut)
async def read(
    match_id: str,
    chat: ChatDep,
    service: ServiceDep,
    upto: Annotated[int | None, Query(ge=0, le=INT_MAX, description="Only messages said by this version.")] = None,
) -> dict:
    """Returns the latest 200 messages (said by version ``upto``), oldest first, and the spectator mute."""
    await service.get(match_id)
    return {"messages": await chat.read(match_id, upto), "muted": await chat.muted(match_id)}


@router.post("", response_model=ChatMessageOut, status_code=201)
async def say(match_id: str, body: SayBody, player: PlayerDep, chat: ChatDep, request: Request) -> dict:
    """Says a message as the caller (seated, or a spectator unless muted); 429 when too fast."""
    return await chat.say(match_id, player, body.text, client_address(request))


@router.put("/mute", response_model=MuteBody)
async def mute(match_id: str, body: MuteBody, player: PlayerDep, chat: ChatDep) -> dict:
    """Host only: mutes (or unmutes) the spectators' chat."""
    return {"muted": await chat.mute(match_id, player, body.muted)}


@admin_router.get("/matches/{match_id}/chat", response_model=ChatOut)
async def admin_read(
    match_id: str, chat: ChatDep, service: ServiceDep, limit: Annotated[int, Query(ge=1, le=10_000)] = 1000
) -> dict:
    """Admin: a match's messages, the latest ``limit``, oldest first."""
    await service.get(match_id)
    return {"messages": await chat.read(match_id, limit=limit), "muted": await chat.muted(match_id)}


@admin_router.delete("/chat/{message_id}", status_code=204)
async def admin_delete(message_id: Annotated[int, Path(ge=1, le=INT_MAX)], chat: ChatDep) -> None:
    """Admin: deletes a message; open tables drop it at once."""
    await chat.delete(message_id)
