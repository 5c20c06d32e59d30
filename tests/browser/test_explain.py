"""States that explain themselves, in Chromium at a laptop's and a phone's size: what a resignation
sets going and how every table marks it, the chat's times and character count, the replay's
focus and a version that does not exist."""

from __future__ import annotations

import itertools
import re
import time
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from tests.app.finished import finished_match
from tests.app.test_devices import sql
from tests.app.test_resign import play_on
from tests.browser.conftest import console_errors, screenshot
from tests.browser.play import open_panel
from tests.browser.test_history import sign_in
from tests.conftest import ThreadServer, fresh_sqlite_database
from tests.helpers import Client, started_match

SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
RU = "localStorage.setItem('caravela.lang', 'ru')"


def open_as(context_factory, base: str, who, path: str, size: str, lang: str = "en"):
    context = context_factory(viewport=SIZES[size])
    if lang == "ru":
        context.add_init_script(RU)
    page = context.new_page()
    errors = console_errors(page)
    sign_in(page, base, who)
    page.goto(base + path)
    return page, errors


@pytest.mark.parametrize("size", SIZES)
def test_resigning_says_what_follows_and_the_final_table_status_and_history_mark_it(live, context_factory, size):
    match, (ana, ben) = started_match(live.base, options={"target": 9})
    page, errors = open_as(context_factory, live.base, ana, f"/m/{match['id']}", size)
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    open_panel(page, "players")  # Resign is with the players (a tab on a phone)
    button = page.get_by_test_id("resign")
    button.click()
    explain = page.get_by_test_id("resign-explain")
    expect(explain).to_contain_text("Your bot plays your seat to the end")
    expect(explain).to_contain_text("ranked last")
    screenshot(page, f"explain-resign-confirm-{size}")
    button.click()
    expect(page.get_by_test_id("resigned-0")).to_be_visible()
    play_on(ben, match["id"])  # Ana's bot plays her seat to the end
    table = page.get_by_test_id("final-scores")
    expect(table.locator('tr[data-seat="0"]')).to_contain_text("resigned")
    expect(table.locator('tr[data-seat="1"]')).not_to_contain_text("resigned")
    expect(page.get_by_test_id("status-bar")).to_contain_text("Ana resigned")
    screenshot(page, f"explain-resigned-final-{size}")
    page.goto(live.base + "/")
    row = page.get_by_test_id(f"history-{match['id']}")
    expect(row.get_by_test_id("resigned-mark-0")).to_be_visible()
    expect(row.get_by_test_id("resigned-mark-1")).to_have_count(0)
    screenshot(page, f"explain-resigned-history-{size}")
    assert errors == []


def test_resigning_explains_itself_in_russian(live, context_factory):
    match, (ana, ben) = started_match(live.base, options={"target": 9})
    page, errors = open_as(context_factory, live.base, ana, f"/m/{match['id']}", "phone", "ru")
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    open_panel(page, "players")
    page.get_by_test_id("resign").click()
    expect(page.get_by_test_id("resign-explain")).to_contain_text("играет бот")
    page.get_by_test_id("resign").click()
    play_on(ben, match["id"])
    expect(page.get_by_test_id("final-scores").locator('tr[data-seat="0"]')).to_contain_text("сдался")
    expect(page.get_by_test_id("status-bar")).to_contain_text("сдача: Ana")
    assert errors == []


@pytest.mark.parametrize("size", SIZES)
def test_chat_lines_carry_their_time_and_the_input_counts_characters_as_the_server_does(live, context_factory, size):
    match, (ana, _ben) = started_match(live.base)
    page, errors = open_as(context_factory, live.base, ana, f"/m/{match['id']}", size)
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    open_panel(page, "chat")
    chat = page.get_by_test_id("chat-input")
    chat.fill("hello")
    expect(page.get_by_test_id("chat-left")).to_have_text("495 characters left")
    # An emoji is one character for the server (500 code points), two UTF-16 units for maxlength.
    chat.fill("🙂" * 499)
    expect(page.get_by_test_id("chat-left")).to_have_text("1 character left")
    chat.fill("🙂" * 600)
    expect(page.get_by_test_id("chat-left")).to_have_text("0 characters left")
    assert page.evaluate("[...document.getElementById('chat-input').value].length") == 500
    page.get_by_test_id("chat-send").click()
    line = page.get_by_test_id("chat-line")
    expect(line).to_have_count(1)  # the server took all 500
    expect(line.get_by_test_id("chat-at")).to_have_text(re.compile(r"^\d{1,2}:\d{2}"))
    screenshot(page, f"explain-chat-{size}")
    assert errors == []


def test_the_chat_counter_reads_in_russian(live, context_factory):
    match, (ana, _ben) = started_match(live.base)
    page, _ = open_as(context_factory, live.base, ana, f"/m/{match['id']}", "phone", "ru")
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    open_panel(page, "chat")
    page.get_by_test_id("chat-input").fill("привет")
    expect(page.get_by_test_id("chat-left")).to_have_text("Осталось 494 знака")


@pytest.mark.parametrize("size", SIZES)
def test_the_replay_keeps_focus_on_the_pressed_button_and_a_missing_version_shows_only_its_error(
    live, context_factory, size
):
    match, people, _ = finished_match(live.base)
    page, errors = open_as(context_factory, live.base, people[0], f"/m/{match['id']}?v=0", size)
    expect(page.get_by_test_id("replay-at")).to_contain_text("0 of")
    forward = page.get_by_test_id("replay-forward")
    forward.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("replay-at")).to_contain_text("1 of")
    assert page.evaluate("document.activeElement.dataset.testid") == "replay-forward"
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("replay-at")).to_contain_text("2 of")
    assert page.evaluate("document.activeElement.dataset.testid") == "replay-forward"
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("replay-forward")).to_be_disabled()
    # Last is disabled at the end: the focus moves to the step back, never to <body>.
    assert page.evaluate("document.activeElement.dataset.testid") == "replay-back"
    assert errors == []

    page.goto(f"{live.base}/m/{match['id']}?v=99999")
    expect(page.locator("#replay [role=alert]")).to_be_visible()
    expect(page.get_by_test_id("replay-at")).to_have_count(0)
    expect(page.get_by_test_id("replay")).not_to_contain_text("Loading")
    screenshot(page, f"explain-replay-missing-{size}")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_resignation_is_a_line_of_the_log_in_the_readers_language(live, context_factory, lang):
    match, (ana, ben) = started_match(live.base, options={"target": 30})
    page, errors = open_as(context_factory, live.base, ana, f"/m/{match['id']}", "laptop", lang)
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    assert ben.post(f"/api/matches/{match['id']}/resign").status_code == 200
    note = page.get_by_test_id("log-note")
    expected = (
        "Ben resigned; their bot plays on, ranked last."
        if lang == "en"
        else "Ben: сдача; за это место дальше играет бот"
    )
    expect(note).to_contain_text(expected)
    screenshot(page, f"explain-resigned-log-{lang}")
    assert errors == []


def ended_lobby(live, why: str) -> tuple[str, Client]:
    """Returns an open lobby of Ana's that ended unplayed, the way `why` says."""
    ana = Client(live.base, "Ana")
    match = ana.create()
    if why == "cancelled":
        assert ana.post(f"/api/matches/{match['id']}/cancel").status_code == 200
    else:  # as the sweeper or the last resignation would leave it
        sql(live, "UPDATE matches SET status = 'abandoned', ended = :why WHERE id = :m", why=why, m=match["id"])
    return match["id"], ana


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("why", ["cancelled", "expired", "abandoned"])
def test_a_match_that_ended_unplayed_says_which_way_and_leads_back_to_the_lobby(live, context_factory, why, size):
    match_id, ana = ended_lobby(live, why)
    page, errors = open_as(context_factory, live.base, ana, f"/m/{match_id}", size)
    titles = {
        "cancelled": "The host cancelled this match",
        "expired": "This match expired",
        "abandoned": "This match was abandoned",
    }
    expect(page.get_by_test_id("status-bar")).to_contain_text(titles[why])
    expect(page.get_by_test_id("ended")).to_be_visible()
    expect(page.get_by_test_id("chat-input")).to_have_count(0)  # nobody is at this table any more
    back = page.get_by_test_id("back-to-lobby")
    expect(back).to_be_visible()
    screenshot(page, f"explain-ended-{why}-{size}")
    back.click()
    page.wait_for_url(live.base + "/")
    assert errors == []


def test_an_expired_match_says_so_in_russian_and_joining_it_says_it_expired(live, context_factory):
    match_id, _ana = ended_lobby(live, "expired")
    carla = Client(live.base, "Carla")
    page, _ = open_as(context_factory, live.base, carla, f"/m/{match_id}", "phone", "ru")
    expect(page.get_by_test_id("status-bar")).to_contain_text("Срок этой партии истёк")
    expect(page.get_by_test_id("back-to-lobby")).to_have_text("В лобби")
    r = carla.post(f"/api/matches/{match_id}/join")
    assert r.status_code == 409 and "expired" in r.json()["detail"]


@pytest.mark.parametrize("size", SIZES)
def test_offline_and_played_by_bot_are_told_apart_and_an_early_hand_over_says_when(live, context_factory, size):
    match, (ana, _ben) = started_match(live.base, options={"target": 30})
    minutes_ago = datetime.now(UTC) - timedelta(minutes=3)
    sql(live, "UPDATE seats SET last_seen_at = :t WHERE match_id = :m AND seat = 1", t=minutes_ago, m=match["id"])
    page, errors = open_as(context_factory, live.base, ana, f"/m/{match['id']}", size)
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    ben_panel = page.locator("#players").get_by_test_id("seat-1")
    expect(ben_panel).to_contain_text(re.compile(r"Offline since \d{1,2}:\d{2}"))
    expect(ben_panel).not_to_contain_text("Played by bot")
    open_panel(page, "players")  # the host's hand-over is in Ben's panel (a tab on a phone)
    page.get_by_test_id("hand-1").click()
    reject = page.get_by_test_id("reject")
    expect(reject).to_contain_text("Ben was here 3 min ago")
    expect(reject).to_contain_text("in 2 min")
    screenshot(page, f"explain-hand-over-too-soon-{size}")
    long_ago = datetime.now(UTC) - timedelta(hours=1)
    sql(live, "UPDATE seats SET last_seen_at = :t WHERE match_id = :m AND seat = 1", t=long_ago, m=match["id"])
    page.get_by_test_id("hand-1").click()
    expect(page.get_by_test_id("away-1")).to_have_text("Played by bot")
    expect(reject).to_be_hidden()
    expect(ben_panel).to_contain_text("Offline since")
    screenshot(page, f"explain-played-by-bot-{size}")
    assert [e for e in errors if "409 (Conflict)" not in e] == []  # the refused hand-over


def test_offline_since_and_the_early_hand_over_read_in_russian(live, context_factory):
    match, (ana, _ben) = started_match(live.base, options={"target": 30})
    minutes_ago = datetime.now(UTC) - timedelta(minutes=3)
    sql(live, "UPDATE seats SET last_seen_at = :t WHERE match_id = :m AND seat = 1", t=minutes_ago, m=match["id"])
    page, _ = open_as(context_factory, live.base, ana, f"/m/{match['id']}", "phone", "ru")
    page.wait_for_function("window.caravela && window.caravela.view !== null")
    expect(page.locator("#players")).to_contain_text("Не в сети с")
    open_panel(page, "players")
    page.get_by_test_id("hand-1").click()
    expect(page.get_by_test_id("reject")).to_contain_text("был(а) здесь 3 мин назад")


@pytest.mark.parametrize("size", SIZES)
def test_a_rematch_room_says_whose_answer_it_awaits_and_a_player_who_said_no_is_told(live, context_factory, size):
    match, (ana, ben), _ = finished_match(live.base)
    ana_page, ana_errors = open_as(context_factory, live.base, ana, f"/m/{match['id']}", size)
    ben_page, ben_errors = open_as(context_factory, live.base, ben, f"/m/{match['id']}", size)
    ana_page.get_by_test_id("rematch").click()
    ana_page.wait_for_url(re.compile(r".*/m/(?!" + re.escape(match["id"]) + r")[^/?]+$"))
    status = ana_page.get_by_test_id("status-bar")
    expect(status).to_contain_text("Waiting for Ben to answer the rematch")
    expect(status).not_to_contain_text("start when ready")
    expect(ana_page.get_by_test_id("start")).to_be_disabled()
    screenshot(ana_page, f"explain-rematch-awaits-{size}")
    ben_page.get_by_test_id("rematch-decline").click()
    expect(ben_page.get_by_test_id("rematch-offer")).to_contain_text("You declined this rematch")
    expect(ben_page.get_by_test_id("rematch-accept")).to_have_count(0)
    expect(ben_page.get_by_test_id("rematch-banner")).not_to_contain_text("Seat 1")
    screenshot(ben_page, f"explain-rematch-declined-{size}")
    expect(status).not_to_contain_text("Waiting for Ben")  # a bot took his seat; the rematch starts
    assert ana_errors == [] and ben_errors == []


def test_a_player_whose_rematch_seat_went_to_a_bot_is_told_in_russian(live, context_factory):
    match, (ana, ben), _ = finished_match(live.base)
    new = ana.post(f"/api/matches/{match['id']}/rematch").json()
    ben_page, _ = open_as(context_factory, live.base, ben, f"/m/{new['id']}", "phone", "ru")
    expect(ben_page.get_by_test_id("status-bar")).to_contain_text("Ваше место в этом реванше ждёт ответа")
    assert ana.post(f"/api/matches/{new['id']}/offer/0/bot").status_code == 200
    ben_page.goto(f"{live.base}/m/{match['id']}")
    expect(ben_page.get_by_test_id("rematch-offer")).to_contain_text("Ana отдал(а) ваше место в реванше боту")


@pytest.mark.parametrize(("size", "lang"), [("laptop", "en"), ("phone", "en"), ("phone", "ru")])
def test_the_waiting_room_shows_the_time_control_and_options_a_player_agrees_to(live, context_factory, size, lang):
    ana, ben = Client(live.base, "Ana"), Client(live.base, "Ben")
    clock = {"kind": "live", "minutes": 10, "increment": 5}
    match = ana.create(game="goa", options={"auctioneer_may_match": True}, clock=clock)
    page, errors = open_as(context_factory, live.base, ben, f"/m/{match['id']}", size, lang)
    terms = page.get_by_test_id("waiting-terms")
    if lang == "en":
        expect(terms).to_contain_text("Time control: 10 min + 5 s")
        expect(terms).to_contain_text("Auctioneer may match the high bid (first edition): yes")
    else:
        expect(terms).to_contain_text("Контроль времени: 10 мин + 5 с")
        expect(terms).to_contain_text("Аукционист может повторить высшую ставку (первое издание): да")
    screenshot(page, f"explain-waiting-terms-{size}-{lang}")
    plain = ana.create()
    page.goto(f"{live.base}/m/{plain['id']}")
    expect(page.get_by_test_id("waiting-terms")).to_contain_text("No clock" if lang == "en" else "Без часов")
    assert errors == []


@pytest.mark.parametrize("size", SIZES)
def test_the_history_narrows_to_a_player_and_keeps_its_filters_in_the_address(live, context_factory, size):
    first, (_ana, ben), _ = finished_match(live.base)
    other, (carla, _dan), _ = finished_match(live.base)
    page, errors = open_as(context_factory, live.base, carla, "/", size)
    history = page.get_by_test_id("history")
    expect(history.get_by_test_id(f"history-{first['id']}")).to_be_visible()
    history.get_by_test_id(f"history-{first['id']}").get_by_test_id(f"history-by-{ben.id}").click()
    expect(history.get_by_test_id("history-player")).to_contain_text("Player: Ben")
    expect(history.get_by_test_id(f"history-{other['id']}")).to_have_count(0)
    expect(history.get_by_test_id(f"history-{first['id']}")).to_be_visible()
    assert f"player={ben.id}" in page.url
    screenshot(page, f"explain-history-by-player-{size}")
    page.locator("#history-game").select_option("tally")
    expect(page).to_have_url(re.compile(r"game=tally"))
    page.reload()  # the address keeps both filters
    expect(page.get_by_test_id("history-player")).to_contain_text("Player: Ben")
    expect(page.locator("#history-game")).to_have_value("tally")
    expect(page.get_by_test_id(f"history-{other['id']}")).to_have_count(0)
    page.get_by_test_id("history-player").click()
    expect(page.get_by_test_id(f"history-{other['id']}")).to_be_visible()
    assert "player=" not in page.url
    page.locator("#history-mine").check()
    expect(page.get_by_test_id(f"history-{first['id']}")).to_have_count(0)
    assert f"player={carla.id}" in page.url
    assert errors == []


def test_the_history_player_filter_reads_in_russian(live, context_factory):
    first, (_ana, ben), _ = finished_match(live.base)
    page, _ = open_as(context_factory, live.base, ben, f"/?player={ben.id}", "phone", "ru")
    expect(page.locator("#history-mine")).to_be_checked()
    page.locator("#history-mine").uncheck()
    page.get_by_test_id(f"history-{first['id']}").get_by_test_id(f"history-by-{first['seats'][0]['player_id']}").click()
    expect(page.get_by_test_id("history-player")).to_contain_text("Игрок: Ana")


# Every WebSocket the page opens, with when (ms), so the waits between attempts can be read.
COUNT_SOCKETS = """
(() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = function (...args) { window.__sockets.push(performance.now()); return new Real(...args); };
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3, prototype: Real.prototype });
})();
"""


def test_a_page_finds_a_restarted_server_within_seconds(tmp_path, context_factory):
    url = fresh_sqlite_database(tmp_path)
    with ThreadServer(url) as first:
        port = first.port
        match, (ana, _ben) = started_match(first.base)
        context = context_factory(viewport=SIZES["laptop"])
        context.add_init_script(COUNT_SOCKETS)
        page = context.new_page()
        sign_in(page, first.base, ana)
        page.goto(f"{first.base}/m/{match['id']}")
        expect(page.locator("#conn")).to_have_attribute("data-state", "connected")
    down_at = time.monotonic()
    expect(page.locator("#conn")).not_to_have_attribute("data-state", "connected")
    time.sleep(max(0.0, 18 - (time.monotonic() - down_at)))  # long enough for the backoff to reach its cap
    with ThreadServer(url, port=port):
        back = time.monotonic()
        expect(page.locator("#conn")).to_have_attribute("data-state", "connected", timeout=20_000)
        waited = time.monotonic() - back
        attempts = page.evaluate("window.__sockets")
    gaps = [(b - a) / 1000 for a, b in itertools.pairwise(attempts)]
    assert max(gaps) <= 6.5, f"the page waited {max(gaps):.1f} s between two tries: {gaps}"
    assert waited <= 7, f"connected {waited:.1f} s after the server was back"
    screenshot(page, "explain-reconnected")


@pytest.mark.parametrize(("size", "lang"), [("laptop", "en"), ("phone", "ru")])
def test_a_second_passkey_on_the_same_device_is_explained_in_our_words(live, context_factory, size, lang):
    from tests.browser.test_days import virtual_authenticator

    ana = Client(live.base, "Ana")
    context = context_factory(viewport=SIZES[size])
    if lang == "ru":
        context.add_init_script(RU)
    page = context.new_page()
    virtual_authenticator(page)
    sign_in(page, f"http://localhost:{live.port}", ana)
    page.goto(f"http://localhost:{live.port}/")
    page.get_by_test_id("account").click()
    page.get_by_test_id("account-passkeys").click()
    page.get_by_test_id("passkey-add").click()
    expect(page.get_by_test_id("passkeys").locator("li")).to_have_count(1)
    page.get_by_test_id("passkey-add").click()
    status = page.get_by_test_id("passkey-status")
    expect(status).to_contain_text("already holds a passkey of yours" if lang == "en" else "уже есть ваш ключ доступа")
    screenshot(page, f"explain-second-passkey-{size}-{lang}")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_notice_delay_is_told_in_seconds_when_it_is_short(tmp_path, context_factory, lang):
    with ThreadServer(fresh_sqlite_database(tmp_path), notice_delay=10) as srv:
        ana = Client(srv.base, "Ana")
        page, _ = open_as(context_factory, srv.base, ana, "/", "phone", lang)
        page.get_by_test_id("account").click()
        page.get_by_test_id("account-notices").click()
        expect(page.get_by_test_id("notices-how")).to_contain_text(
            "about 10 seconds" if lang == "en" else "примерно через 10 секунд"
        )


def open_devices(page):
    page.get_by_test_id("account").click()
    page.get_by_test_id("account-devices").click()


@pytest.mark.parametrize(("size", "lang"), [("laptop", "en"), ("phone", "en"), ("phone", "ru")])
def test_signing_out_the_last_device_says_every_seat_is_lost_offers_a_link_and_is_remembered(
    live, context_factory, size, lang
):
    match, (ana, _ben) = started_match(live.base)
    (device,) = ana.http.get("/api/me/devices").json()["devices"]
    page, errors = open_as(context_factory, live.base, ana, "/", size, lang)
    open_devices(page)
    page.get_by_test_id(f"sign-out-{device['id']}").click()
    warning = page.get_by_test_id("sign-out-last")
    expect(warning).to_contain_text(
        "loses Ana for good, with every seat" if lang == "en" else "потеряет игрока Ana навсегда"
    )
    screenshot(page, f"explain-sign-out-last-{size}-{lang}")
    page.get_by_test_id("link-first").click()
    expect(page.get_by_test_id("device-link-url")).to_have_value(re.compile(r"#link="))
    page.keyboard.press("Escape")
    open_devices(page)
    page.get_by_test_id(f"sign-out-{device['id']}").click()
    with page.expect_navigation():  # signed out, back on the lobby
        page.get_by_test_id("sign-out-anyway").click()
    expect(page.get_by_test_id("identity-how")).to_be_visible()
    # The reason survives reloads, and at 127.0.0.1 it offers no passkey (none can work there).
    page.reload()
    how = page.get_by_test_id("identity-how")
    expect(how).to_contain_text("Signed out" if lang == "en" else "Выход выполнен")
    hint = page.locator("#name-msg")
    expect(hint).to_contain_text("This browser was signed out" if lang == "en" else "В этом браузере выполнен выход")
    expect(hint).not_to_contain_text("passkey" if lang == "en" else "ключ")
    page.goto(f"{live.base}/m/{match['id']}")
    page.get_by_test_id("identity-how").click()
    expect(page.get_by_test_id("signed-out-why")).to_be_visible()
    screenshot(page, f"explain-signed-out-match-{size}-{lang}")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], f"the header scrolls sideways ({width}px)"
    assert [e for e in errors if "401 (Unauthorized)" not in e] == []  # a poll racing the sign-out


def test_a_browser_that_is_nobody_here_is_told_to_bring_a_device_link(live, context_factory):
    match, _people = started_match(live.base)
    page = context_factory(viewport=SIZES["phone"]).new_page()
    page.goto(f"{live.base}/m/{match['id']}")
    page.get_by_test_id("identity-how").click()
    dialog = page.get_by_test_id("panel-identity")
    expect(dialog).to_contain_text("Use on another device")
    expect(dialog).to_contain_text("Passkeys cannot work at this address")
    screenshot(page, "explain-nobody-here-phone")


def test_a_device_link_opened_in_a_tab_already_showing_the_lobby_signs_it_in(live, context_factory):
    ana = Client(live.base, "Ana")
    code = ana.post("/api/me/link").json()["url"].split("#link=")[1]
    page = context_factory(viewport=SIZES["laptop"]).new_page()
    errors = console_errors(page)
    page.goto(live.base + "/")
    expect(page.get_by_test_id("identity-how")).to_be_visible()
    page.evaluate("code => { location.hash = 'link=' + code; }", code)  # only the #fragment changes
    expect(page.get_by_test_id("account")).to_contain_text("Ana")
    assert "#link=" not in page.url
    assert errors == []


def test_a_device_link_opened_at_127_0_0_1_lands_at_localhost_signed_in(tmp_path, context_factory):
    with ThreadServer(fresh_sqlite_database(tmp_path), canonical_host="localhost") as srv:
        ana = Client(srv.base, "Ana")  # the API answers at 127.0.0.1 too
        link = ana.post("/api/me/link").json()["url"]
        assert link.startswith(srv.base)  # made at 127.0.0.1, as a script or an old bookmark would
        page = context_factory(viewport=SIZES["phone"]).new_page()
        errors = console_errors(page)
        page.goto(link)
        expect(page.get_by_test_id("account")).to_contain_text("Ana")
        assert page.url.startswith(f"http://localhost:{srv.port}/") and "#link=" not in page.url
        screenshot(page, "explain-canonical-localhost")
        assert errors == []


@pytest.mark.parametrize(("size", "lang"), [("laptop", "en"), ("phone", "ru")])
def test_passkeys_name_the_address_where_they_work(live, context_factory, size, lang):
    ana = Client(live.base, "Ana")
    page, errors = open_as(context_factory, live.base, ana, "/", size, lang)  # at 127.0.0.1
    page.get_by_test_id("account").click()
    page.get_by_test_id("account-passkeys").click()
    expect(page.get_by_test_id("passkeys-not-here")).to_contain_text("IP address" if lang == "en" else "IP-адресе")
    expect(page.get_by_test_id("passkeys-address")).to_have_attribute("href", f"http://localhost:{live.port}")
    screenshot(page, f"explain-passkeys-elsewhere-{size}-{lang}")
    assert errors == []


def test_a_lan_server_offers_no_passkey_even_at_localhost(tmp_path, context_factory):
    # As `serve --lan` runs it: PUBLIC_URL is the LAN address over http, where no passkey works.
    with ThreadServer(fresh_sqlite_database(tmp_path), public_url="http://192.168.1.20:8000") as srv:
        page = context_factory(viewport=SIZES["phone"]).new_page()
        errors = console_errors(page)
        page.goto(f"http://localhost:{srv.port}/")
        expect(page.get_by_test_id("identity-how")).to_be_visible()
        page.wait_for_timeout(500)  # the answer of /api/passkeys/where has come
        expect(page.get_by_test_id("passkey-sign-in")).to_have_count(0)
        page.get_by_test_id("identity-how").click()
        expect(page.get_by_test_id("panel-identity")).to_contain_text(
            "Passkeys cannot work on this server as it runs now"
        )
        assert errors == []


@pytest.mark.parametrize(("size", "lang"), [("laptop", "en"), ("phone", "ru")])
def test_two_devices_with_the_same_browser_are_told_apart_by_names_people_give(live, context_factory, size, lang):
    ana = Client(live.base, "Ana")
    (device,) = ana.http.get("/api/me/devices").json()["devices"]
    page, errors = open_as(context_factory, live.base, ana, "/", size, lang)
    open_devices(page)
    page.get_by_test_id(f"rename-{device['id']}").click()
    page.get_by_test_id(f"rename-input-{device['id']}").fill("Kitchen tablet")
    page.get_by_test_id(f"rename-save-{device['id']}").click()
    expect(page.get_by_test_id(f"device-name-{device['id']}")).to_have_text("Kitchen tablet")
    assert ana.http.get("/api/me/devices").json()["devices"][0]["name"] == "Kitchen tablet"
    screenshot(page, f"explain-device-named-{size}-{lang}")
    assert errors == []
