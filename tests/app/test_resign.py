"""Resigning: the seat's bot plays it to the end, the player is ranked last, and a
table with no person left is abandoned. SQLite and PostgreSQL."""

from __future__ import annotations

import time

from app import messages as msg
from tests.conftest import ThreadServer, fresh_pg_database, fresh_sqlite_database
from tests.helpers import Client, Seat, started_match


def play_on(person: Client, match_id: str, timeout: float = 20, pick: int = 0) -> dict:
    """Plays ``person``'s seat (the bots play the others) until the game is over; returns the last view.

    Picking 0 lets the bots win the picks, so a resigned seat often scores best: its rank shows the rule.
    """
    deadline = time.monotonic() + timeout
    while True:
        got = person.view(match_id)
        if got["view"]["over"]:
            return got
        legal = got["view"]["legal"]
        if legal:
            action = legal[0] if legal[0]["type"] == "add" else {"type": "pick", "n": pick}
            r = person.act(match_id, action, v=got["v"])
            assert r.status_code in (200, 409), r.text  # 409: a bot moved first
        else:
            time.sleep(0.02)
        assert time.monotonic() < deadline, "the game did not end"


def test_a_resigned_seat_is_played_by_its_bot_and_ranked_last_everywhere(server):
    match, (ana, ben) = started_match(server.base, options={"target": 9})
    r = ana.post(f"/api/matches/{match['id']}/resign")
    assert r.status_code == 200, r.text
    seat0 = r.json()["seats"][0]
    assert seat0["resigned"] and seat0["away"] and r.json()["status"] == "running"
    play_on(ben, match["id"])  # seat 0 moves only if its bot plays it
    summary = ben.http.get(f"/api/matches/{match['id']}").json()
    assert summary["status"] == "finished"
    outcome = summary["outcome"]
    assert outcome["ranking"] == [1, 0] and outcome["places"] == [2, 1] and outcome["winners"] == [1]
    listed = next(
        m for m in ben.http.get("/api/history", params={"player": ana.id}).json()["matches"] if m["id"] == match["id"]
    )
    assert listed["outcome"]["ranking"] == [1, 0]
    mine = next(m for m in ana.http.get("/api/me/matches").json()["finished"] if m["id"] == match["id"])
    assert mine["outcome"]["places"] == [2, 1]


def test_a_resigned_player_can_no_longer_act_on_the_seat(server):
    match, (ana, _ben, _carla) = started_match(server.base, 3)
    # Ana resigns while Ben and Carla play on; Ana's moves are refused on REST and on the socket.
    sock = Seat(server.ws_base, match["id"], ana.token)
    sock.recv_until("state")
    assert ana.post(f"/api/matches/{match['id']}/resign").status_code == 200
    frame = sock.recv_until("match")
    while not frame["match"]["seats"][0]["resigned"]:
        frame = sock.recv_until("match")
    r = ana.act(match["id"], {"type": "add", "n": 1})
    assert r.status_code == 409 and r.json()["key"] == msg.RESIGNED.key
    answer = sock.act({"type": "add", "n": 1}, v=0)
    assert answer["type"] == "reject" and answer["key"] == msg.RESIGNED.key
    again = ana.post(f"/api/matches/{match['id']}/resign")
    assert again.status_code == 409 and again.json()["key"] == msg.RESIGNED.key


def test_when_every_person_resigns_the_match_is_abandoned_and_leaves_the_list(server):
    match, (ana, ben) = started_match(server.base)
    assert ana.post(f"/api/matches/{match['id']}/resign").json()["status"] == "running"
    r = ben.post(f"/api/matches/{match['id']}/resign")
    assert r.status_code == 200 and r.json()["status"] == "abandoned"
    v = ben.view(match["id"])["v"]
    time.sleep(0.3)
    assert ben.view(match["id"])["v"] == v, "no bot plays an abandoned match"
    assert match["id"] not in {m["id"] for m in ben.http.get("/api/matches").json()["matches"]}


def test_a_person_alone_with_bots_who_resigns_abandons_the_match(server):
    ana = Client(server.base)
    match = ana.create(seats=2)
    ana.post(f"/api/matches/{match['id']}/bots", {"seat": 1})
    ana.post(f"/api/matches/{match['id']}/start")
    assert ana.post(f"/api/matches/{match['id']}/resign").json()["status"] == "abandoned"


def test_only_a_seated_player_of_a_running_match_may_resign(server):
    match, (ana, _ben) = started_match(server.base)
    stranger = Client(server.base, "Zoe")
    r = stranger.post(f"/api/matches/{match['id']}/resign")
    assert r.status_code == 403 and r.json()["key"] == msg.NOT_SEATED.key
    lobby = ana.create()
    r = ana.post(f"/api/matches/{lobby['id']}/resign")
    assert r.status_code == 409 and r.json()["key"] == msg.NOT_RUNNING.key


def test_a_resigned_seat_is_never_your_turn_in_your_matches(db_url, tmp_path):
    # Bots that wait long enough for the list to be read while the resigned seat is to act.
    url = fresh_sqlite_database(tmp_path) if db_url.startswith("sqlite") else fresh_pg_database()
    with ThreadServer(url, bot_delay=30) as slow:
        match, (ana, _ben) = started_match(slow.base)
        assert match["id"] in {m["id"] for m in ana.http.get("/api/me/matches").json()["turn"]}
        ana.post(f"/api/matches/{match['id']}/resign")
        mine = ana.http.get("/api/me/matches").json()
        assert match["id"] not in {m["id"] for m in mine["turn"]}
        assert match["id"] in {m["id"] for m in mine["waiting"]}
