"""The player page, the leaderboard and the links to them, in Chromium at 1366×768 and 390×844,
in English and Russian: the rating as one number with its chart, the last results with
their replays, head-to-head, the circle and the admin's server-wide board; the host's
"rated" switch in the waiting room."""

from __future__ import annotations

import re
from types import SimpleNamespace

import httpx
import pytest
from playwright.sync_api import expect

from tests.app.ratings_play import play
from tests.browser.conftest import console_errors, screenshot
from tests.browser.test_history import sign_in
from tests.conftest import TEST_ADMIN_TOKEN
from tests.helpers import Client

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
# Every visible text with its size on screen (HTML by its computed size).
SMALL_JS = """() => [...document.querySelectorAll('body *')].filter((el) => {
  const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  return own && el.getClientRects().length && !el.closest('.sr-only') && parseFloat(getComputedStyle(el).fontSize) < 11;
}).map((el) => el.textContent.trim())"""


@pytest.fixture(scope="module")
def friends(live):
    """Ana, Ben and Carla after five rated matches (one with a bot) and one unrated."""
    ana, ben, carla = (Client(live.base, n) for n in ("Ana", "Ben", "Carla"))
    done = [
        play(ana, [ben]),
        play(ben, [ana, carla]),
        play(carla, [ana], bots=(2,)),
        play(ana, [ben]),
        play(ana, [carla, ben]),
        play(ana, [ben], rated=False),
    ]
    # Their clients close after each test; who they are stays.
    who = {
        k: SimpleNamespace(id=p.id, name=p.name, token=p.token)
        for k, p in (("ana", ana), ("ben", ben), ("carla", carla))
    }
    return {**who, "done": done}


def api(live, path: str, who=None, **params) -> dict:
    headers = {"authorization": f"Bearer {who.token}"} if who else {}
    r = httpx.get(live.base + path, params=params, headers=headers, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def fits(page, where: str) -> None:
    """Nothing scrolls sideways (the page, or a table in it), and no text is under 11 px."""
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 1, f"{where}: the page scrolls sideways by {wide}px"
    inner = page.evaluate("[...document.querySelectorAll('.table-wrap')].map((w) => w.scrollWidth - w.clientWidth)")
    assert all(x <= 1 for x in inner), f"{where}: a table scrolls sideways by {inner}px"
    small = page.evaluate(SMALL_JS)
    assert not small, f"{where}: text under 11 px: {small}"


@pytest.mark.parametrize("size", SIZES)
def test_the_player_page_shows_the_rating_its_chart_results_and_head_to_head(live, context_factory, friends, size):
    ana, ben = friends["ana"], friends["ben"]
    width, height = SIZES[size]
    page = context_factory(viewport={"width": width, "height": height}).new_page()
    sign_in(page, live.base, ben)
    errors = console_errors(page)
    page.goto(f"{live.base}/p/{ana.id}")
    record = api(live, f"/api/players/{ana.id}/record", game="tally")
    expect(page.get_by_test_id("player-name")).to_have_text("Ana")
    shown = f"{record['rating']['ordinal']:.1f}"
    expect(page.get_by_test_id("rating")).to_have_text(shown)
    expect(page.get_by_test_id("game-tally")).to_contain_text(shown)
    chart = page.get_by_test_id("rating-chart").locator("svg")
    expect(chart).to_be_visible()
    points = chart.locator("polyline").get_attribute("points").split()
    assert len(points) == 5  # one point per rated match: the unrated one is not there
    first, last = record["history"][0]["ordinal"], record["history"][-1]["ordinal"]
    expect(page.get_by_test_id("chart-range")).to_have_text(f"{first:.1f} → {last:.1f}")
    box = chart.bounding_box()
    assert box["width"] >= 200 and box["height"] >= 40 and box["x"] + box["width"] <= width
    stats = page.get_by_test_id("stats")
    expect(stats).to_contain_text("Games")
    expect(stats).to_contain_text(str(record["games"]))
    expect(stats).to_contain_text(str(record["best_score"]))
    latest = record["last"][0]["match_id"]
    expect(page.get_by_test_id(f"result-{latest}")).to_contain_text(f"of {record['last'][0]['seats']}")
    versus = page.get_by_test_id(f"versus-{ben.id}")
    h2h = next(x for x in record["head_to_head"] if x["id"] == ben.id)
    expect(versus).to_contain_text(f"{h2h['wins']}–{h2h['losses']}–{h2h['draws']}")
    expect(page.get_by_test_id("versus-bot:normal")).to_contain_text("Bot · normal")
    fits(page, size)
    screenshot(page, f"records-player-{size}")
    # A result opens its replay; an opponent's name opens their page.
    page.get_by_test_id(f"replay-{latest}").click()
    page.wait_for_url(re.compile(rf".*/m/{re.escape(latest)}\?v=0$"))
    expect(page.get_by_test_id("replay-at")).to_contain_text("0 of")
    page.go_back()
    page.get_by_test_id(f"versus-{ben.id}").get_by_role("link").click()
    expect(page.get_by_test_id("player-name")).to_have_text("Ben")
    assert errors == []


def test_the_player_page_reads_in_russian_and_a_bot_level_has_one(live, context_factory, friends):
    ana = friends["ana"]
    page = context_factory(viewport={"width": 390, "height": 844}).new_page()
    sign_in(page, live.base, ana)
    page.evaluate("localStorage.setItem('caravela.lang', 'ru')")
    page.goto(f"{live.base}/p/{ana.id}")
    expect(page.get_by_test_id("stats")).to_contain_text("Партии")
    expect(page.get_by_role("heading", name="Личные встречи")).to_be_visible()
    expect(page.get_by_test_id("versus-bot:normal")).to_contain_text("Бот · обычный")
    fits(page, "phone ru")
    screenshot(page, "records-player-phone-ru")
    page.get_by_test_id("versus-bot:normal").get_by_role("link").click()
    expect(page.get_by_test_id("player-name")).to_have_text("Бот · обычный")
    expect(page.get_by_test_id("rating-chart").locator("svg")).to_be_visible()
    page.goto(f"{live.base}/p/nobody-at-all")
    expect(page.get_by_role("alert")).to_contain_text("нет такого игрока")


@pytest.mark.parametrize("size", SIZES)
def test_the_leaderboard_shows_your_circle_and_everyone_to_the_admin(live, context_factory, friends, size):
    ana, carla = friends["ana"], friends["carla"]
    width, height = SIZES[size]
    page = context_factory(viewport={"width": width, "height": height}).new_page()
    errors = console_errors(page)
    page.goto(f"{live.base}/leaderboard")
    expect(page.get_by_test_id("board-sign-in")).to_be_visible()  # nobody signed in: nothing to show
    dan = Client(live.base, "Dan")
    play(dan, [Client(live.base, "Eve")])
    sign_in(page, live.base, carla)
    page.goto(f"{live.base}/leaderboard?game=tally")
    board = page.get_by_test_id("leaderboard")
    expect(board).to_be_visible()
    want = api(live, "/api/leaderboard", carla, game="tally")["players"]
    rows = board.locator("tbody tr")
    expect(rows).to_have_count(len(want))
    assert [r["id"] for r in want][:1] and dan.id not in {r["id"] for r in want}
    expect(rows.first).to_contain_text(f"{want[0]['ordinal']:.1f}")
    expect(page.get_by_test_id(f"board-{carla.id}")).to_contain_text("(you)")
    fits(page, size)
    screenshot(page, f"records-leaderboard-{size}")
    # The admin's token shows everyone rated, Dan too; a wrong one says so (its 401 is the only error).
    assert errors == []
    page.locator("details.admin-board summary").click()
    page.get_by_test_id("admin-token").fill("not-the-token")
    page.get_by_test_id("admin-show").click()
    expect(page.get_by_role("alert")).to_contain_text("not this server's admin token")
    page.get_by_test_id("admin-token").fill(TEST_ADMIN_TOKEN)
    page.get_by_test_id("admin-show").click()
    expect(page.get_by_test_id(f"board-{dan.id}")).to_be_visible()
    expect(page.get_by_role("heading", name="Everyone rated on this server")).to_be_visible()
    fits(page, f"{size} admin")
    if size == "phone":
        screenshot(page, "records-leaderboard-admin-phone")
    page.get_by_test_id("board-game").select_option("goa")  # nobody has played Goa rated here
    expect(page.get_by_test_id("board-empty")).to_be_visible()
    assert page.evaluate("location.search") == "?game=goa"
    page.get_by_test_id("board-game").select_option("tally")
    page.get_by_test_id(f"board-{ana.id}").get_by_role("link").click()
    expect(page.get_by_test_id("player-name")).to_have_text("Ana")
    assert len(errors) == 1 and "401" in errors[0] and "circle=false" in errors[0], errors


def test_names_in_the_final_table_and_the_history_link_to_player_pages(live, context_factory, friends):
    ana, ben = friends["ana"], friends["ben"]
    rated = friends["done"][2]  # Carla, Ana and a bot
    page = context_factory(viewport={"width": 1366, "height": 768}).new_page()
    sign_in(page, live.base, ana)
    page.goto(f"{live.base}/m/{rated['id']}")
    seat = next(s["seat"] for s in rated["seats"] if s["kind"] == "bot")
    link = page.get_by_test_id(f"player-link-{seat}")
    expect(link).to_have_attribute("href", "/p/bot%3Anormal")
    expect(page.get_by_test_id("rated-note")).to_contain_text("counts for the ratings")
    page.get_by_test_id("player-link-1").click()  # Ana sits at seat 1
    expect(page.get_by_test_id("player-name")).to_have_text("Ana")
    page.goto(f"{live.base}/m/{friends['done'][5]['id']}")  # unrated by its host: no bot page, and said so
    expect(page.get_by_test_id("rated-note")).to_contain_text("not rated")
    screenshot(page, "records-final-unrated-desktop")
    page.goto(live.base + "/")
    entry = page.get_by_test_id(f"history-{friends['done'][3]['id']}")
    entry.get_by_test_id(f"history-player-{ben.id}").click()
    expect(page.get_by_test_id("player-name")).to_have_text("Ben")
    page.go_back()
    page.get_by_test_id("to-leaderboard").first.click()
    expect(page.get_by_test_id("leaderboard")).to_be_visible()


@pytest.mark.parametrize("size", SIZES)
def test_the_host_marks_a_match_unrated_in_the_waiting_room(live, context_factory, size):
    ana, ben = Client(live.base, "Ana"), Client(live.base, "Ben")
    match = ana.create(seats=2, options={"target": 7})  # these clients are this test's own
    width, height = SIZES[size]
    page = context_factory(viewport={"width": width, "height": height}).new_page()
    sign_in(page, live.base, ana)
    page.goto(f"{live.base}/m/{match['id']}")
    box = page.get_by_test_id("rated")
    expect(box).to_be_checked()
    box.click()
    expect(box).not_to_be_checked()
    assert ana.http.get(f"/api/matches/{match['id']}").json()["rated"] is False
    fits(page, size)
    screenshot(page, f"records-waiting-rated-{size}")
    guest = context_factory(viewport={"width": width, "height": height}).new_page()
    sign_in(guest, live.base, ben)
    russian = size == "phone"  # the guest on the phone reads Russian
    if russian:
        guest.evaluate("localStorage.setItem('caravela.lang', 'ru')")
    guest.goto(f"{live.base}/m/{match['id']}")
    expect(guest.get_by_test_id("rated-state")).to_contain_text("Без рейтинга" if russian else "Unrated")
    box.click()
    expect(guest.get_by_test_id("rated-state")).to_contain_text("Рейтинговая" if russian else "Rated: counts")
    fits(guest, f"{size} guest")


def test_the_records_pages_draw_under_the_real_content_policy(live, context_factory, friends):
    page = context_factory(bypass_csp=False, viewport={"width": 390, "height": 844}).new_page()
    sign_in(page, live.base, friends["carla"])
    errors = console_errors(page)
    page.goto(f"{live.base}/p/{friends['ana'].id}")
    expect(page.get_by_test_id("rating-chart").locator("svg polyline")).to_have_count(1)
    page.goto(f"{live.base}/leaderboard")
    expect(page.get_by_test_id("leaderboard")).to_be_visible()
    assert errors == []
