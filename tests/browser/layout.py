"""The one layout, checked at a player's decision point: the shared browser check every game's
test calls (a fifth game gets it free).

At the moment a player must choose, `check_decision_point` asserts that
- every enabled control of the current choice can be reached: it is inside the window, or comes
  into it when the player scrolls (the page, the action bar, the panel or the board), and it is
  then the element found at its own centre (`elementFromPoint`: nothing covers it, sticky bars
  included);
- the chat input and Send are reachable the same way;
- the page never scrolls sideways;
- no text in the stage (`[data-stage]`) or the action bar is under 11 CSS px;
- on a desktop (1366 px and wider) the stage is at least 55 % of the window's width and every
  target the choice offers on it is at least 24 x 24 CSS px (WCAG 2.2 target size).
`check_rules` opens the rules from the page's control and finds a drawing in the dialog.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.legible import TextSizes

DOCS = Path(__file__).resolve().parent.parent.parent / "docs" / "screenshots"
SHOWN = ("1366x768", "390x844")  # the sizes whose screens docs/screenshots keeps
SIZES = {"1366x768": (1366, 768), "1920x1080": (1920, 1080), "390x844": (390, 844), "360x740": (360, 740)}
DESKTOP = 1366  # from this width the stage must take 55 % and its targets 24 px
MIN_TEXT_PX = 11
MIN_TARGET_PX = 24
STAGE_SHARE = 0.55

CHECK_JS = (Path(__file__).parent / "layout.js").read_text()
FIRST_STOP_JS = """() => {
  const all = document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
  const el = [...all].find((e) => !e.disabled && !e.closest('[hidden], [inert]'));
  return el && (el.dataset.testid || el.id);
}"""

# The board's tables seen during play (a running score sheet, a market), remembered in the page
# at each decision point: only a table drawn once the game is over can be a copy of the result.
TABLES_IN_PLAY_JS = """() => {
  window.__tablesInPlay = window.__tablesInPlay || [];
  for (const t of document.querySelectorAll('#board table')) window.__tablesInPlay.push(t.className);
}"""
# A table drawn in the board at the end with a row per player holding that player's name and
# final score: the game's own copy of the result, which the shared final screen replaces.
SECOND_TABLE_JS = """() => {
  const inPlay = new Set(window.__tablesInPlay || []);
  const scores = (window.caravela.view.outcome || {}).scores || [];
  const said = (el) => el.textContent.trim();
  const names = [...document.querySelectorAll('[data-testid="final-scores"] tbody tr')]
    .map((tr) => [Number(tr.dataset.seat), said(tr.querySelector('.who > a, .who > span:not(.chip, .tag)'))]);
  const out = [];
  for (const table of document.querySelectorAll('#board table')) {
    if (!table.getClientRects().length || inPlay.has(table.className)) continue;
    const rows = [...table.querySelectorAll('tr')].map((tr) => [tr.textContent, [...tr.cells].map(said)]);
    const has = ([seat, name]) => rows.some(([all, cells]) => all.includes(name) && cells.includes(`${scores[seat]}`));
    if (names.length && names.every(has)) out.push(table.className || 'table');
  }
  return out;
}"""


def check_decision_point(page: Page, where: str) -> dict:
    """Asserts the layout's promises at this decision point (see the module's header); returns
    what was measured (stage width, controls, stage targets)."""
    result = page.evaluate(
        CHECK_JS, {"minText": MIN_TEXT_PX, "minTarget": MIN_TARGET_PX, "share": STAGE_SHARE, "desktop": DESKTOP}
    )
    assert not result["problems"], f"{where}: " + "\n  ".join(result["problems"])
    page.evaluate(TABLES_IN_PLAY_JS)
    return result["facts"]


def check_rules(page: Page, where: str) -> None:
    """The rules are one control away and open a dialog with at least one drawing."""
    button = page.get_by_test_id("rules")
    expect(button).to_be_visible()
    button.click()
    dialog = page.get_by_test_id("rules-dialog")
    expect(dialog).to_be_visible()
    assert dialog.locator("svg.rules-drawing").count() >= 1, f"{where}: the rules hold no drawing"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def first_tab_stop(page: Page) -> str:
    """Returns the test id (or id) of the page's first Tab stop: the first focusable element in
    document order (the pages use no positive tabindex)."""
    return page.evaluate(FIRST_STOP_JS)


def keep(page: Page, name: str, docs: bool) -> None:
    """Saves the window as test-artifacts/<name>.png (and, for the English run, into the docs)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    if docs:
        shutil.copy(path, DOCS / path.name)


def check_final(page: Page, game: str, where: str, docs: bool) -> None:
    """The end changes the whole screen: the final table is in view, its title names the
    winner, and a wide breakdown scrolls inside the table, never the page."""
    page.set_viewport_size({"width": 1366, "height": 768})
    table = page.get_by_test_id("final-scores")
    expect(table).to_be_visible()
    expect(page.get_by_test_id("final-title")).to_be_visible()
    page.wait_for_timeout(300)
    top = page.get_by_test_id("final-title").bounding_box()
    assert top and 0 <= top["y"] < 768, f"{where}: the final table is out of view ({top})"
    seconds = page.evaluate(SECOND_TABLE_JS)
    assert not seconds, f"{where}: the board draws a final table of its own beside the shared one: {seconds}"
    heads = [t.strip().lower() for t in table.locator("thead th").all_text_contents()]
    assert not [h for h in heads if "tie" in h or "равенств" in h or "ничьей" in h], (
        f"{where}: a tie-break column: {heads}"
    )
    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        wide = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert wide <= 1, f"{where} {width}: the page scrolls sideways by {wide}px at the end"
    page.set_viewport_size({"width": 1366, "height": 768})
    page.get_by_test_id("final-title").scroll_into_view_if_needed()
    keep(page, f"{game}-final", docs)


def sample_final(page: Page, sizes: TextSizes) -> None:
    """Samples the text sizes of the end (final table and board) on a laptop and a phone, then
    checks the whole match's sample and prints its figures."""
    for size in SHOWN:
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(250)
        sizes.sample(page, f"{size} final")
    print(sizes.summary())
    sizes.check()
