"""Goa in real Chromium: a whole game clicked through the renderer, and the secrecy of money.

Moves are made only by clicking the renderer's controls (`[data-testid="action"]`, plus the
bid box); `window.caravela.view` is only read, to know whose move it is and to check what
each person's page holds. The admin API gives the true state to compare against.
"""

from __future__ import annotations

import json
import random
import re
import time

import httpx
from playwright.sync_api import Page, expect

import engines
from tests.browser.conftest import ARTIFACTS, screenshot
from tests.browser.play import ACTIONS, click_until_over, create_in_lobby, final_table, open_match_with_bots, press
from tests.browser.russian import assert_no_english, open_russian_match, russian_context
from tests.browser.tips import assert_every_part_explains_itself
from tests.engines.words import read

ADMIN = {"Authorization": "Bearer test-admin-token"}
CATEGORIES = {  # breakdown key -> column heading on the final screen
    "development": "Development",
    "colonies": "Colonies",
    "tiles": "Tiles",
    "ducats": "Most ducats",
    "expeditions": "Expedition sets",
}
TIE_BREAK = ("money", "Ducats (tie-break)")  # a note under the table
CARD_ID = re.compile(r"\bE\d\d\b")  # expedition card ids: E01..E30


def admin(base: str, match_id: str) -> dict:
    r = httpx.get(f"{base}/api/admin/matches/{match_id}", headers=ADMIN, timeout=10)
    r.raise_for_status()
    return r.json()


def page_width(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def check_phone_layout(page: Page, name: str) -> None:
    """Screenshots the page at 390 px, checks 360 px has no sideways scroll, restores desktop."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(100)
    screenshot(page, f"{name}-phone")
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_timeout(100)
    width = page_width(page)
    page.set_viewport_size({"width": 1280, "height": 900})
    assert width <= 360, f"{name}: the page scrolls sideways at 360 px ({width}px)"


# ---- a whole game --------------------------------------------------------------------------


def test_a_whole_goa_game_against_bots_reaches_the_final_breakdown(live, context_factory):
    page = context_factory().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_match_with_bots(page, live.base, "goa", seats=3)
    names = [page.get_by_test_id(f"seat-{i}").locator(".p-name-text").inner_text().strip() for i in range(3)]
    assert names[0] == "Ana" and all(names) and len(set(names)) == 3, names

    shots: set[str] = set()

    def on_step(p: Page) -> None:
        """Once each: the auction (bid box) and an action turn, at desktop and phone width."""
        if len(shots) == 2:
            return
        p.wait_for_timeout(400)  # the answer and the bots' moves; then the page waits for Ana
        if not my_move(p):
            return
        for name, selector in (("goa-auction", '[data-testid="goa-bid-input"]'), ("goa-turn", ".goa-turn")):
            if name in shots or not p.locator(selector).first.is_visible():
                continue
            shots.add(name)
            screenshot(p, f"{name}-desktop")
            check_phone_layout(p, name)

    started = time.monotonic()
    clicks = click_until_over(page, seed=3, limit_s=200, on_step=on_step)
    assert clicks > 20, clicks
    assert shots == {"goa-auction", "goa-turn"}, f"never saw: { ({'goa-auction', 'goa-turn'} - shots) }"
    print(f"goa: {clicks} clicks in {time.monotonic() - started:.0f} s")

    outcome, table = final_table(page, CATEGORIES, TIE_BREAK)
    scores, breakdown = outcome["scores"], outcome["breakdown"]
    for name in names:
        expect(table).to_contain_text(name)
    for seat in range(3):
        b = breakdown[seat]
        assert sum(b[k] for k in CATEGORIES) == scores[seat], (seat, b, scores)
        row = table.locator(f'tbody tr[data-seat="{seat}"]')
        expect(row).to_contain_text(names[seat])
        expect(row.locator("td.total")).to_have_text(str(scores[seat]))
        cells = [t.strip() for t in row.locator("td.num").all_text_contents()]
        # rank, then one cell per category in the breakdown's order, then the total
        assert cells[1:-1] == [str(v) for k, v in b.items() if k != "money"], (cells, b)
    # The final line of the status bar names the winner.
    for seat in outcome["winners"]:
        expect(page.get_by_test_id("status-bar")).to_contain_text(names[seat])
    # Choices with one answer (a harvest filling every empty field...) were made for the player.
    auto = page.evaluate("window.caravela.log.filter((l) => /^goa\\.auto_/.test(l.key)).map((l) => l.key)")
    assert auto, "no forced choice resolved itself in a whole game"
    # Once the game is over the breakdown makes everyone's ducats public: the panels show them.
    for seat in range(3):
        expect(page.get_by_test_id(f"goa-ducats-{seat}")).to_have_text(str(breakdown[seat]["money"]))
    screenshot(page, "goa-final-desktop")
    page.screenshot(path=str(ARTIFACTS / "goa-final-top-desktop.png"))  # the table, without the long log
    # The phone score table: every total in view without scrolling sideways.
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    for cell in table.locator("td.total").all():
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, f"a total lies outside the phone screen: {box}"
    check_phone_layout(page, "goa-final")
    assert not errors, errors


# ---- secrecy of ducats and hands -----------------------------------------------------------


def frames_recorder(page: Page) -> list[dict]:
    """Records every websocket frame the page receives, parsed."""
    frames: list[dict] = []

    def on_ws(ws):
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_ws)
    return frames


def assert_public_player(p: dict, who: str) -> None:
    assert "ducats" not in p, f"{who}: an opponent's ducats are in the view"
    assert isinstance(p.get("hand"), int), f"{who}: an opponent's hand is not a count: {p.get('hand')!r}"


def assert_frame_hides(frame: dict, me: int, other: int, who: str) -> None:
    """Structural check of one frame: nothing about `other`'s ducats or hand cards."""
    if frame.get("type") == "hello":
        assert frame.get("seat") in (None, me), f"{who}: hello for seat {frame.get('seat')}"  # None: before joining
    if frame.get("type") == "state":
        view = frame["view"]
        assert_public_player(view["players"][other], who)
        assert view.get("you", {"seat": me})["seat"] == me, f"{who}: `you` is not this seat"
    if frame.get("type") != "patch":
        return
    for op in frame.get("ops", []):
        path, value = op.get("path", ""), op.get("value")
        assert not re.match(rf"^/players/{other}/ducats(/|$)", path), f"{who}: frame touches {path}"
        assert not re.match(rf"^/players/{other}/hand/", path), f"{who}: frame touches {path}"
        if path == f"/players/{other}/hand":
            assert op["op"] == "remove" or isinstance(value, int), f"{who}: hand cards in {op}"
        if path in (f"/players/{other}", "/players/-") and isinstance(value, dict):
            assert_public_player(value, who)
        if path == "/players" and isinstance(value, list):
            assert_public_player(value[other], who)
        if path in ("", "/you") and isinstance(value, dict):
            you = value.get("you", value)
            assert you.get("seat", me) == me, f"{who}: another seat's `you` in {op}"
        assert op.get("from") is None or not op["from"].startswith("/you"), f"{who}: {op}"


def wait_synced(pages: list[Page], base: str, match_id: str) -> dict:
    """Waits until every page shows the stored version; returns the admin view."""
    for _ in range(50):
        truth = admin(base, match_id)
        try:
            for p in pages:
                p.wait_for_function("(v) => window.caravela.v === v", arg=truth["v"], timeout=3000)
        except Exception:  # noqa: BLE001 - a move came in meanwhile: read the truth again
            continue
        if admin(base, match_id)["v"] == truth["v"]:
            return truth
    raise AssertionError("the pages never caught up with the stored state")


def my_move(page: Page) -> bool:
    return page.evaluate(
        """() => { const v = window.caravela.view; const s = window.caravela.seat;
                   return !!v && !v.over && (v.to_act || []).includes(s) && (v.legal || []).length > 0; }"""
    )


def click_one(page: Page, rnd: random.Random) -> str:
    """One move by clicking, like a person: often a real bid typed into the box, often an
    expedition (so that hands hold cards to keep secret); returns what was sent."""
    expedition = page.locator('[data-testid="action"][data-action^="{\\"type\\":\\"expedition\\""]:visible')
    if expedition.count() and rnd.random() < 0.6:
        action = expedition.last.get_attribute("data-action")
        press(expedition.last)
        return action
    box = page.get_by_test_id("goa-bid-input")
    if box.is_visible() and rnd.random() < 0.7:
        lo, hi = int(box.get_attribute("min")), int(box.get_attribute("max"))
        amount = rnd.randint(lo, min(hi, lo + 3))
        box.fill(str(amount))
        button = page.locator('[data-testid="action"][data-action^="{\\"type\\":\\"bid\\""]')
        sent = json.dumps({"type": "bid", "amount": amount}, separators=(",", ":"))
        expect(button).to_have_attribute("data-action", sent)
        press(button)
        return f"bid {amount}"
    controls = page.locator(ACTIONS)
    expect(controls.first).to_be_visible()
    control = controls.nth(rnd.randrange(controls.count()))
    action = control.get_attribute("data-action")
    press(control)
    return action


def test_an_opponents_ducats_never_appear_on_your_screen(live, context_factory):
    ana = context_factory().new_page()
    ana_frames = frames_recorder(ana)
    match_id = create_in_lobby(ana, live.base, "goa", seats=2)
    ben = context_factory().new_page()
    ben_frames = frames_recorder(ben)
    ben.goto(ana.url)
    ben.get_by_test_id("name-input").fill("Ben")
    ben.get_by_test_id("join-1").click()
    expect(ana.get_by_test_id("seat-1")).to_contain_text("Ben")
    ana.get_by_test_id("start").click()
    for p in (ana, ben):
        p.wait_for_function("window.caravela && window.caravela.view !== null")
    pages = {0: ana, 1: ben}
    assert ana.evaluate("window.caravela.seat") == 0 and ben.evaluate("window.caravela.seat") == 1

    rnd = random.Random(11)
    seen = {0: 0, 1: 0}  # frames already checked, per seat
    public_cards: set[str] = set()  # every card ever face up (discards): may show anywhere
    moves: list[str] = []
    hidden_checked = {0: 0, 1: 0}  # steps at which the opponent held cards this page must not show
    deadline = time.monotonic() + 150
    truth = wait_synced([ana, ben], live.base, match_id)
    while truth["state"]["round"] < 4 and time.monotonic() < deadline:
        state = truth["state"]
        public_cards |= set(state["discard"])
        for me, page in pages.items():
            other = 1 - me
            who = ("Ana", "Ben")[me]
            hidden = set(state["players"][other]["hand"]) - public_cards
            hidden_checked[me] += bool(hidden)
            # 1. The view: the opponent as public facts only.
            view = page.evaluate("window.caravela.view")
            assert_public_player(view["players"][other], who)
            assert view["you"]["seat"] == me
            assert view["you"]["ducats"] == state["players"][me]["ducats"]
            # 2. Every frame since the last step: no path to the opponent's money or cards.
            frames = ana_frames if me == 0 else ben_frames
            for frame in frames[seen[me] :]:
                assert_frame_hides(frame, me, other, who)
                leaked = set(CARD_ID.findall(json.dumps(frame))) & hidden
                assert not leaked, f"{who} received the opponent's cards {leaked}: {frame}"
            seen[me] = len(frames)
            # 3. The screen: own ducats shown, the opponent's as "?" in both panels.
            expect(page.get_by_test_id(f"goa-ducats-{me}")).to_have_text(str(state["players"][me]["ducats"]))
            expect(page.get_by_test_id(f"goa-ducats-{other}")).to_have_text("?")
            own = state["players"][me]["ducats"]
            expect(page.get_by_test_id(f"seat-{me}")).to_contain_text(re.compile(rf"(?<!\d){own} ducats?\b"))
            expect(page.get_by_test_id(f"seat-{other}")).to_contain_text("? ducats")
            their = state["players"][other]["ducats"]
            for panel in (page.get_by_test_id(f"seat-{other}"), page.locator(".goa-player").nth(1)):
                text = panel.inner_text()
                assert not re.search(rf"\b{their}\s*ducats", text), f"{who} sees the opponent's {their} ducats: {text}"
            # 4. The DOM, hidden parts and attributes included: none of the opponent's cards.
            html = page.evaluate("document.documentElement.outerHTML")
            leaked = set(CARD_ID.findall(html)) & hidden
            assert not leaked, f"{who}'s page holds the opponent's cards {leaked}"
        # One move by whoever is to act, by clicking.
        mover = next((p for p in (ana, ben) if my_move(p)), None)
        if mover is None:
            ana.wait_for_timeout(100)
        else:
            moves.append(click_one(mover, rnd))
        truth = wait_synced([ana, ben], live.base, match_id)
        if len(moves) == 30:
            screenshot(ana, "goa-secrecy-ana")
            screenshot(ben, "goa-secrecy-ben")

    assert truth["state"]["round"] >= 4, f"only reached round {truth['state']['round']} in {len(moves)} moves"
    log = " ".join(read(engines.GAMES["goa"], truth["state"]["log"]))
    assert any(m.startswith("bid") for m in moves), moves
    assert re.search(r"won .* for [1-9]\d* ducats", log), "no auction was paid for"
    assert hidden_checked[0] and hidden_checked[1], f"the card checks were vacuous: {hidden_checked}"
    print(
        f"goa secrecy: {len(moves)} moves, {len(ana_frames)}/{len(ben_frames)} frames, cards checked {hidden_checked}"
    )
    assert len(ana_frames) > 20 and len(ben_frames) > 20
    # Not vacuous: each seat's own money and cards do travel in its frames, as `/you` patches.
    for who, frames in (("Ana", ana_frames), ("Ben", ben_frames)):
        patches = [f for f in frames if f.get("type") == "patch"]
        own = [op["path"] for f in patches for op in f["ops"] if op["path"].startswith("/you/")]
        assert any(x.startswith("/you/ducats") for x in own), f"{who} never got a patch of own ducats"
        assert any(x.startswith("/you/hand") for x in own), f"{who} never got a patch of own cards"


# ---- the Russian screen --------------------------------------------------------------------


def test_a_russian_goa_screen_shows_no_english_through_auctions_and_actions(live, context_factory):
    page = russian_context(context_factory).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    names = open_russian_match(page, live.base, "goa", seats=3)
    rnd = random.Random(5)
    seen: set[str] = set()  # phases and open choices read in Russian
    checks = read = 0
    deadline = time.monotonic() + 150
    wanted = {"auction", "actions", "choice"}
    while time.monotonic() < deadline and checks < 60 and not (checks >= 20 and wanted <= seen):
        if not my_move(page):
            page.wait_for_timeout(100)
            continue
        view = page.evaluate("window.caravela.view")
        seen.add("choice" if view["pending"] else view["phase"])
        read += assert_no_english(page, names, f"check {checks} ({view['phase']})")
        assert_every_part_explains_itself(page, f"check {checks} ({view['phase']})", names)
        checks += 1
        if checks == 12:
            screenshot(page, "goa-russian-desktop")
        before = page.evaluate("window.caravela.v")
        click_one(page, rnd)
        page.wait_for_function(f"window.caravela.v !== {before}")
    assert {"auction", "actions"} <= seen, f"only saw {seen} in {checks} checks"
    assert read > 5000 and page.get_by_test_id("log").locator("li").count() > 10
    check_phone_layout(page, "goa-russian")
    assert not errors, errors
    print(f"goa in Russian: {checks} checks of {read} characters, saw {sorted(seen)}")
