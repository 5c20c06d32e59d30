"""Replay: a match's state rebuilt from its seed and its accepted actions.

The action list is the source of truth and the stored state only a cache
(docs/design.md). The admin API replays to any version; at start-up, every match
whose stored state has an older shape than its engine's (``Game.state_format``)
is rebuilt the same way, so upgrading Caravela in the middle of a game loses
no move.
"""

from __future__ import annotations

import logging

from sqlalchemy import select, update

import engines
from app import messages as msg
from app.errors import ServiceError
from app.play.matches import MatchService, game_of
from app.store.models import Match, utcnow

log = logging.getLogger("caravela.replay")


async def replay(service: MatchService, match_id: str, upto: int | None = None) -> tuple[dict, Match]:
    """Returns the state at version ``upto`` (default: the current one) and the match."""
    match, _ = await service.get(match_id)
    if match.state is None:
        raise ServiceError(409, msg.VIEW_NOT_READY)
    upto = match.v if upto is None else upto
    if not 0 <= upto <= match.v:
        raise ServiceError(422, msg.BAD_VERSION.format(v=upto, now=match.v))
    game = game_of(match.game)
    state = game.setup(match.num_seats, match.seed, match.options, seed_format=match.seed_format)
    for act in await service.actions(match_id):
        if act.v > upto:
            break
        state = game.apply_all(state, act.seat, act.played())  # a submit plays its draft first
    return state, match


async def rebuild_stale_states(service: MatchService) -> int:
    """Replays every started match whose stored state an engine no longer reads; returns how many.

    The write is a compare-and-set on ``v``: a worker that starts beside us, or a
    move made meanwhile, can never be overwritten with an older state.
    """
    async with service.sessions() as s:
        rows = (await s.execute(select(Match.id, Match.game, Match.state).where(Match.state.is_not(None)))).all()
    # An open match's state is stored as JSON null, which SQL's IS NOT NULL lets through.
    stale = [
        r.id
        for r in rows
        if r.state is not None and r.game in engines.GAMES and not game_of(r.game).is_current(r.state)
    ]
    rebuilt = 0
    for match_id in stale:
        try:
            state, match = await replay(service, match_id)
        except Exception:  # noqa: BLE001 - one unreadable match must not keep the server down
            log.exception("could not rebuild the state of a match by replay", extra={"match": match_id})
            continue
        async with service.engine.begin() as conn:
            done = await conn.execute(
                update(Match).where(Match.id == match_id, Match.v == match.v).values(state=state, updated_at=utcnow())
            )
        if done.rowcount == 1:
            rebuilt += 1
            log.info("state rebuilt by replay for a new engine format", extra={"match": match_id, "v": match.v})
    return rebuilt
