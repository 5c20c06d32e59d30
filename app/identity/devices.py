"""A player's devices: one token per browser, one-time links that sign another browser in.

Every browser a player uses holds its own token, so each can be signed out alone;
the server keeps only hashes. A link for another device is a random code good once,
for ten minutes: redeeming it is one conditional UPDATE, so two browsers (or two
workers) racing for the same code get one device between them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app import messages as msg
from app.errors import ServiceError
from app.identity.security import hash_token, new_id, new_token
from app.store.models import Device, DeviceLink, Player, utcnow

LINK_TTL = timedelta(minutes=10)
#: A device's "last seen" is written at most this often (not on every request).
TOUCH_EVERY = timedelta(minutes=1)

#: Marks in a User-Agent and the names people know them by; the first match wins
#: (Edge and Opera also say "Chrome", Chrome also says "Safari").
BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari"))
SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def device_name(user_agent: str | None) -> str:
    """Returns a name a person recognises their browser by, from its User-Agent.

    >>> device_name("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36")
    'Chrome on Android'
    >>> device_name("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")
    'Firefox on Linux'
    >>> device_name(None)
    'Browser'
    """
    agent = user_agent or ""
    browser = next((name for mark, name in BROWSERS if mark in agent), "Browser")
    system = next((name for mark, name in SYSTEMS if mark in agent), None)
    return f"{browser} on {system}" if system else browser


def new_device(player_id: str, name: str) -> tuple[Device, str]:
    """Returns a new device of a player (not stored yet) and its token, shown only this once."""
    token = new_token()
    now = utcnow()
    device = Device(
        id=new_id(), player_id=player_id, token_hash=hash_token(token), name=name[:80], created_at=now, last_seen_at=now
    )
    return device, token


class Devices:
    """Devices and device links of every player, and the one door from a token to a player."""

    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], revoked: Callable[[str], Awaitable[None]] | None = None
    ):
        self.sessions = sessions
        #: Called with a device id once it is signed out, to close its sockets everywhere.
        self.revoked = revoked

    async def sign_in(self, token: str | None) -> tuple[Player, Device] | None:
        """Returns the player and device of a token, or ``None`` when it is unknown or signed out."""
        if not token:
            return None
        async with self.sessions() as s:
            row = (
                await s.execute(
                    select(Player, Device)
                    .join(Device, Device.player_id == Player.id)
                    .where(Device.token_hash == hash_token(token))
                )
            ).one_or_none()
            if row is None:
                return None
            player, device = row
            now = utcnow()
            if now - device.last_seen_at >= TOUCH_EVERY:
                await s.execute(update(Device).where(Device.id == device.id).values(last_seen_at=now))
                await s.commit()
                device.last_seen_at = now
        return player, device

    async def touch(self, device_id: str) -> None:
        """Stamps a device as seen now (a move over its socket), unless it was within ``TOUCH_EVERY``."""
        now = utcnow()
        async with self.sessions.begin() as s:
            await s.execute(
                update(Device)
                .where(Device.id == device_id, Device.last_seen_at < now - TOUCH_EVERY)
                .values(last_seen_at=now)
            )

    async def list(self, player_id: str) -> list[Device]:
        """Returns a player's devices, the most recently seen first."""
        async with self.sessions() as s:
            q = select(Device).where(Device.player_id == player_id).order_by(Device.last_seen_at.desc())
            return list((await s.execute(q)).scalars().all())

    async def rename(self, player_id: str, device_id: str, name: str) -> Device:
        """Gives one of a player's devices the name its person knows it by ("Ana's work laptop")."""
        async with self.sessions.begin() as s:
            device = await s.get(Device, device_id)
            if device is None or device.player_id != player_id:
                raise ServiceError(404, msg.UNKNOWN_DEVICE)
            device.name = name.strip()[:80]
        return device

    async def revoke(self, player_id: str, device_id: str) -> None:
        """Signs a device out at once: its token stops working and its sockets close."""
        async with self.sessions.begin() as s:
            gone = await s.execute(
                delete(Device).where(Device.id == device_id, Device.player_id == player_id).returning(Device.id)
            )
            found = gone.scalar_one_or_none()
        if found is None:
            raise ServiceError(404, msg.UNKNOWN_DEVICE)
        if self.revoked is not None:
            await self.revoked(device_id)

    async def new_link(self, player_id: str) -> tuple[str, datetime]:
        """Returns a fresh one-time code for another device and when it expires."""
        code = new_token()
        expires = utcnow() + LINK_TTL
        async with self.sessions.begin() as s:
            # Spent and expired links of anyone are worth nothing: sweep them here.
            await s.execute(delete(DeviceLink).where(DeviceLink.expires_at < utcnow() - LINK_TTL))
            s.add(DeviceLink(code_hash=hash_token(code), player_id=player_id, expires_at=expires))
        return code, expires

    @staticmethod
    async def _why_not(s: AsyncSession, code: str) -> str:
        """Returns why a code signs nobody in: used already, expired, or unknown (an old one is deleted)."""
        link = await s.get(DeviceLink, hash_token(code))
        if link is not None and link.used_at is not None:
            return msg.LINK_USED
        if link is not None:
            return msg.LINK_EXPIRED.format(minutes=round(LINK_TTL.total_seconds() / 60))
        return msg.LINK_USED_OR_EXPIRED

    async def redeem(self, code: str, name: str) -> tuple[Player, Device, str]:
        """Spends a one-time code: returns its player, the new device and that device's token."""
        now = utcnow()
        async with self.sessions.begin() as s:
            spent = await s.execute(
                update(DeviceLink)
                .where(
                    DeviceLink.code_hash == hash_token(code), DeviceLink.used_at.is_(None), DeviceLink.expires_at > now
                )
                .values(used_at=now)
                .returning(DeviceLink.player_id)
            )
            player_id = spent.scalar_one_or_none()
            if player_id is None:
                raise ServiceError(410, await self._why_not(s, code))
            player = await s.get(Player, player_id)
            if player is None:
                raise ServiceError(410, msg.LINK_USED_OR_EXPIRED)
            device, token = new_device(player_id, name)
            s.add(device)
        return player, device, token
