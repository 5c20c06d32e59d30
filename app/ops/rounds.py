"""A background job of this worker: one round every few seconds, until the app stops.

A round that fails (the database away for a moment) is logged and the next one runs;
the rows a round works on are its queue, so a restart loses nothing. Stopping lets the
current round finish, so no transaction is cancelled halfway (its connection would be lost).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("caravela.rounds")

#: Seconds a stopping app waits for the current round before cancelling it.
STOP_WAIT = 5.0


class Rounds:
    """Runs ``round()`` every ``every`` seconds on this worker once started."""

    def __init__(self, what: str, round: Callable[[], Awaitable[object]], every: float):
        self.what, self.round, self.every = what, round, every
        self._task: asyncio.Task | None = None
        self._stopping = asyncio.Event()

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is None:
            return
        self._stopping.set()
        try:
            await asyncio.wait_for(self._task, STOP_WAIT)
        except TimeoutError:
            log.warning("%s did not stop in time; cancelled", self.what)

    async def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                await self.round()
            except Exception:  # noqa: BLE001 - the database may be away for a moment; try next round
                log.exception("%s failed", self.what)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.every)
