"""A move in two trips to the database: its read, then its writes, because each hand-off is the cost.

SQLite: aiosqlite runs every statement as three or four hand-offs to its connection's
thread (cursor, execute, fetch, close), each a thread switch both ways, and a move is a
read and three writes while the one-writer lock is held. PostgreSQL: every statement
through SQLAlchemy is a round trip, and so are the BEGIN and the COMMIT around them.

:func:`fetch_one` runs the read in one trip, on the driver's connection (on PostgreSQL
outside any transaction: the compare-and-set, not a lock, guards the move). A
:class:`Batch` stands in for the connection while the move's writes are gathered (``await
batch.execute(statement, params)``, as :meth:`app.notices.turns.Notices.queue` calls it), then
runs them in one trip: on SQLite all of them and the commit in one hand-off; on
PostgreSQL as one statement, each write a data-modifying CTE (atomic without a
transaction: one that fails takes the others with it). Statements are compiled by
SQLAlchemy once, with its own processing of parameters and columns (JSON, UTC datetimes).

A statement that does not fit (a Python-side default, a RETURNING, on PostgreSQL a
``rowcount`` guard or a parameter of two values) raises :class:`Unbatchable` while being
gathered, before anything ran: the caller then writes the move the ordinary way.
"""

from __future__ import annotations

import sqlite3
import time
from collections import namedtuple
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from sqlalchemy import literal, select
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.selectable import HasCTE


class Unbatchable(Exception):
    """A statement a batch cannot run itself; nothing of the batch has run."""


class _Compiled:
    """A statement compiled for the dialect: its SQL, and how to order and process parameters."""

    def __init__(self, statement: ClauseElement, dialect: Dialect, keys: Sequence[str] | None):
        # ``keys`` name the columns an INSERT or UPDATE without values of its own sets.
        compiled: Any = statement.compile(dialect=dialect, column_keys=None if keys is None else list(keys))
        if (
            not compiled.positional
            or compiled.literal_execute_params
            or compiled.insert_prefetch
            or compiled.update_prefetch
            or compiled.returning
        ):
            raise Unbatchable(compiled.string)
        self.sql: str = compiled.string
        self._compiled = compiled
        # An expanding IN (a turn passed to several seats) is spelled out per execution, as
        # SQLAlchemy does it; the rest of the statement stays compiled once.
        self._expanding = bool(compiled.post_compile_params)
        self._expanding_names = tuple(sorted(p.key for p in compiled.post_compile_params))
        self._shapes: dict[tuple[int, ...], tuple[str, list]] = {}  # by the number of values of each
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
        lengths = tuple(len(values[name]) for name in self._expanding_names)
        shape = self._shapes.get(lengths)
        if shape is None:
            shape = self._shape(values)
            if shape is None:  # not a list of plain values (a tuple IN): spelled out every time
                expanded = self._compiled._process_parameters_for_postcompile(values)
                processors, got = {**self._compiled._bind_processors, **expanded.processors}, expanded.parameters
                order = expanded.positiontup
                return expanded.statement, tuple(processors[k](got[k]) if processors.get(k) else got[k] for k in order)
            self._shapes[lengths] = shape
        sql, where = shape
        return sql, tuple(
            (process(values[name]) if item is None else process(values[name][item]))
            if process
            else (values[name] if item is None else values[name][item])
            for name, item, process in where
        )

    def _shape(self, values: Mapping[str, Any]) -> tuple[str, list[tuple[str, int | None, Callable | None]]] | None:
        """Spells an expanding IN out once for its number of values (rendering it was ~5 % of a
        move's CPU on PostgreSQL): the SQL, and where each positional parameter comes from."""
        expanded = self._compiled._process_parameters_for_postcompile(dict(values))  # it takes the lists out
        origin: dict[str, tuple[str, int | None]] = {}
        for name, names in expanded.parameter_expansion.items():
            if name not in self._expanding_names or len(names) != len(values[name]):
                return None
            origin.update((one, (name, i)) for i, one in enumerate(names))
        processors = {**self._compiled._bind_processors, **expanded.processors}
        where = [(*origin.get(key, (key, None)), processors.get(key)) for key in expanded.positiontup]
        return expanded.statement, where


#: Compiled statements by (statement, dialect, parameter names); None for one a batch cannot run.
_CACHE: dict[tuple[int, int, tuple[str, ...]], tuple[ClauseElement, Dialect, _Compiled | None]] = {}


def compiled_statement(
    statement: ClauseElement, dialect: Dialect, keys: tuple[str, ...], column_keys: bool = True
) -> _Compiled:
    """Returns a statement compiled once for a dialect and a set of parameter names (kept for reuse)."""
    key = (id(statement), id(dialect), keys)
    found = _CACHE.get(key)
    # The statement and dialect are kept with their entry, so their ids are never another's.
    if found is None or found[0] is not statement or found[1] is not dialect:
        try:
            compiled: _Compiled | None = _Compiled(statement, dialect, keys if column_keys else None)
        except Unbatchable:
            compiled = None
        found = _CACHE[key] = (statement, dialect, compiled)
    if found[2] is None:
        raise Unbatchable(str(statement))
    return found[2]


class Batch:
    """The writes of one move, gathered, then run in one trip (SQLite via aiosqlite, or PostgreSQL via asyncpg)."""

    def __init__(self, dialect: Dialect):
        self.dialect = dialect
        self._as_one = dialect.driver == "asyncpg"
        self._steps: list[tuple[str, tuple, int | None]] = []  # SQLite: run one after another
        self._writes: list[ClauseElement] = []  # PostgreSQL: made one statement
        self._params: dict[str, Any] = {}

    @property
    def steps(self) -> list[tuple[str, tuple, int | None]]:
        """SQLite: the gathered statements, each with its parameters and the rows it must touch."""
        return self._steps

    async def execute(self, statement: ClauseElement, params: Mapping[str, Any], rowcount: int | None = None) -> None:
        """Adds a statement (awaitable, like a connection's); ``rowcount``: the rows it must touch."""
        self.add(statement, params, rowcount)

    def add(self, statement: ClauseElement, params: Mapping[str, Any], rowcount: int | None = None) -> None:
        if not self._as_one:
            sql, args = compiled_statement(statement, self.dialect, tuple(sorted(params))).sql_and_parameters(params)
            self._steps.append((sql, args, rowcount))
            return
        # One statement has one set of parameters: a name two writes give different values cannot be.
        if rowcount is not None or any(self._params.get(k, v) != v for k, v in params.items()):
            raise Unbatchable(str(statement))
        self._writes.append(statement)
        self._params.update(params)

    async def run(self, conn: AsyncConnection, commit: bool = False, driver: Any = None) -> bool:
        """Runs the writes in ``conn``'s transaction (if any), in one trip.

        Returns False, stopping there, when a guard held: a unique or not-null key refused a
        row or (SQLite) a statement touched other than its ``rowcount`` rows. On SQLite, with
        ``commit``, the same hand-off commits (or, when a guard held, rolls back); without it
        the caller does. On PostgreSQL the one statement commits itself outside a
        transaction, and inside one the caller commits. ``driver``: ``conn``'s driver
        connection when the caller holds it already (:class:`HeldConnections`).
        """
        if self._as_one:
            return await self._run_as_one(conn, driver)
        driver = driver or await driver_of(conn)
        steps = self._steps

        def run_in_thread() -> bool:
            db: sqlite3.Connection = driver._conn
            done = run_steps(db, steps)
            if commit:
                db.commit() if done else db.rollback()
            return done

        return await driver._execute(run_in_thread)

    async def _run_as_one(self, conn: AsyncConnection, driver: Any = None) -> bool:
        import asyncpg

        key = tuple(id(w) for w in self._writes)
        found = _AS_ONE.get(key)
        if found is None or any(a is not b for a, b in zip(found[0], self._writes, strict=True)):
            writes = [cast(HasCTE, w).cte(f"write_{i}") for i, w in enumerate(self._writes)]
            combined = select(literal(1)).add_cte(*writes)
            found = _AS_ONE[key] = (list(self._writes), combined)
        # Each write names its own columns: the parameters of all must not add columns to any.
        compiled = compiled_statement(found[1], self.dialect, tuple(sorted(self._params)), column_keys=False)
        sql, args = compiled.sql_and_parameters(self._params)
        try:
            await on_driver(conn, lambda pg: pg.execute(sql, *args), driver)
        except asyncpg.IntegrityConstraintViolationError:
            return False
        return True


#: PostgreSQL: the one statement of each sequence of writes, by their ids (the writes kept, so ids stay theirs).
_AS_ONE: dict[tuple[int, ...], tuple[list[ClauseElement], ClauseElement]] = {}


def run_steps(db: sqlite3.Connection, steps: list[tuple[str, tuple, int | None]]) -> bool:
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


async def driver_of(conn: AsyncConnection) -> Any:
    """Returns the driver's connection under ``conn``: aiosqlite's (its sqlite3 one is ``_conn``) or asyncpg's."""
    return (await conn.get_raw_connection()).driver_connection


async def on_driver(conn: AsyncConnection, call: Callable[[Any], Any], driver: Any = None) -> Any:
    """Awaits ``call(asyncpg connection)``; a connection that failed other than by the server's refusal is
    dropped from the pool, as SQLAlchemy does with one that fails under it."""
    import asyncpg

    driver = driver or await driver_of(conn)
    try:
        return await call(driver)
    except asyncpg.PostgresError:
        raise  # the server refused the statement; the connection is fine
    except BaseException:
        await conn.invalidate()
        raise


async def fetch_one(
    conn: AsyncConnection, statement: ClauseElement, params: Mapping[str, Any], driver: Any = None
) -> Any:
    """Runs a SELECT in one trip on ``conn``'s driver (``driver``, if the caller holds it); returns its
    first row (named, processed) or None."""
    compiled = compiled_statement(statement, conn.dialect, tuple(sorted(params)))
    sql, args = compiled.sql_and_parameters(params)
    if conn.dialect.driver == "asyncpg":
        record = await on_driver(conn, lambda pg: pg.fetchrow(sql, *args), driver)
        return None if record is None else compiled.row(tuple(record))
    driver = driver or await driver_of(conn)

    def read_in_thread() -> tuple | None:
        cursor = driver._conn.execute(sql, args)
        try:
            return cursor.fetchone()
        finally:
            cursor.close()

    found = await driver._execute(read_in_thread)
    return None if found is None else compiled.row(found)


class Held:
    """A connection kept out of the pool for moves, with its driver's connection (reached once)."""

    __slots__ = ("conn", "driver", "since")

    def __init__(self, conn: AsyncConnection, driver: Any):
        self.conn, self.driver, self.since = conn, driver, time.monotonic()


class HeldConnections:
    """Connections kept checked out of the engine's pool for moves: handed out and taken back.

    Checking a connection out of SQLAlchemy's pool and returning it, and reaching its
    driver's connection, each cross into a greenlet and run the pool's events: on every
    move, more than the rest of its database client side (docs/benchmarks.md). Held here, a
    move takes one from a list and gives it back. A connection goes back to the pool
    (which rolls back what is open) and is not kept when its move failed other than by a
    refusal, or when it is left invalidated or inside a transaction, on SQLAlchemy's side
    or the driver's: the next move never finds anything of the last one open. One held
    ``HOLD_FOR`` seconds goes back too, so the pool's own recycling still reaches it. The
    caller bounds how many are out at once (the service's moves in flight); every held
    one is given back to the pool by :meth:`close`.
    """

    #: Seconds a connection is held at most (the pool recycles PostgreSQL's after 30 minutes: app/store/db.py).
    HOLD_FOR = 600.0

    def __init__(self, engine: Any, keep_after: tuple[type[BaseException], ...] = ()):
        self.engine = engine
        self._pg = engine.dialect.driver == "asyncpg"
        self._keep_after = keep_after  # exceptions after which a clean connection is kept (refusals)
        self._idle: list[Held] = []
        self._closed = False

    def one(self) -> _Lease:
        """``async with held.one() as h:`` a connection (``h.conn``) and its driver's (``h.driver``)."""
        return _Lease(self)

    async def take(self) -> Held:
        if self._idle:
            return self._idle.pop()
        conn = await self.engine.connect()
        try:
            return Held(conn, await driver_of(conn))
        except BaseException:
            await conn.close()
            raise

    async def give(self, held: Held, failed: BaseException | None = None) -> None:
        kept = not self._closed and time.monotonic() - held.since < self.HOLD_FOR
        if kept and (failed is None or isinstance(failed, self._keep_after)) and self._clean(held):
            self._idle.append(held)
            return
        await held.conn.close()

    def _clean(self, held: Held) -> bool:
        sync = held.conn.sync_connection  # SQLAlchemy's side, then the driver's
        try:
            if sync is None or sync.closed or sync.invalidated or sync.in_transaction():
                return False
            return not (held.driver.is_in_transaction() if self._pg else held.driver._conn.in_transaction)
        except Exception:  # noqa: BLE001 - a connection that cannot tell is not kept
            return False

    async def close(self) -> None:
        """Gives every held connection back to the pool (before the engine is disposed)."""
        self._closed = True
        idle, self._idle = self._idle, []
        for held in idle:
            await held.conn.close()


class _Lease:
    __slots__ = ("_from", "_held")

    def __init__(self, held: HeldConnections):
        self._from = held

    async def __aenter__(self) -> Held:
        self._held = await self._from.take()
        return self._held

    async def __aexit__(self, _kind: Any, failed: BaseException | None, _tb: Any) -> None:
        await self._from.give(self._held, failed)
