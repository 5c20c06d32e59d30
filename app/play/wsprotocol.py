"""uvicorn's sans-I/O websocket protocol, keeping less per idle socket.

Ten thousand spectators on one worker are ten thousand of these objects. Measured
with tracemalloc, uvicorn's keeps per socket: an ``asyncio.Queue`` and an
``asyncio.Event`` (five empty deques, ~4 KB) and the handshake's request and response
headers as parsed by websockets (~4 KB; the scope has its own copy of the request's).
This subclass swaps the first for one-consumer equivalents that allocate only while
someone waits, and empties the second once the handshake is done. Nothing else of
uvicorn's behaviour changes; SERVER_OPTIONS (app/__main__.py) names it as ``ws``.

It also lets the app write a text frame straight to the transport (:meth:`write_now`):
a move's frames go out from the move's own task, with no task per socket and no
await through starlette and uvicorn's ``send`` (docs/benchmarks.md, the act path).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState


class Inbox:
    """``asyncio.Queue``'s ``put_nowait``/``get``/``empty`` for one consumer: the app's ``receive``."""

    __slots__ = ("items", "waiter")

    def __init__(self) -> None:
        self.items: list = []
        self.waiter: asyncio.Future | None = None

    def put_nowait(self, item: Any) -> None:
        self.items.append(item)
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    def empty(self) -> bool:
        return not self.items

    async def get(self) -> Any:
        while not self.items:
            self.waiter = asyncio.get_running_loop().create_future()
            try:
                await self.waiter
            finally:
                self.waiter = None
        return self.items.pop(0)


class Flag:
    """``asyncio.Event``'s ``set``/``clear``/``wait``, with a future only while someone waits."""

    __slots__ = ("up", "waiters")

    def __init__(self) -> None:
        self.up = False
        self.waiters: list[asyncio.Future] = []

    def set(self) -> None:
        self.up = True
        for waiter in self.waiters:
            if not waiter.done():
                waiter.set_result(None)
        self.waiters = []

    def clear(self) -> None:
        self.up = False

    def is_set(self) -> bool:
        return self.up

    async def wait(self) -> None:
        while not self.up:  # the socket paused writing: wait until it drains
            waiter = asyncio.get_running_loop().create_future()
            self.waiters.append(waiter)
            await waiter


class IdleSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's protocol with a lighter queue and flag, and no handshake headers or response kept."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = Inbox()  # type: ignore[assignment]
        self.writable = Flag()  # type: ignore[assignment]
        self.writable.set()

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        # The scope holds its own copy; websockets' parser would keep this one for the socket's life.
        event.headers.clear()

    def write_now(self, *texts: str) -> bool:
        """Writes text frames at once, as ``send`` would, in one write; False when they must wait or cannot go.

        The caller then sends it the usual way, which waits while the client reads slowly
        (the transport paused writing) and reports a socket that is gone or closing.
        """
        if (
            not self.writable.up  # type: ignore[attr-defined]  # our Flag, set in __init__
            or self.disconnected
            or self.close_sent
            or not self.handshake_complete
            or self.initial_response is not None
            or self.transport.is_closing()
        ):
            return False
        try:
            for text in texts:
                self.conn.send_text(text.encode())
        except InvalidState:  # the client's close came in: the usual way reports it
            return False
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True

    async def receive(self) -> Any:
        """uvicorn's ``receive``, waiting on the inbox itself: an idle socket's stack is one coroutine shorter."""
        inbox: Inbox = self.queue  # type: ignore[assignment]  # ours, set in __init__
        while not inbox.items:
            inbox.waiter = self.loop.create_future()
            try:
                await inbox.waiter
            finally:
                inbox.waiter = None
        message = inbox.items.pop(0)
        if self.read_paused and not inbox.items:
            self.read_paused = False
            self.transport.resume_reading()
        return message

    async def send(self, message: Any) -> None:
        await super().send(message)
        if message["type"] == "websocket.accept" and self.handshake_complete:
            self.response = None  # type: ignore[assignment]  # sent; uvicorn never reads it again
