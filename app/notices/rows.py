"""A turn's notice rows, written inside the move that makes it someone's turn.

When a seat becomes one that may act, the move's own transaction stores a pending notice
for its player (people with a channel only: e-mail, webhook or a push subscription; bots get
none), due after a quiet delay; the sender (``app/notices/turns.py``) takes it from there.
One statement per move, built once.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import cast

from sqlalchemy import Table, bindparam, exists, insert, literal, or_, select
from sqlalchemy.ext.asyncio import AsyncConnection

from app.store.models import Notice, Player, PushSubscription, Seat, utcnow


def _queue_statement(one_seat: bool):
    """Returns the insert of a move's pending notices, built once (it runs inside every move).

    Most moves pass the turn to one seat: an ``=`` spares the expanding ``IN`` its
    per-execution compile step.
    """
    S, P, N, W = (cast(Table, m.__table__) for m in (Seat, Player, Notice, PushSubscription))
    which = S.c.seat == bindparam("seats") if one_seat else S.c.seat.in_(bindparam("seats", expanding=True))
    chosen = (
        select(
            bindparam("match_id", type_=S.c.match_id.type),
            bindparam("v", type_=N.c.v.type),
            S.c.seat,
            S.c.player_id,
            literal("pending"),
            bindparam("due_at", type_=N.c.due_at.type),
            literal(0),
            bindparam("now", type_=N.c.created_at.type),
        )
        .select_from(S.join(P, P.c.id == S.c.player_id))
        .where(
            S.c.match_id == bindparam("match_id"),
            which,
            S.c.kind == "player",
            or_(P.c.email.is_not(None), P.c.webhook_url.is_not(None), exists().where(W.c.player_id == P.c.id)),
        )
    )
    return insert(N).from_select(
        ["match_id", "v", "seat", "player_id", "status", "due_at", "attempts", "created_at"], chosen
    )


_QUEUE_ONE, _QUEUE = _queue_statement(one_seat=True), _queue_statement(one_seat=False)


class NoticeRows:
    """Stores the pending notices of the seats a move made to-act, due after the quiet delay."""

    def __init__(self, delay: timedelta):
        self.delay = delay

    async def queue(self, conn: AsyncConnection, match_id: str, v: int, seats: Iterable[int]) -> None:
        """Stores a pending notice for each of ``seats`` (which just became to-act at ``v``).

        Runs inside the move's transaction (one statement), so a committed turn always has
        its notice. Only seats of people who chose a channel get one.
        """
        seats = sorted(seats)
        if not seats:
            return
        now = utcnow()
        statement, which = (_QUEUE_ONE, seats[0]) if len(seats) == 1 else (_QUEUE, seats)
        await conn.execute(
            statement, {"match_id": match_id, "v": v, "seats": which, "due_at": now + self.delay, "now": now}
        )
