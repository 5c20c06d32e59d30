"""``python -m app``: migrate the database, then serve (``--workers N`` for more processes)."""

from __future__ import annotations

import argparse
import os

import uvicorn

from .db import migrate
from .settings import Settings


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m app", description="Run the Caravela server.")
    parser.add_argument("command", nargs="?", default="serve", choices=["serve", "migrate"])
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", "1")))
    args = parser.parse_args()
    settings = Settings.from_env()
    # Migrate once, before any worker's loop starts (Alembic's async env runs its own loop).
    migrate(settings.database_url)
    if args.command == "migrate":
        return
    if args.workers > 1 and not settings.is_postgres:
        parser.error("several workers need PostgreSQL (DATABASE_URL); SQLite runs in one process")
    os.environ["CARAVELA_SKIP_MIGRATE"] = "1"
    uvicorn.run("app.asgi:app", host=args.host, port=args.port, workers=args.workers,
                log_level="warning", ws_max_size=1 << 20)


if __name__ == "__main__":
    main()
