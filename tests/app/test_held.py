"""A move's connection is held out of the pool between moves, and nothing a move leaves open is kept."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from app.errors import Rejected
from app.play import groupcommit, onehop
from app.play.onehop import HeldConnections
from app.store.models import Match
from tests.app.test_onehop import pg_url, two_seat_match  # noqa: F401 - pg_url is a fixture


@pytest.fixture(params=["sqlite", "postgres"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'held.db'}"
    return request.getfixturevalue("pg_url")


def test_moves_one_after_another_use_one_held_connection_and_close_gives_it_back(url, monkeypatch):
    async def body(service, _notices, match_id):
        pool = service.engine.pool
        before = pool.checkedout()
        drivers = set()
        real_take = HeldConnections.take

        async def take(self):
            held = await real_take(self)
            drivers.add(id(held.driver))
            return held

        with monkeypatch.context() as patched:
            patched.setattr(HeldConnections, "take", take)
            for v, (seat, n) in enumerate([(0, 2), (1, 1), (0, 3)]):
                await service.accept(match_id, seat, f"m{v}", v, {"type": "add", "n": n})
            with pytest.raises(Rejected):  # a refusal keeps the connection too
                await service.accept(match_id, 1, "too-many", 3, {"type": "add", "n": 9})
        held_out = pool.checkedout() - before
        await service.close()
        return drivers, held_out, pool.checkedout() - before, (await service.get(match_id))[0].v

    drivers, held_out, after_close, v = asyncio.run(two_seat_match(url, body))
    assert len(drivers) == 1 and held_out == 1 and after_close == 0 and v == 3


def test_a_move_that_fails_other_than_by_a_refusal_gives_its_connection_back_to_the_pool(url, monkeypatch):
    async def body(service, _notices, match_id):
        await service.accept(match_id, 0, "a1", 0, {"type": "add", "n": 2})
        first = service._held._idle[-1].conn

        async def broken(*_args, **_kwargs):
            raise RuntimeError("the database went away")

        with monkeypatch.context() as patched:
            patched.setattr(onehop.Batch, "run", broken)
            patched.setattr(groupcommit.GroupCommit, "run", broken)
            with pytest.raises(RuntimeError):
                await service.accept(match_id, 1, "b1", 1, {"type": "add", "n": 1})
        dropped = service._held._idle == []
        await service.accept(match_id, 1, "b1", 1, {"type": "add", "n": 1})  # on another, from the pool
        return dropped, service._held._idle[-1].conn is not first and first.closed, (await service.get(match_id))[0].v

    dropped, fresh, v = asyncio.run(two_seat_match(url, body))
    assert dropped and fresh and v == 2


def test_a_connection_given_back_inside_a_transaction_is_not_kept(url):
    async def body(service, _notices, _match_id):
        held = HeldConnections(service.engine)
        one = await held.take()
        await one.conn.execute(select(Match.id))  # begins a transaction, left open
        await held.give(one)
        left_open_kept = held._idle != []
        two = await held.take()
        await held.give(two)
        kept_clean = held._idle == [two] and two.conn is not one.conn
        await held.close()
        return left_open_kept, kept_clean, one.conn.closed

    left_open_kept, kept_clean, closed = asyncio.run(two_seat_match(url, body))
    assert not left_open_kept and kept_clean and closed


def test_a_connection_held_its_time_goes_back_to_the_pool_so_the_pool_can_recycle_it(url):
    async def body(service, _notices, _match_id):
        held = HeldConnections(service.engine)
        held.HOLD_FOR = 0.0
        one = await held.take()
        await held.give(one)
        return held._idle, one.conn.closed

    idle, closed = asyncio.run(two_seat_match(url, body))
    assert idle == [] and closed
