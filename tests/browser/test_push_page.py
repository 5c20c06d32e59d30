""" "Notify me on this device" in the turn-notices panel, in Chromium at phone and desktop sizes.

Headless Chromium has no push service of its own, so the page's ``pushManager`` hands out
a subscription of the test push service (``tests/app/push_service.py``) instead; everything
after it is real: the page posts it, the server stores it, a move makes it Ben's turn, and
the push service decrypts exactly one notice for him.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.app.push_service import PushService
from tests.app.test_notices import eventually, quiet
from tests.app.test_push import PUSHING
from tests.browser.conftest import console_errors, screenshot
from tests.browser.test_shell import as_person
from tests.conftest import ThreadServer, fresh_sqlite_database
from tests.helpers import Client

IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.5 Mobile/15E148 Safari/604.1"
)

# Stands in for the browser's push transport, and counts the permission prompts.
FAKE_PUSH = """
(() => {
  const given = %s;
  let current = null;
  window.__asked = 0;
  const ask = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = () => { window.__asked += 1; return ask(); };
  const wrap = (json, key) => ({
    endpoint: json.endpoint,
    options: { applicationServerKey: key },
    toJSON: () => json,
    unsubscribe: async () => { current = null; return true; },
  });
  PushManager.prototype.subscribe = async function (options) {
    current = wrap(given, options.applicationServerKey.buffer);
    return current;
  };
  PushManager.prototype.getSubscription = async function () { return current; };
})();
"""


@pytest.fixture(scope="module")
def pushing(tmp_path_factory):
    service = PushService()
    with ThreadServer(fresh_sqlite_database(tmp_path_factory.mktemp("db")), **PUSHING) as srv:
        yield srv, service
    assert service.problems == []
    service.close()


def open_notices(page) -> None:
    page.get_by_test_id("account").click()
    page.get_by_test_id("account-notices").click()
    expect(page.get_by_test_id("notice-push-section")).to_be_visible()


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
def test_ben_taps_notify_me_and_his_turn_reaches_this_device_once(pushing, context_factory, size):
    srv, service = pushing
    ana, ben = Client(srv.base, "Ana"), Client(srv.base, "Ben")
    match_id = ana.create(seats=2)["id"]
    assert ben.post(f"/api/matches/{match_id}/join").status_code == 200
    assert ana.post(f"/api/matches/{match_id}/start").status_code == 200
    name = f"ben-page-{size[0]}"
    ctx = context_factory(viewport={"width": size[0], "height": size[1]})
    ctx.grant_permissions(["notifications"], origin=srv.base)
    as_person(ctx, ben)
    ctx.add_init_script(FAKE_PUSH % json.dumps(service.subscribe(name)))
    page = ctx.new_page()
    errors = console_errors(page)
    page.goto(srv.base + "/")
    open_notices(page)
    button = page.get_by_test_id("notice-push")
    expect(button).to_have_text("Notify me on this device")
    assert page.evaluate("window.__asked") == 0, "opening the panel asks nothing"
    screenshot(page, f"push-off-{size[0]}")
    button.click()
    expect(page.get_by_test_id("notice-push-status")).to_contain_text("On: this device shows your turn notices")
    expect(button).to_have_text("Stop notices on this device")
    assert page.evaluate("window.__asked") == 1
    screenshot(page, f"push-on-{size[0]}")

    assert ana.act(match_id, {"type": "add", "n": 3}).status_code == 200
    eventually(lambda: service.to(name))
    quiet()
    (got,) = service.to(name)
    assert got["title"] == "Your turn in Tally (test fixture)" and got["body"] == "Ana added 3 (total 3)."
    assert got["match"] == match_id and got["url"].endswith(f"/m/{match_id}")

    page.get_by_test_id("notice-push").click()  # and off again: the server forgets this device
    expect(button).to_have_text("Notify me on this device")
    assert errors == []


def test_on_an_iphone_outside_the_home_screen_the_panel_gives_the_steps_in_russian(pushing, context_factory):
    srv, _ = pushing
    ben = Client(srv.base, "Ben")
    ctx = context_factory(viewport={"width": 390, "height": 844}, user_agent=IPHONE, is_mobile=True, has_touch=True)
    as_person(ctx, ben)
    ctx.add_init_script("localStorage.setItem('caravela.lang', 'ru')")
    page = ctx.new_page()
    page.goto(srv.base + "/")
    open_notices(page)
    expect(page.get_by_test_id("notice-push-why")).to_contain_text("экран «Домой»")
    expect(page.get_by_test_id("notice-push-section").locator("li")).to_have_count(3)
    expect(page.get_by_test_id("notice-push")).to_have_count(0)
    screenshot(page, "push-iphone-ru-390")
