"""Runs bot seats on the server through the same accepted-action path as people.

After every committed version, each bot seat that may act gets a task: wait
a little (so people can follow), check the match is still at that version,
ask the game's bot for an action *from the seat's view only*, and submit it.
The action id is ``bot-<v>-<seat>`` and the bot's randomness is seeded from
the match, so two workers that both run the bot produce the same move and the
database keeps exactly one.
"""

from __future__ import annotations

import asyncio
import logging
import random

import engines
from engines.bots import bot_for

from .matches import MatchService, Rejected, ServiceError

log = logging.getLogger("caravela.bots")

#: Delay inside simultaneous steps: nobody can watch a secret draft, so don't make people wait.
SECRET_STEP_DELAY = 0.05


class BotRunner:
    def __init__(self, service: MatchService, delay: float):
        self.service = service
        self.delay = delay
        #: Per match: its game and bot seats (both fixed once the match has started).
        self.bots: dict[str, tuple] = {}
        self.tasks: set[asyncio.Task] = set()

    def on_event(self, match_id: str, kind: str, v: int, state: dict | None) -> None:
        """Hub listener: schedules the bots that may act at version ``v``."""
        if kind != "state" or state is None:
            return
        task = asyncio.get_running_loop().create_task(self._schedule(match_id, v, state))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _schedule(self, match_id: str, v: int, state: dict) -> None:
        if match_id not in self.bots:
            match, seats = await self.service.get(match_id)
            self.bots[match_id] = (engines.get_game(match.game), {st.seat for st in seats if st.kind == "bot"})
        game, bot_seats = self.bots[match_id]
        to_act = game.to_act(state)
        ready = sorted(bot_seats & to_act)
        if not ready:
            return
        # One bot moves per version; the version it makes schedules whoever comes next.
        await asyncio.sleep(self.delay if len(to_act) <= 1 else min(self.delay, SECRET_STEP_DELAY))
        await self._play(match_id, game, ready[0], v)

    async def _play(self, match_id: str, game, seat: int, v: int) -> None:
        """Plays one bot move at version ``v``, unless the match has moved on."""
        try:
            match, _ = await self.service.get(match_id)
        except ServiceError:
            return
        if match.v != v or match.status != "running" or seat not in game.to_act(match.state):
            return
        view = game.view(match.state, seat)
        rnd = random.Random(f"{match.seed}:{v}:{seat}")
        action = bot_for(game.id)(view, seat, rnd)
        try:
            await self.service.accept(match_id, seat, f"bot-{v}-{seat}", v, action)
        except Rejected as err:
            log.warning("bot move refused: %s", err.reason, extra={"match": match_id, "v": v})

    async def resume(self) -> None:
        """Schedules bots of running matches (after a restart)."""
        for match, _seats in await self.service.list(statuses=("running",), limit=1000):
            self.on_event(match.id, "state", match.v, match.state)

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
