"""A match as this worker's sockets watch it: its newest version, once per version.

A :class:`Channel` holds this worker's sockets on one match and wraps each committed version
(and each change of a seat's secret draft, for that seat's sockets) in one :class:`Snapshot`,
which computes each seat's view and new log lines once, however many sockets that seat has,
and each frame once per (seat, version the socket has): the same text goes to every socket
in that place (``app/play/socket.py`` sends it). :class:`Kept` is
what a new socket needs from the database, read once however many connect at once.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import engines
from app.events import Move
from app.play import protocol as P
from app.play.diff import diff
from app.play.drafts import played_on
from app.play.outbox import SendSpectators, SendSummary, SendVersion
from app.play.protocol import LOG_TAIL
from app.store.jsoncodec import dumps
from app.wording import with_words

log = logging.getLogger("caravela.hub")

#: Seconds between two ``match`` (or ``spectators``) frames of one match on this worker.
MATCH_EVERY = 0.25


#: A seat's secret draft as a channel holds it: its draft version and open actions.
Own = tuple[int, tuple[dict, ...]]


class Snapshot:
    """One committed version of a match; each seat's view and log lines are computed once.

    ``drafts`` are the secret drafts of seats: a seat with one sees the state with its
    draft played on it, at its own version ``v + d`` (app/play/drafts.py).
    """

    def __init__(self, game, v: int, state: dict, drafts: dict[int, Own] | None = None):
        self.game, self.v, self.state = game, v, state
        self.drafts = drafts or {}
        self.log_length = game.log_length(state)
        self._views: dict = {}
        self._lines: dict = {}
        self._frames: dict = {}

    def version(self, seat: int | None) -> int:
        """Returns the version of what ``seat`` sees: the match's, plus its draft version."""
        own = self.drafts.get(seat) if seat is not None else None
        return self.v + own[0] if own else self.v

    def view(self, seat: int | None) -> dict:
        """Returns the seat's view (``None`` = spectator); shared by every socket of that seat."""
        if seat not in self._views:
            own = self.drafts.get(seat) if seat is not None else None
            state = played_on(self.game, self.state, seat, own[1]) if own and own[1] else self.state
            self._views[seat] = self.game.view(state, seat)
        return self._views[seat]

    def lines(self, seat: int | None, start: int) -> list[dict]:
        """Returns the log lines the seat may read from index ``start`` on."""
        key = (seat, start)
        if key not in self._lines:
            lines = self.game.log_lines(self.state, seat, start)
            self._lines[key] = lines if self.game.log_keys_on_client else with_words(self.game, lines)
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
                frame = P.state_frame(self.version(seat), view, self.tail(seat))
            else:
                ops = diff(base, view)
                lines = self.lines(seat, log_n)
                frame = P.patch_frame(base_v, self.version(seat), ops, lines) if ops or lines else None
            self._frames[key] = None if frame is None else dumps(frame)
        return self._frames[key]


class Channel:
    """This worker's sockets on one match, and the newest version they were offered."""

    def __init__(self, match_id: str, game_id: str):
        self.match_id = match_id
        self.game = engines.get_game(game_id)
        self.conns: set = set()
        self.snapshot: Snapshot | None = None
        self.drafts: dict[int, Own] = {}  # seats' secret drafts, as far as this worker knows
        self.spectators = 0  # sockets without a seat
        self.told_spectators = 0  # the count the last ``spectators`` frame carried
        self.summary_stale = False  # a ``match`` frame is due
        self.told_at = -MATCH_EVERY  # monotonic time of the last flush
        self.flush: asyncio.Task | None = None  # the pending flush, if any

    @property
    def v(self) -> int:
        return self.snapshot.v if self.snapshot else -1

    def offer_state(self, v: int, state: dict, mover: int | None = None) -> None:
        """Offers version ``v`` to every connection; older or repeated versions are ignored.

        The ``mover``'s draft, if any, was handed in by this version: it is part of ``state``.
        """
        if v <= self.v:
            return
        if mover in self.drafts:
            self.drafts[mover] = (self.drafts[mover][0], ())
        self.snapshot = Snapshot(self.game, v, state, dict(self.drafts))
        for conn in list(self.conns):
            conn.offer(SendVersion(self.snapshot))

    def offer_draft(self, seat: int, d: int, actions: tuple[dict, ...], tell: bool = True) -> None:
        """Takes a seat's secret draft at draft version ``d``; only that seat's sockets are offered it.

        Nobody else is offered anything: a frame, even an empty one, would let them count
        the draft's moves. ``tell`` False only keeps it (a socket of that seat is connecting).
        """
        known = self.drafts.get(seat)
        if known is not None and known[0] >= d:
            return
        self.drafts[seat] = (d, tuple(actions))
        if self.snapshot is None:
            return
        self.snapshot = Snapshot(self.game, self.snapshot.v, self.snapshot.state, dict(self.drafts))
        if tell:
            for conn in list(self.conns):
                if conn.seat == seat:
                    conn.offer(SendVersion(self.snapshot))

    def advance(self, v: int, move: Move, steps: tuple[dict, ...] = ()) -> dict | None:
        """Returns version ``v`` made by applying ``move`` to the version held, or ``None``.

        ``None`` when this channel does not hold ``v - 1`` (it missed a version, or has
        none yet) or the engine refuses the move: the caller reads the row instead.
        """
        if self.snapshot is None or self.snapshot.v != v - 1:
            return None
        seat, action = move
        try:
            return self.game.apply_all(self.snapshot.state, seat, [*steps, action])
        except Exception:  # noqa: BLE001 - never expected (it was applied once); the row is the truth
            log.warning(
                "a notified move did not apply; reading the state",
                exc_info=True,
                extra={"match": self.match_id, "v": v},
            )
            return None

    def offer_match(self, summary: dict) -> None:
        for conn in list(self.conns):
            conn.offer(SendSummary(summary))

    def offer_spectators(self) -> None:
        """Offers the count to every socket not told it yet: a socket's ``hello`` carried the count
        when it joined, and a crowd arriving is one join after another, each otherwise told twice."""
        self.told_spectators = count = self.spectators
        told = SendSpectators(count)
        for conn in list(self.conns):
            if conn.spectators != count:
                conn.spectators = count
                conn.offer(told)


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
