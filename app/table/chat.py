"""Chat at the table: plain text said by a seated player or a spectator, kept with the match.

A message is stored first, then announced through the hub as a ``chat`` event whose
version is the message id (a negative id: that message was deleted; 0: only the mute
changed), so every worker's sockets read it from the database and send one ``chat``
frame. Each message keeps the match version it was said at, so a replay shows it from
then on. Text is never interpreted: clients show it with ``textContent``.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete, func, select, update

from app import messages as msg
from app.errors import ServiceError
from app.events import ChatChanged
from app.ops.inputs import BadInput, check_text
from app.ops.limits import Limits
from app.ops.text import refusal
from app.play import protocol as P
from app.play.matches import MatchService
from app.play.opening import OPENING, as_dict
from app.store.models import ChatMessage, Match, Player, utcnow

#: The longest message, in characters.
MAX_CHARS = 500
#: A player may send ``BURST`` messages in any ``WINDOW`` (on every match together).
BURST = 5
WINDOW = timedelta(seconds=10)


def clean(text: str) -> str:
    """Returns the text to keep (trimmed), or raises a keyed 422 when it is empty, too long or unstorable.

    >>> clean("  hello ")
    'hello'
    """
    said = text.strip()
    if not said or len(said) > MAX_CHARS:
        raise ServiceError(422, msg.CHAT_EMPTY.format(limit=MAX_CHARS))
    try:
        check_text(said, "text")
    except BadInput:
        raise ServiceError(422, msg.BAD_CHARACTER) from None
    if why := refusal(said):
        raise ServiceError(422, why)
    return said


class Chat:
    """Saying, reading, muting and deleting chat messages; ``publish`` is the hub's."""

    def __init__(self, service: MatchService, publish, limits: Limits):
        self.service = service
        self.publish = publish  # async (match_id, kind, v, state) -> None
        self.limits = limits  # per client address, beside the per-player BURST

    async def say(self, match_id: str, player: Player | None, text: str, address: str) -> dict:
        """Stores a message of ``player`` (at client ``address``) at this match and announces it; returns it."""
        if player is None:
            raise ServiceError(401, msg.CHAT_NEEDS_PLAYER)
        said = clean(text)
        # Fresh anonymous players are free to make: each has its own BURST, the address has one.
        self.limits.hit("chat", address)
        async with self.service.sessions.begin() as s:
            match, seats = await self.service.load(s, match_id)
            seat = next((st.seat for st in seats if st.player_id == player.id), None)
            if seat is None and match.spectators_muted:
                raise ServiceError(403, msg.CHAT_MUTED)
            recent = (
                await s.execute(
                    select(func.count())
                    .select_from(ChatMessage)
                    .where(ChatMessage.player_id == player.id, ChatMessage.created_at > utcnow() - WINDOW)
                )
            ).scalar_one()
            if recent >= BURST:
                raise ServiceError(429, msg.CHAT_TOO_FAST)
            # The name as it is now: a socket's player was read when it opened.
            name = (await s.execute(select(Player.name).where(Player.id == player.id))).scalar() or player.name
            message = ChatMessage(
                match_id=match_id, v=match.v, seat=seat, player_id=player.id, name=name, text=said, created_at=utcnow()
            )
            s.add(message)
        await self.publish(ChatChanged(match_id, message.id))
        return as_dict(message)

    async def read(self, match_id: str, upto: int | None = None, limit: int = OPENING) -> list[dict]:
        """Returns the latest ``limit`` messages said at or before version ``upto``, oldest first."""
        q = select(ChatMessage).where(ChatMessage.match_id == match_id)
        if upto is not None:
            q = q.where(ChatMessage.v <= upto)
        async with self.service.sessions() as s:
            rows = (await s.execute(q.order_by(ChatMessage.id.desc()).limit(limit))).scalars().all()
        return [as_dict(m) for m in reversed(rows)]

    async def muted(self, match_id: str) -> bool:
        async with self.service.sessions() as s:
            return bool((await s.execute(select(Match.spectators_muted).where(Match.id == match_id))).scalar())

    async def mute(self, match_id: str, player: Player, muted: bool) -> bool:
        """Host only: silences (or frees) the spectators' chat; returns the new setting."""
        match, _ = await self.service.get(match_id)
        if match.host_id != player.id:
            raise ServiceError(403, msg.NOT_HOST)
        async with self.service.sessions.begin() as s:
            await s.execute(update(Match).where(Match.id == match_id).values(spectators_muted=muted))
        await self.publish(ChatChanged(match_id, 0))
        return muted

    async def delete(self, message_id: int) -> None:
        """Admin: removes a message everywhere, open sockets included."""
        async with self.service.sessions.begin() as s:
            match_id = (
                await s.execute(select(ChatMessage.match_id).where(ChatMessage.id == message_id))
            ).scalar_one_or_none()
            if match_id is None:
                raise ServiceError(404, msg.UNKNOWN_CHAT)
            await s.execute(delete(ChatMessage).where(ChatMessage.id == message_id))
        await self.publish(ChatChanged(match_id, -message_id))

    async def frame(self, match_id: str, event: int) -> P.ChatFrame:
        """Returns the ``chat`` frame of a hub event (see the module's doc)."""
        said: list[dict] = []
        if event > 0:
            async with self.service.sessions() as s:
                found = await s.get(ChatMessage, event)
            said = [as_dict(found)] if found is not None else []
        return P.chat_frame(said, await self.muted(match_id), deleted=[-event] if event < 0 else [])
