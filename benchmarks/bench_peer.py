"""Caravela beside boardgame.io's server, the same load on both, runs alternating.

boardgame.io (0.50, Koa + socket.io) is installed from the npm registry into
``benchmarks/.peer/`` (ignored by git; ``--peer-dir`` for another place) and runs
``benchmarks/peer/tally.js``: Caravela's tally fixture game written for it, with the same
per-seat secrets (a purse, a pick) hidden by its ``playerView``. Each server is measured
the same way, by the same Python load processes (roundtrip/load.py):

- **closed loop**: 100 matches × 4 seat sockets, 20 moves a match; each match moves as soon
  as every seat has the last move. Moves/s, the server's own CPU per move (its processes'
  user + system time from /proc; a local PostgreSQL's is printed beside it, not counted),
  p50/p99 of act → every seat has the new version, the load average when the run ended.
- **lone match**: one match, moves one after another: the round trip with nothing queued.

Every server starts afresh (new database, new process) for each run; a round runs each
server once, and the rounds alternate the order. The last table holds the medians.

What differs between the two, and is not hidden by the figures:

- Caravela commits each move (SQLite WAL with synchronous=FULL, or PostgreSQL) before any
  seat hears of it. boardgame.io's default store keeps matches in memory (a restart loses
  them all); its FlatFile store writes with node-persist after the move has been sent to the
  clients, without fsync.
- Caravela sends each seat a JSON Patch of its view; boardgame.io sends each seat its whole
  filtered state (G, ctx, the move's log entry).
- boardgame.io checks a seat's credentials on every move; Caravela checks a token per socket.

    python benchmarks/bench_peer.py                      # 3 rounds of every server (~4 minutes)
    python benchmarks/bench_peer.py --rounds 1 --servers bgio-memory,caravela-sqlite
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from roundtrip import lobby, machine, peer, servers  # noqa: E402
from roundtrip.load import Children, closed_loop, spread  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SERVERS = {
    "bgio-memory": "boardgame.io, in memory (its default; keeps nothing)",
    "bgio-flatfile": "boardgame.io, FlatFile (persisted after the send)",
    "caravela-sqlite": "Caravela, SQLite",
    "caravela-pg": "Caravela, PostgreSQL",
}


def pct(values: list[float], p: float) -> float:
    """The p-th percentile of seconds, in milliseconds (nan without values)."""
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))] * 1000


@contextlib.contextmanager
def running(kind: str, args):
    """Starts one server afresh; yields (protocol name, port, pid, open matches)."""
    if kind.startswith("bgio-"):
        with peer.server(args.peer_dir, kind.removeprefix("bgio-")) as (port, proc):
            yield "boardgame.io", port, proc.pid, lambda n: peer.matches(port, n)
        return
    with servers.database(kind.removeprefix("caravela-")) as url, servers.caravela(args.root, url) as (port, proc):
        yield "Caravela", port, proc.pid, lambda n: lobby.caravela_matches(port, n)


def loop(proto: str, port: int, pid: int, matches: list[str], tokens: list[str], moves: int, clients: int, pg):
    """One closed loop; returns its figures."""
    children = Children(closed_loop, [(proto, port, tokens, part, moves) for part in spread(matches, clients)])
    children.ready()
    cpu0, pg0, t0 = machine.cpu_seconds(pid), pg and machine.cpu_seconds(pg), time.monotonic()
    children.go()
    results = children.results()
    cpu, pg_cpu = machine.cpu_seconds(pid) - cpu0, pg and machine.cpu_seconds(pg) - pg0
    samples = [s for r in results for s in r["samples"]]
    n = max(len(samples), 1)
    return {
        "moves/s": len(samples) / (max(r["end"] for r in results) - t0),
        "cpu": cpu / n * 1000,
        "pg": pg_cpu / n * 1000 if pg else None,
        "p50": pct(samples, 50),
        "p99": pct(samples, 99),
        "errors": sum(r["errors"] for r in results),
        "load": machine.load(),
    }


def run(kind: str, args) -> dict:
    pg = servers.postgres_pid() if kind == "caravela-pg" else None
    with running(kind, args) as (proto, port, pid, open_matches):
        matches, tokens = open_matches(args.matches)
        figures = loop(proto, port, pid, matches, tokens, args.moves, args.clients, pg)
        lone, tokens = open_matches(1)
        # node-persist (FlatFile) flushes its write queue once a second, and a match's next move
        # waits for its last write: a lone match makes one move a second there, so a few will do.
        moves = min(args.lone_moves, 5) if kind == "bgio-flatfile" else args.lone_moves
        figures["lone"] = loop(proto, port, pid, lone, tokens, moves, 1, pg)
    return figures


def show(label: str, f: dict) -> None:
    beside = f" (PostgreSQL {f['pg']:.2f} ms/move beside it, not counted)" if f.get("pg") is not None else ""
    errors = f", {f['errors']} lost" if f["errors"] else ""
    print(
        f"  {label:<52} {f['moves/s']:6.0f} moves/s  CPU {f['cpu']:5.2f} ms/move  "
        f"p50 {f['p50']:6.1f}  p99 {f['p99']:6.1f} ms  lone p50 {f['lone']['p50']:4.1f} ms{errors}; "
        f"{f['load']}{beside}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--servers", default=",".join(SERVERS), help=f"some of {', '.join(SERVERS)}")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--moves", type=int, default=20, help="moves per match in the closed loop")
    parser.add_argument("--lone-moves", type=int, default=100, help="moves of the lone match (at most 108)")
    parser.add_argument("--clients", type=int, default=2, help="load processes")
    parser.add_argument("--peer-dir", type=Path, default=peer.DEFAULT_DIR, help="where boardgame.io is installed")
    parser.add_argument("--root", type=Path, default=ROOT, help="the Caravela checkout to run")
    args = parser.parse_args()
    kinds = args.servers.split(",")
    version = peer.install(args.peer_dir) if any(k.startswith("bgio-") for k in kinds) else "not installed"
    machine.raise_open_files()
    print(
        f"bench_peer: Caravela at {args.root}, boardgame.io {version}; {args.matches} tally matches × 4 seats, "
        f"{args.moves} moves each, closed loop, {args.clients} load processes; {machine.load()}",
        flush=True,
    )
    seen: dict[str, list[dict]] = {k: [] for k in kinds}
    for r in range(args.rounds):
        print(f"round {r + 1}:", flush=True)
        for kind in kinds if r % 2 == 0 else kinds[::-1]:
            figures = run(kind, args)
            seen[kind].append(figures)
            show(SERVERS[kind], figures)
    print("medians:", flush=True)
    print("  | server, storage | moves/s | server CPU per move | p50 / p99 | lone match p50 |")
    for kind, runs in seen.items():
        med = {k: statistics.median(f[k] for f in runs) for k in ("moves/s", "cpu", "p50", "p99")}
        lone = statistics.median(f["lone"]["p50"] for f in runs)
        print(
            f"  | {SERVERS[kind]} | {med['moves/s']:,.0f} | {med['cpu']:.2f} ms | "
            f"{med['p50']:.0f} / {med['p99']:.0f} ms | {lone:.1f} ms |",
            flush=True,
        )


if __name__ == "__main__":
    main()
