"""Navegador benchmark: complete random games per second at 2-5 players.

Prints figures and asserts nothing. ``python benchmarks/bench_navegador.py [--games N]``
(N games per player count, seeds 0..N-1; default 20). The bot's figures are
``benchmarks/bench_navegador_bot.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.core.playout import play  # noqa: E402
from engines.navegador import GAME  # noqa: E402


def main() -> None:
    """Prints, per player count: games/s, actions/s, actions and turns a game, CPU a game, the slowest, endings.

    CPU time is the figure to compare on a shared machine: wall time grows with the load.
    """
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()

    for players in (2, 3, 4, 5):
        times, cpu, steps, turns, endings = [], [], [], [], Counter()
        for seed in range(args.games):
            start, start_cpu = time.perf_counter(), time.process_time()
            result = play(GAME, players, seed)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            steps.append(result.steps)
            turns.append(result.state["turn"] / players)
            endings[result.state["ending"]["cause"]] += 1
        took = sum(times)
        print(
            f"{players}p random: {args.games / took:5.1f} games/s, {sum(steps) / took:6.0f} actions/s, "
            f"{statistics.mean(steps):.0f} actions a game ({min(steps)}-{max(steps)}), "
            f"{statistics.mean(turns):.0f} turns a player, {statistics.mean(cpu) * 1000:.0f} ms CPU a game, "
            f"slowest {max(times) * 1000:.0f} ms, "
            f"ended by {dict(endings)}"
        )


if __name__ == "__main__":
    main()
