"""At the table: the address a phone on the same Wi-Fi opens, and a QR code of it in the terminal.

``python -m app serve --lan`` listens on every interface and makes this address the server's
``PUBLIC_URL`` (unless one is set), so invite links copied on the host's own machine, which
says 127.0.0.1, work on the phones too.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from typing import TextIO

import segno

# Any routable address will do: connecting a UDP socket sends nothing, it only picks the
# interface (and so the address) the machine would use to get there.
_PROBE = ("10.255.255.255", 1)


def reachable(address: str) -> bool:
    """Tells whether another machine could reach this address (not loopback, unset or link-local).

    >>> [reachable(a) for a in ("192.168.1.20", "127.0.1.1", "0.0.0.0", "169.254.3.4")]
    [True, False, False, False]
    """
    ip = ipaddress.ip_address(address)
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)


def lan_address() -> str | None:
    """Returns this machine's address on its local network, or None when it has none."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(_PROBE)
        if reachable(address := probe.getsockname()[0]):
            return address
    # No route out (a Wi-Fi without internet, say): the addresses the machine's name has.
    with contextlib.suppress(OSError):
        return next((a for a in socket.gethostbyname_ex(socket.gethostname())[2] if reachable(a)), None)
    return None


def lan_url(port: int) -> str | None:
    """Returns ``http://<lan address>:<port>``, or None when the machine is on no network."""
    address = lan_address()
    return f"http://{address}:{port}" if address else None


def lan_host(url: str) -> str:
    """Returns the address in a :func:`lan_url`.

    >>> lan_host("http://192.168.1.20:8000")
    '192.168.1.20'
    """
    return url.split("//", 1)[1].rsplit(":", 1)[0]


def print_for_phones(url: str, out: TextIO) -> None:
    """Prints the address for phones, a QR code of it, and what works without HTTPS."""
    print(f"On this network, open {url} on a phone, or scan:", file=out)
    segno.make(url, error="m").terminal(out=out, compact=True)
    print(
        "Plain http on a LAN: passkeys need HTTPS, so sign other devices in with a one-time device link.",
        file=out,
        flush=True,
    )
