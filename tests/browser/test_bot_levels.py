"""The lobby offers the bots' levels: the host picks one per bot seat, and every seat shows it
("Bot · strong") to everyone, in English and Russian, at a desktop's and a phone's size; so
does the lobby's list of matches."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import console_errors, screenshot
from tests.browser.layout import SIZES
from tests.browser.legible import small_texts
from tests.browser.play import create_in_lobby
from tests.browser.russian import russian_context
from tests.helpers import Client

REACHABLE = """(el) => {
  el.scrollIntoView({ block: "center" });
  const b = el.getBoundingClientRect();
  const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
  return { inside: b.left >= 0 && b.right <= innerWidth && b.top >= 0 && b.bottom <= innerHeight,
           own: el === hit || el.contains(hit), tall: b.height,
           sideways: document.documentElement.scrollWidth > innerWidth };
}"""


def reachable(page: Page, testid: str) -> None:
    """The control can be brought into the window and nothing covers it; the page never scrolls sideways.

    The waiting room redraws once more when the socket's news of a seat arrives after the
    answer's: a control measured just as it was replaced is gone (no height), so it is found
    and measured again for a while before the test gives up.
    """
    for _ in range(20):
        got = page.get_by_test_id(testid).evaluate(REACHABLE)
        if got["inside"] and got["own"] and got["tall"] >= 24 and not got["sideways"]:
            return
        page.wait_for_timeout(250)
    raise AssertionError((testid, got))


@pytest.mark.parametrize("size", ["1366x768", "390x844"])
def test_the_host_chooses_each_bots_level_and_every_seat_shows_it(live, context_factory, size):
    width, height = SIZES[size]
    page = context_factory(viewport={"width": width, "height": height}).new_page()
    errors = console_errors(page)
    match_id = create_in_lobby(page, live.base, "tally", seats=3)
    for seat in (1, 2):
        page.get_by_test_id(f"add-bot-{seat}").click()
    # A new bot plays normal; the host is offered every level, weakest first.
    expect(page.get_by_test_id("level-2")).to_have_text("Bot · normal")
    levels = page.get_by_test_id("level-select-1")
    expect(levels).to_have_value("normal")
    assert levels.locator("option").all_text_contents() == ["Bot · easy", "Bot · normal", "Bot · strong"]
    reachable(page, "level-select-1")
    levels.select_option("strong")
    expect(page.get_by_test_id("level-1")).to_have_text("Bot · strong")
    expect(page.get_by_test_id("level-select-1")).to_have_value("strong")
    assert small_texts(page, "#waiting") == []
    screenshot(page, f"bot-levels-waiting-{size}")

    # A guest reading Russian sees the levels and no control to change them.
    guest = russian_context(context_factory).new_page()
    guest.set_viewport_size({"width": width, "height": height})
    guest.goto(f"{live.base}/m/{match_id}")
    expect(guest.get_by_test_id("level-1")).to_have_text("Бот · сильный")
    expect(guest.get_by_test_id("level-2")).to_have_text("Бот · обычный")
    expect(guest.get_by_test_id("level-select-1")).to_have_count(0)
    screenshot(guest, f"bot-levels-waiting-ru-{size}")

    # Once started the level stays on the seat and can no longer be changed.
    page.get_by_test_id("start").click()
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    expect(page.get_by_test_id("level-1")).to_have_text("Bot · strong")
    expect(page.get_by_test_id("level-select-1")).to_have_count(0)
    # The panels redraw at every move: scroll to whichever is there now.
    page.evaluate("document.querySelector('[data-testid=seat-1]').scrollIntoView({ block: 'center' })")
    assert small_texts(page, "#players") == []
    screenshot(page, f"bot-levels-playing-{size}")
    assert errors == []


SIDEWAYS = "document.documentElement.scrollWidth > innerWidth"


@pytest.mark.parametrize("size", ["1366x768", "390x844"])
def test_the_lobby_list_shows_the_level_of_each_bot_seat(live, context_factory, size):
    width, height = SIZES[size]
    ana = Client(live.base, "Ana")
    mid = ana.create(seats=4)["id"]
    for seat, level in ((1, "strong"), (2, "normal"), (3, None)):  # no level chosen: normal
        chosen = {"seat": seat} if level is None else {"seat": seat, "level": level}
        assert ana.post(f"/api/matches/{mid}/bots", chosen).status_code == 200
    shown = (("en", "Bot · strong", "2 × Bot · normal"), ("ru", "Бот · сильный", "2 × Бот · обычный"))
    for lang, strong, normals in shown:
        context = russian_context(context_factory) if lang == "ru" else context_factory()
        page = context.new_page()
        errors = console_errors(page)
        page.set_viewport_size({"width": width, "height": height})
        page.goto(live.base + "/")
        item = page.locator(f'.match-item[data-match-id="{mid}"]')
        # One tag per level, strongest first, the count when several bots play at it.
        expect(item.get_by_test_id(f"bots-of-{mid}").locator(".tag-bot")).to_have_text([strong, normals])
        item.scroll_into_view_if_needed()
        assert small_texts(page, f'.match-item[data-match-id="{mid}"]') == []
        assert not page.evaluate(SIDEWAYS)
        screenshot(page, f"bot-levels-lobby-{lang}-{size}")
        assert errors == []
