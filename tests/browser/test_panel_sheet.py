"""The panel on a phone: players, log and chat as tabs at the window's foot, each opening its
part as a sheet, so the board and the action bar stay in view (static/js/core/match/sheet.js).
On a desktop the panel stays the column beside the stage and shows no tabs."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import console_errors
from tests.browser.layout import keep
from tests.browser.legible import open_in
from tests.browser.play import ACTIONS

TABS = {  # tab -> (the part it opens, its label in English and Russian)
    "players": ("players-card", {"en": "Players", "ru": "Игроки"}),
    "log": ("log-card", {"en": "Log", "ru": "Журнал"}),
    "chat": ("chat", {"en": "Chat", "ru": "Чат"}),
}
# The screens docs/screenshots keeps: the panel closed, the chat in English, the log in Russian.
SHOWN = {"sheet-closed-en", "sheet-chat-en", "sheet-log-ru"}
# The element found at a part's centre is the part itself or inside it: nothing covers it.
ON_TOP = """(el) => { const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && el.contains(hit); }"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_a_phone_the_panel_is_tabs_at_the_foot_and_each_part_one_tap_away(live, context_factory, lang):
    page, _ = open_in(live, context_factory, "goa", lang, seats=2, size=(390, 844))
    errors = console_errors(page)
    page.locator(ACTIONS).first.wait_for()
    tabs = page.get_by_test_id("panel-tabs")
    expect(tabs).to_be_visible()
    bar = tabs.bounding_box()
    assert bar and abs(bar["y"] + bar["height"] - 844) <= 1, f"the tabs are not at the window's foot: {bar}"
    closed = page.get_by_test_id("panel").bounding_box()
    assert closed and closed["height"] <= 80, f"the closed panel takes {closed}"
    # Closed, the panel leaves the window to the action bar and the stage.
    stage = page.locator("[data-stage]").bounding_box()
    assert stage and stage["y"] < 844 - closed["height"], f"the stage starts below the window: {stage}"
    keep(page, f"sheet-closed-{lang}", f"sheet-closed-{lang}" in SHOWN)
    for tab, (part, label) in TABS.items():
        button = page.get_by_test_id(f"panel-tab-{tab}")
        expect(button).to_have_text(label[lang])
        expect(button).to_have_attribute("aria-expanded", "false")
        expect(button).to_have_attribute("aria-controls", part)
        button.click()
        expect(button).to_have_attribute("aria-expanded", "true")
        expect(page.locator(f"#{part}")).to_be_in_viewport()
        for other in set(TABS) - {tab}:
            expect(page.locator(f"#{TABS[other][0]}")).to_be_hidden()
        assert page.locator(f"#{part}").evaluate(ON_TOP), f"{tab}: the part is covered"
        if tab == "log":  # newest first: the newest line is in sight
            expect(page.get_by_test_id("log").locator("li").first).to_be_in_viewport()
        if tab != "chat":
            keep(page, f"sheet-{tab}-{lang}", f"sheet-{tab}-{lang}" in SHOWN)
        button.click()  # a second tap closes it
        expect(button).to_have_attribute("aria-expanded", "false")
        expect(page.locator(f"#{part}")).to_be_hidden()
    # The chat: one tap, then type and send, with the input and Send uncovered.
    page.get_by_test_id("panel-tab-chat").click()
    for hook in ("chat-input", "chat-send"):
        expect(page.get_by_test_id(hook)).to_be_in_viewport()
        assert page.get_by_test_id(hook).evaluate(ON_TOP), f"{hook} is covered"
    page.get_by_test_id("chat-input").fill("hello from the sheet")
    page.get_by_test_id("chat-send").click()
    expect(page.get_by_test_id("chat-list")).to_contain_text("hello from the sheet")
    keep(page, f"sheet-chat-{lang}", f"sheet-chat-{lang}" in SHOWN)
    # Escape closes the sheet and gives the focus back to its tab.
    page.get_by_test_id("chat-input").focus()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("chat")).to_be_hidden()
    expect(page.get_by_test_id("panel-tab-chat")).to_be_focused()
    # From the keyboard: Enter on a focused tab opens its part, and Tab goes into it.
    page.get_by_test_id("panel-tab-log").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("panel-tab-log")).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_test_id("log")).to_be_in_viewport()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("log")).to_be_hidden()
    assert not errors, errors


def test_a_chat_line_heard_while_the_chat_is_closed_is_counted_on_its_tab(live, context_factory):
    page, _ = open_in(live, context_factory, "goa", "en", seats=2, size=(390, 844))
    errors = console_errors(page)
    page.locator(ACTIONS).first.wait_for()
    # A second page of the same player (another tab) says something.
    other = page.context.new_page()
    other.set_viewport_size({"width": 1366, "height": 768})
    other.goto(page.url)
    other.get_by_test_id("chat-input").fill("are you there?")
    other.get_by_test_id("chat-send").click()
    count = page.get_by_test_id("panel-tab-chat").locator(".panel-tab-count")
    expect(count).to_have_text("1")
    expect(count).to_have_attribute("aria-label", "1 new message")
    page.get_by_test_id("panel-tab-chat").click()
    expect(count).to_have_count(0)
    expect(page.get_by_test_id("chat-list")).to_contain_text("are you there?")
    assert not errors, errors


def test_on_a_desktop_the_panel_is_the_column_beside_the_stage_with_no_tabs(live, context_factory):
    page, _ = open_in(live, context_factory, "goa", "en", seats=2, size=(1366, 768))
    errors = console_errors(page)
    page.locator(ACTIONS).first.wait_for()
    expect(page.get_by_test_id("panel-tabs")).to_be_hidden()
    for part, _ in TABS.values():
        expect(page.locator(f"#{part}")).to_be_visible()
    side = page.get_by_test_id("panel").bounding_box()
    stage = page.locator("#stage-col").bounding_box()
    assert side and stage and side["x"] >= stage["x"] + stage["width"], (side, stage)
    expect(page.get_by_test_id("chat-input")).to_be_in_viewport()
    assert not errors, errors
