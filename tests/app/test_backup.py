"""Backups: taken while bots play, restored into a fresh database, the match resumes.

``python -m app backup PATH`` runs beside a live server, as a cron job or the compose
backup service would; ``restore`` loads into an empty database, or with ``--force``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from app.ops.settings import async_url
from tests.conftest import (
    FIXTURE_GAME,
    ROOT,
    TEST_ADMIN_TOKEN,
    free_port,
    fresh_pg_database,
    fresh_sqlite_database,
    require_pg,
    run_async,
    wait_healthy,
)
from tests.helpers import Client

ADMIN = {"authorization": f"Bearer {TEST_ADMIN_TOKEN}"}


def app_env(db_url: str, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": db_url,
        "CARAVELA_EXTRA_GAMES": FIXTURE_GAME,
        "ADMIN_TOKEN": TEST_ADMIN_TOKEN,
        "CARAVELA_ENV": "test",
        "PYTHONPATH": str(ROOT),
        **extra,
    }


def cli(db_url: str, *args: str, **env: str) -> subprocess.CompletedProcess:
    """Runs ``python -m app <args>`` as a person would, beside (or without) a server."""
    return subprocess.run(
        [sys.executable, "-m", "app", *args],
        cwd=ROOT,
        env=app_env(db_url, **env),
        capture_output=True,
        text=True,
        timeout=120,
    )


class Server:
    """``python -m app`` on its own port, with bots as slow as asked."""

    def __init__(self, db_url: str, bot_delay: float):
        self.base = f"http://127.0.0.1:{free_port()}"
        env = app_env(db_url, CARAVELA_BOT_DELAY=str(bot_delay))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app", "--port", self.base.rsplit(":", 1)[1]],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_healthy(self.base, timeout=90)  # migrations and start-up on a loaded 2-core machine
        except RuntimeError:
            self.proc.kill()
            self.proc.wait()
            raise

    def match(self, match_id: str) -> dict:
        return httpx.get(f"{self.base}/api/matches/{match_id}", timeout=5).json()

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(15)


@pytest.fixture
def servers():
    started: list[Server] = []
    yield started
    for server in started:
        if server.proc.poll() is None:
            server.stop()


def bot_match(base: str) -> str:
    """Opens and starts a long Tally match whose every seat is a bot; returns its id."""
    host = Client(base)
    match = host.create(seats=2, options={"target": 60})
    path = f"/api/matches/{match['id']}"
    assert host.post(f"{path}/bots", {"seat": 1}).status_code == 200
    assert host.post(f"{path}/leave").status_code == 200  # the host watches; a bot takes seat 0
    assert host.post(f"{path}/bots", {"seat": 0}).status_code == 200
    assert host.post(f"{path}/start").status_code == 200
    return match["id"]


def wait_for(check, timeout: float = 30, step: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if value := check():
            return value
        time.sleep(step)
    raise AssertionError("timed out")


def stored_version(db_url: str, match_id: str) -> int:
    """Reads a match's version straight from a database, no server involved."""

    async def read() -> int:
        engine = create_async_engine(async_url(db_url))
        try:
            async with engine.connect() as conn:
                row = await conn.execute(text("SELECT v FROM matches WHERE id = :id"), {"id": match_id})
                return row.scalar_one()
        finally:
            await engine.dispose()

    return run_async(read)


def fresh(kind: str, tmp_path: Path) -> str:
    return fresh_pg_database() if kind == "postgres" else fresh_sqlite_database(tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_backup_taken_while_bots_play_resumes_at_the_same_version(kind, tmp_path, servers):
    if kind == "postgres":
        require_pg()
    playing, restored = fresh(kind, tmp_path), fresh(kind, tmp_path)
    servers.append(first := Server(playing, bot_delay=0.15))
    match_id = bot_match(first.base)
    before = wait_for(lambda: (m := first.match(match_id))["v"] >= 5 and m["v"])
    made = cli(playing, "backup", str(tmp_path / "nightly.bak"))
    assert made.returncode == 0, made.stderr
    after = first.match(match_id)
    assert after["status"] == "running", "the bots finished before the backup: the test proves nothing"
    played = actions(first.base, match_id)
    first.stop()

    loaded = cli(restored, "restore", str(tmp_path / "nightly.bak"))
    assert loaded.returncode == 0, loaded.stderr
    v = stored_version(restored, match_id)
    assert before <= v <= after["v"]  # a snapshot of the moment the backup ran

    servers.append(second := Server(restored, bot_delay=0.15))
    now = wait_for(lambda: (m := second.match(match_id))["v"] > v and m["v"])  # the bots play on
    resumed = actions(second.base, match_id)
    # The same first v moves, then the new server's from v + 1 on: nothing lost, nothing twice.
    assert [a["v"] for a in resumed[:now]] == list(range(1, now + 1))
    assert resumed[:v] == played[:v]
    replayed = httpx.get(
        f"{second.base}/api/admin/matches/{match_id}/state", params={"v": v}, headers=ADMIN, timeout=10
    ).json()
    assert replayed["v"] == v


def actions(base: str, match_id: str) -> list[dict]:
    """Returns a match's accepted actions (v, seat, id, action), oldest first."""
    got = httpx.get(f"{base}/api/admin/matches/{match_id}/actions", headers=ADMIN, timeout=10).json()
    return [{k: a[k] for k in ("v", "seat", "action_id", "action")} for a in got]


def test_restore_refuses_a_database_in_use_unless_forced(tmp_path, servers):
    source, target = fresh_sqlite_database(tmp_path), fresh_sqlite_database(tmp_path)
    for url in (source, target):
        servers.append(server := Server(url, bot_delay=0))
        Client(server.base).create()
        server.stop()
    assert cli(source, "backup", str(tmp_path / "one.sqlite")).returncode == 0
    refused = cli(target, "restore", str(tmp_path / "one.sqlite"))
    assert refused.returncode != 0 and "--force" in refused.stderr
    forced = cli(target, "restore", str(tmp_path / "one.sqlite"), "--force")
    assert forced.returncode == 0, forced.stderr


def test_backup_into_a_folder_keeps_only_the_newest(tmp_path):
    url = fresh_sqlite_database(tmp_path)
    assert cli(url, "migrate").returncode == 0
    folder = tmp_path / "backups"
    folder.mkdir()
    for stamp in ("20260101-000000", "20260102-000000", "20260103-000000"):
        (folder / f"caravela-{stamp}.sqlite").write_bytes(b"old")
    made = cli(url, "backup", str(folder), "--keep", "2")
    assert made.returncode == 0, made.stderr
    kept = sorted(p.name for p in folder.iterdir())
    assert len(kept) == 2 and kept[0] == "caravela-20260103-000000.sqlite"
    assert (folder / kept[1]).read_bytes().startswith(b"SQLite format 3\x00")


def test_backup_without_pg_dump_says_what_to_install(tmp_path):
    bare = tmp_path / "bin"
    bare.mkdir()
    done = cli("postgresql://nobody@127.0.0.1:1/none", "backup", str(tmp_path / "x.dump"), PATH=str(bare))
    assert done.returncode != 0
    assert "pg_dump is not installed" in done.stderr and "postgresql-client" in done.stderr
    assert not (tmp_path / "x.dump").exists()


def test_restore_refuses_a_backup_of_the_other_database_kind(tmp_path):
    (tmp_path / "pg.dump").write_bytes(b"PGDMP\x01\x0e")
    done = cli(fresh_sqlite_database(tmp_path), "restore", str(tmp_path / "pg.dump"))
    assert done.returncode != 0 and "postgresql backup" in done.stderr


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_restore_into_a_database_the_server_already_migrated(kind, tmp_path, servers):
    """docker compose up first (empty tables), restore second: the usual order on a new server."""
    if kind == "postgres":
        require_pg()
    source, target = fresh(kind, tmp_path), fresh(kind, tmp_path)
    servers.append(server := Server(source, bot_delay=0))
    match_id = Client(server.base).create()["id"]
    server.stop()
    assert cli(target, "migrate").returncode == 0
    made = cli(source, "backup", str(tmp_path / "b.bak"))
    assert made.returncode == 0, made.stderr
    loaded = cli(target, "restore", str(tmp_path / "b.bak"))
    assert loaded.returncode == 0, loaded.stderr
    assert stored_version(target, match_id) == 0
    servers.append(again := Server(target, bot_delay=0))
    assert again.match(match_id)["status"] == "open"


def test_backup_into_a_new_folder_named_with_a_slash_makes_it(tmp_path):
    url = fresh_sqlite_database(tmp_path)
    assert cli(url, "migrate").returncode == 0
    made = cli(url, "backup", f"{tmp_path}/nightly/")
    assert made.returncode == 0, made.stderr
    (copy,) = (tmp_path / "nightly").iterdir()
    assert copy.name.startswith("caravela-") and copy.suffix == ".sqlite"


def test_backup_into_a_missing_folder_says_so(tmp_path):
    url = fresh_sqlite_database(tmp_path)
    assert cli(url, "migrate").returncode == 0
    done = cli(url, "backup", str(tmp_path / "nowhere" / "x.sqlite"))
    assert done.returncode != 0 and "there is no folder" in done.stderr and "Traceback" not in done.stderr
