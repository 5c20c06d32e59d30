"""Passkeys (WebAuthn): a player adds one, then signs in with it on any device.

The ``webauthn`` library checks every signature; this module keeps the credentials and
the challenges. A challenge is stored (any worker may get the answer), lives five
minutes and is spent by a conditional DELETE before its answer is checked, so it answers
once: no answer is accepted twice, and a wrong one leaves nothing to try again. Passkeys
are discoverable (resident), so signing in needs no name: the passkey names its player.
The relying party is the page's own host, which must be a secure context (https, or
localhost for tests and development).
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

import webauthn
from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from app import messages as msg
from app.errors import ServiceError
from app.identity.devices import new_device
from app.identity.security import new_id
from app.store.models import Device, Passkey, PasskeyChallenge, Player, utcnow

CHALLENGE_TTL = timedelta(minutes=5)
#: What the library raises for an answer it cannot read or that does not verify.
UNREADABLE = (WebAuthnException, ValueError, KeyError, TypeError, AttributeError, IndexError)
RP_NAME = "Caravela"


def relying_party(origin: str) -> str:
    """Returns the WebAuthn relying party id of a page's origin, refusing one that is not secure.

    >>> relying_party("https://games.example.org")
    'games.example.org'
    >>> relying_party("http://localhost:8000")
    'localhost'
    >>> relying_party("http://192.168.1.20:8000")
    Traceback (most recent call last):
    app.errors.ServiceError: Passkeys work only on a secure page (https or localhost).
    """
    parts = urlsplit(origin)
    host = parts.hostname or ""
    if parts.scheme != "https" and host != "localhost":
        raise ServiceError(422, msg.PASSKEYS_NEED_SECURE_PAGE)
    return host


def passkeys_work_at(page: str, public: bool) -> str | None:
    """Returns the origin where passkeys work for a page opened at ``page``, or ``None`` if nowhere.

    The page's own origin when it can (https, or localhost); a page at a loopback number
    (``127.0.0.1``), unless a ``PUBLIC_URL`` names the address (``public``), works at
    ``localhost`` on the same port; a LAN address over http works nowhere.

    >>> passkeys_work_at("http://127.0.0.1:8000", False), passkeys_work_at("http://192.168.1.20:8000", True)
    ('http://localhost:8000', None)
    >>> passkeys_work_at("https://games.example.org", True)
    'https://games.example.org'
    """
    try:
        relying_party(page)
        return page
    except ServiceError:
        parts = urlsplit(page)
        if public or parts.hostname not in ("127.0.0.1", "::1"):
            return None
        return f"http://localhost{f':{parts.port}' if parts.port else ''}"


class Passkeys:
    """Every player's passkeys and the challenges waiting for an answer."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]):
        self.sessions = sessions

    async def _challenge(self, challenge: bytes, player_id: str | None) -> str:
        challenge_id = new_id()
        async with self.sessions.begin() as s:
            await s.execute(delete(PasskeyChallenge).where(PasskeyChallenge.expires_at < utcnow()))
            s.add(
                PasskeyChallenge(
                    id=challenge_id,
                    challenge=bytes_to_base64url(challenge),
                    player_id=player_id,
                    expires_at=utcnow() + CHALLENGE_TTL,
                )
            )
        return challenge_id

    async def _spend(self, challenge_id: str, player_id: str | None) -> bytes:
        """Spends a challenge (once, before it expires) and returns it; else a 410 ServiceError.

        Committed on its own, before the answer is checked: a wrong answer spends it too,
        so nobody gets a second try on the same challenge.
        """
        async with self.sessions.begin() as s:
            spent = await s.execute(
                delete(PasskeyChallenge)
                .where(
                    PasskeyChallenge.id == challenge_id,
                    PasskeyChallenge.expires_at > utcnow(),
                    PasskeyChallenge.player_id.is_(None)
                    if player_id is None
                    else PasskeyChallenge.player_id == player_id,
                )
                .returning(PasskeyChallenge.challenge)
            )
        challenge = spent.scalar_one_or_none()
        if challenge is None:
            # A spent challenge is gone (deleted); one still here has expired (or is another player's).
            async with self.sessions() as s:
                still_here = await s.get(PasskeyChallenge, challenge_id)
            if still_here is None:
                raise ServiceError(410, msg.PASSKEY_REPLAYED)
            raise ServiceError(410, msg.PASSKEY_FAILED.format(why="the request expired; try again."))
        return webauthn.base64url_to_bytes(challenge)

    async def registration_options(self, player: Player, origin: str) -> dict[str, Any]:
        """Returns ``{challenge_id, options}`` for ``navigator.credentials.create`` (as JSON)."""
        rp_id = relying_party(origin)
        async with self.sessions() as s:
            known = (await s.execute(select(Passkey.id).where(Passkey.player_id == player.id))).scalars().all()
        options = webauthn.generate_registration_options(
            rp_id=rp_id,
            rp_name=RP_NAME,
            user_id=player.id.encode(),
            user_name=player.name,
            user_display_name=player.name,
            exclude_credentials=[PublicKeyCredentialDescriptor(id=webauthn.base64url_to_bytes(k)) for k in known],
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED
            ),
        )
        challenge_id = await self._challenge(options.challenge, player.id)
        return {"challenge_id": challenge_id, "options": json.loads(webauthn.options_to_json(options))}

    async def register(self, player: Player, challenge_id: str, credential: dict, origin: str, name: str) -> Passkey:
        """Checks a new passkey's answer and keeps its public key."""
        rp_id = relying_party(origin)
        challenge = await self._spend(challenge_id, player.id)
        async with self.sessions.begin() as s:
            try:
                verified = webauthn.verify_registration_response(
                    credential=credential, expected_challenge=challenge, expected_rp_id=rp_id, expected_origin=origin
                )
            except UNREADABLE as err:
                raise ServiceError(422, msg.PASSKEY_FAILED.format(why=str(err)[:200])) from None
            passkey = Passkey(
                id=bytes_to_base64url(verified.credential_id),
                player_id=player.id,
                public_key=verified.credential_public_key,
                sign_count=verified.sign_count,
                name=name[:80],
                created_at=utcnow(),
            )
            s.add(passkey)
        return passkey

    async def sign_in_options(self, origin: str) -> dict[str, Any]:
        """Returns ``{challenge_id, options}`` for ``navigator.credentials.get`` (any passkey of this site)."""
        options = webauthn.generate_authentication_options(
            rp_id=relying_party(origin), user_verification=UserVerificationRequirement.PREFERRED
        )
        challenge_id = await self._challenge(options.challenge, None)
        return {"challenge_id": challenge_id, "options": json.loads(webauthn.options_to_json(options))}

    async def sign_in(
        self, challenge_id: str, credential: dict, origin: str, device: str
    ) -> tuple[Player, Device, str]:
        """Checks a passkey's answer; returns its player, a new device and that device's token."""
        rp_id = relying_party(origin)
        challenge = await self._spend(challenge_id, None)
        async with self.sessions.begin() as s:
            passkey = await s.get(Passkey, str(credential.get("id", ""))[:255])
            if passkey is None:
                raise ServiceError(401, msg.PASSKEY_UNKNOWN)
            try:
                verified = webauthn.verify_authentication_response(
                    credential=credential,
                    expected_challenge=challenge,
                    expected_rp_id=rp_id,
                    expected_origin=origin,
                    credential_public_key=passkey.public_key,
                    credential_current_sign_count=passkey.sign_count,
                )
            except UNREADABLE as err:
                raise ServiceError(401, msg.PASSKEY_FAILED.format(why=str(err)[:200])) from None
            await s.execute(
                update(Passkey)
                .where(Passkey.id == passkey.id)
                .values(sign_count=verified.new_sign_count, last_used_at=utcnow())
            )
            player = await s.get(Player, passkey.player_id)
            if player is None:
                raise ServiceError(401, msg.PASSKEY_UNKNOWN)
            added, token = new_device(player.id, device)
            s.add(added)
        return player, added, token

    async def list(self, player_id: str) -> list[Passkey]:
        async with self.sessions() as s:
            q = select(Passkey).where(Passkey.player_id == player_id).order_by(Passkey.created_at)
            return list((await s.execute(q)).scalars().all())

    async def remove(self, player_id: str, passkey_id: str) -> None:
        async with self.sessions.begin() as s:
            gone = await s.execute(
                delete(Passkey).where(Passkey.id == passkey_id, Passkey.player_id == player_id).returning(Passkey.id)
            )
            if gone.scalar_one_or_none() is None:
                raise ServiceError(404, msg.UNKNOWN_PASSKEY)
