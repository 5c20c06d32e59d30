"""Play over days (issue 10) in real Chromium, as a new user would try it.

Ana creates a match on a desktop, moves to a phone with the one-time link and plays there;
Ben's home page shows that it is his turn; signing a device out takes its seat away.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from tests.browser.conftest import console_errors, screenshot
from tests.browser.play import create_in_lobby

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "user_agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                  "Chrome/131.0 Mobile Safari/537.36",
}


def device_link(page) -> str:
    """Opens "Use on another device" from the header menu and returns the one-time link it shows."""
    page.get_by_test_id("account").click()
    page.get_by_test_id("account-link").click()
    url = page.get_by_test_id("device-link-url")
    expect(url).to_have_value(re.compile(r"/#link="))
    expect(page.get_by_test_id("device-link-qr")).to_be_visible()
    link = url.input_value()
    page.keyboard.press("Escape")
    return link


def test_ana_moves_to_her_phone_with_the_one_time_link_and_plays_there(live, context_factory):
    desktop = context_factory().new_page()
    errors = console_errors(desktop)
    match_id = create_in_lobby(desktop, live.base, "tally", seats=2)
    ben = context_factory().new_page()
    errors += console_errors(ben)
    ben.goto(f"{live.base}/m/{match_id}")
    ben.get_by_test_id("name-input").fill("Ben")
    ben.get_by_test_id("join-1").click()
    expect(desktop.get_by_test_id("seat-1")).to_contain_text("Ben")
    desktop.get_by_test_id("start").click()
    expect(desktop.locator('[data-testid="action"]').first).to_be_visible()

    link = device_link(desktop)
    screenshot(desktop, "days-device-link")
    phone = context_factory(**PHONE).new_page()
    errors += console_errors(phone)
    phone.goto(link)
    # The phone is Ana now: her name in the header, her turn on the home page.
    expect(phone.get_by_test_id("account")).to_contain_text("Ana")
    assert "#link=" not in phone.url, "the one-time code stays out of the address bar"
    turn = phone.get_by_test_id("mine-turn")
    expect(turn).to_contain_text("Tally")
    expect(phone).to_have_title(re.compile(r"^\(1\) Caravela"))
    screenshot(phone, "days-phone-home")
    turn.get_by_role("link").first.click()
    phone.wait_for_url(f"**/m/{match_id}")
    add_one = phone.locator('[data-testid="action"][data-action*="\\"n\\":1"]').first
    expect(add_one).to_be_visible()
    assert json.loads(add_one.get_attribute("data-action")) == {"type": "add", "n": 1}
    add_one.click()
    expect(desktop.get_by_test_id("log")).to_contain_text("Ana added 1")

    # Ben's home page says it is his turn (it updates while open, without a reload).
    ben.goto(live.base + "/")
    expect(ben.get_by_test_id("mine-turn")).to_contain_text("Tally")
    expect(ben).to_have_title(re.compile(r"^\(1\) Caravela"))
    screenshot(ben, "days-ben-your-turn")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width}px)"
    assert errors == []


def test_the_home_page_updates_live_when_the_turn_comes(live, context_factory):
    ana = context_factory().new_page()
    match_id = create_in_lobby(ana, live.base, "tally", seats=2)
    ben = context_factory().new_page()
    ben.goto(f"{live.base}/m/{match_id}")
    ben.get_by_test_id("name-input").fill("Ben")
    ben.get_by_test_id("join-1").click()
    ana.get_by_test_id("start").click()
    ben.goto(live.base + "/")
    expect(ben.get_by_test_id("mine-waiting")).to_contain_text("Waiting for Ana")
    ana.locator('[data-testid="action"]').first.click()
    expect(ben.get_by_test_id("mine-turn")).to_contain_text("Tally")
    icon = ben.locator('link[rel="icon"]').get_attribute("href")
    assert "circle" in icon, "the favicon carries a badge"


def test_signing_out_a_device_takes_its_seat_away_at_once(live, context_factory):
    desktop = context_factory().new_page()
    match_id = create_in_lobby(desktop, live.base, "tally", seats=1)
    desktop.get_by_test_id("start").click()
    phone = context_factory(**PHONE).new_page()
    phone.goto(device_link(desktop))
    expect(phone.get_by_test_id("account")).to_contain_text("Ana")
    phone.goto(f"{live.base}/m/{match_id}")
    expect(phone.locator('[data-testid="action"]').first).to_be_visible()

    desktop.get_by_test_id("account").click()
    desktop.get_by_test_id("account-devices").click()
    rows = desktop.get_by_test_id("devices").locator("li")
    expect(rows).to_have_count(2)
    other = rows.filter(has_not_text="this device")
    expect(other).to_contain_text("Chrome on Android")
    other.get_by_role("button").click()
    expect(rows).to_have_count(1)
    expect(phone.get_by_test_id("status-bar")).to_contain_text("Your player token was not accepted")
