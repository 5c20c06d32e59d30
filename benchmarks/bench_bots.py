"""People's move latency in their matches while strong bots think in others, against none.

One server (bots_server.py: the app, its strong bots replaced by a stand-in that spends its
whole budget on every move, counted as the real ones count it) on SQLite. ``--people``
matches of two people move at ``--rate`` moves a second in all (an HTTP ``POST .../actions``
each, timed from send to answer). Phase *none*: nothing else runs. Phase *strong*:
``--bot-matches`` tally matches of one person and three strong bots run as well, the person
moving within a second of their turn and the bots without a pause (``CARAVELA_BOT_DELAY=0``),
so the bot workers think without rest. *normal* runs today's normal bots instead (what bots
cost besides thinking: their moves, the person's polling); *niced*, strong bots in workers
that are only niced, not under the idle policy; *apart*, strong bots in workers of a session
of their own whose autogroup is niced; *in-loop*, strong bots thinking on the event
loop, as they did before the worker pool.

On a shared machine the neighbours' load drifts by more than what is measured, so the phases
alternate over ``--rounds`` (each round in the other order, each phase a fresh server): every
round prints each phase's figures with the machine's load, then the medians, and strong's
p99 over none's within each round (phases next to each other in time, the fairest pairs).

    nice python benchmarks/bench_bots.py [--rounds 5] [--phases none,strong] [--people 10] [--rate 20]
                                         [--bot-matches 10] [--seconds 30] [--budget-ms 1000]
                                         [--workers 0] [--bots busy|real]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE)]

from roundtrip.machine import cpu_seconds  # noqa: E402
from roundtrip.servers import _healthy, _serving, database, free_port  # noqa: E402

LONG = {"target": 60}
#: How often the person of a bots' match looks whether it is their turn (s): light, like a page.
POLL = 1.0
#: How long every phase runs before its moves are timed (s): the server warm, the bots' workers busy.
SETTLE = 3.0
#: What each phase runs beside the people's matches: the bots' level (None: no bots) and the
#: server's options for where they think.
PHASES = {
    "none": (None, []),
    "normal": ("normal", []),
    "strong": ("strong", []),
    "niced": ("strong", ["--worker-policy", "nice"]),
    "apart": ("strong", ["--worker-policy", "apart"]),
    "in-loop": ("strong", ["--in-loop"]),
}


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


async def people_play(
    http, mid: str, seated: list, period: float, until: float, took: list[float], lost: list[str]
) -> None:
    """One match of two people moving every ``period`` s; a finished match is replaced.

    A connection that fails (the server closed an idle keep-alive connection as it was
    reused, on a loaded machine) is counted in ``lost`` and the match goes on.
    """
    while (now := time.monotonic()) < until:
        try:
            t = await move(seated, mid)
        except EOFError:
            mid, seated = await table(http, 2, 0)
            continue
        except httpx.TransportError as err:
            lost.append(type(err).__name__)
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
        except httpx.TransportError:
            continue


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def runnable() -> int:
    """How many tasks the machine has running or ready to run right now (``/proc/loadavg``)."""
    with open("/proc/loadavg") as f:
        return int(f.read().split()[3].split("/")[0])


@dataclass
class Figures:
    """One phase of one round: the people's move times and what the machine was doing meanwhile."""

    phase: str
    ms: list[float]
    load: float  # the one-minute load average as the phase ended
    runnable: float  # the mean of the tasks running or ready, sampled twice a second
    server_cpu: float  # s, the server process
    bots_cpu: float  # s, its bot workers (and their forkserver)
    lost: int = 0  # people's requests whose connection failed

    def p(self, q: float) -> float:
        return quantile(self.ms, q) if self.ms else float("nan")

    def line(self, seconds: float) -> str:
        if not self.ms:
            return f"  {self.phase:<8} no move answered"
        return (
            f"  {self.phase:<8} {len(self.ms):>5} moves  p50 {self.p(0.5):6.1f} ms  p99 {self.p(0.99):7.1f} ms  "
            f"max {max(self.ms):7.1f} ms  load {self.load:5.2f}  runnable {self.runnable:4.1f}  "
            f"server CPU {self.server_cpu:5.1f} s  "
            f"bots CPU {self.bots_cpu:5.1f} s ({self.bots_cpu / seconds:.0%} of a core)"
            + (f"  {self.lost} requests lost" if self.lost else "")
        )


async def sample_runnable(into: list[int], stop: asyncio.Event) -> None:
    while not stop.is_set():
        into.append(runnable())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.5)


async def phase(base: str, args, server: int, name: str) -> Figures:
    level, _ = PHASES[name]
    bot_matches = args.bot_matches if level else 0
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        tables = [await table(http, 2, 0) for _ in range(args.people)]
        stop = asyncio.Event()
        thinking = [asyncio.create_task(bots_play(http, level, stop)) for _ in range(bot_matches)]
        await asyncio.sleep(SETTLE)
        cpu = cpu_seconds(server), _own_cpu(server)
        samples: list[int] = []
        watching = asyncio.Event()
        sampler = asyncio.create_task(sample_runnable(samples, watching))
        took: list[float] = []
        lost: list[str] = []
        until = time.monotonic() + args.seconds
        period = args.people / args.rate
        await asyncio.gather(*(people_play(http, mid, seated, period, until, took, lost) for mid, seated in tables))
        watching.set()
        await sampler
        tree, own = cpu_seconds(server) - cpu[0], _own_cpu(server) - cpu[1]
        stop.set()
        for task in thinking:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, httpx.HTTPError):
                await task
    return Figures(
        name, [1000 * t for t in took], os.getloadavg()[0], statistics.fmean(samples or [0]), own, tree - own, len(lost)
    )


def _own_cpu(pid: int) -> float:
    """User + system CPU time of one process alone, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serve(args, url: str, options: list[str]):
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
    cmd += options
    return port, _serving(cmd, lambda: _healthy(port), "Caravela", cwd=HERE.parent, env=env)


def run_phase(args, name: str) -> Figures:
    with database("sqlite") as url:
        port, serving = serve(args, url, PHASES[name][1])
        with serving as server:
            return asyncio.run(phase(f"http://127.0.0.1:{port}", args, server.pid, name))


def summary(rounds: list[list[Figures]], phases: list[str]) -> None:
    """Prints each phase's medians over the rounds, and each phase's p99 over none's round by round."""
    print("medians over the rounds:", flush=True)
    by_phase = {name: [f for r in rounds for f in r if f.phase == name and f.ms] for name in phases}
    for name, got in by_phase.items():
        if not got:
            continue
        med = lambda values: statistics.median(values)  # noqa: E731
        print(
            f"  {name:<8} p50 {med([f.p(0.5) for f in got]):6.1f} ms  p99 {med([f.p(0.99) for f in got]):7.1f} ms  "
            f"load {med([f.load for f in got]):5.2f}  runnable {med([f.runnable for f in got]):4.1f}  "
            f"bots CPU {med([f.bots_cpu for f in got]):5.1f} s",
            flush=True,
        )
    if "none" not in phases:
        return
    for name in phases:
        if name == "none":
            continue
        ratios = []
        for r in rounds:
            got = {f.phase: f for f in r if f.ms}
            if "none" in got and name in got:
                ratios.append(got[name].p(0.99) / got["none"].p(0.99))
        if ratios:
            shown = " ".join(f"{x:.2f}" for x in ratios)
            print(
                f"  {name} p99 / none p99, round by round: {shown}; median {statistics.median(ratios):.2f}", flush=True
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="each phase once a round, the order alternating")
    ap.add_argument("--phases", default="none,strong", help=f"of {', '.join(PHASES)}")
    ap.add_argument("--people", type=int, default=10, help="matches of two people")
    ap.add_argument("--rate", type=float, default=20, help="people's moves a second, all matches together")
    ap.add_argument("--bot-matches", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--budget-ms", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=0, help="bot worker processes (0: one per core but one)")
    ap.add_argument("--bots", choices=["busy", "real"], default="busy")
    args = ap.parse_args()
    phases = args.phases.split(",")
    if unknown := set(phases) - set(PHASES):
        ap.error(f"unknown phases: {', '.join(sorted(unknown))}")
    print(
        f"load average {os.getloadavg()[0]:.2f}; {args.people} matches of people at {args.rate:g} moves/s, "
        f"{args.bot_matches} matches of bots beside ({args.bots}, {args.budget_ms} ms a strong move), "
        f"{args.seconds:g} s a phase, {os.cpu_count()} cores, SQLite:",
        flush=True,
    )
    rounds: list[list[Figures]] = []
    for n in range(args.rounds):
        order = phases if n % 2 == 0 else phases[::-1]
        print(f"round {n + 1} ({', '.join(order)}):", flush=True)
        rounds.append([])
        for name in order:
            rounds[-1].append(run_phase(args, name))
            print(rounds[-1][-1].line(args.seconds), flush=True)
    summary(rounds, phases)


if __name__ == "__main__":
    main()
