"""One layout for every game, checked in Chromium (tests/browser/layout.py has the checks).

Each game is played to its end against a bot, in English and in Russian, by clicking its
controls; at each of the player's decision points the window takes the next of the four sizes
(1366x768, 1920x1080, 390x844, 360x740) and the layout's promises are checked there, so one
match a language covers every size many times over (a whole match per size would cost four
times as long and check the same screens). Go Goa is played by its own driver (plan cards,
dice, hexes) in test_gogoa_layout.py.
"""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import console_errors
from tests.browser.layout import (
    SHOWN,
    SIZES,
    check_decision_point,
    check_final,
    check_rules,
    first_tab_stop,
    keep,
    sample_final,
)
from tests.browser.legible import TextSizes
from tests.browser.play import ACTIONS, open_match_with_bots, press
from tests.browser.russian import open_russian_match, russian_context


def play_checking(
    page: Page, game: str, where: str, seed: int, docs: bool, sizes: TextSizes, limit_s: float = 600
) -> int:
    """Clicks random legal controls to the end, checking the layout at each decision point
    (a new version with controls to press) at the next window size, and sampling the size of
    every text the page shows there; returns the points checked."""
    rnd = random.Random(seed)
    order = list(SIZES.items())
    checked, points, shot = None, 0, set()
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if page.get_by_test_id("final-scores").is_visible():
            return points
        controls = page.locator(ACTIONS)
        if not controls.count():
            page.wait_for_timeout(50)
            continue
        v = page.evaluate("window.caravela.v")
        if v != checked:
            checked = v
            size, (width, height) = order[points % len(order)]
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(250)  # a renderer sized for the window redraws on resize
            if page.locator(ACTIONS).count() and page.evaluate("window.caravela.v") == v:
                if points == 0:
                    check_rules(page, where)
                check_decision_point(page, f"{where} {size} v{v}")
                sizes.sample(page, f"{size} v{v}")
                points += 1
                if size in SHOWN and size not in shot:
                    shot.add(size)
                    keep(page, f"{game}-{size}", docs)
            continue  # look at the controls again: the resize may have redrawn them
        count = controls.count()
        if not count:
            continue
        before = v
        try:
            press(controls.nth(rnd.randrange(count)), timeout=2000)
        except Exception:  # noqa: BLE001 - the control re-rendered under the cursor; look again
            continue
        try:
            page.wait_for_function(f"window.caravela.v !== {before}", timeout=1500)
        except Exception:  # noqa: BLE001 - a local draft step changes no version
            checked = None
    raise AssertionError(f"{where}: the game did not end within {limit_s} s")


@pytest.mark.parametrize("game", ["goa", "navegador", "coimbra"])
def test_every_decision_point_fits_every_window_in_english(game, live, context_factory):
    page = context_factory(viewport={"width": 1366, "height": 768}).new_page()
    errors = console_errors(page)
    open_match_with_bots(page, live.base, game, 2)
    page.locator(ACTIONS).first.wait_for()
    assert first_tab_stop(page) == "skip-actions"
    sizes = TextSizes(f"{game} en")
    points = play_checking(page, game, f"{game} en", seed=11, docs=True, sizes=sizes)
    assert points >= 8, f"only {points} decision points checked"
    check_final(page, game, f"{game} en", docs=True)
    sample_final(page, sizes)
    assert not errors, errors


@pytest.mark.parametrize("game", ["goa", "navegador", "coimbra"])
def test_every_decision_point_fits_every_window_in_russian(game, live, context_factory):
    page = russian_context(context_factory).new_page()
    page.set_viewport_size({"width": 1366, "height": 768})
    errors = console_errors(page)
    open_russian_match(page, live.base, game, 2)
    page.locator(ACTIONS).first.wait_for()
    sizes = TextSizes(f"{game} ru")
    points = play_checking(page, game, f"{game} ru", seed=12, docs=False, sizes=sizes)
    assert points >= 8, f"only {points} decision points checked"
    check_final(page, game, f"{game} ru", docs=False)
    sample_final(page, sizes)
    assert not errors, errors
