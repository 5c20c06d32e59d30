"""Bots of the tests' own, defined at the top of a small module: a bot is sent to its worker
process by name, so it must be importable there (a lambda would not be)."""

from __future__ import annotations

import random
import time

#: CPU time a slow bot spends on a move (s): a searching bot at a generous budget.
SLOW = 2.0


def broken_bot(view: dict, seat: int, rnd: random.Random) -> dict:
    raise RuntimeError("bot bug")


def slow_bot(view: dict, seat: int, rnd: random.Random) -> dict:
    """Thinks hard (CPU, not sleep: sleeping would not hold up a server it ran in), then moves at random."""
    end = time.process_time() + SLOW
    while time.process_time() < end:
        pass
    return rnd.choice(view["legal"])
