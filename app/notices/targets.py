"""Where a player's webhook may point: a public address, checked, and connected to as checked.

A webhook is a request the server makes for a player, so without care a player could make it
reach inside the server's own network (a database's admin page, the cloud metadata address).
Every address the host resolves to must be public; IPv6 forms that carry an IPv4 address
inside them (IPv4-mapped and -compatible, NAT64, 6to4, Teredo) are refused whatever they
carry, since a NAT64 or 6to4 gateway on the server's network would turn them into that IPv4
address. The request then goes to the checked address itself, with the host's name in the
``Host`` header and for TLS, so a name that resolves differently a second later (DNS
rebinding) cannot steer it elsewhere.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

from app import messages as msg

IP = ipaddress.IPv4Address | ipaddress.IPv6Address

#: IPv6 networks whose addresses stand for an IPv4 address (or a tunnel to one).
EMBEDS_IPV4 = tuple(
    ipaddress.ip_network(net)
    for net in (
        "::ffff:0:0/96",  # IPv4-mapped
        "::/96",  # IPv4-compatible (deprecated)
        "::ffff:0:0:0/96",  # IPv4-translated (SIIT)
        "64:ff9b::/96",  # NAT64, well-known prefix
        "64:ff9b:1::/48",  # NAT64, local use
        "2002::/16",  # 6to4
        "2001::/32",  # Teredo
    )
)


class TargetRefused(ValueError):
    """A webhook target the server will not call; ``reason`` says why, in a player's words."""

    def __init__(self, reason: msg.Message):
        super().__init__(reason)
        self.reason = reason


def refusal(ip: IP) -> str | None:
    """Returns why an address may not be called (None when it is a public one).

    >>> refusal(ipaddress.ip_address("93.184.216.34")) is None
    True
    >>> refusal(ipaddress.ip_address("64:ff9b::a9fe:a9fe"))
    'an IPv6 address that carries an IPv4 one'
    >>> refusal(ipaddress.ip_address("10.0.0.1"))
    'a private address'
    """
    if isinstance(ip, ipaddress.IPv6Address) and any(ip in net for net in EMBEDS_IPV4):
        return "an IPv6 address that carries an IPv4 one"
    if ip.is_multicast or not ip.is_global:
        return "a private address"
    return None


@dataclass(frozen=True)
class Target:
    """A checked webhook: the address to connect to, and the URL and headers that reach it."""

    url: str  # the webhook's URL with the checked address in place of its host name
    host: str  # the Host header: the name (and port) as the player wrote it
    name: str  # the name the TLS certificate must carry


async def resolve(url: str, allow_private: bool = False) -> Target:
    """Resolves a webhook's host, checks every address, and returns a :class:`Target` for one of them."""
    parts = urlsplit(url)
    name = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(name, port, type=socket.SOCK_STREAM)
    except OSError:
        raise TargetRefused(msg.WEBHOOK_NOT_FOUND.format(host=name)) from None
    addresses = [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in infos]
    if not addresses:
        raise TargetRefused(msg.WEBHOOK_NOT_FOUND.format(host=name))
    if not allow_private:
        for ip in addresses:
            if refusal(ip):
                raise TargetRefused(msg.WEBHOOK_PRIVATE.format(host=name, address=str(ip)))
    chosen = addresses[0]
    userinfo, _, hostport = parts.netloc.rpartition("@")
    netloc = f"[{chosen}]" if chosen.version == 6 else str(chosen)
    netloc = (f"{userinfo}@" if userinfo else "") + netloc + (f":{parts.port}" if parts.port else "")
    return Target(urlunsplit(parts._replace(netloc=netloc)), hostport, name)
