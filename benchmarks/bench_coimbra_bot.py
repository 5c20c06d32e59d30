"""Coimbra bot benchmark: one bot against three random players, its seat rotating through all four.

Prints the bot's win rate with a 95 % interval, the mean scores and the time per bot move;
asserts nothing. ``python benchmarks/bench_coimbra_bot.py [--games N] [--first SEED]``
(N seeded 4-player games, the bot in seat ``seed % 4``; default 200 from seed 0).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.coimbra import GAME, bot  # noqa: E402
from tests.engines.bot_match import bot_game, summary  # noqa: E402


def main() -> None:
    """Plays the games and prints one line of figures, then the win rate from each seat."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    args = parser.parse_args()
    results = [bot_game(GAME, bot.choose, seed) for seed in range(args.first, args.first + args.games)]
    print(f"coimbra bot vs 3 random players, {summary(results)}")
    for seat in range(4):
        mine = [r for r in results if r.seat == seat]
        print(f"  seat {seat}: {sum(r.won for r in mine)} wins of {len(mine)}")


if __name__ == "__main__":
    main()
