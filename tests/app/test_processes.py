"""Real server processes: a restart keeps the match; two workers share one PostgreSQL."""

from __future__ import annotations

import os
import select
import subprocess
import sys

import httpx
import pytest

from tests.conftest import (
    FIXTURE_GAME,
    ROOT,
    free_port,
    fresh_pg_database,
    fresh_sqlite_database,
    require_pg,
    wait_healthy,
)
from tests.helpers import Client, Seat, started_match


class ServerProcess:
    """``python -m app`` as the README runs it, on its own port."""

    def __init__(self, db_url: str, port: int | None = None):
        self.db_url = db_url
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> ServerProcess:
        env = {
            **os.environ,
            "DATABASE_URL": self.db_url,
            "CARAVELA_EXTRA_GAMES": FIXTURE_GAME,
            "CARAVELA_BOT_DELAY": "0",
            "ADMIN_TOKEN": "test-admin-token",
            "CARAVELA_ENV": "test",
            "PYTHONPATH": str(ROOT),
        }
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app", "--port", str(self.port)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_healthy(self.base)
        except BaseException:
            self.stop()  # a server that never became healthy is stopped all the same
            raise
        return self

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def processes():
    started: list[ServerProcess] = []
    yield started
    for proc in started:
        proc.stop()


def test_a_restarted_server_continues_the_match_at_the_same_version(tmp_path, processes):
    server = ServerProcess(fresh_sqlite_database(tmp_path))
    processes.append(server.start())
    match, (ana, ben) = started_match(server.base)
    ana.act(match["id"], {"type": "add", "n": 2})
    ben.act(match["id"], {"type": "add", "n": 1})
    before = ana.view(match["id"])
    server.stop()
    server.start()
    after = ana.view(match["id"])
    assert after == before and after["v"] == 2
    sock = Seat(server.ws_base, match["id"], ana.token)
    assert sock.recv_until("state")["v"] == 2
    assert sock.act({"type": "add", "n": 3})["v"] == 3


def test_two_workers_on_one_postgres_serve_the_same_match(processes):
    require_pg()
    url = fresh_pg_database()
    first = ServerProcess(url).start()
    processes.append(first)
    second = ServerProcess(url).start()
    processes.append(second)
    match, (ana, ben) = started_match(first.base)
    on_first = Seat(first.ws_base, match["id"], ana.token)
    on_second = Seat(second.ws_base, match["id"], ben.token)
    watcher = Seat(second.ws_base, match["id"])
    for sock in (on_first, on_second, watcher):
        sock.recv_until("state")
    assert on_first.act({"type": "add", "n": 2})["type"] == "ack"
    assert on_second.recv_until("patch")["v"] == 1 and on_second.view["total"] == 2
    assert on_second.act({"type": "add", "n": 3})["type"] == "ack"
    assert on_first.wait_version(2)["total"] == 5
    assert watcher.wait_version(2)["total"] == 5
    # Lobby changes cross workers too.
    carla = Client(second.base, "Carla")
    lobby = carla.create(seats=2)
    waiting = Seat(first.ws_base, lobby["id"], carla.token)
    waiting.recv_until("hello")
    Client(second.base, "Dan").post(f"/api/matches/{lobby['id']}/join")
    frame = waiting.recv_until("match")
    while frame["match"]["seats"][1]["name"] != "Dan":
        frame = waiting.recv_until("match")


def test_bots_on_two_workers_never_double_move(processes):
    require_pg()
    url = fresh_pg_database()
    first, second = ServerProcess(url).start(), None
    processes.append(first)
    second = ServerProcess(url).start()
    processes.append(second)
    ana = Client(first.base)
    match = ana.create(seats=3)
    ana.post(f"/api/matches/{match['id']}/bots", {"seat": 1})
    ana.post(f"/api/matches/{match['id']}/bots", {"seat": 2})
    ana.post(f"/api/matches/{match['id']}/start")
    sock = Seat(second.ws_base, match["id"], ana.token)
    sock.recv_until("state")
    while not sock.view["over"]:
        if 0 in sock.view["to_act"]:
            sock.act(sock.view["legal"][-1])
        else:
            sock.recv(timeout=10)
    admin = {"authorization": "Bearer test-admin-token"}
    replay = ana.http.get(f"/api/admin/matches/{match['id']}/state", headers=admin).json()
    assert replay["equals_stored"] is True


def test_the_ready_line_names_the_real_port_once_the_server_answers(tmp_path):
    """A regression: "Caravela on …" was printed before the server was ready, with the asked-for port."""
    env = {
        **os.environ,
        "DATABASE_URL": fresh_sqlite_database(tmp_path),
        "CARAVELA_ENV": "test",
        "PYTHONPATH": str(ROOT),
    }
    env.pop("ADMIN_TOKEN", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "--port", "0"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 60)  # a hung server fails, not hangs
        assert ready, "no line within 60 s"
        line = proc.stdout.readline()  # the line, or "" if the server died
        # One local address, printed: localhost (passkeys work there; a browser keeps one identity).
        assert line.startswith("Caravela on http://localhost:"), line
        port = int(line.split("http://localhost:")[1].split()[0])
        assert port != 0
        # Ready means ready: the first request after the line is answered.
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5).status_code == 200
        # A page opened at the other loopback address goes to that one; the API stays where it is asked.
        page = httpx.get(f"http://127.0.0.1:{port}/m/abc?v=2", timeout=5)
        assert page.status_code == 308 and page.headers["location"] == f"http://localhost:{port}/m/abc?v=2"
        assert httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5).status_code == 200
    finally:
        proc.terminate()
        proc.wait(10)
        proc.stdout.close()


@pytest.mark.parametrize("token", ["admin", "tok"])
def test_a_short_admin_token_stops_the_server_with_a_clear_message(tmp_path, token):
    env = {
        **os.environ,
        "DATABASE_URL": fresh_sqlite_database(tmp_path),
        "CARAVELA_ENV": "production",
        "ADMIN_TOKEN": token,
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run(
        [sys.executable, "-m", "app", "--port", "0"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode != 0 and not done.stdout
    assert "ADMIN_TOKEN must be at least 32" in done.stderr and "Traceback" not in done.stderr


def pg_databases(prefix: str) -> list[str]:
    import asyncpg

    from tests.conftest import _pg_admin_url, run_async

    async def names():
        conn = await asyncpg.connect(_pg_admin_url().replace("+asyncpg", ""))
        try:
            return [
                r["datname"]
                for r in await conn.fetch("SELECT datname FROM pg_database WHERE datname LIKE $1", prefix + "%")
            ]
        finally:
            await conn.close()

    return run_async(names)


def test_a_test_run_drops_the_postgres_databases_it_created():
    """A regression: every run left its databases behind on a shared PostgreSQL server."""
    require_pg()
    prefix = f"caravela_dropcheck_{os.getpid()}"
    env = {**os.environ, "TEST_DATABASE_PREFIX": prefix}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/app/test_routes_lobby.py",
            "-k",
            "games_are_listed and postgres",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "1 passed" in done.stdout, done.stdout[-2000:]
    assert pg_databases(prefix) == []


def test_a_server_killed_while_many_matches_move_has_kept_every_acknowledged_move(tmp_path, processes):
    """kill -9 in the middle of moves of several matches (shared commits on SQLite): no ack is lost."""
    import threading
    import time

    server = ServerProcess(fresh_sqlite_database(tmp_path))
    processes.append(server.start())
    tables = [started_match(server.base, seats=1, options={"target": 60}) for _ in range(6)]
    acked = [0] * len(tables)
    socks = [Seat(server.ws_base, match["id"], people[0].token) for match, people in tables]

    def play(i: int) -> None:
        sock = socks[i]
        sock.recv_until("state")
        try:
            while True:
                answer = sock.act((sock.view or {})["legal"][0])
                if answer["type"] == "ack":
                    acked[i] = answer["v"]
        except Exception:  # noqa: BLE001, S110 - the server was killed: the loop ends there
            pass

    threads = [threading.Thread(target=play, args=(i,), daemon=True) for i in range(len(tables))]
    for t in threads:
        t.start()
    time.sleep(1.5)
    assert server.proc is not None
    server.proc.kill()  # SIGKILL: no shutdown, nothing flushed by the app
    server.proc.wait()
    for t in threads:
        t.join(10)
    assert min(acked) > 0  # every match moved before the kill
    server.start()
    for (match, people), v in zip(tables, acked, strict=True):
        assert people[0].view(match["id"])["v"] >= v
