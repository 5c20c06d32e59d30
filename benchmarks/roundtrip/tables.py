"""One match as the benchmark plays it: four seat sockets, and a move = act → every seat patched.

``Caravela`` and ``Floor`` say how to reach a seat and which move to make; a
:class:`Table` is the same for both. Each socket has one reader task that keeps
its seat's view (Caravela: applying patches) and wakes the mover once every seat
has the version it waits for.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid

import jsonpatch
from websockets.asyncio.client import connect

SEATS = 4
MAX_SIZE = 1 << 22
MOVE_TIMEOUT = 60  # seconds: a move not seen by every seat by then is counted as refused


class Caravela:
    name = "Caravela"

    def __init__(self, port: int, tokens: list[str]):
        self.port, self.tokens = port, tokens

    def url(self, match: str, seat: int | None) -> str:
        base = f"ws://127.0.0.1:{self.port}/ws/matches/{match}"
        return base if seat is None else f"{base}?token={self.tokens[seat]}"

    @staticmethod
    def next_move(views: list[dict], versions: list[int]) -> tuple[int, dict]:
        seat = views[0]["to_act"][0]
        return seat, views[seat]["legal"][0]


class Floor:
    name = "floor"

    def __init__(self, port: int, tokens: list[str] | None = None):
        self.port = port

    def url(self, match: str, seat: int | None) -> str:
        return f"ws://127.0.0.1:{self.port}/m/{match}/{seat}"

    @staticmethod
    def next_move(views: list[dict], versions: list[int]) -> tuple[int, dict]:
        return versions[0] % SEATS, {}


class Table:
    """The four seats of one match, on their own sockets."""

    def __init__(self, proto, match: str):
        self.proto, self.match = proto, match
        self.views: list[dict] = [{} for _ in range(SEATS)]
        self.versions = [-1] * SEATS
        self.want = 0
        self.arrived = asyncio.Event()
        self.ready = asyncio.Event()
        self.errors = 0

    async def open(self) -> None:
        self.socks = [
            await connect(self.proto.url(self.match, s), max_size=MAX_SIZE, open_timeout=60) for s in range(SEATS)
        ]
        self.readers = [asyncio.create_task(self._read(s)) for s in range(SEATS)]
        while min(self.versions) < 0:
            await self._changed()

    async def close(self) -> None:
        for r in self.readers:
            r.cancel()
        for s in self.socks:
            await s.close()

    async def _changed(self) -> None:
        self.arrived.clear()
        await self.arrived.wait()

    async def _read(self, seat: int) -> None:
        async for text in self.socks[seat]:
            frame = json.loads(text)
            kind = frame["type"]
            if kind == "state":
                self.views[seat], self.versions[seat] = frame.get("view", {}), frame["v"]
            elif kind == "patch":
                if self.views[seat]:
                    self.views[seat] = jsonpatch.apply_patch(self.views[seat], frame["ops"], in_place=True)
                self.versions[seat] = frame["v"]
            elif kind == "reject":
                self.errors += 1
                self.want = -1  # the mover gives up on this move
            else:
                continue
            if min(self.versions) >= self.want:
                self.arrived.set()

    async def move(self) -> float | None:
        """Makes the next move; returns seconds from act to every seat patched (None: refused)."""
        seat, action = self.proto.next_move(self.views, self.versions)
        self.want = max(self.versions) + 1
        t0 = time.monotonic()
        frame = {"type": "act", "id": uuid.uuid4().hex, "v": self.versions[seat], "action": action}
        await self.socks[seat].send(json.dumps(frame))
        try:
            async with asyncio.timeout(MOVE_TIMEOUT):
                while self.want >= 0 and min(self.versions) < self.want:
                    await self._changed()
        except TimeoutError:
            self.errors += 1  # lost (the server failed it): counted, and the match plays on
            return None
        if self.want < 0:
            return None
        return time.monotonic() - t0
