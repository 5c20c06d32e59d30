"""``python -m app``: migrate the database, then serve (``--workers N`` for more processes).

The line "Caravela on http://…" is printed once the server answers, with the port it
really listens on (``--port 0`` picks a free one), so a script may wait for it.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
import urllib.request
from typing import Any

import uvicorn

from .db import migrate
from .settings import Settings, SettingsError

LOG_LEVEL, WS_MAX_SIZE = "warning", 1 << 20
# Forwarded headers are judged by app/links.py against FORWARDED_ALLOW_IPS, not by uvicorn.
SERVER_OPTIONS: dict[str, Any] = dict(log_level=LOG_LEVEL, ws_max_size=WS_MAX_SIZE, proxy_headers=False)


def announce(host: str, port: int) -> None:
    """Prints where the server listens (the line a person or a script waits for)."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    print(f"Caravela on http://{shown}:{port} (Ctrl-C stops it)", flush=True)


class AnnouncingServer(uvicorn.Server):
    """One uvicorn process that announces itself once its socket listens and startup is done."""

    async def startup(self, sockets=None) -> None:  # noqa: ANN001 - uvicorn's own signature
        await super().startup(sockets)
        if self.started and self.servers:
            host, port = self.servers[0].sockets[0].getsockname()[:2]
            announce(self.config.host or host, port)


def announce_when_healthy(host: str, port: int, timeout: float = 120) -> None:
    """Waits until ``/healthz`` answers on ``port`` (several workers), then announces."""
    probe = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://{probe}:{port}/healthz", timeout=2):
                announce(host, port)
                return
        except OSError:
            time.sleep(0.2)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m app", description="Run the Caravela server.")
    parser.add_argument("command", nargs="?", default="serve", choices=["serve", "migrate"])
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", "1")))
    args = parser.parse_args()
    try:
        settings = Settings.from_env()
    except SettingsError as err:
        sys.exit(f"Caravela cannot start: {err}")
    # Migrate once, before any worker's loop starts (Alembic's async env runs its own loop).
    migrate(settings.database_url)
    if args.command == "migrate":
        return
    if args.workers > 1 and not settings.is_postgres:
        parser.error("several workers need PostgreSQL (DATABASE_URL); SQLite runs in one process")
    os.environ["CARAVELA_SKIP_MIGRATE"] = "1"
    if args.workers > 1:
        threading.Thread(target=announce_when_healthy, args=(args.host, args.port), daemon=True).start()
        uvicorn.run("app.asgi:app", host=args.host, port=args.port, workers=args.workers, **SERVER_OPTIONS)
        return
    server = AnnouncingServer(uvicorn.Config("app.asgi:app", host=args.host, port=args.port, **SERVER_OPTIONS))
    server.run()
    if not server.started:
        sys.exit(3)  # uvicorn's "startup failed": the port is taken, or the app did not start


if __name__ == "__main__":
    main()
