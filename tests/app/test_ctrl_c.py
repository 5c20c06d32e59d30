"""Ctrl-C stops the server with one line, and no traceback, however it was started.

The terminal sends SIGINT to the whole process group, so the tests do the same: the server
alone (``python -m app serve``) and under ``manage.py``, which runs it as a child.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from tests.conftest import ROOT, fresh_sqlite_database

SERVE = [sys.executable, "-m", "app", "serve", "--port"]


def ctrl_c(command: list[str], db_url: str) -> tuple[int, str]:
    """Starts ``command`` in a group of its own, waits for its first line, sends Ctrl-C; returns (code, output)."""
    env = {**os.environ, "DATABASE_URL": db_url, "PYTHONPATH": str(ROOT)}
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
        os.killpg(proc.pid, signal.SIGINT)
        rest, _ = proc.communicate(timeout=60)
        return proc.returncode, first + rest
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.mark.parametrize("under_manage", [False, True], ids=["python -m app serve", "manage.py"])
def test_ctrl_c_stops_the_server_with_one_line(tmp_path, under_manage):
    from tests.conftest import free_port

    serve = [*SERVE, str(free_port())]
    if under_manage:
        # manage.py's own runner of the app (``run`` first makes .venv, which this one is).
        serve = [sys.executable, "-c", f"import sys, manage; sys.exit(manage.child({serve!r}))"]
    code, output = ctrl_c(serve, fresh_sqlite_database(tmp_path))
    lines = output.strip().splitlines()
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output
    assert lines[0].startswith("Caravela on ") and lines[-1] == "Caravela stopped.", output
    assert len(lines) == 2, output
    assert code == 130
