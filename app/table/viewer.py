"""The replay viewer: a finished match as it stood at version N, seen by one seat.

The state is rebuilt from the seed and the action list (``app/table/replay.py``'s rule), then
passed through ``Game.view`` for the asking seat, so a replay can show no more than
that seat saw at that moment (a spectator gets the spectator's view). A finished
match never changes again, so its actions and a state every ``EVERY`` versions are
kept for the next step (people step one version at a time).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from app import messages as msg
from app.errors import ServiceError
from app.play.matches import MatchService, game_of
from app.store.models import Action
from engines import Game

#: A state is kept every this many versions; a step replays at most this many actions.
EVERY = 16
#: Finished matches whose replay is kept in memory (the least recently viewed goes first).
KEPT = 16


@dataclass
class _Replay:
    game: Game
    actions: list[Action]
    states: dict[int, dict] = field(default_factory=dict)  # version -> state, every EVERY


class Replays:
    """States of finished matches at any version, rebuilt by replay and partly remembered."""

    def __init__(self, service: MatchService, kept: int = KEPT):
        self.service = service
        self.kept = kept
        self._cache: OrderedDict[str, _Replay] = OrderedDict()

    async def state_at(self, match_id: str, v: int) -> tuple[dict, int]:
        """Returns the state of a finished match at version ``v`` and its last version.

        Refuses (409) a match that is not finished: a replay is of a game that is over.
        """
        match, _ = await self.service.get(match_id)
        if match.status != "finished" or match.state is None:
            raise ServiceError(409, msg.NOT_FINISHED)
        if not 0 <= v <= match.v:
            raise ServiceError(422, msg.BAD_VERSION.format(v=v, now=match.v))
        rep = self._cache.get(match_id)
        if rep is None:
            game = game_of(match.game)
            rep = _Replay(game, await self.service.actions(match_id))
            rep.states[0] = game.setup(match.num_seats, match.seed, match.options, seed_format=match.seed_format)
            self._cache[match_id] = rep
            while len(self._cache) > self.kept:
                self._cache.popitem(last=False)
        self._cache.move_to_end(match_id)
        start = v - v % EVERY
        while start not in rep.states:  # the nearest kept state at or before v
            start -= EVERY
        state = rep.states[start]
        for act in rep.actions[start:v]:  # actions[i] is version i + 1
            state = rep.game.apply_all(state, act.seat, act.played())
            if act.v % EVERY == 0:
                rep.states.setdefault(act.v, state)
        return state, match.v
