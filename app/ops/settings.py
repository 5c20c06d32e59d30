"""Configuration read from the environment once, when the app is built.

Every value has a default that runs the whole product on one machine:
an embedded SQLite file and no admin API until ``ADMIN_TOKEN`` is set.
A set admin token must be long and random except in the test suite (``CARAVELA_ENV=test``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.ops.limits import CHAT, LINKS, PASSKEYS, PLAYERS, Limit
from app.ops.links import LOOPBACK, allowed_hosts, allowed_networks, public_url

PLACEHOLDER_TOKENS = {"changeme", "change-me", "admin", "secret", "password"}
MIN_ADMIN_TOKEN = 32


class SettingsError(ValueError):
    """A configuration the server refuses to start with; the message says what to set."""


def async_url(url: str) -> str:
    """Returns a database URL with the async driver this app uses.

    >>> async_url("postgresql://u@h/db")
    'postgresql+asyncpg://u@h/db'
    >>> async_url("sqlite:///x.db")
    'sqlite+aiosqlite:///x.db'
    """
    for plain, driver in (
        ("postgres://", "postgresql+asyncpg://"),
        ("postgresql://", "postgresql+asyncpg://"),
        ("postgresql+psycopg://", "postgresql+asyncpg://"),
        ("sqlite://", "sqlite+aiosqlite://"),
    ):
        if url.startswith(plain):
            return driver + url[len(plain) :]
    return url


def number(env: Mapping[str, str], name: str, kind: type[int] | type[float], default: float) -> Any:
    """Returns the non-negative number in ``env[name]`` (or ``default``); a bad one is a SettingsError."""
    text = env.get(name)
    if text is None:
        return default
    try:
        value = kind(text)
    except ValueError:
        value = -1
    if not value >= 0:  # also refuses NaN
        raise SettingsError(f"{name} must be a non-negative {kind.__name__}, not {text!r}.")
    return value


@dataclass(frozen=True)
class Settings:
    """What the service needs to know about its surroundings."""

    database_url: str = "sqlite+aiosqlite:///./caravela.db"
    admin_token: str = ""
    env: str = "dev"
    bot_delay: float = 0.6
    #: What a searching bot may spend on one move (ms of CPU), in the bots' worker processes.
    bot_budget_ms: int = 1000
    #: How many worker processes bots think in (0: one per core but one, at least one).
    bot_workers: int = 0
    max_frame_bytes: int = 16_384
    max_frames_per_second: int = 20
    extra_games: tuple[str, ...] = field(default_factory=tuple)
    log_level: str = "INFO"
    #: The address people open (``https://games.example.org``); every absolute link uses it (app/ops/links.py).
    public_url: str = ""
    #: The one name pages answer at on a loopback server (``localhost``; app/ops/canonical.py), set by
    #: ``python -m app`` when it serves on loopback without ``--lan`` or ``PUBLIC_URL``; empty: no redirect.
    canonical_host: str = ""
    #: Peers whose X-Forwarded-*/Forwarded headers are believed: addresses, networks, or ``*``.
    forwarded_allow_ips: tuple[str, ...] = LOOPBACK
    #: Host names (or addresses) besides loopback and PUBLIC_URL's that the page may be opened at.
    allowed_hosts: tuple[str, ...] = ()
    #: Turn notices by e-mail: ``smtp://user:pass@host:587`` (``smtp+starttls://``, ``smtps://``); empty = no e-mail.
    smtp_url: str = ""
    mail_from: str = ""
    #: Seconds a seat's turn waits before its notice goes out, so a live table is not spammed.
    notice_delay: float = 120.0
    #: Seconds between the sender's rounds, and before the first retry of a failed channel (then doubling).
    notice_every: float = 5.0
    notice_retry: float = 30.0
    #: Webhooks to private or loopback addresses (a LAN's own ntfy); off, so no player can reach inside.
    webhook_private: bool = False
    #: Web Push: a VAPID private key (base64url, raw or DER) instead of the one made on the
    #: first start and kept in the database; the contact push services see (``mailto:`` or
    #: ``https:``), else PUBLIC_URL; push endpoints on private or loopback addresses (tests, a LAN relay).
    vapid_private_key: str = ""
    vapid_subject: str = ""
    push_private: bool = False
    #: Days an open lobby waits for its start before it expires (abandoned, it leaves every list),
    #: and seconds between sweeps.
    lobby_expiry_days: float = 7.0
    lobby_sweep_every: float = 300.0
    #: Clocks: every time control runs this many times its nominal length (tests shorten it).
    clock_scale: float = 1.0
    #: Seconds between the deadline sweeper's rounds.
    clock_every: float = 1.0
    #: Seconds offline after which the host may hand a seat to its bot: live (and untimed) tables, over days.
    away_after_live: float = 300.0
    away_after_days: float = 86_400.0
    #: Per client address (app/ops/limits.py): new players, passkey challenges, device-link codes tried, chat lines.
    limit_players: Limit = PLAYERS
    limit_passkeys: Limit = PASSKEYS
    limit_links: Limit = LINKS
    limit_chat: Limit = CHAT

    @property
    def limits(self) -> dict[str, Limit]:
        """Each per-address limit by the kind of request it counts."""
        return {
            "players": self.limit_players,
            "passkeys": self.limit_passkeys,
            "links": self.limit_links,
            "chat": self.limit_chat,
        }

    @property
    def is_postgres(self) -> bool:
        return self.database_url.startswith("postgresql")

    @classmethod
    def from_env(cls, **overrides: Any) -> Settings:
        """Builds settings from ``CARAVELA_*``/``DATABASE_URL``/``ADMIN_TOKEN``, then overrides."""
        env = os.environ
        values: dict[str, Any] = dict(
            database_url=async_url(env.get("DATABASE_URL", cls.database_url)),
            admin_token=env.get("ADMIN_TOKEN", ""),
            env=env.get("CARAVELA_ENV", "dev"),
            bot_delay=number(env, "CARAVELA_BOT_DELAY", float, cls.bot_delay),
            bot_budget_ms=number(env, "CARAVELA_BOT_BUDGET_MS", int, cls.bot_budget_ms),
            bot_workers=number(env, "CARAVELA_BOT_WORKERS", int, cls.bot_workers),
            max_frame_bytes=number(env, "CARAVELA_MAX_FRAME_BYTES", int, cls.max_frame_bytes),
            max_frames_per_second=number(env, "CARAVELA_MAX_FRAMES_PER_SECOND", int, cls.max_frames_per_second),
            extra_games=tuple(g for g in env.get("CARAVELA_EXTRA_GAMES", "").split(",") if g),
            log_level=env.get("CARAVELA_LOG_LEVEL", "INFO"),
            public_url=env.get("PUBLIC_URL", ""),
            canonical_host=env.get("CARAVELA_CANONICAL_HOST", ""),
            forwarded_allow_ips=env.get("FORWARDED_ALLOW_IPS", ",".join(LOOPBACK)),
            allowed_hosts=env.get("ALLOWED_HOSTS", ""),
            smtp_url=env.get("SMTP_URL", ""),
            mail_from=env.get("MAIL_FROM", ""),
            notice_delay=number(env, "CARAVELA_NOTICE_DELAY", float, cls.notice_delay),
            notice_every=number(env, "CARAVELA_NOTICE_EVERY", float, cls.notice_every),
            notice_retry=number(env, "CARAVELA_NOTICE_RETRY", float, cls.notice_retry),
            webhook_private=env.get("CARAVELA_WEBHOOK_PRIVATE", "") == "1",
            vapid_private_key=env.get("VAPID_PRIVATE_KEY", ""),
            vapid_subject=env.get("VAPID_SUBJECT", ""),
            push_private=env.get("CARAVELA_PUSH_PRIVATE", "") == "1",
            lobby_expiry_days=number(env, "CARAVELA_LOBBY_EXPIRY_DAYS", float, cls.lobby_expiry_days),
            lobby_sweep_every=number(env, "CARAVELA_LOBBY_SWEEP_EVERY", float, cls.lobby_sweep_every),
            clock_scale=number(env, "CARAVELA_CLOCK_SCALE", float, cls.clock_scale),
            clock_every=number(env, "CARAVELA_CLOCK_EVERY", float, cls.clock_every),
            away_after_live=number(env, "CARAVELA_AWAY_AFTER_LIVE", float, cls.away_after_live),
            away_after_days=number(env, "CARAVELA_AWAY_AFTER_DAYS", float, cls.away_after_days),
        )
        for kind in ("players", "passkeys", "links", "chat"):
            name = f"CARAVELA_LIMIT_{kind.upper()}"
            if name in env:
                values[f"limit_{kind}"] = env[name]
        values.update(overrides)
        if "database_url" in overrides:
            values["database_url"] = async_url(values["database_url"])
        try:
            values["public_url"] = public_url(values["public_url"]) if values["public_url"] else ""
            if isinstance(values["forwarded_allow_ips"], str):
                values["forwarded_allow_ips"] = allowed_networks(values["forwarded_allow_ips"])
            if isinstance(values["allowed_hosts"], str):
                values["allowed_hosts"] = allowed_hosts(values["allowed_hosts"])
            for kind in ("players", "passkeys", "links", "chat"):
                if isinstance(values.get(f"limit_{kind}"), str):
                    values[f"limit_{kind}"] = Limit.parse(values[f"limit_{kind}"], f"CARAVELA_LIMIT_{kind.upper()}")
        except ValueError as err:
            raise SettingsError(str(err)) from None
        settings = cls(**values)
        settings.check()
        return settings

    def check(self) -> None:
        """Raises :class:`SettingsError` for a guessable admin token (any env but ``test``)."""
        token = self.admin_token
        if not token or self.env == "test":
            return
        if token.lower() in PLACEHOLDER_TOKENS or len(token) < MIN_ADMIN_TOKEN:
            raise SettingsError(
                f"ADMIN_TOKEN must be at least {MIN_ADMIN_TOKEN} random characters, not a placeholder "
                f"(it has {len(token)}). Make one with: python3 -c 'import secrets; print(secrets.token_urlsafe(32))' "
                "or unset ADMIN_TOKEN to turn the admin API off."
            )
