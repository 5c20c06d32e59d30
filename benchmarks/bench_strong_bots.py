"""Strong bots' thinking: CPU time of one playout, and of one strong move, per searching game.

``python benchmarks/bench_strong_bots.py [--positions N] [--budget-ms B] [--game G]``: for each game
at 2 players, the CPU time of a whole game played by the normal bot in every seat
from the start (what one playout costs at most), then the CPU time of the strong bot's move at
``N`` positions of random games (mean and slowest; a move finishes its first round of playouts
whatever the budget). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import get_game  # noqa: E402
from engines.bots import bot_for  # noqa: E402
from engines.search import playout  # noqa: E402

#: The searching games, in the order the figures are printed.
GAMES = ("goa", "gogoa", "navegador", "coimbra")


def positions(game_id: str, count: int, seed: int) -> list[tuple[dict, int]]:
    """Returns (state, seat) at ``count`` random points of random 2-player games where the seat has a choice."""
    game = get_game(game_id)
    rnd = random.Random(seed)
    out: list[tuple[dict, int]] = []
    while len(out) < count:
        state = game.setup(2, rnd.randrange(1 << 30))
        stop = rnd.randrange(10, 120)
        for _ in range(stop):
            if state.get("over"):
                break
            seat = rnd.choice(sorted(game.to_act(state)))
            state = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))
        if not state.get("over"):
            seat = rnd.choice(sorted(game.to_act(state)))
            out.append((state, seat))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--budget-ms", type=int, default=1000)
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game (may be repeated)")
    args = parser.parse_args()
    os.environ["CARAVELA_BOT_BUDGET_MS"] = str(args.budget_ms)
    for game_id in args.game or GAMES:
        game = get_game(game_id)
        normal, strong = bot_for(game_id, "normal"), bot_for(game_id, "strong")
        started = time.process_time()
        for seed in range(3):
            playout(game, game.setup(2, seed), 0, normal, random.Random(seed))
        per_playout = (time.process_time() - started) / 3
        times = []
        for n, (state, seat) in enumerate(positions(game_id, args.positions, 7)):
            view = game.view(state, seat)
            started = time.process_time()
            strong(view, seat, random.Random(n))
            times.append(time.process_time() - started)
        print(
            f"{game_id}: a whole 2-player game of normal bots {1000 * per_playout:.0f} ms; "
            f"strong move at {args.budget_ms} ms budget: mean {1000 * sum(times) / len(times):.0f} ms, "
            f"slowest {1000 * max(times):.0f} ms over {len(times)} positions"
        )


if __name__ == "__main__":
    main()
