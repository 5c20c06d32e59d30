"""Fan-out across workers: PostgreSQL LISTEN/NOTIFY carries every event to every worker.

A change committed here is delivered to this worker's sockets at once, then told to the
others in a NOTIFY (:func:`notification`). A move's notification carries the move itself:
a worker that holds the version before it applies it with the (pure, deterministic)
engine instead of reading the row back; any other worker reads the state from the
database. A lost LISTEN connection is re-made and every watched match re-read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

from app.events import ChatChanged, Drafted, Event, Moved, SeatsChanged, SignedOut
from app.play.hub import Hub, Loader, keep
from app.store.jsoncodec import dumps, loads

log = logging.getLogger("caravela.hub")

#: PostgreSQL refuses a NOTIFY payload of 8000 bytes or more.
NOTIFY_LIMIT = 8000


#: The word each event is known by in a payload.
KINDS: dict[type, str] = {
    Moved: "state",
    Drafted: "draft",
    SeatsChanged: "match",
    ChatChanged: "chat",
    SignedOut: "signed_out",
}


def notification(worker: str, event: Event) -> str:
    """Returns the NOTIFY payload of an event: ``worker:kind:id:n``, then ``:seat:action``
    (the action as JSON) for a move that fits the limit; without it, listeners read the row.

    ``id`` is the match (a device for :class:`SignedOut`) and ``n`` the version (a chat
    message's id for :class:`ChatChanged`, the draft version for :class:`Drafted`). A move
    that handed in a secret draft carries ``[action, steps]``; a draft carries its seat and
    its actions. The payload travels only between workers (a client never sees it), so a
    secret move may ride in it. Ids never hold a colon; the action, last, may.

    >>> notification("w1", Moved("m", 3, move=(1, {"type": "add", "n": 2})))
    'w1:state:m:3:1:{"type":"add","n":2}'
    >>> notification("w1", Moved("m", 3, move=(1, {"text": "x" * 8000})))
    'w1:state:m:3'
    >>> notification("w1", Drafted("m", 1, 4, ({"type": "undo"},)))
    'w1:draft:m:4:1:[{"type":"undo"}]'
    >>> notification("w1", SignedOut("d"))
    'w1:signed_out:d:0'
    """
    if isinstance(event, SignedOut):
        return f"{worker}:signed_out:{event.device_id}:0"
    if isinstance(event, Drafted):
        head = f"{worker}:draft:{event.match_id}:{event.d}:{event.seat}"
        full = f"{head}:{dumps(list(event.steps or ()))}"
        return full if event.steps is not None and len(full.encode()) < NOTIFY_LIMIT else head
    n = event.message_id if isinstance(event, ChatChanged) else event.v
    head = f"{worker}:{KINDS[type(event)]}:{event.match_id}:{n}"
    if not isinstance(event, Moved) or event.move is None:
        return head
    played = [event.move[1], list(event.steps)] if event.steps else event.move[1]
    full = f"{head}:{event.move[0]}:{dumps(played)}"
    return full if len(full.encode()) < NOTIFY_LIMIT else head


def parse_notification(payload: str) -> tuple[str, Event]:
    """Returns (worker, event) of a payload (a move's state is never in it); raises ``ValueError``.

    >>> parse_notification('w1:state:m:3:1:{"a":"b:c"}')
    ('w1', Moved(match_id='m', v=3, state=None, move=(1, {'a': 'b:c'}), steps=()))
    >>> parse_notification('w1:state:m:3:1:[{"type":"submit"},[{"type":"undo"}]]')[1].steps
    ({'type': 'undo'},)
    >>> parse_notification('w1:draft:m:4:1')
    ('w1', Drafted(match_id='m', seat=1, d=4, steps=None))
    >>> parse_notification('w1:chat:m:-7')
    ('w1', ChatChanged(match_id='m', message_id=-7))
    """
    parts = payload.split(":", 5)
    if len(parts) not in (4, 5, 6):
        raise ValueError(payload)
    sender, kind, some_id, n = parts[0], parts[1], parts[2], int(parts[3])
    if kind == "draft":
        steps = loads(parts[5]) if len(parts) == 6 else None
        if len(parts) < 5 or not (steps is None or isinstance(steps, list)):
            raise ValueError(payload)
        return sender, Drafted(some_id, int(parts[4]), n, None if steps is None else tuple(steps))
    if kind == "state" and len(parts) != 5:
        move, steps = None, ()
        if len(parts) == 6:
            played = loads(parts[5])  # orjson's JSONDecodeError is a ValueError
            if isinstance(played, list) and len(played) == 2:
                played, steps = played[0], tuple(played[1])
            if not isinstance(played, dict):
                raise ValueError(payload)
            move = (int(parts[4]), played)
        return sender, Moved(some_id, n, move=move, steps=steps)
    if len(parts) != 4:
        raise ValueError(payload)
    if kind == "match":
        return sender, SeatsChanged(some_id, n)
    if kind == "chat":
        return sender, ChatChanged(some_id, n)
    if kind == "signed_out":
        return sender, SignedOut(some_id)
    raise ValueError(payload)


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
            sender, event = parse_notification(payload)
        except ValueError:
            log.warning("unreadable notification %r", payload[:200])
            return
        if sender != self.worker_id:
            task = asyncio.get_running_loop().create_task(self.deliver(event))
            keep(self.tasks, task, "delivery of a notification", getattr(event, "match_id", None))

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
        new connection.
        """
        import asyncpg

        sql = "SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p"  # in the array's order
        async with self._notifying:
            try:
                await self._notify_conn.execute(sql, self.CHANNEL, payloads)
            except (asyncpg.PostgresConnectionError, asyncpg.InterfaceError, OSError):
                self._notify_conn = await asyncpg.connect(self.dsn)
                await self._notify_conn.execute(sql, self.CHANNEL, payloads)

    async def publish(self, event: Event) -> None:
        """Delivers here, then queues the NOTIFY for the other workers (sent after, not awaited).

        The move's reply does not wait for the NOTIFY, and the changes committed while one
        NOTIFY is on the wire go out together in the next: one round trip for many moves.
        A move rides in its notification, so a worker holding the version before applies it
        rather than reading the row back (that read was most of a second worker's cost).
        """
        await super().publish(event)
        self._outbox.append(notification(self.worker_id, event))
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
