"""Two workers on one PostgreSQL rate each finished match once, in one order.

Bots run on both workers, so both race to make a match's last move; people send their
moves to either worker. Several matches of the same players end at about the same time.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.app.ratings_play import Expected, play
from tests.app.test_processes import ServerProcess, processes  # noqa: F401 - the fixture
from tests.app.test_ratings_rebuild import rebuild_command, snapshot
from tests.conftest import fresh_pg_database, require_pg
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
