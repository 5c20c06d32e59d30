"""Navegador in real Chromium: a whole game clicked through the renderer, the phone layout,
a Russian screen with no English left, and the secrecy of unexplored colony stacks.

Moves are made only by clicking the renderer's controls (`[data-testid="action"]`). Uniformly
random clicks make a game of several hundred turns, so the clicks are biased by a small
policy (explore toward Nagasaki, build, trade) that reads the view, as a player reads the
board, and picks among the controls on screen. The admin API gives the true state, hidden
stacks included, to compare against.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections import deque

import httpx
import pytest
from playwright.sync_api import Page, expect

from engines import GAMES
from tests.browser.conftest import console_errors, screenshot
from tests.browser.legible import open_in, texts
from tests.browser.play import ACTIONS, final_table, open_match_with_bots, settled_box
from tests.browser.russian import assert_no_english, open_russian_match, russian_context

pytestmark = pytest.mark.skipif("navegador" not in GAMES, reason="the Navegador engine has not landed yet")

ADMIN = {"Authorization": "Bearer test-admin-token"}
CATEGORIES = {  # breakdown key -> column heading on the final screen (strings.js score.<key>)
    "workers": "Workers",
    "ships": "Ships at sea",
    "cash": "Cash (per 200)",
    "colonies": "Colonies",
    "factories": "Factories",
    "explorers": "Explorers",
    "shipyards": "Shipyards",
    "churches": "Churches",
}
COLUMN_NAMES = {
    "colonies": "Colonies",
    "factories": "Factories",
    "explorers": "Explorers",
    "shipyards": "Shipyards",
    "churches": "Churches",
}  # where a King's privilege went, as the final table names it
GOAL = "nagasaki"  # exploring it ends the game
FIELD_WISH = {"sailing": 30, "ships": 25, "buildings": 20, "market": 15, "colony": 10, "workers": 5, "privilege": 3}


def admin(base: str, match_id: str) -> dict:
    r = httpx.get(f"{base}/api/admin/matches/{match_id}", headers=ADMIN, timeout=10)
    r.raise_for_status()
    return r.json()


def my_move(page: Page) -> bool:
    return page.evaluate(
        """() => { const v = window.caravela.view; const s = window.caravela.seat;
                   return !!v && !v.over && (v.to_act || []).includes(s) && (v.legal || []).length > 0; }"""
    )


def distances(view: dict) -> dict[str, int]:
    """Returns each region's number of borders to Nagasaki."""
    near: dict[str, list[str]] = {}
    for a, b in view["borders"]:
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)
    dist, todo = {GOAL: 0}, deque([GOAL])
    while todo:
        here = todo.popleft()
        for there in near[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                todo.append(there)
    return dist


def wish(view: dict, seat: int, a: dict) -> float:
    """How much the policy wants an action: explore, build, trade, sail toward Nagasaki."""
    me, kind = view["players"][seat], a["type"]
    if kind == "explore":
        return 150 if a["region"] == GOAL else 100
    if kind == "sail":
        dist = distances(view)
        gain = dist[a["origin"]] - dist[a["to"]]
        return 10 + 5 * gain if gain > 0 else -5
    if kind == "move":
        stone = view["rondel"]["stones"][seat]
        cost = 0 if stone is None else max(0, ((a["field"] - stone - 1) % 8 + 1) - view["rondel"]["free"])
        field = view["rondel"]["fields"][a["field"]]
        want = FIELD_WISH[field]
        if (field == "sailing" and me["ships"] < 2) or (field == "ships" and not me["supply"]):
            want = 0
        return want - 40 * cost
    fixed = {"use_card": 50, "build": 40, "found": 30, "privilege": 20, "return_ship": 5, "keep_card": 0, "done": 1}
    if kind in ("sell", "process"):
        return 35 + a["units"]
    if kind in ("recruit", "build_ships"):
        return 5 + a["count"]
    return fixed.get(kind, 1)


def click_policy(page: Page, rnd: random.Random) -> str | None:
    """Clicks the most wanted control on screen (ties at random); returns its action, or None."""
    controls = page.locator(ACTIONS)
    shown = controls.evaluate_all("els => els.map(e => e.dataset.action)")
    if not shown:
        return None
    view, seat = page.evaluate("[window.caravela.view, window.caravela.seat]")
    # Rondel moves get a wide random share so that every field's action is seen in a game.
    actions = [json.loads(a) for a in shown]
    noise = [25 if a["type"] == "move" else 0.5 for a in actions]
    scored = [(wish(view, seat, a) + rnd.random() * noise[i], i) for i, a in enumerate(actions)]
    _, best = max(scored)
    before = page.evaluate("window.caravela.v")
    try:
        controls.nth(best).click(timeout=2000)
    except Exception:  # noqa: BLE001 - the control re-rendered under the cursor; look again
        return None
    try:
        page.wait_for_function(f"window.caravela.v !== {before}", timeout=5000)
    except Exception:  # noqa: BLE001 - refused or slow: the next look decides
        return None
    return shown[best]


def play_until(page: Page, done, seed: int, limit_s: float, on_step=None) -> int:
    """Clicks by the policy until `done(page)`; returns the clicks made."""
    rnd = random.Random(seed)
    clicks = 0
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if done(page):
            return clicks
        if not my_move(page):
            page.wait_for_timeout(50)
            continue
        if on_step:
            on_step(page)
        if click_policy(page, rnd):
            clicks += 1
    raise AssertionError(f"not done within {limit_s} s ({clicks} clicks)")


def check_phone_layout(page: Page, name: str, seat: int | None) -> None:
    """At 390 px the rondel and your own sheet lie inside the screen's width; 360 px never scrolls sideways."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(150)
    screenshot(page, f"{name}-phone")
    parts = [page.get_by_test_id("nv-rondel")]
    if seat is not None:
        parts.append(page.get_by_test_id(f"nv-sheet-{seat}"))
    for part in parts:
        box = settled_box(page, part)
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, f"{name}: a part sticks out at 390 px: {box}"
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_timeout(150)
    width = page.evaluate("document.documentElement.scrollWidth")
    page.set_viewport_size({"width": 1366, "height": 768})
    assert width <= 360, f"{name}: the page scrolls sideways at 360 px ({width}px)"


# ---- a whole game --------------------------------------------------------------------------


def test_a_whole_navegador_game_against_a_bot_reaches_the_final_breakdown(live, context_factory):
    page = context_factory(viewport={"width": 1366, "height": 768}).new_page()
    errors = console_errors(page)
    open_match_with_bots(page, live.base, "navegador", seats=2)
    names = [page.get_by_test_id(f"seat-{i}").locator(".p-name-text").inner_text().strip() for i in range(2)]
    seen: set[str] = set()  # steps shown to Ana
    costs: set[str] = set()  # move buttons' costs read on the rondel

    def on_step(p: Page) -> None:
        step = p.evaluate("window.caravela.view.step")
        kind = step["kind"]
        if kind == "move":
            for label in p.locator(".nv-move[data-testid=action]").all_inner_texts():
                costs.add(label.strip())
            if p.evaluate("window.caravela.view.rondel.stones[0]") is not None:
                # The three fields ahead of Ana's stone are ringed free; the rest say their ship cost.
                assert p.locator(".nv-rondel .nv-field.nv-free").count() == 3
                dear = p.locator(".nv-rondel .nv-field.nv-dear .nv-field-cost").all_text_contents()
                assert sorted(dear) == ["−1 ship", "−2 ships", "−3 ships", "−4 ships"], dear
        if kind not in seen and kind in ("move", "sailing", "market", "buildings"):
            screenshot(p, f"navegador-{kind}-desktop")
            if kind in ("move", "sailing"):
                check_phone_layout(p, f"navegador-{kind}", 0)
        seen.add(kind)

    started = time.monotonic()
    over = lambda p: p.get_by_test_id("final-scores").is_visible()  # noqa: E731 - a one-line condition
    clicks = play_until(page, over, seed=3, limit_s=300, on_step=on_step)
    took = time.monotonic() - started
    print(f"navegador: {clicks} clicks in {took:.0f} s; steps seen {sorted(seen)}; costs {sorted(costs)}")
    assert clicks > 30, clicks
    assert {"move", "sailing"} <= seen, seen
    assert "free" in costs and any(re.fullmatch(r"−\d+ ships?", c) for c in costs), f"no move cost shown: {costs}"

    outcome, table = final_table(page, CATEGORIES)
    scores, breakdown = outcome["scores"], outcome["breakdown"]
    for seat in range(2):  # the shell's table names the King's column, never shows its id
        row = table.locator(f'tbody tr[data-seat="{seat}"]')
        cells = [t.strip() for t in row.locator("td.num").all_text_contents()]
        king = breakdown[seat]["king"]
        assert cells[1 + list(breakdown[seat]).index("king")] == (COLUMN_NAMES[king] if king else "–"), (cells, king)
    # The shared final screen is the only result: the board draws no table of its own.
    expect(page.get_by_test_id("nv-final")).to_have_count(0)
    for seat in range(2):
        b = breakdown[seat]
        assert sum(b[k] for k in CATEGORIES) == scores[seat], (seat, b, scores)
        row = table.locator(f'tbody tr[data-seat="{seat}"]')
        expect(row).to_contain_text(names[seat])
        expect(row.locator("td.total")).to_have_text(str(scores[seat]))
    screenshot(page, "navegador-final-desktop")
    check_phone_layout(page, "navegador-final", 0)
    assert not errors, errors


# ---- the Russian screen --------------------------------------------------------------------


def test_a_russian_navegador_screen_shows_no_english_in_controls_or_log(live, context_factory):
    page = russian_context(context_factory).new_page()
    errors = console_errors(page)
    names = open_russian_match(page, live.base, "navegador", seats=3)
    seen: set[str] = set()
    checks = read = 0

    def on_step(p: Page) -> None:
        nonlocal checks, read
        kind = p.evaluate("window.caravela.view.step.kind")
        if kind in seen and checks >= 25:
            return
        seen.add(kind)
        read += assert_no_english(p, names, f"check {checks} ({kind})")
        checks += 1
        if checks == 10:
            screenshot(p, "navegador-russian-desktop")

    # Look for the market and buildings steps too for a while; a slow machine may not reach
    # them in time, and the moves and sailing are what the assertion below needs.
    started = time.monotonic()

    def enough(_: Page) -> bool:
        if checks < 25 or not {"move", "sailing"} <= seen:
            return False
        return {"market", "buildings"} <= seen or time.monotonic() - started > 90

    play_until(page, enough, seed=5, limit_s=150, on_step=on_step)
    assert {"move", "sailing"} <= seen, f"only saw {seen} in {checks} checks"
    assert read > 5000 and page.get_by_test_id("log").locator("li").count() > 10
    check_phone_layout(page, "navegador-russian", 0)
    assert not errors, errors
    print(f"navegador in Russian: {checks} checks of {read} characters, saw {sorted(seen)}")


# ---- secrecy of the colony stacks ----------------------------------------------------------


def frames_recorder(page: Page) -> list[dict]:
    """Records every websocket frame the page receives, parsed."""
    frames: list[dict] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))
    return frames


def revealed_in_frames(frames: list[dict], index: int) -> list:
    """Returns every non-empty colony list a frame gave for the region at `index` of the view."""
    found = []
    for frame in frames:
        if frame.get("type") == "state":
            colonies = frame["view"]["regions"][index]["colonies"]
            if colonies:
                found.append(colonies)
        for op in frame.get("ops", []) if frame.get("type") == "patch" else []:
            path, value = op.get("path", ""), op.get("value")
            if re.match(rf"^/regions/{index}/colonies(/|$)", path) and value not in (None, []):
                found.append(value)
            if path in ("", "/regions", f"/regions/{index}") and value:
                regions = value.get("regions", value) if isinstance(value, dict) else value
                region = regions[index] if isinstance(regions, list) else regions
                if isinstance(region, dict) and region.get("colonies"):
                    found.append(region["colonies"])
    return found


def test_an_unexplored_regions_colony_tokens_never_reach_the_page(live, context_factory):
    page = context_factory(viewport={"width": 1366, "height": 768}).new_page()
    frames = frames_recorder(page)
    match_id = open_match_with_bots(page, live.base, "navegador", seats=2)
    ids = [r["id"] for r in page.evaluate("window.caravela.view.regions")]
    # A spectator sees what every seat sees (the view is the same for all) and can do nothing.
    spectator = context_factory(viewport={"width": 1366, "height": 768}).new_page()
    spectator.goto(page.url)
    spectator.wait_for_function("window.caravela && window.caravela.view !== null")
    assert spectator.evaluate("window.caravela.seat") is None
    explored_checked = 0
    rnd = random.Random(7)
    deadline = time.monotonic() + 150
    hidden_checked = 0
    looks = 0  # positions compared with the truth
    while time.monotonic() < deadline and (explored_checked < 2 or looks < 30):
        # Compare when Ana is to move: the bots wait for her, so page and truth hold still.
        over = page.evaluate("window.caravela.view.over")
        if not over and not my_move(page):
            page.wait_for_timeout(100)
            continue
        looks += 1
        truth = admin(live.base, match_id)
        state = truth["state"]
        page.wait_for_function("(v) => window.caravela.v === v", arg=truth["v"], timeout=10_000)
        for index, region in enumerate(ids):
            hidden = state["regions"][region]
            group = page.locator(f'[data-testid="nv-map"] [data-region="{region}"]')
            shown = group.text_content() + group.locator("title").text_content()
            if hidden["explored"]:
                if hidden["colonies"]:  # not vacuous: revealed prices do show
                    for price in hidden["colonies"]:
                        assert str(price) in shown, f"{region}: revealed colony {price} not drawn"
                    explored_checked += region != "portugal"
                continue
            assert hidden["stack"], f"{region} is unexplored with no stack"
            hidden_checked += 1
            assert not re.search(r"\d{2,}", group.text_content()), f"{region}: prices drawn while unexplored: {shown}"
            assert not revealed_in_frames(frames, index), f"{region}: a frame revealed its stack"
        spectator.wait_for_function("(v) => window.caravela.v === v", arg=truth["v"], timeout=10_000)
        assert spectator.get_by_test_id("nv-map").text_content() == page.get_by_test_id("nv-map").text_content()
        assert spectator.locator('[data-testid="action"]').count() == 0
        view = page.evaluate("window.caravela.view")
        for index, r in enumerate(view["regions"]):
            if not r["explored"]:
                assert r["colonies"] == [] and r["stack"] == len(state["regions"][ids[index]]["stack"]), r
        if over:
            break
        click_policy(page, rnd)
    assert explored_checked >= 2 and looks >= 30 and hidden_checked >= 100, (explored_checked, looks, hidden_checked)
    print(
        f"navegador secrecy: {looks} positions, {hidden_checked} hidden stacks, {explored_checked} revealed, "
        f"{len(frames)} frames"
    )


# ---- the status line speaks to you ---------------------------------------------------------


def status_on_my_moves(page: Page, seed: int, kinds: set[str], limit_s: float = 90) -> dict[str, str]:
    """Plays by the policy and returns the status line read at the first move of each step kind."""
    lines: dict[str, str] = {}

    def read(p: Page) -> None:
        kind = p.evaluate("window.caravela.view.step.kind")
        if kind not in lines:
            p.wait_for_timeout(100)  # the status row is redrawn after the board
            lines[kind] = p.get_by_test_id("status-bar").inner_text().strip()

    play_until(page, lambda _: kinds <= set(lines), seed=seed, limit_s=limit_s, on_step=read)
    return lines


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_your_own_turn_the_status_line_says_you(live, context_factory, lang):
    page, names = open_in(live, context_factory, "navegador", lang, seats=2, size=(1366, 768))
    errors = console_errors(page)
    lines = status_on_my_moves(page, seed=3, kinds={"move", "sailing"})
    you = {"en": ("You: choose a rondel field", "Your turn — "), "ru": ("Вы: выберите поле ронделя", "Ваш ход — ")}[
        lang
    ]
    assert lines["move"].startswith(you[0]), lines
    assert lines["sailing"].startswith(you[1]), lines
    for kind, line in lines.items():
        assert names[0] not in line, f"{kind}: the status line names the reader: {line!r}"
    assert not errors, errors


# ---- the sea map reads at the size shown ---------------------------------------------------

CROWDING = """() => [...document.querySelectorAll('[data-testid="nv-map"] .nv-region')].flatMap((g) => {
  const box = (el) => { const b = el.getBoundingClientRect(); return {x: b.x, y: b.y, w: b.width, h: b.height}; };
  const over = (a, b) => Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) - 1)
                       * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) - 1);
  const marks = [...g.querySelectorAll('.nv-good-word, .nv-name, .nv-double, .nv-explorer, .nv-token, .nv-ship rect')];
  const out = [];
  marks.forEach((a, i) => marks.slice(i + 1).forEach((b) => {
    const name = (el) => `${el.getAttribute('class') || el.tagName} ${el.textContent}`;
    if (over(box(a), box(b)) > 2) out.push([g.dataset.region, name(a), name(b)]);
  }));
  for (const t of g.querySelectorAll('.nv-token-price, .nv-ship-text')) {  // a price or badge inside its chip
    const chip = box(t.previousElementSibling || t.parentNode.querySelector('rect'));
    const b = box(t);
    const inside = b.x >= chip.x - 1 && b.x + b.w <= chip.x + chip.w + 1;
    if (!inside) out.push([g.dataset.region, 'outside its chip', t.textContent]);
  }
  return out;
})"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_sea_map_reads_on_a_laptop_and_a_phone(live, context_factory, lang):
    """Every word on the map is 11 px or more as shown, and no good's name, region name, mark,
    stack or ship badge lies over another (in Russian "пряности" ran under the explorer disk)."""
    page, _ = open_in(live, context_factory, "navegador", lang, seats=3, size=(1366, 768))
    errors = console_errors(page)
    page.emulate_media(reduced_motion="reduce")  # measured at rest, not mid-pop
    play_until(page, lambda p: p.evaluate("window.caravela.view.step.kind") == "sailing", seed=3, limit_s=90)
    for width, height in ((1366, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        shown = texts(page, '[data-testid="nv-map"]')
        assert len(shown) > 50, shown
        small = [(t["text"], t["px"]) for t in shown if t["px"] < 10.95]
        assert not small, f"{lang} {width}px: {len(small)} of {len(shown)} map texts under 11 px: {small[:12]}"
        crowded = page.evaluate(CROWDING)
        assert not crowded, f"{lang} {width}px: {crowded}"
        page.get_by_test_id("nv-map").scroll_into_view_if_needed()
        page.screenshot(path=f"test-artifacts/gamefix-navegador-map-{lang}-{width}.png")
    assert not errors, errors
