"""SQLite: moves of different matches waiting at once share one commit (app/play/groupcommit.py)."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import timedelta

import pytest

from app.identity.players import Players
from app.main import register_extra_games
from app.notices.rows import NoticeRows
from app.ops.settings import Settings
from app.play import groupcommit
from app.play.groupcommit import run_group
from app.play.matches import MatchService
from app.store.db import make_engine, migrate_async
from app.table.lobby import Lobby
from tests.conftest import FIXTURE_GAME

INSERT = "INSERT INTO rows (name, v) VALUES (?, ?)"
BUMP = "UPDATE rows SET v = ? WHERE name = ? AND v = ?"


@pytest.fixture
def db(tmp_path):
    conn = sqlite3.connect(tmp_path / "group.db")
    conn.execute("CREATE TABLE rows (name TEXT UNIQUE, v INTEGER)")
    conn.commit()
    yield conn
    conn.close()


def names(db) -> list[tuple]:
    return db.execute("SELECT name, v FROM rows ORDER BY name").fetchall()


def test_a_move_whose_guard_holds_is_rolled_back_alone_and_the_others_of_its_group_commit(db):
    kept = run_group(
        db,
        [
            [(INSERT, ("a", 0), None)],
            [(INSERT, ("b", 0), None), (INSERT, ("a", 9), None)],  # a unique key refuses its second row
            [(INSERT, ("c", 0), None), (BUMP, (1, "nobody", 0), 1)],  # its compare-and-set finds no row
            [(INSERT, ("d", 0), None), (BUMP, (1, "d", 0), 1)],
        ],
    )
    assert kept == [True, False, False, True]
    assert names(db) == [("a", 0), ("d", 1)]  # b and c went with their moves, nothing else did
    assert not db.in_transaction


def test_an_error_other_than_a_guard_keeps_no_move_of_the_group_and_is_raised(db):
    with pytest.raises(sqlite3.OperationalError):
        run_group(db, [[(INSERT, ("a", 0), None)], [("INSERT INTO nowhere VALUES (1)", (), None)]])
    assert names(db) == [] and not db.in_transaction


async def tally_matches(url: str, n: int, body):
    """Runs ``body(service, match ids)`` on ``n`` started tally matches of two players."""
    register_extra_games((FIXTURE_GAME,))
    await migrate_async(url)
    engine = make_engine(url)

    async def publish(event):
        return None

    notices = NoticeRows(timedelta(seconds=Settings.from_env(database_url=url).notice_delay))
    service = MatchService(engine, publish, one_writer=True, on_turn=notices.queue)
    lobby = Lobby(service)
    try:
        players = [(await Players(service.sessions, service.tell).create(f"P{i}"))[0] for i in range(2)]
        ids = []
        for _ in range(n):
            match, _ = await lobby.create(players[0], "tally", 2, {})
            await lobby.join(match.id, players[1])
            await lobby.start(match.id, players[0])
            ids.append(match.id)
        return await body(service, ids)
    finally:
        await service.close()
        await engine.dispose()


def test_moves_of_matches_arriving_together_share_commits_and_every_one_is_stored(tmp_path, monkeypatch):
    groups: list[int] = []
    real = groupcommit.run_group

    def counted(db, moves):
        groups.append(len(moves))
        return real(db, moves)

    monkeypatch.setattr(groupcommit, "run_group", counted)

    async def body(service, ids):
        done = await asyncio.gather(*(service.accept(m, 0, "a1", 0, {"type": "add", "n": 1}) for m in ids))
        again = await service.accept(ids[0], 0, "a1", 0, {"type": "add", "n": 1})
        stored = [[(a.v, a.seat, a.action) for a in await service.actions(m)] for m in ids]
        return done, again, stored, [(await service.get(m))[0].v for m in ids]

    done, again, stored, versions = asyncio.run(tally_matches(f"sqlite+aiosqlite:///{tmp_path / 'moves.db'}", 6, body))
    assert [d.v for d in done] == [1] * 6 and again.duplicate
    assert stored == [[(1, 0, {"type": "add", "n": 1})]] * 6 and versions == [1] * 6
    assert sum(groups) == 6 and len(groups) < 6  # fewer commits than moves
