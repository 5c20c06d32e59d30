"""A stand-in for a searching bot, for bench_bots.py: it spends its whole budget on every
move, counted as the engines' strong bots count it (``engines.search.Budget``: the thread's
own CPU time, given up after four budgets of wall-clock time), then plays at random. So the
service sees the load of a search that never finishes early, with no engine's search in it."""

from __future__ import annotations

import os
import random

from app.table import thinking
from engines.bots import DEFAULT_LEVEL, bot_for, budget_ms
from engines.search import Budget


def think_hard(view: dict, seat: int, rnd: random.Random) -> dict:
    """Spends the bots' budget (``CARAVELA_BOT_BUDGET_MS``), then returns a legal move at random."""
    budget = Budget(budget_ms())
    while not budget.spent():
        pass
    return rnd.choice(view["legal"])


def bot_for_bench(game_id: str, level: str = DEFAULT_LEVEL):
    """The strong level thinks its whole budget away; the others are the game's own."""
    return think_hard if level == "strong" else bot_for(game_id, level)


def start_niced_worker(*args) -> None:
    """Readies a bot worker as before the idle policy: niced only (``--worker-policy nice``)."""

    def refused(*_):
        raise PermissionError("the idle policy is left out in this run")

    os.sched_setscheduler = refused
    thinking._start_worker(*args)


def start_apart_worker(*args) -> None:
    """Readies a bot worker in a session of its own whose autogroup is niced to 19
    (``--worker-policy apart``): where the kernel shares the CPU between sessions first
    (autogroups), the worker's thinking is then charged to its own group, not the server's."""
    os.setsid()
    with open("/proc/self/autogroup", "w") as f:
        f.write("19")
    thinking._start_worker(*args)
