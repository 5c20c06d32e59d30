"""A move on SQLite in two trips to the database thread: its read, then its writes (issue 14).

aiosqlite runs every statement as three or four hand-offs to its connection's thread
(cursor, execute, fetch, close), each a thread switch both ways, and a move is a read and
three writes while the one-writer lock is held. :func:`fetch_one` runs the read in one
hand-off; a :class:`Batch` stands in for the connection while the move's writes are
gathered (``await batch.execute(statement, params)``, as :meth:`app.notices.Notices.queue`
calls it), then runs them all and the commit in one hand-off on the driver's connection.
Statements are compiled by SQLAlchemy once, with its own processing of parameters and
columns (JSON, UTC datetimes).

A statement that does not fit (a Python-side default, a RETURNING) raises
:class:`Unbatchable` while being gathered, before anything ran: the caller then writes the
move the ordinary way.
"""

from __future__ import annotations

import sqlite3
from collections import namedtuple
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql import ClauseElement


class Unbatchable(Exception):
    """A statement a batch cannot run itself; nothing of the batch has run."""


class _Compiled:
    """A statement compiled for the dialect: its SQL, and how to order and process parameters."""

    def __init__(self, statement: ClauseElement, dialect: Dialect, keys: Sequence[str]):
        compiled: Any = statement.compile(dialect=dialect, column_keys=list(keys))
        if (not compiled.positional or compiled.literal_execute_params or compiled.insert_prefetch
                or compiled.update_prefetch or compiled.returning):
            raise Unbatchable(compiled.string)
        self.sql: str = compiled.string
        self._compiled = compiled
        # An expanding IN (a turn passed to several seats) is spelled out per execution, as
        # SQLAlchemy does it; the rest of the statement stays compiled once.
        self._expanding = bool(compiled.post_compile_params)
        processors = compiled._bind_processors
        self._order: list[tuple[str, Callable | None]] = [(key, processors.get(key)) for key in compiled.positiontup]
        self._row: Callable[[tuple], Any] | None = None

    def row(self, values: tuple) -> Any:
        """Returns a row the driver gave as SQLAlchemy would: named columns, each processed."""
        if self._row is None:
            columns = self._compiled._result_columns
            processors = [c[3]._cached_result_processor(self._compiled.dialect, None) for c in columns]
            make: Any = namedtuple("Row", [c[0] for c in columns])._make  # type: ignore[attr-defined]
            self._row = lambda got: make(p(v) if p else v for p, v in zip(processors, got, strict=True))
        return self._row(values)

    def sql_and_parameters(self, params: Mapping[str, Any]) -> tuple[str, tuple]:
        """Returns the SQL to run and its positional parameters, processed for the driver."""
        values = self._compiled.construct_params(params)
        if not self._expanding:
            return self.sql, tuple(process(values[key]) if process else values[key] for key, process in self._order)
        expanded = self._compiled._process_parameters_for_postcompile(values)
        processors, values = expanded.processors, expanded.parameters
        return expanded.statement, tuple(
            processors[key](values[key]) if processors.get(key) else values[key] for key in expanded.positiontup)


#: Compiled statements by (statement, parameter names); None for one a batch cannot run.
_CACHE: dict[tuple[int, tuple[str, ...]], tuple[ClauseElement, _Compiled | None]] = {}


def _compiled(statement: ClauseElement, dialect: Dialect, keys: tuple[str, ...]) -> _Compiled:
    found = _CACHE.get((id(statement), keys))
    if found is None or found[0] is not statement:  # the statement object is kept, so its id is never reused
        try:
            compiled: _Compiled | None = _Compiled(statement, dialect, keys)
        except Unbatchable:
            compiled = None
        found = _CACHE[(id(statement), keys)] = (statement, compiled)
    if found[1] is None:
        raise Unbatchable(str(statement))
    return found[1]


class Batch:
    """The statements of one transaction, gathered, then run in one trip (SQLite via aiosqlite)."""

    def __init__(self, dialect: Dialect):
        self.dialect = dialect
        self._steps: list[tuple[str, tuple, int | None]] = []

    async def execute(self, statement: ClauseElement, params: Mapping[str, Any], rowcount: int | None = None) -> None:
        """Adds a statement (awaitable, like a connection's); ``rowcount``: the rows it must touch."""
        self.add(statement, params, rowcount)

    def add(self, statement: ClauseElement, params: Mapping[str, Any], rowcount: int | None = None) -> None:
        sql, args = _compiled(statement, self.dialect, tuple(sorted(params))).sql_and_parameters(params)
        self._steps.append((sql, args, rowcount))

    async def run(self, conn: AsyncConnection, commit: bool = False) -> bool:
        """Runs the statements in ``conn``'s transaction, in one hand-off to its thread.

        Returns False, stopping there, when a guard held: a unique key refused a row or a
        statement touched other than its ``rowcount`` rows. With ``commit`` the same hand-off
        commits (or, when a guard held, rolls back); without it the caller does.
        """
        driver = await _driver(conn)
        steps = self._steps

        def run_in_thread() -> bool:
            db: sqlite3.Connection = driver._conn
            done = _run_steps(db, steps)
            if commit:
                db.commit() if done else db.rollback()
            return done

        return await driver._execute(run_in_thread)


def _run_steps(db: sqlite3.Connection, steps: list[tuple[str, tuple, int | None]]) -> bool:
    for sql, args, rowcount in steps:
        try:
            cursor = db.execute(sql, args)
        except sqlite3.IntegrityError:
            return False
        touched = cursor.rowcount
        cursor.close()
        if rowcount is not None and touched != rowcount:
            return False
    return True


async def _driver(conn: AsyncConnection) -> Any:
    """Returns the aiosqlite connection under ``conn`` (its sqlite3 connection is ``_conn``)."""
    return (await conn.get_raw_connection()).driver_connection


async def fetch_one(conn: AsyncConnection, statement: ClauseElement, params: Mapping[str, Any]) -> Any:
    """Runs a SELECT in one hand-off to ``conn``'s thread; returns its first row (named, processed) or None."""
    compiled = _compiled(statement, conn.dialect, tuple(sorted(params)))
    sql, args = compiled.sql_and_parameters(params)
    driver = await _driver(conn)

    def read_in_thread() -> tuple | None:
        cursor = driver._conn.execute(sql, args)
        try:
            return cursor.fetchone()
        finally:
            cursor.close()

    found = await driver._execute(read_in_thread)
    return None if found is None else compiled.row(found)
