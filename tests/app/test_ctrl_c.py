"""Ctrl-C stops the server with one line, and no traceback, however it was started.

The terminal sends SIGINT to the whole process group, so the tests do the same: the server
alone (``python -m app serve``) and under ``manage.py``, which runs it as a child; and a
server whose bots have thought, whose worker processes are in that group too.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

from tests.conftest import FIXTURE_GAME, ROOT, free_port, fresh_sqlite_database
from tests.helpers import Client

SERVE = [sys.executable, "-m", "app", "serve", "--port"]


def ctrl_c(
    command: list[str], db_url: str, env: dict[str, str] | None = None, meanwhile: Callable[[], None] = lambda: None
) -> tuple[int, str]:
    """Starts ``command`` in a group of its own, waits for its first line, calls ``meanwhile``,
    sends Ctrl-C; returns (code, output)."""
    env = {**os.environ, "DATABASE_URL": db_url, "PYTHONPATH": str(ROOT), **(env or {})}
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        # As from a terminal: a suite started in the background of a script inherits Ctrl-C
        # ignored, and a server started so would shut down without the KeyboardInterrupt.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler),
    )
    try:
        first = proc.stdout.readline() if proc.stdout else ""
        assert first.startswith("Caravela on "), first
        meanwhile()
        os.killpg(proc.pid, signal.SIGINT)
        rest, _ = proc.communicate(timeout=60)
        return proc.returncode, first + rest
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.mark.parametrize("under_manage", [False, True], ids=["python -m app serve", "manage.py"])
def test_ctrl_c_stops_the_server_with_one_line(tmp_path, under_manage):
    serve = [*SERVE, str(free_port())]
    if under_manage:
        # manage.py's own runner of the app (``run`` first makes .venv, which this one is).
        serve = [sys.executable, "-c", f"import sys, manage; sys.exit(manage.child({serve!r}))"]
    code, output = ctrl_c(serve, fresh_sqlite_database(tmp_path))
    assert_one_line(code, output)


def test_ctrl_c_stops_a_server_whose_bots_have_thought_with_one_line(tmp_path):
    """The bots' worker processes share the terminal's process group: Ctrl-C reaches them too."""
    port = free_port()

    def a_bot_moves() -> None:
        ana = Client(f"http://127.0.0.1:{port}")
        mid = ana.create(seats=2)["id"]
        assert ana.post(f"/api/matches/{mid}/bots", {"seat": 1, "level": "strong"}).status_code == 200
        assert ana.post(f"/api/matches/{mid}/start").status_code == 200
        assert ana.act(mid, {"type": "add", "n": 1}).status_code == 200
        deadline = time.monotonic() + 60
        while ana.view(mid)["v"] < 2:  # the bot's move: its worker has started and thought
            assert time.monotonic() < deadline, "the bot never moved"
            time.sleep(0.1)

    env = {"CARAVELA_EXTRA_GAMES": FIXTURE_GAME, "CARAVELA_BOT_DELAY": "0", "CARAVELA_BOT_WORKERS": "1"}
    code, output = ctrl_c([*SERVE, str(port)], fresh_sqlite_database(tmp_path), env, a_bot_moves)
    assert_one_line(code, output, kept=lambda line: not line.startswith("{"))  # the JSON log of the match


def assert_one_line(code: int, output: str, kept: Callable[[str], bool] = lambda line: True) -> None:
    """The server said it started and that it stopped, nothing else, and exited as Ctrl-C asks."""
    lines = [line for line in output.strip().splitlines() if kept(line)]
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output
    assert lines[0].startswith("Caravela on ") and lines[-1] == "Caravela stopped.", output
    assert len(lines) == 2, output
    assert code == 130
