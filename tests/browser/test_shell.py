"""The client shell in real Chromium: lobby, invite link, waiting room, a move seen by both."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.play import click_until_over, create_in_lobby, open_match_with_bots
from tests.helpers import Client


def test_two_friends_meet_through_the_invite_link_and_play(live, context_factory):
    ana = context_factory().new_page()
    create_in_lobby(ana, live.base, "tally", seats=2)
    invite = ana.url
    expect(ana.get_by_test_id("seat-0")).to_contain_text("Ana")
    expect(ana.get_by_test_id("conn")).to_have_attribute("data-state", "connected")
    screenshot(ana, "shell-waiting-room")

    ben = context_factory(viewport={"width": 390, "height": 844}).new_page()
    ben.goto(invite)
    # A visitor without a name types one in the waiting room, then takes the seat.
    ben.get_by_test_id("name-input").fill("Ben")
    ben.get_by_test_id("join-1").click()
    expect(ben.get_by_test_id("seat-1")).to_contain_text("Ben")
    expect(ana.get_by_test_id("seat-1")).to_contain_text("Ben")
    expect(ben.get_by_test_id("seat-0")).to_contain_text("Ana")

    ana.get_by_test_id("start").click()
    add_two = ana.locator('[data-testid="action"][data-action*="\\"n\\":2"]').first
    expect(add_two).to_be_visible()
    assert json.loads(add_two.get_attribute("data-action")) == {"type": "add", "n": 2}
    add_two.click()

    expect(ben.get_by_test_id("log")).to_contain_text("Ana added 2")
    expect(ben.get_by_test_id("board")).to_contain_text("2")
    expect(ben.locator('[data-testid="action"]').first).to_be_visible()
    screenshot(ana, "shell-after-move-desktop")
    screenshot(ben, "shell-after-move-phone")


def test_a_rejected_action_shows_its_reason(live, context_factory):
    ana = context_factory().new_page()
    match_id = create_in_lobby(ana, live.base, "tally", seats=2)
    ben = Client(live.base, "Ben")
    ben.post(f"/api/matches/{match_id}/join")
    expect(ana.get_by_test_id("seat-1")).to_contain_text("Ben")
    ana.get_by_test_id("start").click()
    expect(ana.locator('[data-testid="action"]').first).to_be_visible()
    # An action the engine refuses: Ana tries to pick while nobody is picking.
    ana.evaluate("""() => window.caravela.act({type: 'pick', n: 3})""")
    expect(ana.get_by_test_id("reject")).to_contain_text("Nobody is picking now.")


def test_the_lobby_lists_games_and_fits_a_phone(live, context_factory):
    page = context_factory(viewport={"width": 360, "height": 740}).new_page()
    page.goto(live.base + "/")
    expect(page.get_by_test_id("create-game")).to_contain_text("Tally")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the lobby scrolls sideways on a phone ({width}px)"
    screenshot(page, "lobby-phone")


def test_a_whole_game_against_bots_ends_on_the_score_table(live, context_factory):
    page = context_factory().new_page()
    open_match_with_bots(page, live.base, "tally", seats=3)
    clicks = click_until_over(page, seed=1, limit_s=120)
    assert clicks > 0
    table = page.get_by_test_id("final-scores")
    for name in ("Ana", "Bot 2", "Bot 3"):
        expect(table).to_contain_text(name)
    expect(table).to_contain_text("Purse")
    screenshot(page, "shell-final-scores")
