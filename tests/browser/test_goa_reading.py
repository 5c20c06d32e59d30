"""Goa in real Chromium as a new player reads it: a round at both sizes (what changed is
ringed, the status line says whose move), and the second tap of a bid, the undo of a quiet tile
use and the colony chance.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import console_errors
from tests.browser.contrast import contrast_failures
from tests.browser.play import open_match_with_bots, press
from tests.browser.test_goa import click_one, my_move

# ---- the table as a new player reads it-------------------------------------------

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
STATUS = "() => document.getElementById('status-bar').innerText"
# Records, on every redraw of the board, the ringed markers (how many, how they animate) and
# what the last move changed on a player's board (a tile or colony gained, a marker moved).
RINGS_JS = """() => { window.rings = []; window.changed = [];
  new MutationObserver(() => { const ring = [...document.querySelectorAll('.goa-marker.goa-last')];
      if (ring.length) window.rings.push([ring.length, getComputedStyle(ring[0]).animationName]);
      for (const e of document.querySelectorAll('.goa-player .goa-last'))
        window.changed.push([e.className, getComputedStyle(e).animationName]); })
    .observe(document.getElementById('board'), { childList: true, subtree: true }); }"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_goa_round_reads_right_to_a_new_player(live, context_factory, size):
    """Marks beyond colour, contrast, "You" in the status bar, the newest marker ringed (popping
    in only where motion is welcome) and the focus kept after a click, through a first round."""
    motion = "reduce" if size == "phone" else "no-preference"
    touch = size == "phone"
    page = context_factory(viewport=SIZES[size], reduced_motion=motion, has_touch=touch, is_mobile=touch).new_page()
    errors = console_errors(page)
    open_match_with_bots(page, live.base, "goa", seats=3)
    marks = [page.get_by_test_id(f"seat-{i}").locator(".chip").first.inner_text().strip() for i in range(3)]
    assert marks == ["A", "B2", "B3"], marks
    if touch:  # a finger reads a tile by tapping it: its name and effect, in a sheet
        expect(page.locator(".goa-tile").first).to_be_visible()
        # Read at once (the bots' moves redraw the board): where the first tile is and what it says.
        about, x, y = page.evaluate("""() => { const t = document.querySelector('.goa-tile');
            t.scrollIntoView({ block: 'center' }); const r = t.getBoundingClientRect();
            return [t.title, r.x + r.width / 2, r.y + 6]; }""")
        page.touchscreen.tap(x, y)  # on the tile's name, above any button on its cell
        expect(page.get_by_test_id("tip-text")).to_have_text(about)
        page.get_by_test_id("tip-close").tap()
    rnd = random.Random(8)
    seen: set[str] = set()
    page.evaluate(RINGS_JS)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and seen != {"place", "auction", "actions"}:
        if not my_move(page):
            page.wait_for_timeout(100)
            continue
        view = page.evaluate("window.caravela.view")
        phase = "choice" if view["pending"] else view["phase"]
        status = page.evaluate(STATUS)
        assert "Ana" not in status, f"the status bar names this player instead of saying you: {status}"
        if phase not in seen:
            seen.add(phase)
            read, low = contrast_failures(page)
            assert read > 100 and not low, f"{phase}: below the contrast ratio: {low}"
        if phase in ("place", "actions"):
            assert status.startswith("You"), status
        before = page.evaluate("window.caravela.v")
        if phase == "place":
            spot = page.locator(".goa-place[data-testid='action']").first
            spot.click()
            page.wait_for_function(f"window.caravela.v !== {before}")
            assert page.evaluate("document.activeElement !== document.body"), "the focus fell to the page"
            continue
        click_one(page, rnd)
        with contextlib.suppress(Exception):  # a first tap that only arms a button changes nothing yet
            page.wait_for_function(f"window.caravela.v !== {before}", timeout=3000)
    assert seen >= {"place", "auction", "actions"}, seen
    # While markers are placed the newest is ringed: the last move, popping in unless motion is unwelcome.
    rings = page.evaluate("window.rings")
    assert rings and {n for n, _ in rings} == {1}, rings
    assert {a for _, a in rings} == ({"none"} if motion == "reduce" else {"goa-pop"}), rings
    # After the auctions, the tiles won are ringed on their owners' boards (the same way).
    changed = page.evaluate("window.changed")
    assert any("goa-own" in c for c, _ in changed), changed
    assert {a for _, a in changed} == ({"none"} if motion == "reduce" else {"goa-pop"}), changed
    assert errors == []


# ---- confirm, undo and the colony chance-----------------------------------------

# Red tiles whose use reveals nothing: taking them back is allowed.
QUIET_RED = ("Ducats", "Colonist", "Ship", "Spice")


def red_tile_spots(page: Page) -> list:
    """The legal marker spots that hold a quiet red tile (read from the view to choose a click)."""
    view = page.evaluate("window.caravela.view")
    out = []
    for a in view["legal"]:
        if a["type"] == "place_marker":
            t = view["grid"][a["row"]][a["col"]]
            if t and t["kind"] == "red" and t["name"] in QUIET_RED:
                out.append(json.dumps(a, separators=(",", ":")))
    return out


PLAYERS_JS = "() => { const v = window.caravela.view; return JSON.stringify([v.players, v.you, v.pending]); }"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_bid_asks_for_a_second_tap_and_a_quiet_tile_use_can_be_undone(live, context_factory, size):
    page = context_factory(viewport=SIZES[size]).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_match_with_bots(page, live.base, "goa", seats=2)
    rnd = random.Random(1)
    confirmed = undone = False
    stepped = None  # what the players looked like before Ana's last step of a turn
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not undone:
        if not my_move(page):
            page.wait_for_timeout(100)
            continue
        view = page.evaluate("window.caravela.view")
        before = view and page.evaluate("window.caravela.v")
        mine = [t for t in view["players"][view["you"]["seat"]]["tiles"]] if view.get("you") else []
        quiet = [t["id"] for t in mine if t["kind"] == "red" and t["name"] in QUIET_RED]
        use = [
            page.locator(f"""[data-testid="action"][data-action^='{{"type":"use_tile"'][data-action*='"{t}"']""")
            for t in quiet
        ]
        use = [u.first for u in use if u.count()]
        spots = red_tile_spots(page)
        candidate = None  # the position before this click, if it is a step of Ana's turn
        if view["phase"] == "auction" and not confirmed:
            # A bid or a pass cannot be taken back: the first tap only asks.
            button = page.locator('[data-testid="action"][data-confirm="true"]').first
            button.click()
            expect(button).to_have_attribute("data-armed", "true")
            page.wait_for_timeout(300)
            assert page.evaluate("window.caravela.v") == before, "one tap sent the bid"
            button.click()
            page.wait_for_function(f"window.caravela.v !== {before}")
            confirmed = True
            continue
        if (
            view["phase"] == "auction"
            and view["auction"]["item"] != "flag"
            and view["auction"]["item"]["name"] in QUIET_RED
        ):
            box = page.get_by_test_id("goa-bid-input")
            keep = page.locator('[data-testid="action"][data-action^="{\\"type\\":\\"bid\\""]')
            if box.is_visible():
                box.fill(box.get_attribute("max"))
            with contextlib.suppress(Exception):  # no bid it can pay: pass instead
                press(keep.last) if keep.count() else click_one(page, rnd)
        elif spots:
            candidate = page.evaluate(PLAYERS_JS) if view["phase"] in ("actions", "extra") else None
            press(page.locator(f"[data-testid='action'][data-action='{spots[0]}']"))
        elif page.locator('[data-goa="undo"]').count() and stepped is not None:
            # Any step that revealed nothing (a tile used, a sack placed) can be taken back.
            page.locator('[data-goa="undo"]').click()
            page.wait_for_function("window.caravela.log.some((l) => l.key === 'goa.undo')")
            now = page.evaluate(PLAYERS_JS)
            # Compared as data: a patch may put an object's keys in another order than a fresh view.
            assert json.loads(now) == json.loads(stepped), "undo did not restore the position before the step"
            undone = True
            continue
        elif view["phase"] in ("actions", "extra") and use:
            candidate = page.evaluate(PLAYERS_JS)
            press(use[0])
        else:
            candidate = page.evaluate(PLAYERS_JS) if view["phase"] in ("actions", "extra") else None
            with contextlib.suppress(Exception):  # the control re-rendered under the cursor: look again
                click_one(page, rnd)
        with contextlib.suppress(Exception):  # a local re-render changes no version
            page.wait_for_function(f"window.caravela.v !== {before}", timeout=3000)
        # Only a step the server took moves the undo point: a first tap that only armed a
        # button, or a click that missed, leaves it where it was.
        if page.evaluate("window.caravela.v") != before:
            stepped = candidate
    assert confirmed, "never saw a bid to confirm"
    assert undone, "never had a step to take back"
    # Founding a colony shows the chance from the cards this seat has not seen.
    found = page.locator('[data-action^="{\\"type\\":\\"found\\""]')
    if found.count():
        assert re.search(r"\d+ % chance", found.first.inner_text()), found.first.inner_text()
    assert not errors, errors
