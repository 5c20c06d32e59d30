"""The suite's own servers: one whose health check times out is stopped all the same.

A leaked server once kept serving, unseen, and failed an unrelated test half an hour later.
"""

from __future__ import annotations

import pytest

import tests.app.test_processes as processes
import tests.conftest as conftest


def never_healthy(base: str, timeout: float = 60) -> None:
    raise RuntimeError(f"server at {base} did not become healthy")


def test_a_thread_server_that_never_turns_healthy_is_stopped(tmp_path, monkeypatch):
    monkeypatch.setattr(conftest, "wait_healthy", never_healthy)
    server = conftest.ThreadServer(conftest.fresh_sqlite_database(tmp_path))
    with pytest.raises(RuntimeError, match="did not become healthy"), server:
        pass
    server.thread.join(15)
    assert not server.thread.is_alive()


def test_a_server_process_that_never_turns_healthy_is_stopped(tmp_path, monkeypatch):
    monkeypatch.setattr(processes, "wait_healthy", never_healthy)
    server = processes.ServerProcess(conftest.fresh_sqlite_database(tmp_path))
    with pytest.raises(RuntimeError, match="did not become healthy"):
        server.start()
    assert server.proc is not None and server.proc.poll() is not None
