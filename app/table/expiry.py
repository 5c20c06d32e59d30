"""Open lobbies that nobody starts expire: abandoned, they leave every list.

The days count from the lobby's last change (``updated_at``: created, a join, a leave, a bot
added or removed), so a lobby people are still gathering in stays.

Every worker sweeps now and then. The rows to expire are claimed with ``FOR UPDATE SKIP
LOCKED`` on PostgreSQL, and the write itself only moves a match that is still open, so
with several workers each lobby is expired exactly once (and its tables told once).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from sqlalchemy import select, update

from app.events import SeatsChanged
from app.ops.rounds import Rounds
from app.ops.settings import Settings
from app.play.matches import MatchService
from app.store.models import Match, utcnow

log = logging.getLogger("caravela.expiry")

#: Lobbies expired per transaction; a sweep repeats until none is left.
BATCH = 50


class LobbyExpiry:
    """This worker's sweeper of old open lobbies."""

    def __init__(self, service: MatchService, settings: Settings):
        self.service = service
        self.age = timedelta(days=settings.lobby_expiry_days)
        self.rounds = Rounds("the lobby sweep", self.sweep, settings.lobby_sweep_every)

    async def sweep(self) -> list[str]:
        """Expires every open lobby unchanged for longer than the limit; returns the ids this worker expired."""
        expired: list[str] = []
        while batch := await self._expire_batch():
            expired += batch
        return expired

    async def _expire_batch(self) -> list[str]:
        now = utcnow()
        old = (Match.status == "open", Match.updated_at < now - self.age)
        async with self.service.sessions.begin() as s:
            ids = (
                (
                    await s.execute(
                        select(Match.id)
                        .where(*old)
                        .order_by(Match.updated_at)
                        .limit(BATCH)
                        .with_for_update(skip_locked=True)
                    )
                )
                .scalars()
                .all()
            )
            if not ids:
                return []
            done = await s.execute(
                update(Match)
                .where(Match.id.in_(ids), *old)
                .values(status="abandoned", ended="expired", updated_at=now)
                .returning(Match.id)
            )
            expired = sorted(done.scalars().all())
        for match_id in expired:
            log.info("lobby expired", extra={"match": match_id})
            await self.service.publish(SeatsChanged(match_id))
        return expired
