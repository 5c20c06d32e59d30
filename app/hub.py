"""Fan-out of committed versions to the sockets of every worker.

``publish(match_id, kind, v, state)`` is called after a commit. The in-process
hub hands the event to this worker's channel for that match; ``PostgresHub``
also sends ``NOTIFY caravela, 'worker:kind:match:v'`` so every other worker's
listener does the same (and re-reads the state from the database). A channel
computes each seat's view once per version and offers it to its connections,
whose own writer turns it into a patch (``app/ws.py``). No sticky sessions.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable

import engines

log = logging.getLogger("caravela.hub")

Loader = Callable[[str], Awaitable[tuple[int, dict | None, dict]]]  # -> (v, state, summary)


class Channel:
    """This worker's sockets on one match, and the newest version they were offered."""

    def __init__(self, match_id: str, game_id: str):
        self.match_id = match_id
        self.game = engines.get_game(game_id)
        self.conns: set = set()
        self.v = -1
        self.state: dict | None = None
        self.lock = asyncio.Lock()

    def offer_state(self, v: int, state: dict) -> None:
        """Offers version ``v`` to every connection; older or repeated versions are ignored."""
        if v <= self.v:
            return
        self.v, self.state = v, state
        views: dict = {}
        for conn in list(self.conns):
            if conn.seat not in views:
                views[conn.seat] = self.game.view(state, conn.seat)
            conn.offer(("view", v, views[conn.seat]))

    def offer_match(self, summary: dict) -> None:
        for conn in list(self.conns):
            conn.offer(("match", summary))


class Hub:
    """In-process fan-out (SQLite: one process)."""

    def __init__(self, loader: Loader):
        self.loader = loader
        self.channels: dict[str, Channel] = {}
        self.listeners: list[Callable[[str, str, int, dict | None], None]] = []

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass

    def join(self, match_id: str, game_id: str, conn) -> Channel:
        channel = self.channels.get(match_id)
        if channel is None:
            channel = self.channels[match_id] = Channel(match_id, game_id)
        channel.conns.add(conn)
        return channel

    def leave(self, match_id: str, conn) -> None:
        channel = self.channels.get(match_id)
        if channel is not None:
            channel.conns.discard(conn)
            if not channel.conns:
                del self.channels[match_id]

    async def publish(self, match_id: str, kind: str, v: int, state: dict | None) -> None:
        """Delivers a change this worker committed (subclasses also tell the other workers).

        Listeners (the bots) hear only changes committed here: the worker that made a
        move schedules what follows it, so bots never run twice for one version.
        """
        await self.deliver(match_id, kind, v, state)
        for listener in self.listeners:
            listener(match_id, kind, v, state)

    async def deliver(self, match_id: str, kind: str, v: int, state: dict | None) -> None:
        """Hands an event to this worker's channel, loading what it needs from the database."""
        channel = self.channels.get(match_id)
        if channel is None or (kind == "state" and 0 <= v <= channel.v):
            return  # nobody here watches it, or they already have it
        if kind == "state" and state is not None:
            channel.offer_state(v, state)
            return
        loaded_v, loaded_state, summary = await self.loader(match_id)
        if kind == "state":
            if loaded_state is not None:
                channel.offer_state(loaded_v, loaded_state)
        else:
            channel.offer_match(summary)

    async def resync_all(self) -> None:
        """Re-reads every watched match, after a lost notification connection."""
        for match_id in list(self.channels):
            await self.deliver(match_id, "state", -1, None)
            await self.deliver(match_id, "match", -1, None)


class PostgresHub(Hub):
    """Fan-out across workers with PostgreSQL LISTEN/NOTIFY."""

    CHANNEL = "caravela"

    def __init__(self, loader: Loader, dsn: str):
        super().__init__(loader)
        self.dsn = dsn
        # Notifications carry the sender's id so a worker skips its own echo.
        self.worker_id = secrets.token_hex(4)
        self._listen_conn = None
        self._notify_conn = None
        self._task: asyncio.Task | None = None
        self._stopping = False

    async def start(self) -> None:
        import asyncpg

        self._notify_conn = await asyncpg.connect(self.dsn)
        await self._connect_listener()
        self._task = asyncio.create_task(self._watch())

    async def _connect_listener(self) -> None:
        import asyncpg

        self._listen_conn = await asyncpg.connect(self.dsn)
        await self._listen_conn.add_listener(self.CHANNEL, self._on_notify)

    def _on_notify(self, _conn, _pid, _channel, payload: str) -> None:
        sender, kind, match_id, v = payload.split(":", 3)
        if sender != self.worker_id:
            asyncio.get_running_loop().create_task(self.deliver(match_id, kind, int(v), None))

    async def _watch(self) -> None:
        """Keeps the LISTEN connection alive; after a loss, reconnect and re-read everything."""
        delay = 0.5
        while not self._stopping:
            await asyncio.sleep(2)
            try:
                await self._listen_conn.execute("SELECT 1")
                delay = 0.5
            except Exception:  # noqa: BLE001 - any failure means the connection is gone
                log.warning("LISTEN connection lost; reconnecting")
                try:
                    await self._connect_listener()
                    await self.resync_all()
                except Exception:  # noqa: BLE001
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 10)

    async def publish(self, match_id: str, kind: str, v: int, state: dict | None) -> None:
        await super().publish(match_id, kind, v, state)
        payload = f"{self.worker_id}:{kind}:{match_id}:{v}"
        try:
            await self._notify_conn.execute("SELECT pg_notify($1, $2)", self.CHANNEL, payload)
        except Exception:  # noqa: BLE001 - reconnect once, the commit is already safe
            import asyncpg

            self._notify_conn = await asyncpg.connect(self.dsn)
            await self._notify_conn.execute("SELECT pg_notify($1, $2)", self.CHANNEL, payload)

    async def stop(self) -> None:
        self._stopping = True
        if self._task:
            self._task.cancel()
        for conn in (self._listen_conn, self._notify_conn):
            if conn is not None:
                try:
                    await conn.close()
                except Exception:  # noqa: BLE001
                    pass


def asyncpg_dsn(url: str) -> str:
    """Returns a plain libpq DSN for an SQLAlchemy asyncpg URL.

    >>> asyncpg_dsn("postgresql+asyncpg://u@h:5/db")
    'postgresql://u@h:5/db'
    """
    return url.replace("postgresql+asyncpg://", "postgresql://", 1)
