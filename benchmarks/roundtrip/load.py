"""Load generators, each in its own process so the clients do not starve the server's clock.

The parent splits the matches among a few processes (:func:`spread`). Each child
opens its sockets, says ``ready``, waits for ``go`` and then plays; it sends back
one dict of results. Times are ``time.monotonic()``: one clock for every process
of the machine, so a child's send and another child's arrival can be subtracted.

- :func:`closed_loop`: each match makes its next move as soon as every seat has the last one.
- :func:`open_loop`: each match moves on a fixed schedule (the rate divided among the
  matches); latency counts from the scheduled time, so a slow server cannot hide its queue.
- :func:`watchers`: idle spectator sockets connected at a fixed rate, which record when each
  version of their match reaches them, and count the sockets the server drops.
- :func:`movers`: seats of some of those matches moving now and then, recording each act's time.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
import time
from collections.abc import Callable

from websockets.asyncio.client import connect

from .peer import Bgio
from .tables import MAX_SIZE, Caravela, Floor, Table

PROTOCOLS = {"Caravela": Caravela, "floor": Floor, "boardgame.io": Bgio}


def spread(items: list, parts: int) -> list[list]:
    return [items[i::parts] for i in range(parts) if items[i::parts]]


class Children:
    """One process per job: started at once, told ``go`` together, results collected."""

    def __init__(self, target: Callable, jobs: list[tuple]):
        ctx = multiprocessing.get_context("fork")
        self.pipes, self.procs = [], []
        for job in jobs:
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=_child, args=(target, job, child), daemon=True)
            proc.start()
            self.pipes.append(parent)
            self.procs.append(proc)

    def _hear(self, timeout: float) -> list[dict]:
        """One message from every child; a child silent for ``timeout`` seconds fails the run."""
        said = []
        for p in self.pipes:
            if not p.poll(timeout):
                for proc in self.procs:
                    proc.kill()
                raise RuntimeError(f"a load process said nothing for {timeout:.0f} s (is the server alive?)")
            said.append(p.recv())
        return said

    def ready(self, timeout: float = 300) -> list[dict]:
        """Waits until every child has opened its sockets; returns what each said."""
        said = self._hear(timeout)
        failed = [s["crashed"] for s in said if "crashed" in s]
        if failed:
            raise RuntimeError(f"a load process failed: {failed[0]}")
        return said

    def go(self) -> None:
        for p in self.pipes:
            p.send("go")

    def results(self, timeout: float = 300) -> list[dict]:
        said = self._hear(timeout)
        for proc in self.procs:
            proc.join(30)
        failed = [s["crashed"] for s in said if "crashed" in s]
        if failed:
            raise RuntimeError(f"a load process failed: {failed[0]}")
        return said


def _child(target: Callable, job: tuple, pipe) -> None:
    try:
        asyncio.run(target(pipe, *job))
    except BaseException as err:  # the parent must hear of it rather than wait forever
        pipe.send({"crashed": repr(err)})
        raise


async def _go(pipe, ready: dict | None = None) -> float:
    pipe.send(ready or {})
    await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
    return time.monotonic()


async def _open_tables(proto_name: str, port: int, tokens: list[str], matches: list[str]) -> list[Table]:
    proto = PROTOCOLS[proto_name](port, tokens)
    tables = [proto.table(m) if hasattr(proto, "table") else Table(proto, m) for m in matches]
    await asyncio.gather(*(t.open() for t in tables))
    return tables


async def closed_loop(pipe, proto_name: str, port: int, tokens: list[str], matches: list[str], moves: int) -> None:
    tables = await _open_tables(proto_name, port, tokens, matches)
    await _go(pipe)
    samples: list[float] = []

    async def play(table: Table) -> None:
        for _ in range(moves):
            took = await table.move()
            if took is not None:
                samples.append(took)

    await asyncio.gather(*(play(t) for t in tables))
    end = time.monotonic()
    for t in tables:
        await t.close()
    pipe.send({"samples": samples, "end": end, "errors": sum(t.errors for t in tables)})


async def open_loop(
    pipe, proto_name: str, port: int, tokens: list[str], matches: list[str], every: float, seconds: float
) -> None:
    tables = await _open_tables(proto_name, port, tokens, matches)
    go = await _go(pipe)
    samples: list[float] = []
    behind = 0  # scheduled moves never made: the server was that far behind at the deadline

    async def play(table: Table) -> None:
        nonlocal behind
        due = go + random.uniform(0, every)
        while due < go + seconds:
            if time.monotonic() > go + 2 * seconds:
                behind += 1  # bounded run time: a server this late has shown its p99
            else:
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                if await table.move() is not None:
                    samples.append(time.monotonic() - due)
            due += every

    await asyncio.gather(*(play(t) for t in tables))
    end = time.monotonic()
    for t in tables:
        await t.close()
    pipe.send({"samples": samples, "end": end, "errors": sum(t.errors for t in tables), "behind": behind})


async def watchers(pipe, port: int, matches: list[str], rate: float) -> None:
    """Connects one spectator per entry of ``matches`` at ``rate`` per second and keeps them open.

    Says ready with how many connected; its go means stop, and it reports: drops, and
    for each (match, version) how many sockets got it and when the last one did.
    """
    proto = Caravela(port, [])
    arrivals: dict[tuple[str, int], list] = {}
    socks: list = []
    closing = False
    drops = failed = 0
    connect_times: list[float] = []
    connected_at: list[float] = []  # when each handshake ended, for the parent's waves

    async def watch(match: str) -> None:
        nonlocal drops, failed
        t0 = time.monotonic()
        try:
            ws = await connect(proto.url(match, None), max_size=MAX_SIZE, open_timeout=60)
        except Exception:  # noqa: BLE001 - counted: the server refused or timed out
            failed += 1
            return
        connected_at.append(time.monotonic())
        connect_times.append(connected_at[-1] - t0)
        socks.append(ws)
        try:
            async for text in ws:
                frame = json.loads(text)
                if frame["type"] in ("state", "patch"):
                    seen = arrivals.setdefault((match, frame["v"]), [0, 0.0])
                    seen[0] += 1
                    seen[1] = time.monotonic()
        except Exception:  # noqa: BLE001, S110 - a dropped socket is counted below
            pass
        if not closing:
            drops += 1

    start = time.monotonic()
    tasks = []
    for i, match in enumerate(matches):
        await asyncio.sleep(max(0.0, start + i / rate - time.monotonic()))
        tasks.append(asyncio.create_task(watch(match)))
    while len(socks) + failed < len(matches):
        await asyncio.sleep(0.1)
    # Ready once connected; the parent's "go" here means stop: the moves are over.
    await _go(
        pipe,
        {
            "connected": len(socks),
            "failed": failed,
            "connect_seconds": time.monotonic() - start,
            "connect_times": connect_times,
            "started": start,
            "connected_at": connected_at,
        },
    )
    closing = True
    open_now = sum(1 for ws in socks if ws.state.name == "OPEN")
    for ws in socks:
        await ws.close()
    pipe.send({"drops": drops, "open": open_now, "arrivals": [[m, v, n, t] for (m, v), (n, t) in arrivals.items()]})


async def movers(pipe, port: int, tokens: list[str], matches: list[str], moves: int, every: float) -> None:
    """Seats of ``matches``: after go, each match makes ``moves`` moves ``every`` seconds apart."""
    tables = await _open_tables("Caravela", port, tokens, matches)
    go = await _go(pipe)
    sent: list[list] = []

    async def play(table: Table) -> None:
        due = go + random.uniform(0, every)
        for _ in range(moves):
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            v = max(table.versions) + 1
            t0 = time.monotonic()
            took = await table.move()
            if took is not None:
                sent.append([table.match, v, t0, t0 + took])
            due += every

    await asyncio.gather(*(play(t) for t in tables))
    for t in tables:
        await t.close()
    pipe.send({"sent": sent, "errors": sum(t.errors for t in tables)})
