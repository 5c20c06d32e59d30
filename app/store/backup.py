"""Backups of a running server's data, and restoring one into an empty database.

SQLite is copied with its online backup API: a consistent snapshot, even while moves are
written (never a copy of a file being written). PostgreSQL is dumped by ``pg_dump`` in its
custom format and loaded by ``pg_restore``. A restore refuses a database that already holds
players or matches unless told ``force``; the server migrates a restored database on start.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import time
from pathlib import Path

from sqlalchemy import inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

SQLITE_MAGIC, PG_MAGIC = b"SQLite format 3\x00", b"PGDMP"
SUFFIX = {"sqlite": ".sqlite", "postgresql": ".dump"}
# The tables whose rows mean "this database is in use": a restore would lose them.
IN_USE = ("players", "matches")
PG_TOOLS_HINT = (
    "Install the PostgreSQL client tools, at your server's major version or newer "
    "(Debian/Ubuntu: apt-get install postgresql-client; macOS: brew install libpq)."
)


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why and what to do."""


def _kind(database_url: str) -> str:
    backend = make_url(database_url).get_backend_name()
    if backend not in SUFFIX:
        raise BackupError(f"no backup for a {backend} database (SQLite and PostgreSQL only)")
    return backend


def _sqlite_file(database_url: str) -> Path:
    name = make_url(database_url).database
    if not name or name == ":memory:":
        raise BackupError("an in-memory SQLite database has nothing to back up")
    return Path(name)


def _libpq(database_url: str) -> tuple[str, dict[str, str]]:
    """Returns a libpq URL without its password, and an environment carrying the password."""
    url = make_url(database_url)
    env = {**os.environ}
    if url.password:
        env["PGPASSWORD"] = str(url.password)  # not on the command line, where `ps` shows it
    return url.set(drivername="postgresql", password=None).render_as_string(hide_password=False), env


def _run(tool: str, args: list[str], env: dict[str, str]) -> None:
    if shutil.which(tool) is None:
        raise BackupError(f"{tool} is not installed. {PG_TOOLS_HINT}")
    done = subprocess.run([tool, *args], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(f"{tool} failed: {done.stderr.strip() or done.returncode}")


# ---- backup --------------------------------------------------------------------------------


def backup_path(target: Path, kind: str) -> Path:
    """Returns the file to write: ``target`` itself, or a dated file inside it when it is a folder."""
    if target.is_dir():
        return target / f"caravela-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}{SUFFIX[kind]}"
    return target


def prune(folder: Path, kind: str, keep: int) -> list[Path]:
    """Deletes all but the newest ``keep`` dated backups in ``folder``; returns the deleted ones."""
    dated = sorted(folder.glob(f"caravela-*{SUFFIX[kind]}"), reverse=True)  # the names sort by date
    for old in dated[keep:]:
        old.unlink()
    return dated[keep:]


def backup(database_url: str, target: str | Path, keep: int = 0) -> str:
    """Writes a consistent copy of the database to ``target``; returns a sentence saying where."""
    kind = _kind(database_url)
    folder = Path(target)
    if str(target).endswith(("/", os.sep)):
        folder.mkdir(parents=True, exist_ok=True)  # "backups/" names a folder, even a new one
    path = backup_path(folder, kind)
    if not path.parent.is_dir():
        raise BackupError(f"there is no folder {path.parent} to write the backup into")
    partial = path.with_name(path.name + ".partial")  # a failed backup never looks like a good one
    try:
        if kind == "sqlite":
            _sqlite_backup(_sqlite_file(database_url), partial)
        else:
            url, env = _libpq(database_url)
            _run(
                "pg_dump",
                ["--format=custom", "--no-owner", "--no-privileges", f"--file={partial}", f"--dbname={url}"],
                env,
            )
        partial.replace(path)
    except (sqlite3.Error, OSError) as err:
        raise BackupError(f"could not write {path}: {err}") from None
    finally:
        partial.unlink(missing_ok=True)
    removed = prune(folder, kind, keep) if keep and folder.is_dir() else []
    return f"Backed up to {path}" + (f" (removed {len(removed)} older)" if removed else "")


def _sqlite_backup(source: Path, path: Path) -> None:
    if not source.exists():
        raise BackupError(f"there is no database at {source}")
    with sqlite3.connect(source) as src, sqlite3.connect(path) as copy:
        src.backup(copy)  # one step: a snapshot under a read lock; WAL lets writers go on meanwhile
        copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
        if copy.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise BackupError("the copy failed SQLite's quick_check")
    src.close()
    copy.close()


# ---- restore -------------------------------------------------------------------------------


def backup_kind(path: Path) -> str:
    """Tells a SQLite backup from a PostgreSQL one by its first bytes."""
    if not path.is_file():
        raise BackupError(f"there is no backup at {path}")
    with path.open("rb") as f:
        head = f.read(len(SQLITE_MAGIC))
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(PG_MAGIC):
        return "postgresql"
    raise BackupError(f"{path} is neither a SQLite backup nor a pg_dump custom-format file")


async def _rows_in_use(database_url: str) -> int:
    """Returns how many players and matches the database holds (0 for one without tables)."""
    engine = create_async_engine(database_url)
    try:
        async with engine.connect() as conn:
            tables = await conn.run_sync(lambda sync: set(inspect(sync).get_table_names()))
            total = 0
            for table in IN_USE:
                if table in tables:
                    total += (await conn.execute(text(f"SELECT count(*) FROM {table}"))).scalar_one()
            return total
    finally:
        await engine.dispose()


def restore(database_url: str, source: str | Path, force: bool = False) -> str:
    """Loads a backup into the database; refuses one in use unless ``force``. Returns a sentence."""
    kind, path = _kind(database_url), Path(source)
    found = backup_kind(path)
    if found != kind:
        raise BackupError(f"{path} is a {found} backup, but DATABASE_URL names a {kind} database")
    if kind == "sqlite" and not _sqlite_file(database_url).exists():
        in_use = 0
    else:
        in_use = asyncio.run(_rows_in_use(database_url))
    if in_use and not force:
        raise BackupError(
            f"the database already holds {in_use} players and matches; "
            "restore into an empty one, or add --force to replace them"
        )
    if kind == "sqlite":
        with sqlite3.connect(path) as src, sqlite3.connect(_sqlite_file(database_url)) as db:
            src.backup(db)
        src.close()
        db.close()
    else:
        url, env = _libpq(database_url)
        _run(
            "pg_restore",
            [
                "--clean",
                "--if-exists",
                "--no-owner",
                "--no-privileges",
                "--single-transaction",
                "--exit-on-error",
                f"--dbname={url}",
                str(path),
            ],
            env,
        )
    return f"Restored {path}; start the server to migrate it and resume its matches"
