"""What waits in a socket's outbox, typed: each item becomes one frame, or closes the socket.

A match's channel (``app/play/snapshot.py``) and the socket's own session offer these;
the socket's writer (``app/play/socket.py``) turns each into its frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from app.play.protocol import ServerFrame


class Version(Protocol):
    """A committed version as a channel holds it (``app/play/snapshot.py``'s ``Snapshot``)."""

    v: int
    log_length: int

    def version(self, seat: int | None) -> int: ...

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
