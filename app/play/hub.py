"""Fan-out of committed versions to the sockets of every worker.

``publish(match_id, kind, v, state, move)`` is called after a commit. The in-process
hub hands the event to this worker's channel for that match; ``PostgresHub``
also sends a NOTIFY (:func:`notification`) so every other worker's listener does
the same. A move's notification carries the move itself: a worker that holds the
version before it applies it with the (pure, deterministic) engine instead of
reading the row back; any other worker reads the state from the database. A channel
wraps each version in one :class:`Snapshot`, which computes each seat's view and
new log lines once, however many sockets that seat has, and each frame once per
(seat, version the socket has): the same text goes to every socket in that place
(``app/play/socket.py`` sends it). No sticky sessions.

Publishing is best effort (issue 13): a failure is logged and retried, never
raised into the move that caused it. Every background task is kept and its
failure logged.

Summaries are coalesced (issue 14): a change of seats, status or online marks
marks the channel's summary stale, and at most one ``match`` frame per match
leaves every ``MATCH_EVERY`` seconds, read once for all its sockets. Spectators
only change a count, sent the same way as a small ``spectators`` frame, so a
connect never costs work in proportion to the sockets already there.

A connect reads nothing twice (issue 14): what a new socket needs from the
database (the match with its seats, the chat's opening frame) is kept per match
while this worker watches it, read once however many sockets connect at once,
and forgotten on every event of that match (a move, a change of seats, a chat
message, from this worker or another's NOTIFY).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import engines
from app.play import protocol as P
from app.play.diff import diff
from app.play.protocol import LOG_TAIL
from app.store.jsoncodec import dumps, loads

log = logging.getLogger("caravela.hub")

#: Seconds between two ``match`` (or ``spectators``) frames of one match on this worker.
MATCH_EVERY = 0.25

Move = tuple[int, dict]  # (seat, normalised action): what made a version from the one before
Loader = Callable[[str], Awaitable[tuple[int, dict | None, dict]]]  # -> (v, state, summary)


def keep(tasks: set[asyncio.Task], task: asyncio.Task, what: str, match_id: str | None = None) -> asyncio.Task:
    """Returns ``task``, kept in ``tasks`` until done; its failure is logged with ``what``."""
    tasks.add(task)

    def done(t: asyncio.Task) -> None:
        tasks.discard(t)
        if not t.cancelled() and t.exception() is not None:
            log.error("%s failed", what, exc_info=t.exception(), extra={"match": match_id} if match_id else {})

    task.add_done_callback(done)
    return task


class Snapshot:
    """One committed version of a match; each seat's view and log lines are computed once."""

    def __init__(self, game, v: int, state: dict):
        self.game, self.v, self.state = game, v, state
        self.log_length = game.log_length(state)
        self._views: dict = {}
        self._lines: dict = {}
        self._frames: dict = {}

    def view(self, seat: int | None) -> dict:
        """Returns the seat's view (``None`` = spectator); shared by every socket of that seat."""
        if seat not in self._views:
            self._views[seat] = self.game.view(self.state, seat)
        return self._views[seat]

    def lines(self, seat: int | None, start: int) -> list[dict]:
        """Returns the log lines the seat may read from index ``start`` on."""
        key = (seat, start)
        if key not in self._lines:
            self._lines[key] = self.game.log_lines(self.state, seat, start, text=not self.game.log_keys_on_client)
        return self._lines[key]

    def tail(self, seat: int | None) -> list[dict]:
        """Returns the last ``LOG_TAIL`` lines the seat may read (a ``state`` frame's log)."""
        return self.lines(seat, 0)[-LOG_TAIL:]

    def frame(self, seat: int | None, base: dict | None, base_v: int, log_n: int) -> str | None:
        """Returns the encoded frame from the seat's view ``base`` (at ``base_v``) to this version.

        ``base`` ``None`` (nothing sent yet) gets a ``state``; otherwise a ``patch`` with the
        log lines from ``log_n`` on, or ``None`` when neither view nor readable log changed.
        A seat's view at a version is one object, so the frame depends only on the key
        below: it is diffed and encoded once, however many sockets share that place.
        """
        key = (seat, -1, 0) if base is None else (seat, base_v, log_n)
        if key not in self._frames:
            view = self.view(seat)
            frame: P.StateFrame | P.PatchFrame | None
            if base is None:
                frame = P.state_frame(self.v, view, self.tail(seat))
            else:
                ops = diff(base, view)
                lines = self.lines(seat, log_n)
                frame = P.patch_frame(base_v, self.v, ops, lines) if ops or lines else None
            self._frames[key] = None if frame is None else dumps(frame)
        return self._frames[key]


class Channel:
    """This worker's sockets on one match, and the newest version they were offered."""

    def __init__(self, match_id: str, game_id: str):
        self.match_id = match_id
        self.game = engines.get_game(game_id)
        self.conns: set = set()
        self.snapshot: Snapshot | None = None
        self.spectators = 0  # sockets without a seat
        self.told_spectators = 0  # the count the last ``spectators`` frame carried
        self.summary_stale = False  # a ``match`` frame is due
        self.told_at = -MATCH_EVERY  # monotonic time of the last flush
        self.flush: asyncio.Task | None = None  # the pending flush, if any

    @property
    def v(self) -> int:
        return self.snapshot.v if self.snapshot else -1

    def offer_state(self, v: int, state: dict) -> None:
        """Offers version ``v`` to every connection; older or repeated versions are ignored."""
        if v <= self.v:
            return
        self.snapshot = Snapshot(self.game, v, state)
        for conn in list(self.conns):
            conn.offer(("view", self.snapshot))

    def advance(self, v: int, move: Move) -> dict | None:
        """Returns version ``v`` made by applying ``move`` to the version held, or ``None``.

        ``None`` when this channel does not hold ``v - 1`` (it missed a version, or has
        none yet) or the engine refuses the move: the caller reads the row instead.
        """
        if self.snapshot is None or self.snapshot.v != v - 1:
            return None
        seat, action = move
        try:
            return self.game.apply(self.snapshot.state, seat, action)
        except Exception:  # noqa: BLE001 - never expected (it was applied once); the row is the truth
            log.warning(
                "a notified move did not apply; reading the state",
                exc_info=True,
                extra={"match": self.match_id, "v": v},
            )
            return None

    def offer_match(self, summary: dict) -> None:
        for conn in list(self.conns):
            conn.offer(("match", summary))

    def offer_spectators(self) -> None:
        self.told_spectators = self.spectators
        for conn in list(self.conns):
            conn.offer(("spectators", self.spectators))


class Kept:
    """What a new socket of one match needs, each part read once until an event changes it."""

    def __init__(self) -> None:
        self.parts: dict[str, Any] = {}
        self.reads: dict[str, asyncio.Task] = {}  # reads in flight, shared by every connect
        self.changes = 0  # events so far: a read that saw one meanwhile is not kept

    def forget(self, parts: tuple[str, ...]) -> None:
        self.changes += 1
        for part in parts:
            self.parts.pop(part, None)
            self.reads.pop(part, None)  # later connects read afresh; earlier ones get what they asked for


#: The parts of :class:`Kept` each kind of event changes (any other kind: all of them).
CHANGES = {"state": ("match",), "match": ("match",), "chat": ("chat",), "signed_out": ()}


class Hub:
    """In-process fan-out (SQLite: one process)."""

    def __init__(self, loader: Loader):
        self.loader = loader
        self.channels: dict[str, Channel] = {}
        self.listeners: list[Callable[[str, str, int, dict | None], None]] = []
        #: Told of every change of a match's seats or status, from any worker (the bots forget theirs).
        self.seat_watchers: list[Callable[[str], None]] = []
        #: Builds the ``chat`` frame of a chat event (app/table/chat.py); set by the app.
        self.chat_frame: Callable[[str, int], Awaitable[dict]] | None = None
        self.tasks: set[asyncio.Task] = set()
        self.kept: dict[str, Kept] = {}

    async def start(self) -> None:
        pass

    async def read_once(self, match_id: str, part: str, read: Callable[[str], Awaitable[Any]]) -> Any:
        """Returns ``read(match_id)``, kept for the next connects (see the module's doc).

        Concurrent connects of one match share one read; a failed read is not kept.
        """
        kept = self.kept.setdefault(match_id, Kept())
        if part in kept.parts:
            return kept.parts[part]
        task = kept.reads.get(part)
        if task is None:
            reading = self._read(match_id, kept, part, read, kept.changes)
            task = kept.reads[part] = asyncio.get_running_loop().create_task(reading)
            task.add_done_callback(lambda t: t.cancelled() or t.exception())  # each waiter has it raised
        return await asyncio.shield(task)

    async def _read(
        self, match_id: str, kept: Kept, part: str, read: Callable[[str], Awaitable[Any]], changes: int
    ) -> Any:
        """Reads a part; kept only if no event came since it was asked for (``changes``)."""
        try:
            value = await read(match_id)
        finally:
            if kept.reads.get(part) is asyncio.current_task():
                del kept.reads[part]
        if kept.changes == changes and self.kept.get(match_id) is kept:
            kept.parts[part] = value
        return value

    def release(self, match_id: str) -> None:
        """Forgets what was kept for a match no socket here watches (a connect that went no further)."""
        kept = self.kept.get(match_id)
        if kept is not None and match_id not in self.channels and not kept.reads:
            del self.kept[match_id]

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()

    def join(self, match_id: str, game_id: str, conn) -> Channel:
        channel = self.channels.get(match_id)
        if channel is None:
            channel = self.channels[match_id] = Channel(match_id, game_id)
        channel.conns.add(conn)
        if conn.seat is None:
            channel.spectators += 1
            self._coalesce(channel)
        return channel

    def leave(self, match_id: str, conn) -> None:
        """Removes a connection; a channel goes with its last one."""
        channel = self.channels.get(match_id)
        if channel is None or conn not in channel.conns:
            return
        channel.conns.discard(conn)
        if not channel.conns:
            del self.channels[match_id]
            self.release(match_id)
            if channel.flush is not None:
                channel.flush.cancel()
        elif conn.seat is None:
            channel.spectators -= 1
            self._coalesce(channel)

    def touch(self, match_id: str) -> None:
        """Marks a match's summary stale: its sockets here get one ``match`` frame soon."""
        channel = self.channels.get(match_id)
        if channel is not None:
            channel.summary_stale = True
            self._coalesce(channel)

    def _coalesce(self, channel: Channel) -> None:
        """Schedules the channel's flush: now if none left lately, else when ``MATCH_EVERY`` is up."""
        if channel.flush is None:
            wait = max(0.0, channel.told_at + MATCH_EVERY - time.monotonic())
            task = asyncio.get_running_loop().create_task(self._flush(channel, wait))
            channel.flush = keep(self.tasks, task, "match frame", channel.match_id)

    async def _flush(self, channel: Channel, wait: float) -> None:
        """Sends what changed: one summary read for every socket, and the spectator count."""
        if wait:
            await asyncio.sleep(wait)
        # Changes from here on schedule the next flush, one window after this one.
        channel.flush, channel.told_at = None, time.monotonic()
        if channel.summary_stale:
            channel.summary_stale = False
            try:
                *_, summary = await self.loader(channel.match_id)
            except Exception:
                channel.summary_stale = True  # the next change tries again
                raise
            if self.channels.get(channel.match_id) is not channel:
                return  # the last socket left while we read
            channel.offer_match(summary)
        if channel.spectators != channel.told_spectators:
            channel.offer_spectators()

    def keeps(self, match_id: str) -> bool:
        """Tells whether this worker watches a match (has a socket on it)."""
        return match_id in self.channels

    async def publish(self, match_id: str, kind: str, v: int, state: dict | None, move: Move | None = None) -> None:
        """Delivers a change this worker committed (subclasses also tell the other workers).

        ``move`` is the seat and action that made version ``v`` of a ``state`` event
        from ``v - 1``, when a move did (the other workers may apply it themselves).

        Listeners (the bots) hear only changes committed here: the worker that made a
        move schedules what follows it, so bots never run twice for one version.
        Never raises: the change is committed whatever happens to its delivery.
        """
        try:
            await self.deliver(match_id, kind, v, state)
        except Exception:  # noqa: BLE001 - sockets here catch up on their next sync or resync
            log.exception("publish: delivery to this worker's sockets failed", extra={"match": match_id, "v": v})
        for listener in self.listeners:
            try:
                listener(match_id, kind, v, state)
            except Exception:  # noqa: BLE001
                log.exception("publish: a listener failed", extra={"match": match_id, "v": v})

    def sign_out(self, device_id: str) -> None:
        """Closes this worker's sockets of a signed-out device (issue 10)."""
        for channel in list(self.channels.values()):
            for conn in list(channel.conns):
                if getattr(conn, "device_id", None) == device_id:
                    conn.offer(("signed_out",))

    async def deliver(self, match_id: str, kind: str, v: int, state: dict | None, move: Move | None = None) -> None:
        """Hands an event to this worker's channel, loading what it needs from the database.

        A ``state`` event without its state but with its ``move`` is applied to the version
        before it, when that is the channel's; otherwise the state is read.
        A ``signed_out`` event names a device, not a match, in ``match_id``.
        """
        if kind == "signed_out":
            self.sign_out(match_id)
            return
        if kind == "match":
            for watcher in self.seat_watchers:
                watcher(match_id)
        kept = self.kept.get(match_id)
        if kept is not None:
            kept.forget(CHANGES.get(kind, ("match", "chat")))
        channel = self.channels.get(match_id)
        if channel is None or (kind == "state" and 0 <= v <= channel.v):
            return  # nobody here watches it, or they already have it
        if kind == "state" and state is None and move is not None:
            state = channel.advance(v, move)
        if kind == "state" and state is not None:
            channel.offer_state(v, state)
            return
        if kind == "chat":
            if self.chat_frame is None:
                return
            frame = await self.chat_frame(match_id, v)
            for conn in list(channel.conns):
                conn.offer(("frame", frame))
            return
        if kind != "state":
            self.touch(match_id)
            return
        loaded_v, loaded_state, _ = await self.loader(match_id)
        channel = self.channels.get(match_id)
        if channel is None:
            return  # the last socket left while we read
        if loaded_state is not None:
            channel.offer_state(loaded_v, loaded_state)

    async def resync_all(self) -> None:
        """Re-reads every watched match, after a lost notification connection."""
        for match_id in list(self.channels):
            await self.deliver(match_id, "state", -1, None)
            await self.deliver(match_id, "match", -1, None)


#: PostgreSQL refuses a NOTIFY payload of 8000 bytes or more.
NOTIFY_LIMIT = 8000


def notification(worker: str, kind: str, match_id: str, v: int, move: Move | None = None) -> str:
    """Returns the NOTIFY payload of an event: ``worker:kind:match:v``, then ``:seat:action``
    (the action as JSON) for a move that fits the limit; without it, listeners read the row.

    The payload travels only between workers (a client never sees it), so a secret move
    may ride in it. Ids never hold a colon; the action, last, may.

    >>> notification("w1", "state", "m", 3, (1, {"type": "add", "n": 2}))
    'w1:state:m:3:1:{"type":"add","n":2}'
    >>> notification("w1", "state", "m", 3, (1, {"text": "x" * 8000}))
    'w1:state:m:3'
    """
    head = f"{worker}:{kind}:{match_id}:{v}"
    if move is None:
        return head
    full = f"{head}:{move[0]}:{dumps(move[1])}"
    return full if len(full.encode()) < NOTIFY_LIMIT else head


def parse_notification(payload: str) -> tuple[str, str, str, int, Move | None]:
    """Returns (worker, kind, match id, v, move or None) of a payload; raises ``ValueError``.

    >>> parse_notification('w1:state:m:3:1:{"a":"b:c"}')
    ('w1', 'state', 'm', 3, (1, {'a': 'b:c'}))
    """
    parts = payload.split(":", 5)
    if len(parts) not in (4, 6):
        raise ValueError(payload)
    sender, kind, match_id, v = parts[:4]
    move = None
    if len(parts) == 6:
        action = loads(parts[5])  # orjson's JSONDecodeError is a ValueError
        if not isinstance(action, dict):
            raise ValueError(payload)
        move = (int(parts[4]), action)
    return sender, kind, match_id, int(v), move


class PostgresHub(Hub):
    """Fan-out across workers with PostgreSQL LISTEN/NOTIFY."""

    CHANNEL = "caravela"
    #: Seconds between checks of the LISTEN connection and re-sends of failed notifications.
    WATCH_EVERY = 1.0

    def __init__(self, loader: Loader, dsn: str):
        super().__init__(loader)
        self.dsn = dsn
        # Notifications carry the sender's id so a worker skips its own echo.
        self.worker_id = secrets.token_hex(4)
        self._listen_conn: Any = None  # asyncpg connections, once started
        self._notify_conn: Any = None
        self._notifying = asyncio.Lock()
        self._task: asyncio.Task | None = None
        self._stopping = False
        #: Notifications not sent yet (the database was unreachable); the watch loop retries them.
        self._unsent: list[str] = []
        #: Notifications of changes committed here, waiting for the sender's next NOTIFY.
        self._outbox: list[str] = []
        self._sender: asyncio.Task | None = None

    async def start(self) -> None:
        import asyncpg

        self._notify_conn = await asyncpg.connect(self.dsn)
        await self._connect_listener()
        self._task = keep(self.tasks, asyncio.create_task(self._watch()), "LISTEN watch")

    async def _connect_listener(self) -> None:
        import asyncpg

        self._listen_conn = await asyncpg.connect(self.dsn)
        await self._listen_conn.add_listener(self.CHANNEL, self._on_notify)

    def _on_notify(self, _conn, _pid, _channel, payload: str) -> None:
        try:
            sender, kind, match_id, version, move = parse_notification(payload)
        except ValueError:
            log.warning("unreadable notification %r", payload[:200])
            return
        if sender != self.worker_id:
            task = asyncio.get_running_loop().create_task(self.deliver(match_id, kind, version, None, move))
            keep(self.tasks, task, "delivery of a notification", match_id)

    async def _watch(self) -> None:
        """Keeps the LISTEN connection alive and re-sends notifications that failed.

        After a lost connection, reconnect and re-read everything watched here.
        """
        delay = self.WATCH_EVERY
        while not self._stopping:
            await asyncio.sleep(delay)
            try:
                await self._listen_conn.execute("SELECT 1")
                delay = self.WATCH_EVERY
            except Exception:  # noqa: BLE001 - any failure means the connection is gone
                log.warning("LISTEN connection lost; reconnecting")
                try:
                    await self._connect_listener()
                    await self.resync_all()
                except Exception:  # noqa: BLE001
                    log.warning("reconnecting the LISTEN connection failed; retrying", exc_info=True)
                    delay = min(delay * 2, 10)
            await self._send_unsent()

    async def _send_unsent(self) -> None:
        while self._unsent:
            payloads = self._unsent[:100]
            try:
                await self.notify(payloads)
            except Exception:  # noqa: BLE001
                log.warning("notification still not sent; will retry", exc_info=True)
                return
            del self._unsent[: len(payloads)]

    async def notify(self, payloads: list[str]) -> None:
        """Sends payloads in one statement (in order), reconnecting the notify connection once if lost.

        One at a time: an asyncpg connection runs one statement at once, and a second
        one's InterfaceError looked like a lost connection, so busy moves each opened a
        new connection (issue 14).
        """
        import asyncpg

        sql = "SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p"  # in the array's order
        async with self._notifying:
            try:
                await self._notify_conn.execute(sql, self.CHANNEL, payloads)
            except (asyncpg.PostgresConnectionError, asyncpg.InterfaceError, OSError):
                self._notify_conn = await asyncpg.connect(self.dsn)
                await self._notify_conn.execute(sql, self.CHANNEL, payloads)

    async def publish(self, match_id: str, kind: str, v: int, state: dict | None, move: Move | None = None) -> None:
        """Delivers here, then queues the NOTIFY for the other workers (sent after, not awaited).

        The move's reply does not wait for the NOTIFY, and the changes committed while one
        NOTIFY is on the wire go out together in the next: one round trip for many moves.
        A move rides in its notification, so a worker holding the version before applies it
        rather than reading the row back (issue 14: that read was most of a second worker's cost).
        """
        await super().publish(match_id, kind, v, state, move)
        self._outbox.append(notification(self.worker_id, kind, match_id, v, move))
        if self._sender is None or self._sender.done():
            self._sender = keep(self.tasks, asyncio.create_task(self._send_outbox()), "NOTIFY sender")

    async def _send_outbox(self) -> None:
        """Sends what the outbox holds until it is empty; what fails twice goes to the watch loop."""
        while self._outbox:
            payloads, self._outbox = self._outbox[:100], self._outbox[100:]
            for attempt in (1, 2):
                try:
                    await self.notify(payloads)
                    break
                except Exception:  # noqa: BLE001 - the commit is safe; other workers must still hear
                    log.warning("NOTIFY failed (attempt %d)", attempt, exc_info=True)
            else:
                log.error("NOTIFY failed; %d queued for the watch loop", len(payloads))
                self._unsent.extend(payloads[: max(0, 10_000 - len(self._unsent))])

    async def stop(self) -> None:
        self._stopping = True
        if self._sender is not None:  # what was committed here is still told to the others
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._sender), timeout=5)
        await super().stop()
        for conn in (self._listen_conn, self._notify_conn):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()


def asyncpg_dsn(url: str) -> str:
    """Returns a plain libpq DSN for an SQLAlchemy asyncpg URL.

    >>> asyncpg_dsn("postgresql+asyncpg://u@h:5/db")
    'postgresql://u@h:5/db'
    """
    return url.replace("postgresql+asyncpg://", "postgresql://", 1)
