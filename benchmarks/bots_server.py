"""Caravela for bench_bots.py: the app as ``python -m app`` serves it, with the strong bots
replaced by busy_bot.py's stand-in (``--bots busy``), and optionally thinking on the event loop
(``--in-loop``: how bots thought before the worker pool, to show what the pool buys), or in
workers that are only niced (``--worker-policy nice``: what the idle policy buys), or in a
session of their own, niced as a group (``--worker-policy apart``).

    python benchmarks/bots_server.py --port 8000 [--bots busy|real] [--in-loop] [--worker-policy idle|nice|apart]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

import uvicorn  # noqa: E402
from busy_bot import bot_for_bench, start_apart_worker, start_niced_worker  # noqa: E402

import app.table.bots as bots  # noqa: E402
import app.table.thinking as thinking  # noqa: E402
from app.__main__ import SERVER_OPTIONS  # noqa: E402
from app.main import create_app  # noqa: E402
from app.table.thinking import Thinkers, think  # noqa: E402


async def think_in_loop(self, game_id, state, seat, seed, bot):
    """The bot's move thought out on the event loop itself, holding up everything else."""
    return think(game_id, state, seat, seed, bot)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--bots", choices=["busy", "real"], default="busy")
    ap.add_argument("--in-loop", action="store_true")
    ap.add_argument("--worker-policy", choices=["idle", "nice", "apart"], default="idle")
    args = ap.parse_args()
    if args.bots == "busy":
        bots.bot_for = bot_for_bench  # type: ignore[assignment]
    if args.in_loop:
        Thinkers.think = think_in_loop  # type: ignore[method-assign]
    if args.worker_policy == "nice":
        thinking._start_worker = start_niced_worker  # the pool names its workers' initializer when made
    if args.worker_policy == "apart":
        thinking._start_worker = start_apart_worker
    uvicorn.run(create_app(), host="127.0.0.1", port=args.port, **SERVER_OPTIONS)


if __name__ == "__main__":
    main()
