"""Runs bot seats on the server through the same accepted-action path as people.

After every committed version, each bot seat that may act gets a task: wait
a little (so people can follow), check the match is still at that version,
ask the game's bot for an action *from the seat's view only*, and submit it.
Each bot seat plays at its level (the host's choice; ``normal`` for a seat
handed to a bot unless the host chose otherwise), and thinks in a worker
process (app/table/thinking.py), never on the event loop. A bot that raises,
or whose move is refused, is logged with the match and version and replaced
by a random legal move for that turn, so a match never stalls on a bot's bug.
Bot action ids are ``bot-<v>-<seat>-<random>``: nobody can guess one, and two
workers that both run a bot still make one move, because the database accepts
only one version ``v+1`` (compare-and-set on ``v``).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets

import engines
from app.errors import Rejected, ServiceError
from app.events import Event, Moved, SeatsChanged
from app.play.drafts import SeatDraft, own_state
from app.play.hub import keep
from app.play.matches import MatchService
from app.table.thinking import Thinkers, Thought, draw
from engines.bots import DEFAULT_LEVEL, bot_for

log = logging.getLogger("caravela.bots")

#: Delay inside simultaneous steps: nobody can watch a secret draft, so don't make people wait.
SECRET_STEP_DELAY = 0.05


class BotRunner:
    def __init__(self, service: MatchService, delay: float, thinkers: Thinkers | None = None):
        self.service = service
        self.delay = delay
        self.thinkers = thinkers or Thinkers(workers=0, budget_ms=1000)
        #: Per running match: its game and bot seats (fixed once started); dropped when it ends.
        self.bots: dict[str, tuple] = {}
        #: Per running match: the spectator's view at the last version seen (see ``pause``).
        self.public: dict[str, dict] = {}
        self.tasks: set[asyncio.Task] = set()

    def keeps(self, match_id: str) -> bool:
        """Tells whether bots of a match are cached here."""
        return match_id in self.bots or match_id in self.public

    def on_event(self, event: Event) -> None:
        """Hub listener: schedules the bots that may act at a new version."""
        if isinstance(event, SeatsChanged):
            # Seats or status changed (a start, a finish, an abort): read them again next time.
            self.forget(event.match_id)
            return
        if not isinstance(event, Moved) or event.state is None:
            return
        task = asyncio.get_running_loop().create_task(self._schedule(event.match_id, event.v, event.state))
        keep(self.tasks, task, "bot turn", event.match_id)

    async def _schedule(self, match_id: str, v: int, state: dict) -> None:
        if match_id not in self.bots:
            match, seats = await self.service.get(match_id)
            if match.status != "running":
                return
            # A resigned seat is also away: its bot plays it to the end.
            self.bots[match_id] = (engines.get_game(match.game), played_by_bots(seats))
        game, bot_seats = self.bots[match_id]
        to_act = game.to_act(state)
        if not to_act:
            self.forget(match_id)  # game over
            return
        if not bot_seats:
            return  # a table of people: no view computed for bots on the hot path
        pause = self.pause(match_id, game, state)
        ready = sorted(set(bot_seats) & to_act)
        if not ready:
            return
        # One bot moves per version; the version it makes schedules whoever comes next.
        await asyncio.sleep(pause)
        await self._play(match_id, game, ready[0], v)

    def pause(self, match_id: str, game, state: dict) -> float:
        """Returns how long a bot waits before moving at this state.

        After a version that changed nothing public (a step of a secret draft), not at
        all: a pause per step would let every seat count a bot's secret steps by the
        time it takes to submit (Go Goa's starter drafts alone: a secret must not leak by timing). Otherwise
        long enough for people to follow, shorter inside simultaneous steps.
        """
        public = game.view(state, None)
        secret_step = self.public.get(match_id) == public
        self.public[match_id] = public
        if secret_step:
            return 0.0
        return self.delay if len(game.to_act(state)) <= 1 else min(self.delay, SECRET_STEP_DELAY)

    def forget(self, match_id: str) -> None:
        """Drops what is kept of a match that ended or changed its seats."""
        self.bots.pop(match_id, None)
        self.public.pop(match_id, None)

    async def _play(self, match_id: str, game, seat: int, v: int) -> None:
        """Plays one bot move at version ``v``, unless the match has moved on.

        A secret draft is played in memory and sent with the move that ends it, as one
        version: nobody can count its moves, not even by the time they take.
        """
        try:
            match, seats = await self.service.get(match_id)
        except ServiceError:
            self.forget(match_id)
            return
        if match.status != "running" or match.state is None:
            self.forget(match_id)
            return
        if match.v != v or seat not in game.to_act(match.state) or seat not in played_by_bots(seats):
            return  # moved on, or the player took the seat back meanwhile
        where = {"match": match_id, "v": v, "seat": seat}
        # A seat its player left mid-draft goes on from that draft.
        draft = (await self.service.drafts(match_id)).get(seat, SeatDraft()) if game.draft_actions else SeatDraft()
        own, seen = own_state(game, match.state, seat, draft), match.v + draft.d
        bot = bot_for(game.id, played_by_bots(seats)[seat])
        thought = await self.thinkers.think(game.id, own, seat, f"{match.seed}:{v}:{seat}", bot)
        if not await self._still_bots(match_id, seat):
            return  # thinking takes a while: a player who took the seat back meanwhile plays it
        if await self._stands(match_id, seat, seen, thought, where):
            return
        anyhow = random.SystemRandom()
        fallback = draw(game, own, seat, lambda view: anyhow.choice(view["legal"]))
        await self._stands(match_id, seat, seen, fallback, where)

    async def _still_bots(self, match_id: str, seat: int) -> bool:
        """Tells whether a bot still plays the seat of a running match."""
        try:
            match, seats = await self.service.get(match_id)
        except ServiceError:
            return False
        return match.status == "running" and seat in played_by_bots(seats)

    async def _stands(self, match_id: str, seat: int, v: int, thought: Thought, where: dict) -> bool:
        """Submits a thought-out move, or logs why there is none; returns whether a move stands."""
        if thought.problem is not None:
            log.error("a bot gave no move; playing a random legal move instead:\n%s", thought.problem, extra=where)
        if thought.action is None:
            return False
        return await self._submit(match_id, seat, v, thought.action, where, thought.steps)

    async def _submit(self, match_id: str, seat: int, v: int, action: dict, where: dict, steps=()) -> bool:
        """Submits a bot move; returns whether it stands (accepted, or the match moved on)."""
        try:
            action_id = f"bot-{where['v']}-{seat}-{secrets.token_hex(10)}"
            await self.service.accept(match_id, seat, action_id, v, action, steps)
        except Rejected as err:
            log.warning("bot move refused: %s", err.reason, extra=where)
            return err.status != 422  # illegal: try a random legal move; stale: someone moved
        return True

    async def resume(self) -> None:
        """Schedules bots of running matches (after a restart)."""
        for match, _seats in await self.service.list_matches(statuses=("running",), limit=1000):
            self.on_event(Moved(match.id, match.v, match.state))

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        self.thinkers.stop()


def played_by_bots(seats) -> dict[int, str]:
    """Returns the seats a bot plays, each with its level: bot seats, and people's seats marked away.

    An away seat's bot plays at the level the host chose for it, else at the default one.
    """
    return {st.seat: st.level or DEFAULT_LEVEL for st in seats if st.kind == "bot" or st.away}
