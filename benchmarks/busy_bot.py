"""A stand-in for a searching bot, for bench_bots.py: it spends its whole budget of CPU on
every move, then plays at random. The engines' own strong bots stop at the same budget, so the
service sees the same load; this one needs no engine to exist yet."""

from __future__ import annotations

import os
import random
import time

from engines.bots import DEFAULT_LEVEL, bot_for


def think_hard(view: dict, seat: int, rnd: random.Random) -> dict:
    """Spends ``CARAVELA_BOT_BUDGET_MS`` of CPU, then returns a legal move at random."""
    end = time.process_time() + int(os.environ.get("CARAVELA_BOT_BUDGET_MS", "1000")) / 1000
    while time.process_time() < end:
        pass
    return rnd.choice(view["legal"])


def bot_for_bench(game_id: str, level: str = DEFAULT_LEVEL):
    """The strong level thinks its whole budget away; the others are the game's own."""
    return think_hard if level == "strong" else bot_for(game_id, level)
