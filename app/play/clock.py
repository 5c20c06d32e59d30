"""The clock rules a move applies in its own transaction, and a seat's clock as shown.

A match's ``clock`` is ``None``, ``{"kind": "live", "minutes": m, "increment": s}`` (a bank per
player, plus ``s`` seconds for each move) or ``{"kind": "days", "days": d}`` (``d`` days per move).
Whenever the set of seats to act changes, in the move's own transaction, each seat that stops
acting is charged the time it took (live: plus the increment) and each seat that starts gets
``turn_since`` and a ``deadline_at`` (live: its remaining bank; days: ``d`` days); a seat that
moves and still has to act is both. In a simultaneous step every seat that still has to act is
running. What happens when a deadline passes is the table's business (``app/table/clocks.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from types import SimpleNamespace
from typing import cast

from sqlalchemy import Table, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from app.store.models import Match, Seat, utcnow


def ms(span: timedelta) -> int:
    return int(span / timedelta(milliseconds=1))


class ClockRules:
    """The time controls of this server, every length scaled by ``CARAVELA_CLOCK_SCALE``."""

    def __init__(self, scale: float = 1.0):
        self.scale = scale

    def bank(self, clock: dict) -> int:
        """Returns a live seat's starting bank in ms."""
        return ms(timedelta(minutes=clock["minutes"]) * self.scale)

    def stop(self, clock: dict, row, now: datetime) -> dict:
        """Returns a seat's new clock columns when it stops acting: charged, and no deadline."""
        values: dict = {"turn_since": None, "deadline_at": None}
        if clock["kind"] == "live" and row.turn_since is not None and row.clock_ms is not None:
            left = max(0, row.clock_ms - ms(now - row.turn_since))
            values["clock_ms"] = left + ms(timedelta(seconds=clock["increment"]) * self.scale)
        return values

    def begin(self, clock: dict, row, now: datetime) -> dict:
        """Returns a seat's new clock columns when it starts acting (an away seat gets no deadline)."""
        values: dict = {"turn_since": now, "deadline_at": None}
        if not row.away:
            if clock["kind"] == "live":
                values["deadline_at"] = now + timedelta(milliseconds=row.clock_ms or 0)
            else:
                values["deadline_at"] = now + timedelta(days=clock["days"]) * self.scale
        return values

    def start(self, match: Match, seats: list[Seat], to_act: Iterable[int]) -> None:
        """Sets the clocks of a match that starts (ORM rows, in the start's transaction)."""
        now = utcnow()
        acting = set(to_act)
        for st in seats:
            st.last_seen_at = now if st.kind == "player" else None
            if match.clock is None:
                continue
            st.clock_ms = self.bank(match.clock) if match.clock["kind"] == "live" else None
            if st.seat in acting:
                for key, value in self.begin(match.clock, st, now).items():
                    setattr(st, key, value)

    async def turn(
        self,
        conn: AsyncConnection,
        match_id: str,
        clock: dict,
        before: set[int],
        after: set[int],
        mover: int | None = None,
    ) -> None:
        """Charges the seats that stopped acting and starts those that began (the move's transaction).

        The time control is per *move*: a ``mover`` still to act after its move (its turn goes on,
        or it is alone) is charged and starts over, with its increment or its new days.
        """
        again = {mover} & before & after if mover is not None else set()
        changed = (before ^ after) | again
        if not changed:
            return
        S = cast(Table, Seat.__table__)
        rows = (
            await conn.execute(
                select(S.c.seat, S.c.clock_ms, S.c.turn_since, S.c.away).where(
                    S.c.match_id == match_id, S.c.seat.in_(sorted(changed))
                )
            )
        ).all()
        now = utcnow()
        for row in rows:
            if row.seat in again:
                stopped = self.stop(clock, row, now)
                charged = SimpleNamespace(**{**row._mapping, "clock_ms": stopped.get("clock_ms", row.clock_ms)})
                values = {**stopped, **self.begin(clock, charged, now)}
            else:
                values = self.stop(clock, row, now) if row.seat in before else self.begin(clock, row, now)
            await conn.execute(update(S).where(S.c.match_id == match_id, S.c.seat == row.seat).values(**values))


def clock_left(clock: dict | None, seat: Seat, now: datetime) -> dict:
    """Returns a seat's clock as everyone may see it: ms left now, and whether it is running.

    Live: the bank, less the time since its turn began; over days: until the deadline. A
    client counts ``left_ms`` down from when it read it while ``running`` (docs/protocol.md).
    """
    if clock is None:
        return {"left_ms": None, "running": False}
    running = seat.turn_since is not None
    left: int | None = None
    if clock["kind"] == "live":
        spent = (now - seat.turn_since) // timedelta(milliseconds=1) if seat.turn_since else 0
        left = max(0, (seat.clock_ms or 0) - spent)
    elif seat.deadline_at is not None:
        left = max(0, (seat.deadline_at - now) // timedelta(milliseconds=1))
    return {"left_ms": left, "running": running}
