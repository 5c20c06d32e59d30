"""A background job of this worker: one round every few seconds, until the app stops.

A round that fails (the database away for a moment) is logged and the next one runs;
the rows a round works on are its queue, so a restart loses nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("caravela.rounds")


class Rounds:
    """Runs ``round()`` every ``every`` seconds on this worker once started."""

    def __init__(self, what: str, round: Callable[[], Awaitable[object]], every: float):
        self.what, self.round, self.every = what, round, every
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        while True:
            try:
                await self.round()
            except Exception:  # noqa: BLE001 - the database may be away for a moment; try next round
                log.exception("%s failed", self.what)
            await asyncio.sleep(self.every)
