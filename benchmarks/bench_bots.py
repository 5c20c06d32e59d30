"""People's move latency in their matches while strong bots think in others, against none.

One server (bots_server.py: the app, its strong bots replaced by a stand-in that spends its
whole budget of CPU on every move) on SQLite. ``--people`` matches of two people move at
``--rate`` moves a second in all (an HTTP ``POST .../actions`` each, timed from send to answer).
Phase *none*: nothing else runs. Then ``--bot-matches`` tally matches of one person and three
bots run as well, the person moving within a second of their turn and the bots without a pause
(``CARAVELA_BOT_DELAY=0``): first today's normal bots (what bots cost besides thinking: their
moves, the person's polling), then strong ones, which think without rest. ``--in-loop`` runs the bots phase again on a
server whose bots think on the event loop, as they did before the worker pool.

    nice python benchmarks/bench_bots.py [--people 20] [--rate 40] [--bot-matches 10] [--seconds 30]
                                         [--budget-ms 1000] [--workers 0] [--bots busy|real] [--in-loop]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
import time
import uuid
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE)]

from roundtrip.servers import _healthy, _serving, database, free_port  # noqa: E402

LONG = {"target": 60}
#: How often the person of a bots' match looks whether it is their turn (s): light, like a page.
POLL = 1.0


async def person(http: httpx.AsyncClient, name: str) -> httpx.AsyncClient:
    r = await http.post("/api/players", json={"name": name})
    r.raise_for_status()
    token = {"authorization": f"Bearer {r.json()['token']}"}
    return httpx.AsyncClient(base_url=str(http.base_url), headers=token, timeout=30)


async def table(
    http: httpx.AsyncClient, people: int, bots: int, level: str = "strong"
) -> tuple[str, list[httpx.AsyncClient]]:
    """Opens and starts a tally match of ``people`` people then ``bots`` bots of ``level``."""
    seated = [await person(http, f"P{i}") for i in range(people)]
    r = await seated[0].post("/api/matches", json={"game": "tally", "seats": people + bots, "options": LONG})
    r.raise_for_status()
    mid = r.json()["id"]
    for guest in seated[1:]:
        (await guest.post(f"/api/matches/{mid}/join", json={})).raise_for_status()
    for seat in range(people, people + bots):
        (await seated[0].post(f"/api/matches/{mid}/bots", json={"seat": seat, "level": level})).raise_for_status()
    (await seated[0].post(f"/api/matches/{mid}/start", json={})).raise_for_status()
    return mid, seated


async def move(seated: list[httpx.AsyncClient], mid: str) -> float | None:
    """Makes the move of whoever is to act; returns how long the act took (None: nobody's turn, or over)."""
    for seat, who in enumerate(seated):
        got = (await who.get(f"/api/matches/{mid}/view")).json()
        view = got["view"]
        if view["over"]:
            raise EOFError
        if seat in view["to_act"] and view["legal"]:
            began = time.perf_counter()
            try:
                r = await who.post(
                    f"/api/matches/{mid}/actions",
                    json={"id": uuid.uuid4().hex, "v": got["v"], "action": view["legal"][0]},
                )
            except httpx.TimeoutException:
                return time.perf_counter() - began  # counted: a move nobody saw answered
            took = time.perf_counter() - began
            return took if r.status_code == 200 else None
    return None


async def people_play(http, mid: str, seated: list, period: float, until: float, took: list[float]) -> None:
    """One match of two people moving every ``period`` s; a finished match is replaced."""
    while (now := time.monotonic()) < until:
        try:
            t = await move(seated, mid)
        except EOFError:
            mid, seated = await table(http, 2, 0)
            continue
        if t is not None:
            took.append(t)
        await asyncio.sleep(max(0.0, period - (time.monotonic() - now)))


async def bots_play(http: httpx.AsyncClient, level: str, stop: asyncio.Event) -> None:
    """One match of a person and three bots of ``level``, the person moving within a second of their turn."""
    mid, seated = await table(http, 1, 3, level)
    while not stop.is_set():
        try:
            if await move(seated, mid) is None:
                await asyncio.sleep(POLL)
        except EOFError:
            mid, seated = await table(http, 1, 3, level)
        except httpx.TimeoutException:
            continue


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def phase(base: str, args, bot_matches: int, level: str, label: str) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        tables = [await table(http, 2, 0) for _ in range(args.people)]
        stop = asyncio.Event()
        thinking = [asyncio.create_task(bots_play(http, level, stop)) for _ in range(bot_matches)]
        await asyncio.sleep(3 if bot_matches else 0)  # the bots' workers started and busy
        cpu = os.times()
        took: list[float] = []
        until = time.monotonic() + args.seconds
        period = args.people / args.rate
        await asyncio.gather(*(people_play(http, mid, seated, period, until, took) for mid, seated in tables))
        stop.set()
        for task in thinking:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, httpx.HTTPError):
                await task
    children = os.times()
    ms = [1000 * t for t in took]
    if not ms:
        print(f"  {label:<28} no move answered in {args.seconds:g} s", flush=True)
        return
    print(
        f"  {label:<28} {len(ms):>5} moves  p50 {quantile(ms, 0.5):6.1f} ms  p99 {quantile(ms, 0.99):7.1f} ms  "
        f"max {max(ms):7.1f} ms  (load average {os.getloadavg()[0]:.1f}; driver CPU "
        f"{children.user + children.system - cpu.user - cpu.system:.1f} s)",
        flush=True,
    )


def serve(args, url: str, in_loop: bool):
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "CARAVELA_EXTRA_GAMES": "tests.fixture_game:GAME",
        "CARAVELA_LOG_LEVEL": "WARNING",
        "CARAVELA_BOT_DELAY": "0",
        "CARAVELA_BOT_BUDGET_MS": str(args.budget_ms),
        "CARAVELA_BOT_WORKERS": str(args.workers),
        "CARAVELA_LIMIT_PLAYERS": "100000/3600",
    }
    cmd = [sys.executable, str(HERE / "bots_server.py"), "--port", str(port), "--bots", args.bots]
    cmd += ["--in-loop"] if in_loop else []
    return port, _serving(cmd, lambda: _healthy(port), "Caravela", cwd=HERE.parent, env=env)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--people", type=int, default=20, help="matches of two people")
    ap.add_argument("--rate", type=float, default=40, help="people's moves a second, all matches together")
    ap.add_argument("--bot-matches", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--budget-ms", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=0, help="bot worker processes (0: one per core but one)")
    ap.add_argument("--bots", choices=["busy", "real"], default="busy")
    ap.add_argument("--in-loop", action="store_true", help="also: bots thinking on the event loop")
    args = ap.parse_args()
    print(
        f"load average {os.getloadavg()[0]:.1f}; "
        f"{args.people} matches of people at {args.rate:g} moves/s, {args.bot_matches} matches of strong bots "
        f"({args.bots}, {args.budget_ms} ms a move), {os.cpu_count()} cores, SQLite:",
        flush=True,
    )
    n = args.bot_matches
    runs = [(False, 0, "", "no bots"), (False, n, "normal", f"{n} matches of normal bots")]
    runs += [(False, n, "strong", f"{n} matches of strong bots")]
    runs += [(True, n, "strong", "strong, thinking on the loop")] if args.in_loop else []
    for in_loop, bot_matches, level, label in runs:
        with database("sqlite") as url:
            port, serving = serve(args, url, in_loop)
            with serving:
                asyncio.run(phase(f"http://127.0.0.1:{port}", args, bot_matches, level, label))


if __name__ == "__main__":
    main()
