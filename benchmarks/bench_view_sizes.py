"""Bytes on the wire per seat: the whole view, and the patch frame after a move.

Plays seeded random 4-player games of every game (or one: ``--game``) through
the engine only and measures, at the start, middle and end of each game, what
one seat's socket receives: the ``state`` frame (its view) and the ``patch``
frames (diff of the seat's view, ``ops``, plus the new log lines it may read),
and each patch as a share of the view it updates. Stops if a view carries the
log (DESIGN.md: the log is not part of the diffed view).

    python benchmarks/bench_view_sizes.py [--game all|goa|...] [--players 4] [--games 5] [--worst N]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engines  # noqa: E402
from app.hub import Snapshot  # noqa: E402
from app.jsoncodec import dumps  # noqa: E402

CPU: list[float] = []  # CPU seconds of each Snapshot.frame (diff, log lines, encoding)


def size(obj) -> int:
    """Returns the bytes of ``obj`` as the server sends it (compact JSON, UTF-8)."""
    return len(dumps(obj).encode())


def play(game, players: int, seed: int, worst: list | None = None) -> list[tuple[int, int, int]]:
    """Plays one random game; returns (view, patch ops, patch frame) bytes of seat 0 per version.

    The frame is the one the hub sends seat 0's sockets (``Snapshot.frame``: the diff of
    its views and the new log lines it may read, in their wire form), so the figures are
    what a seat really receives. A version that sends seat 0 no frame counts 0 for both
    patch sizes. ``worst`` collects (frame bytes, share, ops) for ``--worst``.
    """
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    view = game.view(state, 0)
    out = []
    while game.to_act(state):
        seat = rnd.choice(sorted(game.to_act(state)))
        after = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
        v = len(out) + 1
        snap = Snapshot(game, v, after)
        new_view = snap.view(0)
        if "log" in new_view:
            raise SystemExit(f"{game.id}: the view carries the log (DESIGN.md: it travels in frames)")
        t0 = time.process_time()
        frame = snap.frame(0, view, v - 1, game.log_length(state))
        CPU.append(time.process_time() - t0)
        ops = json.loads(frame)["ops"] if frame else []
        viewed = size({"type": "state", "v": v, "view": new_view})
        sent = len(frame.encode()) if frame else 0
        out.append((viewed, size(ops) if frame else 0, sent))
        if worst is not None and frame:
            worst.append((sent / viewed, sent, frame))
        state, view = after, new_view
    return out


def report(game, players: int, games: int, worst: int = 0) -> None:
    """Prints view and patch sizes at the start, middle and end of ``games`` seeded games.

    ``worst`` > 0 also prints that many of the frames largest against their view.
    """
    phases: dict[str, list[tuple[int, int, int]]] = {"start": [], "middle": [], "end": []}
    largest: list = []
    CPU.clear()
    for seed in range(games):
        sizes = play(game, players, seed, largest if worst else None)
        n = len(sizes)
        # A window of 10 versions at each phase smooths out single big moves.
        for name, lo in (("start", 0), ("middle", n // 2 - 5), ("end", n - 10)):
            phases[name].extend(sizes[max(lo, 0): max(lo, 0) + 10])
    print(f"{game.title}, {players} players, {games} games, seat 0 (bytes of compact JSON; no log in any view)")
    print(f"{'phase':<7} {'view mean':>9} {'view max':>8} {'ops mean':>8} {'frame mean':>10} {'frame max':>9}"
          f" {'ops/view':>8} {'frame/view':>10}")
    for name, rows in phases.items():
        views = [v for v, _, _ in rows]
        sent = [(v, o, f) for v, o, f in rows if f]
        ops, frames = [o for _, o, _ in sent], [f for _, _, f in sent]
        ops_share = statistics.mean(o / v for v, o, _ in sent)
        frame_share = statistics.mean(f / v for v, _, f in sent)
        print(f"{name:<7} {statistics.mean(views):>9,.0f} {max(views):>8,} {statistics.mean(ops):>8,.0f}"
              f" {statistics.mean(frames):>10,.0f} {max(frames):>9,} {ops_share:>8.1%} {frame_share:>10.1%}")
    print(f"CPU to make seat 0's frame (diff, lines, encoding): {1e6 * statistics.mean(CPU):,.0f} µs mean"
          f" over {len(CPU):,} versions")
    for ratio, sent, frame in sorted(largest, reverse=True)[:worst]:
        print(f"  {ratio:.1%} ({sent:,} B): {frame[:400]}")
    if largest:
        share = statistics.mean(r for r, _, _ in largest)
        print(f"  all {len(largest):,} frames of the {games} games: mean {share:.1%} of the view")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all", help="a game id, or all (the default)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--worst", type=int, default=0, help="print this many frames largest against their view")
    args = parser.parse_args()
    games = list(engines.GAMES.values()) if args.game == "all" else [engines.get_game(args.game)]
    for game in games:
        report(game, min(max(args.players, game.min_players), game.max_players), args.games, args.worst)


if __name__ == "__main__":
    main()
