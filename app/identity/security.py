"""Tokens: random secrets kept by browsers (the server stores only a hash), and the admin check."""

import hashlib
import hmac
import secrets


def new_token() -> str:
    """Returns a fresh secret token (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """Returns the SHA-256 hex digest stored in place of a token.

    Tokens are random 256-bit values, so a fast hash is enough (no password stretching).
    """
    return hashlib.sha256(token.encode()).hexdigest()


def same_secret(given: str, expected: str) -> bool:
    """Tells whether two secrets are equal, in time that reveals neither their content nor length.

    Both sides are hashed first: ``compare_digest`` is constant-time only for inputs of
    equal length, and the digests always are.
    """
    return hmac.compare_digest(hash_token(given), hash_token(expected))


def new_id() -> str:
    """Returns a short random id for a match or player (safe to share in links)."""
    return secrets.token_urlsafe(9)
