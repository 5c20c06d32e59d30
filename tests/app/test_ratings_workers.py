"""Two workers on one PostgreSQL rate each finished match once, in one order.

Bots run on both workers, so both race to make a match's last move; people send their
moves to either worker. Several matches of the same players end at about the same time.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from app.ops.settings import async_url
from app.records.ratings import finished
from app.store.db import make_engine
from tests.app.ratings_play import Expected, play
from tests.app.test_processes import ServerProcess, processes  # noqa: F401 - the fixture
from tests.app.test_ratings_rebuild import forget, rebuild_command, snapshot
from tests.conftest import ThreadServer, fresh_pg_database, require_pg, run_async
from tests.helpers import Client


def on(person: Client, base: str) -> Client:
    """The same player, speaking to another worker (a client of its own, for its own thread)."""
    other = object.__new__(Client)
    other.base, other.id, other.name, other.token = base, person.id, person.name, person.token
    other.http = httpx.Client(base_url=base, timeout=10, headers={"authorization": f"Bearer {person.token}"})
    Client.opened.append(other)
    return other


def test_two_workers_rate_each_match_once(processes):  # noqa: F811 - the fixture
    require_pg()
    url = fresh_pg_database()
    first = ServerProcess(url).start()
    processes.append(first)
    second = ServerProcess(url).start()
    processes.append(second)
    ana, ben = Client(first.base, "Ana"), Client(first.base, "Ben")

    def one(k: int) -> dict:
        host, guest = (first, second) if k % 2 else (second, first)
        return play(on(ana, host.base), [on(ben, guest.base)], bots=(2, 3))

    with ThreadPoolExecutor(4) as pool:
        done = list(pool.map(one, range(4)))
    got = ana.http.get(f"/api/players/{ana.id}/record", params={"game": "tally"}).json()
    assert got["rating"]["games"] == 4 and len(got["history"]) == 4
    by_id = {m["id"]: m for m in done}
    want = Expected()
    for h in got["history"]:  # the order they were rated in
        want.add(by_id[h["match_id"]])
    for who in (ana.id, ben.id, "bot:normal"):
        rating = ana.http.get(f"/api/players/{who}/ratings").json()["ratings"][0]
        rating.pop("game")
        assert rating == pytest.approx(want.of(who), rel=1e-12)
    before = snapshot(url)
    assert len(before[1]) == 4 * 3  # Ana, Ben and the bots: one result each per match
    rebuild_command(url)
    assert snapshot(url) == before


def test_a_games_finishing_moves_are_rated_one_at_a_time():
    """Two transactions rating matches of the same game and players: the second waits for the
    first to commit, then builds on it (without the game's lock it would read the old rating)."""
    require_pg()
    url = fresh_pg_database()
    with ThreadServer(url) as srv:
        ana, ben = Client(srv.base, "Ana"), Client(srv.base, "Ben")
        first, second = play(ana, [ben]), play(ben, [ana])
    forget(url)  # rated again below, by hand, in two transactions at once

    async def race() -> bool:
        db = make_engine(async_url(url))
        try:
            async with db.connect() as a, db.connect() as b:
                await a.begin()
                await b.begin()
                await finished(a, first["id"])
                late = asyncio.create_task(finished(b, second["id"]))
                await asyncio.sleep(1)
                waited = not late.done()
                await a.commit()
                await late
                await b.commit()
                return waited
        finally:
            await db.dispose()

    assert run_async(race), "the second match was rated while the first was not committed"
    with ThreadServer(url) as srv:
        got = httpx.get(f"{srv.base}/api/players/{ana.id}/record", params={"game": "tally"}).json()
    assert [h["match_id"] for h in got["history"]] == [first["id"], second["id"]]
    want = Expected()
    want.add(first)
    want.add(second)
    assert got["rating"] == pytest.approx(want.of(ana.id), rel=1e-12)
