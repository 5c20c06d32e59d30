"""One local address: a loopback server sends pages opened at 127.0.0.1 to localhost, but never
its API, never a request through a proxy, and never when it serves a LAN or a PUBLIC_URL."""

from __future__ import annotations

import httpx
import pytest

from app.ops.canonical import canonical_host
from tests.conftest import ThreadServer, fresh_sqlite_database


@pytest.fixture(scope="module")
def loopback(tmp_path_factory):
    with ThreadServer(fresh_sqlite_database(tmp_path_factory.mktemp("db")), canonical_host="localhost") as srv:
        yield srv


def test_a_page_at_127_0_0_1_goes_to_the_same_page_at_localhost(loopback):
    for path in ("/", "/m/abc?v=3", "/static/css/app.css"):
        r = httpx.get(loopback.base + path, follow_redirects=False)
        assert r.status_code == 308 and r.headers["location"] == f"http://localhost:{loopback.port}{path}"
    assert httpx.get(f"http://localhost:{loopback.port}/", follow_redirects=False).status_code == 200


def test_the_api_sockets_health_and_proxied_requests_stay_where_they_were_asked(loopback):
    for path in ("/api/games", "/healthz"):
        assert httpx.get(loopback.base + path, follow_redirects=False).status_code == 200
    proxied = httpx.get(loopback.base + "/", headers={"x-forwarded-for": "203.0.113.9"}, follow_redirects=False)
    assert proxied.status_code == 200
    assert httpx.post(loopback.base + "/api/players", json={"name": "Ana"}).status_code == 201


def test_only_a_loopback_server_without_lan_or_public_url_has_one_canonical_name():
    assert canonical_host("127.0.0.1", lan=False, public_url="") == "localhost"
    assert canonical_host("localhost", lan=False, public_url="") == "localhost"
    assert canonical_host("127.0.0.1", lan=True, public_url="") == ""
    assert canonical_host("0.0.0.0", lan=False, public_url="") == ""
    assert canonical_host("127.0.0.1", lan=False, public_url="https://games.example.org") == ""


def test_a_server_without_the_setting_redirects_nothing(tmp_path):
    with ThreadServer(fresh_sqlite_database(tmp_path)) as srv:
        assert httpx.get(srv.base + "/", follow_redirects=False).status_code == 200


def test_the_server_says_where_passkeys_work(loopback, tmp_path):
    at_number = httpx.get(loopback.base + "/api/passkeys/where").json()
    assert at_number == {"url": f"http://localhost:{loopback.port}", "here": False}
    at_name = httpx.get(f"http://localhost:{loopback.port}/api/passkeys/where").json()
    assert at_name == {"url": f"http://localhost:{loopback.port}", "here": True}
    with ThreadServer(fresh_sqlite_database(tmp_path), public_url="http://192.168.1.20:8000") as lan:
        assert httpx.get(f"http://localhost:{lan.port}/api/passkeys/where").json() == {"url": None, "here": False}
