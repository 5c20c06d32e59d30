"""Shared fixtures: databases (SQLite always, PostgreSQL when reachable), live servers.

PostgreSQL comes from TEST_DATABASE_URL, else 127.0.0.1:5432; each server gets
a fresh database, dropped again when the run ends (the server may be shared).
Without a server the PostgreSQL tests skip, unless REQUIRE_PG=1 (CI), where
they fail. Likewise REQUIRE_BROWSER=1 for Chromium.
"""

from __future__ import annotations

import asyncio
import functools
import os
import secrets
import socket
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FIXTURE_GAME = "tests.fixture_game:GAME"
TEST_ADMIN_TOKEN = "test-admin-token"  # short on purpose: only CARAVELA_ENV=test accepts it
#: Every test server is reached from 127.0.0.1, so a public server's per-address limits
#: (app/ops/limits.py) would stop the suite; tests/app/test_limits.py sets its own, low ones.
for _kind in ("PLAYERS", "PASSKEYS", "LINKS", "CHAT"):
    os.environ.setdefault(f"CARAVELA_LIMIT_{_kind}", "1000000/1")
#: Databases this run created on the PostgreSQL server, dropped at the end of the run.
CREATED_PG_DATABASES: list[str] = []


def run_async(make_coro):
    """Runs a coroutine to completion in a fresh thread (the browser tests keep a loop running here)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make_coro())).result()


def _pg_admin_url() -> str:
    return os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")


def _pg_reachable() -> str | None:
    """Returns why PostgreSQL is not usable, or None when it is."""
    import asyncpg

    async def probe():
        conn = await asyncpg.connect(_pg_admin_url().replace("+asyncpg", ""), timeout=3)
        await conn.close()

    try:
        run_async(probe)
        return None
    except Exception as err:  # noqa: BLE001
        return f"PostgreSQL not reachable at {_pg_admin_url()}: {err.__class__.__name__}: {err}"


@functools.cache
def pg_problem() -> str | None:
    """Probes PostgreSQL once per test session."""
    return _pg_reachable()


def require_pg() -> None:
    """Skips (or, with REQUIRE_PG=1, fails) a test that needs PostgreSQL."""
    problem = pg_problem()
    if problem:
        if os.environ.get("REQUIRE_PG") == "1":
            pytest.fail(f"REQUIRE_PG=1 but {problem}")
        pytest.skip(problem)


def fresh_pg_database() -> str:
    """Creates an empty database on the test server and returns its URL."""
    import asyncpg

    name = f"{os.environ.get('TEST_DATABASE_PREFIX', 'caravela_t')}_{secrets.token_hex(5)}"
    admin = _pg_admin_url().replace("+asyncpg", "")

    async def create():
        conn = await asyncpg.connect(admin)
        await conn.execute(f'CREATE DATABASE "{name}"')
        await conn.close()

    run_async(create)
    CREATED_PG_DATABASES.append(name)
    base, _, _ = admin.rpartition("/")
    return f"{base}/{name}"


def drop_pg_databases(names: list[str]) -> list[str]:
    """Drops the named test databases (closing what still uses them); returns those that failed."""
    import asyncpg

    failed: list[str] = []

    async def drop():
        conn = await asyncpg.connect(_pg_admin_url().replace("+asyncpg", ""), timeout=5)
        try:
            for name in names:
                try:
                    await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                except asyncpg.PostgresError:
                    failed.append(name)
        finally:
            await conn.close()

    run_async(drop)
    return failed


def pytest_sessionfinish(session, exitstatus):
    """Leaves the shared PostgreSQL server as the run found it."""
    if CREATED_PG_DATABASES and os.environ.get("KEEP_TEST_DATABASES") != "1":
        failed = drop_pg_databases(CREATED_PG_DATABASES)
        CREATED_PG_DATABASES.clear()
        if failed:
            print(f"\nCould not drop test databases: {', '.join(failed)}", file=sys.stderr)


def fresh_sqlite_database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / f'caravela-{secrets.token_hex(4)}.db'}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(base: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"server at {base} did not become healthy")


class ThreadServer:
    """The real app under uvicorn in a thread of the test process, on a free port."""

    def __init__(self, db_url: str, port: int | None = None, **settings):
        """``port``: a given one (a server restarted where its pages look for it), else a free one."""
        import uvicorn

        from app.__main__ import SERVER_OPTIONS
        from app.main import create_app
        from app.ops.settings import Settings

        settings = {
            "admin_token": TEST_ADMIN_TOKEN,
            "env": "test",
            "bot_delay": 0.0,
            "extra_games": (FIXTURE_GAME,),
            **settings,
        }
        self.settings = Settings.from_env(database_url=db_url, **settings)
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        # The production server's websocket settings, so the socket tests pin down what ships.
        config = uvicorn.Config(create_app(self.settings), host="127.0.0.1", port=self.port, **SERVER_OPTIONS)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        try:
            wait_healthy(self.base)
        except BaseException:
            # Not healthy in time: stopped all the same, or it serves on, unseen, into later tests.
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def db_url(request, tmp_path_factory) -> str:
    """A fresh database URL, once on SQLite and once on PostgreSQL."""
    if request.param == "postgres":
        require_pg()
        return fresh_pg_database()
    return fresh_sqlite_database(tmp_path_factory.mktemp("db"))


@pytest.fixture(scope="module")
def server(db_url):
    """A live server on a fresh database (SQLite and PostgreSQL)."""
    with ThreadServer(db_url) as srv:
        yield srv


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory):
    """A live server on SQLite only (tests that need not run twice)."""
    with ThreadServer(fresh_sqlite_database(tmp_path_factory.mktemp("db"))) as srv:
        yield srv


@pytest.fixture(autouse=True)
def _close_clients():
    """Closes the HTTP clients and sockets a test opened (warnings are errors here)."""
    yield
    from tests.helpers import Client, Seat

    while Client.opened:
        Client.opened.pop().http.close()
    while Seat.opened:
        Seat.opened.pop().ws.close()
