"""Drives the real client like a person: create a match with bots, then click until the end."""

from __future__ import annotations

import contextlib
import random
import time

from playwright.sync_api import Locator, Page, expect

ACTIONS = '[data-testid="action"]:visible:not([disabled])'


def press(control, timeout: float | None = None) -> None:
    """Clicks a control like a person: twice when it asks for a second tap (`data-confirm`)."""
    confirm = control.get_attribute("data-confirm", timeout=timeout or 5000) == "true"
    control.click(timeout=timeout)
    if confirm:
        control.click(timeout=timeout)


def open_panel(page: Page, part: str) -> None:
    """Opens the panel's `part` ("players", "log", "chat") with its tab, as a phone's player
    taps it (static/js/core/match/sheet.js); on a desktop the panel is open beside the stage."""
    tab = page.get_by_test_id(f"panel-tab-{part}")
    if tab.is_visible() and tab.get_attribute("aria-expanded") != "true":
        tab.click()


def settled_box(page: Page, part: Locator, tries: int = 100) -> dict | None:
    """The part's bounding box, polled: a bot's move re-renders the board and, for an instant, the
    part is detached and has no box (seen in CI on the Coimbra and Navegador phone checks)."""
    box = None
    for _ in range(tries):
        box = part.bounding_box()
        if box:
            break
        page.wait_for_timeout(100)
    return box


def create_in_lobby(page: Page, base: str, game: str, seats: int, name: str = "Ana") -> str:
    """Names the player in the lobby and creates a match; returns its id (the page is on /m/{id})."""
    page.goto(base + "/")
    page.get_by_test_id("name-input").fill(name)
    page.get_by_test_id("save-name").click()
    page.get_by_test_id(f"create-game-{game}").check()
    page.get_by_test_id("create-seats").fill(str(seats))
    page.get_by_test_id("create-submit").click()
    page.wait_for_url("**/m/*")
    return page.url.rstrip("/").split("/")[-1]


def add_bot(page: Page, seat: int) -> None:
    """Seats a bot from the waiting room, as a person would: clicking again if a click went nowhere.

    The room redraws when the seat above fills (from the answer, then from the socket); a click
    that lands in that moment can miss, and a person would simply click again. A refusal is
    never retried: it fails with the room's own message.
    """
    seat_panel, button = page.get_by_test_id(f"seat-{seat}"), page.get_by_test_id(f"add-bot-{seat}")
    for attempt in range(3):
        if button.count() and button.is_enabled():  # else the first click is still on its way
            button.click()
        try:
            expect(seat_panel).to_have_attribute("data-kind", "bot", timeout=5000 if attempt < 2 else 15000)
            return
        except AssertionError:
            said = page.locator("#wait-msg")
            assert not said.count(), f"adding a bot at seat {seat} was refused: {said.inner_text()}"
            if attempt == 2:
                raise


def open_match_with_bots(page: Page, base: str, game: str, seats: int, name: str = "Ana") -> str:
    """Creates a match in the lobby, fills the other seats with bots, starts it; returns its id."""
    match_id = create_in_lobby(page, base, game, seats, name)
    for seat in range(1, seats):
        add_bot(page, seat)
    page.get_by_test_id("start").click()
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    return match_id


def click_until_over(page: Page, seed: int = 0, limit_s: float = 600, on_step=None) -> int:
    """Clicks random legal action controls until the final scores show; returns the clicks made."""
    rnd = random.Random(seed)
    clicks = 0
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if page.get_by_test_id("final-scores").is_visible():
            return clicks
        controls = page.locator(ACTIONS)
        count = controls.count()
        if not count:
            page.wait_for_timeout(50)
            continue
        before = page.evaluate("window.caravela.v")
        try:
            press(controls.nth(rnd.randrange(count)), timeout=2000)
        except Exception:  # noqa: BLE001 - the control re-rendered under the cursor; look again
            continue
        clicks += 1
        if on_step:
            on_step(page)
        # Wait for the server's answer (a new version) or a local draft step to re-render.
        with contextlib.suppress(Exception):  # noqa: BLE001 - a local draft step changes no version
            page.wait_for_function(f"window.caravela.v !== {before}", timeout=1500)
    raise AssertionError(f"the game did not end within {limit_s} s ({clicks} clicks)")


def final_table(
    page: Page, categories: dict[str, str], tie_break: tuple[str, str] | None = None
) -> tuple[dict, Locator]:
    """Returns the view's outcome and the shell's final score table, having checked that every
    breakdown category (key -> column heading) is still named by the engine and has its column,
    and that the tie-break (key, label), when given, is a note under the table, not a column."""
    outcome = page.evaluate("window.caravela.view.outcome")
    table = page.get_by_test_id("final-scores")
    expect(table).to_be_visible()
    headings = [t.strip() for t in table.locator("thead th").all_text_contents()]
    for key, label in categories.items():
        assert key in outcome["breakdown"][0], f"the engine no longer names {key!r}"
        assert label in headings, f"no {label!r} column in {headings}"
    if tie_break:
        key, label = tie_break
        assert key in outcome["breakdown"][0], f"the engine no longer names {key!r}"
        assert label not in headings, f"the tie-break {label!r} is a scoring column"
        expect(page.get_by_test_id("tie-break")).to_contain_text(f"{label}: ")
    return outcome, table
