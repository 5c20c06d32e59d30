"""Coimbra benchmark: complete random games per second at 2–4 players, and what a view costs.

Prints figures and asserts nothing. ``python benchmarks/bench_coimbra.py [--games N]``
(N random games per player count; default 50). The bot's figures are the bot's own benchmark.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.coimbra import GAME  # noqa: E402
from engines.core.playout import play  # noqa: E402


def random_games(players: int, games: int) -> tuple[float, list[int], list[float]]:
    """Plays ``games`` random games; returns the seconds taken, each game's actions and each game's seconds."""
    lengths, times = [], []
    start = time.perf_counter()
    for seed in range(games):
        t = time.perf_counter()
        lengths.append(play(GAME, players, seed).steps)
        times.append(time.perf_counter() - t)
    return time.perf_counter() - start, lengths, times


def view_cost(players: int, games: int = 5) -> tuple[float, float]:
    """Returns the mean milliseconds of one seat's view and its mean compact-JSON bytes over random games."""
    states = []
    play(GAME, players, 7, check=lambda before, after, seat, action: states.append(after))
    states = states[:: max(1, len(states) // 60)]
    start = time.perf_counter()
    sizes = [len(json.dumps(GAME.view(s, 0), separators=(",", ":"))) for s in states]
    return (time.perf_counter() - start) * 1000 / len(states), statistics.mean(sizes)


def main() -> None:
    """Prints games/second, actions/second, actions per game and the slowest game, per player count."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    for players in (2, 3, 4):
        took, lengths, times = random_games(players, args.games)
        ms, size = view_cost(players)
        print(
            f"{players}p random: {args.games / took:6.1f} games/s, {sum(lengths) / took:7.0f} actions/s, "
            f"{statistics.mean(lengths):.0f} actions/game ({min(lengths)}-{max(lengths)}), "
            f"slowest game {max(times) * 1000:.0f} ms; a view {ms:.2f} ms, {size:,.0f} bytes"
        )


if __name__ == "__main__":
    main()
