"""Fan-out of committed changes to the sockets of every worker.

``publish(event)`` is called after a commit with one of the bus's events
(``app/events.py``). The in-process hub hands it to this worker's channel for
that match (``app/play/snapshot.py``) and to its listeners; ``PostgresHub``
(``app/play/pghub.py``) also tells every other worker, whose channels do the same.
No sticky sessions.

Publishing is best effort: a failure is logged and retried, never raised into the
move that caused it. Every background task is kept and its failure logged.

Summaries are coalesced: a change of seats, status or online marks
marks the channel's summary stale, and at most one ``match`` frame per match
leaves every ``MATCH_EVERY`` seconds, read once for all its sockets. Spectators
only change a count, sent the same way as a small ``spectators`` frame, so a
connect never costs work in proportion to the sockets already there.

A connect reads nothing twice: what a new socket needs from the
database (the match with its seats, the chat's opening frame) is read in one trip
(``app/play/opening.py``), kept per match while this worker watches it, read once
however many sockets connect at once, and forgotten on every event of that match (a
move, a change of seats, a chat message, from this worker or another's NOTIFY).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from app.events import ChatChanged, Drafted, Event, Moved, SeatsChanged, SignedOut
from app.play.outbox import Close, SendFrame
from app.play.protocol import ChatFrame
from app.play.snapshot import MATCH_EVERY, Channel, Kept, Own

log = logging.getLogger("caravela.hub")

Loader = Callable[[str], Awaitable[tuple[int, dict | None, dict]]]  # -> (v, state, summary)
DraftsLoader = Callable[[str], Awaitable[dict[int, Own]]]  # -> the seats' secret drafts (app/play/drafts.py)


def keep(tasks: set[asyncio.Task], task: asyncio.Task, what: str, match_id: str | None = None) -> asyncio.Task:
    """Returns ``task``, kept in ``tasks`` until done; its failure is logged with ``what``."""
    tasks.add(task)

    def done(t: asyncio.Task) -> None:
        tasks.discard(t)
        if not t.cancelled() and t.exception() is not None:
            log.error("%s failed", what, exc_info=t.exception(), extra={"match": match_id} if match_id else {})

    task.add_done_callback(done)
    return task


#: The parts of :class:`Kept` each kind of event changes: a socket's opening read (the match, its
#: seats, the chat: app/play/opening.py) holds something of each.
CHANGES: dict[type, tuple[str, ...]] = {Moved: ("opening",), SeatsChanged: ("opening",), ChatChanged: ("opening",)}


class Hub:
    """In-process fan-out (SQLite: one process)."""

    def __init__(self, loader: Loader):
        self.loader = loader
        self.channels: dict[str, Channel] = {}
        self.listeners: list[Callable[[Event], None]] = []
        #: Told of every change of a match's seats or status, from any worker (the bots forget theirs).
        self.seat_watchers: list[Callable[[str], None]] = []
        #: Builds the ``chat`` frame of a chat event (app/table/chat.py); set by the app.
        self.chat_frame: Callable[[str, int], Awaitable[ChatFrame]] | None = None
        #: Reads a match's secret drafts, when an event did not carry them; set by the app.
        self.drafts_loader: DraftsLoader | None = None
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
        conn.spectators = channel.spectators  # what its ``hello`` says: not sent to it again
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

    async def publish(self, event: Event) -> None:
        """Delivers a change this worker committed (subclasses also tell the other workers).

        Listeners (the bots) hear only changes committed here: the worker that made a
        move schedules what follows it, so bots never run twice for one version.
        Never raises: the change is committed whatever happens to its delivery.
        """
        try:
            await self.deliver(event)
        except Exception:  # noqa: BLE001 - sockets here catch up on their next sync or resync
            log.exception("publish: delivery to this worker's sockets failed", extra=_about(event))
        for listener in self.listeners:
            try:
                listener(event)
            except Exception:  # noqa: BLE001
                log.exception("publish: a listener failed", extra=_about(event))

    def sign_out(self, device_id: str) -> None:
        """Closes this worker's sockets of a signed-out device."""
        for channel in list(self.channels.values()):
            for conn in list(channel.conns):
                if getattr(conn, "device_id", None) == device_id:
                    conn.offer(Close())

    async def deliver(self, event: Event) -> None:
        """Hands an event to this worker's channel, loading what it needs from the database.

        A :class:`Moved` without its state but with its move is applied to the version
        before it, when that is the channel's; otherwise the state is read.
        """
        if isinstance(event, SignedOut):
            self.sign_out(event.device_id)
            return
        match_id = event.match_id
        if isinstance(event, Drafted):
            await self._offer_draft(event)
            return
        if isinstance(event, SeatsChanged):
            for watcher in self.seat_watchers:
                watcher(match_id)
        kept = self.kept.get(match_id)
        if kept is not None:
            kept.forget(CHANGES[type(event)])
        channel = self.channels.get(match_id)
        if channel is None:
            return  # nobody here watches it
        if isinstance(event, SeatsChanged):
            self.touch(match_id)
        elif isinstance(event, ChatChanged):
            if self.chat_frame is not None:
                frame = await self.chat_frame(match_id, event.message_id)
                for conn in list(channel.conns):
                    conn.offer(SendFrame(frame))
        elif not 0 <= event.v <= channel.v:  # a version they do not have yet
            await self._offer_version(channel, event)

    async def _offer_version(self, channel: Channel, event: Moved) -> None:
        """Offers a new version; drafts are read again unless the event says whose it handed in."""
        state, mover = event.state, None
        if event.move is not None and event.v == channel.v + 1:
            mover = event.move[0]
            if state is None:
                state = channel.advance(event.v, event.move, event.steps)
        if state is not None and (mover is not None or not channel.game.draft_actions):
            channel.offer_state(event.v, state, mover)
            return
        loaded_v, loaded_state, _ = await self.loader(event.match_id)
        drafts = await self._drafts(channel)
        channel = self.channels.get(event.match_id)  # type: ignore[assignment]
        if channel is not None and loaded_state is not None:  # None: the last socket left while we read
            if drafts is not None:
                channel.drafts = drafts
            channel.offer_state(loaded_v, loaded_state)

    async def _drafts(self, channel: Channel) -> dict[int, Own] | None:
        """Reads a match's secret drafts, for a game that has drafts (else ``None``)."""
        if self.drafts_loader is None or not channel.game.draft_actions:
            return None
        return await self.drafts_loader(channel.match_id)

    async def _offer_draft(self, event: Drafted) -> None:
        """Offers a seat's new secret draft to that seat's sockets here (nobody else's)."""
        channel = self.channels.get(event.match_id)
        if channel is None or not any(conn.seat == event.seat for conn in channel.conns):
            return
        steps = event.steps
        if steps is None:
            drafts = await self._drafts(channel) or {}
            d, steps = drafts.get(event.seat, (event.d, ()))
            event = Drafted(event.match_id, event.seat, d, steps)
        channel.offer_draft(event.seat, event.d, steps)

    async def resync_all(self) -> None:
        """Re-reads every watched match, after a lost notification connection."""
        for match_id in list(self.channels):
            await self.deliver(Moved(match_id, -1))
            await self.deliver(SeatsChanged(match_id))


def _about(event: Event) -> dict:
    """Returns the log fields of an event: its match and version, when it has them."""
    fields = {"match": getattr(event, "match_id", None), "v": getattr(event, "v", None)}
    return {k: v for k, v in fields.items() if v is not None}
