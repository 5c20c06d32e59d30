"""The floor to compare Caravela with: the least a server of moves must do.

A plain websocket server. A seat connects to ``/m/{match}/{seat}`` and gets
``{"type": "state", "v": v}``; each ``{"type": "act", "id", "v"}`` writes one row to
the same kind of database as Caravela (an SQLite file in WAL mode, or PostgreSQL
through a pool of 20), then sends the sender an ``ack`` and every socket of the
match one small ``patch``. No rules, no views, no auth: whatever Caravela spends
beyond this is its own.

    python benchmarks/floor_server.py --port 9000 --db sqlite:///tmp/floor.db
"""

from __future__ import annotations

import argparse
import asyncio
import json

from websockets.asyncio.server import ServerConnection, serve

SCHEMA = "CREATE TABLE IF NOT EXISTS floor_moves (match TEXT NOT NULL, v INTEGER NOT NULL, body TEXT NOT NULL)"


class SqliteMoves:
    def __init__(self, path: str):
        self.path = path

    async def open(self) -> None:
        import aiosqlite

        self.db = await aiosqlite.connect(self.path, isolation_level=None)
        await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute(SCHEMA)

    async def write(self, match: str, v: int, body: str) -> None:
        await self.db.execute("INSERT INTO floor_moves VALUES (?, ?, ?)", (match, v, body))


class PostgresMoves:
    def __init__(self, dsn: str):
        self.dsn = dsn

    async def open(self) -> None:
        import asyncpg

        self.pool = await asyncpg.create_pool(self.dsn, min_size=5, max_size=20)
        await self.pool.execute(SCHEMA)

    async def write(self, match: str, v: int, body: str) -> None:
        await self.pool.execute("INSERT INTO floor_moves VALUES ($1, $2, $3)", match, v, body)


def moves_store(url: str) -> SqliteMoves | PostgresMoves:
    if url.startswith("sqlite:///"):
        return SqliteMoves(url.removeprefix("sqlite:///"))
    return PostgresMoves(url.replace("postgresql+asyncpg://", "postgresql://", 1))


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True, help="sqlite:///PATH or postgresql://…")
    args = parser.parse_args()
    store = moves_store(args.db)
    await store.open()
    sockets: dict[str, set[ServerConnection]] = {}
    versions: dict[str, int] = {}

    async def seat(ws: ServerConnection) -> None:
        _, _, match, _seat = ws.request.path.split("/", 3)
        here = sockets.setdefault(match, set())
        here.add(ws)
        try:
            await ws.send(json.dumps({"type": "state", "v": versions.get(match, 0)}))
            async for text in ws:
                act = json.loads(text)
                v = versions.get(match, 0) + 1
                versions[match] = v
                await store.write(match, v, text)
                await ws.send(json.dumps({"type": "ack", "id": act["id"], "v": v}))
                patch = json.dumps(
                    {
                        "type": "patch",
                        "base": v - 1,
                        "v": v,
                        "ops": [{"op": "replace", "path": "/v", "value": v}],
                        "log": [],
                    }
                )
                for other in list(here):
                    try:
                        await other.send(patch)
                    except Exception:  # noqa: BLE001, S112 - that seat left; the others still hear
                        continue
        finally:
            here.discard(ws)

    async with serve(seat, "127.0.0.1", args.port, max_size=1 << 20):
        print("floor ready", flush=True)
        await asyncio.Future()


if __name__ == "__main__":
    asyncio.run(main())
