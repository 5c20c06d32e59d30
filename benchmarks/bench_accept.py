"""CPU per accepted move in the service alone: ``MatchService.accept``, no sockets, no HTTP.

The database half of the act path (frame to every seat patched), measured without the websocket layer and the
load generator that share the machine in ``bench_roundtrip.py``: 100 running tally
matches × 4 seats, moves made one at a time per match and concurrently across matches
(as one worker sees them), turn notices stored with each move as the app does. CPU is
this process's user + system time (the driver's threads included), divided by the moves.

    python benchmarks/bench_accept.py [--db sqlite|pg|both] [--matches 100] [--moves 20] [--rounds 3]

PostgreSQL: a database is made on ``BENCH_PG_URL`` (as bench_roundtrip.py) and dropped.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(Path(__file__).resolve().parent)]
os.environ.setdefault("CARAVELA_EXTRA_GAMES", "tests.fixture_game:GAME")

from roundtrip.servers import database  # noqa: E402

from app.identity.players import Players  # noqa: E402
from app.main import register_extra_games  # noqa: E402
from app.notices.rows import NoticeRows  # noqa: E402
from app.ops.settings import Settings, async_url  # noqa: E402
from app.play.matches import MatchService  # noqa: E402
from app.store.db import make_engine, migrate_async  # noqa: E402
from app.table.lobby import Lobby  # noqa: E402

TALLY_LONGEST = {"target": 60}


async def _setup(url: str, n: int) -> tuple[MatchService, list[str]]:
    await migrate_async(url)
    engine = make_engine(url)

    async def publish(event):  # the hub's work is not measured here
        return None

    rows = NoticeRows(timedelta(seconds=Settings.from_env(database_url=url).notice_delay))
    service = MatchService(engine, publish, one_writer=url.startswith("sqlite"), on_turn=rows.queue)
    lobby = Lobby(service)
    players = [(await Players(service.sessions, service.tell).create(f"P{i}"))[0] for i in range(4)]
    ids = []
    for _ in range(n):
        match, _seats = await lobby.create(players[0], "tally", 4, TALLY_LONGEST)
        for p in players[1:]:
            await lobby.join(match.id, p)
        await lobby.start(match.id, players[0])
        ids.append(match.id)
    return service, ids


async def _round(service: MatchService, ids: list[str], moves: int, tag: str) -> tuple[int, float, float]:
    from engines import get_game

    game = get_game("tally")
    states = {m: (await service.get(m))[0] for m in ids}

    async def play(match_id: str) -> int:
        match = states[match_id]
        v, state, made = match.v, match.state, 0
        for i in range(moves):
            seat = min(game.to_act(state))
            action = game.legal_actions(state, seat)[0]
            done = await service.accept(match_id, seat, f"{tag}-{i}", v, action)
            v, state, made = done.v, done.state, made + 1
        return made

    cpu, wall = time.process_time(), time.perf_counter()
    made = sum(await asyncio.gather(*(play(m) for m in ids)))
    return made, time.process_time() - cpu, time.perf_counter() - wall


async def _bench(url: str, matches: int, moves: int, rounds: int) -> None:
    service, ids = await _setup(url, matches)
    try:
        for r in range(rounds):
            made, cpu, wall = await _round(service, ids, moves, f"r{r}")
            print(
                f"  round {r + 1}: {made} moves, CPU {1000 * cpu / made:.3f} ms/move, "
                f"{made / wall:,.0f} moves/s (load average {os.getloadavg()[0]:.1f})",
                flush=True,
            )
    finally:
        await service.close()
        await service.engine.dispose()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="both", choices=["sqlite", "pg", "both"])
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--moves", type=int, default=20, help="moves per match per round (at most ~100)")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    register_extra_games(tuple(os.environ["CARAVELA_EXTRA_GAMES"].split(",")))
    if args.db in ("sqlite", "both"):
        with database("sqlite") as url:
            print(f"SQLite, {args.matches} matches × {args.moves} moves a round:")
            asyncio.run(_bench(async_url(url), args.matches, args.moves, args.rounds))
    if args.db in ("pg", "both"):
        with database("pg") as url:
            print(f"PostgreSQL, {args.matches} matches × {args.moves} moves a round:")
            asyncio.run(_bench(async_url(url), args.matches, args.moves, args.rounds))


if __name__ == "__main__":
    main()
