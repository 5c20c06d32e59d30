"""Absolute links: PUBLIC_URL first, else the request as the browser made it.

Forwarded headers count only from a peer in FORWARDED_ALLOW_IPS; from anyone else they
are ignored, or anyone could forge an invite link or hide their address.
"""

from __future__ import annotations

import json

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from app import messages as msg
from app.ops.links import ForwardedHeaders, absolute, client_address, is_own_origin
from app.ops.settings import Settings, SettingsError
from tests.conftest import ThreadServer, fresh_sqlite_database, run_async
from tests.helpers import Client

PROXY = {"x-forwarded-proto": "https", "x-forwarded-host": "games.example.org", "x-forwarded-for": "203.0.113.9"}


def echo_app(public_url: str = "", allowed: tuple[str, ...] = ("127.0.0.1", "::1"), hosts: tuple[str, ...] = ()):
    """A bare app that answers what app/ops/links.py makes of a request."""

    async def echo(request: Request) -> JSONResponse:
        return JSONResponse(
            {
                "link": absolute(request, "/m/abc"),
                "client": client_address(request),
                "own": is_own_origin(request, request.headers.get("x-test-origin", "")),
            }
        )

    app = Starlette(routes=[Route("/", echo)])
    app.state.settings = Settings(public_url=public_url, forwarded_allow_ips=allowed, allowed_hosts=hosts)
    return ForwardedHeaders(app, allowed=allowed)


def ask(app, peer: str, headers: dict[str, str] | None = None, base: str = "http://127.0.0.1:8000") -> dict:
    transport = httpx.ASGITransport(app=app, client=(peer, 50000))

    async def go() -> dict:
        async with httpx.AsyncClient(transport=transport, base_url=base) as client:
            return (await client.get("/", headers=headers or {})).json()

    return run_async(go)  # in a thread of its own: the browser tests may keep a loop running here


def test_link_without_public_url_is_the_address_the_browser_used():
    got = ask(echo_app(), "192.168.1.30", base="http://192.168.1.20:8000")
    assert got == {"link": "http://192.168.1.20:8000/m/abc", "client": "192.168.1.30", "own": False}


def test_public_url_wins_over_the_request_and_the_proxy():
    got = ask(echo_app(public_url="https://games.example.org"), "127.0.0.1", {**PROXY, "x-forwarded-host": "x.test"})
    assert got["link"] == "https://games.example.org/m/abc"


def test_forwarded_headers_from_a_trusted_proxy_make_the_link_and_the_client():
    got = ask(echo_app(), "127.0.0.1", PROXY)
    assert got["link"] == "https://games.example.org/m/abc" and got["client"] == "203.0.113.9"


def test_forwarded_headers_from_an_untrusted_peer_are_ignored():
    got = ask(echo_app(), "198.51.100.4", PROXY)
    assert got["link"] == "http://127.0.0.1:8000/m/abc" and got["client"] == "198.51.100.4"


def test_a_proxy_network_in_forwarded_allow_ips_is_trusted():
    got = ask(echo_app(allowed=("10.0.0.0/8",)), "10.4.0.2", PROXY)
    assert got["link"] == "https://games.example.org/m/abc"
    assert ask(echo_app(allowed=("10.0.0.0/8",)), "127.0.0.1", PROXY)["link"].startswith("http://127.0.0.1")


def test_rfc7239_forwarded_header_is_read_when_no_x_forwarded_header_is_sent():
    got = ask(echo_app(), "::1", {"forwarded": 'for="[2001:db8::7]:4711";proto=https;host=play.example.net'})
    assert got == {"link": "https://play.example.net/m/abc", "client": "2001:db8::7", "own": False}


def test_a_client_address_forged_before_the_proxy_is_not_believed():
    # The browser sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw.
    got = ask(echo_app(), "127.0.0.1", {**PROXY, "x-forwarded-for": "6.6.6.6, 203.0.113.9"})
    assert got["client"] == "203.0.113.9"


def test_a_malformed_forwarded_host_is_not_put_into_links():
    got = ask(echo_app(), "127.0.0.1", {**PROXY, "x-forwarded-host": "evil.test/path?x="})
    assert got["link"] == "https://127.0.0.1:8000/m/abc"


@pytest.mark.parametrize(
    ("origin", "own"),
    [
        ("https://games.example.org", True),
        ("https://games.example.org:443", True),
        ("http://games.example.org", False),
        ("https://evil.example", False),
        ("null", False),
    ],
)
def test_own_origin_is_the_scheme_and_host_the_browser_used(origin, own):
    app = echo_app(hosts=("games.example.org",))
    assert ask(app, "127.0.0.1", {**PROXY, "x-test-origin": origin})["own"] is own


@pytest.mark.parametrize(
    "host", ["attacker.example:8000", "attacker.example", "192.168.1.20:8000", "games.example.org.evil.test"]
)
def test_a_host_the_server_does_not_know_is_not_its_own_origin(host):
    """DNS rebinding: another site's page, its name pointed at this machine, sends its own Host and Origin."""
    app = echo_app(hosts=("games.example.org",))
    got = ask(app, "127.0.0.1", {"host": host, "x-test-origin": f"http://{host}"})
    assert got["own"] is False


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "caravela.localhost:8000"])
def test_loopback_names_are_own_origins_without_any_setting(host):
    assert ask(echo_app(), "127.0.0.1", {"host": host, "x-test-origin": f"http://{host}"})["own"] is True


def test_allowed_hosts_is_read_and_checked(monkeypatch):
    monkeypatch.setenv("ALLOWED_HOSTS", "Games.Example.org, 192.168.1.20")
    assert Settings.from_env().allowed_hosts == ("games.example.org", "192.168.1.20")
    monkeypatch.setenv("ALLOWED_HOSTS", "https://games.example.org")
    with pytest.raises(SettingsError, match="ALLOWED_HOSTS"):
        Settings.from_env()


def test_public_url_is_an_own_origin_too():
    app = echo_app(public_url="http://192.168.1.20:8000")
    assert ask(app, "127.0.0.1", {"x-test-origin": "http://192.168.1.20:8000"})["own"] is True
    assert ask(app, "127.0.0.1", {"x-test-origin": "http://127.0.0.1:8000"})["own"] is True


@pytest.mark.parametrize(
    "bad",
    [
        "games.example.org",
        "ftp://games.example.org",
        "https://games.example.org/caravela",
        "https://games.example.org/?x=1",
    ],
)
def test_a_public_url_that_is_not_a_scheme_and_host_refuses_to_start(bad, monkeypatch):
    monkeypatch.setenv("PUBLIC_URL", bad)
    with pytest.raises(SettingsError, match="PUBLIC_URL"):
        Settings.from_env()


def test_a_forwarded_allow_ips_entry_that_is_no_address_refuses_to_start(monkeypatch):
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "127.0.0.1,localhost")
    with pytest.raises(SettingsError, match="FORWARDED_ALLOW_IPS"):
        Settings.from_env()


# ---- the real server: POST /api/matches answers with invite_url -----------------------------


def started(tmp_path, **settings) -> ThreadServer:
    srv = ThreadServer(fresh_sqlite_database(tmp_path), **settings)
    srv.server.config.proxy_headers = False  # as app/__main__.py runs it: app/ops/links.py alone decides
    return srv


def test_invite_url_honours_public_url(tmp_path):
    with started(tmp_path, public_url="https://games.example.org/") as srv:
        match = Client(srv.base).create()
    assert match["invite_url"] == f"https://games.example.org/m/{match['id']}"


def test_invite_url_follows_a_trusted_proxy(tmp_path):
    with started(tmp_path) as srv:
        ana = Client(srv.base)
        ana.http.headers.update(PROXY)
        match = ana.create()
        assert match["invite_url"] == f"https://games.example.org/m/{match['id']}"
        plain = Client(srv.base, "Ben").create()
        assert plain["invite_url"] == f"{srv.base}/m/{plain['id']}"


def test_invite_url_ignores_forwarded_headers_from_another_address(tmp_path):
    with started(tmp_path, forwarded_allow_ips=("10.0.0.0/8",)) as srv:
        ana = Client(srv.base)
        ana.http.headers.update(PROXY)
        match = ana.create()
    assert match["invite_url"] == f"{srv.base}/m/{match['id']}"


def test_a_socket_from_a_rebound_name_is_refused_unless_allowed(tmp_path):
    # Through the (trusted) proxy the server sees the name the browser used, as Host.
    rebound = {"x-forwarded-host": "attacker.example:8000", "origin": "http://attacker.example:8000"}
    with started(tmp_path) as srv, started(tmp_path, allowed_hosts="attacker.example") as allowed:
        for server, opens in ((srv, False), (allowed, True)):
            match = Client(server.base).create()
            url = f"{server.ws_base}/ws/matches/{match['id']}"
            if opens:
                with connect(url, additional_headers=rebound, open_timeout=5) as ws:
                    assert json.loads(ws.recv(timeout=5))["type"] == "hello"
            else:
                with pytest.raises(InvalidStatus) as refused:
                    connect(url, additional_headers=rebound, open_timeout=5).__enter__()
                assert refused.value.response.status_code == 403


def test_a_passkey_is_not_bound_to_a_rebound_name(tmp_path):
    secure = {"x-forwarded-proto": "https", "x-forwarded-host": "attacker.example"}
    with started(tmp_path) as srv, started(tmp_path, allowed_hosts="attacker.example") as allowed:
        refused = httpx.post(f"{srv.base}/api/passkeys/options", json={}, headers=secure)
        assert refused.status_code == 422 and refused.json()["key"] == msg.UNKNOWN_HOST.key
        ok = httpx.post(f"{allowed.base}/api/passkeys/options", json={}, headers=secure)
        assert ok.status_code == 200 and ok.json()["options"]["rpId"] == "attacker.example"
