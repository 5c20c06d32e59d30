"""Bytes on the wire for one seat through a whole Goa game, with and without permessage-deflate.

Plays seeded random Goa games through the engine only and encodes what one seat's
socket receives: the ``state`` frame at the start, then one ``patch`` frame per
version (its ops and new log lines, as bench_view_sizes.py builds them). Counts
the bytes as WebSocket frames without compression, and compressed the way
uvicorn negotiates permessage-deflate (12-bit window, memLevel 5, the context kept
from message to message), with the CPU time compressing took. What it decides:
whether compression is worth a zlib compressor and decompressor per socket
(docs/benchmarks.md, "Idle sockets").

    python benchmarks/bench_deflate.py [--games 5] [--players 4]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_view_sizes import new_lines  # noqa: E402

import engines  # noqa: E402
from app.play.diff import diff  # noqa: E402


def header(n: int) -> int:
    """Bytes of a server's (unmasked) WebSocket frame header for an ``n``-byte payload."""
    return 2 if n < 126 else 4 if n < 65536 else 10


def frames(game, players: int, seed: int) -> list[bytes]:
    """Returns the encoded frames seat 0 receives through one random game."""
    rnd = random.Random(seed)
    state = game.setup(players, seed)
    view = game.view(state, 0)
    out = [json.dumps({"type": "state", "v": 0, "view": view}, separators=(",", ":")).encode()]
    while game.to_act(state):
        seat = rnd.choice(sorted(game.to_act(state)))
        after = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
        new_view = game.view(after, 0)
        ops, lines = diff(view, new_view), new_lines(game, state, after, view, new_view, 0)
        if ops or lines:
            frame = {"type": "patch", "base": len(out) - 1, "v": len(out), "ops": ops, "log": lines}
            out.append(json.dumps(frame, separators=(",", ":")).encode())
        state, view = after, new_view
    return out


def deflated(texts: list[bytes]) -> tuple[int, float]:
    """Returns the wire bytes of ``texts`` compressed as uvicorn's permessage-deflate does, and the CPU seconds."""
    t0 = time.process_time()
    z = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -12, 5)
    total = 0
    for text in texts:
        data = z.compress(text) + z.flush(zlib.Z_SYNC_FLUSH)
        n = len(data) - 4  # the 00 00 ff ff tail every message drops (RFC 7692)
        total += header(n) + n
    return total, time.process_time() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    game = engines.get_game("goa")
    plain = packed = count = 0
    cpu = 0.0
    for seed in range(args.games):
        texts = frames(game, args.players, seed)
        plain += sum(header(len(t)) + len(t) for t in texts)
        size, took = deflated(texts)
        packed, cpu, count = packed + size, cpu + took, count + len(texts)
    print(f"Goa, {args.players} players, {args.games} games, seat 0: {count} frames ({count / args.games:.0f} a game)")
    print(f"  uncompressed   {plain / args.games:>9,.0f} bytes a game  {plain / count:>6,.0f} a frame")
    print(
        f"  deflate        {packed / args.games:>9,.0f} bytes a game  {packed / count:>6,.0f} a frame  "
        f"({packed / plain:.0%}; {cpu / count * 1e6:.0f} µs CPU a frame to compress)"
    )


if __name__ == "__main__":
    main()
