"""SQLite: the writes of moves of different matches that wait at the same moment, in one commit.

SQLite has one writer, and with ``synchronous=FULL`` every commit waits for the disk
(an fsync of the write-ahead log: 1-10 ms on the project machine, more than the rest of
the move). Committed one after another, moves are bounded by that wait, not by the CPU.
Here a move's writes (its :class:`~app.play.onehop.Batch`) join the group waiting for
the writer; one hand-off to aiosqlite's thread runs the whole group in one transaction,
each move inside a savepoint of its own, and commits once. A move whose guard holds (the
compare-and-set found another version, a unique key refused its row) is rolled back to
its savepoint alone and answered ``False``; the others commit. Every move is answered
only after the commit returned, so an acknowledged move is on disk as before: what is
shared is the wait, never the durability.

A group is whatever waits when the previous one is done: no timer, so a lone move
commits at once.
"""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import AbstractAsyncContextManager
from typing import Any

from app.play.onehop import Batch, run_steps

Steps = list[tuple[str, tuple, int | None]]


def run_group(db: sqlite3.Connection, groups: list[Steps]) -> list[bool]:
    """Runs each move's steps in a savepoint of one transaction and commits once (in aiosqlite's thread).

    Returns, for each move, whether it was kept. Any error other than a move's guard
    rolls the whole transaction back and is raised: then no move of the group was kept.
    """
    kept = []
    db.execute("BEGIN IMMEDIATE")
    try:
        for steps in groups:
            db.execute("SAVEPOINT move")
            done = run_steps(db, steps)
            if not done:
                db.execute("ROLLBACK TO move")
            db.execute("RELEASE move")
            kept.append(done)
        db.commit()
    except BaseException:
        db.rollback()
        raise
    return kept


class GroupCommit:
    """Moves' writes gathered while the writer is busy, committed together (see the module's doc)."""

    def __init__(self, writer: AbstractAsyncContextManager[Any]):
        self.writer = writer  # the process's one-writer lock: the group holds it while it commits
        self.waiting: list[tuple[Any, Steps, asyncio.Future[bool]]] = []
        self.running: asyncio.Task | None = None

    async def run(self, driver: Any, batch: Batch) -> bool:
        """Commits ``batch`` with whatever else waits; returns False when its guard held (nothing kept).

        ``driver``: the aiosqlite connection the move holds, idle while it waits.
        """
        answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.waiting.append((driver, batch.steps, answer))
        if self.running is None:
            self.running = asyncio.get_running_loop().create_task(self._commit())
        return await answer

    async def _commit(self) -> None:
        try:
            while self.waiting:
                group, self.waiting = self.waiting, []
                try:
                    async with self.writer:
                        # Every waiting move holds an idle connection; the first one's thread writes for all.
                        driver = group[0][0]
                        moves = [steps for _, steps, _ in group]
                        kept = await driver._execute(lambda db=driver._conn, moves=moves: run_group(db, moves))
                except BaseException as failed:  # noqa: BLE001 - each move of the group is told
                    for *_, answer in group:
                        if not answer.done():
                            answer.set_exception(failed)
                    if isinstance(failed, asyncio.CancelledError):
                        raise
                    continue
                for (*_, answer), done in zip(group, kept, strict=True):
                    if not answer.done():
                        answer.set_result(done)
        finally:
            self.running = None
