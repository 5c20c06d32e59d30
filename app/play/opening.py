"""What a match's first socket on this worker reads: the match, its seats and the chat, in one trip.

Opening a match's channel used to be four statements through SQLAlchemy's ORM in three
sessions (the match, its seats, the chat's latest messages, the spectators' mute). Each
costs far more than SQLite's own work: on aiosqlite every statement is three or four
hand-offs to its connection's thread, and the ORM builds its statement state each time. When
a wave of sockets arrives on matches nobody watches yet, those reads were most of the
server's CPU per connect. Here the three SELECTs are compiled once (``app/play/onehop.py``) and
run on the driver's connection: on SQLite in one hand-off, on PostgreSQL as three
statements on asyncpg's connection, outside a transaction (as the ORM's reads were: each
statement sees what was committed when it ran).

The match and its seats come back as rows, read by attribute as the ORM's objects are (the
summary, the seat of a token, the state to send); the mute is the match row's own column.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from sqlalchemy import bindparam, select
from sqlalchemy.ext.asyncio import AsyncEngine

from app.play.onehop import compiled_statement, driver_of, on_driver
from app.store.models import ChatMessage, Match, Seat

_MATCH = select(*Match.__table__.c).where(Match.id == bindparam("match_id"))
_SEATS = select(*Seat.__table__.c).where(Seat.match_id == bindparam("match_id")).order_by(Seat.seat)
_CHAT = (
    select(*ChatMessage.__table__.c)
    .where(ChatMessage.match_id == bindparam("match_id"))
    .order_by(ChatMessage.id.desc())
    .limit(bindparam("opening", literal_execute=False))
)


#: Chat messages a socket gets when it opens (the latest).
OPENING = 200


def as_dict(m: ChatMessage) -> dict:
    """Returns a message as the ``chat`` frame and the REST routes carry it."""
    return {
        "id": m.id,
        "v": m.v,
        "seat": m.seat,
        "player_id": m.player_id,
        "name": m.name,
        "text": m.text,
        "at": m.created_at.isoformat() if m.created_at else None,
    }


class Opening(NamedTuple):
    """A match as its first socket needs it: ``match`` is ``None`` for a match that does not exist."""

    match: Any
    seats: list
    messages: list  # the latest chat messages, oldest first


async def read_opening(engine: AsyncEngine, match_id: str, messages: int = OPENING) -> Opening:
    """Reads the match, its seats and its latest chat messages in one trip (see the module's doc)."""
    params = {"match_id": match_id}
    statements: list[tuple[Any, dict[str, Any]]] = [
        (_MATCH, params),
        (_SEATS, params),
        (_CHAT, {**params, "opening": messages}),
    ]
    async with engine.connect() as conn:
        compiled = [compiled_statement(s, conn.dialect, tuple(sorted(p))) for s, p in statements]
        runs = [c.sql_and_parameters(p) for c, (_, p) in zip(compiled, statements, strict=True)]
        if conn.dialect.driver == "asyncpg":

            async def fetch_all(pg) -> list[list]:
                return [[tuple(r) for r in await pg.fetch(sql, *args)] for sql, args in runs]

            got = await on_driver(conn, fetch_all)
        else:
            driver = await driver_of(conn)
            got = await driver._execute(_reader(driver._conn, runs))
    match_rows, seat_rows, chat_rows = ([c.row(r) for r in rows] for c, rows in zip(compiled, got, strict=True))
    match = match_rows[0] if match_rows else None
    return Opening(match, seat_rows, list(reversed(chat_rows)))


def _reader(db, runs: list[tuple[str, tuple]]) -> Callable[[], list[list]]:
    """Returns what runs every statement in aiosqlite's thread, in one hand-off."""

    def read_in_thread() -> list[list]:
        got = []
        for sql, args in runs:
            cursor = db.execute(sql, args)
            try:
                got.append(cursor.fetchall())
            finally:
                cursor.close()
        return got

    return read_in_thread
