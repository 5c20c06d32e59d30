"""Sign-in leftovers swept away: passkey challenges never answered, device links never used.

Both are free to make (a challenge needs no player at all), and an expired one is worth
nothing, so every worker deletes them now and then; a spent link goes once its time is up.
Challenges also leave when the next one is made, links when the next link is made, but a
burst followed by silence would otherwise stay in the tables for good.
"""

from __future__ import annotations

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.ops.rounds import Rounds
from app.store.models import DeviceLink, PasskeyChallenge, utcnow

#: Seconds between sweeps: a challenge lives five minutes, a link ten.
SWEEP_EVERY = 300.0


async def purge_expired(sessions: async_sessionmaker[AsyncSession]) -> int:
    """Deletes every expired passkey challenge and device link; returns how many rows went."""
    now = utcnow()
    async with sessions.begin() as s:
        challenges = await s.execute(delete(PasskeyChallenge).where(PasskeyChallenge.expires_at < now))
        links = await s.execute(delete(DeviceLink).where(DeviceLink.expires_at < now))
    return challenges.rowcount + links.rowcount  # type: ignore[attr-defined]


def sweeper(sessions: async_sessionmaker[AsyncSession], every: float = SWEEP_EVERY) -> Rounds:
    """Returns this worker's round of :func:`purge_expired` (started and stopped with the app)."""
    return Rounds("the sign-in sweep", lambda: purge_expired(sessions), every)
