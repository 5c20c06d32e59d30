"""One address for a server on this machine: ``localhost``, never also ``127.0.0.1``.

A browser keeps who you are per address, so ``http://127.0.0.1:8000`` and
``http://localhost:8000`` are two strangers: the other one shows your own match as a
spectator. Passkeys work on ``localhost`` only (never on an IP address), so that is the one.
A server started on loopback (``python -m app``, no ``--lan``, no ``PUBLIC_URL``) sends a
page opened at ``127.0.0.1`` or ``[::1]`` to the same path on ``localhost``. The API and the
sockets are never redirected (scripts and tests keep their address), nor is a request that
came through a proxy (its headers say so): behind one, ``PUBLIC_URL`` names the address.
"""

from __future__ import annotations

from collections.abc import Awaitable

from app.ops.inputs import ASGIApp, Receive, Scope, Send

CANONICAL = "localhost"
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")
#: Literal loopback addresses a page is sent away from.
OTHERS = ("127.0.0.1", "[::1]")
NOT_PAGES = ("/api/", "/ws/", "/healthz", "/docs", "/redoc", "/openapi.json")
PROXIED = (b"forwarded", b"x-forwarded-for", b"x-forwarded-host", b"x-forwarded-proto")


def canonical_host(host: str, lan: bool, public_url: str) -> str:
    """Returns the one local name a server listening on ``host`` answers pages at, or ``""``.

    >>> canonical_host("127.0.0.1", False, ""), canonical_host("0.0.0.0", True, ""), canonical_host("127.0.0.1", False, "https://x.org")
    ('localhost', '', '')
    """
    return CANONICAL if host in LOOPBACK_HOSTS and not lan and not public_url else ""


def other_address(host_header: str) -> str | None:
    """Returns the port part (``":8000"`` or ``""``) of a Host naming loopback by number, else ``None``.

    >>> other_address("127.0.0.1:8000"), other_address("[::1]:80"), other_address("localhost:8000")
    (':8000', ':80', None)
    """
    for other in OTHERS:
        if host_header == other or host_header.startswith(other + ":"):
            return host_header[len(other) :]
    return None


class CanonicalHost:
    """Redirects a page asked for at ``127.0.0.1``/``[::1]`` to ``localhost`` (same port, path and query)."""

    def __init__(self, app: ASGIApp, host: str):
        self.app = app
        self.host = host

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # Not a coroutine when it passes: a socket's session would keep this layer's frame for its whole life.
        if self.host and scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            headers = dict(scope["headers"])
            port = other_address(headers.get(b"host", b"").decode("latin-1"))
            path: str = scope["path"]
            if port is not None and not path.startswith(NOT_PAGES) and not any(h in headers for h in PROXIED):
                query = scope.get("query_string", b"").decode("latin-1")
                return _redirect(send, f"http://{self.host}{port}{path}{'?' + query if query else ''}")
        return self.app(scope, receive, send)


async def _redirect(send: Send, location: str) -> None:
    # 308 keeps the method; the browser keeps the #fragment (a device link) across it.
    await send({"type": "http.response.start", "status": 308, "headers": [(b"location", location.encode())]})
    await send({"type": "http.response.body", "body": b""})
