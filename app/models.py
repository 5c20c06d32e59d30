"""Database tables (SQLAlchemy 2). The schema itself comes only from migrations/.

The action list is the source of truth of a match; ``Match.state`` is a cache
that replaying the actions from ``Match.seed`` must reproduce.
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class Player(Base):
    """A display name and the hash of the secret token its browser keeps."""

    __tablename__ = "players"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Match(Base):
    """One game being played: options, seed, status, version and the cached state."""

    __tablename__ = "matches"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    seed: Mapped[int] = mapped_column(BigInteger)
    num_seats: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, running, finished, abandoned
    v: Mapped[int] = mapped_column(Integer, default=0)
    state: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    host_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)


class Seat(Base):
    """Who sits at a seat of a match: a player, a bot, or nobody yet."""

    __tablename__ = "seats"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), default="empty")  # empty, player, bot
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True, index=True)
    name: Mapped[str] = mapped_column(String(40), default="")


class Action(Base):
    """An accepted action: version ``v`` of its match. Unique ids make retries harmless."""

    __tablename__ = "actions"
    __table_args__ = (
        UniqueConstraint("match_id", "v", name="uq_actions_match_v"),
        UniqueConstraint("match_id", "action_id", name="uq_actions_match_action_id"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    v: Mapped[int] = mapped_column(Integer)
    action_id: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict] = mapped_column(JSON)
    #: Seats that may act at version ``v`` (decides whether a stale intent still stands).
    to_act: Mapped[list] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
