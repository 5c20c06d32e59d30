"""The table screen in real Chromium: a TV (1920x1080) on /m/{id}/table and two phones (390x844)
playing a whole Goa and a whole Go Goa match. The TV is a spectator: its frames and its page
never carry a secret; it shows the invite as a QR code of the join address before the start and
the seats filling; it follows each public move within a second. Phones act by clicking.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import screenshot
from tests.browser.gogoa_play import assign_dice, choose_plans, draw_path, maybe_hire_guide, submit
from tests.browser.play import create_in_lobby, open_match_with_bots
from tests.browser.table_checks import (
    assert_no_draft,
    assert_no_hidden_cards,
    assert_spectator_frames,
    expected_matrix,
    frames_recorder,
    qr_matrix,
    until_over,
)
from tests.browser.test_goa import click_one, my_move

ADMIN = {"Authorization": "Bearer test-admin-token"}
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
SHOTS = Path(__file__).resolve().parent.parent.parent / "docs" / "screenshots" / "table"


def truth(base: str, match_id: str) -> dict:
    r = httpx.get(f"{base}/api/admin/matches/{match_id}", headers=ADMIN, timeout=10)
    r.raise_for_status()
    return r.json()


def seat_the_table(live, context_factory, game: str) -> tuple[Page, Page, Page, list[dict], str]:
    """Ana creates on her phone; the TV opens the table screen and shows the QR code and the
    seats; Ben joins from his phone (the TV sees him sit down); Ana starts."""
    ana = context_factory(viewport=PHONE).new_page()
    match_id = create_in_lobby(ana, live.base, game, seats=2)
    ana.get_by_test_id("show-table").wait_for()
    assert ana.get_by_test_id("show-table").get_attribute("href") == f"/m/{match_id}/table"
    tv = context_factory(viewport=TV).new_page()
    tv_frames = frames_recorder(tv)
    tv.goto(f"{live.base}/m/{match_id}/table")
    # The invite: the join address as the server gives it, and a QR code of exactly that.
    join = f"{live.base}/m/{match_id}"
    expect(tv.get_by_test_id("tv-join-url")).to_have_text(join)
    qr = tv.get_by_test_id("tv-qr")
    src = qr.get_attribute("src")
    assert qr_matrix(src) == expected_matrix(join), "the QR code is not the join address"
    assert qr_matrix(src) != expected_matrix(join + "x")  # the comparison can fail
    box = qr.bounding_box()
    assert box and box["width"] >= 400, f"the QR code is too small to scan across a room: {box}"
    expect(tv.get_by_test_id("tv-seat-0")).to_contain_text("Ana")
    expect(tv.get_by_test_id("tv-seat-1")).to_contain_text("free")
    expect(tv.get_by_test_id("tv-seat-count")).to_have_text("1 of 2 seats taken")
    screenshot(tv, f"table-{game}-invite")
    assert tv.locator("button:visible, input:visible, textarea:visible").count() == 0, "controls on the TV"

    ben = context_factory(viewport=PHONE).new_page()
    ben.goto(join)
    ben.get_by_test_id("name-input").fill("Ben")
    ben.get_by_test_id("join-1").click()
    expect(tv.get_by_test_id("tv-seat-1")).to_contain_text("Ben", timeout=3000)
    expect(tv.get_by_test_id("tv-seat-count")).to_have_text("2 of 2 seats taken")
    screenshot(ana, f"table-{game}-waiting-phone")
    ana.get_by_test_id("start").click()
    for p in (ana, ben, tv):
        p.wait_for_function("window.caravela && window.caravela.view !== null")
    expect(tv.get_by_test_id("tv-lobby")).to_be_hidden()
    assert tv.evaluate("window.caravela.seat") is None
    return tv, ana, ben, tv_frames, match_id


def follows(tv: Page, phone: Page, lags: list[float]) -> None:
    """The TV reaches the phone's version within a second of the phone's own answer."""
    v = phone.evaluate("window.caravela.v")
    started = time.monotonic()
    tv.wait_for_function("(v) => window.caravela.v >= v", arg=v, timeout=1000)
    lags.append(time.monotonic() - started)


def lag_text(lags: list[float]) -> str:
    return f"TV behind the phone by {max(lags) * 1000:.0f} ms at most, {sum(lags) / len(lags) * 1000:.0f} ms on average"


def sees(tv: Page, condition: str, arg, lags: list[float]) -> None:
    """The TV shows the public effect of a phone's move within a second of the phone's answer."""
    started = time.monotonic()
    tv.wait_for_function(condition, arg=arg, timeout=1000)
    lags.append(time.monotonic() - started)


def assert_tv_legible(tv: Page) -> None:
    """The players and the log read at 24 px or more at 1080p, and no control is shown."""
    small = tv.evaluate(
        """() => [...document.querySelectorAll('#side *')].filter((e) => e.offsetParent && [...e.childNodes]
             .some((n) => n.nodeType === 3 && n.textContent.trim()) && parseFloat(getComputedStyle(e).fontSize) < 23.9)
             .map((e) => e.className + ': ' + e.textContent.trim().slice(0, 30))"""
    )
    assert not small, f"text under 24 px in the TV's panel: {small[:5]}"
    assert tv.locator("#side button:visible, #statusrow button:visible, textarea:visible").count() == 0


def test_a_whole_goa_match_at_the_table(live, context_factory):
    tv, ana, ben, tv_frames, match_id = seat_the_table(live, context_factory, "goa")
    rnd = random.Random(5)
    lags: list[float] = []
    public: set[str] = set()
    moves, checked, seen = 0, 0, 0
    deadline = time.monotonic() + 420
    while time.monotonic() < deadline:
        if ana.evaluate("window.caravela.view.over"):
            break
        mover = next((p for p in (ana, ben) if my_move(p)), None)
        if mover is None:
            ana.wait_for_timeout(50)
            continue
        before = mover.evaluate("window.caravela.v")
        try:
            click_one(mover, rnd)
        except Exception:  # noqa: BLE001 - the control re-rendered under the finger; look again
            continue
        try:
            mover.wait_for_function("(b) => window.caravela.v !== b", arg=before, timeout=5000)
        except Exception:  # noqa: BLE001 - refused (the reason shows): pick again
            continue
        moves += 1
        follows(tv, mover, lags)
        # Each move's frames against the hands as they are now (a card seen face up, then
        # shuffled back and drawn, may have shown in an older frame).
        state = truth(live.base, match_id)["state"]
        public |= set(state["discard"])
        hidden = {c for p in state["players"] for c in p["hand"]} - public
        checked += bool(hidden)
        fresh = until_over(tv_frames)[seen:]
        seen += len(fresh)
        assert_spectator_frames(fresh)
        assert_no_hidden_cards(fresh, tv.content() if moves % 10 == 1 else "", hidden)
        if moves % 10 == 1 and not tv.evaluate("window.caravela.view.over"):
            for seat in (0, 1):  # the log says what was paid, in public; the panels never what is left
                panel = tv.get_by_test_id(f"seat-{seat}").inner_text()
                assert "? ducats" in panel and not re.search(r"(?<![?\w])\d+\s+ducats?\b", panel), panel
        if moves == 20:  # a reload: the table screen comes back as nobody, at the same move
            tv.reload()
            tv.wait_for_function(
                "(v) => window.caravela && window.caravela.v >= v", arg=mover.evaluate("window.caravela.v")
            )
            assert tv.evaluate("window.caravela.seat") is None
        if moves == 12:
            assert_tv_legible(tv)
            screenshot(tv, "table-goa-1920")
    assert ana.evaluate("window.caravela.view.over"), f"Goa did not end ({moves} moves)"
    expect(tv.get_by_test_id("final-scores")).to_be_visible(timeout=3000)
    tv.screenshot(path=str(SHOTS / "goa-final-1920x1080.png"))
    assert tv.locator("#final button:visible, #final a.btn:visible").count() == 0, "controls on the TV's final table"
    assert checked >= 2, "the cards check never saw a card in a hand"
    assert_spectator_frames(until_over(tv_frames))
    print(f"goa at the table: {moves} moves, {lag_text(lags)}")


MOVE_OR_OVER = """() => { const v = window.caravela.view; const s = window.caravela.seat;
  return !!v && (v.over || ((v.to_act || []).includes(s) && (v.legal || []).length > 0)); }"""


def next_mover(phones: tuple[Page, ...], timeout_s: float = 60) -> Page:
    """The phone whose seat has a move now (or any, once the game is over)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for p in phones:
            if p.evaluate(MOVE_OR_OVER):
                return p
        phones[0].wait_for_timeout(50)
    raise AssertionError("nobody had a move for a minute")


def test_a_whole_go_goa_match_at_the_table(live, context_factory):
    tv, ana, ben, tv_frames, _ = seat_the_table(live, context_factory, "gogoa")
    rnd = random.Random(9)
    lags: list[float] = []
    for phone in (ana, ben):
        phone.wait_for_function("window.caravela.view.phase === 'plans'")
        choose_plans(phone, rnd)
        follows(tv, phone, lags)
        tv.wait_for_function(
            "(s) => window.caravela.view.players[s].chose_plans", arg=phone.evaluate("window.caravela.seat")
        )
    days = 0
    while days < 30:
        phone = next_mover((ana, ben))
        if phone.evaluate("window.caravela.view.over"):
            break
        mark = len(tv_frames)
        if rnd.random() < 0.4:
            maybe_hire_guide(phone, rnd)
        assign_dice(phone, rnd)
        draw_path(phone, rnd, deviate_p=0.3)
        # Mid-draft: the phone shows its path; nothing of it reached the TV since the draft began
        # (at the day's reveal the paths and dice become public, in later frames).
        expect(phone.locator("polyline.gg-draft")).to_have_count(1)
        assert_no_draft(tv_frames[mark:], tv.content())
        seat, day = phone.evaluate("[window.caravela.seat, window.caravela.view.day]")
        submit(phone)
        # A draft's steps change nothing a spectator sees (no frame, no version): the submit does.
        sees(
            tv,
            "([s, d]) => { const v = window.caravela.view; return v.over || v.day !== d || v.players[s].submitted; }",
            [seat, day],
            lags,
        )
        if tv.evaluate("(s) => !window.caravela.view.over && window.caravela.view.players[s].submitted", seat):
            expect(tv.get_by_test_id(f"submitted-{seat}")).to_have_text("✓ submitted")
            if days in (2, 3):
                tv.screenshot(path=str(SHOTS / "gogoa-submitted-1920x1080.png"))
                assert_tv_legible(tv)
        assert_spectator_frames(until_over(tv_frames))
        days += 1
    expect(tv.get_by_test_id("final-scores")).to_be_visible(timeout=3000)
    assert days >= 12, days
    print(f"go goa at the table: {days} paths, {lag_text(lags)}")


SEATS = {"goa": 3, "gogoa": 3, "navegador": 3, "coimbra": 3}


@pytest.mark.parametrize("game", list(SEATS))
def test_every_game_on_a_table_screen_and_its_hand_on_a_phone(live, context_factory, game):
    """The table screen of each game at 1920x1080 and 1280x720 (docs/screenshots/table/), and
    the phone's hand: offered once a table screen watches, only the player's own part, the
    board a tap away."""
    ana = context_factory(viewport=PHONE).new_page()
    open_match_with_bots(ana, live.base, game, seats=SEATS[game])
    expect(ana.get_by_test_id("hand-toggle")).to_be_hidden()  # no table screen yet
    tv = context_factory(viewport=TV).new_page()
    tv.goto(ana.url + "/table")
    tv.wait_for_function("window.caravela && window.caravela.view !== null")
    tv.wait_for_timeout(1800)  # the board's fit to the screen, made again once its stylesheet is in
    SHOTS.mkdir(parents=True, exist_ok=True)
    tv.screenshot(path=str(SHOTS / f"{game}-1920x1080.png"))
    assert_tv_legible(tv)
    board = tv.get_by_test_id("board").bounding_box()
    assert board and board["y"] + board["height"] <= TV["height"] + 1, f"the board runs off the TV: {board}"
    tv.set_viewport_size({"width": 1280, "height": 720})
    tv.wait_for_timeout(1800)
    tv.screenshot(path=str(SHOTS / f"{game}-1280x720.png"))
    board = tv.get_by_test_id("board").bounding_box()
    assert board and board["y"] + board["height"] <= 721, f"the board runs off a 720p screen: {board}"
    assert tv.evaluate("document.documentElement.scrollWidth") <= 1280

    toggle = ana.get_by_test_id("hand-toggle")
    expect(toggle).to_be_visible()
    toggle.click()
    expect(ana.get_by_test_id("panel")).to_be_hidden()
    stage = ana.locator("#board [data-stage]")
    # The public board stays on the TV, unless the current choice is made on it (Goa's places).
    if not stage.locator('[data-testid="action"]:not([disabled])').count():
        expect(stage).to_be_hidden()
    expect(ana.get_by_test_id("action-bar")).to_be_visible()
    ana.screenshot(path=str(SHOTS / f"hand-{game}-390x844.png"), full_page=True)
    ana.get_by_test_id("hand-board").click()
    expect(stage).to_be_visible()
    expect(ana.get_by_test_id("panel")).to_be_visible()
    ana.get_by_test_id("hand-board").click()
    ana.reload()  # the choice is remembered for this match
    ana.wait_for_function("window.caravela && window.caravela.view !== null")
    expect(ana.get_by_test_id("hand-toggle")).to_have_text("Whole screen")
    expect(ana.get_by_test_id("panel")).to_be_hidden()
