"""A push is posted to the address that was checked, as a webhook is.

The push service's host is resolved once and every address checked; the POST then goes to
that address with the name in the ``Host`` header and for TLS, so a name that resolves
elsewhere a second later (DNS rebinding) cannot steer the server's request inside its network.
"""

from __future__ import annotations

import httpx
import pytest

from app.notices.channels import ChannelError
from app.notices.push import Push, Subscription, new_keys
from app.ops.settings import Settings
from tests.app.push_service import PushService
from tests.app.test_webhook_targets import fake_dns
from tests.conftest import run_async

MESSAGE = {"title": "Your turn in Goa", "body": "Ben bid 3.", "url": "https://c.example/m/x", "match": "x"}


def pusher(push_private: bool) -> Push:
    return Push(Settings.from_env(push_private=push_private), *new_keys())


def a_subscription(service: PushService, name: str) -> Subscription:
    sub = service.subscribe(name)
    return Subscription(1, sub["endpoint"], sub["keys"]["p256dh"], sub["keys"]["auth"], "en")


def test_a_push_is_posted_to_the_address_that_was_checked(monkeypatch):
    """A name that resolves to a public address, then to loopback, is posted to at the first."""
    asked = fake_dns(monkeypatch, {"rebind.test": [["93.184.216.34"], ["127.0.0.1"]]})
    posted: list[tuple[str, dict, dict]] = []

    async def post(self, url, content=None, headers=None, extensions=None, **kwargs):
        posted.append((str(url), dict(headers or {}), dict(extensions or {})))
        return httpx.Response(201)

    monkeypatch.setattr(httpx.AsyncClient, "post", post)
    service = PushService()
    try:
        sub = a_subscription(service, "ana")
    finally:
        service.close()
    sub = Subscription(1, "https://rebind.test:8443/push/ana?x=1", sub.p256dh, sub.auth, "en")
    assert run_async(lambda: pusher(False).send(sub, MESSAGE, "mailto:admin@c.example")) is True
    assert asked == ["rebind.test"]  # one lookup, the one that was checked
    url, headers, extensions = posted[0]
    assert url == "https://93.184.216.34:8443/push/ana?x=1"
    assert headers["host"] == "rebind.test:8443" and extensions["sni_hostname"] == "rebind.test"


def test_a_push_service_on_a_private_address_is_not_called(monkeypatch):
    fake_dns(monkeypatch, {"inside.test": [["10.0.0.7"]]})
    service = PushService()
    try:
        sub = a_subscription(service, "ana")
        sub = Subscription(1, "https://inside.test/push/ana", sub.p256dh, sub.auth, "en")
        with pytest.raises(ChannelError, match="CARAVELA_PUSH_PRIVATE"):
            run_async(lambda: pusher(False).send(sub, MESSAGE, "mailto:admin@c.example"))
    finally:
        service.close()


def test_a_push_by_address_reaches_the_service_signed_for_its_name(monkeypatch):
    """Over a real connection: the service checks the VAPID audience (the endpoint's origin by
    name) and decrypts the notice, though the server connected to the checked address."""
    service = PushService()
    try:
        port = service.server.server_address[1]
        asked = fake_dns(monkeypatch, {"push.test": [["127.0.0.1"]]})
        service.origin = f"http://push.test:{port}"
        sub = a_subscription(service, "ana")
        assert run_async(lambda: pusher(True).send(sub, MESSAGE, "mailto:admin@c.example")) is True
        assert service.problems == [] and service.to("ana") == [MESSAGE]
        assert asked == ["push.test"]
    finally:
        service.close()
