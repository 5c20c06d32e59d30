"""Bytes on the wire per seat: the whole view, and the patch frame after a move.

Plays seeded random 4-player games of every game (or one: ``--game``) through
the engine only and measures, at the start, middle and end of each game, what
one seat's socket receives: the ``state`` frame (its view) and the ``patch``
frames (diff of the seat's view, ``ops``, plus the new log lines it may read),
and each patch as a share of the view it updates. Stops if a view carries the
log (DESIGN.md: the log is not part of the diffed view).

    python benchmarks/bench_view_sizes.py [--game all|goa|...] [--players 4] [--games 5]
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


def play(game, players: int, seed: int) -> list[tuple[int, int, int]]:
    """Plays one random game; returns (view, patch ops, patch frame) bytes of seat 0 per version.

    A version that sends seat 0 no frame counts 0 for both patch sizes.
    """
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    view = game.view(state, 0)
    out = []
    while game.to_act(state):
        seat = rnd.choice(sorted(game.to_act(state)))
        after = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
        new_view = game.view(after, 0)
        if "log" in new_view:
            raise SystemExit(f"{game.id}: the view carries the log (DESIGN.md: it travels in frames)")
        ops = diff(view, new_view)
        lines = new_lines(game, state, after, view, new_view, 0)
        frame = {"type": "patch", "base": len(out), "v": len(out) + 1, "ops": ops, "log": lines}
        sent = ops or lines
        out.append((size({"type": "state", "v": len(out) + 1, "view": new_view}),
                    size(ops) if sent else 0, size(frame) if sent else 0))
        state, view = after, new_view
    return out


def report(game, players: int, games: int) -> None:
    """Prints view and patch sizes at the start, middle and end of ``games`` seeded games."""
    phases: dict[str, list[tuple[int, int, int]]] = {"start": [], "middle": [], "end": []}
    for seed in range(games):
        sizes = play(game, players, seed)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all", help="a game id, or all (the default)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    games = list(engines.GAMES.values()) if args.game == "all" else [engines.get_game(args.game)]
    for game in games:
        report(game, min(max(args.players, game.min_players), game.max_players), args.games)


if __name__ == "__main__":
    main()
