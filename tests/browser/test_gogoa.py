"""Go Goa in real Chromium: a whole game clicked through the renderer, and secrecy of drafts.

Moves are made only by clicking the renderer's controls (plan cards, Keep, dice, role
buttons, guide buttons, blue and gray hexes, Submit); `window.caravela.view` is only read,
to know when to click and to check what each person's page holds.
"""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import console_errors, screenshot
from tests.browser.contrast import contrast_failures
from tests.browser.gogoa_play import (
    ONE_STEP,
    SETTLED,
    assign_dice,
    choose_plans,
    click_and_wait,
    draw_path,
    maybe_hire_guide,
    state,
    submit,
    wait_my_move,
)
from tests.browser.layout import first_tab_stop
from tests.browser.play import open_match_with_bots
from tests.browser.tips import assert_every_part_explains_itself

# ---- 1. a whole game ------------------------------------------------------------------------


def test_a_whole_go_goa_game_against_bots_reaches_the_score_screen(live, context_factory):
    started = time.monotonic()
    rnd = random.Random(7)
    page = context_factory().new_page()
    open_match_with_bots(page, live.base, "gogoa", seats=3)
    page.wait_for_function("window.caravela.view.phase === 'plans'")
    screenshot(page, "gogoa-plans-desktop")
    kept = choose_plans(page, rnd)

    days, guides, deviations, shots = 0, 0, 0, set()
    while True:
        s = wait_my_move(page)
        if s["over"]:
            break
        assert s["phase"] == "day" and not s["submitted"]
        guides += rnd.random() < 0.5 and maybe_hire_guide(page, rnd)
        assign_dice(page, rnd)
        if s["day"] == 2 and "drawing" not in shots:
            shots.add("drawing")
            screenshot(page, "gogoa-drawing-desktop")
            page.set_viewport_size({"width": 390, "height": 844})
            page.get_by_test_id("gg-zoom").click()  # local redraw: zoomed around Ana, as a phone shows it
            screenshot(page, "gogoa-drawing-phone-zoomed")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the page scrolls sideways on a phone while drawing ({width}px)"
            page.get_by_test_id("gg-zoom").click()
            screenshot(page, "gogoa-drawing-phone")
            page.set_viewport_size({"width": 1280, "height": 900})
        draw_path(page, rnd)
        deviations += page.evaluate("window.caravela.view.me.draft.deviations")
        submit(page)
        days += 1
        assert days <= 12
    assert days == 12, f"Ana drew {days} paths"

    # The score screen: every name, the engine's categories, the totals of the outcome.
    table = page.get_by_test_id("final-scores")
    expect(table).to_be_visible()
    outcome = page.evaluate("window.caravela.view.outcome")
    view = page.evaluate("window.caravela.view")
    assert [p["id"] for p in view["players"][0]["plans"]] == kept
    headers = [h.strip() for h in table.locator("thead th").all_text_contents()]
    for label in ("Destinations", "Dudhsagar", "Tour plans", "5-type sets", "Same type"):
        assert label in headers, (label, headers)
    assert "Beaches (tie-break)" not in headers, headers  # a note under the table
    expect(page.get_by_test_id("tie-break")).to_contain_text("Beaches (tie-break): ")
    names = {0: "Ana", 1: "Bot 2", 2: "Bot 3"}
    cats = []  # the shell shows each category once and adds its own total column
    for b in outcome["breakdown"]:
        cats += [k for k in b if k not in cats and k not in ("total", "beaches")]
    assert {"destinations", "dudhsagar", "tour_plans", "five_type_sets", "same_type"} <= set(cats)
    for seat, name in names.items():
        row = table.locator(f'tbody tr[data-seat="{seat}"]')
        expect(row).to_contain_text(name)
        cells = [c.strip() for c in row.locator("td").all_inner_texts()]
        # rank, one cell per category in the engine's order, then the total.
        assert cells[1:-1] == [str(outcome["breakdown"][seat][c]) for c in cats], (name, cells)
        assert int(cells[-1]) == outcome["scores"][seat]
        b = outcome["breakdown"][seat]
        assert (
            outcome["scores"][seat]
            == b["total"]
            == sum(b[c] for c in ("destinations", "dudhsagar", "tour_plans", "five_type_sets", "same_type"))
        )
        # The visits by type behind the breakdown (seed "Scoring").
        visited = view["players"][seat]["visited"]
        kinds = {d["code"]: d["type"] for d in view["sheet"]["destinations"]}
        counts = [sum(kinds[c] == k for c in visited) for k in view["sheet"]["types"]]
        assert b["destinations"] == 10 * len(visited)
        assert b["dudhsagar"] == (20 if "W3" in visited else 0)
        assert b["five_type_sets"] == 30 * min(counts)
        assert b["same_type"] == sum(30 if n >= 6 else 10 if n >= 3 else 0 for n in counts)
        assert b["beaches"] == counts[view["sheet"]["types"].index("beach")]
        assert b["tour_plans"] == sum(p["points"] for p in view["players"][seat]["plans"] if p["complete"])
    ranking = [int(r.get_attribute("data-seat")) for r in table.locator("tbody tr").all()]
    assert ranking == outcome["ranking"]
    # The final line of the status bar names the winner.
    for seat in outcome["winners"]:
        expect(page.get_by_test_id("status-bar")).to_contain_text(names[seat])
    # The renderer's own score sheet agrees too (sites visited per player).
    sheet = page.get_by_test_id("gg-sheet")
    for seat in names:
        cells = sheet.locator(f'tbody tr[data-seat="{seat}"] td').all_inner_texts()
        assert int(cells[0]) == len(view["players"][seat]["visited"])
        assert int(cells[-1]) == outcome["scores"][seat]
    assert outcome["scores"][0] > 0 or view["players"][0]["visited"] == []

    screenshot(page, "gogoa-final-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    screenshot(page, "gogoa-final-phone")
    # The phone score table: the player column pinned, every total in view without scrolling sideways.
    for cell in page.get_by_test_id("final-scores").locator("td.total").all():
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, f"a total lies outside the phone screen: {box}"
    assert (
        page.get_by_test_id("final-scores")
        .locator('th[scope="row"]')
        .first.evaluate("(e) => getComputedStyle(e).position")
        == "sticky"
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the score screen scrolls sideways on a phone ({width}px)"
    elapsed = time.monotonic() - started
    print(
        f"\nwhole game: {days} days, {guides} guides, {deviations} deviations, "
        f"scores {outcome['scores']}, {elapsed:.1f} s"
    )


# ---- 1b. the map reads at both sizes, and the controls stay in reach -----------------------

# Every label's and token's size on screen: font size in user units times the map's scale.
MAP_JS = """() => {
  const px = (el) => parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a;
  const map = document.querySelector('svg.gg-map').getBoundingClientRect();
  const compass = document.querySelector('svg.gg-compass').getBoundingClientRect();
  const tokens = [...document.querySelectorAll('.gg-token')].map((c) => {
    const r = c.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2, r.width / 2, c.parentNode.dataset.at]; });
  return {labels: [...document.querySelectorAll('.gg-label')].map(px),
          names: [...document.querySelectorAll('.gg-label')].map((e) => e.textContent),
          inView: [...document.querySelectorAll('.gg-icon')].filter((e) => {
            const r = e.getBoundingClientRect();
            return r.x >= map.x && r.y >= map.y && r.right <= map.right && r.bottom <= map.bottom; }).length,
          tokens, map: [map.x, map.y, map.width, map.height],
          compass: [compass.x, compass.y, compass.width, compass.height],
          ends: [...document.querySelectorAll('[data-end]')].map((e) => e.dataset.end).sort(),
          goals: [...document.querySelectorAll('[data-goal]')].map((e) => e.dataset.goal).sort(),
          scrollWidth: document.documentElement.scrollWidth};
}"""


def overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def check_map(page: Page, width: int) -> dict:
    """The map's promises at one window size; returns what was measured."""
    m = page.evaluate(MAP_JS)
    # Fewer names rather than smaller ones, but names: eight, or (a zoomed map showing fewer
    # places) every place in view and the start.
    assert len(m["labels"]) >= min(8, m["inView"] + 1), (m["names"], m["inView"])
    assert min(m["labels"]) >= 11, f"a place label is {min(m['labels']):.1f} px on screen at {width} px"
    assert not overlap(m["map"], m["compass"]), "the compass lies on the map"
    for i, a in enumerate(m["tokens"]):  # tourists on one hex fan out: no token hides another
        for b in m["tokens"][i + 1 :]:
            if a[3] == b[3]:
                assert ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 >= a[2] + b[2] - 0.5, m["tokens"]
    assert m["scrollWidth"] <= width
    view = page.evaluate("window.caravela.view")
    me = view["players"][view["me"]["seat"]]
    goals = sorted({c for p in me["plans"] for c in p["destinations"] if c not in p["done"]})
    assert m["goals"] == goals, "your plan destinations are outlined on the map"
    return m


def test_the_map_reads_at_both_sizes_marks_end_hexes_and_keeps_the_controls_pinned(live, context_factory):
    rnd = random.Random(11)
    page = context_factory(viewport={"width": 1366, "height": 768}).new_page()
    open_match_with_bots(page, live.base, "gogoa", seats=3)
    page.wait_for_function("window.caravela.view.phase === 'plans'")
    choose_plans(page, rnd)
    wait_my_move(page)
    # Everyone stands on Start: three tokens on one hex.
    check_map(page, 1366)
    box = page.get_by_test_id("gg-map").bounding_box()
    assert box["y"] < 768 / 2 and box["y"] + box["height"] <= 768 + 1, f"the map does not fit the window: {box}"
    # Before the dice have roles: what each assignment could reach is listed.
    expect(page.get_by_test_id("gg-reach")).to_be_visible()
    assign_dice(page, rnd)
    m = check_map(page, 1366)
    draft = page.evaluate("window.caravela.view.me.draft")
    assert m["ends"] == sorted(",".join(map(str, h)) for h in draft["ends"]) and m["ends"]
    # The acting controls live in the sticky status row: in reach after scrolling down.
    page.mouse.wheel(0, 2000)
    page.wait_for_timeout(200)
    bar = page.get_by_test_id("status-actions")
    expect(bar.get_by_test_id("gg-die-0")).to_be_in_viewport()
    assert bar.locator('[data-gg="gg-undo"]').count() == 1
    draw_path(page, rnd)
    expect(bar.locator('[data-gg="gg-submit"]')).to_be_in_viewport()
    end = ",".join(map(str, page.evaluate("window.caravela.view.me.draft.position")))
    assert page.evaluate(MAP_JS)["ends"] == [end]  # complete: only where it ends is marked
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(400)  # the renderer redraws for the new size
    assert check_map(page, 390)["ends"] == [end]  # the end hex stays marked on a phone
    page.get_by_test_id("gg-zoom").click()
    assert check_map(page, 390)["ends"] == [end]
    expect(bar.locator('[data-gg="gg-submit"]')).to_be_in_viewport()
    submit(page)


def test_the_keyboard_keeps_its_place_and_can_skip_to_the_actions(live, context_factory):
    rnd = random.Random(5)
    page = context_factory().new_page()
    open_match_with_bots(page, live.base, "gogoa", seats=2)
    page.wait_for_function("window.caravela.view.phase === 'plans'")
    choose_plans(page, rnd)
    wait_my_move(page)
    # Rules help is one click away and is written in sections.
    page.get_by_test_id("rules").click()
    dialog = page.get_by_test_id("rules-dialog")
    expect(dialog).to_be_visible()
    assert dialog.locator("section").count() >= 5 and "deviation" in dialog.inner_text()
    page.get_by_test_id("rules-close").click()
    expect(dialog).to_be_hidden()
    # The log in days: the newest day on top, its "Day 1" line first, then its lines newest first.
    groups = page.get_by_test_id("log").locator(":scope > li.log-group")
    expect(groups.first.locator("li.log-head")).to_contain_text("Day 1")
    for g in groups.all():
        ns = [int(n) for n in g.locator("li.log-line").evaluate_all("els => els.map((e) => e.dataset.n)")]
        assert ns[1:] == sorted(ns[1:], reverse=True), f"lines of a day not newest first: {ns}"
    assert len(groups.all()) >= 2  # the plan deal, then day 1
    focused = "() => { const e = document.activeElement; return e && (e.dataset.testid || e.dataset.gg || e.id); }"
    # "Skip to actions" is the page's first Tab stop and lands on a legal action.
    assert first_tab_stop(page) == "skip-actions"
    page.locator("#skip-actions").focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.closest('#status-actions, #board') !== null")
    # A die chosen by keyboard keeps the focus through the redraw it causes.
    page.get_by_test_id("gg-die-1").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("gg-die-1")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(focused) == "gg-die-1"
    # A role given by keyboard: after the server's answer the focus is on the next control, not lost.
    role = page.locator('[data-gg^="gg-role-"][data-testid="action"]').first
    role.focus()
    before = page.evaluate("JSON.stringify(window.caravela.view.me)")
    page.keyboard.press("Enter")
    page.wait_for_function(f"(b) => JSON.stringify(window.caravela.view.me) !== b && {SETTLED}", arg=before)
    assert page.evaluate("document.activeElement !== document.body")
    assert page.evaluate("document.activeElement.closest('#status-actions, #board') !== null")


def test_a_tap_explains_a_hex_and_a_long_press_explains_a_control_on_a_phone(live, context_factory):
    context = context_factory(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_match_with_bots(page, live.base, "gogoa", seats=2)
    page.wait_for_function("window.caravela.view.phase === 'plans'")
    assert_every_part_explains_itself(page, "plan choice")
    sheet = page.get_by_test_id("tip-sheet")
    # A tap on a hex (not a control now) opens its text: the place and who stands there.
    start = ",".join(map(str, page.evaluate("window.caravela.view.sheet.start")))
    page.locator(f'polygon[data-hex="{start}"]').tap()
    expect(sheet).to_be_visible()
    expect(page.get_by_test_id("tip-text")).to_contain_text("Start")
    expect(page.get_by_test_id("tip-text")).to_contain_text("Ana")
    page.get_by_test_id("tip-close").tap()
    expect(sheet).to_be_hidden()
    # A tap on a plan card picks it (a control), with no sheet.
    card = page.locator('button[data-testid^="gg-plan-"]').first
    card.tap()
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(sheet).to_be_hidden()
    # A long press on it explains it instead, and the click it ends with does not unpick it.
    card.evaluate("""(el) => new Promise((done) => {
        const at = { bubbles: true, pointerType: 'touch', clientX: 5, clientY: 5 };
        el.dispatchEvent(new PointerEvent('pointerdown', at));
        setTimeout(() => { el.dispatchEvent(new PointerEvent('pointerup', at)); el.click(); done(); }, 700); })""")
    expect(sheet).to_be_visible()
    expect(page.get_by_test_id("tip-text")).to_contain_text("Tour plan")
    expect(card).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()


SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
STATUS = "() => document.getElementById('status-bar').innerText"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_go_goa_day_reads_right_to_a_new_player(live, context_factory, size):
    """What a new player needs on one day: marks beyond colour, contrast, "you", the words
    while assigning and at one hex left, undo, focus after a click, the last day marked."""
    # The phone asks for reduced motion: the day just revealed is marked without animation.
    motion = "reduce" if size == "phone" else "no-preference"
    page = context_factory(viewport=SIZES[size], reduced_motion=motion).new_page()
    errors = console_errors(page)
    open_match_with_bots(page, live.base, "gogoa", seats=3)
    page.wait_for_function("window.caravela.view.phase === 'plans'")
    rnd = random.Random(21)
    # Seats are told apart without colour: "A", "B2", "B3" on the panels and the map's chips.
    marks = [page.get_by_test_id(f"seat-{i}").locator(".chip").first.inner_text().strip() for i in range(3)]
    assert marks == ["A", "B2", "B3"], marks
    choose_plans(page, rnd)
    wait_my_move(page)
    assert [t.strip() for t in page.locator(".gg-top .gg-disc").all_inner_texts()] == marks
    read, low = contrast_failures(page)
    assert read > 100 and not low, f"below the contrast ratio: {low}"
    # Assigning: the status says so (not "draw"), and never names this player but "you".
    status = page.evaluate(STATUS)
    assert "role" in status and "draw" not in status.lower() and "Ana" not in status, status
    assert "drawing" not in page.get_by_test_id("board").inner_text().lower()
    # A die clicked keeps the focus through the redraw; a role given by a click too.
    page.get_by_test_id("gg-die-0").click()
    expect(page.get_by_test_id("gg-die-0")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("document.activeElement.dataset.testid") == "gg-die-0"
    assign_dice(page, rnd)
    assert page.evaluate("document.activeElement !== document.body"), "the focus fell to the page after a click"
    # Drawing one hex at a time; "Undo" takes the first back; at one hex left, "1 hex".
    page.locator(ONE_STEP).click()
    page.wait_for_function(f"window.caravela.view.me.draft.path.length === 1 && {SETTLED}")
    click_and_wait(page, page.locator('[data-gg="gg-undo"]'))
    assert state(page)["path"] == 0
    while state(page)["path"] == 0 or not state(page)["finished"]:
        s = state(page)
        steps_left = page.evaluate("window.caravela.view.me.draft.steps_left")
        if steps_left == 1:
            status = page.evaluate(STATUS)
            assert "1 hex left" in status and "hexes" not in status, status
        if s["finished"]:
            break
        page.locator(ONE_STEP).click()
        page.wait_for_function(f"window.caravela.view.me.draft.path.length > {s['path']} && {SETTLED}")
    # The paths revealed next are drawn in once (class gg-new on the first redraw): record them.
    page.evaluate("""() => { window.drawnIn = [];
        new MutationObserver(() => { for (const e of document.querySelectorAll('polyline.gg-new'))
            window.drawnIn.push(getComputedStyle(e).animationName); })
          .observe(document.getElementById('board'), { childList: true, subtree: true }); }""")
    submit(page)
    wait_my_move(page)
    # Day 2: the paths of day 1 stay marked as the last move, animated only where motion is welcome.
    expect(page.locator("polyline.gg-path.gg-latest")).to_have_count(3)
    animations = set(page.evaluate("window.drawnIn"))
    assert animations == ({"none"} if motion == "reduce" else {"gg-draw"}), animations
    assert "Ana" not in page.evaluate(STATUS)
    read, low = contrast_failures(page)
    assert not low, f"below the contrast ratio: {low}"
    assert errors == []
