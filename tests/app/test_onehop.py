"""A move on SQLite in two hand-offs to aiosqlite's thread: its read, then its writes (app/play/onehop.py)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import aiosqlite
import pytest
from sqlalchemy import JSON, Column, Integer, MetaData, String, Table, bindparam, event, func, insert, select, update

from app.identity.players import Players
from app.main import register_extra_games
from app.notices.rows import NoticeRows
from app.ops.settings import Settings, async_url
from app.play.matches import MatchService
from app.play.moves import MOVE_SQL
from app.play.onehop import Batch, Unbatchable, fetch_one
from app.store.db import make_engine, migrate_async
from app.store.models import Action, Notice, Player, UtcDateTime
from app.table.lobby import Lobby
from tests.conftest import FIXTURE_GAME, fresh_pg_database, require_pg

meta = MetaData()
rows = Table(
    "rows",
    meta,
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
        return [
            tuple(r)
            for r in (
                await conn.execute(select(rows.c.name, rows.c.v, rows.c.doc, rows.c.at).order_by(rows.c.id))
            ).all()
        ]


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
    pick = (
        update(rows)
        .where(rows.c.name.in_(bindparam("names", expanding=True)))
        .values(v=bindparam("new"), doc=bindparam("doc", type_=JSON), at=bindparam("at", type_=UtcDateTime))
    )

    async def body(engine):
        async with engine.connect() as conn:
            await conn.execute(select(rows.c.id))  # the transaction a move's read opens
            batch = Batch(engine.dialect)
            for name in "abc":
                batch.add(insert(rows), {"name": name, "v": 0, "doc": None, "at": AT})
            batch.add(pick, {"names": ["a", "c"], "new": 7, "doc": {"k": 1}, "at": AT}, rowcount=2)
            batch.add(pick, {"names": ["b"], "new": 5, "doc": None, "at": AT}, rowcount=1)
            ok = await batch.run(conn)
            await conn.commit()
        return ok, await read_all(engine)

    assert run(tmp_path, body) == (True, [("a", 7, {"k": 1}, AT), ("b", 5, None, AT), ("c", 7, {"k": 1}, AT)])


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
            await conn.execute(
                insert(rows),
                [
                    {"name": "a", "v": 3, "doc": {"k": [1, None]}, "at": AT},
                    {"name": "b", "v": 0, "doc": None, "at": None},
                ],
            )
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
        return clean, hand_offs[len(clean) :], await read_all(engine)

    clean, left_open, found = run(tmp_path, body)
    assert clean == []
    assert "rollback" in left_open and found == []


async def two_seat_match(url: str, body):
    """Runs ``body(service, notices, match_id)`` on a started tally match of two players; the second has e-mail."""
    register_extra_games((FIXTURE_GAME,))
    await migrate_async(url)
    engine = make_engine(url)

    async def publish(event):
        return None

    notices = NoticeRows(timedelta(seconds=Settings.from_env(database_url=url).notice_delay))
    service = MatchService(engine, publish, one_writer=url.startswith("sqlite"), on_turn=notices.queue)
    lobby = Lobby(service)
    try:
        players = [(await Players(service.sessions, service.tell).create(f"P{i}"))[0] for i in range(2)]
        async with engine.begin() as conn:
            await conn.execute(update(Player).where(Player.id == players[1].id).values(email="p1@example.org"))
        match, _ = await lobby.create(players[0], "tally", 2, {})
        await lobby.join(match.id, players[1])
        await lobby.start(match.id, players[0])
        return await body(service, notices, match.id)
    finally:
        await service.close()
        await engine.dispose()


async def move_and_retry(service, match_id):
    """Makes seat 0's first move and its retry; returns them, the actions and notices kept and the match's version."""
    done = await service.accept(match_id, 0, "a1", 0, {"type": "add", "n": 2})
    again = await service.accept(match_id, 0, "a1", 0, {"type": "add", "n": 2})
    async with service.engine.connect() as conn:
        notices = (await conn.execute(select(Notice.v, Notice.seat).where(Notice.match_id == match_id))).all()
    kept = [(a.v, a.seat, a.action) for a in await service.actions(match_id)]
    return done, again, kept, sorted(tuple(n) for n in notices), (await service.get(match_id))[0].v


def test_a_move_on_sqlite_is_two_hand_offs_its_read_then_its_writes_and_commit(tmp_path, monkeypatch):
    async def body(service, _notices, match_id):
        hand_offs = counting_hand_offs(monkeypatch)
        done = await service.accept(match_id, 0, "a1", 0, {"type": "add", "n": 2})
        return done, len(hand_offs), await move_and_retry(service, match_id)

    done, hand_offs, (_, again, kept, notices, v) = asyncio.run(
        two_seat_match(f"sqlite+aiosqlite:///{tmp_path / 'moves.db'}", body)
    )
    assert done.v == 1 and hand_offs == 2
    assert again.duplicate and again.v == 1
    assert kept == [(1, 0, {"type": "add", "n": 2})] and v == 1 and notices == [(1, 1)]


@pytest.fixture(scope="module")
def pg_url() -> str:
    require_pg()
    return async_url(fresh_pg_database())


def test_a_move_on_postgresql_is_two_statements_on_the_driver_and_no_begin_or_commit(pg_url, monkeypatch):
    import asyncpg

    calls: list[str] = []
    for name in ("fetchrow", "execute", "fetch", "fetchval"):
        real = getattr(asyncpg.Connection, name)

        async def counted(self, *args, _real=real, _name=name, **kwargs):
            calls.append(_name)
            return await _real(self, *args, **kwargs)

        monkeypatch.setattr(asyncpg.Connection, name, counted)

    async def body(service, _notices, match_id):
        through_sqlalchemy: list[str] = []
        event.listen(
            service.engine.sync_engine,
            "before_cursor_execute",
            lambda _c, _cur, sql, *_a: through_sqlalchemy.append(sql),
        )
        calls.clear()
        done = await service.accept(match_id, 0, "a1", 0, {"type": "add", "n": 2})
        counted = (list(calls), list(through_sqlalchemy))
        return done, counted, await move_and_retry(service, match_id)

    done, (calls_made, through_sqlalchemy), (_, again, kept, notices, v) = asyncio.run(two_seat_match(pg_url, body))
    assert done.v == 1 and calls_made == ["fetchrow", "execute"] and through_sqlalchemy == []
    assert again.duplicate and again.v == 1
    assert kept == [(1, 0, {"type": "add", "n": 2})] and v == 1 and notices == [(1, 1)]


def test_on_postgresql_a_compare_and_set_that_misses_keeps_none_of_the_writes_gathered_with_it(pg_url):
    async def body(service, notices, match_id):
        results = []
        for old_v in (7, 0):  # the match is at 0: the first misses, the second moves it
            now = datetime.now(UTC)
            row = {
                "match_id": match_id,
                "v": old_v + 1,
                "action_id": f"at{old_v}",
                "seat": 0,
                "action": {"type": "add", "n": 1},
                "to_act": [1],
                "created_at": now,
            }
            move = {
                "match_id": match_id,
                "old_v": old_v,
                "new_v": old_v + 1,
                "new_state": {"moved": old_v},
                "new_status": "running",
                "moved_at": now,
            }
            batch = Batch(service.engine.dialect)
            batch.add(MOVE_SQL.act_if_moved, {**row, **move})
            await notices.queue(batch, match_id, old_v + 1, {1})
            async with service.engine.connect() as conn:
                ok = await batch.run(conn)
            async with service.engine.connect() as conn:
                counts = [
                    (
                        await conn.execute(select(func.count()).select_from(t).where(t.c.match_id == match_id))
                    ).scalar_one()
                    for t in (Action.__table__, Notice.__table__)
                ]
            results.append((ok, counts, (await service.get(match_id))[0].v))
        return results

    missed, moved = asyncio.run(two_seat_match(pg_url, body))
    assert missed == (False, [0, 0], 0)
    assert moved == (True, [1, 1], 1)


@pytest.mark.parametrize("dialect_name", ["sqlite", "postgresql"])
def test_an_expanding_in_spelled_out_once_per_number_of_values_gives_sqlalchemys_own_sql_and_parameters(dialect_name):
    from sqlalchemy.dialects import postgresql, sqlite

    from app.play.onehop import _Compiled

    dialect = sqlite.dialect() if dialect_name == "sqlite" else postgresql.asyncpg.dialect()
    statement = (
        update(rows)
        .where(rows.c.name.in_(bindparam("names", expanding=True)), rows.c.v == bindparam("old"))
        .values(doc=bindparam("doc"))
    )
    compiled = _Compiled(statement, dialect, ("doc", "names", "old"))
    for names in (["a"], ["a", "b", "c"], ["d"], [], ["e", "f", "g"]):
        params = {"names": names, "old": 3, "doc": {"k": names}}
        reference: Any = statement.compile(dialect=dialect, column_keys=["doc", "names", "old"])
        expected = reference._process_parameters_for_postcompile(reference.construct_params(params))
        processors = {**reference._bind_processors, **expected.processors}
        args = tuple(
            processors[k](expected.parameters[k]) if processors.get(k) else expected.parameters[k]
            for k in expected.positiontup
        )
        assert compiled.sql_and_parameters(params) == (expected.statement, args)
    assert {(1,), (3,)} <= set(compiled._shapes) and len(compiled._shapes) <= 4  # one rendering per number of values
