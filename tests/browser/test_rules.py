"""The rules dialog in real Chromium: one click from every game's match page opens the game's
rules with at least one drawing, legible and inside the window on a laptop and a phone, in
English and Russian, shut by Escape with the focus back on the button."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS, console_errors
from tests.browser.play import create_in_lobby, open_match_with_bots
from tests.browser.russian import english_words, open_russian_match, russian_context

GAMES = ["goa", "gogoa", "navegador", "coimbra"]
# Latin words a Russian dialog may hold: the game titles in its heading, phase numerals.
LATIN_OK = {"Navegador", "Coimbra", "I", "II", "III"}
SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
# Every text of the dialog with its size on screen: HTML by its computed font size, SVG text by
# its font size times the drawing's scale.
TEXTS_JS = """(dialog) => {
  const out = [];
  for (const el of dialog.querySelectorAll('*')) {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(' ');
    if (!own || el.localName === 'title' || !el.getClientRects().length) continue;
    let px = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) px = parseFloat(el.getAttribute('font-size') || px) * el.getScreenCTM().a;
    out.push({ text: own, px });
  }
  return out;
}"""


def check_dialog(page: Page, where: str, width: int, height: int) -> str:
    """Opens the rules from the status row's button and checks the dialog; returns its text."""
    page.set_viewport_size({"width": width, "height": height})
    button = page.get_by_test_id("rules")
    button.click()
    dialog = page.get_by_test_id("rules-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("svg.rules-drawing").first).to_be_visible()
    assert dialog.locator("svg.rules-drawing").count() >= 1
    focused = page.evaluate("document.getElementById('rules-dialog').contains(document.activeElement)")
    assert focused, f"{where}: the focus is not in the dialog"
    box = dialog.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"{where}: outside the window: {box}"
    assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, f"{where}: dialog taller than the window: {box}"
    wide = dialog.evaluate("(d) => d.scrollWidth - d.clientWidth")
    assert wide <= 1, f"{where}: the dialog scrolls sideways by {wide}px"
    for svg in dialog.locator("svg.rules-drawing").all():
        svg.scroll_into_view_if_needed()
        drawn = svg.bounding_box()
        inside = drawn and drawn["x"] >= box["x"] and drawn["x"] + drawn["width"] <= box["x"] + box["width"] + 0.5
        assert inside, f"{where}: a drawing wider than the dialog"
    small = [(t["text"], round(t["px"], 1)) for t in dialog.evaluate(TEXTS_JS) if t["px"] < 11]
    assert not small, f"{where}: text under 11 px: {small}"
    text = dialog.inner_text() + " " + " ".join(dialog.locator("svg text").all_text_contents())
    # The screenshot shows the first drawing with the text above it.
    dialog.locator("figure").first.evaluate("(f) => f.scrollIntoView({block: 'end'})")
    return text


def close_with_escape(page: Page, where: str) -> None:
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("rules-dialog")).to_be_hidden()
    assert page.evaluate("document.activeElement?.dataset?.testid") == "rules", f"{where}: focus not back on the button"


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_open_with_drawings_from_every_match_page_in_english(game, live, context_factory):
    page = context_factory().new_page()
    errors = console_errors(page)
    open_match_with_bots(page, live.base, game, 2)
    for size, (width, height) in SIZES.items():
        where = f"{game} en {size}"
        text = check_dialog(page, where, width, height)
        assert len(text) > 400, f"{where}: the rules say too little"
        page.screenshot(path=str(ARTIFACTS / f"rules-{game}-en-{size}.png"))
        close_with_escape(page, where)
    assert not errors, errors


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_read_in_russian_with_their_drawings(game, live, context_factory):
    page = russian_context(context_factory).new_page()
    errors = console_errors(page)
    names = open_russian_match(page, live.base, game, 2)
    for size, (width, height) in SIZES.items():
        where = f"{game} ru {size}"
        text = check_dialog(page, where, width, height)
        english = [w for w in english_words(text, names) if w not in LATIN_OK]
        assert not english, f"{where}: English in the rules: {english}"
        page.screenshot(path=str(ARTIFACTS / f"rules-{game}-ru-{size}.png"))
        # The close button shuts it too.
        page.get_by_test_id("rules-close").click()
        expect(page.get_by_test_id("rules-dialog")).to_be_hidden()
    assert not errors, errors


def test_the_rules_are_one_click_away_in_the_waiting_room(live, context_factory):
    page = context_factory(viewport={"width": 390, "height": 844}).new_page()
    errors = console_errors(page)
    create_in_lobby(page, live.base, "navegador", 2)
    expect(page.get_by_test_id("add-bot-1")).to_be_visible()  # still the waiting room
    check_dialog(page, "navegador waiting room", 390, 844)
    close_with_escape(page, "navegador waiting room")
    assert not errors, errors
