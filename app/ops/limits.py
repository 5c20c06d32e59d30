"""How often one client address may do the things a stranger on the internet could abuse.

Creating players, asking for passkey challenges, trying device-link codes and chatting are
open to anyone (or to any fresh anonymous player), so a per-player limit alone stops nobody:
each of these also counts per address, the browser's own behind a trusted proxy
(``app/ops/links.py``). An IPv6 client counts by its /64 network, the block one home or one
server gets, or a single machine could hop addresses for ever.

The counts live in this worker's memory, as sliding windows: with several workers a client
may get up to that many times the limit, which still bounds a burst. A refusal is a ``429``
whose ``Retry-After`` says when the oldest counted request leaves the window.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import deque
from dataclasses import dataclass

from app import messages as msg
from app.errors import ServiceError

#: A sweep of empty windows runs after this many hits, so old addresses do not pile up.
SWEEP_EVERY = 10_000


@dataclass(frozen=True)
class Limit:
    """At most ``count`` requests in any ``seconds``."""

    count: int
    seconds: float

    @classmethod
    def parse(cls, text: str, name: str) -> Limit:
        """Reads ``COUNT/SECONDS`` (``20/3600``: twenty an hour), or raises ValueError naming the setting.

        >>> Limit.parse("20/3600", "X")
        Limit(count=20, seconds=3600.0)
        >>> Limit.parse("many", "X")
        Traceback (most recent call last):
        ValueError: X must look like COUNT/SECONDS (20/3600: twenty an hour), not 'many'.
        """
        count, _, seconds = text.partition("/")
        try:
            limit = cls(int(count), float(seconds))
        except ValueError:
            limit = cls(0, 0.0)
        if limit.count < 1 or not 0 < limit.seconds < math.inf:
            raise ValueError(f"{name} must look like COUNT/SECONDS (20/3600: twenty an hour), not {text!r}.")
        return limit


#: The defaults: a family at one address makes a few players, a table chats freely.
PLAYERS = Limit(20, 3600.0)
PASSKEYS = Limit(30, 600.0)
LINKS = Limit(20, 600.0)
CHAT = Limit(20, 10.0)


class Limited(ServiceError):
    """A request over its address's limit: ``429``, and ``Retry-After`` seconds to wait."""

    def __init__(self, retry_after: int):
        super().__init__(429, msg.TOO_MANY_REQUESTS.format(seconds=retry_after))
        self.retry_after = retry_after


def address_key(address: str) -> str:
    """Returns what an address counts as: itself, or for IPv6 its /64 network.

    >>> address_key("203.0.113.9"), address_key("2001:db8:1:2:aaaa::1"), address_key("::ffff:192.0.2.1")
    ('203.0.113.9', '2001:db8:1:2::/64', '192.0.2.1')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Limits:
    """This worker's sliding windows, one per (kind, address)."""

    def __init__(self, limits: dict[str, Limit], clock=time.monotonic):
        self.limits = limits
        self.clock = clock
        self._hits: dict[tuple[str, str], deque[float]] = {}
        self._since_sweep = 0

    def hit(self, kind: str, address: str) -> None:
        """Counts one request of ``kind`` from ``address``, or raises :class:`Limited` when over."""
        limit = self.limits[kind]
        now = self.clock()
        key = (kind, address_key(address))
        window = self._hits.setdefault(key, deque())
        while window and window[0] <= now - limit.seconds:
            window.popleft()
        if len(window) >= limit.count:
            raise Limited(max(1, math.ceil(window[0] + limit.seconds - now)))
        window.append(now)
        self._since_sweep += 1
        if self._since_sweep >= SWEEP_EVERY:
            self._sweep(now)

    def _sweep(self, now: float) -> None:
        self._since_sweep = 0
        for key in [k for k, w in self._hits.items() if not w or w[-1] <= now - self.limits[k[0]].seconds]:
            del self._hits[key]
