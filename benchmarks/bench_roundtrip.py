"""Round trip of a move: from `act` until every seat of the match has its `patch`.

Starts the real server (``python -m app``; SQLite in a temp dir unless
DATABASE_URL is set), opens N concurrent matches of 4 scripted socket seats
each (the test fixture game), plays moves, and prints p50/p99. In the same run
it measures a bare websocket echo server on loopback: the floor to compare with.

    python benchmarks/bench_roundtrip.py [--matches 100] [--moves 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))] * 1000


async def start_server(port: int, db_url: str) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": db_url, "CARAVELA_EXTRA_GAMES": "tests.fixture_game:GAME",
           "CARAVELA_LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT),
           "CARAVELA_MAX_FRAMES_PER_SECOND": "1000"}
    proc = subprocess.Popen([sys.executable, "-m", "app", "--port", str(port)], cwd=ROOT, env=env)
    async with httpx.AsyncClient() as http:
        for _ in range(200):
            try:
                if (await http.get(f"http://127.0.0.1:{port}/healthz")).status_code == 200:
                    return proc
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError("server did not start")


async def new_match(http: httpx.AsyncClient) -> tuple[str, list[str]]:
    tokens = []
    for i in range(4):
        tokens.append((await http.post("/api/players", json={"name": f"P{i}"})).json()["token"])
    auth = [{"authorization": f"Bearer {t}"} for t in tokens]
    body = {"game": "tally", "seats": 4, "options": {"target": 60}}
    match = (await http.post("/api/matches", json=body, headers=auth[0])).json()
    for h in auth[1:]:
        await http.post(f"/api/matches/{match['id']}/join", headers=h)
    await http.post(f"/api/matches/{match['id']}/start", headers=auth[0])
    return match["id"], tokens


async def play_match(port: int, match_id: str, tokens: list[str], moves: int, samples: list[float]) -> None:
    socks = [await websockets.connect(f"ws://127.0.0.1:{port}/ws/matches/{match_id}?token={t}", max_size=1 << 22)
             for t in tokens]
    views: list[dict] = [{} for _ in socks]
    versions = [-1] * 4

    async def read_until_state(i):
        while True:
            frame = json.loads(await socks[i].recv())
            if frame["type"] == "state":
                views[i], versions[i] = frame["view"], frame["v"]
                return

    await asyncio.gather(*(read_until_state(i) for i in range(4)))
    for _ in range(moves):
        to_act = views[0]["to_act"]
        if not to_act:
            break
        seat = to_act[0]
        legal = views[seat]["legal"]
        v_next = versions[0] + 1
        t0 = time.perf_counter()
        act = {"type": "act", "id": uuid.uuid4().hex, "v": versions[seat], "action": legal[0]}
        await socks[seat].send(json.dumps(act))

        async def wait_patch(i: int, v_next: int) -> None:
            import jsonpatch

            while versions[i] < v_next:
                frame = json.loads(await socks[i].recv())
                if frame["type"] == "patch":
                    views[i] = jsonpatch.apply_patch(views[i], frame["ops"])
                    versions[i] = frame["v"]
                elif frame["type"] == "state":
                    views[i], versions[i] = frame["view"], frame["v"]
                elif frame["type"] == "reject":
                    raise RuntimeError(frame["reason"])

        await asyncio.gather(*(wait_patch(i, v_next) for i in range(4)))
        samples.append(time.perf_counter() - t0)
    for s in socks:
        await s.close()


async def echo_floor(n_clients: int, rounds: int) -> list[float]:
    async def echo(ws):
        async for message in ws:
            await ws.send(message)

    samples: list[float] = []
    async with websockets.serve(echo, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]

        async def client():
            async with websockets.connect(f"ws://127.0.0.1:{port}") as ws:
                for _ in range(rounds):
                    t0 = time.perf_counter()
                    await ws.send('{"type":"act"}')
                    await ws.recv()
                    samples.append(time.perf_counter() - t0)

        await asyncio.gather(*(client() for _ in range(n_clients)))
    return samples


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp()
    db_url = os.environ.get("DATABASE_URL", f"sqlite:///{tmp}/bench.db")
    port = 8765 + os.getpid() % 1000
    proc = await start_server(port, db_url)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            matches = [await new_match(http) for _ in range(args.matches)]
        samples: list[float] = []
        t0 = time.perf_counter()
        await asyncio.gather(*(play_match(port, m, toks, args.moves, samples) for m, toks in matches))
        elapsed = time.perf_counter() - t0
    finally:
        proc.terminate()
        proc.wait()
    floor = await echo_floor(args.matches, args.moves)
    db = "PostgreSQL" if "postgres" in db_url else "SQLite"
    print(f"Caravela round trip ({db}, {args.matches} matches x 4 seats, {len(samples)} moves, "
          f"{len(samples) / elapsed:.0f} moves/s):")
    print(f"  act -> every seat patched: p50 {pct(samples, 50):.2f} ms  p99 {pct(samples, 99):.2f} ms  "
          f"mean {statistics.mean(samples) * 1000:.2f} ms")
    print(f"Bare websocket echo ({args.matches} clients, {len(floor)} round trips):")
    print(f"  send -> echo:               p50 {pct(floor, 50):.2f} ms  p99 {pct(floor, 99):.2f} ms")


if __name__ == "__main__":
    asyncio.run(main())
