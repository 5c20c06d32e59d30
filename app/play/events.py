"""Every event of the internal bus, typed, in one place (as every socket frame is in protocol.py).

Two streams carry them. The hub carries an :data:`Event` from the commit that made it to
every worker's channels and listeners (the bots): a new version of a game, a change of a
match's seats, a chat message, a signed-out device. A socket's outbox then holds an
:data:`Outgoing` until its writer turns it into a frame. Between workers an event travels
as a NOTIFY payload (``app/play/pghub.py``), never to a client.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from app.play.protocol import ServerFrame

Move = tuple[int, dict]  # (seat, normalised action): what made a version from the one before


# ---- the hub: from a commit to every worker ---------------------------------------------


@dataclass(frozen=True, slots=True)
class Moved:
    """Version ``v`` of a match's game was committed.

    ``state`` is that version's state where the publisher has it; ``move`` is the seat and
    action that made it from ``v - 1``, when a move did (another worker may apply it rather
    than read the row). ``v`` -1 means "read whatever is newest".
    """

    match_id: str
    v: int
    state: dict | None = None
    move: Move | None = None


@dataclass(frozen=True, slots=True)
class SeatsChanged:
    """A match's seats, status, clocks or names changed: its summary is stale everywhere."""

    match_id: str
    v: int = -1


@dataclass(frozen=True, slots=True)
class ChatChanged:
    """A match's chat changed: message ``message_id`` said (> 0), deleted (< 0), or a mute (0)."""

    match_id: str
    message_id: int


@dataclass(frozen=True, slots=True)
class SignedOut:
    """A device was signed out: its sockets close, on every worker."""

    device_id: str


Event = Moved | SeatsChanged | ChatChanged | SignedOut


# ---- a socket's outbox: from its channel to its writer ------------------------------------


class Version(Protocol):
    """A committed version as a channel holds it (``app/play/snapshot.py``'s ``Snapshot``)."""

    v: int
    log_length: int

    def view(self, seat: int | None) -> dict: ...

    def frame(self, seat: int | None, base: dict | None, base_v: int, log_n: int) -> str | None: ...


@dataclass(frozen=True, slots=True)
class SendVersion:
    """A new version: the socket sends its seat's patch from what it has (or a state)."""

    snapshot: Version


@dataclass(frozen=True, slots=True)
class SendSummary:
    """A ``match`` frame with the match's public summary."""

    summary: dict


@dataclass(frozen=True, slots=True)
class SendSpectators:
    """A ``spectators`` frame with how many watch."""

    count: int


@dataclass(frozen=True, slots=True)
class SendFrame:
    """A frame made already (an answer, a chat, a hello), as a dict or as encoded text."""

    frame: ServerFrame | str


@dataclass(frozen=True, slots=True)
class Resync:
    """The socket starts over: a fresh ``state`` of the newest version (it fell behind)."""


@dataclass(frozen=True, slots=True)
class Close:
    """The socket's device was signed out: close it."""


Outgoing = SendVersion | SendSummary | SendSpectators | SendFrame | Resync | Close
