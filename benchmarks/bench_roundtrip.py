"""Moves per second, CPU per move and act → every seat patched: Caravela beside a floor server.

In one run, for SQLite and PostgreSQL, 1 worker and 2 (PostgreSQL only):

- **closed loop**: 100 tally matches × 4 seat sockets; each match moves as soon as every
  seat has its last move. Prints moves/s, the server's CPU time per move (all its
  processes, from /proc), p50/p99 of act → every seat patched, and the CPU per move of
  what shares the cores with it: the load processes and a local PostgreSQL.
- **open loop**: the same at a steady 300 moves/s; p99 counts from each move's scheduled
  time, so queueing shows.
- **capacity** (one worker): 10,000 idle spectator sockets over 500 matches, connected at
  200/s and kept open; each wave of 1,000 connects' connects/s and server CPU per connect
  (the first opens every match's channel), sockets refused or dropped, server memory per
  socket (RSS delta / sockets), the objects the garbage collector tracks per socket and
  the CPU its collections took (in each wave too), and act → every socket of the match (its seats and
  spectators) while they watch.

The floor server (benchmarks/floor_server.py) writes one row per move to the same
database and fans the frame out to the 4 sockets: what any server of moves must spend.
Clients run in separate processes; the machine's load is printed with each figure,
and on a shared machine CPU per move is the steadiest one. PostgreSQL: a throwaway
database on 127.0.0.1:5432 (BENCH_PG_URL), created and dropped here.

    python benchmarks/bench_roundtrip.py                 # everything (~5-8 minutes)
    python benchmarks/bench_roundtrip.py --quick         # smaller sizes, a minute or two
    python benchmarks/bench_roundtrip.py --db sqlite --phases closed,capacity
    python benchmarks/bench_roundtrip.py --root /tmp/old-checkout   # measure another version
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from roundtrip import lobby, machine, servers  # noqa: E402
from roundtrip.load import Children, closed_loop, movers, open_loop, spread, watchers  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def pct(values: list[float], p: float) -> float:
    """The p-th percentile of seconds, in milliseconds (nan without values)."""
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))] * 1000


def row(label: str, figures: str) -> None:
    print(f"  {label:<34} {figures}", flush=True)


def closed(proto: str, port: int, pid: int, matches: list[str], tokens: list[str], args) -> None:
    mark: dict = {}

    children = Children(
        closed_loop, [(proto, port, tokens, part, args.moves) for part in spread(matches, args.clients)]
    )
    children.ready()
    pg = args.postgres_pid
    mark["clients"], mark["pg"] = machine.reaped_children_cpu_seconds(), pg and machine.cpu_seconds(pg)
    mark["cpu"], mark["t"] = machine.cpu_seconds(pid), time.monotonic()
    children.go()
    results = children.results()
    cpu = machine.cpu_seconds(pid) - mark["cpu"]
    clients = machine.reaped_children_cpu_seconds() - mark["clients"]
    pg_cpu = pg and machine.cpu_seconds(pg) - mark["pg"]
    elapsed = max(r["end"] for r in results) - mark["t"]
    samples = [s for r in results for s in r["samples"]]
    errors = sum(r["errors"] for r in results)
    n = len(samples)
    row(
        "closed loop",
        f"{n / elapsed:7.0f} moves/s  CPU {cpu / max(n, 1) * 1000:5.2f} ms/move  "
        f"p50 {pct(samples, 50):7.1f} ms  p99 {pct(samples, 99):7.1f} ms  ({n} moves"
        f"{f', {errors} refused or lost' if errors else ''}; {machine.load()})",
    )
    # What shares the cores with the server: with 2 cores, 2 workers only gain if these leave room.
    row(
        "",
        f"beside it: load processes {clients / max(n, 1) * 1000:.2f} ms/move"
        + (f", PostgreSQL {pg_cpu / max(n, 1) * 1000:.2f} ms/move" if pg else ""),
    )


def open_(proto: str, port: int, pid: int, matches: list[str], tokens: list[str], args) -> None:
    every = len(matches) / args.rate
    children = Children(
        open_loop, [(proto, port, tokens, part, every, args.open_seconds) for part in spread(matches, args.clients)]
    )
    children.ready()
    cpu0, t0 = machine.cpu_seconds(pid), time.monotonic()
    children.go()
    results = children.results()
    cpu = machine.cpu_seconds(pid) - cpu0
    elapsed = max(r["end"] for r in results) - t0
    samples = [s for r in results for s in r["samples"]]
    n, behind = len(samples), sum(r["behind"] for r in results)
    note = f", {behind} never made: too far behind at {2 * args.open_seconds:.0f} s, p99 understated" if behind else ""
    row(
        f"open loop at {args.rate}/s",
        f"{n / elapsed:7.0f} moves/s  CPU {cpu / max(n, 1) * 1000:5.2f} ms/move  "
        f"p50 {pct(samples, 50):7.1f} ms  p99 {pct(samples, 99):7.1f} ms  ({n} moves{note}; {machine.load()})",
    )


def caravela_runs(db: str, url: str, workers: int, args) -> None:
    print(f"Caravela, {db}, {workers} worker{'s' if workers > 1 else ''}:", flush=True)
    with servers.caravela(args.root, url, workers) as (port, proc):
        for phase, run in (("closed", closed), ("open", open_)):
            if phase in args.phases:
                try:
                    matches, tokens = lobby.caravela_matches(port, args.matches)
                    run("Caravela", port, proc.pid, matches, tokens, args)
                except Exception as err:  # noqa: BLE001 - one failed run must not hide the others' figures
                    row(phase, f"FAILED: {err!r}"[:300])


def floor_runs(db: str, url: str, args) -> None:
    print(f"floor, {db}, 1 process:", flush=True)
    with servers.floor(url) as (port, proc):
        for phase, run in (("closed", closed), ("open", open_)):
            if phase in args.phases:
                matches, tokens = lobby.floor_matches(args.matches)
                run("floor", port, proc.pid, matches, tokens, args)


def capacity(args) -> None:
    """Idle spectators on one worker: how many stay, what each costs, how fast a move reaches them."""
    db = args.capacity_db
    print(
        f"Caravela, {db}, 1 worker: {args.sockets} spectator sockets over {args.capacity_matches} matches, "
        f"connected at {args.connect_rate}/s",
        flush=True,
    )
    gc_out = Path(tempfile.mkdtemp(prefix="bench-gc-")) / "gc.json"
    with servers.database(db) as url, servers.caravela(args.root, url, 1, gc_out) as (port, proc):
        matches, tokens = lobby.caravela_matches(port, args.capacity_matches)
        time.sleep(1)
        rss0, cpu0 = machine.rss_bytes(proc.pid), machine.cpu_seconds(proc.pid)
        gc0 = servers.gc_census(proc, gc_out)
        per_match = [matches[i % len(matches)] for i in range(args.sockets)]
        parts = spread(per_match, args.watcher_processes)
        with machine.CpuClock(proc.pid) as clock:
            watching = Children(watchers, [(port, part, args.connect_rate / len(parts)) for part in parts])
            said = watching.ready()
        connected = sum(s["connected"] for s in said)
        refused = sum(s["failed"] for s in said)
        took = max(s["connect_seconds"] for s in said)
        connect_times = [t for s in said for t in s["connect_times"]]
        time.sleep(1)
        rss, connect_cpu = machine.rss_bytes(proc.pid), machine.cpu_seconds(proc.pid) - cpu0
        gc1 = servers.gc_census(proc, gc_out)
        row(
            "connected",
            f"{connected} of {args.sockets} in {took:.0f} s ({refused} refused), connect p99 "
            f"{pct(connect_times, 99):.0f} ms, server CPU {connect_cpu / max(connected, 1) * 1000:.2f} ms per "
            f"connect; {machine.load()}",
        )
        collections = gc1["collections"][len(gc0["collections"]) :]
        for line in waves(said, clock, args.wave, collections):
            row("", line)
        row(
            "server memory",
            f"{(rss - rss0) / max(connected, 1) / 1024:.1f} KB per socket "
            f"(RSS {rss0 / 2**20:.0f} → {rss / 2**20:.0f} MB)",
        )
        full = [cpu for gen, _, cpu in collections if gen == 2]
        row(
            "garbage collector",
            f"{(gc1['tracked'] - gc0['tracked']) / max(connected, 1):.1f} tracked objects per socket "
            f"({gc0['tracked']} → {gc1['tracked']}, {gc1['frozen']} frozen); over the connects "
            f"{len(full)} full collections, {sum(full):.2f} s of CPU, all collections "
            f"{sum(cpu for *_, cpu in collections):.2f} s of the server's {connect_cpu:.1f} s",
        )
        shutil.rmtree(gc_out.parent, ignore_errors=True)
        moving = matches[: args.moving_matches]
        cpu0, t0 = machine.cpu_seconds(proc.pid), time.monotonic()
        playing = Children(
            movers, [(port, tokens, part, args.capacity_moves, args.move_every) for part in spread(moving, 1)]
        )
        try:
            playing.ready()
            playing.go()
            sent = [s for r in playing.results() for s in r["sent"]]
        except RuntimeError as err:  # e.g. the seats could not even connect
            row("act → every socket of its match", f"FAILED: {err}")
            sent = []
        busy = (machine.cpu_seconds(proc.pid) - cpu0) / (time.monotonic() - t0)
        time.sleep(2)  # the last moves' frames still on their way
        watching.go()
        reports = watching.results()
        arrivals: dict[tuple[str, int], list] = {}
        for r in reports:
            for m, v, n, t in r["arrivals"]:
                seen = arrivals.setdefault((m, v), [0, 0.0])
                seen[0] += n
                seen[1] = max(seen[1], t)
        watchers_of = {m: per_match.count(m) for m in moving}
        latencies, short = [], 0
        for m, v, t_act, t_seats in sent:
            n, t_last = arrivals.get((m, v), [0, 0.0])
            short += n < watchers_of[m]
            latencies.append(max(t_seats, t_last) - t_act)
        drops = sum(r["drops"] for r in reports)
        row("kept open", f"{sum(r['open'] for r in reports)} at the end, {drops} dropped by the server")
        row(
            "act → every socket of its match",
            f"p50 {pct(latencies, 50):.1f} ms  p99 {pct(latencies, 99):.1f} ms  "
            f"({len(sent)} moves, {short} missed a spectator, {statistics.mean(watchers_of.values()):.0f} spectators "
            f"each; the server busy {busy:.0%} of a core meanwhile, idle sockets included; {machine.load()})",
        )


def waves(said: list[dict], clock: machine.CpuClock, size: int, collections: list) -> list[str]:
    """Connects/s, server CPU and garbage collections per connect of each wave of ``size`` handshakes.

    Waves are in the order handshakes ended. The first counts from the first connect's
    start: it is the one that opens the matches' channels (one socket per match first), the
    later ones join open channels. ``collections``: the server's (generation, start, CPU s).
    """
    start = min(s["started"] for s in said)
    done = sorted(t for s in said for t in s["connected_at"])
    lines = []
    for k in range(0, len(done), size):
        t0 = start if k == 0 else done[k - 1]
        t1, n = done[min(k + size, len(done)) - 1], min(size, len(done) - k)
        cpu = clock.at(t1) - clock.at(t0)
        inside = [(gen, c) for gen, t, c in collections if t0 <= t < t1]
        full = [c for gen, c in inside if gen == 2]
        lines.append(
            f"wave {k // size + 1} ({k + 1}–{k + n}): {n / max(t1 - t0, 1e-9):.0f} connects/s, "
            f"server CPU {cpu / n * 1000:.2f} ms per connect, of it garbage collection "
            f"{sum(c for _, c in inside) / n * 1000:.2f} ms ({len(full)} full, {sum(full):.2f} s)"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a check that it all runs")
    parser.add_argument("--db", default="sqlite,pg", help="sqlite, pg or both (default)")
    parser.add_argument("--workers", default="1,2", help="worker counts for PostgreSQL (SQLite runs 1)")
    parser.add_argument("--phases", default="closed,open,capacity")
    parser.add_argument("--servers", default="floor,caravela")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--moves", type=int, default=20, help="moves per match in the closed loop")
    parser.add_argument("--rate", type=int, default=300, help="open loop: moves per second")
    parser.add_argument("--open-seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=2, help="load processes for the loops")
    parser.add_argument("--sockets", type=int, default=10_000)
    parser.add_argument("--capacity-matches", type=int, default=500)
    parser.add_argument("--capacity-db", default="sqlite")
    parser.add_argument("--connect-rate", type=float, default=200)
    parser.add_argument("--watcher-processes", type=int, default=4)
    parser.add_argument("--moving-matches", type=int, default=50)
    parser.add_argument("--capacity-moves", type=int, default=4, help="moves per moving match")
    parser.add_argument("--move-every", type=float, default=1.0)
    parser.add_argument("--wave", type=int, default=1000, help="connects per wave in the capacity figures")
    parser.add_argument("--root", type=Path, default=ROOT, help="the Caravela checkout to run")
    args = parser.parse_args()
    if args.quick:
        args.matches, args.moves, args.open_seconds = 20, 10, 4
        args.sockets, args.capacity_matches, args.moving_matches, args.capacity_moves = 1000, 50, 10, 3
    args.phases = args.phases.split(",")
    dbs, kinds = args.db.split(","), args.servers.split(",")
    limit = machine.raise_open_files()
    print(f"bench_roundtrip: {args.root} ({machine.load()}; open files {limit})", flush=True)
    print(
        f"{args.matches} tally matches × 4 seats, {args.moves} moves each (closed loop), "
        f"{args.rate} moves/s for {args.open_seconds:.0f} s (open loop)",
        flush=True,
    )
    if {"closed", "open"} & set(args.phases):
        for db in dbs:
            args.postgres_pid = servers.postgres_pid() if db == "pg" else None  # None: not on this machine
            with servers.database(db) as url:
                if "floor" in kinds:
                    floor_runs(db, url, args)
                if "caravela" in kinds:
                    for workers in [1] if db == "sqlite" else [int(w) for w in args.workers.split(",")]:
                        caravela_runs(db, url, workers, args)
    if "capacity" in args.phases:
        capacity(args)


if __name__ == "__main__":
    main()
