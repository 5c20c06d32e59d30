"""Caravela behind Debian's Caddy (the repository's own Caddyfile, ``tls internal`` for
localhost) on loopback ports: Chromium plays over https/wss under the real CSP.

Skips without ``caddy`` (apt-get install caddy), unless REQUIRE_BROWSER=1 (CI), where it fails.
"""

from __future__ import annotations

import json
import os
import shutil
import ssl
import subprocess
import time

import httpx
import pytest
from playwright.sync_api import expect
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

import engines
from tests.browser.conftest import console_errors, screenshot
from tests.browser.play import create_in_lobby
from tests.browser.test_days import virtual_authenticator
from tests.browser.test_shell import as_person
from tests.conftest import ROOT, ThreadServer, free_port, fresh_sqlite_database
from tests.helpers import Client


class Proxied:
    """Caddy on free loopback ports in front of a live app."""

    def __init__(self, app: ThreadServer, workdir):
        self.app = app
        self.https_port, self.http_port = free_port(), free_port()
        self.base = f"https://localhost:{self.https_port}"
        self.log = workdir / "caddy.log"
        env = {
            **os.environ,
            "DOMAIN": "localhost",
            "UPSTREAM": f"127.0.0.1:{app.port}",
            "HTTPS_PORT": str(self.https_port),
            "HTTP_PORT": str(self.http_port),
            "CADDY_ADMIN": "off",
            "XDG_DATA_HOME": str(workdir / "data"),
            "XDG_CONFIG_HOME": str(workdir / "config"),
            "HOME": str(workdir),
        }
        with self.log.open("w") as log:
            command = ["caddy", "run", "--config", str(ROOT / "Caddyfile"), "--adapter", "caddyfile"]
            self.proc = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)

    def wait(self, timeout: float = 60) -> Proxied:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"caddy exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.base}/healthz", verify=False, timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"caddy did not answer on {self.base}: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(15)


@pytest.fixture(scope="module")
def app_server(tmp_path_factory):
    server = ThreadServer(fresh_sqlite_database(tmp_path_factory.mktemp("db")), bot_delay=0.05)
    server.server.config.proxy_headers = False  # as app/__main__.py runs it: app/ops/links.py alone decides
    with server:
        yield server


@pytest.fixture(scope="module")
def caddy(app_server, tmp_path_factory):
    if shutil.which("caddy") is None:
        problem = "no caddy on PATH (apt-get install caddy)"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but {problem}")
        pytest.skip(problem)
    proxied = Proxied(app_server, tmp_path_factory.mktemp("caddy"))
    try:
        yield proxied.wait()
    finally:
        proxied.stop()


def strict_page(context_factory):
    """A page under the server's real CSP (the suite's other browser tests bypass it)."""
    page = context_factory(ignore_https_errors=True, bypass_csp=False).new_page()
    return page, console_errors(page)


def test_a_move_is_played_over_https_and_wss_under_the_csp(caddy, context_factory):
    page, errors = strict_page(context_factory)
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    match_id = create_in_lobby(page, caddy.base, "tally", seats=2)
    expect(page.get_by_test_id("conn")).to_have_attribute("data-state", "connected")
    # The invite sheet: the link as the browser reached the server, its QR code, and no HTTPS warning.
    expect(page.get_by_test_id("invite-url")).to_have_text(f"{caddy.base}/m/{match_id}")
    expect(page.get_by_test_id("invite-qr")).to_be_visible()
    expect(page.get_by_test_id("passkeys-need-https")).to_have_count(0)
    page.get_by_test_id("add-bot-1").click()
    expect(page.get_by_test_id("seat-1")).to_contain_text("Bot")
    page.get_by_test_id("start").click()
    add_two = page.locator('[data-testid="action"][data-action*="\\"n\\":2"]').first
    add_two.click()
    expect(page.get_by_test_id("log")).to_contain_text("Ana added 2")
    screenshot(page, "https-after-move")
    assert sockets and all(url.startswith(f"wss://localhost:{caddy.https_port}/ws/") for url in sockets)
    assert errors == []


def test_the_lobby_loads_under_the_csp_with_no_console_error(caddy, context_factory):
    page, errors = strict_page(context_factory)
    response = page.goto(caddy.base + "/")
    assert response is not None
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    expect(page.get_by_test_id("name-input")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert errors == []


def test_caddy_redirects_http_to_https(caddy):
    r = httpx.get(f"http://localhost:{caddy.http_port}/m/abc", follow_redirects=False)
    assert r.status_code in (301, 302, 307, 308)
    # Debian's Caddy 2.6 leaves out a non-standard https port; compose serves 443, where none is written.
    assert r.headers["location"] in (f"{caddy.base}/m/abc", "https://localhost/m/abc")


def test_through_caddy_the_app_sees_https_and_sends_its_headers_once(caddy):
    r = httpx.get(caddy.base + "/", verify=False)
    assert r.headers.get_list("content-security-policy") and len(r.headers.get_list("content-security-policy")) == 1
    assert r.headers["x-content-type-options"] == "nosniff"
    assert "server" not in r.headers
    # localhost is never pinned by HSTS (docs/hosting.md): other servers share it.
    assert "strict-transport-security" not in r.headers


def player_and_match(base: str) -> tuple[str, dict]:
    """Makes a player and a Tally match through Caddy; returns the token and the match."""
    token = httpx.post(f"{base}/api/players", json={"name": "Ana"}, verify=False).json()["token"]
    created = httpx.post(
        f"{base}/api/matches",
        json={"game": "tally", "seats": 2},
        verify=False,
        headers={"authorization": f"Bearer {token}"},
    )
    assert created.status_code == 201, created.text
    return token, created.json()


def test_invite_url_through_caddy_is_the_https_address(caddy):
    _token, match = player_and_match(caddy.base)
    assert match["invite_url"] == f"{caddy.base}/m/{match['id']}"


def unverified() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # Caddy's internal authority is not in this machine's trust store
    return context


def test_a_foreign_origin_is_refused_on_the_wss_socket_and_the_own_one_accepted(caddy):
    _token, match = player_and_match(caddy.base)
    url = f"wss://localhost:{caddy.https_port}/ws/matches/{match['id']}"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin=Origin("https://evil.example"), ssl=unverified(), open_timeout=10).__enter__()
    assert refused.value.response.status_code == 403
    with connect(url, origin=Origin(caddy.base), ssl=unverified(), open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "hello"


def test_on_plain_http_the_waiting_room_says_passkeys_need_https(app_server, context_factory):
    page, errors = strict_page(context_factory)
    match_id = create_in_lobby(page, app_server.base, "tally", seats=2)
    expect(page.get_by_test_id("invite-url")).to_have_text(f"{app_server.base}/m/{match_id}")
    expect(page.get_by_test_id("passkeys-need-https")).to_contain_text("HTTPS")
    screenshot(page, "waiting-room-invite-on-http")
    assert errors == []


def test_an_injected_inline_script_does_not_run(app_server, context_factory):
    page, errors = strict_page(context_factory)
    page.goto(app_server.base + "/")
    expect(page.get_by_test_id("name-input")).to_be_visible()
    # What an injection would do: put a script or a handler into the page's markup.
    page.evaluate("""() => {
        const s = document.createElement('script'); s.textContent = 'window.injected = 1'; document.body.append(s);
        document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="window.injected = 2">');
    }""")
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.injected") is None
    assert any("Content Security Policy" in e for e in errors), errors


def test_a_passkey_is_added_on_https_localhost_through_caddy(caddy, context_factory):
    page, errors = strict_page(context_factory)
    cdp, authenticator = virtual_authenticator(page)
    page.goto(caddy.base + "/")
    page.get_by_test_id("name-input").fill("Ana")
    page.get_by_test_id("save-name").click()
    page.get_by_test_id("account").click()
    page.get_by_test_id("account-passkeys").click()
    page.get_by_test_id("passkey-add").click()
    expect(page.get_by_test_id("passkeys").locator("li")).to_have_count(1)
    (credential,) = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert credential["rpId"] == "localhost"
    assert errors == []


@pytest.mark.parametrize("game", sorted(engines.GAMES))
def test_every_games_table_renders_under_the_csp(game, app_server, context_factory):
    """The other browser tests bypass the CSP (Playwright's string waits): here each renderer meets it."""
    ana = Client(app_server.base)
    seats = engines.GAMES[game].min_players
    match_id = ana.create(game=game, seats=seats)["id"]
    for seat in range(1, seats):
        assert ana.post(f"/api/matches/{match_id}/bots", {"seat": seat}).status_code == 200
    assert ana.post(f"/api/matches/{match_id}/start").status_code == 200
    context = context_factory(bypass_csp=False)
    as_person(context, ana)
    page = context.new_page()
    errors = console_errors(page)
    page.goto(f"{app_server.base}/m/{match_id}")
    expect(page.get_by_test_id("board")).not_to_be_empty()
    # The rules dialog loads the game's rules module and draws its SVG under the policy too
    # (every game that ships one; the suite's own test game has none).
    if (ROOT / "static" / "js" / "games" / game / "rules.js").is_file():
        page.get_by_test_id("rules").click()
        expect(page.get_by_test_id("rules-dialog").locator("svg.rules-drawing").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert [e for e in errors if "Content Security Policy" in e] == []


def test_the_invite_sheet_reads_in_russian(app_server, context_factory):
    context = context_factory(bypass_csp=False)
    context.add_init_script("localStorage.setItem('caravela.lang', 'ru')")
    page = context.new_page()
    errors = console_errors(page)
    create_in_lobby(page, app_server.base, "tally", seats=2, name="Аня")
    expect(page.get_by_test_id("passkeys-need-https")).to_contain_text("Ключам доступа нужен HTTPS")
    assert page.get_by_test_id("invite-qr").get_attribute("alt").startswith("QR-код")
    assert errors == []


def test_the_api_reference_renders_offline_under_the_csp(app_server, context_factory):
    """/docs with every other host unreachable, under the real policy: Swagger UI shows the API."""
    page = context_factory(bypass_csp=False).new_page()
    errors = console_errors(page)
    elsewhere: list[str] = []

    def offline(route):
        if route.request.url.startswith(app_server.base):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    page.route("**/*", offline)
    page.goto(app_server.base + "/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Caravela")
    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    screenshot(page, "docs-offline")
    page.goto(app_server.base + "/redoc")
    expect(page.get_by_text("Play Goa and Go Goa", exact=False).first).to_be_visible()
    # The sidebar's "API docs by Redocly" link is where the bundle would fetch a logo from a CDN.
    expect(page.get_by_text("API docs by Redocly")).to_be_attached()
    page.wait_for_timeout(500)
    assert elsewhere == [] and errors == []
