"""A socket's connection: its seat, the last view it was sent, and how its frames leave.

An event offered by the hub's channel becomes its frame at once (a new version: a patch
against the last view this socket was sent) and is written straight to the transport when
nothing waits before it (app/play/wsprotocol.py): a move's frames leave from the move's own
task, and the acting socket's own patch goes with its answer in one write. Otherwise, while
the client reads slowly or on a server without that direct write, events wait in the
outbox and a writer task runs only while the outbox holds some, ending when it is empty: an
idle socket holds one task, not two (ten thousand idle spectators must stay cheap).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from app import messages as msg
from app.play import protocol as P
from app.play.outbox import Close, Outgoing, Resync, SendFrame, SendSpectators, SendSummary, SendVersion, Version
from app.store.jsoncodec import dumps

if TYPE_CHECKING:
    from app.play.snapshot import Channel

log = logging.getLogger("caravela.ws")
#: Seconds between two "last seen" stamps of a device playing on its socket (the devices list reads minutes).
TOUCH_EVERY_S = 60.0

QUEUE_LIMIT = 256


class Connection:
    """A socket's seat, the last view (and log length) it was sent, and its outbox of events."""

    # Ten thousand idle sockets: slots, and no queue or task until there is something to send.
    __slots__ = (
        "channel",
        "device_id",
        "held",
        "log_n",
        "outbox",
        "over",
        "player",
        "reader",
        "resigned",
        "seat",
        "seen",
        "spectators",
        "touch",
        "touched",
        "v",
        "view",
        "wire",
        "writer",
        "ws",
    )

    def __init__(self, ws: WebSocket, seat: int | None, device_id: str | None = None, player=None, wire=None):
        self.ws = ws
        #: The server's protocol when it can write a frame at once (app/play/wsprotocol.py), else ``None``.
        self.wire = wire
        self.seat = seat
        self.player = player  # who chats from this socket (``None``: an anonymous spectator)
        self.device_id = device_id  # signing this device out closes the socket at once
        self.view: dict | None = None
        self.v = -1  # the version of ``view``: the ``base`` of the next patch
        self.seen = -1  # the newest version looked at, sent or not
        self.log_n = 0  # log length at the last version looked at
        self.spectators = -1  # the spectator count this socket was last told (its hello, a spectators frame)
        self.resigned = False  # the seat's player resigned: its bot plays it now
        self.outbox: list[Outgoing] = []  # events not yet written, oldest first
        self.writer: asyncio.Task | None = None  # the task writing the outbox, while it has events
        self.channel: Channel | None = None  # set when the session runs: events wait until then
        self.over = False  # the session ended or failed: nothing more is written
        self.reader: asyncio.Task | None = None  # the session's own task, which reads and acts
        #: While this socket acts, its own move's frames (and any after them) wait to go with the answer.
        self.held: list[str] | None = None
        #: Stamps the device's "last seen" (``Devices.touch``), at most once a minute, on a move or a chat line.
        self.touch: Callable[[str], Awaitable[None]] | None = None
        self.touched = 0.0  # time.monotonic() of the last stamp

    async def active(self) -> None:
        """Notes that the person plays on this socket, so the devices list shows it (best effort)."""
        now = time.monotonic()
        if self.touch is None or self.device_id is None or now - self.touched < TOUCH_EVERY_S:
            return
        self.touched = now
        try:
            await self.touch(self.device_id)
        except Exception:  # noqa: BLE001 - a missed stamp must not cost the move
            log.warning("could not stamp the device as seen", exc_info=True)

    def offer(self, event: Outgoing) -> None:
        """Writes an event's frame at once, or queues the event; a socket this far behind gets a fresh state."""
        if self.over:
            return
        if self.held:  # this socket's own move waits for its answer, and so does what comes after it
            self.outbox.append(event)
            return
        if self.wire is not None and self.writer is None and not self.outbox and self.channel is not None:
            waiting = self.write_now(event)
            if waiting is None:
                return
            event = waiting
        if len(self.outbox) >= QUEUE_LIMIT:
            # A signed-out device must still be closed; anything else is caught up by a state.
            self.outbox = [event if isinstance(event, Close) else Resync()]
        else:
            self.outbox.append(event)
        self.start_writing()

    def write_now(self, event: Outgoing) -> Outgoing | None:
        """Writes an event's frame to the transport; returns what must wait for the writer.

        Only when nothing waits before it (the caller checks), so frames keep their order. A
        frame made but not written (the client reads slowly) waits as it is: the socket's
        view has moved on to it. A resync or a close, or a frame that fails to be made,
        waits too, and the writer makes it or closes the session as usual.
        """
        if isinstance(event, Resync | Close):
            return event
        try:
            text = self.text_of(event)
        except Exception:  # noqa: BLE001 - the writer meets it again and closes the session
            return event
        if text is None:
            return None
        if self.held is not None and asyncio.current_task() is self.reader:
            self.held.append(text)  # its own move's patch: out with the answer, in one write
            return None
        return None if self.wire.write_now(text) else SendFrame(text)

    def text_of(self, event: SendVersion | SendSummary | SendSpectators | SendFrame) -> str | None:
        """Returns the encoded frame an event makes for this socket, if any (a version may make none)."""
        match event:
            case SendVersion(snapshot):
                return self.frame_for(snapshot)
            case SendSummary(summary):
                if self.seat is not None:
                    self.resigned = any(st["seat"] == self.seat and st.get("resigned") for st in summary["seats"])
                return dumps(P.match_frame(summary))
            case SendSpectators(count):
                return spectators_text(count)
            case SendFrame(ready):
                return ready if isinstance(ready, str) else dumps(ready)

    def answer(self, frame: P.ServerFrame | None) -> None:
        """Sends what was held while acting, then the act's answer (``None``: none), in one write when it can."""
        held, self.held = self.held or [], None
        texts = [*held, dumps(frame)] if frame is not None else held
        if self.over or (not texts and not self.outbox):
            return
        if self.wire is not None and self.writer is None and not self.outbox and self.wire.write_now(*texts):
            return
        self.outbox[:0] = [SendFrame(text) for text in held]  # before what came while they were held
        if frame is not None:
            self.outbox.append(SendFrame(texts[-1]))
        self.start_writing()

    def start_writing(self) -> None:
        """Starts a writer for the outbox, unless one runs or the session does not yet."""
        if self.writer is None and self.channel is not None and self.outbox and not self.over:
            self.writer = asyncio.get_running_loop().create_task(write(self, self.channel))

    def frame_for(self, snap: Version) -> str | None:
        """Returns the encoded frame that brings the client from its last view to ``snap``, if any.

        A seat whose view and readable log did not change gets nothing: an empty
        patch would tell it that someone moved in secret (docs/design.md, hidden information). Its next patch
        then names the version it does have as ``base``.
        """
        v = snap.version(self.seat)  # the match's, plus this seat's draft version
        if v <= self.seen:
            return None
        text = snap.frame(self.seat, self.view, self.v, self.log_n)
        self.seen, self.log_n = v, snap.log_length
        if text is not None:
            self.view, self.v = snap.view(self.seat), v
        return text


@functools.lru_cache(maxsize=1024)
def spectators_text(count: int) -> str:
    """Returns a ``spectators`` frame, encoded once per count: a join tells it to every socket of the match."""
    return dumps(P.spectators_frame(count))


async def fail(conn: Connection, match_id: str, failed: BaseException) -> None:
    """Logs a failed session and closes its socket with ``CLOSE_SESSION_FAILED``."""
    conn.over = True
    log.error("socket session failed", exc_info=failed, extra={"match": match_id, "seat": conn.seat})
    if conn.ws.client_state == WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):  # the client may be gone already
            await conn.ws.close(P.CLOSE_SESSION_FAILED, msg.SESSION_FAILED)


GONE = (WebSocketDisconnect, ConnectionError)


async def write(conn: Connection, channel: Channel) -> None:
    """Sends the outbox's events until it is empty, then ends; a failure closes the session."""
    try:
        while conn.outbox and not conn.over:
            events, conn.outbox = conn.outbox, []
            for event in events:
                if not await _send(conn, channel, event):
                    conn.over = True  # the client is gone, or was signed out: the reader ends too
                    return
    except Exception as failed:  # noqa: BLE001 - logged, and the client told to reconnect
        await fail(conn, channel.match_id, failed)
    finally:
        conn.writer = None


async def _send(conn: Connection, channel: Channel, event: Outgoing) -> bool:
    """Sends one event's frame, if it makes one; returns False once the socket is done."""
    frame: str | None
    match event:
        case Resync():
            if channel.snapshot is None:
                return True
            conn.view, conn.v, conn.seen = None, -1, -1
            frame = conn.frame_for(channel.snapshot)
        case Close():
            with contextlib.suppress(*GONE, RuntimeError):  # the client may be gone already
                await conn.ws.close(P.CLOSE_BAD_TOKEN, msg.BAD_TOKEN)
            return False
        case _:
            frame = conn.text_of(event)
    if frame is not None:
        try:
            await conn.ws.send_text(frame)
        except GONE:
            return False
        except RuntimeError:  # starlette: sending after the close
            if conn.ws.application_state != WebSocketState.CONNECTED:
                return False
            raise
    return True
