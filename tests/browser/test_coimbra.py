"""Coimbra in real Chromium: whole games clicked through the renderer, the phone layout, Russian.

Moves are made only by clicking the renderer's visible controls (`[data-testid="action"]`, the
map's lit spaces among them, and the dice area's dice to choose which die to place);
`window.caravela.view` is only read, to know whose move it is. The admin API gives the true
state, to check what the page must not hold (the deck, the monasteries and voyages left in
the box).
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS, console_errors, screenshot
from tests.browser.legible import open_in, overlap, texts
from tests.browser.play import ACTIONS, final_table, open_match_with_bots, settled_box
from tests.browser.russian import english_words, open_russian_match, russian_context

ADMIN = {"Authorization": "Bearer test-admin-token"}
CATEGORIES = {  # breakdown key -> column heading on the final screen (strings.js score.*)
    "income_vp": "Scoring track",
    "tracks": "Influence tiles",
    "voyages": "Voyages",
    "cards": "End-game cards",
    "monasteries": "Monasteries",
    "diplomas": "Diplomas",
    "resources": "Coins and guards",
}
TIE_BREAK = ("money", "Tie-break")  # coins + guards left: a note under the table
# What a Russian screen may hold in Latin letters besides names: the seed's phase letters and
# the monastery tiers' Roman numerals ("фаза E", "уровень II").
LABELS = {"A", "B", "C", "D", "E", "F", "I", "II", "III"}
NAMES_JS = Path(__file__).resolve().parents[2] / "static/js/games/coimbra/names.js"
# id -> (English name, English text), read from the renderer's own table
CARD_ROW = re.compile(r'^  ([GOPS]\d\d|[A-Z][a-z]+): \["([^"]+)", "[^"]+", "([^"]+)"', re.M)
CARDS = {card: (name, text) for card, name, text in CARD_ROW.findall(NAMES_JS.read_text())}
CARD_NAMES = {card: name for card, (name, _) in CARDS.items() if re.fullmatch(r"[GOPS]\d\d", card)}
MOVE = """() => { const v = window.caravela.view; const s = window.caravela.seat;
                  return !!v && !v.over && (v.to_act || []).includes(s) && (v.legal || []).length > 0; }"""
STEP = """() => { const v = window.caravela.view; const top = (v.pending || []).slice(-1)[0];
                  if (top && top.seat === window.caravela.seat) return top.kind;
                  return v.phase + (v.next ? (v.next.area === "castle" ? "-castle" : "-city") : ""); }"""


def admin(base: str, match_id: str) -> dict:
    r = httpx.get(f"{base}/api/admin/matches/{match_id}", headers=ADMIN, timeout=10)
    r.raise_for_status()
    return r.json()


def my_move(page: Page) -> bool:
    return page.evaluate(MOVE)


def check_phone_layout(page: Page, name: str) -> None:
    """At 390 px: the city rows and your own board lie inside the screen's width; at 360 px the
    page does not scroll sideways. Screenshots both; restores the desktop size."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(150)
    page.screenshot(path=str(ARTIFACTS / f"{name}-phone.png"))
    seat = page.evaluate("window.caravela.seat")
    parts = [
        *(f'[data-testid="co-area-{a}"]' for a in ("castle", "upper", "central", "lower")),
        f'[data-testid="co-board-{seat}"]',
    ]
    for selector in parts:
        box = page.locator(selector).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390 + 0.5, f"{name}: {selector} at 390 px: {box}"
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_timeout(150)
    width = page.evaluate("document.documentElement.scrollWidth")
    page.set_viewport_size({"width": 1366, "height": 768})
    assert width <= 360, f"{name}: the page scrolls sideways at 360 px ({width}px)"


def click_one(page: Page, rnd: random.Random) -> bool:
    """Makes one move by clicking like a person; returns whether a control was clicked.

    A small policy keeps games short and varied, through visible controls only: in Phase B it
    often taps another die first; a walking pilgrim mostly keeps walking; anything else is a
    random legal control."""
    pool = page.locator('[data-testid^="co-pool-"]:visible')
    if pool.count() and rnd.random() < 0.6:
        pool.nth(rnd.randrange(pool.count())).click()
    controls = page.locator(ACTIONS)
    count = controls.count()
    if not count:
        return False
    actions = [controls.nth(i).get_attribute("data-action") or "" for i in range(count)]
    walks = [i for i, a in enumerate(actions) if '"walk"' in a]
    pick = rnd.choice(walks) if walks and rnd.random() < 0.8 else rnd.randrange(count)
    before = page.evaluate("window.caravela.v")
    try:
        controls.nth(pick).click(timeout=3000)
    except Exception:  # noqa: BLE001 - the control re-rendered under the cursor; look again
        return False
    page.wait_for_function("(v) => window.caravela.v !== v", arg=before, timeout=15_000)
    return True


def play(page: Page, rnd: random.Random, until, limit_s: float, on_move=None) -> int:
    """Clicks moves whenever it is this seat's turn, until `until(page)`; returns the clicks."""
    clicks = 0
    deadline = time.monotonic() + limit_s
    while not until(page):
        assert time.monotonic() < deadline, f"not done within {limit_s} s ({clicks} clicks)"
        if not my_move(page):
            page.wait_for_timeout(60)
            continue
        if on_move:
            on_move(page)
        clicks += click_one(page, rnd)
    return clicks


def over(page: Page) -> bool:
    return page.get_by_test_id("final-scores").is_visible()


def assert_costs_shown(page: Page) -> int:
    """Every character this seat may buy says its price: the resolving die's value, in the
    card's currency. Returns how many prices it read."""
    view = page.evaluate("window.caravela.view")
    nxt = view["next"]
    value = view["cities"][nxt["area"]][nxt["index"]]["value"]
    cards = {c["id"]: c for c in view["rows"][nxt["area"]]}
    buys = page.locator('[data-testid="action"][data-action^="{\\"type\\":\\"buy\\""]')
    legal = [a for a in view["legal"] if a["type"] == "buy"]
    assert buys.count() == len(legal), (buys.count(), legal)
    for i in range(buys.count()):
        card = cards[json.loads(buys.nth(i).get_attribute("data-action") or "{}")["card"]]
        unit = {"coins": "coin", "guards": "guard"}[card["currency"]] + ("s" if value != 1 else "")
        expect(buys.nth(i)).to_have_text(f"Buy for {value} {unit}")
    return buys.count()


# ---- a whole game --------------------------------------------------------------------------


def test_a_whole_coimbra_game_against_bots_reaches_the_final_breakdown(live, context_factory):
    page = context_factory(viewport={"width": 1366, "height": 768}).new_page()
    errors = console_errors(page)
    open_match_with_bots(page, live.base, "coimbra", seats=3)
    names = [page.get_by_test_id(f"seat-{i}").locator(".p-name-text").inner_text().strip() for i in range(3)]
    seen: set[str] = set()
    prices = 0

    def on_move(p: Page) -> None:
        """Prices read at every purchase; once per kind of move, a desktop screenshot and the
        phone layout check."""
        nonlocal prices
        step = p.evaluate(STEP)
        if step == "resolve-city":
            prices += assert_costs_shown(p)
        if step in seen:
            return
        seen.add(step)
        p.screenshot(path=str(ARTIFACTS / f"coimbra-{step}-desktop.png"))
        check_phone_layout(p, f"coimbra-{step}")

    started = time.monotonic()
    clicks = play(page, random.Random(7), over, limit_s=200, on_move=on_move)
    print(f"coimbra: {clicks} clicks in {time.monotonic() - started:.0f} s; saw {sorted(seen)}")
    assert {"start", "place", "resolve-castle", "resolve-city", "income", "voyage"} <= seen, seen
    assert clicks > 30, clicks
    assert prices > 0, "no character was ever offered with its price"

    outcome, table = final_table(page, CATEGORIES, TIE_BREAK)
    scores, breakdown = outcome["scores"], outcome["breakdown"]
    for seat in range(3):
        b = breakdown[seat]
        assert sum(v for k, v in b.items() if k != "money") == scores[seat], (seat, b, scores)
        row = table.locator(f'tbody tr[data-seat="{seat}"]')
        expect(row).to_contain_text(names[seat])
        expect(row.locator("td.total")).to_have_text(str(scores[seat]))
        cells = [t.strip() for t in row.locator("td.num").all_text_contents()]
        assert cells[1:-1] == [str(v) for k, v in b.items() if k != "money"], (cells, b)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / "coimbra-final-desktop.png"))
    # The game is over: no die is left standing in the city, and no dice area is drawn.
    expect(page.locator('[data-testid="co-city"] .co-die')).to_have_count(0)
    expect(page.get_by_test_id("co-pool")).to_have_count(0)
    page.get_by_test_id("co-city").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "gamefix-coimbra-city-after-the-game-1366.png"))
    check_phone_layout(page, "coimbra-final")
    assert not errors, errors


# ---- what stays hidden ---------------------------------------------------------------------


def test_the_deck_and_the_unused_monasteries_and_voyages_are_not_in_the_page(live, context_factory):
    page = context_factory(viewport={"width": 1366, "height": 768}).new_page()
    match_id = open_match_with_bots(page, live.base, "coimbra", seats=2)
    every_voyage = {f"V{i}" for i in range(1, 16)}
    every_monastery = {f"{t}-{i}" for t, n in (("I", 12), ("II", 8), ("III", 4)) for i in range(1, n + 1)}
    rnd = random.Random(3)
    checked_rounds: dict[int, set[str]] = {}

    def check(p: Page) -> None:
        state = admin(live.base, match_id)["state"]
        if state["round"] in checked_rounds or state["round"] > 2:
            return
        p.wait_for_function("(v) => window.caravela.v >= v", arg=admin(live.base, match_id)["v"])
        html = p.evaluate("document.documentElement.outerHTML")
        text = p.locator("body").inner_text()
        deck = set(state["deck"])
        shown = set(re.findall(r'data-card="([GOPS]\d\d)"', html))
        assert not deck & shown, f"cards still in the deck are on the page: {deck & shown}"
        named = {CARD_NAMES[c] for c in deck if re.search(rf"\b{re.escape(CARD_NAMES[c])}\b", text)}
        assert not named, f"the names of cards still in the deck are on the page: {named}"
        voyages = set(state["voyages"])
        assert set(re.findall(r'data-voyage="(V\d+)"', html)) == voyages
        assert not set(re.findall(r'data-voyage="(V\d+)"', html)) & (every_voyage - voyages)
        sites = set(state["sites"].values())
        assert set(re.findall(r'data-monastery="([I]+-\d+)"', html)) == sites, "the map shows the monasteries in play"
        assert not set(re.findall(r'data-monastery="([I]+-\d+)"', html)) & (every_monastery - sites)
        assert "I-" not in text, "no monastery id is printed"
        checked_rounds[state["round"]] = shown

    play(page, rnd, lambda p: len(checked_rounds) == 2 or over(p), limit_s=150, on_move=check)
    assert set(checked_rounds) == {1, 2}, checked_rounds
    # Not vacuous: the cards of round 2 were in the deck during round 1, and are shown now.
    assert checked_rounds[2] - checked_rounds[1], checked_rounds


# ---- the Russian screen --------------------------------------------------------------------


def assert_russian(page: Page, names: list[str], where: str) -> int:
    """Checks the status bar, board, panels and log hold no English; returns characters read."""
    read = 0
    for part, selector in {
        "status bar": '[data-testid="status-bar"]',
        "board": '[data-testid="board"]',
        "player panels": "#players",
        "log": '[data-testid="log"]',
    }.items():
        text = page.locator(selector).inner_text()
        read += len(text)
        words = [w for w in english_words(text, names) if w not in LABELS]
        assert not words, f"{where}: English in the {part}: {sorted(set(words))}\n{text}"
    return read


def test_a_russian_coimbra_game_shows_no_english_in_controls_and_log(live, context_factory):
    page = russian_context(context_factory).new_page()
    errors = console_errors(page)
    names = open_russian_match(page, live.base, "coimbra", seats=4)
    seen: set[str] = set()
    read = 0
    moves = 0

    def on_move(p: Page) -> None:
        """Reads the screen at each new kind of move, and every fourth move besides."""
        nonlocal read, moves
        moves += 1
        step = p.evaluate(STEP)
        if step in seen and moves % 4:
            return
        seen.add(step)
        read += assert_russian(p, names, f"round {p.evaluate('window.caravela.view.round')}, {step}")

    play(
        page,
        random.Random(5),
        lambda p: over(p) or p.evaluate("window.caravela.view.round") >= 3,
        limit_s=150,
        on_move=on_move,
    )
    assert {"start", "place", "resolve-city", "income", "voyage"} <= seen, seen
    read += assert_russian(page, names, "round 3")
    screenshot(page, "coimbra-russian-desktop")
    assert read > 5000 and page.get_by_test_id("log").locator("li").count() > 20
    check_phone_layout(page, "coimbra-russian")
    assert not errors, errors


# ---- reading a card on a phone -------------------------------------------------------------


def test_a_tapped_card_shows_its_full_text_on_a_phone(live, context_factory):
    page = context_factory(viewport={"width": 390, "height": 844}, has_touch=True).new_page()
    open_match_with_bots(page, live.base, "coimbra", seats=2)
    card = page.locator('[data-testid="co-area-lower"] [data-card]').last
    name, text = CARDS[card.get_attribute("data-card") or ""]
    card.tap()
    info = page.get_by_test_id("co-info")
    expect(info).to_contain_text(name)
    expect(info).to_contain_text(text)
    box = settled_box(page, info)
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844 and box["x"] + box["width"] <= 390, box
    page.screenshot(path=str(ARTIFACTS / "coimbra-card-text-phone.png"))
    info.get_by_role("button").tap()
    expect(info).not_to_contain_text(text)


# ---- the status line speaks to you ---------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_your_own_turn_the_status_line_says_you(live, context_factory, lang):
    page, names = open_in(live, context_factory, "coimbra", lang, seats=2, size=(1366, 768))
    errors = console_errors(page)
    lines: dict[str, str] = {}

    def read(p: Page) -> None:
        step = p.evaluate(STEP)
        if step not in lines:
            p.wait_for_timeout(100)  # the status row is redrawn after the board
            lines[step] = p.get_by_test_id("status-bar").inner_text().strip()

    play(page, random.Random(2), lambda _: {"start", "place"} <= set(lines), limit_s=90, on_move=read)
    you = {"en": "You: ", "ru": "Вы: "}[lang]
    for step, line in lines.items():
        assert line.startswith(you) and names[0] not in line, f"{step}: {line!r}"
    assert not errors, errors


# ---- legible at the size shown -------------------------------------------------------------

SIZES = [(1366, 768), (390, 844)]
LEGIBLE = {  # part -> selector; every text in it is at least 11 CSS px as shown
    "map": '[data-testid="co-map"]',
    "monastery list": '[data-testid="co-legend"]',
    "influence tracks": ".co-tracks",
    "scoring track": '[data-testid="co-scoring"]',
    "coin and guard tracks": ".co-res",
    "dice": ".co-dicerow",
}


def placing(live, context_factory, lang: str):
    """Opens a match and plays into this seat's Phase B: dice in the city, pilgrims on the map.
    Yields the page at each size (with its console errors), then checks there were none."""
    page, _ = open_in(live, context_factory, "coimbra", lang, seats=3, size=(1366, 768))
    errors = console_errors(page)
    play(page, random.Random(1), lambda p: p.evaluate(STEP) == "place" and my_move(p), limit_s=60)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        unfold(page)
        yield page, width
    assert not errors, errors


def unfold(page: Page) -> None:
    """Opens every part folded on a phone (the tracks, the map, the voyages) with a tap."""
    folded = page.locator('.co-fold-line[aria-expanded="false"]:visible')
    while folded.count():
        folded.first.click()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_map_tracks_and_dice_are_legible_on_a_laptop_and_a_phone(live, context_factory, lang):
    for page, width in placing(live, context_factory, lang):
        read = 0
        for part, selector in LEGIBLE.items():
            shown = texts(page, selector)
            read += len(shown)
            small = [(t["text"], t["px"]) for t in shown if t["px"] < 10.95]
            assert not small, f"{lang} {width}px: {part} texts under 11 px: {small[:12]} ({len(small)} of {len(shown)})"
        assert read > 100, read
        labels = texts(page, '[data-testid="co-map"] .co-label')
        assert len(labels) == 14, labels
        crowded = [
            (a["text"], b["text"]) for i, a in enumerate(labels) for b in labels[i + 1 :] if overlap(a["box"], b["box"])
        ]
        assert not crowded, f"{lang} {width}px: map names over each other: {crowded}"
        page.get_by_test_id("co-map").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"gamefix-coimbra-map-{lang}-{width}.png"))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_monastery_reward_is_listed_beside_the_map(live, context_factory, lang):
    page, _ = open_in(live, context_factory, "coimbra", lang, seats=3, size=(1366, 768))
    view = page.evaluate("window.caravela.view")
    legend = page.get_by_test_id("co-legend")
    expect(legend.locator("li")).to_have_count(len([s for s in view["sites"] if not s.startswith("C-")]))
    for site, info in view["sites"].items():
        if site.startswith("C-"):
            continue
        item = legend.locator(f'li[data-site="{site}"]')
        reward = page.locator(f'[data-testid="co-map"] [data-space="{site}"] title').text_content() or ""
        # The map's tap text ("Name: Tier I: reward. Visited by ...") holds the same reward.
        expect(item).to_be_visible()
        name = item.locator(".co-legend-text b").inner_text()
        said = item.locator(".co-legend-text").inner_text().removeprefix(name).strip()
        assert said and f"{name}:" in reward and said in reward, (name, said, reward)
        assert info["monastery"]


# Cards whose words are cut: a text clipped by its box or a line clamp ("…"), or a word split
# over two lines ("Moneylende / r"), found by the word's own line boxes.
CUT_CARDS = """() => {
  const out = [];
  for (const el of document.querySelectorAll(".co-card-name, .co-card-text")) {
    if (!el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    const clipped = el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
    if (clipped || style.webkitLineClamp !== "none") {
      out.push(["clipped", el.textContent]);
      continue;
    }
    const text = el.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(text.data))) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push(["split", m[0]]);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_cards_show_their_whole_text_with_no_word_split(live, context_factory, lang):
    for page, width in placing(live, context_factory, lang):
        assert page.locator('[data-testid="co-city"] .co-card').count() >= 12
        cut = page.evaluate(CUT_CARDS)
        assert not cut, f"{lang} {width}px: {cut}"
        small = [(t["text"], t["px"]) for t in texts(page, '[data-testid="co-city"]') if t["px"] < 10.95]
        assert not small, f"{lang} {width}px: city texts under 11 px: {small[:10]}"
        page.get_by_test_id("co-area-upper").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"gamefix-coimbra-cards-{lang}-{width}.png"))


# ---- the board is where you play -------------------------------------------------------------


def test_a_die_is_placed_by_tapping_where_it_lands_in_the_city(live, context_factory):
    """Phase B on a phone: tap a die, then its landing slot in a location; the die stands there.
    The slot is a target of at least 24x24 px, and the element found at its own centre."""
    page = context_factory(viewport={"width": 390, "height": 844}, has_touch=True).new_page()
    errors = console_errors(page)
    open_match_with_bots(page, live.base, "coimbra", seats=2)
    play(page, random.Random(1), lambda p: p.evaluate(STEP) == "place" and my_move(p), limit_s=60)
    die = page.locator('[data-testid^="co-pool-"]:visible').last
    die_id = (die.get_attribute("data-testid") or "").removeprefix("co-pool-")
    die.tap()
    slot = page.locator('[data-testid="co-dice-lower"] .co-slot')
    expect(slot).to_have_attribute("data-action", re.compile(rf'"die":"{die_id}"'))
    slot.scroll_into_view_if_needed()
    box = slot.bounding_box()
    assert box and box["width"] >= 24 and box["height"] >= 24, box
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('.co-slot') !== null",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit, "something covers the landing slot"
    page.screenshot(path=str(ARTIFACTS / "gamefix-coimbra-place-390.png"))
    slot.tap()
    page.wait_for_function(
        "(id) => (window.caravela.view.cities.lower || []).some((d) => d.id === id)", arg=die_id, timeout=10_000
    )
    assert not errors, errors


def test_the_page_is_shorter_with_other_boards_folded_to_their_head_line(live, context_factory):
    """Round 4, Phase B: every other player's board is folded to one line (VP, coins, guards) and
    opens with a tap, so a phone's page is shorter than with the boards open (a whole page
    measured 3.2 and 6.8 screens on main at 1366x768 and 390x844, about 2.9 and 6.0 now)."""
    page = context_factory(viewport={"width": 1366, "height": 768}).new_page()
    errors = console_errors(page)
    open_match_with_bots(page, live.base, "coimbra", seats=3)
    round4 = "() => window.caravela.view.round >= 4"
    play(page, random.Random(1), lambda p: p.evaluate(round4) and p.evaluate(STEP) == "place" and my_move(p), 200)
    view = page.evaluate("window.caravela.view")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        for seat in (1, 2):
            board = page.get_by_test_id(f"co-board-{seat}")
            assert board.evaluate("(el) => el.tagName") == "DETAILS" and not board.evaluate("(el) => el.open")
            head = board.locator("summary").inner_text()
            p = view["players"][seat]
            assert f"{p['vp']} VP" in head and f"{p['coins']} coin" in head and f"{p['guards']} guard" in head, head
        tall = page.evaluate("document.documentElement.scrollHeight")
        print(f"coimbra round 4 at {width}px: {tall} px, {tall / height:.2f} screens")
        if width < 600:
            # The city, the stage, comes first, and what placing a die does not need is folded
            # to a line (main measured 6.1 screens here, with the city at the foot of the page).
            city = page.get_by_test_id("co-area-castle").bounding_box()
            assert city and city["y"] < height, f"the city starts below the first screen: {city}"
            for key in ("tracks", "map", "voyages"):
                expect(page.get_by_test_id(f"co-fold-{key}")).to_have_attribute("aria-expanded", "false")
            assert tall <= 4 * height, f"the page is {tall / height:.2f} screens long at {width}px"
        screenshot(page, f"gamefix-coimbra-page-{width}")
        # Unfolded, the same boards make the page longer: the fold is what shortened it.
        for seat in (1, 2):
            page.get_by_test_id(f"co-board-{seat}").locator("summary").click()
        expect(page.get_by_test_id("co-board-1").locator(".co-res").first).to_be_visible()
        unfolded = page.evaluate("document.documentElement.scrollHeight")
        # On a phone the boards stand one under another, so each fold saves its height; at 1366
        # they stand in one row, as tall as the tallest (often your own, which stays open).
        least = 150 if width < 600 else 0
        assert unfolded >= tall + least, f"{width}px: folding the boards saves only {unfolded - tall} px"
        for seat in (1, 2):
            page.get_by_test_id(f"co-board-{seat}").locator("summary").click()
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_a_phone_a_folded_part_opens_with_a_tap_and_by_itself_when_the_choice_needs_it(live, context_factory, lang):
    page, _ = open_in(live, context_factory, "coimbra", lang, seats=2, size=(390, 844))
    errors = console_errors(page)
    # The game starts with a gate to choose on the map: the map is open by itself.
    expect(page.get_by_test_id("co-fold-map")).to_have_attribute("aria-expanded", "true")
    expect(page.locator('[data-testid="co-map"] [data-testid="action"]').first).to_be_visible()
    line = page.get_by_test_id("co-fold-tracks")
    expect(line).to_have_attribute("aria-expanded", "false")
    expect(line).to_contain_text({"en": "Influence tracks", "ru": "Шкалы влияния"}[lang])
    tracks = page.locator(".co-tracks .co-track-head").first
    expect(tracks).to_be_hidden()
    line.click()
    expect(page.get_by_test_id("co-fold-tracks")).to_have_attribute("aria-expanded", "true")
    expect(tracks).to_be_visible()
    page.get_by_test_id("co-fold-tracks").press("Enter")  # the keyboard folds it again
    expect(tracks).to_be_hidden()
    walks = []

    def on_move(p: Page) -> None:
        if p.evaluate(STEP) == "walk":  # a pilgrim to walk: the map is open without a tap
            walks.append(p.get_by_test_id("co-fold-map").get_attribute("aria-expanded"))

    play(page, random.Random(3), lambda p: p.evaluate(STEP) == "voyage" and my_move(p), limit_s=120, on_move=on_move)
    expect(page.get_by_test_id("co-fold-voyages")).to_have_attribute("aria-expanded", "true")
    expect(page.locator('[data-testid="co-voyages"] [data-testid="action"]').first).to_be_visible()
    assert all(w == "true" for w in walks), walks
    page.screenshot(path=str(ARTIFACTS / f"coimbra-folds-voyage-{lang}-390.png"))
    assert not errors, errors


def test_in_phase_e_a_tap_on_your_own_die_takes_its_income(live, context_factory):
    """Phase E at 1366 and on a phone: each of your dice with one income choice is a control on
    your board; a tap takes that income and the die is spent."""
    page = context_factory(viewport={"width": 390, "height": 844}, has_touch=True).new_page()
    errors = console_errors(page)
    open_match_with_bots(page, live.base, "coimbra", seats=2)
    play(page, random.Random(4), lambda p: p.evaluate(STEP) == "income" and my_move(p), limit_s=90)
    dice = page.locator('[data-testid="co-board-0"] .co-dieact[data-testid="action"]')
    assert dice.count() >= 1, "no die of yours is a control in Phase E"
    die = dice.first
    action = json.loads(die.get_attribute("data-action") or "{}")
    assert action["type"] == "income", action
    die.scroll_into_view_if_needed()
    box = die.bounding_box()
    assert box and box["width"] >= 24 and box["height"] >= 24, box
    page.screenshot(path=str(ARTIFACTS / "gamefix-coimbra-income-390.png"))
    before = page.evaluate("window.caravela.v")
    die.tap()
    page.wait_for_function("(v) => window.caravela.v !== v", arg=before, timeout=10_000)
    spent = page.evaluate("(id) => window.caravela.view.players[0].board.find((d) => d.id === id)?.used", action["die"])
    assert spent, "the die's income was not taken"
    assert not errors, errors
