"""Go Goa played like a person, for the browser tests: plan cards, Keep, dice, role buttons,
guide buttons, blue and gray hexes, Submit. `window.caravela.view` is only read, to know when to
click and what to click.
"""

from __future__ import annotations

import json
import random

from playwright.sync_api import Page, expect

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
