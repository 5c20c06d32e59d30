"""Every text of a match page reads at 11 px or more at each window size, from the first screen:
a quick look at the opening of each game (test_layout.py and test_gogoa_layout.py sample a
whole match per game and language the same way, with legible.TextSizes)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import console_errors
from tests.browser.layout import SIZES
from tests.browser.legible import TextSizes, open_in


@pytest.mark.parametrize("game", ["goa", "navegador", "coimbra", "gogoa"])
def test_the_first_screen_of_every_game_reads_at_eleven_px_at_every_size_in_russian(live, context_factory, game):
    page, _ = open_in(live, context_factory, game, "ru", seats=2, size=(1366, 768))
    errors = console_errors(page)
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    sizes = TextSizes(f"{game} ru")
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)  # a renderer sized for the window redraws on resize
        sizes.sample(page, size)
    print(sizes.summary())
    sizes.check(least_points=len(SIZES))
    assert not errors, errors
