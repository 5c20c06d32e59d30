"""A move on the version this worker just committed skips its read (app/play/latest.py), and loses no guard."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import update

from app import messages as msg
from app.errors import Rejected
from app.play.matches import MatchService
from app.store.models import Match
from tests.app.test_onehop import counting_hand_offs, pg_url, two_seat_match  # noqa: F401 - pg_url is a fixture


def sqlite(tmp_path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'moves.db'}"


@pytest.fixture(params=["sqlite", "postgres"])
def url(request, tmp_path):
    return sqlite(tmp_path) if request.param == "sqlite" else request.getfixturevalue("pg_url")


def test_a_move_on_the_version_just_committed_here_is_one_hand_off_its_writes(tmp_path, monkeypatch):
    async def body(service, _notices, match_id):
        await service.accept(match_id, 0, "a1", 0, {"type": "add", "n": 2})
        hand_offs = counting_hand_offs(monkeypatch)
        done = await service.accept(match_id, 1, "b1", 1, {"type": "add", "n": 1})
        return done, len(hand_offs), (await service.get(match_id))[0]

    done, hand_offs, match = asyncio.run(two_seat_match(sqlite(tmp_path), body))
    assert done.v == 2 and hand_offs == 1
    assert match.v == 2 and match.state["total"] == 3


def test_a_match_abandoned_since_refuses_the_move_that_skipped_its_read(url):
    async def body(service, _notices, match_id):
        await service.accept(match_id, 0, "a1", 0, {"type": "add", "n": 2})
        async with service.engine.begin() as conn:  # a resignation or a cancel: no new version
            await conn.execute(update(Match).where(Match.id == match_id).values(status="abandoned"))
        with pytest.raises(Rejected) as refused:
            await service.accept(match_id, 1, "b1", 1, {"type": "add", "n": 1})
        return refused.value, (await service.get(match_id))[0], await service.actions(match_id)

    refused, match, actions = asyncio.run(two_seat_match(url, body))
    assert refused.reason == msg.NOT_RUNNING.format(status="abandoned")
    assert match.status == "abandoned" and match.v == 1 and [a.v for a in actions] == [1]


def test_a_move_another_worker_made_meanwhile_is_read_and_the_late_one_refused_as_stale(url):
    async def body(service, notices, match_id):
        other = MatchService(
            service.engine, service.publish, one_writer=url.startswith("sqlite"), on_turn=notices.queue
        )
        await service.accept(match_id, 0, "a1", 0, {"type": "add", "n": 2})
        await other.accept(match_id, 1, "b1", 1, {"type": "add", "n": 1})  # another worker, on the same database
        with pytest.raises(Rejected) as refused:  # seat 1 again on the version this worker holds
            await service.accept(match_id, 1, "b2", 1, {"type": "add", "n": 3})
        await other.close()
        return refused.value, (await service.get(match_id))[0], await service.actions(match_id)

    refused, match, actions = asyncio.run(two_seat_match(url, body))
    assert refused.key == msg.STALE.key
    assert match.v == 2 and match.state["total"] == 3 and [a.action_id for a in actions] == ["a1", "b1"]


def test_an_id_played_before_and_sent_again_on_the_newest_version_is_answered_as_before(url):
    async def body(service, _notices, match_id):
        await service.accept(match_id, 0, "a1", 0, {"type": "add", "n": 2})
        await service.accept(match_id, 1, "b1", 1, {"type": "add", "n": 1})
        again = await service.accept(match_id, 0, "a1", 2, {"type": "add", "n": 2})
        return again, (await service.get(match_id))[0], await service.actions(match_id)

    again, match, actions = asyncio.run(two_seat_match(url, body))
    assert again.duplicate and again.seen == 1
    assert match.v == 2 and [a.action_id for a in actions] == ["a1", "b1"]
