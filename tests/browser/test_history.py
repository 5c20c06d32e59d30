"""History, replay and chat in Chromium: a finished Goa game stepped through as one seat, and a
chat line sent by one seat and seen by the other."""

from __future__ import annotations

import random
import re
import uuid

from playwright.sync_api import expect

import engines
from engines.bots import bot_for
from tests.browser.conftest import console_errors, screenshot
from tests.conftest import TEST_ADMIN_TOKEN
from tests.helpers import Client, started_match


def sign_in(page, base: str, who: Client) -> None:
    """Makes this browser the given player (as a device link would), without the lobby."""
    page.goto(base + "/static/css/app.css")
    page.evaluate(
        "p => localStorage.setItem('caravela.player', JSON.stringify(p))",
        {"id": who.id, "name": who.name, "token": who.token},
    )


def finished_goa(base: str) -> tuple[str, list[Client]]:
    """Plays a two-seat Goa match to the end over REST, each seat moved by the Goa bot."""
    match, people = started_match(base, seats=2, game="goa")
    rnd, choose = random.Random(5), bot_for("goa")
    while True:
        views = [p.view(match["id"]) for p in people]
        if views[0]["view"]["over"]:
            return match["id"], people
        seat = next(s for s, got in enumerate(views) if got["view"]["legal"])
        got = views[seat]
        action = choose(got["view"], seat, rnd) or got["view"]["legal"][0]
        r = people[seat].act(match["id"], action, v=got["v"])
        assert r.status_code in (200, 409), r.text


def ducats_by_version(base: str, match_id: str) -> list[list[int]]:
    """Returns every seat's ducats at each version, replayed here from the admin's record."""
    admin = {"authorization": f"Bearer {TEST_ADMIN_TOKEN}"}
    http = Client(base, "Admin").http
    raw = http.get(f"/api/admin/matches/{match_id}", headers=admin).json()
    acts = http.get(f"/api/admin/matches/{match_id}/actions", headers=admin).json()
    game = engines.get_game("goa")
    state = game.setup(raw["num_seats"], raw["seed"], raw["options"], seed_format=raw["seed_format"])
    out = [[p["ducats"] for p in state["players"]]]
    for a in acts:
        state = game.apply(state, a["seat"], a["action"])
        out.append([p["ducats"] for p in state["players"]])
    return out


def test_a_goa_replay_never_shows_the_opponents_ducats_at_any_version(live, context_factory):
    match_id, (ana, _ben) = finished_goa(live.base)
    truth = ducats_by_version(live.base, match_id)
    last = len(truth) - 1
    page = context_factory().new_page()
    sign_in(page, live.base, ana)
    errors = console_errors(page)  # after signing in on a bare file, whose favicon is a 404
    page.goto(f"{live.base}/m/{match_id}?v=0")
    at = page.get_by_test_id("replay-at")
    expect(at).to_contain_text(f"0 of {last}")
    expect(page.get_by_test_id("replay-back")).to_be_disabled()
    for v in range(last + 1):
        if v:
            page.keyboard.press("ArrowRight") if v % 2 else page.get_by_test_id("replay-forward").click()
        expect(at).to_contain_text(f"{v} of {last}")
        assert page.evaluate("location.search") == f"?v={v}"
        view = page.evaluate("window.caravela.view")
        assert view["you"]["ducats"] == truth[v][0]
        if v == last:
            break  # the final breakdown makes everyone's ducats public
        assert "ducats" not in view["players"][1], f"v{v}: Ben's ducats reached Ana's page"
        expect(page.get_by_test_id("goa-ducats-1")).to_have_text("?")
        if v == last // 2:
            screenshot(page, "goa-replay-middle")
        panel = page.get_by_test_id("seat-1").inner_text()
        assert not re.search(rf"(?<!\d){truth[v][1]}\s*ducats", panel), f"v{v}: {panel}"
    expect(page.get_by_test_id("replay-forward")).to_be_disabled()
    expect(page.locator("#final")).to_be_visible()  # the final breakdown at the last version
    page.keyboard.press("Home")
    expect(at).to_contain_text(f"0 of {last}")
    assert errors == []
    # A shared link opens the same moment, for a spectator as a spectator.
    stranger = context_factory().new_page()
    stranger.goto(f"{live.base}/m/{match_id}?v=7")
    expect(stranger.get_by_test_id("replay-at")).to_contain_text(f"7 of {last}")
    spectator_view = stranger.evaluate("window.caravela.view")
    assert "you" not in spectator_view or spectator_view["you"] is None
    assert all("ducats" not in p for p in spectator_view["players"])


def test_the_home_page_lists_finished_matches_with_a_replay_link(live, context_factory):
    match, people, _ = finished_tally(live.base)
    page = context_factory().new_page()
    sign_in(page, live.base, people[0])
    page.goto(live.base + "/")
    entry = page.get_by_test_id(f"history-{match['id']}")
    expect(entry).to_contain_text("Ana")
    entry.get_by_test_id(f"replay-{match['id']}").click()
    page.wait_for_url(re.compile(r".*/m/.*\?v=0$"))
    expect(page.get_by_test_id("replay-at")).to_contain_text("0 of")


def finished_tally(base: str):
    from tests.app.finished import finished_match

    return finished_match(base)


def test_a_chat_message_sent_by_one_seat_is_seen_by_the_other(live, context_factory):
    match, (ana, ben) = started_match(live.base)
    pages = []
    for who in (ana, ben):
        page = context_factory().new_page()
        sign_in(page, live.base, who)
        page.goto(f"{live.base}/m/{match['id']}")
        page.wait_for_function("window.caravela && window.caravela.view !== null")
        pages.append(page)
    said = f"<b>Hello</b> Ben {uuid.uuid4().hex[:6]}"
    pages[0].get_by_test_id("chat-input").fill(said)
    pages[0].get_by_test_id("chat-send").click()
    line = pages[1].get_by_test_id("chat-line").filter(has_text=said)
    expect(line).to_contain_text("Ana")
    assert pages[1].locator("#chat b").count() == 0  # shown as text, never as markup
    expect(pages[0].get_by_test_id("chat-input")).to_have_value("")
    assert said in pages[1].get_by_test_id("chat").inner_text()
    assert "null" not in pages[1].get_by_test_id("chat").inner_text()
    screenshot(pages[1], "chat-seen-by-ben")


def test_the_host_cancels_an_open_lobby_with_a_second_tap(live, context_factory):
    from tests.browser.play import create_in_lobby

    page = context_factory().new_page()
    match_id = create_in_lobby(page, live.base, "tally", seats=2)
    button = page.get_by_test_id("cancel-match")
    button.click()
    expect(page.get_by_test_id("status-bar")).not_to_contain_text("cancelled")
    button.click()
    expect(page.get_by_test_id("status-bar")).to_contain_text("The host cancelled this match")
    expect(button).to_be_hidden()
    assert Client(live.base).http.get(f"/api/matches/{match_id}").json()["status"] == "abandoned"


def test_the_final_table_links_to_its_replay(live, context_factory):
    match, people, _ = finished_tally(live.base)
    page = context_factory().new_page()
    sign_in(page, live.base, people[1])
    page.goto(f"{live.base}/m/{match['id']}")
    page.get_by_test_id("open-replay").click()
    page.wait_for_url(re.compile(r".*\?v=0$"))
    expect(page.get_by_test_id("replay-at")).to_contain_text("0 of")
    page.keyboard.press("End")
    expect(page.locator("#final")).to_be_visible()
    expect(page.get_by_test_id("open-replay")).to_have_count(0)
    for part in ("replay", "chat"):
        assert "null" not in page.get_by_test_id(part).inner_text()
    page.goto(live.base + "/")
    assert "null" not in page.get_by_test_id("history").inner_text()  # no link to itself in the replay


def test_history_replay_and_chat_read_in_russian(live, context_factory):
    match, people, _ = finished_tally(live.base)
    page = context_factory().new_page()
    sign_in(page, live.base, people[0])
    page.evaluate("localStorage.setItem('caravela.lang', 'ru')")
    page.goto(f"{live.base}/m/{match['id']}?v=1")
    expect(page.get_by_test_id("replay-at")).to_contain_text("Ход 1 из")
    expect(page.get_by_test_id("replay-first")).to_have_text("В начало")
    expect(page.get_by_test_id("chat")).to_contain_text("Чат")
    page.goto(live.base + "/")
    expect(page.get_by_test_id("history")).to_contain_text("Сыгранные партии")
    expect(page.get_by_test_id(f"replay-{match['id']}")).to_have_text("Повтор")


def test_a_long_games_log_scrolls_inside_the_side_panel_not_the_page(live, context_factory):
    # Found by hand: a finished Coimbra game's page was 10,000 px tall at 1366×768, the log
    # spilling out of the sticky side panel, because a later `.side` rule undid its flex layout.
    match_id, (ana, _ben) = finished_goa(live.base)
    page = context_factory(viewport={"width": 1366, "height": 768}).new_page()
    sign_in(page, live.base, ana)
    page.goto(f"{live.base}/m/{match_id}")
    expect(page.locator(".side .log .log-line").first).to_be_visible()
    box = page.evaluate("""() => {
        const side = document.querySelector('.side').getBoundingClientRect();
        const log = document.querySelector('.side .log');
        return {sideBottom: side.bottom, logBottom: log.getBoundingClientRect().bottom,
                scrolls: log.scrollHeight > log.clientHeight + 1};
    }""")
    assert box["scrolls"], "a whole Goa game's log should need its own scroll bar"
    assert box["logBottom"] <= box["sideBottom"] + 1, box
