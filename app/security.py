"""Player tokens: random secrets kept by browsers; the server stores only a hash."""

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


def same_secret(a: str, b: str) -> bool:
    """Compares two secrets in constant time (the admin token)."""
    return hmac.compare_digest(a.encode(), b.encode())


def new_id() -> str:
    """Returns a short random id for a match or player (safe to share in links)."""
    return secrets.token_urlsafe(9)
