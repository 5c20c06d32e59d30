"""At the table: ``serve --lan`` prints the phones' address and a QR code of it,
and invite links made on the host's own machine (127.0.0.1) carry that address."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time

import pytest

from app.ops.lan import lan_address
from tests.conftest import FIXTURE_GAME, ROOT, free_port, fresh_sqlite_database
from tests.helpers import Client


class Output:
    """A process's stdout, read line by line in a thread (select() cannot see Python's buffer)."""

    def __init__(self, proc: subprocess.Popen):
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, args=(proc,), daemon=True).start()

    def _pump(self, proc: subprocess.Popen) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def until(self, marker: str, timeout: float = 60) -> list[str]:
        seen: list[str] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                seen.append(self.lines.get(timeout=0.2))
            except queue.Empty:
                continue
            if marker in seen[-1]:
                return seen
        raise AssertionError(f"no {marker!r} in {seen}")


@pytest.fixture
def lan_server(tmp_path):
    address = lan_address()
    if address is None:
        pytest.skip("this machine has no network address besides loopback")
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": fresh_sqlite_database(tmp_path),
        "CARAVELA_EXTRA_GAMES": FIXTURE_GAME,
        "PYTHONPATH": str(ROOT),
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("PUBLIC_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--lan", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        yield Output(proc), f"http://{address}:{port}", port
    finally:
        proc.terminate()
        proc.wait(15)
        proc.stdout.close()  # type: ignore[union-attr]


def test_serve_lan_prints_the_phones_address_and_a_qr_code(lan_server):
    out, url, _port = lan_server
    lines = out.until("Caravela on")
    assert lines[-1].startswith(f"Caravela on {url} ")
    after = out.until("passkeys need HTTPS")
    qr = [line for line in after if "█" in line or "▀" in line or "▄" in line]
    assert len(qr) >= 10, after  # a QR code drawn with block characters
    assert any(url in line for line in after)


def test_invite_links_made_on_127_0_0_1_carry_the_lan_address(lan_server):
    out, url, port = lan_server
    out.until("Caravela on")
    match = Client(f"http://127.0.0.1:{port}").create()
    assert match["invite_url"] == f"{url}/m/{match['id']}"
    # The server listens on the network too, not only on loopback.
    assert Client(url, "Ben").http.get(f"/api/matches/{match['id']}").status_code == 200
