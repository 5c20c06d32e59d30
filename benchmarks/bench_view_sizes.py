"""Bytes on the wire per seat: the whole view, and the patch frame after a move.

Plays seeded random 4-player games of every game (or one: ``--game``) through
the engine only and measures, at the start, middle and end of each game, what
one seat's socket receives: the ``state`` frame (its view) and the ``patch``
frames the hub makes (diff of the seat's view, ``ops``, plus the new log lines it
may read) and each patch as a share of the view it updates: the JSON is what the
socket sends (no permessage-deflate, app/__main__.py). Stops if a view carries the
log (the log is not part of the diffed view: docs/design.md).

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
from app.play.snapshot import Snapshot  # noqa: E402
from app.store.jsoncodec import dumps  # noqa: E402

CPU: list[float] = []  # CPU seconds of each Snapshot.frame (diff, log lines, encoding)


def size(obj) -> int:
    """Returns the bytes of ``obj`` as the server sends it (compact JSON, UTF-8)."""
    return len(dumps(obj).encode())


def play(game, players: int, seed: int, worst: list | None = None) -> list[tuple[int, int, int]]:
    """Plays one random game; returns seat 0's bytes per version: (view, patch ops, patch frame).

    The frame is the one the hub sends seat 0's sockets (``Snapshot.frame``: the diff of
    its views and the new log lines it may read, in their wire form), so the figures are
    what a seat really receives. A version that sends seat 0 no frame counts 0 for both
    patch sizes. ``worst`` collects (share, bytes,
    frame) for ``--worst``.
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
            raise SystemExit(f"{game.id}: the view carries the log (it travels in frames: docs/design.md)")
        t0 = time.process_time()
        frame = snap.frame(0, view, v - 1, game.log_length(state))
        CPU.append(time.process_time() - t0)
        state_frame = dumps({"type": "state", "v": v, "view": new_view})
        viewed, sent = len(state_frame.encode()), len(frame.encode()) if frame else 0
        ops = size(json.loads(frame)["ops"]) if frame else 0
        out.append((viewed, ops, sent))
        if worst is not None and frame:
            worst.append((sent / viewed, sent, frame))
        state, view = after, new_view
    return out


def report(game, players: int, games: int, worst: int = 0) -> None:
    """Prints view and patch sizes at the start, middle and end of ``games`` seeded games.

    The "all" row holds every version that sent seat 0 a frame. ``worst`` > 0 also prints
    that many of the frames largest against their view.
    """
    phases: dict[str, list] = {"start": [], "middle": [], "end": [], "all": []}
    largest: list = []
    CPU.clear()
    for seed in range(games):
        sizes = play(game, players, seed, largest if worst else None)
        n = len(sizes)
        # A window of 10 versions at each phase smooths out single big moves.
        for name, lo in (("start", 0), ("middle", n // 2 - 5), ("end", n - 10)):
            phases[name].extend(sizes[max(lo, 0) : max(lo, 0) + 10])
        phases["all"].extend(sizes)
    print(f"{game.title}, {players} players, {games} games, seat 0 (bytes of compact JSON; no log in any view)")
    print(
        f"{'phase':<7} {'view mean':>9} {'ops mean':>8} {'frame mean':>10} {'frame max':>9}"
        f" {'ops/view':>8} {'frame/view':>10}"
    )
    for name, rows in phases.items():
        views = [row[0] for row in rows]
        sent = [row for row in rows if row[2]]
        mean = [statistics.mean(row[i] for row in sent) for i in range(3)]
        share = {(i, j): statistics.mean(row[i] / row[j] for row in sent) for i, j in ((1, 0), (2, 0))}
        print(
            f"{name:<7} {statistics.mean(views):>9,.0f} {mean[1]:>8,.0f} {mean[2]:>10,.0f}"
            f" {max(row[2] for row in sent):>9,} {share[1, 0]:>8.1%} {share[2, 0]:>10.1%}"
        )
    print(
        f"CPU to make seat 0's frame (diff, lines, encoding): {1e6 * statistics.mean(CPU):,.0f} µs mean"
        f" over {len(CPU):,} versions"
    )
    for ratio, sent_bytes, frame in sorted(largest, reverse=True)[:worst]:
        print(f"  {ratio:.1%} ({sent_bytes:,} B): {frame[:400]}")


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
