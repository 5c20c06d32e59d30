"""One socket session: a seat (or a spectator) of one match.

The session's own task reads client frames and answers each. Events offered by the
hub's channel wait in the connection's outbox; a writer task runs only while the
outbox holds some, turning each new version into a patch against the last view this
socket was sent, and ends when it is empty: an idle socket holds one task, not two
(ten thousand idle spectators must stay cheap). If either the reader or a writer fails, the session is logged and closed
with ``CLOSE_SESSION_FAILED`` instead of living on half-dead. A bad frame gets an
``error``/``reject`` frame and the socket stays open; only auth failures close it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from pydantic import ValidationError
from starlette import status
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from app import messages as msg
from app.errors import Rejected, ServiceError, Stale
from app.ops.links import client_address, is_own_origin
from app.play import protocol as P
from app.play.matches import MatchService
from app.play.opening import read_opening
from app.play.outbox import Close, Outgoing, Resync, SendFrame, SendSpectators, SendSummary, SendVersion, Version
from app.play.ratelimit import RateLimit
from app.store.jsoncodec import dumps
from app.table.chat import as_dict

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
        "log_n",
        "outbox",
        "over",
        "player",
        "resigned",
        "seat",
        "seen",
        "spectators",
        "touch",
        "touched",
        "v",
        "view",
        "writer",
        "ws",
    )

    def __init__(self, ws: WebSocket, seat: int | None, device_id: str | None = None, player=None):
        self.ws = ws
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
        """Queues an event; a socket that falls this far behind gets a fresh state instead."""
        if self.over:
            return
        if len(self.outbox) >= QUEUE_LIMIT:
            # A signed-out device must still be closed; anything else is caught up by a state.
            self.outbox = [event if isinstance(event, Close) else Resync()]
        else:
            self.outbox.append(event)
        self.start_writing()

    def start_writing(self) -> None:
        """Starts a writer for the outbox, unless one runs or the session does not yet."""
        if self.writer is None and self.channel is not None and self.outbox and not self.over:
            self.writer = asyncio.get_running_loop().create_task(_write(self, self.channel))

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


MATCH_SOCKET = re.compile(r"/ws/matches/([^/]+)")


class SocketRoute:
    """ASGI middleware: ``WS /ws/matches/{id}?token=`` goes straight to its session.

    A socket's coroutine stays on the stack for the socket's whole life, and with it
    every layer it passed through: FastAPI's route, its dependency and exception
    wrappers and their exit stacks were ~11 KB of each idle socket (tracemalloc,
    docs/benchmarks.md). The security middlewares outside this one (forwarded headers, input
    checks) still see it; any other socket path goes on to the app.
    """

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = MATCH_SOCKET.fullmatch(scope["path"]) if scope["type"] == "websocket" else None
        if found is None:
            await self.app(scope, receive, send)
            return
        ws = WebSocket(scope, receive, send)
        await serve_socket(ws, found[1], ws.query_params.get("token"), scope["app"].state)


async def serve_socket(ws: WebSocket, match_id: str, token: str | None, app_state) -> None:
    """Runs one socket session until the client leaves (or the session fails)."""
    origin = ws.headers.get("origin")
    if origin is not None and not is_own_origin(ws, origin):
        # Another site's page may not play with its visitor's seat (cross-site socket hijacking);
        # bots and scripts send no Origin. Refused before accepting: the browser sees a 403.
        await ws.close(status.WS_1008_POLICY_VIOLATION)
        return
    await ws.accept()
    try:
        await _serve(ws, match_id, token, app_state)
    finally:
        app_state.hub.release(match_id)  # a connect that never joined keeps nothing


async def _serve(ws: WebSocket, match_id: str, token: str | None, app_state) -> None:
    service: MatchService = app_state.service
    # Read once for every socket of the match while this worker watches it: a thousand connects are one read.
    match, seats, chat = await app_state.hub.read_once(match_id, "opening", lambda m: _opening(service, m))
    if match is None:
        await ws.close(P.CLOSE_UNKNOWN_MATCH, msg.UNKNOWN_MATCH)
        return
    seat = device_id = player = None
    if token:
        found = await app_state.devices.sign_in(token)
        if found is None:
            await ws.close(P.CLOSE_BAD_TOKEN, msg.BAD_TOKEN)
            return
        player, device = found
        seat, device_id = next((st.seat for st in seats if st.player_id == player.id), None), device.id

    conn = Connection(ws, seat, device_id, player)
    conn.touch = app_state.devices.touch
    conn.resigned = seat is not None and bool(seats[seat].resigned)
    channel = app_state.hub.join(match_id, match.game, conn)
    if seat is not None and channel.game.draft_actions:  # the seat sees its own secret draft
        for owner, draft in (await service.drafts(match_id)).items():
            channel.offer_draft(owner, *draft.own(), tell=False)
    # Only a seat coming online changes the summary; a spectator changes a count, so a crowd
    # arriving sends no summary to everyone.
    if seat is not None and service.arrive(match_id, seat):
        app_state.hub.touch(match_id)
    try:
        conn.offer(SendFrame(P.hello_frame(seat, service.summary(match, seats), channel.spectators)))
        conn.offer(SendFrame(chat))
        if match.state is not None:
            if channel.v < match.v:
                channel.offer_state(match.v, match.state)
            else:
                conn.offer(Resync())
        await _run(conn, channel, match_id, service, app_state.settings, app_state.chat)
    finally:
        app_state.hub.leave(match_id, conn)
        if seat is not None and service.depart(match_id, seat):
            app_state.hub.touch(match_id)


async def _opening(service: MatchService, match_id: str) -> tuple:
    """Returns the match (``None`` if there is none), its seats and the chat's opening frame, encoded."""
    match, seats, messages = await read_opening(service.engine, match_id)
    if match is None:
        return None, [], None
    return match, seats, dumps(P.chat_frame([as_dict(m) for m in messages], bool(match.spectators_muted)))


async def _run(conn: Connection, channel, match_id: str, service: MatchService, settings, chat) -> None:
    """Reads until the client leaves, writing meanwhile whatever the channel offers.

    A reader that fails closes the session here; a writer that fails closes it from its
    own task (:func:`_write`), and the reader then ends with the disconnect.
    """
    conn.channel = channel
    conn.start_writing()  # what was offered while the session opened
    try:
        await _read(conn, match_id, service, settings, chat)
    except Exception as failed:  # noqa: BLE001 - logged, and the client told to reconnect
        await _fail(conn, match_id, failed)
    finally:
        conn.over = True
        if conn.writer is not None:
            conn.writer.cancel()


async def _fail(conn: Connection, match_id: str, failed: BaseException) -> None:
    """Logs a failed session and closes its socket with ``CLOSE_SESSION_FAILED``."""
    conn.over = True
    log.error("socket session failed", exc_info=failed, extra={"match": match_id, "seat": conn.seat})
    if conn.ws.client_state == WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):  # the client may be gone already
            await conn.ws.close(P.CLOSE_SESSION_FAILED, msg.SESSION_FAILED)


_GONE = (WebSocketDisconnect, ConnectionError)


async def _write(conn: Connection, channel: Channel) -> None:
    """Sends the outbox's events until it is empty, then ends; a failure closes the session."""
    try:
        while conn.outbox and not conn.over:
            events, conn.outbox = conn.outbox, []
            for event in events:
                if not await _send(conn, channel, event):
                    conn.over = True  # the client is gone, or was signed out: the reader ends too
                    return
    except Exception as failed:  # noqa: BLE001 - logged, and the client told to reconnect
        await _fail(conn, channel.match_id, failed)
    finally:
        conn.writer = None


async def _send(conn: Connection, channel: Channel, event: Outgoing) -> bool:
    """Sends one event's frame, if it makes one; returns False once the socket is done."""
    frame: P.ServerFrame | str | None
    match event:
        case SendVersion(snapshot):
            frame = conn.frame_for(snapshot)
        case Resync():
            if channel.snapshot is None:
                return True
            conn.view, conn.v, conn.seen = None, -1, -1
            frame = conn.frame_for(channel.snapshot)
        case SendSummary(summary):
            frame = P.match_frame(summary)
            if conn.seat is not None:
                conn.resigned = any(st["seat"] == conn.seat and st.get("resigned") for st in summary["seats"])
        case SendSpectators(count):
            frame = P.spectators_frame(count)
        case Close():
            with contextlib.suppress(*_GONE, RuntimeError):  # the client may be gone already
                await conn.ws.close(P.CLOSE_BAD_TOKEN, msg.BAD_TOKEN)
            return False
        case SendFrame(ready):
            frame = ready
    if frame is not None:
        try:
            await conn.ws.send_text(frame if isinstance(frame, str) else dumps(frame))
        except _GONE:
            return False
        except RuntimeError:  # starlette: sending after the close
            if conn.ws.application_state != WebSocketState.CONNECTED:
                return False
            raise
    return True


async def _read(conn: Connection, match_id: str, service: MatchService, settings, chat) -> None:
    """Answers client frames until the client leaves."""
    limit = RateLimit(settings.max_frames_per_second)
    while True:
        try:
            message = await conn.ws.receive()
        except _GONE:
            return
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            conn.offer(SendFrame(P.error_frame(msg.BINARY_FRAME)))
            continue
        size = len(text.encode("utf-8", "surrogatepass")) if len(text) <= settings.max_frame_bytes else len(text)
        if size > settings.max_frame_bytes:
            conn.offer(SendFrame(P.error_frame(msg.FRAME_TOO_BIG.format(limit=settings.max_frame_bytes))))
            continue
        frame: P.Act | P.Sync | P.Ping | P.Say | None = None
        try:
            frame = P.ClientFrame.validate_json(text)
        except ValidationError as err:
            reason = _reason(err)
        if not limit.allow():
            # Every act gets an answer carrying its id, even one dropped here.
            if isinstance(frame, P.Act):
                conn.offer(SendFrame(P.reject_frame(frame.id, msg.FLOODING, msg.FLOODING.key)))
            else:
                conn.offer(SendFrame(P.error_frame(msg.FLOODING)))
            continue
        if frame is None:
            conn.offer(SendFrame(P.error_frame(reason)))
        elif isinstance(frame, P.Ping):
            conn.offer(SendFrame(P.pong_frame()))
        elif isinstance(frame, P.Sync):
            conn.offer(Resync())
        elif isinstance(frame, P.Say):
            await _say(conn, match_id, frame, chat)
            await conn.active()
        else:
            await _act(conn, match_id, frame, service)
            await conn.active()


async def _act(conn: Connection, match_id: str, frame: P.Act, service: MatchService) -> None:
    if conn.seat is None:
        refusal = msg.SPECTATOR_CANNOT_ACT
        conn.offer(SendFrame(P.reject_frame(frame.id, refusal, refusal.key)))
        return
    if conn.resigned:
        conn.offer(SendFrame(P.reject_frame(frame.id, msg.RESIGNED, msg.RESIGNED.key)))
        return
    try:
        done = await service.accept(match_id, conn.seat, frame.id, frame.v, frame.action)
    except Rejected as err:
        conn.offer(SendFrame(P.reject_frame(frame.id, err.reason, err.key, err.args_)))
        if isinstance(err, Stale):
            conn.offer(Resync())
        return
    conn.offer(SendFrame(P.ack_frame(frame.id, done.seen)))


async def _say(conn: Connection, match_id: str, frame: P.Say, chat) -> None:
    """Says a chat line; it comes back to every socket (this one too) as a ``chat`` frame."""
    try:
        await chat.say(match_id, conn.player, frame.text, client_address(conn.ws))
    except ServiceError as err:
        conn.offer(SendFrame(P.error_frame(msg.Message(err.key or "", err.reason, err.args_))))


def _reason(err: ValidationError) -> str:
    """Returns one sentence for a frame pydantic could not read (never re-parses the text)."""
    first = err.errors(include_url=False, include_input=False)[0]
    if first.get("type") == "json_invalid":
        # A lone surrogate escape (\ud800) is refused by the parser itself, like NUL later.
        return msg.BAD_CHARACTER if "surrogate" in first.get("msg", "") else msg.MALFORMED_JSON
    where = ".".join(str(p) for p in first.get("loc", ()))
    problem = first.get("msg", "invalid")
    return msg.MALFORMED_FRAME.format(detail=f"{where}: {problem}" if where else problem)
