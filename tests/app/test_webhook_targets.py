"""Webhook targets: only public addresses, every resolved one checked, and called as checked.

A player's webhook is a request the server makes for them; it must not reach inside the
server's network, however the address is written (IPv6 forms that carry an IPv4 address
included) and however its name resolves a second later. SQLite and PostgreSQL for the route.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from app import messages as msg
from app.notices.channels import Channels, TurnNotice
from app.notices.targets import TargetRefused, refusal, resolve
from app.ops.settings import Settings
from tests.conftest import run_async
from tests.helpers import Client

#: What a server on a network with NAT64 or 6to4 connected to, and the other IPv4-in-IPv6 forms.
INSIDE = [
    "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
    "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254, the cloud metadata address
    "64:ff9b:1::a00:1",  # local-use NAT64
    "2002:7f00:1::1",  # 6to4 of 127.0.0.1
    "::127.0.0.1",  # IPv4-compatible
    "::ffff:0:7f00:1",  # IPv4-translated
    "::ffff:127.0.0.1",  # IPv4-mapped
    "::ffff:8.8.8.8",  # mapped, even of a public address: the form is refused
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo
    "127.0.0.1",
    "10.1.2.3",
    "169.254.169.254",
    "100.64.0.1",
    "::1",
    "fd00::1",
    "fe80::1",
    "224.0.0.1",
]
PUBLIC = ["93.184.216.34", "2606:4700:4700::1111"]
NOTICE = TurnNotice("Goa", "Ben", "https://c.example/m/x", "x", 0, 3)


@pytest.mark.parametrize("address", INSIDE)
def test_an_address_inside_or_standing_for_one_is_refused(address):
    assert refusal(ipaddress.ip_address(address)) is not None


@pytest.mark.parametrize("address", PUBLIC)
def test_a_public_address_is_allowed(address):
    assert refusal(ipaddress.ip_address(address)) is None


def fake_dns(monkeypatch, answers: dict[str, list[list[str]]]) -> list[str]:
    """Makes names resolve to the given addresses, one list per lookup; returns the names looked up."""
    asked: list[str] = []
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        name = host.decode() if isinstance(host, bytes) else host
        if name not in answers:
            return real(host, port, *args, **kwargs)
        asked.append(name)
        turn = answers[name][min(asked.count(name), len(answers[name])) - 1]
        family = lambda a: socket.AF_INET6 if ":" in a else socket.AF_INET  # noqa: E731
        return [(family(a), socket.SOCK_STREAM, 6, "", (a, port)) for a in turn]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return asked


def test_every_address_a_name_resolves_to_is_checked(monkeypatch):
    fake_dns(monkeypatch, {"mixed.test": [["93.184.216.34", "64:ff9b::a9fe:a9fe"]]})
    with pytest.raises(TargetRefused) as refused:
        run_async(lambda: resolve("https://mixed.test/hook"))
    assert refused.value.reason.key == msg.WEBHOOK_PRIVATE.key
    assert refused.value.reason.args == {"host": "mixed.test", "address": "64:ff9b::a9fe:a9fe"}


def test_the_webhook_is_called_at_the_address_that_was_checked(monkeypatch):
    """A name that resolves to a public address, then to loopback (DNS rebinding), is called at the first."""
    asked = fake_dns(monkeypatch, {"rebind.test": [["93.184.216.34"], ["127.0.0.1"]]})
    posted: list[tuple[str, dict, dict]] = []

    async def post(self, url, json=None, headers=None, extensions=None, **kwargs):
        posted.append((str(url), dict(headers or {}), dict(extensions or {})))
        return httpx.Response(204)

    monkeypatch.setattr(httpx.AsyncClient, "post", post)
    channels = Channels(Settings.from_env(webhook_private=False))
    run_async(lambda: channels.webhook("https://user:pw@rebind.test:8443/hook?t=1", NOTICE))
    assert asked == ["rebind.test"]  # one lookup, the one that was checked
    url, headers, extensions = posted[0]
    assert url == "https://user:pw@93.184.216.34:8443/hook?t=1"
    assert headers["host"] == "rebind.test:8443" and extensions["sni_hostname"] == "rebind.test"


def test_a_webhook_called_by_its_address_still_names_its_host():
    """Over a real connection: the receiver gets the POST with the name the player wrote."""
    got: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 - http.server's hook name
            self.rfile.read(int(self.headers["content-length"]))
            got.append(self.headers["host"])
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    receiver = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    try:
        port = receiver.server_address[1]
        channels = Channels(Settings.from_env(webhook_private=True))
        run_async(lambda: channels.webhook(f"http://localhost:{port}/hook", NOTICE))
        assert got == [f"localhost:{port}"]
    finally:
        receiver.shutdown()
        receiver.server_close()


@pytest.mark.parametrize(
    "url, key",
    [
        ("http://[64:ff9b::7f00:1]/hook", msg.WEBHOOK_PRIVATE.key),
        ("http://[::ffff:0:7f00:1]:8000/hook", msg.WEBHOOK_PRIVATE.key),
        ("http://127.0.0.1:9/hook", msg.WEBHOOK_PRIVATE.key),
        ("http://localhost/hook", msg.WEBHOOK_PRIVATE.key),
        ("https://no-such-host.invalid/hook", msg.WEBHOOK_NOT_FOUND.key),
    ],
)
def test_a_refused_target_is_refused_when_saved_with_its_reason(server, url, key):
    ana = Client(server.base)
    r = ana.http.put("/api/me/settings", json={"webhook_url": url})
    assert r.status_code == 422 and r.json()["key"] == key, r.text
    assert r.json()["args"]["host"] in url
    assert ana.http.get("/api/me/settings").json()["webhook_url"] is None
