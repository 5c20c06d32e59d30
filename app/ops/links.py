"""Absolute links, and the request as the browser made it, behind a proxy or not.

Every absolute link the server makes (invite links, device links, e-mail links) comes from
:func:`absolute`: ``PUBLIC_URL`` when it is set, else the scheme and host the browser used.
Behind a reverse proxy the browser's scheme, host and address arrive in ``X-Forwarded-Proto``,
``X-Forwarded-Host`` and ``X-Forwarded-For`` (or one RFC 7239 ``Forwarded`` header);
:class:`ForwardedHeaders` believes them only from a peer in ``FORWARDED_ALLOW_IPS`` (default:
loopback), and rewrites the ASGI scope so ``request.url`` and ``request.client`` are the
browser's own. Anyone else could send those headers to forge links or hide their address.

A link sent to someone other than the caller (an e-mail, a webhook) should come from
:func:`configured_base`: a Host header is the caller's to choose, so an attacker could
otherwise mail a victim a link to the attacker's site.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Awaitable, Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection

from app.ops.inputs import ASGIApp, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

LOOPBACK = ("127.0.0.1", "::1")
DEFAULT_PORTS = {"http": 80, "https": 443}
# A host as a Host header may carry it: a name, an IPv4 address or a bracketed IPv6 one, a port.
_HOST = re.compile(r"^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$", re.I)


# ---- settings ------------------------------------------------------------------------------


def public_url(text: str) -> str:
    """Returns ``PUBLIC_URL`` checked and without its trailing slash, or raises ValueError.

    >>> public_url("https://games.example.org/")
    'https://games.example.org'
    >>> public_url("games.example.org")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: PUBLIC_URL must look like https://games.example.org (...), not 'games.example.org'.
    """
    parts = urlsplit(text.strip())
    if (
        parts.scheme not in DEFAULT_PORTS
        or not parts.netloc
        or not _HOST.match(parts.netloc)
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
    ):
        raise ValueError(
            f"PUBLIC_URL must look like https://games.example.org (a scheme and a host, no path), not {text!r}."
        )
    return f"{parts.scheme}://{parts.netloc.lower()}"


def allowed_networks(text: str) -> tuple[str, ...]:
    """Returns ``FORWARDED_ALLOW_IPS`` as a tuple of addresses or networks (``*``: any), or raises ValueError.

    >>> allowed_networks("127.0.0.1, 10.0.0.0/8")
    ('127.0.0.1', '10.0.0.0/8')
    >>> allowed_networks("*")
    ('*',)
    """
    items = tuple(item.strip() for item in text.split(",") if item.strip())
    for item in items:
        if item != "*":
            try:
                ipaddress.ip_network(item, strict=False)
            except ValueError:
                raise ValueError(
                    f"FORWARDED_ALLOW_IPS holds {item!r}, which is no address or network "
                    "(write e.g. 127.0.0.1,10.0.0.0/8, or * for any)."
                ) from None
    return items


def is_trusted(address: str | None, allowed: Iterable[str]) -> bool:
    """Tells whether a peer's address is one whose forwarded headers we believe.

    >>> is_trusted("10.1.2.3", ("127.0.0.1", "10.0.0.0/8"))
    True
    >>> is_trusted("192.0.2.7", ("127.0.0.1",))
    False
    """
    allowed = tuple(allowed)
    if "*" in allowed:
        return True
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    return any(ip in ipaddress.ip_network(net, strict=False) for net in allowed)


# ---- the forwarded headers -----------------------------------------------------------------


def _first(value: str) -> str:
    return value.split(",")[0].strip()


def _forwarded(header: str) -> list[dict[str, str]]:
    """Returns the elements of an RFC 7239 ``Forwarded`` header, nearest the browser first.

    >>> _forwarded('for="[2001:db8::1]:4711";proto=https;host=games.example.org, for=10.0.0.2')
    [{'for': '2001:db8::1', 'proto': 'https', 'host': 'games.example.org'}, {'for': '10.0.0.2'}]
    """
    elements = []
    for element in header.split(","):
        pairs: dict[str, str] = {}
        for pair in element.split(";"):
            key, _, value = pair.strip().partition("=")
            value = value.strip().strip('"')
            if key.lower() == "for":  # an address may carry a port: 1.2.3.4:80 or [v6]:80
                value = value[1:].split("]")[0] if value.startswith("[") else value.split(":")[0]
            if key:
                pairs[key.lower()] = value
        elements.append(pairs)
    return elements


def _real_client(chain: list[str], peer: str, allowed: tuple[str, ...]) -> str:
    """Returns the address the chain of proxies saw first, walking back from ours.

    The last untrusted address is the browser: any entry before it may be forged by the browser.

    >>> _real_client(["203.0.113.9", "10.0.0.2"], "127.0.0.1", ("127.0.0.1", "10.0.0.0/8"))
    '203.0.113.9'
    >>> _real_client(["6.6.6.6", "203.0.113.9"], "127.0.0.1", ("127.0.0.1",))
    '203.0.113.9'
    """
    address = peer
    for hop in reversed(chain):
        if not is_trusted(address, allowed):
            break
        address = hop
    return address


def forwarded_view(headers: dict[str, str], peer: str, allowed: tuple[str, ...]) -> tuple[str | None, str | None, str]:
    """Returns the browser's (scheme, host, address) from a trusted proxy's headers; None where not said.

    ``X-Forwarded-*`` (what Caddy, nginx and Traefik send) wins; ``Forwarded`` is read only
    without them, so a header the proxy does not set cannot slip past it.

    >>> forwarded_view({"x-forwarded-proto": "https", "x-forwarded-host": "games.example.org",
    ...                 "x-forwarded-for": "203.0.113.9"}, "127.0.0.1", LOOPBACK)
    ('https', 'games.example.org', '203.0.113.9')
    >>> forwarded_view({"forwarded": "for=203.0.113.9;proto=https"}, "::1", LOOPBACK)
    ('https', None, '203.0.113.9')
    """
    if any(name in headers for name in ("x-forwarded-proto", "x-forwarded-host", "x-forwarded-for")):
        proto, host = headers.get("x-forwarded-proto"), headers.get("x-forwarded-host")
        chain = [hop.strip() for hop in headers.get("x-forwarded-for", "").split(",") if hop.strip()]
        return (_first(proto) if proto else None, _first(host) if host else None, _real_client(chain, peer, allowed))
    if "forwarded" in headers:
        elements = _forwarded(headers["forwarded"])
        chain = [e["for"] for e in elements if e.get("for")]
        return elements[0].get("proto"), elements[0].get("host"), _real_client(chain, peer, allowed)
    return None, None, peer


class ForwardedHeaders:
    """ASGI middleware: behind a trusted proxy, the scope says what the browser asked for.

    Rewrites ``scheme`` (http/https, ws/wss), the ``host`` header and ``client``; from any
    other peer the scope is left as it came. Uvicorn's own proxy handling is turned off
    (``app/__main__.py``) so that this is the one place that decides.
    """

    def __init__(self, app: ASGIApp, allowed: tuple[str, ...] = LOOPBACK):
        self.app = app
        self.allowed = allowed

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # Not a coroutine: a socket's session would keep this layer's frame for its whole life.
        if scope["type"] in ("http", "websocket"):
            peer = (scope.get("client") or (None,))[0]
            if is_trusted(peer, self.allowed):
                self._rewrite(scope, peer or "")
        return self.app(scope, receive, send)

    def _rewrite(self, scope: Scope, peer: str) -> None:
        # In place, as uvicorn's own proxy middleware does: its access log reads this same scope.
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        proto, host, client = forwarded_view(headers, peer, self.allowed)
        if proto and proto.lower() in DEFAULT_PORTS:
            secure = proto.lower() == "https"
            scope["scheme"] = ("wss" if secure else "ws") if scope["type"] == "websocket" else proto.lower()
        if host and _HOST.match(host):
            scope["headers"] = [(k, v) for k, v in scope["headers"] if k.lower() != b"host"]
            scope["headers"].append((b"host", host.encode("latin-1")))
        if client != peer:
            scope["client"] = (client, 0)


# ---- links ---------------------------------------------------------------------------------


def _settings(conn: HTTPConnection) -> Any:
    return conn.app.state.settings


def configured_base(settings: Any) -> str | None:
    """Returns ``PUBLIC_URL`` (no trailing slash), or None when the server was not told its address."""
    return settings.public_url or None


def request_base(conn: HTTPConnection) -> str:
    """Returns ``scheme://host[:port]`` as the browser made this request (http/https, also for a socket)."""
    scheme = {"ws": "http", "wss": "https"}.get(conn.url.scheme, conn.url.scheme)
    host = conn.headers.get("host", "")
    if not _HOST.match(host):
        server = conn.scope.get("server") or ("localhost", DEFAULT_PORTS.get(scheme, 80))
        host = f"{server[0]}:{server[1]}"
    return origin(f"{scheme}://{host}")


def public_base(conn: HTTPConnection) -> str:
    """Returns the base of every absolute link: ``PUBLIC_URL``, else the request's own scheme and host."""
    return configured_base(_settings(conn)) or request_base(conn)


def absolute(conn: HTTPConnection, path: str) -> str:
    """Returns the absolute link to ``path`` (which starts with ``/``) on this server."""
    if not path.startswith("/") or path.startswith("//"):
        raise ValueError(f"absolute() takes a path on this server, not {path!r}")
    return public_base(conn) + path


def invite_url(conn: HTTPConnection, match_id: str) -> str:
    """Returns the link that opens a match's page, for friends to join it."""
    return absolute(conn, f"/m/{match_id}")


def client_address(conn: HTTPConnection) -> str:
    """Returns the browser's address (behind a trusted proxy, the one the proxy saw), for logs and limits."""
    return conn.client.host if conn.client else "unknown"


# ---- origins -------------------------------------------------------------------------------


def origin(url: str) -> str:
    """Returns the origin of a URL as a browser writes it in an ``Origin`` header.

    >>> origin("https://Games.Example.org:443/m/abc")
    'https://games.example.org'
    >>> origin("http://192.168.1.20:8000")
    'http://192.168.1.20:8000'
    """
    parts = urlsplit(url)
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    try:
        port = parts.port
    except ValueError:
        port = None
    shown = f":{port}" if port and port != DEFAULT_PORTS.get(scheme) else ""
    return f"{scheme}://{host}{shown}"


def allowed_hosts(text: str) -> tuple[str, ...]:
    """Returns ``ALLOWED_HOSTS`` as lower-case names or addresses (``*``: any), or raises ValueError.

    >>> allowed_hosts("Games.Example.org, 192.168.1.20,[::1]")
    ('games.example.org', '192.168.1.20', '::1')
    """
    items = tuple(item.strip().lower().strip("[]") for item in text.split(",") if item.strip())
    for item in items:
        if item != "*" and not _HOST.match(item if ":" not in item else f"[{item}]"):
            raise ValueError(f"ALLOWED_HOSTS holds {item!r}, which is no host name or address (no scheme, no port).")
    return items


def is_known_host(conn: HTTPConnection) -> bool:
    """Tells whether this request's host is one this server answers to as itself.

    A ``Host`` header is the caller's to choose, and a page of another site whose name
    was pointed at this machine (DNS rebinding) sends that site's name: so only loopback
    names, ``PUBLIC_URL``'s host (``--lan`` makes its address that) and ``ALLOWED_HOSTS`` count.
    """
    name = (urlsplit(request_base(conn)).hostname or "").lower()
    settings = _settings(conn)
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        if ipaddress.ip_address(name).is_loopback:
            return True
    except ValueError:
        pass
    configured = configured_base(settings)
    if configured and urlsplit(configured).hostname == name:
        return True
    return "*" in settings.allowed_hosts or name in settings.allowed_hosts


def is_own_origin(conn: HTTPConnection, given: str) -> bool:
    """Tells whether an ``Origin`` header names this server: as ``PUBLIC_URL``, or as this request
    reached it when that host is a known one (:func:`is_known_host`)."""
    own = {request_base(conn)} if is_known_host(conn) else set()
    if configured := configured_base(_settings(conn)):
        own.add(origin(configured))
    return origin(given) in own if given.lower() != "null" else False
