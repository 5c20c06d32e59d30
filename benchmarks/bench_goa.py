"""Goa benchmark: complete random games per second, and the bot against three random players.

Prints figures and asserts nothing. ``python benchmarks/bench_goa.py [--games N]``
(N four-player bot games, the bot's seat rotating; default 200). Times are CPU
time of this process, so other work on the machine does not count.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.core.playout import play  # noqa: E402
from engines.goa import GAME, bot  # noqa: E402


def random_game(players: int, seed: int) -> int:
    """Plays one whole random game; returns its number of actions."""
    return play(GAME, players, seed).steps


def bot_game(seed: int) -> tuple[int, dict]:
    """Plays one 4-player game, the bot in seat ``seed % 4``; returns its seat and the outcome."""
    me = seed % 4

    def choose(state: dict, seat: int, legal: list[dict], rnd: random.Random) -> dict:
        return bot.choose(GAME.view(state, seat), seat, rnd) if seat == me else rnd.choice(legal)

    return me, GAME.outcome(play(GAME, 4, seed, choose=choose).state)


def main() -> None:
    """Prints games/second per player count, then the bot's win rate and mean scores."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()

    for players in (2, 3, 4):
        start, steps, n = time.process_time(), 0, 20
        for seed in range(n):
            steps += random_game(players, seed)
        took = time.process_time() - start
        print(
            f"{players}p random: {n / took:6.1f} games/s, {steps / took:7.0f} actions/s, {steps / n:.0f} actions/game"
        )

    start = time.process_time()
    wins, mine, others = 0, [], []
    for seed in range(args.games):
        me, out = bot_game(seed)
        wins += out["ranking"][0] == me
        mine.append(out["scores"][me])
        others.append((sum(out["scores"]) - out["scores"][me]) / 3)
    took = time.process_time() - start
    print(
        f"bot vs 3 random, {args.games} games: win rate {wins / args.games:.1%}, "
        f"mean score bot {statistics.mean(mine):.1f} vs random {statistics.mean(others):.1f} "
        f"({args.games / took:.1f} games/s)"
    )


if __name__ == "__main__":
    main()
