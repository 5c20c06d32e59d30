"""One socket session: a seat (or a spectator) of one match.

A reader loop decodes client frames and answers each; a writer task drains a
bounded queue of events offered by the hub's channel and turns each new view
into a patch against the last view this socket was sent. A bad frame gets an
``error``/``reject`` frame and the socket stays open; only auth failures close it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import messages as msg
from . import protocol as P
from .diff import diff
from .matches import MatchService, Rejected, ServiceError

log = logging.getLogger("caravela.ws")

QUEUE_LIMIT = 256


class Connection:
    """A socket's seat, its last sent view and its outgoing queue."""

    def __init__(self, ws: WebSocket, seat: int | None):
        self.ws = ws
        self.seat = seat
        self.queue: asyncio.Queue = asyncio.Queue(QUEUE_LIMIT)
        self.view: dict | None = None
        self.v = -1

    def offer(self, event: tuple) -> None:
        """Queues an event; a socket that falls this far behind gets a fresh state instead."""
        try:
            self.queue.put_nowait(event)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(("resync",))

    def frame_for_view(self, v: int, view: dict) -> dict | None:
        """Returns the frame that brings the client from its last view to ``view``."""
        if v <= self.v:
            return None
        if self.view is None:
            frame = P.state_frame(v, view)
        else:
            old_log = len(self.view.get("log", ()))
            frame = P.patch_frame(v, diff(self.view, view), view.get("log", [])[old_log:])
        self.view, self.v = view, v
        return frame


class RateLimit:
    """Token bucket: ``rate`` frames a second, bursts up to ``rate``."""

    def __init__(self, rate: int):
        self.rate = rate
        self.tokens = float(rate)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.rate, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


async def serve_socket(ws: WebSocket, match_id: str, token: str | None, app_state) -> None:
    """Runs one socket session until the client leaves."""
    service: MatchService = app_state.service
    settings = app_state.settings
    await ws.accept()
    try:
        match, seats = await service.get(match_id)
    except ServiceError:
        await ws.close(P.CLOSE_UNKNOWN_MATCH, msg.UNKNOWN_MATCH)
        return
    seat = None
    if token:
        player = await service.player_by_token(token)
        if player is None:
            await ws.close(P.CLOSE_BAD_TOKEN, msg.BAD_TOKEN)
            return
        seat = next((st.seat for st in seats if st.player_id == player.id), None)

    conn = Connection(ws, seat)
    channel = app_state.hub.join(match_id, match.game, conn)
    if seat is not None:
        service.presence[match_id][seat] += 1
    writer = asyncio.create_task(_write(conn, channel))
    try:
        conn.offer(("frame", P.hello_frame(seat, service.summary(match, seats))))
        await app_state.hub.deliver(match_id, "match", match.v, None)  # tell everyone who is online
        if match.state is not None:
            if channel.v < match.v:
                channel.offer_state(match.v, match.state)
            else:
                conn.offer(("resync",))
        await _read(conn, match_id, service, settings)
    finally:
        app_state.hub.leave(match_id, conn)
        writer.cancel()
        if seat is not None:
            service.presence[match_id][seat] -= 1
            try:
                await app_state.hub.deliver(match_id, "match", -1, None)
            except Exception:  # noqa: BLE001 - the database may be going down with us
                pass


async def _write(conn: Connection, channel) -> None:
    try:
        while True:
            event = await conn.queue.get()
            if event[0] == "view":
                frame = conn.frame_for_view(event[1], event[2])
            elif event[0] == "resync":
                if channel.state is None:
                    continue
                conn.view, conn.v = None, -1
                frame = conn.frame_for_view(channel.v, channel.game.view(channel.state, conn.seat))
            elif event[0] == "match":
                frame = P.match_frame(event[1])
            else:
                frame = event[1]
            if frame is not None:
                await conn.ws.send_text(json.dumps(frame, separators=(",", ":")))
    except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
        pass


async def _read(conn: Connection, match_id: str, service: MatchService, settings) -> None:
    limit = RateLimit(settings.max_frames_per_second)
    while True:
        try:
            text = await conn.ws.receive_text()
        except (WebSocketDisconnect, RuntimeError, KeyError):
            return
        if len(text.encode()) > settings.max_frame_bytes:
            conn.offer(("frame", P.error_frame(msg.FRAME_TOO_BIG.format(limit=settings.max_frame_bytes))))
            continue
        if not limit.allow():
            conn.offer(("frame", P.error_frame(msg.FLOODING)))
            continue
        try:
            frame = P.ClientFrame.validate_json(text)
        except ValidationError as err:
            conn.offer(("frame", P.error_frame(_reason(text, err))))
            continue
        if isinstance(frame, P.Ping):
            conn.offer(("frame", P.pong_frame()))
        elif isinstance(frame, P.Sync):
            conn.offer(("resync",))
        else:
            await _act(conn, match_id, frame, service)


async def _act(conn: Connection, match_id: str, frame: P.Act, service: MatchService) -> None:
    if conn.seat is None:
        conn.offer(("frame", P.reject_frame(frame.id, msg.SPECTATOR_CANNOT_ACT)))
        return
    try:
        done = await service.accept(match_id, conn.seat, frame.id, frame.v, frame.action)
    except Rejected as err:
        conn.offer(("frame", P.reject_frame(frame.id, err.reason)))
        if err.reason.startswith(msg.STALE.split(":")[0]):
            conn.offer(("resync",))
        return
    conn.offer(("frame", P.ack_frame(frame.id, done.v)))


def _reason(text: str, err: ValidationError) -> str:
    try:
        json.loads(text)
    except ValueError:
        return msg.MALFORMED_JSON
    first = err.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ()))
    return msg.MALFORMED_FRAME.format(detail=f"{where}: {first.get('msg')}" if where else first.get("msg"))
