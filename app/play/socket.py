"""One socket session: a seat (or a spectator) of one match.

The session's own task reads client frames and answers each; what the hub's channel
offers is written by the socket's connection (app/play/connection.py). If either the
reader or a writer fails, the session is logged and closed with
``CLOSE_SESSION_FAILED`` instead of living on half-dead. A bad frame gets an
``error``/``reject`` frame and the socket stays open; only auth failures close it.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time

from pydantic import ValidationError
from starlette import status
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from app import messages as msg
from app.errors import Rejected, ServiceError, Stale
from app.ops.links import client_address, is_own_origin
from app.play import protocol as P
from app.play.connection import GONE, Connection, fail
from app.play.matches import MatchService
from app.play.opening import as_dict, read_opening
from app.play.outbox import Resync, SendFrame
from app.play.ratelimit import RateLimit
from app.store.jsoncodec import dumps

log = logging.getLogger("caravela.ws")
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
        # uvicorn's protocol with our write_now, when nothing between wraps its send.
        wire = getattr(send, "__self__", None)
        wire = wire if callable(getattr(wire, "write_now", None)) else None
        await serve_socket(ws, found[1], ws.query_params.get("token"), scope["app"].state, wire)


async def serve_socket(ws: WebSocket, match_id: str, token: str | None, app_state, wire=None) -> None:
    """Runs one socket session until the client leaves (or the session fails)."""
    origin = ws.headers.get("origin")
    if origin is not None and not is_own_origin(ws, origin):
        # Another site's page may not play with its visitor's seat (cross-site socket hijacking);
        # bots and scripts send no Origin. Refused before accepting: the browser sees a 403.
        await ws.close(status.WS_1008_POLICY_VIOLATION)
        return
    await ws.accept()
    try:
        await _serve(ws, match_id, token, app_state, wire)
    finally:
        app_state.hub.release(match_id)  # a connect that never joined keeps nothing


async def _serve(ws: WebSocket, match_id: str, token: str | None, app_state, wire=None) -> None:
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

    conn = Connection(ws, seat, device_id, player, wire)
    conn.touch = app_state.devices.touch
    # Signing in stamped the device unless it was seen this last minute: no stamp is due before a minute on.
    conn.touched = time.monotonic()
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
    conn.channel, conn.reader = channel, asyncio.current_task()
    conn.start_writing()  # what was offered while the session opened
    try:
        await _read(conn, match_id, service, settings, chat)
    except Exception as failed:  # noqa: BLE001 - logged, and the client told to reconnect
        await fail(conn, match_id, failed)
    finally:
        conn.over = True
        if conn.writer is not None:
            conn.writer.cancel()


async def _read(conn: Connection, match_id: str, service: MatchService, settings, chat) -> None:
    """Answers client frames until the client leaves."""
    limit = RateLimit(settings.max_frames_per_second)
    while True:
        try:
            message = await conn.ws.receive()
        except GONE:
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
    answer: P.ServerFrame | None = None
    stale = False
    conn.held = []  # the move's own patch goes out with its ack, in one write (app/play/wsprotocol.py)
    try:
        done = await service.accept(match_id, conn.seat, frame.id, frame.v, frame.action)
        answer = P.ack_frame(frame.id, done.seen)
    except Rejected as err:
        answer, stale = P.reject_frame(frame.id, err.reason, err.key, err.args_), isinstance(err, Stale)
    finally:
        conn.answer(answer)  # or, if accepting failed, at least what was held
    if stale:
        conn.offer(Resync())


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
