"""A move's writes on SQLite in one hand-off to aiosqlite's thread (app/onehop.py, issue 14)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import aiosqlite
import pytest
from sqlalchemy import JSON, Column, Integer, MetaData, String, Table, bindparam, insert, select, update

from app.db import make_engine
from app.models import UtcDateTime
from app.onehop import Batch, Unbatchable

meta = MetaData()
rows = Table(
    "rows", meta,
    Column("id", Integer, primary_key=True),
    Column("name", String(20), unique=True),
    Column("v", Integer),
    Column("doc", JSON),
    Column("at", UtcDateTime),
)
AT = datetime(2026, 12, 2, 5, 30, 0, 123456, tzinfo=UTC)
bump = update(rows).where(rows.c.name == bindparam("who"), rows.c.v == bindparam("old")).values(v=bindparam("new"))


def run(tmp_path, body):
    async def main():
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'one.db'}")
        async with engine.begin() as conn:
            await conn.run_sync(meta.create_all)
        try:
            return await body(engine)
        finally:
            await engine.dispose()
    return asyncio.run(main())


async def read_all(engine):
    async with engine.connect() as conn:
        return [tuple(r) for r in (await conn.execute(select(rows.c.name, rows.c.v, rows.c.doc, rows.c.at)
                                                      .order_by(rows.c.id))).all()]


def test_a_batch_runs_all_its_statements_in_one_hand_off_and_reads_back_as_sqlalchemy_wrote_them(tmp_path, monkeypatch):
    hand_offs = []
    real = aiosqlite.Connection._execute

    async def counted(self, fn, *args, **kwargs):
        hand_offs.append(fn)
        return await real(self, fn, *args, **kwargs)

    async def body(engine):
        async with engine.connect() as conn:
            await conn.execute(select(rows.c.id))  # the transaction a move's read opens
            batch = Batch(engine.dialect)
            batch.add(insert(rows), {"name": "a", "v": 0, "doc": {"k": [1, "x"]}, "at": AT})
            await batch.execute(insert(rows), {"name": "b", "v": 0, "doc": None, "at": AT})
            batch.add(bump, {"who": "a", "old": 0, "new": 1}, rowcount=1)
            monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
            ok = await batch.run(conn)
            monkeypatch.setattr(aiosqlite.Connection, "_execute", real)
            await conn.commit()
        return ok, await read_all(engine)

    ok, found = run(tmp_path, body)
    assert ok and len(hand_offs) == 1
    assert found == [("a", 1, {"k": [1, "x"]}, AT), ("b", 0, None, AT)]


def test_a_compare_and_set_that_finds_no_row_stops_the_batch_and_the_rollback_keeps_nothing(tmp_path):
    async def body(engine):
        async with engine.connect() as conn:
            batch = Batch(engine.dialect)
            batch.add(insert(rows), {"name": "a", "v": 0, "doc": None, "at": AT})
            batch.add(bump, {"who": "a", "old": 5, "new": 6}, rowcount=1)
            ok = await batch.run(conn)
            await conn.rollback()
        return ok, await read_all(engine)

    assert run(tmp_path, body) == (False, [])


def test_a_unique_key_refusing_a_row_is_a_guard_that_held_not_an_error(tmp_path):
    async def body(engine):
        async with engine.begin() as conn:
            await conn.execute(insert(rows), {"name": "a", "v": 0, "doc": None, "at": AT})
        async with engine.connect() as conn:
            batch = Batch(engine.dialect)
            batch.add(insert(rows), {"name": "a", "v": 9, "doc": None, "at": AT})
            ok = await batch.run(conn)
            await conn.rollback()
        return ok, await read_all(engine)

    assert run(tmp_path, body) == (False, [("a", 0, None, AT)])


def test_an_expanding_in_runs_in_the_batch_spelled_out_for_its_values(tmp_path):
    pick = update(rows).where(rows.c.name.in_(bindparam("names", expanding=True))).values(v=bindparam("new"))

    async def body(engine):
        async with engine.connect() as conn:
            await conn.execute(select(rows.c.id))  # the transaction a move's read opens
            batch = Batch(engine.dialect)
            for name in "abc":
                batch.add(insert(rows), {"name": name, "v": 0, "doc": None, "at": AT})
            batch.add(pick, {"names": ["a", "c"], "new": 7}, rowcount=2)
            batch.add(pick, {"names": ["b"], "new": 5}, rowcount=1)
            ok = await batch.run(conn)
            await conn.commit()
        return ok, [(name, v) for name, v, _doc, _at in await read_all(engine)]

    assert run(tmp_path, body) == (True, [("a", 7), ("b", 5), ("c", 7)])


def test_a_statement_a_batch_cannot_run_is_refused_while_gathering_every_time(tmp_path):
    returning = update(rows).values(v=1).returning(rows.c.id)

    async def body(engine):
        batch = Batch(engine.dialect)
        batch.add(insert(rows), {"name": "a", "v": 0, "doc": None, "at": AT})
        for _ in range(2):  # the second refusal comes from the cache, not a second compile
            with pytest.raises(Unbatchable):
                batch.add(returning, {})
        return await read_all(engine)

    assert run(tmp_path, body) == []
