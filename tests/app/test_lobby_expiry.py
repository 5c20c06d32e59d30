"""Open lobbies nobody starts expire after CARAVELA_LOBBY_EXPIRY_DAYS: abandoned,
gone from every list, their sockets told; with several workers each expires exactly once.
SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

import pytest
from sqlalchemy import update

from app.identity.players import Players
from app.ops.settings import Settings
from app.play.matches import MatchService
from app.store.db import make_engine, migrate_async
from app.store.models import Match, utcnow
from app.table.expiry import LobbyExpiry
from app.table.lobby import Lobby
from tests.app.test_devices import sql
from tests.conftest import ThreadServer, fresh_pg_database, fresh_sqlite_database, run_async
from tests.helpers import Client, Seat, started_match

LONG_AGO = "2020-01-01 00:00:00"


@pytest.fixture(scope="module")
def sweeping(db_url):
    """A live server that sweeps old lobbies ten times a second."""
    with ThreadServer(db_url, lobby_sweep_every=0.1) as srv:
        yield srv


def backdate(server, match_id: str) -> None:
    """Makes a match look created and last changed long ago."""
    sql(server, f"UPDATE matches SET created_at = '{LONG_AGO}', updated_at = '{LONG_AGO}' WHERE id = :m", m=match_id)


def eventually(check, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def status(person: Client, match_id: str) -> str:
    return person.http.get(f"/api/matches/{match_id}").json()["status"]


def test_an_old_open_lobby_expires_leaves_every_list_and_its_sockets_hear_it(sweeping):
    ana, ben = Client(sweeping.base), Client(sweeping.base, "Ben")
    old, fresh = ana.create(), ana.create()
    ben.post(f"/api/matches/{old['id']}/join")
    sock = Seat(sweeping.ws_base, old["id"], ben.token)
    sock.recv_until("hello")
    backdate(sweeping, old["id"])
    eventually(lambda: status(ana, old["id"]) == "abandoned")
    frame = sock.recv_until("match")
    while frame["match"]["status"] == "open":  # who is online comes first
        frame = sock.recv_until("match")
    assert frame["match"]["status"] == "abandoned"
    listed = {m["id"] for m in ana.http.get("/api/matches").json()["matches"]}
    assert old["id"] not in listed and fresh["id"] in listed
    waiting = {m["id"] for m in ben.http.get("/api/me/matches").json()["waiting"]}
    assert old["id"] not in waiting
    assert status(ana, fresh["id"]) == "open"


def test_a_started_match_never_expires(sweeping):
    match, (ana, _ben) = started_match(sweeping.base)
    backdate(sweeping, match["id"])
    time.sleep(0.4)
    assert status(ana, match["id"]) == "running"


def test_two_workers_sweeping_at_once_expire_each_lobby_exactly_once(db_url, tmp_path):
    url = fresh_sqlite_database(tmp_path) if db_url.startswith("sqlite") else fresh_pg_database()
    told: list[str] = []

    async def run():
        await migrate_async(Settings.from_env(database_url=url).database_url)
        engines = [make_engine(Settings.from_env(database_url=url).database_url) for _ in range(2)]

        async def publish(event):
            told.append(event.match_id)

        services = [MatchService(e, publish, one_writer=url.startswith("sqlite")) for e in engines]
        host, _ = await Players(services[0].sessions, services[0].tell).create("Ana")
        ids = [(await Lobby(services[0]).create(host, "tally", 2, {}))[0].id for _ in range(12)]
        async with services[0].sessions.begin() as s:
            week_ago = utcnow() - timedelta(days=8)
            await s.execute(update(Match).values(created_at=week_ago, updated_at=week_ago))
        sweeps = [LobbyExpiry(sv, Settings.from_env(database_url=url)) for sv in services]
        done = await asyncio.gather(*(sw.sweep() for sw in sweeps for _ in range(3)))
        for e in engines:
            await e.dispose()
        return ids, done

    ids, done = run_async(run)
    expired = [m for batch in done for m in batch]
    assert sorted(expired) == sorted(ids), "every lobby expired, none twice"
    assert sorted(told) == sorted(ids), "each expiry told once"


def test_a_lobby_counts_its_days_from_its_last_join_not_from_its_creation(db_url, tmp_path):
    url = fresh_sqlite_database(tmp_path) if db_url.startswith("sqlite") else fresh_pg_database()

    async def run():
        await migrate_async(Settings.from_env(database_url=url).database_url)
        engine = make_engine(Settings.from_env(database_url=url).database_url)

        async def publish(event):
            pass

        service = MatchService(engine, publish, one_writer=url.startswith("sqlite"))
        sweep = LobbyExpiry(service, Settings.from_env(database_url=url)).sweep
        players, tables = Players(service.sessions, service.tell), Lobby(service)
        host, _ = await players.create("Ana")
        guest, _ = await players.create("Ben")
        lobby = (await tables.create(host, "tally", 3, {}))[0].id

        async def age(days: int) -> None:
            async with service.sessions.begin() as s:
                then = utcnow() - timedelta(days=days)
                await s.execute(update(Match).values(created_at=utcnow() - timedelta(days=30), updated_at=then))

        await age(8)
        await tables.join(lobby, guest)  # a week-old lobby someone joins today
        joined = await sweep()
        await age(8)  # ... and nobody touches for another week
        unchanged = await sweep()
        await engine.dispose()
        return lobby, joined, unchanged

    lobby, joined, unchanged = run_async(run)
    assert joined == [], "a join today keeps the lobby"
    assert unchanged == [lobby], "a week without a change expires it"


def test_the_expiry_comes_from_the_environment_and_is_seven_days_by_default(monkeypatch):
    assert Settings.from_env().lobby_expiry_days == 7
    monkeypatch.setenv("CARAVELA_LOBBY_EXPIRY_DAYS", "2.5")
    assert Settings.from_env().lobby_expiry_days == 2.5
