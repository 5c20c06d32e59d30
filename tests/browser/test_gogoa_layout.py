"""Go Goa in the one layout (tests/browser/layout.py has the checks): a whole game against a bot,
in English and in Russian, clicked as gogoa_play.py does; the layout is checked at each of the
player's decision points (choosing plans, giving the dice their roles, drawing the path), the
window taking the next of the four sizes at each, so one game a language covers every size.
"""

from __future__ import annotations

import random
import time

from playwright.sync_api import Page, expect

from tests.browser.conftest import console_errors
from tests.browser.gogoa_play import assign_dice, choose_plans, draw_path, maybe_hire_guide, submit, wait_my_move
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
from tests.browser.play import open_match_with_bots
from tests.browser.russian import open_russian_match, russian_context


class Checker:
    """Checks a decision point at the next window size; keeps the first screen of each shown size."""

    def __init__(self, page: Page, where: str, docs: bool):
        self.page, self.where, self.docs = page, where, docs
        self.points, self.shot, self.facts = 0, set(), []
        self.sizes = TextSizes(where)

    def __call__(self, what: str) -> None:
        # Shifted by one every round of sizes, so the dice and the drawing both meet every size.
        size, (width, height) = list(SIZES.items())[(self.points + self.points // len(SIZES)) % len(SIZES)]
        self.page.set_viewport_size({"width": width, "height": height})
        self.page.wait_for_timeout(350)  # the map is drawn anew for a new window size
        self.facts.append(check_decision_point(self.page, f"{self.where} {size} {what}"))
        self.sizes.sample(self.page, f"{size} {what}")
        self.points += 1
        if size in SHOWN and (size, what) not in self.shot and what == "drawing":
            self.shot.add((size, what))
            keep(self.page, f"gogoa-{size}", self.docs)


def play_checking(page: Page, where: str, docs: bool) -> Checker:
    rnd = random.Random(21)
    check = Checker(page, where, docs)
    page.wait_for_function("window.caravela.view.phase === 'plans'")
    expect(page.locator('button[data-testid^="gg-plan-"]').first).to_be_visible()
    check_rules(page, where)
    check("plans")
    choose_plans(page, rnd)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if wait_my_move(page)["over"]:
            return check
        check("dice")
        if rnd.random() < 0.3:
            maybe_hire_guide(page, rnd)
        assign_dice(page, rnd)
        check("drawing")
        draw_path(page, rnd)
        submit(page)
    raise AssertionError(f"{where}: the game did not end in time")


def test_every_go_goa_decision_point_fits_every_window_in_english(live, context_factory):
    page = context_factory(viewport={"width": 1366, "height": 768}).new_page()
    errors = console_errors(page)
    open_match_with_bots(page, live.base, "gogoa", 2)
    page.wait_for_function("window.caravela.view.phase === 'plans'")
    assert first_tab_stop(page) == "skip-actions"
    check = play_checking(page, "gogoa en", docs=True)
    assert check.points >= 20, f"only {check.points} decision points checked"
    # On a desktop the map's hexes are targets of 24 px or more while drawing.
    assert any(f["targets"] for f in check.facts), "no decision point offered a target on the map"
    check_final(page, "gogoa", "gogoa en", docs=True)
    sample_final(page, check.sizes)
    assert not errors, errors


def test_every_go_goa_decision_point_fits_every_window_in_russian(live, context_factory):
    page = russian_context(context_factory).new_page()
    page.set_viewport_size({"width": 1366, "height": 768})
    errors = console_errors(page)
    open_russian_match(page, live.base, "gogoa", 2)
    check = play_checking(page, "gogoa ru", docs=False)
    assert check.points >= 20, f"only {check.points} decision points checked"
    check_final(page, "gogoa", "gogoa ru", docs=False)
    sample_final(page, check.sizes)
    assert not errors, errors
