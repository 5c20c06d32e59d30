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
from collections.abc import Awaitable

from fastapi import FastAPI
from pydantic import ValidationError
from starlette import status
from starlette.datastructures import Headers, QueryParams
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketState

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
    checks) still see it; any other socket path goes on to the app. Like them, it is no
    coroutine itself: it hands on the session's (each frame kept is objects the garbage
    collector walks, for every idle socket, in every full collection).
    """

    def __init__(self, app: ASGIApp):
        self.app = app

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        found = MATCH_SOCKET.fullmatch(scope["path"]) if scope["type"] == "websocket" else None
        if found is None:
            return self.app(scope, receive, send)
        # uvicorn's protocol with our write_now, when nothing between wraps its send.
        wire = getattr(send, "__self__", None)
        wire = wire if callable(getattr(wire, "write_now", None)) else None
        token = QueryParams(scope["query_string"]).get("token")  # not kept on the socket, as ws.query_params is
        return serve_socket(WebSocket(scope, receive, send), found[1], token, scope["app"].state, wire)


class SocketsFirst(FastAPI):
    """FastAPI, handing a match's socket to the app's own middlewares and then its session.

    FastAPI's and Starlette's layers before them (the app, its error, telemetry and body
    limit middlewares) pass a socket on untouched, but each stayed on the socket's stack
    for its whole life: four coroutines more and their cells among the ~80 objects of an idle
    socket that every full collection walks (docs/benchmarks.md). With FastAPI's telemetry
    on, sockets go the usual way.
    """

    sockets: ASGIApp | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        telemetry = getattr(self, "_native_telemetry", None)
        if (
            scope["type"] != "websocket"
            or not MATCH_SOCKET.fullmatch(scope["path"])
            or (telemetry is not None and telemetry.enabled())
        ):
            await super().__call__(scope, receive, send)
            return
        if self.sockets is None:
            # The middlewares as Starlette stacks them; SocketRoute, innermost, takes every match socket.
            stack: ASGIApp = self.router
            for cls, args, kwargs in reversed(self.user_middleware):
                stack = cls(stack, *args, **kwargs)
            self.sockets = stack
        if self.root_path:
            scope["root_path"] = self.root_path
        scope["app"] = self
        await self.sockets(scope, receive, send)


async def serve_socket(ws: WebSocket, match_id: str, token: str | None, app_state, wire=None) -> None:
    """Runs one socket session until the client leaves (or the session fails).

    An idle socket waits here, one coroutine under its task: the opening (:func:`_join`)
    and each client frame (:func:`_answer`) are coroutines only while they run.
    """
    origin = Headers(scope=ws.scope).get("origin")
    if origin is not None and not is_own_origin(HTTPConnection(ws.scope), origin):
        # Another site's page may not play with its visitor's seat (cross-site socket hijacking);
        # bots and scripts send no Origin. Refused before accepting: the browser sees a 403.
        await ws.close(status.WS_1008_POLICY_VIOLATION)
        return
    # Nothing reads the handshake's headers after the origin: the scope would keep them (~1 KB) for the socket's life.
    ws.scope["headers"] = ()
    await ws.accept()
    conn: Connection | None = None
    reading = False
    try:
        conn = await _join(ws, match_id, token, app_state, wire)
        if conn is None:
            return
        service, settings, chat = app_state.service, app_state.settings, app_state.chat
        # A reader that fails closes the session here; a writer that fails closes it from its
        # own task (connection.write), and the reader then ends with the disconnect.
        reading, conn.reader = True, asyncio.current_task()
        conn.start_writing()  # what was offered while the session opened
        limit: RateLimit | None = None  # made at the first client frame: most sockets only watch
        while True:
            try:
                message = await (wire.receive() if wire is not None else ws.receive())
            except GONE:
                return
            if message["type"] == "websocket.disconnect":
                ws.client_state = WebSocketState.DISCONNECTED  # as starlette's receive would note
                return
            limit = limit or RateLimit(settings.max_frames_per_second)
            await _answer(conn, message.get("text"), limit, match_id, service, settings, chat)
    except Exception as failed:
        if not reading or conn is None:
            raise  # the session did not open: uvicorn logs it and closes the socket
        await fail(conn, match_id, failed)
    finally:
        if conn is not None:
            conn.over = True
            if conn.writer is not None:
                conn.writer.cancel()
            _leave(app_state, match_id, conn)
        app_state.hub.release(match_id)  # a connect that never joined keeps nothing


async def _join(ws: WebSocket, match_id: str, token: str | None, app_state, wire=None) -> Connection | None:
    """Opens the session: its connection joins the match's channel, hello, chat and state offered.

    Returns ``None`` when the socket was closed instead (no such match, a bad token).
    """
    service: MatchService = app_state.service
    # Read once for every socket of the match while this worker watches it: a thousand connects are one read.
    match, seats, chat = await app_state.hub.read_once(match_id, "opening", lambda m: _opening(service, m))
    if match is None:
        await ws.close(P.CLOSE_UNKNOWN_MATCH, msg.UNKNOWN_MATCH)
        return None
    seat = device_id = player = None
    if token:
        found = await app_state.devices.sign_in(token)
        if found is None:
            await ws.close(P.CLOSE_BAD_TOKEN, msg.BAD_TOKEN)
            return None
        player, device = found
        seat, device_id = next((st.seat for st in seats if st.player_id == player.id), None), device.id

    conn = Connection(ws, seat, device_id, player, wire)
    if device_id is not None:  # a spectator has no device to stamp as seen
        conn.touch = app_state.devices.touch
    # Signing in stamped the device unless it was seen this last minute: no stamp is due before a minute on.
    conn.touched = time.monotonic()
    conn.resigned = seat is not None and bool(seats[seat].resigned)
    channel = app_state.hub.join(match_id, match.game, conn)
    try:
        if seat is not None and channel.game.draft_actions:  # the seat sees its own secret draft
            for owner, draft in (await service.drafts(match_id)).items():
                channel.offer_draft(owner, *draft.own(), tell=False)
        # Only a seat coming online changes the summary; a spectator changes a count, so a crowd
        # arriving sends no summary to everyone.
        if seat is not None and service.arrive(match_id, seat):
            app_state.hub.touch(match_id)
        conn.offer(SendFrame(P.hello_frame(seat, service.summary(match, seats), channel.spectators)))
        conn.offer(SendFrame(chat))
        if match.state is not None:
            if channel.v < match.v:
                channel.offer_state(match.v, match.state)
            else:
                conn.offer(Resync())
    except BaseException:
        _leave(app_state, match_id, conn)
        raise
    conn.channel = channel
    return conn


def _leave(app_state, match_id: str, conn: Connection) -> None:
    """Takes a joined connection out of its match's channel; a seat going offline changes the summary."""
    app_state.hub.leave(match_id, conn)
    if conn.seat is not None and app_state.service.depart(match_id, conn.seat):
        app_state.hub.touch(match_id)


async def _opening(service: MatchService, match_id: str) -> tuple:
    """Returns the match (``None`` if there is none), its seats and the chat's opening frame, encoded."""
    match, seats, messages = await read_opening(service.engine, match_id)
    if match is None:
        return None, [], None
    return match, seats, dumps(P.chat_frame([as_dict(m) for m in messages], bool(match.spectators_muted)))


async def _answer(
    conn: Connection, text: str | None, limit: RateLimit, match_id: str, service: MatchService, settings, chat
) -> None:
    """Answers one client frame (``text`` ``None``: a binary one)."""
    if text is None:
        conn.offer(SendFrame(P.error_frame(msg.BINARY_FRAME)))
        return
    size = len(text.encode("utf-8", "surrogatepass")) if len(text) <= settings.max_frame_bytes else len(text)
    if size > settings.max_frame_bytes:
        conn.offer(SendFrame(P.error_frame(msg.FRAME_TOO_BIG.format(limit=settings.max_frame_bytes))))
        return
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
        return
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
