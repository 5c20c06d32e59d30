"""Coimbra bot benchmark: one bot against three random players, its seat rotating through all four.

Prints the bot's win rate with a 95 % interval, the mean scores and the CPU time per bot move
(mean and slowest); asserts nothing. ``python benchmarks/bench_coimbra_bot.py [--games N] [--first SEED]``
(N seeded 4-player games, the bot in seat ``seed % 4``; default 200 from seed 0).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.coimbra import GAME, bot  # noqa: E402
from tests.engines.bot_match import bench  # noqa: E402

if __name__ == "__main__":
    bench(GAME, bot.choose, __doc__)
