"""Go Goa's place names keep off the map's icons: at whole-map zoom on a phone a hex is a few
pixels across, and a name laid over a neighbour's icon hides the place it stands for.

Measured in Chromium on the drawn map: every name's box against every place icon's box (and
the start), at 390x844 and 1366x768 and zoomed in on the phone, in English and Russian; the
names stay at 11 px or more.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import console_errors
from tests.browser.legible import boxes, open_in, overlap, texts
from tests.browser.test_gogoa import choose_plans, wait_my_move

SIZES = [(390, 844), (1366, 768)]


def names_over_icons(page: Page) -> list[tuple[str, str]]:
    """The (name, icon) pairs whose boxes overlap by more than a sliver."""
    names = texts(page, '[data-testid="gg-map"] .gg-label')
    assert len(names) >= 5, f"too few names drawn to judge: {names}"
    icons = boxes(page, '[data-testid="gg-map"] .gg-icon, [data-testid="gg-map"] .gg-start')
    return [(n["text"], i["cls"]) for n in names for i in icons if overlap(n["box"], i, slack=1) > 4]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_place_names_never_lie_over_an_icon_at_whole_map_zoom(live, context_factory, lang):
    page, _ = open_in(live, context_factory, "gogoa", lang, seats=3, size=(390, 844))
    errors = console_errors(page)
    page.wait_for_function("window.caravela.view.phase === 'plans'")
    choose_plans(page, random.Random(3))
    wait_my_move(page)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(500)  # the renderer redraws names for the new size
        assert "gg-zoomed" not in (page.get_by_test_id("gg-map").get_attribute("class") or ""), "not the whole map"
        covered = names_over_icons(page)
        assert not covered, f"{lang} {width}px: names over icons: {covered}"
        small = [(t["text"], t["px"]) for t in texts(page, '[data-testid="gg-map"] .gg-label') if t["px"] < 10.95]
        assert not small, small
        page.get_by_test_id("gg-map").scroll_into_view_if_needed()
        page.screenshot(path=f"test-artifacts/gamefix-gogoa-map-{lang}-{width}.png")
    # Zoomed in round the tourist on the phone, the same holds.
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(500)
    page.get_by_test_id("gg-zoom").click()
    expect(page.get_by_test_id("gg-map")).to_have_class(re.compile(r"\bgg-zoomed\b"))
    page.wait_for_timeout(300)
    covered = names_over_icons(page)
    assert not covered, f"{lang} zoomed: names over icons: {covered}"
    assert not errors, errors
