"""Ratings are derived data: ``python -m app ratings --rebuild`` recomputes them from the
finished matches in the order they finished, and gets exactly what the incremental updates
stored. SQLite and PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys

from sqlalchemy import delete, select

from app.ops.settings import async_url
from app.store.db import make_engine
from app.store.models import Rating, RatingResult
from tests.app.ratings_play import play
from tests.conftest import FIXTURE_GAME, ROOT, run_async
from tests.helpers import Client


def snapshot(url: str) -> tuple[list, list]:
    """Every stored rating and rated result, in a fixed order (result ids aside)."""

    async def read():
        db = make_engine(async_url(url))
        try:
            async with db.connect() as conn:
                ratings = (await conn.execute(select(Rating.__table__).order_by(Rating.game, Rating.rater))).all()
                cols = [c for c in RatingResult.__table__.c if c.key != "id"]
                q = select(*cols).order_by(RatingResult.match_id, RatingResult.rater)
                return [tuple(r) for r in ratings], [tuple(r) for r in (await conn.execute(q)).all()]
        finally:
            await db.dispose()

    return run_async(read)


def forget(url: str) -> None:
    async def wipe():
        db = make_engine(async_url(url))
        try:
            async with db.begin() as conn:
                await conn.execute(delete(RatingResult))
                await conn.execute(delete(Rating))
        finally:
            await db.dispose()

    run_async(wipe)


def rebuild_command(url: str) -> str:
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "CARAVELA_ENV": "test",
        "CARAVELA_EXTRA_GAMES": FIXTURE_GAME,
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run(
        [sys.executable, "-m", "app", "ratings", "--rebuild"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_rebuild_gives_exactly_what_the_incremental_updates_gave(server):
    ana, ben, carla = (Client(server.base, n) for n in ("Ana", "Ben", "Carla"))
    play(ana, [ben])
    play(ben, [carla, ana], bots=(3,))  # a bot level rated beside people
    play(ana, [ben, carla], resign=carla)  # a resigned seat ranked last
    play(ana, [ben, carla], seed=44)  # a shared place
    play(ana, [], bots=(1,))  # solo: not rated
    play(carla, [ana], rated=False)  # unrated by the host
    play(carla, [ana], bots=(2, 3))  # one bot level at two seats
    url = server.settings.database_url
    before = snapshot(url)
    assert len({r[0] for r in before[1]}) >= 5  # the rated matches are there to compare
    out = rebuild_command(url)
    assert "rebuilt from 5 rated matches" in out
    assert snapshot(url) == before  # the same floats, counts, places and order, to the last bit
    forget(url)  # as if the ratings had never been kept
    rebuild_command(url)
    assert snapshot(url) == before
