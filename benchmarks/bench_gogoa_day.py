"""A person's Go Goa day in Chromium: the taps it takes and the time with human pauses.

Prints figures and asserts nothing. ``python benchmarks/bench_gogoa_day.py [--days N]``
(default 4 days at each size, 1366x768 and 390x844, against two quick bots). Needs Debian's
Chromium and Playwright, as the browser tests do.

A day runs from the moment the dice wait for this seat to its Submit. The scripted person
pauses as one would: THINK_S to read the dice and "Where can you end today?", TAP_S between
taps, LOOK_S at the map before drawing; they give each die a role (a tap on the die, one on
the role), then tap the hex that ends the path on a new destination when one is marked (one
tap draws the whole straight run), else the farthest blue hex, turning on a gray one when
the straight way is spent; then Submit. The figure includes the server's answers.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

THINK_S, TAP_S, LOOK_S = 3.0, 0.7, 2.0
SIZES = {"1366x768": {"width": 1366, "height": 768}, "390x844": {"width": 390, "height": 844}}
ROLES = ("direction", "distance", "deviation")


def tap(page, locator, counter: list[int]) -> None:
    """One tap of a person: the click, then the pause before the next."""
    locator.click()
    counter[0] += 1
    page.wait_for_timeout(TAP_S * 1000)


def play_day(page, rnd: random.Random) -> tuple[int, float]:
    """Plays this seat's day like a person; returns (taps, seconds)."""
    from tests.browser.test_gogoa import HEXES_JS, SETTLED, hexes, state, wait_my_move

    wait_my_move(page)
    start = time.monotonic()
    taps = [0]
    page.wait_for_timeout(THINK_S * 1000)
    for role in ROLES:
        for die in range(3):
            if page.get_by_test_id(f"gg-die-{die}").is_disabled():
                continue
            if page.get_by_test_id(f"gg-die-{die}").get_attribute("aria-pressed") != "true":
                tap(page, page.get_by_test_id(f"gg-die-{die}"), taps)
            values = page.locator('[data-gg^="gg-role-direction-"][data-testid="action"]')
            named = page.locator(f'[data-gg="gg-role-{role}"]')
            button = values.first if role == "direction" and values.count() else named
            if button.is_enabled():
                tap(page, button, taps)
                given = f"Object.values(window.caravela.view.me.draft.roles).includes({die})"
                page.wait_for_function(f"{given} && {SETTLED}")
                break
            tap(page, page.get_by_test_id(f"gg-die-{die}"), taps)  # not this die: unselect it
    page.wait_for_function("window.caravela.view.me.draft.drawing === true")
    page.wait_for_timeout(LOOK_S * 1000)
    while not state(page)["finished"]:
        s = state(page)
        goal = hexes(page, page.evaluate(HEXES_JS)["goals"])
        blue = page.locator("polygon.gg-blue")
        gray = page.locator("polygon.gg-gray")
        if goal.count():
            target = goal.first
        elif blue.count():
            far = max(range(blue.count()), key=lambda i: json.loads(blue.nth(i).get_attribute("data-action"))["count"])
            target = blue.nth(far)
        else:
            target = gray.nth(rnd.randrange(gray.count()))
        tap(page, target, taps)
        page.wait_for_function(f"window.caravela.view.me.draft.path.length > {s['path']} && {SETTLED}")
    before = page.evaluate("JSON.stringify(window.caravela.view.me)")
    page.locator('[data-gg="gg-submit"]').click()
    taps[0] += 1
    page.wait_for_function(f"(b) => JSON.stringify(window.caravela.view.me) !== b && {SETTLED}", arg=before)
    return taps[0], time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=4)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import ARGS, CHROMIUM
    from tests.browser.play import open_match_with_bots
    from tests.browser.test_gogoa import choose_plans
    from tests.conftest import ThreadServer, fresh_sqlite_database

    print(f"a person's Go Goa day (pauses: think {THINK_S} s, tap {TAP_S} s, look {LOOK_S} s)")
    with ThreadServer(fresh_sqlite_database(Path(tempfile.mkdtemp())), bot_delay=0.05) as srv, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        for size, viewport in SIZES.items():
            context = browser.new_context(viewport=viewport, bypass_csp=True)
            context.set_default_timeout(60_000)
            page = context.new_page()
            open_match_with_bots(page, srv.base, "gogoa", seats=3)
            page.wait_for_function("window.caravela.view.phase === 'plans'")
            rnd = random.Random(7)
            choose_plans(page, rnd)
            days = [play_day(page, rnd) for _ in range(args.days)]
            taps = [t for t, _ in days]
            secs = [s for _, s in days]
            print(
                f"{size}: {args.days} days, taps per day {statistics.mean(taps):.1f} "
                f"(min {min(taps)}, max {max(taps)}), seconds per day {statistics.mean(secs):.1f} "
                f"(min {min(secs):.1f}, max {max(secs):.1f})"
            )
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
