"""Goa's action buttons say their costs in words: no arrows, no spice initials to decode.

A Goa turn is clicked through (random legal controls) until this seat may develop a column;
every development button must read as words ("taxes: advance to row 2, pay pepper and
1 ship"), in English and in Russian.
"""

from __future__ import annotations

import random
import re
import time

from playwright.sync_api import Page

from tests.browser.conftest import console_errors, screenshot
from tests.browser.play import ACTIONS, open_match_with_bots, press
from tests.browser.russian import open_russian_match, russian_context

PROGRESS = '[data-testid="action"][data-action*="\\"progress\\""]'
# The codes the buttons used to print: spice initials (G, Ci, P, N, Cl; Им, Кор, Пер, Мус, Гв)
# joined by "+", and the "↓" for a step down the development board.
CODES = re.compile(r"↓|(?<![\w-])(G|Ci|P|N|Cl|Им|Кор|Пер|Мус|Гв)(?=\s*[+)])")


def until_progress(page: Page, seed: int, limit_s: float = 120) -> list[str]:
    """Clicks random legal controls until development buttons show; returns their texts."""
    rnd = random.Random(seed)
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        found = page.locator(PROGRESS)
        if found.count():
            return [t.strip() for t in found.all_inner_texts()]
        controls = page.locator(ACTIONS)
        if not controls.count():
            page.wait_for_timeout(60)
            continue
        before = page.evaluate("window.caravela.v")
        try:
            press(controls.nth(rnd.randrange(controls.count())), timeout=2000)
            page.wait_for_function("(v) => window.caravela.v !== v", arg=before, timeout=3000)
        except Exception:  # noqa: BLE001 - re-rendered under the cursor, or a local step; look again
            continue
    raise AssertionError(f"no development button within {limit_s} s")


def check(texts: list[str], pay: str) -> None:
    assert texts, "no development button"
    for text in texts:
        assert not CODES.search(text), f"an unexplained code in {text!r}"
        assert pay in text, text


def test_development_buttons_say_their_cost_in_words(live, context_factory):
    page = context_factory(viewport={"width": 1366, "height": 768}).new_page()
    errors = console_errors(page)
    open_match_with_bots(page, live.base, "goa", seats=2)
    texts = until_progress(page, seed=4)
    check(texts, ", pay ")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator(PROGRESS).first.scroll_into_view_if_needed()
    screenshot(page, "gamefix-goa-actions-390")
    assert not errors, errors


def test_development_buttons_say_their_cost_in_words_in_russian(live, context_factory):
    page = russian_context(context_factory).new_page()
    page.set_viewport_size({"width": 1366, "height": 768})
    errors = console_errors(page)
    open_russian_match(page, live.base, "goa", seats=2)
    texts = until_progress(page, seed=4)
    check(texts, ", заплатить ")
    page.locator(PROGRESS).first.scroll_into_view_if_needed()
    screenshot(page, "gamefix-goa-actions-ru-1366")
    assert not errors, errors
