"""Every socket frame of Caravela, both directions, in one place (like lila-ws).

Frames are JSON objects with a ``type``. docs/protocol.md shows each with an example.
Client → server frames are parsed with :data:`ClientFrame`; server → client frames
are built with the ``*_frame`` functions below, so nothing else invents a shape.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypedDict

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from app import messages as msg
from app.ops.inputs import BadInput, TooDeep, check_json, check_text

#: How many log lines a ``state`` frame (and the REST view) carries; older ones are paged.
LOG_TAIL = 50

# ---- client → server -----------------------------------------------------------


class ClientIn(BaseModel):
    """Base of every client frame: unknown fields are refused, nothing is coerced ("0" is no 0)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Act(ClientIn):
    """Play ``action`` on the view at version ``v``; ``id`` (your seat's own) makes retries harmless."""

    type: Literal["act"]
    id: str = Field(min_length=1, max_length=64)
    # The largest version a column holds (a 32-bit INTEGER on PostgreSQL), as REST's bound.
    v: int | None = Field(default=None, ge=0, le=2**31 - 1)
    action: dict[str, Any]


class Sync(ClientIn):
    """Ask for the whole current view (after a version gap)."""

    type: Literal["sync"]


class Ping(ClientIn):
    """Keep-alive; answered by ``pong``."""

    type: Literal["ping"]


class Say(ClientIn):
    """Say ``text`` in the match's chat (plain text, at most 500 characters once trimmed)."""

    type: Literal["say"]
    text: str = Field(max_length=2000)


ClientFrame = TypeAdapter(Annotated[Act | Sync | Ping | Say, Field(discriminator="type")])

MAX_ACTION_DEPTH = 16


def unreadable(action_id: str, action) -> str | None:
    """Returns why an id or action cannot even be read (bad characters, too deep), else None.

    The same walk as the REST gate's (``app/ops/inputs.py``); the socket answers with a keyed
    message instead of an HTTP error.
    """
    try:
        check_text(action_id, "id")
        check_json(action, "action", depth=1, limit=MAX_ACTION_DEPTH)
    except TooDeep:
        return msg.TOO_DEEP.format(limit=MAX_ACTION_DEPTH)
    except BadInput:
        return msg.BAD_CHARACTER
    return None


# ---- server → client -----------------------------------------------------------
# Each frame's shape is a TypedDict and each is built by its ``*_frame`` function.


class HelloFrame(TypedDict):
    type: Literal["hello"]
    seat: int | None
    match: dict
    spectators: int


class StateFrame(TypedDict):
    type: Literal["state"]
    v: int
    view: dict
    log: list[dict]


class PatchFrame(TypedDict):
    type: Literal["patch"]
    base: int
    v: int
    ops: list[dict]
    log: list[dict]


class AckFrame(TypedDict):
    type: Literal["ack"]
    id: str
    v: int


class RejectFrame(TypedDict):
    type: Literal["reject"]
    id: str | None
    reason: str
    key: NotRequired[str]
    args: NotRequired[dict]


class MatchFrame(TypedDict):
    type: Literal["match"]
    match: dict


class SpectatorsFrame(TypedDict):
    type: Literal["spectators"]
    count: int


class ErrorFrame(TypedDict):
    type: Literal["error"]
    reason: str
    key: NotRequired[str]
    args: NotRequired[dict]


class PongFrame(TypedDict):
    type: Literal["pong"]


class ChatFrame(TypedDict):
    type: Literal["chat"]
    messages: list[dict]
    muted: bool
    deleted: list[int]


#: Any frame the server sends.
ServerFrame = (
    HelloFrame
    | StateFrame
    | PatchFrame
    | AckFrame
    | RejectFrame
    | MatchFrame
    | SpectatorsFrame
    | ErrorFrame
    | PongFrame
    | ChatFrame
)


def hello_frame(seat: int | None, match: dict, spectators: int = 0) -> HelloFrame:
    """First frame on a socket: which seat you are (``None`` = spectator), the match, and how many watch it."""
    return {"type": "hello", "seat": seat, "match": match, "spectators": spectators}


def state_frame(v: int, view: dict, log: list[dict]) -> StateFrame:
    """The whole view of your seat at version ``v`` and the last ``LOG_TAIL`` log lines you may read."""
    return {"type": "state", "v": v, "view": view, "log": log}


def patch_frame(base: int, v: int, ops: list[dict], log: list[dict]) -> PatchFrame:
    """RFC 6902 ops from your view at version ``base`` to version ``v``, plus new log lines you may read.

    Never sent empty: a seat whose view and log did not change gets no frame.
    """
    return {"type": "patch", "base": base, "v": v, "ops": ops, "log": log}


def ack_frame(action_id: str, v: int) -> AckFrame:
    """Your action ``id`` was accepted as version ``v``."""
    return {"type": "ack", "id": action_id, "v": v}


def reject_frame(action_id: str | None, reason: str, key: str | None = None, args: dict | None = None) -> RejectFrame:
    """Your action ``id`` was refused; nothing changed. ``key``/``args`` translate ``reason``."""
    frame: RejectFrame = {"type": "reject", "id": action_id, "reason": reason}
    if key:
        frame["key"] = key
        frame["args"] = args or {}
    return frame


def match_frame(match: dict) -> MatchFrame:
    """Seats or status changed (join, leave, bot, start, online, finish)."""
    return {"type": "match", "match": match}


def spectators_frame(count: int) -> SpectatorsFrame:
    """How many spectators watch the match now (sent at most once per ``hub.MATCH_EVERY``)."""
    return {"type": "spectators", "count": count}


def error_frame(reason: str) -> ErrorFrame:
    """A frame could not be read; the connection stays open. A :class:`Message` brings its ``key``."""
    frame: ErrorFrame = {"type": "error", "reason": reason}
    if isinstance(reason, msg.Message) and reason.key:
        frame["key"] = reason.key
        if reason.args:
            frame["args"] = reason.args
    return frame


def pong_frame() -> PongFrame:
    """The answer to ``ping``."""
    return {"type": "pong"}


def chat_frame(messages: list[dict], muted: bool, deleted: list[int] | None = None) -> ChatFrame:
    """Chat messages to add (oldest first), ids to remove, and whether spectators are muted.

    A socket gets one when it opens (the latest messages), then one per change.
    """
    return {"type": "chat", "messages": messages, "muted": muted, "deleted": deleted or []}


#: Close codes (4000-4999 are the application's own range).
CLOSE_BAD_TOKEN = 4401
CLOSE_UNKNOWN_MATCH = 4404
CLOSE_SLOW_CONSUMER = 4408
#: The server failed this session (its reader or writer raised); reconnect.
CLOSE_SESSION_FAILED = 4500
