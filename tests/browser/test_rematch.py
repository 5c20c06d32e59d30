"""Resign and rematch in Chromium: a rematch asked from the final table and
accepted by the other player from theirs, and a resignation by a second tap."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.app.finished import finished_match
from tests.app.test_resign import play_on
from tests.browser.conftest import console_errors, screenshot
from tests.browser.test_history import sign_in
from tests.helpers import started_match


def open_as(context_factory, base: str, who, match_id: str):
    page = context_factory().new_page()
    errors = console_errors(page)
    sign_in(page, base, who)
    page.goto(f"{base}/m/{match_id}")
    return page, errors


def test_a_rematch_asked_from_the_final_table_is_accepted_by_the_other_player(live, context_factory):
    match, (ana, ben), _ = finished_match(live.base)
    ana_page, ana_errors = open_as(context_factory, live.base, ana, match["id"])
    ben_page, ben_errors = open_as(context_factory, live.base, ben, match["id"])
    expect(ben_page.get_by_test_id("rematch")).to_be_visible()
    ana_page.get_by_test_id("rematch").click()
    ana_page.wait_for_url(re.compile(r".*/m/(?!" + re.escape(match["id"]) + r")[^/?]+$"))
    new_id = ana_page.url.rsplit("/", 1)[1]
    # Ana waits in the rematch's room; Ben's seat (now the first) waits for his answer.
    expect(ana_page.get_by_test_id("offer-0")).to_contain_text("waiting for an answer")
    expect(ana_page.get_by_test_id("offer-1")).to_contain_text("accepted")
    # Ben's final table turns into the offer, live, without reloading.
    banner = ben_page.get_by_test_id("rematch-banner")
    expect(banner).to_contain_text("Ana offers a rematch")
    screenshot(ben_page, "rematch-offered-to-ben")
    ben_page.get_by_test_id("rematch-accept").click()
    ben_page.wait_for_url(re.compile(r".*/m/" + re.escape(new_id) + "$"))
    for page in (ana_page, ben_page):
        page.wait_for_function("window.caravela && window.caravela.view !== null")
        expect(page.locator("#waiting")).to_be_hidden()
    assert ben_page.evaluate("window.caravela.seat") == 0 and ana_page.evaluate("window.caravela.seat") == 1
    assert ana_errors == [] and ben_errors == []


def test_a_player_resigns_with_a_second_tap_and_is_ranked_last(live, context_factory):
    match, (ana, ben) = started_match(live.base, options={"target": 9})
    page, errors = open_as(context_factory, live.base, ana, match["id"])
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    button = page.get_by_test_id("resign")
    button.click()
    expect(button).to_contain_text("Really resign?")
    expect(page.get_by_test_id("resigned-0")).to_have_count(0)
    button.click()
    expect(page.get_by_test_id("resigned-0")).to_be_visible()
    expect(page.get_by_test_id("resign")).to_be_hidden()
    play_on(ben, match["id"])  # Ana's seat is played by its bot
    rows = page.get_by_test_id("final-scores").locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_have_attribute("data-seat", "0")  # Ana, whatever her bot scored
    expect(rows.nth(0)).to_have_class(re.compile("winner"))
    expect(page.get_by_test_id("status-bar")).to_contain_text("Ben won")  # the status line places her last too
    screenshot(page, "resigned-ranked-last")
    assert errors == []


def test_a_rematch_offer_is_answered_from_your_matches_on_the_home_page(live, context_factory):
    match, (ana, ben), _ = finished_match(live.base)
    new = ana.post(f"/api/matches/{match['id']}/rematch").json()
    page = context_factory().new_page()
    errors = console_errors(page)
    sign_in(page, live.base, ben)
    page.goto(live.base + "/")
    entry = page.get_by_test_id(f"mine-{new['id']}")
    expect(entry).to_contain_text("Rematch offered")
    page.get_by_test_id(f"mine-accept-{new['id']}").click()
    page.wait_for_url(re.compile(r".*/m/" + re.escape(new["id"]) + "$"))
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    assert page.evaluate("window.caravela.seat") == 0
    assert errors == []


def test_the_old_tables_banner_shows_each_answer_live(live, context_factory):
    match, (ana, ben, carla), _ = finished_match(live.base, seats=3)
    page, errors = open_as(context_factory, live.base, ben, match["id"])
    expect(page.get_by_test_id("rematch")).to_be_visible()
    new = ana.post(f"/api/matches/{match['id']}/rematch").json()  # seats: Ben, Carla, Ana
    answers = page.get_by_test_id("rematch-answers")
    expect(answers).to_contain_text("Carla: waiting for an answer")
    expect(answers).to_contain_text("Ana: accepted")
    carla.post(f"/api/matches/{new['id']}/offer/decline")
    expect(answers).to_contain_text("Carla: declined")  # named, not "Seat 2", though a bot now sits there
    page.get_by_test_id("rematch-accept").click()
    page.wait_for_url(re.compile(r".*/m/" + re.escape(new["id"]) + "$"))
    page.wait_for_function("window.caravela && window.caravela.view !== null")  # all answered: it started
    assert errors == []
