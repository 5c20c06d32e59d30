"""Security headers on every answer, and the match socket's Origin check."""

from __future__ import annotations

import re

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from tests.conftest import ROOT, ThreadServer, fresh_sqlite_database
from tests.helpers import Client

PAGES = ("/", "/m/some-match", "/m/some-match/table", "/static/css/app.css", "/api/games", "/healthz", "/favicon.ico")
HTTPS_PROXY = {"x-forwarded-proto": "https", "x-forwarded-host": "games.example.org"}


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    # The name the proxy forwards is one the server knows as its own (app/ops/links.py).
    server = ThreadServer(fresh_sqlite_database(tmp_path_factory.mktemp("db")), allowed_hosts="games.example.org")
    server.server.config.proxy_headers = False  # as app/__main__.py runs it: app/ops/links.py alone decides
    with server:
        yield server


def directives(policy: str) -> dict[str, str]:
    return {part.split()[0]: part.strip() for part in policy.split(";") if part.strip()}


@pytest.mark.parametrize("path", PAGES)
def test_every_answer_carries_the_security_headers(srv, path):
    r = httpx.get(srv.base + path)
    assert r.status_code == 200
    policy = directives(r.headers["content-security-policy"])
    assert policy["script-src"] == "script-src 'self'"
    assert policy["frame-ancestors"] == "frame-ancestors 'none'"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"


def test_the_favicon_is_the_pages_own_ship(srv):
    r = httpx.get(srv.base + "/favicon.ico")
    assert r.headers["content-type"].startswith("image/svg+xml") and r.text.startswith("<svg")


def test_no_policy_allows_inline_scripts_on_the_pages(srv):
    for path in ("/", "/m/x"):
        policy = directives(httpx.get(srv.base + path).headers["content-security-policy"])
        assert "unsafe-inline" not in policy["script-src"] and "unsafe-eval" not in policy["script-src"]
        assert "default-src" in policy and "object-src" in policy


def test_the_pages_hold_no_inline_script_or_handler():
    for page in sorted((ROOT / "static").glob("*.html")):
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), f"{page.name} has an inline <script>"
        assert not re.search(r"\son[a-z]+\s*=", html), f"{page.name} has an inline on…= handler"
        assert "javascript:" not in html, page.name


def test_hsts_is_not_sent_over_plain_http(srv):
    assert "strict-transport-security" not in httpx.get(srv.base + "/").headers


def test_hsts_is_sent_over_https_behind_a_trusted_proxy(srv):
    r = httpx.get(srv.base + "/", headers=HTTPS_PROXY)
    assert r.headers["strict-transport-security"].startswith("max-age=")


def test_hsts_is_never_sent_for_localhost_which_other_servers_share(srv):
    r = httpx.get(srv.base + "/", headers={**HTTPS_PROXY, "x-forwarded-host": "localhost:8443"})
    assert "strict-transport-security" not in r.headers


def socket_url(srv, match_id: str) -> str:
    return f"{srv.ws_base}/ws/matches/{match_id}"


def hello(url: str, **options) -> dict:
    import json

    with connect(url, open_timeout=5, **options) as ws:
        return json.loads(ws.recv(timeout=5))


def test_socket_refuses_a_browser_from_a_foreign_origin(srv):
    match = Client(srv.base).create()
    with pytest.raises(InvalidStatus) as refused:
        hello(socket_url(srv, match["id"]), origin="https://evil.example")
    assert refused.value.response.status_code == 403


def test_socket_accepts_the_pages_own_origin(srv):
    match = Client(srv.base).create()
    assert hello(socket_url(srv, match["id"]), origin=srv.base)["type"] == "hello"


def test_socket_accepts_a_client_that_sends_no_origin(srv):
    match = Client(srv.base).create()
    assert hello(socket_url(srv, match["id"]))["type"] == "hello"


def test_socket_behind_a_trusted_proxy_accepts_the_public_origin_only(srv):
    match = Client(srv.base).create()
    url = socket_url(srv, match["id"])
    proxied = {"additional_headers": HTTPS_PROXY}
    assert hello(url, origin="https://games.example.org", **proxied)["type"] == "hello"
    with pytest.raises(InvalidStatus):
        hello(url, origin="http://games.example.org", **proxied)  # another scheme is another origin


def test_every_answer_with_a_token_or_a_link_code_is_never_stored(srv):
    """Tokens (a new player, a device link spent, a passkey sign-in) and link codes: no-store."""
    r = httpx.post(f"{srv.base}/api/players", json={"name": "Ana"})
    assert r.status_code == 201 and r.headers["cache-control"] == "no-store"
    ana = Client(srv.base)
    link = ana.post("/api/me/link")
    assert link.status_code == 201 and link.headers["cache-control"] == "no-store"
    spent = httpx.post(f"{srv.base}/api/devices", json={"code": link.json()["url"].split("#link=")[1]})
    assert spent.status_code == 201 and spent.headers["cache-control"] == "no-store"


def test_every_route_that_answers_a_token_is_marked_no_store():
    """A new route handing out a token must say no-store too: the marked ones are listed here."""
    import importlib
    import pkgutil

    import app.routes
    from app.routes.deps import NO_STORE

    routes = []
    for info in pkgutil.iter_modules(app.routes.__path__):
        module = importlib.import_module(f"app.routes.{info.name}")
        routes += [r for attr in ("router", "admin_router") for r in getattr(getattr(module, attr, None), "routes", [])]
    carrying = set()
    for route in routes:
        model = getattr(route, "response_model", None)
        fields = getattr(model, "model_fields", {})
        if "token" in fields or ("url" in fields and "expires_at" in fields):
            assert NO_STORE in route.dependencies, route.path
            carrying.add(route.path)
    assert carrying == {"/api/players", "/api/me/link", "/api/devices", "/api/passkeys/sign-in"}
