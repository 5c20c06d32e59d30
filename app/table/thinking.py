"""Where bots think: a few worker processes, so a searching bot never holds up anyone else.

A strong bot spends up to its budget (``CARAVELA_BOT_BUDGET_MS``) of CPU on one move. On the
event loop that second would stall every match this process serves; on a thread it would
still hold the interpreter's lock. So the thinking -- the whole ``draw``, a secret draft
included -- runs in a small process pool, started the first time a bot moves and shut down
with the app. What crosses to a worker is plain data and a bot named by reference: the
game id, the seat's own state, the seat, a seed string and the bot function.

Workers yield the CPU to everything else as fully as the system allows
(``yield_to_the_server``): on Linux they run under the idle policy, so a server woken by a
person's move takes the core at once, and a bot thinks on what the machine leaves over. A
strong bot counts its budget in its own CPU time with a wall-clock bound (``engines.search``),
so a starved worker still answers, only with less search.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import select
import signal
import threading
import time
import traceback
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import NamedTuple

import engines
from app.play.extra_games import register_extra_games
from engines.bots import Bot

log = logging.getLogger("caravela.bots")

#: Draft moves a bot may make before it must end its draft (a random one takes back some).
MAX_DRAFT = 5000
#: How much less eager workers are than the server (``os.nice``) where the idle policy is refused.
WORKER_NICE = 10
#: How many budgets a bot may take before its move is given up (a bot that never answers).
PATIENCE = 10
#: And at least this long (s): a worker may wait behind others' moves.
MIN_PATIENCE = 30.0


class Thought(NamedTuple):
    """A bot's secret draft moves, the move that ends them (``None``: none), and what went wrong."""

    steps: list[dict]
    action: dict | None
    problem: str | None = None


def draw(game, state: dict, seat: int, choose) -> Thought:
    """Plays a seat's secret draft in memory and returns it with the move that ends it.

    ``choose(view)`` picks from the seat's view. A bot that raises, or picks a move the
    rules refuse, gives no move and says why, as does a draft that never ends.

    >>> import engines
    >>> game = engines.get_game("goa")
    >>> draw(game, game.setup(2, 7), 0, lambda view: {"type": "nonsense"}).action is None
    True
    """
    steps: list[dict] = []
    for _ in range(MAX_DRAFT):
        view = game.view(state, seat)
        if not view["legal"]:
            break
        try:
            action = game.normalize_action(choose(view))
            if not game.is_draft(action):
                game.apply(state, seat, action)  # refused here, so the fallback can follow
                return Thought(steps, action)
            state = game.apply(state, seat, action)
        except Exception:  # noqa: BLE001 - a bot's bug must not stall the match
            return Thought(steps, None, traceback.format_exc())
        steps.append(action)
    return Thought(steps, None, "the draft did not end")


def think(game_id: str, state: dict, seat: int, seed: str, bot: Bot) -> Thought:
    """A worker's job: the bot's move at the seat's own state, its choices drawn from ``seed``."""
    chosen = random.Random(seed)
    return draw(engines.get_game(game_id), state, seat, lambda view: bot(view, seat, chosen))


def _start_worker(server: int, extra_games: tuple[str, ...], budget_ms: int) -> None:
    """Readies a worker: the bots' budget, its priority, the games added by name, and its end."""
    # Ctrl-C at a terminal reaches the whole process group: the server stops its workers
    # itself (or ``_end_with`` ends them), so a worker's own KeyboardInterrupt would only
    # print a traceback into the admin's terminal.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ["CARAVELA_BOT_BUDGET_MS"] = str(budget_ms)
    yield_to_the_server()
    register_extra_games(extra_games)
    threading.Thread(target=_end_with, args=(server,), daemon=True, name="end with the server").start()


def yield_to_the_server() -> None:
    """Lets this process run only when nothing else wants the CPU, or else at a lower nice level.

    Linux's ``SCHED_IDLE`` is the weakest claim on a core there is: a waking server preempts
    the worker at once, and any process may take it up unprivileged. Where it is missing or
    refused, the worker is niced by ``WORKER_NICE`` instead. Threads started later inherit it.
    """
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):  # not Linux, or a sandbox that forbids it
        os.nice(WORKER_NICE)


def _end_with(server: int) -> None:
    """Ends this worker once the server process is gone, however it went.

    A worker holds both ends of its own job queue (and the forkserver's "alive" pipe), so a
    server killed before it could stop the pool would leave it waiting for work forever.
    """
    try:
        select.select([os.pidfd_open(server)], [], [])  # readable when the process ends
    except (AttributeError, OSError):  # no pidfd here: look every second
        while True:
            time.sleep(1)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                break
            except PermissionError:
                continue
    os._exit(0)


def default_workers() -> int:
    """One worker per core but one, which stays the server's (at least one)."""
    return max(1, (os.cpu_count() or 2) - 1)


class Thinkers:
    """The pool bots think in: made when first needed, made again if a worker dies."""

    def __init__(self, workers: int, budget_ms: int, extra_games: tuple[str, ...] = ()):
        self.workers = workers or default_workers()
        self.budget_ms = budget_ms
        self.extra_games = extra_games
        self.patience = max(MIN_PATIENCE, PATIENCE * budget_ms / 1000)
        self._pool: Executor | None = None

    def pool(self) -> Executor:
        if self._pool is None:
            # Not fork: the server has threads (the database's, the hub's) a fork could catch mid-lock.
            context = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(
                self.workers,
                context,
                initializer=_start_worker,
                initargs=(os.getpid(), self.extra_games, self.budget_ms),
            )
        return self._pool

    async def think(self, game_id: str, state: dict, seat: int, seed: str, bot: Bot) -> Thought:
        """Returns the bot's move, thought out in a worker; a worker's failure is a problem, not a raise."""
        try:
            job = asyncio.get_running_loop().run_in_executor(self.pool(), think, game_id, state, seat, seed, bot)
            return await asyncio.wait_for(job, self.patience)
        except BrokenProcessPool:
            self.stop()  # a worker died (out of memory, killed): the next move starts a new pool
            return Thought([], None, "a bot worker died")
        except TimeoutError:
            return Thought([], None, f"the bot took longer than {self.patience:.0f} s")
        except Exception as err:  # noqa: BLE001 - a bot that cannot be sent (not picklable) must not stall the match
            return Thought([], None, repr(err))

    def stop(self) -> None:
        """Stops the workers without waiting for thoughts nobody will use."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
