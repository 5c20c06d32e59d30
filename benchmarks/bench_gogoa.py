"""Go Goa benchmark: complete random games per second, and bot vs random paths solo.

Prints figures and asserts nothing. ``python benchmarks/bench_gogoa.py [--games N]``
(N solo games for each of the bot and the random player; default 1,000). Times are
CPU time of this process, so other work on the machine does not count.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.core.playout import play as playout  # noqa: E402
from engines.gogoa import GAME, bot  # noqa: E402


def play(players: int, seed: int, policy) -> dict:
    """Plays one whole game where every seat follows ``policy(state, seat, legal, rnd)``; returns the end."""
    return playout(GAME, players, seed, choose=policy).state


def random_game(players: int, seed: int) -> int:
    """Plays one whole game of uniformly random legal actions (undo included); returns its actions."""
    return playout(GAME, players, seed, choose=random_policy).steps


def random_policy(state: dict, seat: int, legal: list[dict], rnd: random.Random) -> dict:
    """Returns a uniformly random legal action (undo included)."""
    return rnd.choice(legal)


def random_paths(state: dict, seat: int, legal: list[dict], rnd: random.Random) -> dict:
    """Returns a random legal action but never undo: random whole paths, the reference's baseline."""
    return rnd.choice([a for a in legal if a["type"] != "undo"])


def bot_policy(state: dict, seat: int, legal: list[dict], rnd: random.Random) -> dict:
    """Returns the bot's action, chosen from the seat's view only."""
    return bot.choose(GAME.view(state, seat), seat, rnd)


def solo(policy, games: int) -> tuple[float, float, float]:
    """Returns (mean, standard deviation, seconds) of solo scores over seeded games."""
    started = time.process_time()
    scores = [GAME.outcome(play(1, seed, policy))["scores"][0] for seed in range(games)]
    return statistics.mean(scores), statistics.pstdev(scores), time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="solo games per player type")
    args = parser.parse_args()

    for players in (1, 3, 6):
        count, steps = max(5, 60 // players), 0
        started = time.process_time()
        for seed in range(count):
            steps += random_game(players, seed)
        spent = time.process_time() - started
        print(
            f"random play, {players} player(s): {count / spent:7.1f} complete games/s, "
            f"{steps / spent:7.0f} actions/s, {steps / count:.0f} actions/game"
        )

    for name, policy in (("bot", bot_policy), ("random paths", random_paths)):
        mean, sd, spent = solo(policy, args.games)
        print(
            f"{name:>12} solo over {args.games} seeded games: mean {mean:6.1f}, sd {sd:5.1f}"
            f"  ({args.games / spent:6.1f} games/s)"
        )


if __name__ == "__main__":
    main()
