"""Every event of the internal bus, typed, in one place (as every socket frame is in
``app/play/protocol.py``).

The hub (``app/play/hub.py``) carries an :data:`Event` from the commit that made it to
every worker's channels and listeners (the bots): a new version of a game, a seat's secret
draft (for that seat's sockets only), a change of a match's seats, a chat message, a
signed-out device. Any room may publish one, so they live below them all. Between workers
an event travels as a NOTIFY payload (``app/play/pghub.py``), never to a client; a socket's
outbox holds what its writer will send (``app/play/outbox.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

Move = tuple[int, dict]  # (seat, normalised action): what made a version from the one before


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
    #: The mover's secret draft actions this move handed in, played before its action.
    steps: tuple[dict, ...] = ()


@dataclass(frozen=True, slots=True)
class Drafted:
    """A seat's secret draft changed: draft version ``d``, its open ``steps`` (actions).

    Only that seat's sockets hear of it (app/play/drafts.py); ``steps`` is ``None`` when a
    worker must read the draft (it did not fit a NOTIFY).
    """

    match_id: str
    seat: int
    d: int
    steps: tuple[dict, ...] | None = None


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


Event = Moved | Drafted | SeatsChanged | ChatChanged | SignedOut
