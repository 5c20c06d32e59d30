"""``python -m app``: migrate the database, then serve (``--workers N`` for more processes).

``serve --lan`` listens on the local network and prints the address (and a QR code) for
phones at the table; ``backup PATH`` and ``restore PATH [--force]`` are app/store/backup.py's,
``ratings --rebuild`` app/records/ratings.py's.

The line "Caravela on http://…" is printed once the server answers, with the port it
really listens on (``--port 0`` picks a free one), so a script may wait for it.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import threading
import time
import urllib.request
from typing import Any

import uvicorn

from app.ops.canonical import canonical_host
from app.ops.lan import lan_host, lan_url, print_for_phones
from app.ops.settings import Settings, SettingsError
from app.play.extra_games import register_extra_games
from app.records.ratings import rebuild_database
from app.store.backup import BackupError, backup, restore
from app.store.db import migrate

LOG_LEVEL, WS_MAX_SIZE = "warning", 1 << 20
# Forwarded headers are judged by app/ops/links.py against FORWARDED_ALLOW_IPS, not by uvicorn.
# Sockets: uvicorn's sans-I/O websockets protocol, lightened for idle sockets (app/play/wsprotocol.py),
# without permessage-deflate. Its zlib compressor and decompressor were most of an idle socket's
# memory (~40 of ~80 KB), and our frames are small JSON patches each socket would compress again
# (measured: docs/benchmarks.md).
SERVER_OPTIONS: dict[str, Any] = dict(
    log_level=LOG_LEVEL,
    ws_max_size=WS_MAX_SIZE,
    proxy_headers=False,
    ws="app.play.wsprotocol:IdleSocketProtocol",
    ws_per_message_deflate=False,
)


def announce(host: str, port: int, lan: str | None = None) -> None:
    """Prints where the server listens (the line a person or a script waits for); on a LAN, for phones too.

    On loopback it names the one address pages answer at (app/ops/canonical.py).
    """
    shown = os.environ.get("CARAVELA_CANONICAL_HOST") or ("127.0.0.1" if host in ("0.0.0.0", "::", "") else host)
    print(f"Caravela on {lan or f'http://{shown}:{port}'} (Ctrl-C stops it)", flush=True)
    if lan:
        print_for_phones(lan, sys.stdout)


def settle_the_heap() -> None:
    """Moves what startup made (modules, tables, games: ~180,000 objects) out of the garbage collector's sight.

    Every full collection walks every tracked object, and one comes each time the heap grows
    by a quarter: the first sockets' collections walked the startup's objects again and
    again (they live as long as the process). It halves the collections' CPU in the first
    wave of connects; later on the sockets' own objects are most of the heap.
    """
    gc.collect()
    gc.freeze()


class AnnouncingServer(uvicorn.Server):
    """One uvicorn process that announces itself once its socket listens and startup is done."""

    lan: str | None = None

    async def startup(self, sockets=None) -> None:  # noqa: ANN001 - uvicorn's own signature
        await super().startup(sockets)
        if self.started:
            settle_the_heap()
        if self.started and self.servers:
            host, port = self.servers[0].sockets[0].getsockname()[:2]
            announce(self.config.host or host, port, self.lan)


def announce_when_healthy(host: str, port: int, lan: str | None = None, timeout: float = 120) -> None:
    """Waits until ``/healthz`` answers on ``port`` (several workers), then announces."""
    probe = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://{probe}:{port}/healthz", timeout=2):
                announce(host, port, lan)
                return
        except OSError:
            time.sleep(0.2)


def main() -> None:
    """Runs the command line; Ctrl-C stops it with one line, not a traceback per layer."""
    try:
        command()
    except KeyboardInterrupt:
        print("Caravela stopped.", flush=True)
        sys.exit(130)  # the shell's code for "ended by Ctrl-C"


def command() -> None:
    parser = argparse.ArgumentParser(prog="python -m app", description="Run the Caravela server.")
    parser.add_argument(
        "command", nargs="?", default="serve", choices=["serve", "migrate", "backup", "restore", "ratings"]
    )
    parser.add_argument(
        "path", nargs="?", help="backup: the file to write (or a folder for dated files); restore: the backup to load"
    )
    parser.add_argument("--lan", action="store_true", help="serve: listen on the local network, for phones")
    parser.add_argument("--force", action="store_true", help="restore: replace a database that holds matches")
    parser.add_argument("--rebuild", action="store_true", help="ratings: recompute them from the finished matches")
    parser.add_argument("--keep", type=int, default=0, help="backup into a folder: keep only the newest N")
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", "1")))
    args = parser.parse_args()
    try:
        settings = Settings.from_env()
    except SettingsError as err:
        sys.exit(f"Caravela cannot start: {err}")
    if args.command in ("backup", "restore"):
        if not args.path:
            parser.error(f"{args.command} needs a PATH")
        try:
            done = (
                backup(settings.database_url, args.path, keep=args.keep)
                if args.command == "backup"
                else restore(settings.database_url, args.path, force=args.force)
            )
        except BackupError as err:
            sys.exit(f"Caravela {args.command} failed: {err}")
        print(done, flush=True)
        return
    if args.command == "ratings":
        if not args.rebuild:
            parser.error("ratings needs --rebuild (the only thing it does)")
        migrate(settings.database_url)
        register_extra_games(settings.extra_games)
        rated = asyncio.run(rebuild_database(settings.database_url))
        print(f"Ratings rebuilt from {rated} rated matches.", flush=True)
        return
    lan = None
    if args.lan:
        if args.port == 0:
            parser.error("--lan needs a fixed --port: phones are told the address")
        args.host = "0.0.0.0"
        lan = lan_url(args.port)
        if lan is None:
            print("This machine is on no network: phones cannot reach it. Serving on 127.0.0.1 only.", flush=True)
            args.host = "127.0.0.1"
        else:
            # The phones open this address: their pages' sockets and origins must count as ours.
            os.environ["ALLOWED_HOSTS"] = ",".join(filter(None, (os.environ.get("ALLOWED_HOSTS"), lan_host(lan))))
            if not settings.public_url:
                os.environ["PUBLIC_URL"] = lan  # invite links copied on 127.0.0.1 must work on the phones
    # One local address, localhost: there passkeys work, and a browser keeps one identity.
    if canonical := canonical_host(args.host, args.lan, settings.public_url):
        os.environ["CARAVELA_CANONICAL_HOST"] = canonical
    # Migrate once, before any worker's loop starts (Alembic's async env runs its own loop).
    migrate(settings.database_url)
    if args.command == "migrate":
        return
    if args.workers > 1 and not settings.is_postgres:
        parser.error("several workers need PostgreSQL (DATABASE_URL); SQLite runs in one process")
    os.environ["CARAVELA_SKIP_MIGRATE"] = "1"
    if args.workers > 1:
        threading.Thread(target=announce_when_healthy, args=(args.host, args.port, lan), daemon=True).start()
        uvicorn.run("app.asgi:app", host=args.host, port=args.port, workers=args.workers, **SERVER_OPTIONS)
        return
    server = AnnouncingServer(uvicorn.Config("app.asgi:app", host=args.host, port=args.port, **SERVER_OPTIONS))
    server.lan = lan
    server.run()
    if not server.started:
        sys.exit(3)  # uvicorn's "startup failed": the port is taken, or the app did not start


if __name__ == "__main__":
    main()
