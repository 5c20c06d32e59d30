"""Players: a display name, signed in on its first device when it is made.

A new name is written on the player and on every seat they hold, and each of those
matches is told, so every page shows it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import async_sessionmaker

from app.errors import ServiceError
from app.events import SeatsChanged
from app.identity.devices import new_device
from app.identity.security import new_id
from app.ops.text import refusal
from app.store.models import Player, Seat


def shown(name: str) -> None:
    """Refuses (422) a name that would show as nothing, or in another order than written."""
    if why := refusal(name):
        raise ServiceError(422, why)


class Players:
    """Making and renaming players."""

    def __init__(self, sessions: async_sessionmaker, publish: Callable[..., Awaitable[None]]):
        self.sessions = sessions
        self.publish = publish  # the matches' announcements (MatchService.tell)

    async def create(self, name: str, device: str = "Browser") -> tuple[Player, str]:
        """Creates a player signed in on its first device; returns it and that device's token."""
        shown(name)
        player = Player(id=new_id(), name=name.strip())
        first, token = new_device(player.id, device)
        async with self.sessions.begin() as s:
            s.add(player)
            await s.flush()
            s.add(first)
        return player, token

    async def rename(self, player: Player, name: str) -> Player:
        shown(name)
        async with self.sessions.begin() as s:
            await s.execute(update(Player).where(Player.id == player.id).values(name=name.strip()))
            await s.execute(update(Seat).where(Seat.player_id == player.id).values(name=name.strip()))
            seated = (await s.execute(select(Seat.match_id).where(Seat.player_id == player.id))).scalars().all()
        for match_id in set(seated):
            await self.publish(SeatsChanged(match_id))
        player.name = name.strip()
        return player
