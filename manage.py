#!/usr/bin/env python3
"""Two commands for a fresh machine with only Python 3.11+:

    python3 manage.py run     # set up .venv, migrate, serve on http://127.0.0.1:8000 (SQLite)
    python3 manage.py run --lan   # the same on your Wi-Fi, with the phones' address and a QR code
    python3 manage.py test    # set up .venv with test extras, run every test, ruff and mypy
    python3 manage.py backup PATH     # a backup of the database (DATABASE_URL) into a file or folder
    python3 manage.py restore PATH    # load one into an empty database (--force: replace)

Both install the exact versions CI tested, from requirements.lock (run) or
requirements-test.lock (test); README.md says how to refresh them.

``test`` runs the PostgreSQL tests when a server is reachable (TEST_DATABASE_URL,
else 127.0.0.1:5432) and the browser tests when Chromium is installed, and
says which it skips and why. Extra arguments go to uvicorn's runner or pytest.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import socket
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def ensure_venv(lock: str = "requirements.lock") -> None:
    """Creates .venv and installs the locked versions and the project; again only when they change."""
    if sys.version_info < (3, 11):
        sys.exit(f"Caravela needs Python 3.11 or newer, not {sys.version.split()[0]}")
    if not PY.exists():
        print("Creating .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + (ROOT / lock).read_bytes()).hexdigest()
    stamp = VENV / f".installed-{lock}"
    if stamp.exists() and stamp.read_text() == digest:
        return
    print(f"Installing Caravela from {lock} into .venv …", flush=True)
    pip = [str(PY), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, "-r", lock], cwd=ROOT, check=True)
    # The project itself, editable, with no dependency beyond the locked ones.
    subprocess.run([*pip, "--no-deps", "-e", "."], cwd=ROOT, check=True)
    stamp.write_text(digest)


def postgres_status() -> str | None:
    """Returns why PostgreSQL tests will be skipped, or None when a server answers."""
    url = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
    host_port = url.split("@")[-1].split("/")[0]
    host, _, port = host_port.partition(":")
    try:
        with socket.create_connection((host or "127.0.0.1", int(port or 5432)), timeout=2):
            return None
    except OSError as err:
        return f"no PostgreSQL at {host_port} ({err.strerror or err}); set TEST_DATABASE_URL"


def child(command: list[str]) -> int:
    """Runs a command of the app and returns its exit code; Ctrl-C is the child's to answer.

    The terminal sends Ctrl-C to both processes: the child stops and says so in one line,
    and this one waits for it instead of printing a traceback of its own.
    """
    proc = subprocess.Popen(command, cwd=ROOT, env={**os.environ})
    while True:
        try:
            return proc.wait()
        except KeyboardInterrupt:
            continue


def run(args: list[str]) -> int:
    ensure_venv()
    # The server prints "Caravela on http://…" itself, once it answers.
    return child([str(PY), "-m", "app", "serve", *args])


def backup_or_restore(command: str, args: list[str]) -> int:
    """``backup PATH`` / ``restore PATH [--force]`` of app/store/backup.py, inside .venv."""
    ensure_venv()
    return child([str(PY), "-m", "app", command, *args])


def test(args: list[str]) -> int:
    ensure_venv("requirements-test.lock")
    env = {**os.environ}
    pg = postgres_status()
    browser = None if Path(CHROMIUM).exists() or shutil.which("chromium") else f"no Chromium at {CHROMIUM}"
    print("PostgreSQL tests:", "run" if pg is None else f"SKIPPED — {pg}", flush=True)
    browser_note = "run" if browser is None else f"SKIPPED — {browser} (apt-get install chromium)"
    print("Browser tests:   ", browser_note, flush=True)
    caddy = browser is None and shutil.which("caddy")
    https_note = "run" if caddy else "SKIPPED — needs Chromium and caddy (apt-get install caddy)"
    print("HTTPS tests:     ", https_note, flush=True)
    return subprocess.call([str(PY), "-m", "pytest", *args], cwd=ROOT, env=env)


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "test", "backup", "restore"):
        sys.exit(__doc__)
    command, rest = sys.argv[1], sys.argv[2:]
    if command in ("backup", "restore"):
        sys.exit(backup_or_restore(command, rest))
    sys.exit(run(rest) if command == "run" else test(rest))


if __name__ == "__main__":
    main()
