"""The installable app in Chromium: the manifest and service worker make the page
installable, a pushed turn notice is shown and opens its match, the shell opens offline.

Chromium's DevTools protocol stands in for the phone: ``Page.getInstallabilityErrors`` is
what decides whether "Install" is offered, and ``ServiceWorker.deliverPushMessage`` hands
the worker a push as a push service would.
"""

from __future__ import annotations

import json
import struct
import time

import httpx
import pytest

from tests.browser.conftest import ARGS, CHROMIUM, screenshot
from tests.browser.icons import ICONS, ICONS_DIR
from tests.conftest import ROOT, ThreadServer, fresh_sqlite_database

PAGES = sorted((ROOT / "static").rglob("*.html"))


@pytest.fixture
def app_context(browser, tmp_path):
    """Opens a browser profile on disk (Chromium installs nothing from an incognito one)."""
    opened = []

    def make(viewport: dict):
        ctx = browser.browser_type.launch_persistent_context(
            str(tmp_path / f"profile-{len(opened)}"),
            executable_path=CHROMIUM,
            args=ARGS,
            headless=True,
            viewport=viewport,
            bypass_csp=True,
        )
        ctx.set_default_timeout(30_000)
        opened.append(ctx)
        return ctx

    yield make
    for ctx in opened:
        ctx.close()


def worker_ready(page) -> None:
    """Waits until the page's service worker is active and controls the page."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("Boolean(navigator.serviceWorker.controller)")  # it claims open pages


def registration_id(page, cdp) -> str:
    """Returns the id of the page origin's service worker registration, as the protocol names it."""
    found: list[dict] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: found.extend(e["registrations"]))
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + 30
    while not found and time.monotonic() < deadline:
        page.wait_for_timeout(50)  # lets Playwright hand over the protocol's events
    assert found, "no service worker registration was reported"
    return found[0]["registrationId"]


def test_every_page_links_the_manifest_and_the_manifests_icons_are_drawn():
    assert PAGES, "static/ has pages"
    for page in PAGES:
        assert '<link rel="manifest" href="/manifest.webmanifest">' in page.read_text(encoding="utf-8"), page.name
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text(encoding="utf-8"))
    listed = {(icon["src"].rsplit("/", 1)[-1], icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    for svg, size, png in ICONS:
        purpose = "maskable" if "maskable" in svg else "any"
        assert (png, f"{size}x{size}", purpose) in listed
        width, height = struct.unpack(">II", (ICONS_DIR / png).read_bytes()[16:24])  # the PNG's IHDR
        assert (width, height) == (size, size), png
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["short_name"]


def test_the_manifest_and_worker_are_served_at_the_root(live):
    manifest = httpx.get(f"{live.base}/manifest.webmanifest")
    assert manifest.status_code == 200 and manifest.headers["content-type"].startswith("application/manifest+json")
    worker = httpx.get(f"{live.base}/sw.js")
    assert worker.status_code == 200 and "javascript" in worker.headers["content-type"]
    assert worker.headers["cache-control"] == "no-cache"
    for icon in manifest.json()["icons"]:
        assert httpx.get(live.base + icon["src"]).headers["content-type"] == "image/png"


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 768}, {"width": 390, "height": 844}])
def test_chromium_finds_the_app_installable_and_its_worker_registered(live, app_context, viewport):
    ctx = app_context(viewport)
    page = ctx.pages[0]
    page.goto(live.base + "/")
    worker_ready(page)
    cdp = ctx.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest") and not manifest["errors"]
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)")
    assert scope == live.base + "/"


def test_a_pushed_notice_is_shown_with_its_title(live, app_context):
    ctx = app_context({"width": 390, "height": 844})
    ctx.grant_permissions(["notifications"], origin=live.base)
    page = ctx.pages[0]
    page.goto(live.base + "/")
    worker_ready(page)
    cdp = ctx.new_cdp_session(page)
    registration = registration_id(page, cdp)
    (worker,) = ctx.service_workers
    assert worker.evaluate("self.registration.active.state") == "activated"
    notice = {
        "title": "Your turn in Goa",
        "body": "Ana bids 5.",
        "url": f"{live.base}/m/abc123",
        "match": "abc123",
        "tag": "caravela-abc123",
        "badge": 2,
    }
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {"origin": live.base, "registrationId": registration, "data": json.dumps(notice)},
    )
    shown = (
        "navigator.serviceWorker.ready.then((r) => r.getNotifications())"
        ".then((ns) => ns.map((n) => [n.title, n.body, n.tag]))"
    )
    deadline = time.monotonic() + 30
    while not (got := page.evaluate(shown)) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert got == [["Your turn in Goa", "Ana bids 5.", "caravela-abc123"]]
    # A newer notice of the same match replaces the older one (same tag).
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {
            "origin": live.base,
            "registrationId": registration,
            "data": json.dumps({**notice, "body": "Ben passes."}),
        },
    )
    deadline = time.monotonic() + 30
    while page.evaluate(shown) != [["Your turn in Goa", "Ben passes.", "caravela-abc123"]]:
        assert time.monotonic() < deadline, page.evaluate(shown)
        page.wait_for_timeout(100)


def test_the_shell_opens_offline_and_says_so(app_context, tmp_path):
    # The network is cut at the server: the worker's own requests bypass the browser's
    # offline switch, and a stopped server is what a phone without signal meets anyway.
    server = ThreadServer(fresh_sqlite_database(tmp_path))
    with server:
        ctx = app_context({"width": 390, "height": 844})
        page = ctx.pages[0]
        page.goto(server.base + "/")
        worker_ready(page)
    for path in ("/", "/m/some-match"):
        page.goto(server.base + path)
        page.get_by_test_id("offline").wait_for()
        assert page.locator("h1").inner_text() == "You are offline"
        assert page.get_by_test_id("offline-retry").is_visible()
    screenshot(page, "offline-390")
    page.evaluate("localStorage.setItem('caravela.lang', 'ru')")
    page.reload()
    page.get_by_test_id("offline").wait_for()
    assert page.locator("h1").inner_text() == "Нет соединения"
    screenshot(page, "offline-390-ru")
    cached = page.evaluate("caches.open('caravela-shell-v1').then((c) => c.keys()).then((ks) => ks.map((r) => r.url))")
    assert cached and all(url.startswith(server.base + "/static/") for url in cached), "only static files are kept"
