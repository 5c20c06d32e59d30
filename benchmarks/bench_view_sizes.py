"""Bytes on the wire per seat: the whole view, and the patch frame after a move.

Plays seeded random 4-player Goa games (or any game: ``--game``) through the
engine only and measures, at the start, middle and end of each game, what one
seat's socket receives: the ``state`` frame (its view) and the ``patch`` frames
(diff of the seat's view plus the new log lines it may read). Works on both
forms of the protocol: views that carry the whole log (before issue 7) and
views without it, whose new lines come from ``Game.log_lines``.

    python benchmarks/bench_view_sizes.py [--game goa] [--players 4] [--games 5]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engines  # noqa: E402
from app.diff import diff  # noqa: E402


def size(obj) -> int:
    """Returns the bytes of ``obj`` as the server sends it (compact JSON)."""
    return len(json.dumps(obj, separators=(",", ":")).encode())


def new_lines(game, before: dict, after: dict, old_view: dict, new_view: dict, seat: int) -> list:
    """Returns the log lines a patch carries for ``seat`` in either protocol form."""
    if "log" in new_view:
        return new_view["log"][len(old_view.get("log", ())):]
    return game.log_lines(after, seat, start=game.log_length(before))


def play(game, players: int, seed: int) -> list[tuple[int, int]]:
    """Plays one random game; returns (view bytes, patch frame bytes) of seat 0 per version."""
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    view = game.view(state, 0)
    out = []
    while game.to_act(state):
        seat = rnd.choice(sorted(game.to_act(state)))
        after = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
        new_view = game.view(after, 0)
        ops = diff(view, new_view)
        lines = new_lines(game, state, after, view, new_view, 0)
        frame = {"type": "patch", "base": len(out), "v": len(out) + 1, "ops": ops, "log": lines}
        out.append((size({"type": "state", "v": len(out) + 1, "view": new_view}), size(frame) if ops or lines else 0))
        state, view = after, new_view
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="goa")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    game = engines.get_game(args.game)
    phases: dict[str, tuple[list, list]] = {"start": ([], []), "middle": ([], []), "end": ([], [])}
    for seed in range(args.games):
        sizes = play(game, args.players, seed)
        n = len(sizes)
        # A window of 10 versions at each phase smooths out single big moves.
        for name, lo in (("start", 0), ("middle", n // 2 - 5), ("end", n - 10)):
            window = sizes[max(lo, 0): max(lo, 0) + 10]
            phases[name][0].extend(v for v, _ in window)
            phases[name][1].extend(p for _, p in window if p)
    print(f"{game.title}, {args.players} players, {args.games} games, seat 0 (bytes of compact JSON)")
    print(f"{'phase':<8} {'view mean':>10} {'view max':>9} {'patch mean':>11} {'patch max':>10}")
    for name, (views, patches) in phases.items():
        print(f"{name:<8} {statistics.mean(views):>10,.0f} {max(views):>9,} "
              f"{statistics.mean(patches):>11,.0f} {max(patches):>10,}")


if __name__ == "__main__":
    main()
