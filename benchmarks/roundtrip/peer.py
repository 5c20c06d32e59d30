"""boardgame.io beside Caravela: its install, its server, its lobby and one of its tables.

boardgame.io is installed from the npm registry with ``npm install`` into a directory
outside the repository's files (``benchmarks/.peer/``, ignored by git, or ``--peer-dir``):
none of its code is ours. The game it runs, ``benchmarks/peer/tally.js``, is ours.

A :class:`BgioTable` plays one match like :class:`roundtrip.tables.Table` does: four seat
sockets, and a move = one seat's ``update`` → every seat's ``update`` frame with the new
``_stateID``. It speaks socket.io's wire protocol (Engine.IO 4) over a plain websocket, so
the load processes are the same Python clients for both servers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from .servers import _listening, _serving, free_port
from .tables import MAX_SIZE, MOVE_TIMEOUT, SEATS

HERE = Path(__file__).resolve().parent.parent
GAME_DIR = HERE / "peer"
DEFAULT_DIR = HERE / ".peer"
VERSION = "0.50"  # the release line measured; npm picks its latest patch
NAMESPACE = "/tally"


def install(where: Path = DEFAULT_DIR) -> str:
    """Installs boardgame.io (and node-persist, which its FlatFile store needs); returns its version."""
    package = where / "node_modules" / "boardgame.io" / "package.json"
    if not package.exists():
        where.mkdir(parents=True, exist_ok=True)
        (where / "package.json").write_text('{"private": true}\n')
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", f"boardgame.io@{VERSION}", "node-persist@3"],
            cwd=where,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return json.loads(package.read_text())["version"]


@contextlib.contextmanager
def server(where: Path, storage: str) -> Iterator[tuple[int, subprocess.Popen]]:
    """Runs boardgame.io's server with the tally game; ``storage`` is ``memory`` or ``flatfile``."""
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="bench-bgio-")
    env = {**os.environ, "NODE_PATH": str(where / "node_modules"), "NODE_ENV": "production"}
    cmd = ["node", str(GAME_DIR / "server.js"), "--port", str(port), "--storage", storage, "--dir", tmp]
    try:
        with _serving(cmd, lambda: _listening(port), "boardgame.io", env=env) as proc:
            yield port, proc
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


async def _open(port: int, n: int, in_flight: int) -> tuple[list[str], list[str]]:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        gate = asyncio.Semaphore(in_flight)

        async def one() -> str:
            async with gate:
                r = await http.post("/games/tally/create", json={"numPlayers": SEATS})
                r.raise_for_status()
                match_id = r.json()["matchID"]
                creds = []
                for seat in range(SEATS):
                    r = await http.post(
                        f"/games/tally/{match_id}/join", json={"playerID": str(seat), "playerName": f"P{seat}"}
                    )
                    r.raise_for_status()
                    creds.append(r.json()["playerCredentials"])
                return match_id + ":" + ",".join(creds)

        return list(await asyncio.gather(*(one() for _ in range(n)))), []


def matches(port: int, n: int, in_flight: int = 8) -> tuple[list[str], list[str]]:
    """Opens ``n`` tally matches through boardgame.io's lobby API, every seat joined.

    Each match is ``"<id>:<credentials of seat 0>,…"``: boardgame.io checks a seat's
    credentials on every move, where Caravela checks its token once per socket.
    """
    return asyncio.run(_open(port, n, in_flight))


class Bgio:
    name = "boardgame.io"

    def __init__(self, port: int, tokens: list[str] | None = None):
        self.port = port

    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/socket.io/?EIO=4&transport=websocket"

    def table(self, match: str) -> BgioTable:
        return BgioTable(self, match)


class BgioTable:
    """The four seats of one boardgame.io match, each on its own socket.io connection."""

    def __init__(self, proto: Bgio, match: str):
        self.proto = proto
        self.match, creds = match.split(":")
        self.creds = creds.split(",")
        self.states: list[dict] = [{} for _ in range(SEATS)]
        self.versions = [-1] * SEATS
        self.want = 0
        self.arrived = asyncio.Event()
        self.errors = 0

    async def _emit(self, seat: int, *args) -> None:
        await self.socks[seat].send(f"42{NAMESPACE}," + json.dumps(args))

    async def open(self) -> None:
        self.socks = []
        for _ in range(SEATS):
            ws = await connect(self.proto.url(), max_size=MAX_SIZE, open_timeout=60)
            await ws.recv()  # Engine.IO's open packet
            await ws.send(f"40{NAMESPACE},")
            while not str(await ws.recv()).startswith(f"40{NAMESPACE},"):
                pass
            self.socks.append(ws)
        self.readers = [asyncio.create_task(self._read(s)) for s in range(SEATS)]
        for seat in range(SEATS):
            await self._emit(seat, "sync", self.match, str(seat), self.creds[seat], SEATS)
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
        prefix = f"42{NAMESPACE},"
        async for text in self.socks[seat]:
            if text == "2":  # Engine.IO ping
                await self.socks[seat].send("3")
                continue
            if not isinstance(text, str) or not text.startswith(prefix):
                continue
            event, *args = json.loads(text[len(prefix) :])
            if event == "sync":
                state = args[1]["state"]
            elif event == "update":
                state = args[1]
            else:
                continue
            self.states[seat], self.versions[seat] = state, state["_stateID"]
            if min(self.versions) >= self.want:
                self.arrived.set()

    def _next_move(self) -> tuple[int, dict]:
        ctx = self.states[0]["ctx"]
        if ctx.get("activePlayers"):
            seat = int(min(ctx["activePlayers"]))
            return seat, {"type": "pick", "args": [0]}
        return int(ctx["currentPlayer"]), {"type": "add", "args": [1]}

    async def move(self) -> float | None:
        """Makes the next move; returns seconds from act to every seat updated (None: lost)."""
        seat, move = self._next_move()
        stamp = self.versions[seat]
        self.want = stamp + 1
        action = {"type": "MAKE_MOVE", "payload": {**move, "playerID": str(seat), "credentials": self.creds[seat]}}
        t0 = time.monotonic()
        await self._emit(seat, "update", action, stamp, self.match, str(seat))
        try:
            async with asyncio.timeout(MOVE_TIMEOUT):
                while min(self.versions) < self.want:
                    await self._changed()
        except TimeoutError:
            self.errors += 1  # boardgame.io answers nothing to a refused move: counted, and the match plays on
            return None
        return time.monotonic() - t0
