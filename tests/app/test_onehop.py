"""A move on SQLite in two hand-offs to aiosqlite's thread: its read, then its writes (app/onehop.py, issue 14)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import aiosqlite
import pytest
from sqlalchemy import JSON, Column, Integer, MetaData, String, Table, bindparam, insert, select, update

from app.db import make_engine, migrate_async
from app.main import register_extra_games
from app.matches import MatchService
from app.models import UtcDateTime
from app.notices import Notices
from app.onehop import Batch, Unbatchable, fetch_one
from app.settings import Settings
from tests.conftest import FIXTURE_GAME

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


def counting_hand_offs(monkeypatch) -> list:
    """Records every hand-off to an aiosqlite thread from now on."""
    hand_offs: list = []
    real = aiosqlite.Connection._execute

    async def counted(self, fn, *args, **kwargs):
        hand_offs.append(getattr(fn, "__name__", fn))
        return await real(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    return hand_offs


def test_a_read_in_one_hand_off_gives_the_row_as_sqlalchemy_reads_it(tmp_path, monkeypatch):
    named = select(rows.c.name, rows.c.doc, rows.c.at, rows.c.v.label("version")).where(rows.c.name == bindparam("who"))

    async def body(engine):
        async with engine.begin() as conn:
            await conn.execute(insert(rows), [{"name": "a", "v": 3, "doc": {"k": [1, None]}, "at": AT},
                                              {"name": "b", "v": 0, "doc": None, "at": None}])
        async with engine.connect() as conn:
            hand_offs = counting_hand_offs(monkeypatch)
            found = [await fetch_one(conn, named, {"who": who}) for who in ("a", "b", "nobody")]
            reads = len(hand_offs)
            expected = [(await conn.execute(named, {"who": who})).one_or_none() for who in ("a", "b")]
        return found, [tuple(r) for r in expected], reads

    found, expected, hand_offs = run(tmp_path, body)
    assert found[:2] == expected and found[2] is None
    assert found[0].doc == {"k": [1, None]} and found[0].at == AT and found[0].version == 3
    assert hand_offs == 3


def test_a_connection_given_back_is_rolled_back_only_when_a_transaction_was_left_open(tmp_path, monkeypatch):
    async def body(engine):
        async with engine.connect() as conn:
            await fetch_one(conn, select(rows.c.id), {})  # nothing written: nothing to roll back
            hand_offs = counting_hand_offs(monkeypatch)
        clean = list(hand_offs)
        async with engine.connect() as conn:
            batch = Batch(engine.dialect)
            batch.add(insert(rows), {"name": "a", "v": 0, "doc": None, "at": AT})
            await batch.run(conn)  # written on the driver, never committed: open when given back
        return clean, hand_offs[len(clean):], await read_all(engine)

    clean, left_open, found = run(tmp_path, body)
    assert clean == []
    assert "rollback" in left_open and found == []


def test_a_move_on_sqlite_is_two_hand_offs_its_read_then_its_writes_and_commit(tmp_path, monkeypatch):
    url = f"sqlite+aiosqlite:///{tmp_path / 'moves.db'}"
    register_extra_games((FIXTURE_GAME,))

    async def main():
        await migrate_async(url)
        engine = make_engine(url)

        async def publish(match_id, kind, v, state):
            return None

        service = MatchService(engine, publish, one_writer=True)
        service.on_turn = Notices(service, Settings.from_env(database_url=url)).queue
        try:
            players = [(await service.create_player(f"P{i}"))[0] for i in range(2)]
            match, _ = await service.create(players[0], "tally", 2, {})
            await service.join(match.id, players[1])
            await service.start(match.id, players[0])
            hand_offs = counting_hand_offs(monkeypatch)
            done = await service.accept(match.id, 0, "a1", 0, {"type": "add", "n": 2})
            moves = list(hand_offs)
            again = await service.accept(match.id, 0, "a1", 0, {"type": "add", "n": 2})
            kept = [(a.v, a.seat, a.action) for a in await service.actions(match.id)]
            return done, moves, again, kept, (await service.get(match.id))[0].v
        finally:
            await engine.dispose()

    done, moves, again, kept, v = asyncio.run(main())
    assert done.v == 1 and len(moves) == 2, moves
    assert again.duplicate and again.v == 1
    assert kept == [(1, 0, {"type": "add", "n": 2})] and v == 1
