"""Go Goa in real Chromium: a whole game clicked through the renderer, and secrecy of drafts.

Moves are made only by clicking the renderer's controls (plan cards, Keep, dice, role
buttons, guide buttons, blue and gray hexes, Submit); `window.caravela.view` is only read,
to know when to click and to check what each person's page holds.
"""

from __future__ import annotations

import json
import random
import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import console_errors, screenshot
from tests.browser.contrast import contrast_failures
from tests.browser.play import create_in_lobby, open_match_with_bots
from tests.browser.russian import assert_no_english, open_russian_match, russian_context
from tests.browser.tips import assert_every_part_explains_itself

ROLES = ("direction", "distance", "deviation")

# What one page's view says about its own seat right now (read only).
STATE_JS = """() => {
  const v = window.caravela.view;
  if (!v) return null;
  const seat = window.caravela.seat;
  const d = v.me && v.me.draft;
  return {
    v: window.caravela.v, over: !!v.over, phase: v.phase, day: v.day, seat,
    mine: (v.to_act || []).includes(seat) && (v.legal || []).length > 0,
    kept: v.me ? v.me.kept : null,
    drawing: !!(d && d.drawing), finished: !!(d && d.finished), submitted: !!(d && d.submitted),
    path: d ? d.path.length : 0, roles: d ? Object.values(d.roles || {}).filter((x) => x != null).length : 0,
  };
}"""


def state(page: Page) -> dict:
    return page.evaluate(STATE_JS)


# Nothing in flight: the shell shows "sending" from an action until its answer, and the
# renderer ignores clicks meanwhile (the new view arrives just before the answer).
SETTLED = "!document.querySelector('#status-bar .sending-note')"


def click_and_wait(page: Page, locator, timeout: float = 10_000) -> None:
    """Clicks a control that sends an action and waits until the page shows its effect.

    The effect is a change in the seat's own part of the view (`me`): a new version alone
    may come from a bot's move made meanwhile.
    """
    before = page.evaluate("JSON.stringify(window.caravela.view.me)")
    locator.click()
    page.wait_for_function(
        f"(b) => JSON.stringify(window.caravela.view.me) !== b && {SETTLED}", arg=before, timeout=timeout
    )


def wait_my_move(page: Page, timeout_s: float = 60) -> dict:
    """Waits until this seat has something to do (or the game is over); returns the state."""
    page.wait_for_function(
        """() => { const v = window.caravela.view; const s = window.caravela.seat;
                   return v && (v.over || ((v.to_act || []).includes(s) && (v.legal || []).length > 0)); }""",
        timeout=timeout_s * 1000,
    )
    return state(page)


def gg(page: Page, name: str):
    """A renderer control by its stable name (`data-gg`, kept whether or not it is legal now)."""
    return page.locator(f'[data-gg="{name}"]')


def choose_plans(page: Page, rnd: random.Random) -> list[str]:
    """Clicks two of the four dealt plan cards, then Keep; returns the kept ids."""
    cards = page.locator('button[data-testid^="gg-plan-"]')
    expect(cards).to_have_count(4)
    ids = [cards.nth(i).get_attribute("data-testid").removeprefix("gg-plan-") for i in range(4)]
    picked = rnd.sample(ids, 2)
    keep = gg(page, "gg-keep")
    expect(keep).to_be_disabled()
    for pid in picked:
        page.get_by_test_id(f"gg-plan-{pid}").click()
        expect(page.get_by_test_id(f"gg-plan-{pid}")).to_have_attribute("aria-pressed", "true")
    expect(keep).to_be_enabled()
    assert json.loads(keep.get_attribute("data-action")) == {"type": "keep_plans", "plans": sorted(picked)}
    click_and_wait(page, keep)
    page.wait_for_function("window.caravela.view.me.kept !== null")
    return sorted(picked)


def select_die(page: Page, die: int, on: bool = True) -> None:
    """Clicks a die face to select it (or to deselect it) unless it already is."""
    face = page.get_by_test_id(f"gg-die-{die}")
    if (face.get_attribute("aria-pressed") == "true") != on:
        face.click()
    expect(face).to_have_attribute("aria-pressed", "true" if on else "false")


def maybe_hire_guide(page: Page, rnd: random.Random) -> bool:
    """When a circled guide may be hired, clicks a die and then an enabled ±1 guide button."""
    if not page.locator('[data-gg^="gg-guide-"]').count():
        return False
    for die in rnd.sample(range(3), 3):
        select_die(page, die)
        enabled = page.locator('[data-gg^="gg-guide-"][data-testid="action"]:not([disabled])')
        if enabled.count():
            button = enabled.nth(rnd.randrange(enabled.count()))
            action = json.loads(button.get_attribute("data-action"))
            assert action["type"] == "use_guide" and action["die"] == die
            click_and_wait(page, button)
            return True
        select_die(page, die, on=False)
    return False


def assign_dice(page: Page, rnd: random.Random) -> None:
    """Gives each die a role the way a person does: click a die, then a role button."""
    for role in ROLES:
        done = False
        for die in rnd.sample(range(3), 3):
            face = page.get_by_test_id(f"gg-die-{die}")
            if face.is_disabled():
                continue  # this die already has a role
            select_die(page, die)
            # "Any value" special case: one button per direction value.
            values = page.locator('[data-gg^="gg-role-direction-"][data-testid="action"]')
            button = values.first if role == "direction" and values.count() else gg(page, f"gg-role-{role}")
            if button.is_enabled():
                action = json.loads(button.get_attribute("data-action"))
                assert action["type"] == "assign" and action["role"] == role and action["die"] == die
                click_and_wait(page, button)
                done = True
                break
            select_die(page, die, on=False)  # and try another die
        assert done, f"no die could take the {role} role"
    page.wait_for_function("window.caravela.view.me.draft.drawing === true")


# Where a person would look on the map (read from the view only to choose what to click):
# `goals` = highlighted hexes that end the path on a destination not yet visited;
# `next_gray` = the first hex of each deviation (a turn drawing one hex).
HEXES_JS = """() => {
  const v = window.caravela.view, d = v.me.draft, seen = v.players[v.me.seat].visited;
  const key = (hx) => hx.join(",");
  const want = new Set(v.sheet.destinations.filter((x) => !seen.includes(x.code)).map((x) => key(x.hex)));
  const ends = (hexes) => hexes.filter((hx, i) => i + 1 === d.steps_left && want.has(key(hx))).map(key);
  const options = d.deviation_options || [];
  return {goals: [...ends(d.ahead || []), ...options.flatMap((o) => ends(o.hexes))],
          next_gray: options.map((o) => key(o.hexes[0]))};
}"""
ONE_STEP = 'polygon.gg-blue[data-action=\'{"type":"step","count":1}\']'


def hexes(page: Page, keys: list[str], kinds=("gg-blue", "gg-gray")):
    """The highlighted hexes among `keys` (a locator matching nothing when there are none)."""
    return page.locator(", ".join(f'polygon.{c}[data-hex="{k}"]' for k in keys for c in kinds) or "gg-none")


def draw_path(page: Page, rnd: random.Random, deviate_p: float = 0.3, one_hex: bool = False, after_step=None) -> None:
    """Draws the path by clicking highlighted hexes until it has its full length.

    Blue hexes go straight on (one `step` action); a gray hex turns there (a deviation, then
    steps). "Use deviation" turns before the first step. `one_hex` draws one hex at a time;
    otherwise a highlighted hex that ends the path on a new destination is preferred.
    """
    while True:
        s = state(page)
        if s["finished"]:
            return
        use = page.get_by_test_id("gg-use-deviation")
        if s["path"] == 0 and use.count() and rnd.random() < deviate_p:
            use.click()  # local: shows the gray hexes
        blue = page.locator("polygon.gg-blue")
        gray = page.locator("polygon.gg-gray")
        expect(blue.or_(gray).first).to_be_visible()
        seen = page.evaluate(HEXES_JS)
        goal = hexes(page, [] if one_hex else seen["goals"])
        if goal.count():
            target = goal.first
        elif gray.count() and rnd.random() < deviate_p:
            near = hexes(page, seen["next_gray"], ["gg-gray"]).first
            target = near if one_hex else gray.nth(rnd.randrange(gray.count()))
            assert target.get_attribute("data-testid") is None  # a gray hex sends two actions
        else:
            target = page.locator(ONE_STEP) if one_hex else blue.nth(rnd.randrange(blue.count()))
            action = json.loads(target.get_attribute("data-action"))
            assert target.get_attribute("data-testid") == "action" and action["type"] == "step"
        target.click()
        page.wait_for_function(f"window.caravela.view.me.draft.path.length > {s['path']} && {SETTLED}")
        if after_step:
            after_step()


def submit(page: Page) -> None:
    button = gg(page, "gg-submit")
    expect(button).to_be_enabled()
    assert json.loads(button.get_attribute("data-action")) == {"type": "submit"}
    click_and_wait(page, button)


def play_day(page: Page, rnd: random.Random, guide_p: float = 0.5, deviate_p: float = 0.3) -> bool:
    """Plays this seat's part of a day by clicking; returns whether a guide was hired."""
    hired = rnd.random() < guide_p and maybe_hire_guide(page, rnd)
    assign_dice(page, rnd)
    draw_path(page, rnd, deviate_p)
    submit(page)
    return hired


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
    for label in ("Destinations", "Dudhsagar", "Tour plans", "5-type sets", "Same type", "Beaches (tie-break)"):
        assert label in headers, (label, headers)
    names = {0: "Ana", 1: "Bot 2", 2: "Bot 3"}
    cats = []  # the shell shows each category once and adds its own total column
    for b in outcome["breakdown"]:
        cats += [k for k in b if k not in cats and k != "total"]
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
    assert len(m["labels"]) >= 8, m["names"]  # fewer names rather than smaller ones, but names
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
    # "Skip to actions" comes right after "Skip to content" and lands on a legal action.
    page.locator("#skip-link").focus()
    page.keyboard.press("Tab")
    assert page.evaluate(focused) == "skip-actions"
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
    """Issue 12's table points on one day: marks beyond colour, contrast, "you", the words
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


# ---- 2. secrecy of a draft -----------------------------------------------------------------

HIDDEN_KEYS = ("draft", "roles", "direction_value", "deviation_options", "ahead", "steps_left", "ends", "reach")


def ops_touching(frames: list[dict], prefix: str) -> list[dict]:
    return [op for f in frames if f.get("type") == "patch" for op in f["ops"] if op["path"].startswith(prefix)]


def test_a_draft_never_reaches_another_screen_before_the_reveal(live, context_factory):
    rnd = random.Random(3)
    ana = context_factory().new_page()
    match_id = create_in_lobby(ana, live.base, "gogoa", seats=3)

    ben = context_factory(viewport={"width": 390, "height": 844}).new_page()
    frames: list[dict] = []

    def on_socket(ws):
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    ben.on("websocket", on_socket)
    ben.goto(f"{live.base}/m/{match_id}")
    ben.get_by_test_id("name-input").fill("Ben")
    ben.get_by_test_id("join-1").click()
    expect(ana.get_by_test_id("seat-1")).to_contain_text("Ben")
    ana.get_by_test_id("add-bot-2").click()
    expect(ana.get_by_test_id("seat-2")).to_contain_text("Bot")
    ana.get_by_test_id("start").click()
    for page in (ana, ben):
        page.wait_for_function("window.caravela.view && window.caravela.view.phase === 'plans'")

    # ---- plan choice: Ana keeps two; Ben sees only that she has chosen.
    ana_dealt = [p["id"] for p in ana.evaluate("window.caravela.view.me.dealt")]
    ben_dealt = [p["id"] for p in ben.evaluate("window.caravela.view.me.dealt")]
    assert not set(ana_dealt) & set(ben_dealt)
    ana_kept = choose_plans(ana, rnd)
    ana_v = ana.evaluate("window.caravela.v")
    ben.wait_for_function(f"window.caravela.v >= {ana_v}")
    bview = ben.evaluate("window.caravela.view")
    assert bview["phase"] == "plans" and bview["players"][0]["chose_plans"] is True  # news arrived
    assert bview["players"][0]["plans"] is None
    ana_ids = re.compile("|".join(rf"\b{i}\b" for i in ana_dealt))
    assert not ana_ids.search(json.dumps(frames)), "Ana's plans reached Ben's socket"
    assert not ana_ids.search(ben.evaluate("document.body.innerHTML")), "Ana's plans are in Ben's page"

    choose_plans(ben, rnd)
    for page in (ana, ben):
        page.wait_for_function("window.caravela.view.phase === 'day'")
    bview = ben.evaluate("window.caravela.view")
    assert sorted(p["id"] for p in bview["players"][0]["plans"]) == ana_kept  # revealed now
    expect(ben.get_by_test_id("gg-sheet")).to_contain_text(ana_kept[0])
    unkept = [i for i in ana_dealt if i not in ana_kept]
    unkept_re = re.compile("|".join(rf"\b{i}\b" for i in unkept))
    assert not unkept_re.search(json.dumps(frames))
    assert not unkept_re.search(ben.evaluate("document.body.innerHTML"))

    # ---- day 1: Ana starts and drafts alone, step by step; Ben waits.
    assert state(ana)["mine"] and ana.evaluate("window.caravela.view.starter") == 0
    ben.wait_for_function("window.caravela.view.me.waiting === true")
    ben_before = ben.evaluate("window.caravela.view")
    board_before = ben.get_by_test_id("board").inner_html()
    mark = len(frames)
    checks = {"n": 0}

    def ben_sees_nothing():
        """After each of Ana's moves nothing reached Ben: no frame but an empty patch, no change.

        A seat whose view did not change gets no frame at all (issue 13); an older server
        sent an empty patch. Either way Ben's view, page and frames hold nothing of the draft.
        """
        ben.wait_for_timeout(300)  # time for any frame the move would send Ben to arrive
        now = ben.evaluate("window.caravela.view")
        assert now == ben_before, "Ben's view changed while Ana drafts"
        assert now["me"]["draft"] is None and now["players"][0]["paths"] == []
        for f in frames[mark:]:
            assert f["type"] != "state", "a whole state was sent to Ben mid-draft"
            if f["type"] == "patch":
                assert f["ops"] == [] and not f.get("log"), f"a draft move reached Ben: {f}"
        text = json.dumps(frames[mark:])
        assert not any(f'"{k}"' in text for k in HIDDEN_KEYS), text
        assert ben.get_by_test_id("board").inner_html() == board_before
        html = ben.evaluate("document.body.innerHTML")
        assert "gg-draft" not in html and "gg-blue" not in html and "gg-gray" not in html
        assert 'data-seat="0"' not in ben.locator("svg.gg-map").inner_html()
        checks["n"] += 1

    assign_dice_checked(ana, rnd, ben_sees_nothing)
    draw_path(ana, rnd, deviate_p=0.5, one_hex=True, after_step=ben_sees_nothing)
    ana_draft = ana.evaluate("window.caravela.view.me.draft")
    assert ana_draft["finished"] and ana_draft["path"], ana_draft
    # Ana's own page does show her draft (so the checks above were looking at something real).
    expect(ana.locator("polyline.gg-draft")).to_have_count(1)
    # Every move was checked; whatever frames Ben's socket got meanwhile were empty.
    drafted_frames = len(frames) - mark
    assert checks["n"] >= 3, checks

    # ---- Ana submits: only her direction die becomes public.
    submit(ana)
    ben.wait_for_function("window.caravela.view.me.draft !== null")
    bview = ben.evaluate("window.caravela.view")
    assert bview["reserved"] == ana_draft["roles"]["direction"]
    assert bview["players"][0]["submitted"] is True
    assert bview["players"][0]["paths"] == []
    assert bview["players"][0]["position"] == ben_before["players"][0]["position"]
    assert not ops_touching(frames, "/players/0/paths") and not ops_touching(frames, "/players/0/position")

    # ---- Ben drafts and submits too; the bot finishes; the reveal shows Ana's path to Ben.
    s = wait_my_move(ben)
    assert s["day"] == 1
    play_day(ben, rnd, guide_p=0)
    ben.wait_for_function("window.caravela.view.day === 2 || window.caravela.view.over")
    bview = ben.evaluate("window.caravela.view")
    revealed = bview["players"][0]["paths"][0]
    assert revealed["hexes"] == ana_draft["path"]
    assert revealed["roles"] == ana_draft["roles"] and revealed["dice"] == ana_draft["dice"]
    assert revealed["guides"] == ana_draft["guides_used"]
    assert bview["players"][0]["position"] == ana_draft["position"]
    assert ops_touching(frames, "/players/0/paths"), "the reveal never reached Ben's socket"
    expect(ben.locator('svg.gg-map polyline[data-seat="0"]')).to_have_count(1)
    assert ben.get_by_test_id("board").inner_html() != board_before
    screenshot(ben, "gogoa-reveal-phone")
    print(
        f"\nsecrecy: {checks['n']} checks over {drafted_frames} frames Ben received while Ana drafted "
        f"a {len(ana_draft['path'])}-hex path with {ana_draft['deviations']} deviation(s)"
    )


def assign_dice_checked(page: Page, rnd: random.Random, after) -> None:
    """assign_dice, with a check after each role given."""
    dice = page.evaluate("window.caravela.view.me.draft.dice")
    for _ in ROLES:
        before = state(page)["roles"]
        role = next(r for r in ROLES if gg(page, f"gg-role-{r}").count())
        # Small dice for direction, the biggest for distance: a long path, many steps to check.
        order = sorted(range(3), key=lambda d: dice[d] if role == "direction" else -dice[d])
        for die in order:
            face = page.get_by_test_id(f"gg-die-{die}")
            if face.is_disabled():
                continue
            select_die(page, die)
            button = gg(page, f"gg-role-{role}")
            if button.is_enabled():
                click_and_wait(page, button)
                break
            select_die(page, die, on=False)
        assert state(page)["roles"] == before + 1
        after()


# ---- 3. destination names in Russian ---------------------------------------------------------


def test_destinations_are_named_in_russian_on_the_map_and_plan_cards(live, context_factory):
    context = context_factory()
    context.add_init_script("localStorage.setItem('caravela.lang', 'ru')")
    page = context.new_page()
    open_match_with_bots(page, live.base, "gogoa", seats=1)
    page.wait_for_function("window.caravela.view.phase === 'plans'")
    labels = page.locator("svg.gg-map text.gg-label").all_text_contents()
    assert "Старт" in labels and len(labels) >= 8, labels  # a crowded map shows fewer names, not smaller
    assert not [x for x in labels if re.search("[A-Za-z]", x)], labels
    titles = " ".join(page.locator("svg.gg-map polygon title").all_text_contents())
    assert "Калангут" in titles and "Дудхсагар" in titles, titles
    assert not re.search("[A-Za-z]", titles.replace("Ana", "")), titles  # who stands where is named as they chose
    # Every destination has a Russian name, and the plan cards use them.
    codes = page.evaluate("window.caravela.view.sheet.destinations.map((d) => d.code)")
    names = page.evaluate(
        """async (codes) => { const m = await import('/static/js/games/gogoa/index.js');
                              return codes.map((c) => m.strings.ru['dest.' + c]); }""",
        codes,
    )
    assert all(names) and len(set(names)) == len(codes), names
    cards = page.locator('button[data-testid^="gg-plan-"]').all_text_contents()
    assert cards and not [c for c in cards if re.search(r"Beach|Fort|Falls|Temple|House", c)], cards
    choose_plans(page, random.Random(1))
    # Log lines name a destination by `code` in their args: logArgs gives the Russian name.
    play_day(page, random.Random(2), guide_p=0)
    page.wait_for_function("window.caravela.view.day === 2")
    out = page.evaluate(
        """async () => { const m = await import('/static/js/games/gogoa/index.js');
                         const log = window.caravela.log || window.caravela.view.log;
                         const line = log.find((l) => (l.key || '').startsWith('gg.path'));
                         return [line, m.logArgs(line, { lang: 'ru' }), m.logArgs(line, { lang: 'en' })]; }"""
    )
    line, ru, en = out
    assert en == line["args"]
    if line["key"] == "gg.path":
        russian = names[codes.index(line["args"]["code"])]
        assert ru["place"].lower() == russian.lower() != line["args"]["place"].lower()
    visit = {"key": "gg.visit", "args": {"who": "{P0}", "place": "Calangute Beach", "code": "B3"}}
    guide = {"key": "gg.guide", "args": {"who": "{P0}", "guide": "Calangute"}}
    made_up = page.evaluate(
        """async (lines) => { const m = await import('/static/js/games/gogoa/index.js');
                              return lines.map((l) => m.logArgs(l, { lang: 'ru' })); }""",
        [visit, guide],
    )
    assert made_up == [{"who": "{P0}", "place": "пляж Калангут", "code": "B3"}, {"who": "{P0}", "guide": "Калангут"}]
    screenshot(page, "gogoa-russian-desktop")


# ---- 4. the whole Russian screen -------------------------------------------------------------


def test_a_russian_go_goa_screen_shows_no_english_through_plans_and_days(live, context_factory):
    page = russian_context(context_factory).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    names = open_russian_match(page, live.base, "gogoa", seats=2)
    page.wait_for_function("window.caravela.view.phase === 'plans'")
    rnd = random.Random(4)
    read = {"n": 0, "checks": 0, "tips": 0}

    def check(where: str) -> None:
        read["n"] += assert_no_english(page, names, where)
        read["tips"] += assert_every_part_explains_itself(page, where, names)
        read["checks"] += 1

    check("plan choice")
    choose_plans(page, rnd)
    for day in (1, 2, 3):
        s = wait_my_move(page)
        assert s["day"] == day and not s["over"], s
        check(f"day {day}: dice")
        maybe_hire_guide(page, rnd)
        assign_dice(page, rnd)
        check(f"day {day}: drawing")
        draw_path(page, rnd, deviate_p=0.5, after_step=lambda day=day: check(f"day {day}: a step"))
        submit(page)
        check(f"day {day}: submitted")
    page.wait_for_function("window.caravela.view.day === 4")
    check("day 4")
    assert read["checks"] >= 12 and page.get_by_test_id("log").locator("li").count() > 8
    screenshot(page, "gogoa-russian-day4-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    check("phone")
    screenshot(page, "gogoa-russian-day4-phone")
    assert not errors, errors
    print(f"\ngo goa in Russian: {read['checks']} checks of {read['n']} characters and {read['tips']} tap texts")
