"""Browser fixtures: Debian's Chromium driven by Playwright, against a live server.

Skips when Chromium is missing, unless REQUIRE_BROWSER=1 (CI), where it fails.
Playwright never downloads a browser here: it is pointed at /usr/bin/chromium.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest

from tests.conftest import ThreadServer, fresh_sqlite_database

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ARTIFACTS = Path(__file__).resolve().parent.parent.parent / "test-artifacts"


def _problem() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e .[test])"
    return None


@pytest.fixture(scope="session")
def browser():
    problem = _problem()
    if problem:
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but {problem}")
        pytest.skip(problem)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=15_000)  # expectations, like clicks, allow for a loaded machine
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """A live server on SQLite, with quick bots."""
    with ThreadServer(fresh_sqlite_database(tmp_path_factory.mktemp("db")), bot_delay=0.05) as srv:
        yield srv


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.call_failed = report.failed


@pytest.fixture
def context_factory(browser, request):
    """Opens browser contexts (separate people: separate storage) and closes them after the test.

    When the test fails, every open page is saved to test-artifacts/ to show what a person saw.
    """
    contexts = []

    def make(**kwargs):
        # Playwright's wait_for_function evaluates strings in the page, which the pages' CSP forbids
        # (no eval); test_https.py opens its pages under the real policy (bypass_csp=False).
        ctx = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, "bypass_csp": True, **kwargs})
        # Generous: a loaded 2-core CI machine runs the server, the bots and Chromium at once.
        ctx.set_default_timeout(30_000)
        contexts.append(ctx)
        return ctx

    yield make
    if getattr(request.node, "call_failed", False):
        for i, ctx in enumerate(contexts):
            for j, page in enumerate(ctx.pages):
                with contextlib.suppress(Exception):  # noqa: BLE001 - a crashed page has nothing to show
                    screenshot(page, f"FAILED-{request.node.name}-{i}-{j}")
    for ctx in contexts:
        ctx.close()


def console_errors(page) -> list[str]:
    """Returns a list that fills with the page's console errors and uncaught exceptions.

    A game without a renderer module of its own answers 404 when the shell looks for one;
    that miss is expected and left out. So is Chromium's note that it fetches no service
    worker over a certificate it does not trust (a test's own CA, with ``ignore_https_errors``):
    the page works on without the worker, as it must.
    """
    errors: list[str] = []

    def on_console(message):
        if message.type != "error":
            return
        url = (message.location or {}).get("url", "")
        if "/static/js/games/" in url and "404" in message.text:
            return
        if message.text == "An SSL certificate error occurred when fetching the script.":
            return
        errors.append(f"console: {message.text} ({url})")

    page.on("console", on_console)
    page.on("pageerror", lambda err: errors.append(f"exception: {err}"))
    return errors


def screenshot(page, name: str) -> None:
    """Keeps a screenshot under test-artifacts/ for people to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
