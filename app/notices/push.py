"""Web Push, the third channel: the server's VAPID keys and one encrypted notice to one browser.

The payload is encrypted for the browser's keys by pywebpush (RFC 8291, ``aes128gcm``) and
signed with the server's key by py_vapid (RFC 8292); neither is written here. This module
chooses what a notice says, in the subscription's language, and posts it through httpx
behind the same private-address rule as webhooks, to the address that rule checked. The key
pair is made once and kept in the database, so every worker signs with the same key and
browsers' subscriptions stay valid.
"""

from __future__ import annotations

import base64
import json
import re
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from pywebpush import WebPusher
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app import wording
from app.notices.channels import ChannelError, TurnNotice
from app.notices.targets import TargetRefused, resolve
from app.ops.settings import Settings
from app.store.models import PushKeys
from engines.core import Game

PUSH_TIMEOUT = 10.0
#: How long a push service keeps a notice for a phone that is off (seconds): a turn waits that long anyway.
TTL = 24 * 3600
#: The VAPID token's life; RFC 8292 allows at most 24 hours.
TOKEN_LIFE = 12 * 3600
#: A push service answering these has forgotten the subscription (the browser unsubscribed).
GONE = (404, 410)
_SEAT = re.compile(r"\{P(\d)\}")


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    """Returns the bytes of base64url text, padded or not; raises ValueError if it is not base64url."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        raise ValueError("not base64url") from None


def public_point(key: ec.EllipticCurvePrivateKey) -> str:
    """Returns a key's public half as browsers take it (``applicationServerKey``): the uncompressed point."""
    point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return b64url(point)


def new_keys() -> tuple[str, str]:
    """Returns a fresh VAPID key pair: the raw private scalar and the public point, base64url."""
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big")), public_point(key)


def check_subscription(endpoint: str, p256dh: str, auth: str) -> None:
    """Raises ValueError unless the browser's keys are a P-256 point and a 16-byte secret.

    >>> check_subscription("https://push.example/x", b64url(b"\\x04" + bytes(64)), b64url(bytes(16)))
    Traceback (most recent call last):
    ValueError: p256dh is not a P-256 public key
    """
    parts = urlsplit(endpoint)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("the endpoint is not an http(s) address")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(p256dh))
    except ValueError:
        raise ValueError("p256dh is not a P-256 public key") from None
    if len(unb64url(auth)) != 16:
        raise ValueError("auth is not a 16-byte secret")


async def load_keys(sessions: async_sessionmaker[AsyncSession], settings: Settings) -> tuple[str, str]:
    """Returns the server's VAPID key pair: from ``VAPID_PRIVATE_KEY``, else the database's,
    made on the first start (two workers starting at once keep the one that was stored first)."""
    if settings.vapid_private_key:
        return settings.vapid_private_key, public_point(Vapid02.from_string(settings.vapid_private_key).private_key)
    async with sessions() as s:
        row = await s.get(PushKeys, 1)
    if row is None:
        private, public = new_keys()
        try:
            async with sessions.begin() as s:
                s.add(PushKeys(id=1, private_key=private, public_key=public))
        except IntegrityError:
            pass
        async with sessions() as s:
            row = await s.get(PushKeys, 1)
    assert row is not None
    return row.private_key, row.public_key


def seat_names(text: str, names: dict[int, str]) -> str:
    """Returns a line with its seat markers replaced by names.

    >>> seat_names("{P1} bids 5.", {1: "Ana"})
    'Ana bids 5.'
    """
    return _SEAT.sub(lambda m: names.get(int(m.group(1)), m.group(0)), text)


def last_move(game: Game, state: dict, seat: int, names: dict[int, str], lang: str) -> str | None:
    """Returns the newest log line this seat may read that tells what someone did (it names a
    seat), in ``lang`` with the players' names; ``None`` when there is none."""
    lines = game.log_lines(state, seat)
    for line in reversed(lines[-12:]):
        if line.get("key") and any(_SEAT.search(str(v)) for v in line.get("args", {}).values()):
            text = wording.words(game, line["key"], line["args"], lang)
            if text:
                return seat_names(text, names)
    return None


@dataclass(frozen=True)
class Subscription:
    """Where one browser gets its pushes, and the language its page speaks."""

    id: int
    endpoint: str
    p256dh: str
    auth: str
    lang: str


def payload(notice: TurnNotice, lang: str, move: str | None, waiting: int) -> dict:
    """Returns what a device's service worker shows: words in its language, the match to open,
    a tag (a newer notice of the same match replaces the older), and the app badge's count."""
    words = notice.words(lang if lang in ("en", "ru") else "en")
    body = move if move and notice.kind == "turn" else words["body"]
    return {
        "title": words["title"],
        "body": body,
        "url": notice.match_url,
        "match": notice.match_id,
        "tag": f"caravela-{notice.match_id}",
        "badge": waiting,
    }


class Push:
    """Sends notices through the browsers' push services, signed with the server's VAPID key."""

    def __init__(self, settings: Settings, private_key: str, public_key: str):
        self.settings = settings
        self.public_key = public_key
        # Not strict: a server may name itself by an http address (a LAN with no https).
        self.vapid = Vapid02(Vapid02.from_string(private_key).private_key, conf={"no-strict": True})

    def headers(self, endpoint: str, subject: str) -> dict[str, str]:
        """Returns the VAPID Authorization header for one push service (``aud`` is its origin)."""
        parts = urlsplit(endpoint)
        claims = {"aud": f"{parts.scheme}://{parts.netloc}", "exp": int(time.time()) + TOKEN_LIFE, "sub": subject}
        return self.vapid.sign(claims)

    async def send(self, sub: Subscription, message: dict, subject: str) -> bool:
        """Posts one encrypted notice; returns False when the push service has forgotten the
        subscription, True when it took the notice, and raises ChannelError otherwise."""
        try:
            target = await resolve(sub.endpoint, self.settings.push_private)
        except TargetRefused as err:
            raise ChannelError(f"{err.reason} (set CARAVELA_PUSH_PRIVATE=1 to allow)"[:250]) from None
        data = json.dumps(message, ensure_ascii=False).encode()
        keys = {"p256dh": sub.p256dh, "auth": sub.auth}
        body = WebPusher({"endpoint": sub.endpoint, "keys": keys}).encode(data, "aes128gcm")["body"]
        headers = {
            **self.headers(sub.endpoint, subject),
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            "TTL": str(TTL),
            "Urgency": "normal",
        }
        try:
            async with httpx.AsyncClient(timeout=PUSH_TIMEOUT, follow_redirects=False) as client:
                # To the address just checked: the name is not looked up again (DNS rebinding).
                # The VAPID audience and the Host header still name the push service.
                answer = await client.post(
                    target.url,
                    content=body,
                    headers={**headers, "host": target.host},
                    extensions={"sni_hostname": target.name},
                )
        except httpx.HTTPError as err:
            raise ChannelError(f"push: {err.__class__.__name__}: {err}"[:250]) from None
        if answer.status_code in GONE:
            return False
        if not answer.is_success:
            raise ChannelError(f"push answered {answer.status_code}")
        return True
