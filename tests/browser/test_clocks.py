"""A live clock in real Chromium: a player stops moving, the bot takes over, and she takes her seat back
(with the button, and later by a move of her own).

The server runs its clocks ten times faster (CARAVELA_CLOCK_SCALE=0.1), so a one-minute bank
lasts 6 s; the bot waits half a second a move, so people (and this test) can follow.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.app.test_devices import sql
from tests.browser.conftest import console_errors, screenshot
from tests.browser.test_shell import as_person
from tests.conftest import ThreadServer, fresh_sqlite_database
from tests.helpers import Client

WAIT = 30_000  # ms: generous, the machine may be busy


def bot_moves(srv, match_id: str) -> int:
    """Returns how many moves bots made for Ana's seat (seat 0)."""
    rows = sql(srv, "SELECT action_id FROM actions WHERE match_id = :m AND seat = 0", m=match_id)
    return sum(r.action_id.startswith("bot-") for r in rows)


@pytest.fixture(scope="module")
def fast_clocks(tmp_path_factory):
    # Offline limit 0: the host may hand over the seat of anyone without the page open.
    with ThreadServer(
        fresh_sqlite_database(tmp_path_factory.mktemp("db")),
        bot_delay=0.5,
        clock_scale=0.1,
        clock_every=0.1,
        away_after_live=0,
    ) as srv:
        yield srv


def test_a_player_who_stops_moving_is_played_by_her_bot_until_she_takes_her_seat_back(fast_clocks, context_factory):
    base = fast_clocks.base
    page = context_factory().new_page()
    errors = console_errors(page)
    page.goto(base + "/")
    page.get_by_test_id("name-input").fill("Ana")
    page.get_by_test_id("save-name").click()
    page.get_by_test_id("create-game-tally").check()
    page.get_by_test_id("create-seats").fill("2")
    page.locator("#opt-target").fill("60")
    page.locator("#opt-target").dispatch_event("change")
    page.get_by_test_id("create-clock-live").check()
    page.get_by_test_id("create-minutes").fill("1")
    page.get_by_test_id("create-increment").fill("0")
    page.get_by_test_id("create-submit").click()
    page.wait_for_url("**/m/*")
    match_id = page.url.rstrip("/").split("/")[-1]

    lobby = context_factory().new_page()
    lobby.goto(base + "/")
    expect(lobby.get_by_test_id(f"clock-of-{match_id}")).to_contain_text("1 min", timeout=WAIT)

    page.get_by_test_id("add-bot-1").click()
    expect(page.get_by_test_id("seat-1")).to_contain_text("Bot")
    page.get_by_test_id("start").click()
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    expect(page.locator("#players-h")).to_contain_text("1 min")
    clock = page.get_by_test_id("clock-0")
    expect(clock).to_have_text(re.compile(r"^⚠ 0:0\d$"), timeout=WAIT)  # 6 s, counting down
    # The last minute is marked by a sign and words, not by its colour alone.
    expect(clock).to_have_class(re.compile(r"\blow\b"))
    expect(clock).to_have_attribute("title", re.compile("Less than a minute left"))

    # Ana does not move: her bank runs out, her seat is away and its bot plays for her.
    expect(page.get_by_test_id("away-0")).to_be_visible(timeout=WAIT)
    expect(page.get_by_test_id("log-note")).to_contain_text("Ana's time ran out; their bot plays")  # the log says why
    v_away = page.evaluate("window.caravela.v")
    page.wait_for_function(f"window.caravela.v >= {v_away + 2}", timeout=WAIT)
    # On a phone, being away is the first thing on the screen, and nothing looks like her turn:
    # the status says who plays, the board and the action bar are inert.
    page.set_viewport_size({"width": 390, "height": 844})
    banner = page.get_by_test_id("away-banner")
    expect(banner).to_have_text("Away — your bot is playing")
    box = page.get_by_test_id("take-back").bounding_box()
    assert box and box["y"] + box["height"] <= 844, f"Take my seat back is below the first screen: {box}"
    expect(page.get_by_test_id("status-bar")).to_have_text("Away — your bot is playing")
    assert page.evaluate("document.getElementById('board').inert && document.getElementById('status-actions').inert")
    screenshot(page, "clocks-away")
    page.set_viewport_size({"width": 1280, "height": 900})

    # One click and the seat is hers again: no bot moves for her any more.
    page.get_by_test_id("take-back").click()
    expect(page.get_by_test_id("away-0")).to_be_hidden(timeout=WAIT)
    expect(page.get_by_test_id("take-back")).to_be_hidden()
    page.wait_for_function("window.caravela.view.to_act.includes(0)", timeout=WAIT)
    played = bot_moves(fast_clocks, match_id)
    page.wait_for_timeout(1500)  # longer than a bot's pause
    assert bot_moves(fast_clocks, match_id) == played, "a bot moved for a seat taken back"
    view = page.evaluate("window.caravela.view")
    action = {"type": "pick", "n": 1} if view["picked"] is not None else {"type": "add", "n": 1}
    result = page.evaluate("(a) => window.caravela.act(a)", action)
    assert result["ok"], result
    expect(page.get_by_test_id("away-0")).to_be_hidden()

    # Away again once her bank is spent; this time a move of her own brings her back.
    expect(page.get_by_test_id("away-0")).to_be_visible(timeout=WAIT)
    page.wait_for_function("window.caravela.view.to_act.includes(0)", timeout=WAIT)
    view = page.evaluate("window.caravela.view")
    action = {"type": "pick", "n": 2} if view["picked"] is not None else {"type": "add", "n": 1}
    page.evaluate("(a) => window.caravela.act(a)", action)  # its bot may have moved first: stale is fine
    expect(page.get_by_test_id("away-0")).to_be_hidden(timeout=WAIT)
    assert errors == []


def test_the_host_hands_the_seat_of_a_player_gone_offline_to_its_bot(fast_clocks, context_factory):
    ana, ben = Client(fast_clocks.base, "Ana"), Client(fast_clocks.base, "Ben")
    match_id = ana.create(options={"target": 60})["id"]  # no clock: only the host's hand-over
    assert ben.post(f"/api/matches/{match_id}/join").status_code == 200
    assert ana.post(f"/api/matches/{match_id}/start").status_code == 200
    assert ana.act(match_id, {"type": "add", "n": 1}).status_code == 200  # Ben's turn; his page is closed
    context = context_factory()
    as_person(context, ana)
    page = context.new_page()
    errors = console_errors(page)
    page.goto(f"{fast_clocks.base}/m/{match_id}")
    expect(page.get_by_test_id("clock-1")).to_have_count(0)  # an untimed match shows no clock
    page.get_by_test_id("hand-1").click()
    expect(page.get_by_test_id("away-1")).to_be_visible(timeout=WAIT)
    expect(page.get_by_test_id("take-back")).to_have_count(0)  # that button is Ben's, not the host's
    page.wait_for_function("window.caravela.v >= 2", timeout=WAIT)  # Ben's bot moved
    assert ben.view(match_id)["v"] >= 2
    assert errors == []
