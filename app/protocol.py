"""Every socket frame of Caravela, both directions, in one place (like lila-ws).

Frames are JSON objects with a ``type``. docs/protocol.md shows each with an example.
Client → server frames are parsed with :data:`ClientFrame`; server → client frames
are built with the ``*_frame`` functions below, so nothing else invents a shape.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter

# ---- client → server -----------------------------------------------------------


class Act(BaseModel):
    """Play ``action`` on the view at version ``v``; ``id`` makes retries harmless."""

    type: Literal["act"]
    id: str = Field(min_length=1, max_length=64)
    v: int | None = None
    action: dict[str, Any]


class Sync(BaseModel):
    """Ask for the whole current view (after a version gap)."""

    type: Literal["sync"]


class Ping(BaseModel):
    """Keep-alive; answered by ``pong``."""

    type: Literal["ping"]


ClientFrame = TypeAdapter(Annotated[Union[Act, Sync, Ping], Field(discriminator="type")])


# ---- server → client -----------------------------------------------------------


def hello_frame(seat: int | None, match: dict) -> dict:
    """First frame on a socket: which seat you are (``None`` = spectator) and the match."""
    return {"type": "hello", "seat": seat, "match": match}


def state_frame(v: int, view: dict) -> dict:
    """The whole view of your seat at version ``v``."""
    return {"type": "state", "v": v, "view": view}


def patch_frame(v: int, ops: list[dict], log: list[dict]) -> dict:
    """RFC 6902 ops from your previous view to version ``v``, plus new log lines you may read."""
    return {"type": "patch", "v": v, "ops": ops, "log": log}


def ack_frame(action_id: str, v: int) -> dict:
    """Your action ``id`` was accepted as version ``v``."""
    return {"type": "ack", "id": action_id, "v": v}


def reject_frame(action_id: str | None, reason: str) -> dict:
    """Your action ``id`` was refused; nothing changed."""
    return {"type": "reject", "id": action_id, "reason": reason}


def match_frame(match: dict) -> dict:
    """Seats or status changed (join, leave, bot, start, online, finish)."""
    return {"type": "match", "match": match}


def error_frame(reason: str) -> dict:
    """A frame could not be read; the connection stays open."""
    return {"type": "error", "reason": reason}


def pong_frame() -> dict:
    return {"type": "pong"}


#: Close codes (4000-4999 are the application's own range).
CLOSE_BAD_TOKEN = 4401
CLOSE_UNKNOWN_MATCH = 4404
CLOSE_SLOW_CONSUMER = 4408
