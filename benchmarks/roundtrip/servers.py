"""The servers under test, each a subprocess on a free loopback port, and their databases.

``caravela`` runs ``python -m app`` from a code root (this checkout, or an older
one to measure "before"); ``floor`` runs benchmarks/floor_server.py. PostgreSQL
databases are throwaway ones on 127.0.0.1:5432 (trust auth), dropped afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
PG_ADMIN = os.environ.get("BENCH_PG_URL", "postgresql://postgres@127.0.0.1:5432/postgres")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pg(sql: str) -> None:
    import asyncpg

    async def run() -> None:
        conn = await asyncpg.connect(PG_ADMIN, timeout=5)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run())


def postgres_pid() -> int | None:
    """The PostgreSQL postmaster's pid when it runs on this machine and its files are readable.

    Its CPU (the postmaster and its backends) shows what the database takes of the cores
    the server under test shares with it.
    """
    import asyncpg

    async def data_directory() -> str:
        conn = await asyncpg.connect(PG_ADMIN, timeout=5)
        try:
            return await conn.fetchval("SELECT setting FROM pg_settings WHERE name = 'data_directory'")
        finally:
            await conn.close()

    try:
        with open(Path(asyncio.run(data_directory())) / "postmaster.pid") as f:
            return int(f.readline())
    except (OSError, ValueError, TypeError):
        return None


@contextlib.contextmanager
def database(kind: str) -> Iterator[str]:
    """Yields a fresh database URL of ``kind`` (``sqlite`` or ``pg``) and removes it afterwards."""
    if kind == "sqlite":
        tmp = tempfile.mkdtemp(prefix="bench-")
        try:
            yield f"sqlite:///{tmp}/bench.db"
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return
    name = f"bench_{secrets.token_hex(4)}"
    _pg(f"CREATE DATABASE {name}")
    try:
        yield PG_ADMIN.rsplit("/", 1)[0] + f"/{name}"
    finally:
        _pg(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _wait(proc: subprocess.Popen, ready, what: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        if ready():
            return
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"{what} did not start")


def _healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
            return r.status == 200
    except OSError:
        return False


def gc_census(proc: subprocess.Popen, out: Path, timeout: float = 30) -> dict:
    """Asks a server started with ``gc_out`` for its collections so far and tracked objects now."""
    out.unlink(missing_ok=True)
    proc.send_signal(signal.SIGUSR1)
    deadline = time.monotonic() + timeout
    while not out.exists():
        if time.monotonic() > deadline:
            raise RuntimeError("the server wrote no garbage collector census")
        time.sleep(0.05)
    return json.loads(out.read_text())


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@contextlib.contextmanager
def _serving(cmd: list[str], ready, what: str, **popen) -> Iterator[subprocess.Popen]:
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, **popen)
    try:
        _wait(proc, ready, what)
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def caravela(
    root: Path, db_url: str, workers: int = 1, gc_out: Path | None = None
) -> Iterator[tuple[int, subprocess.Popen]]:
    """Runs Caravela from ``root`` with the tally fixture game; yields (port, process).

    ``gc_out``: the server logs its garbage collections and tells how many objects the
    collector tracks, into that file on SIGUSR1 (roundtrip/gcwatch/sitecustomize.py).
    """
    port = free_port()
    watch = {"BENCH_GC_OUT": str(gc_out)} if gc_out else {}
    env = {
        **os.environ,
        **watch,
        "DATABASE_URL": db_url,
        "CARAVELA_EXTRA_GAMES": "tests.fixture_game:GAME",
        "CARAVELA_LOG_LEVEL": "WARNING",
        "PYTHONPATH": f"{HERE / 'roundtrip' / 'gcwatch'}:{root}" if gc_out else str(root),
        "WEB_CONCURRENCY": str(workers),
        "CARAVELA_MAX_FRAMES_PER_SECOND": "1000",
    }
    cmd = [sys.executable, "-m", "app", "--port", str(port)]
    with _serving(cmd, lambda: _healthy(port), "Caravela", cwd=root, env=env) as proc:
        yield port, proc


@contextlib.contextmanager
def floor(db_url: str) -> Iterator[tuple[int, subprocess.Popen]]:
    """Runs the floor server on the same kind of database; yields (port, process)."""
    port = free_port()
    cmd = [sys.executable, str(HERE / "floor_server.py"), "--port", str(port), "--db", db_url]
    with _serving(cmd, lambda: _listening(port), "floor server") as proc:
        yield port, proc
