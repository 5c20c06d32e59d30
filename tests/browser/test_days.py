"""Play over days in real Chromium, as a new user would try it.

Ana creates a match on a desktop, moves to a phone with the one-time link and plays there;
Ben's home page shows that it is his turn, and with the match's tab closed he gets exactly
one e-mail and one webhook call for that turn; signing a device out takes its seat away.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.app.test_notices import Hooks, Inbox, eventually, quiet
from tests.browser.conftest import console_errors, screenshot
from tests.browser.play import create_in_lobby
from tests.browser.test_shell import as_person
from tests.conftest import ThreadServer, fresh_sqlite_database
from tests.helpers import Client

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
    other.get_by_role("button", name="Sign out").click()
    expect(rows).to_have_count(1)
    expect(phone.get_by_test_id("status-bar")).to_contain_text("this device was signed out")
    phone.reload()  # nobody now: no silent new player under her name
    expect(phone.get_by_test_id("account")).to_have_count(0)


@pytest.fixture(scope="module")
def mail_and_hooks(tmp_path_factory):
    """A live server that sends turn notices within a second, to an SMTP server and a webhook receiver here."""
    inbox, hooks = Inbox(), Hooks()
    inbox.controller.start()
    url = fresh_sqlite_database(tmp_path_factory.mktemp("db"))
    with ThreadServer(
        url,
        bot_delay=0.05,
        smtp_url=f"smtp://127.0.0.1:{inbox.port}",
        notice_delay=0.5,
        notice_every=0.1,
        webhook_private=True,
    ) as srv:
        yield srv, inbox, hooks
    inbox.controller.stop()
    hooks.server.shutdown()
    hooks.server.server_close()


def test_with_the_match_closed_ben_gets_one_email_and_one_webhook_call_for_his_turn(mail_and_hooks, context_factory):
    live, inbox, hooks = mail_and_hooks
    ana = context_factory().new_page()
    match_id = create_in_lobby(ana, live.base, "tally", seats=2)
    ben = context_factory().new_page()
    errors = console_errors(ben)
    ben.goto(f"{live.base}/m/{match_id}")
    ben.get_by_test_id("name-input").fill("Ben")
    ben.get_by_test_id("join-1").click()
    expect(ana.get_by_test_id("seat-1")).to_contain_text("Ben")

    # Ben chooses his channels in the header menu's "Turn notices".
    ben.get_by_test_id("account").click()
    ben.get_by_test_id("account-notices").click()
    ben.get_by_test_id("notice-email").fill("ben@example.org")
    ben.get_by_test_id("notice-webhook").fill(f"{hooks.url}/ben")
    ben.get_by_text("How to get one for ntfy, Discord or Matrix").click()
    screenshot(ben, "days-turn-notices")
    ben.get_by_test_id("notice-save").click()
    expect(ben.get_by_test_id("notice-status")).to_have_text("Saved")
    ben.keyboard.press("Escape")

    ana.get_by_test_id("start").click()
    ben.goto(live.base + "/")  # the match's tab is closed; his home page stays open
    expect(ben.get_by_test_id("mine-waiting")).to_contain_text("Waiting for Ana")
    ana.locator('[data-testid="action"]').first.click()
    expect(ben.get_by_test_id("mine-turn")).to_contain_text("Tally")
    eventually(lambda: inbox.to("ben@example.org") and hooks.to("/ben"))
    quiet()
    (mail,) = inbox.to("ben@example.org")
    (call,) = hooks.to("/ben")
    assert f"/m/{match_id}" in mail.get_content() and call["match_id"] == match_id and call["seat"] == 1
    assert errors == []


def virtual_authenticator(page) -> tuple:
    """Gives a page Chromium's virtual authenticator (DevTools protocol), as a phone's screen lock would be."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    added = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    return cdp, added["authenticatorId"]


def test_a_passkey_added_on_the_desktop_signs_ana_in_on_her_phone(live, context_factory):
    # http://localhost is a secure context, where WebAuthn works without https.
    home = f"http://localhost:{live.port}/"
    desktop = context_factory().new_page()
    errors = console_errors(desktop)
    cdp, authenticator = virtual_authenticator(desktop)
    desktop.goto(home)
    desktop.get_by_test_id("name-input").fill("Ana")
    desktop.get_by_test_id("save-name").click()
    desktop.get_by_test_id("account").click()
    desktop.get_by_test_id("account-passkeys").click()
    desktop.get_by_test_id("passkey-add").click()
    expect(desktop.get_by_test_id("passkeys").locator("li")).to_have_count(1)
    expect(desktop.get_by_test_id("passkey-status")).to_have_text("Passkey added.")
    screenshot(desktop, "days-passkeys")
    (credential,) = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    ana_id = desktop.evaluate("JSON.parse(localStorage.getItem('caravela.player')).id")

    # The same passkey, synced to her phone (as a password manager would): she signs in there.
    phone = context_factory(**PHONE).new_page()
    errors += console_errors(phone)
    phone_cdp, phone_authenticator = virtual_authenticator(phone)
    phone_cdp.send("WebAuthn.addCredential", {"authenticatorId": phone_authenticator, "credential": credential})
    phone.goto(home)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the header with its sign-in button scrolls sideways on a phone ({width}px)"
    # Signing in reloads the page; reading it mid-reload fails (seen once in CI), so wait for it.
    with phone.expect_navigation():
        phone.get_by_test_id("passkey-sign-in").click()
    expect(phone.get_by_test_id("account")).to_contain_text("Ana")
    assert phone.evaluate("JSON.parse(localStorage.getItem('caravela.player')).id") == ana_id
    expect(phone.get_by_test_id("name-input")).to_have_value("Ana")
    assert errors == []


def test_two_players_called_ana_are_told_apart_by_a_short_tag(live, context_factory):
    ana, other = Client(live.base, "Ana"), Client(live.base, "Ana")
    match = ana.create(seats=2)
    assert other.post(f"/api/matches/{match['id']}/join").status_code == 200
    context = context_factory()
    as_person(context, ana)
    page = context.new_page()
    page.goto(f"{live.base}/m/{match['id']}")
    expect(page.get_by_test_id("seat-0")).to_contain_text(f"Ana #{ana.id[:4]}")
    expect(page.get_by_test_id("seat-1")).to_contain_text(f"Ana #{other.id[:4]}")


def test_the_account_menu_and_your_matches_read_in_russian(live, context_factory):
    from tests.browser.russian import LATIN, russian_context

    page = russian_context(context_factory).new_page()
    match_id = create_in_lobby(page, live.base, "tally", seats=1, name="Аня")
    page.get_by_test_id("start").click()
    page.goto(live.base + "/")
    mine = page.get_by_test_id("mine")
    expect(mine).to_contain_text("Ваш ход в 1 партии")
    page.get_by_test_id("account").click()
    menu = page.locator("#account-menu")
    expect(menu).to_be_visible()
    for part in (menu, page.get_by_test_id("mine-turn")):
        words = set(LATIN.findall(part.inner_text())) - {"Tally", "test", "fixture"}
        assert not words, f"English left in Russian: {sorted(words)}"
    for entry in ("devices", "passkeys", "notices", "link"):
        page.get_by_test_id(f"account-{entry}").click()
        dialog = page.get_by_test_id(f"panel-{entry}")
        expect(dialog).to_be_visible()
        page.wait_for_timeout(200)  # the panel reads its data, then draws
        words = set(LATIN.findall(dialog.inner_text())) - {
            "ntfy",
            "Discord",
            "Matrix",
            "https",
            "http",
            "localhost",
            "hookshot",
            "webhook",
            "caravela",
            "Chrome",
            "Linux",
            "on",
            "HeadlessChrome",
            "Browser",
            "link",
            "SMTP",
            "URL",
            "IP",  # "IP-адрес": where passkeys cannot work
        }
        words -= set(LATIN.findall(live.base + match_id))
        assert not words, f"English left in the Russian {entry} panel: {sorted(words)}"
        page.keyboard.press("Escape")
        page.get_by_test_id("account").click()


def test_a_browser_playing_as_someone_asks_before_a_link_makes_it_another_player(live, context_factory):
    ana, ben = Client(live.base, "Ana"), Client(live.base, "Ben")
    link = ana.post("/api/me/link").json()["url"]
    context = context_factory()
    as_person(context, ben)
    page = context.new_page()
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.goto(link)
    expect(page.get_by_test_id("account")).to_contain_text("Ben")
    assert asked and "Ben" in asked[0]
    page.once("dialog", lambda dialog: dialog.accept())
    page.goto("about:blank")
    page.goto(link)  # the same code: refusing to switch left it unspent
    expect(page.get_by_test_id("account")).to_contain_text("Ana")
