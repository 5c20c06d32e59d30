"""Database tables (SQLAlchemy 2). The schema itself comes only from migrations/.

The action list is the source of truth of a match; ``Match.state`` is a cache
that replaying the actions from ``Match.seed`` (in ``Match.seed_format``) must reproduce.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
    false,
    text,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

from engines.core.rng import SEED_FORMAT


def utcnow() -> datetime:
    return datetime.now(UTC)


class UtcDateTime(TypeDecorator):
    """Returns timestamps as timezone-aware UTC datetimes on every database.

    SQLite has no time zone type: it stores the digits and gives back a naive
    datetime, so values are stored in UTC and marked UTC again when read.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):  # noqa: ANN001
        if value is None:
            return None
        if value.tzinfo is None:  # taken as UTC, like what the database gives back
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)

    def process_result_value(self, value, dialect):  # noqa: ANN001
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    pass


class Player(Base):
    """A display name, and where turn notices go; its tokens belong to its devices."""

    __tablename__ = "players"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    #: Turn notices by e-mail (when the server has SMTP) and to a webhook; ``None`` = off.
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    webhook_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    #: The secret of the unsubscribe link in e-mails: it can only switch e-mail off.
    unsubscribe_key: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    #: The address the player last saved those settings from: links in notices start
    #: with it unless the server knows its public address.
    site_url: Mapped[str | None] = mapped_column(String(300), nullable=True)


class Device(Base):
    """One browser signed in as a player: its token's hash, a name, when it was last seen."""

    __tablename__ = "devices"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    name: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class DeviceLink(Base):
    """A one-time link that signs another browser in: only its hash, good once, for 10 minutes."""

    __tablename__ = "device_links"
    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class Passkey(Base):
    """A WebAuthn credential of a player: its public key and signature counter."""

    __tablename__ = "passkeys"
    id: Mapped[str] = mapped_column(String(255), primary_key=True)  # the credential id, base64url
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(BigInteger, default=0)
    name: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


class PasskeyChallenge(Base):
    """A WebAuthn challenge waiting for its answer (any worker may get it); used once."""

    __tablename__ = "passkey_challenges"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    challenge: Mapped[str] = mapped_column(String(128))  # base64url
    #: The player adding a passkey; ``None`` for a sign-in, where the passkey names the player.
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), nullable=True)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime)


class Match(Base):
    """One game being played: options, seed, status, version and the cached state."""

    __tablename__ = "matches"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    seed: Mapped[int] = mapped_column(BigInteger)
    #: True when an admin chose the seed (never a player): every seat is told so.
    seed_fixed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: How the seed became the generator's state (``engines.core.rng.SEED_FORMAT``): a new match
    #: takes today's; a match stored before the column existed was dealt with format 0 and
    #: replays with it.
    seed_format: Mapped[int] = mapped_column(Integer, default=SEED_FORMAT, server_default=text("0"))
    num_seats: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, running, finished, abandoned
    v: Mapped[int] = mapped_column(Integer, default=0)
    state: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    host_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    #: The host silenced the spectators' chat; seated players always talk.
    spectators_muted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: The time control the host chose: ``None`` (no clock), ``{"kind": "live", "minutes": m,
    #: "increment": s}`` or ``{"kind": "days", "days": d}``.
    clock: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    #: The match this one is a rematch of, and the rematch offered after this one.
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    #: Counts for the ratings when at least two people play; the host may say no before the start.
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    #: When its last move was stored (ratings are updated, and rebuilt, in this order).
    finished_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    #: Lines the service wrote into the match's story (a seat resigned, a clock ran out), each
    #: ``{"after", "key", "args"}``: shown after the game's log line ``after - 1``.
    notes: Mapped[list | None] = mapped_column(JSON, nullable=True)
    #: Why an abandoned match ended: ``cancelled``, ``expired`` or ``abandoned`` (``None``: it did not).
    ended: Mapped[str | None] = mapped_column(String(12), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, onupdate=utcnow)

    def note(self, key: str, **args: object) -> None:
        """Adds a line of the service's to the story, after the game's lines so far (words: app/wording.py)."""
        after = len((self.state or {}).get("log", ()))
        self.notes = [*(self.notes or []), {"after": after, "key": key, "args": args}]  # a new list: a change


class Seat(Base):
    """Who sits at a seat of a match: a player, a bot, or nobody yet."""

    __tablename__ = "seats"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), default="empty")  # empty, player, bot
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True, index=True)
    name: Mapped[str] = mapped_column(String(40), default="")
    #: A bot seat's level ("normal"): each level of each game is one rated identity.
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    #: Live time left on this seat's clock (ms), for a live time control.
    clock_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    #: Since when this seat has had to act, and when its time runs out (``None``: not its turn).
    turn_since: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    deadline_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True, index=True)
    #: Its bot plays for the player until they take the seat back (a deadline passed, or the
    #: host handed the seat over); a resigned seat is played by its bot to the end, ranked last.
    away: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    resigned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: When the seat's player last had a page of the match open.
    last_seen_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    #: A rematch seat offered to the old match's player: pending, accepted or declined.
    offer: Mapped[str | None] = mapped_column(String(12), nullable=True)


class Action(Base):
    """An accepted action: version ``v`` of its match. Unique ids make retries harmless.

    ``action`` is stored in the game's normal form (``Game.normalize_action``), so a
    retry that spells out a default is recognised as the same move.
    """

    __tablename__ = "actions"
    __table_args__ = (
        UniqueConstraint("match_id", "v", name="uq_actions_match_v"),
        # Ids are scoped to the seat: one seat can never take or spoil another's id.
        UniqueConstraint("match_id", "seat", "action_id", name="uq_actions_match_seat_action_id"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    v: Mapped[int] = mapped_column(Integer)
    action_id: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict] = mapped_column(JSON)
    #: Seats that may act at version ``v`` (decides whether a stale intent still stands).
    to_act: Mapped[list] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    #: The seat's secret draft moves this action handed in (``[{id, action, at}]``), played
    #: before ``action``; ``None`` when it ended no draft (see :class:`Draft`).
    steps: Mapped[list | None] = mapped_column(JSON, nullable=True, default=None)

    def played(self) -> list[dict]:
        """Returns what this version applied, in order: the draft it handed in, then its action."""
        return [step["action"] for step in self.steps or ()] + [self.action]


class Draft(Base):
    """A seat's secret draft: its moves since its last other action, outside the public versions.

    ``d`` counts the seat's draft moves in the match, so ``Match.v + d`` is the version of
    what this seat sees (it moves with each of its draft moves and each public version).
    Each step is ``{id, action, at}``: its action id (a retry is answered, not replayed),
    the normalised action, and the seat's version after it. ``handed`` keeps the steps of
    the last draft handed in, so a late retry of one of them still gets its answer.
    """

    __tablename__ = "drafts"
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    d: Mapped[int] = mapped_column(Integer)
    steps: Mapped[list] = mapped_column(JSON, default=list)
    handed: Mapped[list] = mapped_column(JSON, default=list)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class ChatMessage(Base):
    """A line said at a match's table: who (seat, or ``None`` for a spectator), at which version."""

    __tablename__ = "chat_messages"
    __table_args__ = (Index("ix_chat_messages_player_id_created_at", "player_id", "created_at"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    #: The match's version when it was said: a replay shows it from that version on.
    v: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class Notice(Base):
    """A turn notice: one per match, version and seat, sent by the background sender.

    ``status`` is pending until sent (or until it no longer matters: the seat moved,
    or its page was open); ``claimed_until`` is the lease of the worker sending it.
    Each channel's time of success is kept, so a retry never sends a channel twice.
    """

    __tablename__ = "notices"
    __table_args__ = (UniqueConstraint("match_id", "v", "seat", name="uq_notices_match_v_seat"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    v: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    status: Mapped[str] = mapped_column(String(12), default="pending", index=True)  # pending, sent, moot, failed
    due_at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    claimed_until: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    email_sent_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    webhook_sent_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    #: The push subscriptions this notice has reached (or found gone), by id.
    push_done: Mapped[list | None] = mapped_column(JSON, nullable=True)
    last_error: Mapped[str | None] = mapped_column(String(300), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class Rating(Base):
    """A rater's current rating in a game (openskill, Plackett–Luce): derived from ``RatingResult``.

    ``rater`` is a player id, or ``bot:<level>`` for the bots of that level.
    """

    __tablename__ = "ratings"
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    rater: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)


class RatingResult(Base):
    """One rater's result in one rated match: its place and score, and its rating after it."""

    __tablename__ = "rating_results"
    __table_args__ = (
        UniqueConstraint("match_id", "rater", name="uq_rating_results_match_rater"),
        Index("ix_rating_results_game_rater", "game", "rater", "finished_at"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    rater: Mapped[str] = mapped_column(String(32))
    #: The seat the result is read from (a bot level at several seats: its best placed one).
    seat: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    score: Mapped[float | None] = mapped_column(Float, nullable=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[datetime] = mapped_column(UtcDateTime)


class PushKeys(Base):
    """The server's VAPID key pair (one row, ``id`` 1), made on the first start, shared by every worker."""

    __tablename__ = "push_keys"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    #: Base64url: the raw 32-byte private scalar, and the uncompressed public point browsers subscribe with.
    private_key: Mapped[str] = mapped_column(String(100))
    public_key: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class PushSubscription(Base):
    """A browser's Web Push subscription: where its push service takes a device's turn notices.

    It belongs to the device that made it (signing the device out removes it) and keeps
    the language of that device's page, so its notices speak it.
    """

    __tablename__ = "push_subscriptions"
    __table_args__ = (UniqueConstraint("endpoint", name="uq_push_subscriptions_endpoint"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    device_id: Mapped[str] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1000))
    #: The browser's keys (RFC 8291): its P-256 public key and its 16-byte auth secret, base64url.
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(64))
    lang: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
