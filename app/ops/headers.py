"""Security headers on every HTTP answer: what a browser may load, frame or leak from our pages.

The policy allows scripts from this server's own files only (no inline script, no
``eval``), so an injected ``<script>`` or ``onclick=`` does nothing; no site may frame the
pages (clickjacking); and no page address (which may hold a match or device link) leaks
in a Referer. HSTS is sent only over https, and never for localhost or an IP address:
HSTS pins a whole host, every port, so it would break other http servers on that machine.
An answer that carries a token or a link code also says ``Cache-Control: no-store``
(``NO_STORE`` in ``app/routes/deps.py``), so no cache on the way or in the browser keeps it.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable

from app.ops.inputs import ASGIApp, Message, Receive, Scope, Send

# Inline styles stay allowed: renderers set colours through the style attribute, and a
# style cannot run code. Sockets are 'self' too (CSP 3: ws/wss of the page's own host).
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# /docs and /redoc serve their viewers from this server (app/routes/docs.py): the same policy,
# and ReDoc's search runs in a worker it makes from a blob.
DOCS_POLICY = PAGE_POLICY + "; worker-src 'self' blob:"
DOCS_PATHS = ("/docs", "/redoc")
HSTS = "max-age=31536000"

COMMON = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),  # frame-ancestors' older twin, for older browsers
    (b"cross-origin-opener-policy", b"same-origin"),
)


def policy_for(path: str) -> str:
    """Returns the Content-Security-Policy for a path.

    >>> policy_for("/m/abc") == PAGE_POLICY and policy_for("/docs/oauth2-redirect") == DOCS_POLICY
    True
    """
    return DOCS_POLICY if any(path == p or path.startswith(p + "/") for p in DOCS_PATHS) else PAGE_POLICY


def pins_host(host_header: str) -> bool:
    """Tells whether HSTS may be sent for a Host: a real name, not localhost nor an address.

    >>> [pins_host(h) for h in ("games.example.org", "localhost:8443", "127.0.0.1", "[::1]:443")]
    [True, False, False, False]
    """
    host = host_header.rsplit(":", 1)[0] if not host_header.endswith("]") else host_header
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost") or not host:
        return False
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return True
    return False


class SecurityHeaders:
    """ASGI middleware: adds the headers above to every HTTP answer that does not set them itself."""

    def __init__(self, app: ASGIApp):
        self.app = app

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # Not a coroutine for a socket: its session would keep this layer's frame for its whole life.
        return self._http(scope, receive, send) if scope["type"] == "http" else self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        extra = [*COMMON, (b"content-security-policy", policy_for(scope.get("path", "")).encode())]
        if scope.get("scheme") == "https":
            host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), "")
            if pins_host(host):
                extra.append((b"strict-transport-security", HSTS.encode()))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in extra if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
