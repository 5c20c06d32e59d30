"""Go Goa in real Chromium: the secrecy of a draft before the reveal, and the Russian screen
(destination names, and no English through plans and days). Moves are made by clicking, as
tests/browser/gogoa_play.py does.
"""

from __future__ import annotations

import json
import random
import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import screenshot
from tests.browser.gogoa_play import (
    ROLES,
    assign_dice,
    choose_plans,
    click_and_wait,
    draw_path,
    gg,
    maybe_hire_guide,
    play_day,
    select_die,
    state,
    submit,
    wait_my_move,
)
from tests.browser.play import create_in_lobby, open_match_with_bots
from tests.browser.russian import assert_no_english, open_russian_match, russian_context
from tests.browser.tips import assert_every_part_explains_itself

# ---- 2. secrecy of a draft -----------------------------------------------------------------

HIDDEN_KEYS = ("draft", "roles", "direction_value", "deviation_options", "ahead", "steps_left", "ends", "reach")


def ops_touching(frames: list[dict], prefix: str) -> list[dict]:
    return [op for f in frames if f.get("type") == "patch" for op in f["ops"] if op["path"].startswith(prefix)]


def test_a_draft_never_reaches_another_screen_before_the_reveal(live, context_factory):
    rnd = random.Random(3)
    ana = context_factory().new_page()
    match_id = create_in_lobby(ana, live.base, "gogoa", seats=3)

    ben = context_factory(viewport={"width": 390, "height": 844}).new_page()
    frames: list[dict] = []

    def on_socket(ws):
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    ben.on("websocket", on_socket)
    ben.goto(f"{live.base}/m/{match_id}")
    ben.get_by_test_id("name-input").fill("Ben")
    ben.get_by_test_id("join-1").click()
    expect(ana.get_by_test_id("seat-1")).to_contain_text("Ben")
    ana.get_by_test_id("add-bot-2").click()
    expect(ana.get_by_test_id("seat-2")).to_contain_text("Bot")
    ana.get_by_test_id("start").click()
    for page in (ana, ben):
        page.wait_for_function("window.caravela.view && window.caravela.view.phase === 'plans'")

    # ---- plan choice: Ana keeps two; Ben sees only that she has chosen.
    ana_dealt = [p["id"] for p in ana.evaluate("window.caravela.view.me.dealt")]
    ben_dealt = [p["id"] for p in ben.evaluate("window.caravela.view.me.dealt")]
    assert not set(ana_dealt) & set(ben_dealt)
    ana_kept = choose_plans(ana, rnd)
    ana_v = ana.evaluate("window.caravela.v")
    ben.wait_for_function(f"window.caravela.v >= {ana_v}")
    bview = ben.evaluate("window.caravela.view")
    assert bview["phase"] == "plans" and bview["players"][0]["chose_plans"] is True  # news arrived
    assert bview["players"][0]["plans"] is None
    ana_ids = re.compile("|".join(rf"\b{i}\b" for i in ana_dealt))
    assert not ana_ids.search(json.dumps(frames)), "Ana's plans reached Ben's socket"
    assert not ana_ids.search(ben.evaluate("document.body.innerHTML")), "Ana's plans are in Ben's page"

    choose_plans(ben, rnd)
    for page in (ana, ben):
        page.wait_for_function("window.caravela.view.phase === 'day'")
    bview = ben.evaluate("window.caravela.view")
    assert sorted(p["id"] for p in bview["players"][0]["plans"]) == ana_kept  # revealed now
    expect(ben.get_by_test_id("gg-sheet")).to_contain_text(ana_kept[0])
    unkept = [i for i in ana_dealt if i not in ana_kept]
    unkept_re = re.compile("|".join(rf"\b{i}\b" for i in unkept))
    assert not unkept_re.search(json.dumps(frames))
    assert not unkept_re.search(ben.evaluate("document.body.innerHTML"))

    # ---- day 1: Ana starts and drafts alone, step by step; Ben waits.
    assert state(ana)["mine"] and ana.evaluate("window.caravela.view.starter") == 0
    ben.wait_for_function("window.caravela.view.me.waiting === true")
    ben_before = ben.evaluate("window.caravela.view")
    board_before = ben.get_by_test_id("board").inner_html()
    mark = len(frames)
    checks = {"n": 0}

    def ben_sees_nothing():
        """After each of Ana's moves nothing reached Ben: no frame but an empty patch, no change.

        A seat whose view did not change gets no frame at all; an older server
        sent an empty patch. Either way Ben's view, page and frames hold nothing of the draft.
        """
        ben.wait_for_timeout(300)  # time for any frame the move would send Ben to arrive
        now = ben.evaluate("window.caravela.view")
        assert now == ben_before, "Ben's view changed while Ana drafts"
        assert now["me"]["draft"] is None and now["players"][0]["paths"] == []
        for f in frames[mark:]:
            assert f["type"] != "state", "a whole state was sent to Ben mid-draft"
            if f["type"] == "patch":
                assert f["ops"] == [] and not f.get("log"), f"a draft move reached Ben: {f}"
        text = json.dumps(frames[mark:])
        assert not any(f'"{k}"' in text for k in HIDDEN_KEYS), text
        assert ben.get_by_test_id("board").inner_html() == board_before
        html = ben.evaluate("document.body.innerHTML")
        assert "gg-draft" not in html and "gg-blue" not in html and "gg-gray" not in html
        assert 'data-seat="0"' not in ben.locator("svg.gg-map").inner_html()
        checks["n"] += 1

    assign_dice_checked(ana, rnd, ben_sees_nothing)
    draw_path(ana, rnd, deviate_p=0.5, one_hex=True, after_step=ben_sees_nothing)
    ana_draft = ana.evaluate("window.caravela.view.me.draft")
    assert ana_draft["finished"] and ana_draft["path"], ana_draft
    # Ana's own page does show her draft (so the checks above were looking at something real).
    expect(ana.locator("polyline.gg-draft")).to_have_count(1)
    # Every move was checked; whatever frames Ben's socket got meanwhile were empty.
    drafted_frames = len(frames) - mark
    assert checks["n"] >= 3, checks

    # ---- Ana submits: only her direction die becomes public.
    submit(ana)
    ben.wait_for_function("window.caravela.view.me.draft !== null")
    bview = ben.evaluate("window.caravela.view")
    assert bview["reserved"] == ana_draft["roles"]["direction"]
    assert bview["players"][0]["submitted"] is True
    assert bview["players"][0]["paths"] == []
    assert bview["players"][0]["position"] == ben_before["players"][0]["position"]
    assert not ops_touching(frames, "/players/0/paths") and not ops_touching(frames, "/players/0/position")

    # ---- Ben drafts and submits too; the bot finishes; the reveal shows Ana's path to Ben.
    s = wait_my_move(ben)
    assert s["day"] == 1
    play_day(ben, rnd, guide_p=0)
    ben.wait_for_function("window.caravela.view.day === 2 || window.caravela.view.over")
    bview = ben.evaluate("window.caravela.view")
    revealed = bview["players"][0]["paths"][0]
    assert revealed["hexes"] == ana_draft["path"]
    assert revealed["roles"] == ana_draft["roles"] and revealed["dice"] == ana_draft["dice"]
    assert revealed["guides"] == ana_draft["guides_used"]
    assert bview["players"][0]["position"] == ana_draft["position"]
    assert ops_touching(frames, "/players/0/paths"), "the reveal never reached Ben's socket"
    expect(ben.locator('svg.gg-map polyline[data-seat="0"]')).to_have_count(1)
    assert ben.get_by_test_id("board").inner_html() != board_before
    screenshot(ben, "gogoa-reveal-phone")
    print(
        f"\nsecrecy: {checks['n']} checks over {drafted_frames} frames Ben received while Ana drafted "
        f"a {len(ana_draft['path'])}-hex path with {ana_draft['deviations']} deviation(s)"
    )


def assign_dice_checked(page: Page, rnd: random.Random, after) -> None:
    """assign_dice, with a check after each role given."""
    dice = page.evaluate("window.caravela.view.me.draft.dice")
    for _ in ROLES:
        before = state(page)["roles"]
        role = next(r for r in ROLES if gg(page, f"gg-role-{r}").count())
        # Small dice for direction, the biggest for distance: a long path, many steps to check.
        order = sorted(range(3), key=lambda d: dice[d] if role == "direction" else -dice[d])
        for die in order:
            face = page.get_by_test_id(f"gg-die-{die}")
            if face.is_disabled():
                continue
            select_die(page, die)
            button = gg(page, f"gg-role-{role}")
            if button.is_enabled():
                click_and_wait(page, button)
                break
            select_die(page, die, on=False)
        assert state(page)["roles"] == before + 1
        after()


# ---- 3. destination names in Russian ---------------------------------------------------------


def test_destinations_are_named_in_russian_on_the_map_and_plan_cards(live, context_factory):
    context = context_factory()
    context.add_init_script("localStorage.setItem('caravela.lang', 'ru')")
    page = context.new_page()
    open_match_with_bots(page, live.base, "gogoa", seats=1)
    page.wait_for_function("window.caravela.view.phase === 'plans'")
    labels = page.locator("svg.gg-map text.gg-label").all_text_contents()
    assert "Старт" in labels and len(labels) >= 8, labels  # a crowded map shows fewer names, not smaller
    assert not [x for x in labels if re.search("[A-Za-z]", x)], labels
    titles = " ".join(page.locator("svg.gg-map polygon title").all_text_contents())
    assert "Калангут" in titles and "Дудхсагар" in titles, titles
    assert not re.search("[A-Za-z]", titles.replace("Ana", "")), titles  # who stands where is named as they chose
    # Every destination has a Russian name, and the plan cards use them.
    codes = page.evaluate("window.caravela.view.sheet.destinations.map((d) => d.code)")
    names = page.evaluate(
        """async (codes) => { const m = await import('/static/js/games/gogoa/index.js');
                              return codes.map((c) => m.strings.ru['dest.' + c]); }""",
        codes,
    )
    assert all(names) and len(set(names)) == len(codes), names
    cards = page.locator('button[data-testid^="gg-plan-"]').all_text_contents()
    assert cards and not [c for c in cards if re.search(r"Beach|Fort|Falls|Temple|House", c)], cards
    choose_plans(page, random.Random(1))
    # Log lines name a destination by `code` in their args: logArgs gives the Russian name.
    play_day(page, random.Random(2), guide_p=0)
    page.wait_for_function("window.caravela.view.day === 2")
    out = page.evaluate(
        """async () => { const m = await import('/static/js/games/gogoa/index.js');
                         const log = window.caravela.log || window.caravela.view.log;
                         const line = log.find((l) => (l.key || '').startsWith('gg.path'));
                         return [line, m.logArgs(line, { lang: 'ru' }), m.logArgs(line, { lang: 'en' })]; }"""
    )
    line, ru, en = out
    assert en == line["args"]
    if line["key"] == "gg.path":
        russian = names[codes.index(line["args"]["code"])]
        assert ru["place"].lower() == russian.lower() != line["args"]["place"].lower()
    visit = {"key": "gg.visit", "args": {"who": "{P0}", "place": "Calangute Beach", "code": "B3"}}
    guide = {"key": "gg.guide", "args": {"who": "{P0}", "guide": "Calangute"}}
    made_up = page.evaluate(
        """async (lines) => { const m = await import('/static/js/games/gogoa/index.js');
                              return lines.map((l) => m.logArgs(l, { lang: 'ru' })); }""",
        [visit, guide],
    )
    assert made_up == [{"who": "{P0}", "place": "пляж Калангут", "code": "B3"}, {"who": "{P0}", "guide": "Калангут"}]
    screenshot(page, "gogoa-russian-desktop")


# ---- 4. the whole Russian screen -------------------------------------------------------------


def test_a_russian_go_goa_screen_shows_no_english_through_plans_and_days(live, context_factory):
    page = russian_context(context_factory).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    names = open_russian_match(page, live.base, "gogoa", seats=2)
    page.wait_for_function("window.caravela.view.phase === 'plans'")
    rnd = random.Random(4)
    read = {"n": 0, "checks": 0, "tips": 0}

    def check(where: str) -> None:
        read["n"] += assert_no_english(page, names, where)
        read["tips"] += assert_every_part_explains_itself(page, where, names)
        read["checks"] += 1

    check("plan choice")
    choose_plans(page, rnd)
    for day in (1, 2, 3):
        s = wait_my_move(page)
        assert s["day"] == day and not s["over"], s
        check(f"day {day}: dice")
        maybe_hire_guide(page, rnd)
        assign_dice(page, rnd)
        check(f"day {day}: drawing")
        draw_path(page, rnd, deviate_p=0.5, after_step=lambda day=day: check(f"day {day}: a step"))
        submit(page)
        check(f"day {day}: submitted")
    page.wait_for_function("window.caravela.view.day === 4")
    check("day 4")
    assert read["checks"] >= 12 and page.get_by_test_id("log").locator("li").count() > 8
    screenshot(page, "gogoa-russian-day4-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    check("phone")
    screenshot(page, "gogoa-russian-day4-phone")
    assert not errors, errors
    print(f"\ngo goa in Russian: {read['checks']} checks of {read['n']} characters and {read['tips']} tap texts")
