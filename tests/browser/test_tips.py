"""Navegador and Coimbra explain every part of their boards, as Goa and Go Goa do: through the
first turns of a Russian game, no visible part of the board or the action bar is without a tap
text, and no tap text holds English."""

from __future__ import annotations

import random

import pytest

from tests.browser.conftest import console_errors
from tests.browser.play import ACTIONS, press
from tests.browser.russian import open_russian_match, russian_context
from tests.browser.tips import assert_every_part_explains_itself

# Latin a Russian Coimbra board may hold: the rules' phase letters and the monastery tiers.
COIMBRA_LABELS = frozenset({"A", "B", "C", "D", "E", "F", "I", "II", "III"})


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", ["navegador", "coimbra"])
def test_every_board_part_has_a_russian_tap_text_through_the_first_turns(game, size, live, context_factory):
    page = russian_context(context_factory).new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    errors = console_errors(page)
    names = open_russian_match(page, live.base, game, 2)
    allowed = COIMBRA_LABELS if game == "coimbra" else frozenset()
    rnd = random.Random(7)
    read = checks = 0
    for step in range(24):
        page.wait_for_timeout(300)
        read += assert_every_part_explains_itself(page, f"{game} step {step}", names, allowed)
        checks += 1
        controls = page.locator(ACTIONS)
        if controls.count():
            try:
                press(controls.nth(rnd.randrange(controls.count())), timeout=2000)
            except Exception:  # noqa: BLE001 - the control re-rendered under the cursor; look again
                continue
    assert checks == 24 and read > 24 * 100, f"{game}: only {read} parts read"
    assert not errors, errors
