"""The database engine, built from settings (never at import), and migrations."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from app.store.jsoncodec import dumps, loads

#: JSON columns (a match's state is written on every move) go through orjson.
JSON_CODEC = dict(json_serializer=dumps, json_deserializer=loads)

# Shipped inside the package (links in the source tree): no reliance on the working directory.
PACKAGE = Path(__file__).resolve().parent.parent


def make_engine(url: str) -> AsyncEngine:
    """Returns an async engine; SQLite gets WAL and a busy timeout so writers queue."""
    if url.startswith("sqlite"):
        # The pool's own reset is a rollback, one more hand-off to aiosqlite's thread for every
        # connection given back even when nothing is open (a move commits on the thread itself,
        # app/play/onehop.py); _end_open_transaction rolls back only what was left open.
        engine = create_async_engine(url, connect_args={"timeout": 30}, pool_reset_on_return=None, **JSON_CODEC)

        @event.listens_for(engine.sync_engine, "connect")
        def _sqlite_pragmas(conn, _record):  # noqa: ANN001
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        event.listen(engine.sync_engine, "reset", _end_open_transaction)
        return engine
    # A pool big enough for the busy moments: an overflow connection is opened and closed
    # per use, which costs more than the move it serves. Dead connections are replaced on error.
    return create_async_engine(url, pool_size=20, max_overflow=20, pool_recycle=1800, **JSON_CODEC)


def _end_open_transaction(dbapi_conn, _record, state) -> None:  # noqa: ANN001
    """Rolls back a pooled SQLite connection given back inside a transaction (the pool's reset)."""
    if state.terminate_only or not state.asyncio_safe:
        return
    sqlite = getattr(getattr(dbapi_conn, "_connection", None), "_conn", None)  # aiosqlite's sqlite3 connection
    # Reading in_transaction touches no thread-bound state: nothing runs on a connection given back.
    if sqlite is None or sqlite.in_transaction:
        dbapi_conn.rollback()


def migrate(url: str) -> None:
    """Upgrades the database at ``url`` to the newest migration (blocking).

    Alembic's async env runs its own event loop, so call this before the app's
    loop starts or from a thread (``asyncio.to_thread``).
    """
    from alembic import command
    from alembic.config import Config

    cfg = Config(str(PACKAGE / "alembic.ini"))
    cfg.set_main_option("script_location", str((PACKAGE / "migrations").resolve()))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    cfg.attributes["configure_logger"] = False
    command.upgrade(cfg, "head")


async def migrate_async(url: str) -> None:
    """Runs :func:`migrate` in a worker thread, safe inside a running loop."""
    await asyncio.to_thread(migrate, url)
