"""Clocks and absent players: time controls, deadlines, away seats and their bots.

SQLite and PostgreSQL. A deadline is made to pass by moving it into the past in the
database (as the time would), except where a short live clock runs out by itself.
The two-worker test runs on PostgreSQL only.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest

from app import messages as msg
from tests.app.test_devices import sql
from tests.app.test_notices import eventually, own_database
from tests.conftest import ThreadServer, fresh_pg_database, require_pg
from tests.helpers import Client, Seat, started_match

QUICK = {"clock_every": 0.05}
LIVE = {"kind": "live", "minutes": 10, "increment": 5}
DAYS = {"kind": "days", "days": 2}
ADD = {"type": "add", "n": 1}


@pytest.fixture(scope="module")
def timed(db_url):
    """A live server whose deadline sweeper runs often."""
    with ThreadServer(db_url, **QUICK) as srv:
        yield srv


def summary(person: Client, match_id: str) -> dict:
    r = person.http.get(f"/api/matches/{match_id}")
    assert r.status_code == 200, r.text
    return r.json()


def pass_deadline(srv, match_id: str, seat: int) -> None:
    """Moves a seat's deadline into the past, as if its time had run out."""
    past = datetime.now(UTC) - timedelta(seconds=1)
    sql(srv, "UPDATE seats SET deadline_at = :t WHERE match_id = :m AND seat = :s", t=past, m=match_id, s=seat)


def bot_moves(srv, match_id: str, seat: int) -> list[int]:
    rows = sql(srv, "SELECT v, action_id FROM actions WHERE match_id = :m AND seat = :s ORDER BY v", m=match_id, s=seat)
    return [r.v for r in rows if r.action_id.startswith("bot-")]


def play(person: Client, match_id: str):
    """Plays the person's move that fits the step: a pick while everyone picks, else an add."""
    view = person.view(match_id)["view"]
    return person.act(match_id, {"type": "pick", "n": 1} if view["picked"] is not None else ADD)


# ---- choosing a time control ------------------------------------------------------------


def test_the_host_chooses_a_time_control_shown_in_the_summary_and_the_lobby_list(timed):
    ana = Client(timed.base)
    live = ana.create(clock=LIVE)
    days = ana.create(clock=DAYS)
    untimed = ana.create()
    assert live["clock"] == LIVE and days["clock"] == DAYS and untimed["clock"] is None
    listed = {m["id"]: m["clock"] for m in ana.http.get("/api/matches").json()["matches"]}
    assert listed[live["id"]] == LIVE and listed[days["id"]] == DAYS and listed[untimed["id"]] is None
    assert all(st["left_ms"] is None and st["away"] is False for st in untimed["seats"])


def test_a_live_clock_without_increment_gets_none(timed):
    match = Client(timed.base).create(clock={"kind": "live", "minutes": 3})
    assert match["clock"] == {"kind": "live", "minutes": 3, "increment": 0}


@pytest.mark.parametrize(
    "clock",
    [
        {"kind": "live", "minutes": 0},
        {"kind": "live", "minutes": 181},
        {"kind": "live", "minutes": 5, "increment": -1},
        {"kind": "live", "minutes": "5"},
        {"kind": "days", "days": 5},
        {"kind": "days"},
        {"kind": "sudden"},
        {"kind": "days", "days": 1, "minutes": 3},
    ],
)
def test_a_bad_time_control_is_refused_with_a_422_naming_the_clock(timed, clock):
    ana = Client(timed.base)
    r = ana.post("/api/matches", {"game": "tally", "seats": 2, "clock": clock})
    assert r.status_code == 422, r.text
    assert r.json()["detail"].startswith("clock")


# ---- the clocks run for the seats that must act -------------------------------------------


def test_a_live_clock_runs_for_the_seat_to_act_and_charges_it_with_its_increment(timed):
    match, (ana, _) = started_match(timed.base, clock=LIVE)
    bank = 10 * 60_000
    seats = match["seats"]
    assert seats[0]["running"] and not seats[1]["running"]
    assert bank - 5_000 < seats[0]["left_ms"] <= bank and seats[1]["left_ms"] == bank
    time.sleep(0.3)
    assert ana.act(match["id"], ADD).status_code == 200
    seats = summary(ana, match["id"])["seats"]
    assert not seats[0]["running"] and seats[1]["running"]
    # Charged the time it took (at least 0.3 s), then given its 5 s increment.
    assert bank - 5_000 < seats[0]["left_ms"] <= bank + 5_000 - 300
    deadline = sql(timed, "SELECT seat, deadline_at FROM seats WHERE match_id = :m ORDER BY seat", m=match["id"])
    assert deadline[0].deadline_at is None and deadline[1].deadline_at is not None


def test_in_a_simultaneous_step_every_seat_that_still_has_to_act_is_running(timed):
    match, (ana, ben) = started_match(timed.base, clock=LIVE)
    for person in (ana, ben, ana, ben, ana):  # 5: the total passes 5, everyone picks
        assert person.act(match["id"], ADD).status_code == 200
    seats = summary(ana, match["id"])["seats"]
    assert seats[0]["running"] and seats[1]["running"]
    assert ben.act(match["id"], {"type": "pick", "n": 3}).status_code == 200
    seats = summary(ana, match["id"])["seats"]
    assert seats[0]["running"] and not seats[1]["running"]


def test_every_move_of_a_timed_match_sends_its_sockets_the_clocks(timed):
    match, (ana, ben) = started_match(timed.base, clock=LIVE)
    sock = Seat(timed.ws_base, match["id"], ben.token)
    sock.recv_until("hello")
    assert sock.act(ADD, v=0)["type"] == "reject"  # not Ben's turn: nothing changes
    assert ana.act(match["id"], ADD).status_code == 200
    frame = sock.recv_until("match", timeout=10)
    while frame["match"]["v"] < 1:
        frame = sock.recv_until("match", timeout=10)
    seats = frame["match"]["seats"]
    assert not seats[0]["running"] and seats[1]["running"] and seats[1]["left_ms"] <= 10 * 60_000
    assert sock.act(ADD)["type"] == "ack"
    frame = sock.recv_until("match", timeout=10)
    while frame["match"]["v"] < 2:
        frame = sock.recv_until("match", timeout=10)
    assert frame["match"]["seats"][0]["running"] and not frame["match"]["seats"][1]["running"]


def test_over_days_the_seat_to_act_has_its_days_until_the_deadline(timed):
    match, (ana, _) = started_match(timed.base, clock=DAYS)
    two_days = 2 * 86_400_000
    seats = match["seats"]
    assert seats[0]["running"] and two_days - 60_000 < seats[0]["left_ms"] <= two_days
    assert seats[1]["left_ms"] is None and not seats[1]["running"]
    assert ana.act(match["id"], ADD).status_code == 200
    seats = summary(ana, match["id"])["seats"]
    assert seats[0]["left_ms"] is None and two_days - 60_000 < seats[1]["left_ms"] <= two_days


def test_a_seat_that_moves_again_gets_a_new_deadline_over_days(timed):
    """Days per *move*: a seat still to act after its move (here alone at the table) starts over."""
    match, (ana,) = started_match(timed.base, seats=1, clock=DAYS)
    soon = datetime.now(UTC) + timedelta(hours=1)
    sql(timed, "UPDATE seats SET deadline_at = :t WHERE match_id = :m", t=soon, m=match["id"])
    assert ana.act(match["id"], ADD).status_code == 200
    seat = summary(ana, match["id"])["seats"][0]
    assert seat["running"] and 2 * 86_400_000 - 60_000 < seat["left_ms"] <= 2 * 86_400_000


def test_a_seat_that_moves_again_is_charged_and_given_its_increment_live(timed):
    """Seconds per *move*: each move a seat makes adds the increment, even when it moves again."""
    match, (ana,) = started_match(timed.base, seats=1, clock=LIVE)
    bank = 10 * 60_000
    for _ in range(3):
        assert ana.act(match["id"], ADD).status_code == 200
    seat = summary(ana, match["id"])["seats"][0]
    # Three increments of 5 s, less the little time the moves took.
    assert seat["running"] and bank + 15_000 - 5_000 < seat["left_ms"] <= bank + 15_000


# ---- deadlines, away seats and their bots --------------------------------------------------


def test_a_passed_deadline_marks_the_seat_away_and_its_bot_plays_until_the_player_is_back(timed):
    match, (ana, ben) = started_match(timed.base, clock=DAYS)
    sock = Seat(timed.ws_base, match["id"], ben.token)
    sock.recv_until("hello")
    pass_deadline(timed, match["id"], 0)
    frame = sock.recv_until("match", timeout=10)
    while not frame["match"]["seats"][0]["away"]:
        frame = sock.recv_until("match", timeout=10)
    sock.wait_version(1, timeout=10)
    assert bot_moves(timed, match["id"], 0) == [1]
    seats = summary(ana, match["id"])["seats"]
    assert seats[0]["away"] and not seats[1]["away"] and seats[1]["running"]
    # The bot keeps playing for the away seat.
    assert play(ben, match["id"]).status_code == 200
    # ... until it has nothing left to do (in a pick round it moves twice running), so no bot
    # move is still on its way when Ana takes the seat back (once seen under load).
    eventually(lambda: len(bot_moves(timed, match["id"], 0)) >= 2 and 0 not in ana.view(match["id"])["view"]["to_act"])
    # One click: the seat is Ana's again, and no bot plays for it any more.
    r = ana.post(f"/api/matches/{match['id']}/back")
    assert r.status_code == 200, r.text
    assert not r.json()["seats"][0]["away"]
    played = bot_moves(timed, match["id"], 0)
    while 0 not in ana.view(match["id"])["view"]["to_act"]:
        assert play(ben, match["id"]).status_code == 200
    time.sleep(0.5)  # a bot that would play now has had its chance
    assert bot_moves(timed, match["id"], 0) == played
    seats = summary(ana, match["id"])["seats"]
    assert seats[0]["running"] and seats[0]["left_ms"] > 86_400_000  # her own two days again
    assert play(ana, match["id"]).status_code == 200


def test_taking_back_a_seat_no_bot_plays_is_refused(timed):
    match, (ana, _) = started_match(timed.base, clock=DAYS)
    r = ana.post(f"/api/matches/{match['id']}/back")
    assert r.status_code == 409 and r.json()["key"] == msg.NOT_AWAY.key
    stranger = Client(timed.base, "Eve")
    r = stranger.post(f"/api/matches/{match['id']}/back")
    assert r.status_code == 409 and r.json()["key"] == msg.NOT_SEATED.key


def test_a_live_bank_runs_out_and_with_nobody_moving_the_bots_finish_the_match(db_url, tmp_path):
    with ThreadServer(own_database(db_url, tmp_path), clock_scale=0.005, clock_every=0.02) as srv:
        match, (ana, _) = started_match(srv.base, clock={"kind": "live", "minutes": 1, "increment": 0})
        eventually(lambda: summary(ana, match["id"])["status"] == "finished", timeout=20)
        seats = summary(ana, match["id"])["seats"]
        assert seats[0]["away"] and seats[1]["away"]


# ---- the host hands an absent player's seat to its bot ------------------------------------


def test_the_host_may_hand_a_seat_to_its_bot_only_once_its_player_is_offline_past_the_limit(timed):
    match, (ana, ben) = started_match(timed.base, clock=DAYS)
    assert ana.act(match["id"], ADD).status_code == 200  # Ben's turn
    r = ana.post(f"/api/matches/{match['id']}/away", {"seat": 1})
    assert r.status_code == 409 and r.json()["key"] == msg.STILL_HERE_HOURS.key  # seen at the start; a day to wait
    r = ben.post(f"/api/matches/{match['id']}/away", {"seat": 0})
    assert r.status_code == 403 and r.json()["key"] == msg.NOT_HOST.key
    long_ago = datetime.now(UTC) - timedelta(days=2)
    sql(timed, "UPDATE seats SET last_seen_at = :t WHERE match_id = :m", t=long_ago, m=match["id"])
    r = ana.post(f"/api/matches/{match['id']}/away", {"seat": 1})
    assert r.status_code == 200 and r.json()["seats"][1]["away"]
    eventually(lambda: bot_moves(timed, match["id"], 1) == [2])
    r = ana.post(f"/api/matches/{match['id']}/away", {"seat": 1})
    assert r.status_code == 409 and r.json()["key"] == msg.ALREADY_AWAY.key


def test_an_open_page_keeps_its_player_seen_so_the_host_cannot_hand_the_seat_over(timed):
    match, (ana, ben) = started_match(timed.base, clock=DAYS)
    long_ago = datetime.now(UTC) - timedelta(days=2)
    sql(timed, "UPDATE seats SET last_seen_at = :t WHERE match_id = :m", t=long_ago, m=match["id"])
    sock = Seat(timed.ws_base, match["id"], ben.token)
    sock.recv_until("hello")

    def seen_now() -> bool:
        row = sql(timed, "SELECT last_seen_at FROM seats WHERE match_id = :m AND seat = 1", m=match["id"])[0]
        stamp = row.last_seen_at if isinstance(row.last_seen_at, datetime) else datetime.fromisoformat(row.last_seen_at)
        return stamp.replace(tzinfo=stamp.tzinfo or UTC) > long_ago + timedelta(days=1)

    eventually(seen_now)
    sock.close()
    r = ana.post(f"/api/matches/{match['id']}/away", {"seat": 1})
    assert r.status_code == 409 and r.json()["key"] == msg.STILL_HERE_HOURS.key


def test_open_pages_of_several_matches_are_stamped_seen_in_one_round_and_no_other_seat_is(timed):
    first, (_ana, ben) = started_match(timed.base, clock=DAYS)
    second, (cid, _dan) = started_match(timed.base, clock=DAYS)
    long_ago = datetime.now(UTC) - timedelta(days=2)
    for match in (first, second):
        sql(timed, "UPDATE seats SET last_seen_at = :t WHERE match_id = :m", t=long_ago, m=match["id"])
    socks = [Seat(timed.ws_base, first["id"], ben.token), Seat(timed.ws_base, second["id"], cid.token)]
    for sock in socks:
        sock.recv_until("hello")

    def seen(match_id: str, seat: int) -> bool:
        row = sql(timed, "SELECT last_seen_at FROM seats WHERE match_id = :m AND seat = :s", m=match_id, s=seat)[0]
        stamp = row.last_seen_at if isinstance(row.last_seen_at, datetime) else datetime.fromisoformat(row.last_seen_at)
        return stamp.replace(tzinfo=stamp.tzinfo or UTC) > long_ago + timedelta(days=1)

    eventually(lambda: seen(first["id"], 1) and seen(second["id"], 0))
    for sock in socks:
        sock.close()
    assert not seen(first["id"], 0) and not seen(second["id"], 1)


def test_a_bot_seat_is_not_handed_over_and_a_match_without_clock_uses_the_live_limit(timed):
    ana = Client(timed.base)
    match = ana.create()
    ana.post(f"/api/matches/{match['id']}/bots", {"seat": 1})
    ana.post(f"/api/matches/{match['id']}/start")
    r = ana.post(f"/api/matches/{match['id']}/away", {"seat": 1})
    assert r.status_code == 409 and r.json()["key"] == msg.NOT_A_PERSON.key
    r = ana.post(f"/api/matches/{match['id']}/away", {"seat": 0})
    assert r.status_code == 409 and r.json()["args"]["minutes"] == 5


# ---- restarts and several workers ------------------------------------------------------------


def test_a_deadline_that_passes_while_the_server_is_down_is_enforced_after_the_restart(db_url, tmp_path):
    url = own_database(db_url, tmp_path)
    with ThreadServer(url, **QUICK) as before:
        match, _ = started_match(before.base, clock=DAYS)
    pass_deadline(before, match["id"], 0)
    with ThreadServer(url, **QUICK) as after:
        eventually(lambda: bot_moves(after, match["id"], 0) == [1])
        assert summary(Client(after.base), match["id"])["seats"][0]["away"]


def test_two_workers_act_on_each_passed_deadline_exactly_once():
    require_pg()
    url = fresh_pg_database()
    fast = {"clock_every": 0.05}
    with ThreadServer(url, **fast) as one, ThreadServer(url, **fast) as two:
        matches = [started_match(one.base, clock=DAYS)[0] for _ in range(12)]
        past = datetime.now(UTC) - timedelta(seconds=1)
        sql(one, "UPDATE seats SET deadline_at = :t WHERE deadline_at IS NOT NULL", t=past)
        for match in matches:
            eventually(lambda m=match: bot_moves(one, m["id"], 0) == [1])
        claims = [srv.server.config.app.state.clocks.claimed for srv in (one, two)]
        assert sum(claims) == len(matches), claims


def test_a_seat_made_away_on_one_worker_is_played_by_the_bots_of_the_worker_where_the_next_move_lands():
    require_pg()
    url = fresh_pg_database()
    with ThreadServer(url, away_after_live=0) as one, ThreadServer(url) as two:
        match, (ana, ben) = started_match(two.base, options={"target": 60})  # untimed; requests land on `two`
        for _turn in range(2):
            assert play(ana, match["id"]).status_code == 200  # `two` commits: its bots read the seats
            assert play(ben, match["id"]).status_code == 200
        host_on_one = Client(one.base, "Ana")
        host_on_one.http.headers["authorization"] = f"Bearer {ana.token}"
        r = host_on_one.post(f"/api/matches/{match['id']}/away", {"seat": 1})  # handed over on `one`
        assert r.status_code == 200, r.text
        assert play(ana, match["id"]).status_code == 200  # lands on `two`: its bots must know Ben is away
        eventually(lambda: bot_moves(one, match["id"], 1) != [])
