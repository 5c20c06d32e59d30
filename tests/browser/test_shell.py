"""The client shell in real Chromium: lobby, invite link, waiting room, a move seen by both."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.browser.conftest import console_errors, screenshot
from tests.browser.play import click_until_over, create_in_lobby, open_match_with_bots
from tests.helpers import Client


def as_person(context, client: Client) -> None:
    """Makes the browser context use the identity of a REST client (as if it had made it)."""
    identity = json.dumps({"id": client.id, "name": client.name, "token": client.token})
    context.add_init_script(f"localStorage.setItem('caravela.player', {json.dumps(identity)})")


def played_alone(base: str, moves: int) -> tuple[str, Client]:
    """Returns a running one-seat Tally match after `moves` additions of 1 (and the picks between)."""
    ana = Client(base, "Ana")
    match_id = ana.create(seats=1, options={"target": 60})["id"]
    assert ana.post(f"/api/matches/{match_id}/start").status_code == 200
    for _ in range(moves):
        if ana.act(match_id, {"type": "add", "n": 1}).status_code != 200:
            assert ana.act(match_id, {"type": "pick", "n": 3}).status_code == 200
            assert ana.act(match_id, {"type": "add", "n": 1}).status_code == 200
    return match_id, ana


def test_two_friends_meet_through_the_invite_link_and_play(live, context_factory):
    ana = context_factory().new_page()
    errors = console_errors(ana)
    create_in_lobby(ana, live.base, "tally", seats=2)
    invite = ana.url
    expect(ana.get_by_test_id("seat-0")).to_contain_text("Ana")
    expect(ana.get_by_test_id("conn")).to_have_attribute("data-state", "connected")
    screenshot(ana, "shell-waiting-room")

    ben = context_factory(viewport={"width": 390, "height": 844}).new_page()
    errors += console_errors(ben)
    ben.goto(invite)
    # A visitor without a name types one in the waiting room, then takes the seat.
    ben.get_by_test_id("name-input").fill("Ben")
    ben.get_by_test_id("join-1").click()
    expect(ben.get_by_test_id("seat-1")).to_contain_text("Ben")
    expect(ana.get_by_test_id("seat-1")).to_contain_text("Ben")
    expect(ben.get_by_test_id("seat-0")).to_contain_text("Ana")

    ana.get_by_test_id("start").click()
    add_two = ana.locator('[data-testid="action"][data-action*="\\"n\\":2"]').first
    expect(add_two).to_be_visible()
    assert json.loads(add_two.get_attribute("data-action")) == {"type": "add", "n": 2}
    add_two.click()

    expect(ben.get_by_test_id("log")).to_contain_text("Ana added 2")
    expect(ben.get_by_test_id("board")).to_contain_text("2")
    expect(ben.locator('[data-testid="action"]').first).to_be_visible()
    screenshot(ana, "shell-after-move-desktop")
    screenshot(ben, "shell-after-move-phone")
    width = ben.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the match page scrolls sideways on a phone ({width}px)"
    assert errors == []


def test_a_rejected_action_shows_its_reason(live, context_factory):
    ana = context_factory().new_page()
    match_id = create_in_lobby(ana, live.base, "tally", seats=2)
    ben = Client(live.base, "Ben")
    ben.post(f"/api/matches/{match_id}/join")
    expect(ana.get_by_test_id("seat-1")).to_contain_text("Ben")
    ana.get_by_test_id("start").click()
    expect(ana.locator('[data-testid="action"]').first).to_be_visible()
    # An action the engine refuses: Ana tries to pick while nobody is picking.
    ana.evaluate("""() => window.caravela.act({type: 'pick', n: 3})""")
    expect(ana.get_by_test_id("reject")).to_contain_text("Nobody is picking now.")


def test_the_lobby_lists_games_and_fits_a_phone(live, context_factory):
    page = context_factory(viewport={"width": 360, "height": 740}).new_page()
    page.goto(live.base + "/")
    expect(page.get_by_test_id("create-game")).to_contain_text("Tally")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the lobby scrolls sideways on a phone ({width}px)"
    screenshot(page, "lobby-phone")


def test_the_game_is_chosen_once_and_the_host_removes_an_empty_seat(live, context_factory):
    page = context_factory().new_page()
    errors = console_errors(page)
    page.goto(live.base + "/")
    page.get_by_test_id("name-input").fill("Ana")
    page.get_by_test_id("save-name").click()
    # One control names the games: a radio group, no second game list or drop-down.
    games = page.get_by_test_id("create-game")
    offered = page.evaluate("fetch('/api/games').then((r) => r.json()).then((g) => g.length)")
    expect(games.get_by_role("radio")).to_have_count(offered)
    assert page.locator(".games-card select").count() == 0
    page.get_by_test_id("create-game-goa").check()
    expect(page.get_by_test_id("create-game-goa")).to_be_checked()
    page.get_by_test_id("create-seats").fill("3")
    page.get_by_test_id("create-submit").click()
    page.wait_for_url("**/m/*")
    expect(page.get_by_test_id("seat-2")).to_be_visible()
    # Goa takes 2 to 4: one empty seat may go, then none (two seats left).
    page.get_by_test_id("remove-seat-1").click()
    expect(page.get_by_test_id("seat-2")).to_have_count(0)
    expect(page.get_by_test_id("add-bot-1")).to_be_visible()
    expect(page.get_by_test_id("remove-seat-1")).to_have_count(0)
    page.get_by_test_id("add-bot-1").click()
    expect(page.get_by_test_id("seat-1")).to_contain_text("Bot")
    # A full lobby waits for its start, not for players: here and in the lobby's lists.
    expect(page.get_by_test_id("status-bar")).not_to_contain_text("Waiting for players")
    match_id = page.url.rstrip("/").split("/")[-1]
    page.goto(live.base + "/")
    item = page.locator(f'[data-match-id="{match_id}"]').first
    expect(item).to_contain_text("Ready to start")
    expect(item).not_to_contain_text("Waiting for players")
    assert errors == []


def test_a_whole_game_against_bots_ends_on_the_score_table(live, context_factory):
    page = context_factory().new_page()
    errors = console_errors(page)
    open_match_with_bots(page, live.base, "tally", seats=3)
    clicks = click_until_over(page, seed=1, limit_s=120)
    assert clicks > 0
    table = page.get_by_test_id("final-scores")
    for name in ("Ana", "Bot 2", "Bot 3"):
        expect(table).to_contain_text(name)
    expect(table).to_contain_text("Purse")
    screenshot(page, "shell-final-scores")
    assert errors == []


def test_the_log_shows_the_last_lines_and_pages_back_to_the_first(live, context_factory):
    match_id, ana = played_alone(live.base, moves=55)
    readable = ana.http.get(f"/api/matches/{match_id}/log", params={"limit": 500}).json()["lines"]
    assert len(readable) > 60
    context = context_factory()
    as_person(context, ana)
    page = context.new_page()
    errors = console_errors(page)
    page.goto(f"{live.base}/m/{match_id}")
    lines = page.locator('[data-testid="log"] .log-line')
    expect(lines.first).to_contain_text("added 1 (total 55)")
    assert lines.count() < len(readable), "the first frame carries only the log's tail"
    earlier = page.get_by_test_id("log-earlier")
    expect(earlier).to_be_visible()
    while earlier.is_visible():
        earlier.click()
        page.wait_for_function("""() => {
            const b = document.querySelector('[data-testid="log-earlier"]');
            return !b || b.getAttribute("aria-busy") === "false";
        }""")
    expect(lines).to_have_count(len(readable))
    shown = [int(n) for n in lines.evaluate_all("els => els.map(e => e.dataset.n)")]
    assert shown == sorted((line["n"] for line in readable), reverse=True), "newest first, each line once"
    expect(lines.last).to_contain_text("added 1 (total 1)")
    screenshot(page, "shell-log-paged")
    assert errors == []


def test_a_refusal_is_shown_in_the_readers_language(live, context_factory):
    match_id, _ = played_alone(live.base, moves=1)
    context = context_factory()
    context.add_init_script("localStorage.setItem('caravela.lang', 'ru')")
    page = context.new_page()
    page.goto(f"{live.base}/m/{match_id}")
    expect(page.get_by_test_id("watching")).to_be_visible()
    page.evaluate("() => window.caravela.act({type: 'add', n: 1})")
    expect(page.get_by_test_id("reject")).to_contain_text("Зрители не ходят")


def test_share_uses_the_phones_share_sheet_where_there_is_one(live, context_factory):
    context = context_factory(viewport={"width": 390, "height": 844})
    # A phone browser's share sheet, recorded instead of opened.
    context.add_init_script("navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };")
    page = context.new_page()
    match_id = create_in_lobby(page, live.base, "tally", 2)
    page.get_by_test_id("share-invite").click()
    page.wait_for_function("window.__shared !== undefined")
    assert page.evaluate("window.__shared.url").endswith(f"/m/{match_id}")
    # Without one (a desktop browser), only "Copy invite link" is offered.
    desk = context_factory().new_page()
    desk.goto(f"{live.base}/m/{match_id}")
    expect(desk.get_by_test_id("copy-invite")).to_be_visible()
    if desk.evaluate("typeof navigator.share") != "function":
        expect(desk.get_by_test_id("share-invite")).to_have_count(0)


def test_the_players_see_how_many_watch_and_a_spectator_is_counted_while_there(live, context_factory):
    page = context_factory(viewport={"width": 1366, "height": 768}).new_page()
    open_match_with_bots(page, live.base, "gogoa", seats=2)
    badge = page.get_by_test_id("spectators")
    expect(badge).to_be_hidden()
    stranger = context_factory(viewport={"width": 390, "height": 844}).new_page()
    stranger.goto(page.url)
    expect(stranger.get_by_test_id("watching")).to_be_visible()
    expect(badge).to_have_text("1 spectator", timeout=5000)
    expect(stranger.get_by_test_id("spectators")).to_have_text("1 spectator")
    stranger.close()
    expect(badge).to_be_hidden(timeout=5000)
