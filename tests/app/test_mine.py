"""Your matches at a glance: your turn first, then waiting ones, then finished ones."""

from __future__ import annotations

import httpx

from tests.helpers import Client, started_match


def mine(person: Client) -> dict:
    r = person.http.get("/api/me/matches")
    assert r.status_code == 200, r.text
    return r.json()


def ids(entries: list[dict]) -> list[str]:
    return [m["id"] for m in entries]


def test_a_match_where_it_is_your_turn_is_listed_under_your_turn(server):
    match, (ana, ben) = started_match(server.base)
    assert match["id"] in ids(mine(ana)["turn"])
    assert match["id"] in ids(mine(ben)["waiting"]) and match["id"] not in ids(mine(ben)["turn"])


def test_after_a_move_the_turn_moves_to_the_next_player(server):
    match, (ana, ben) = started_match(server.base)
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    entry = next(m for m in mine(ben)["turn"] if m["id"] == match["id"])
    assert entry["my_seat"] == 1 and entry["to_act"] == [1] and entry["last_move_at"]
    assert match["id"] in ids(mine(ana)["waiting"])


def test_an_open_match_you_sit_at_is_waiting(server):
    ana = Client(server.base)
    match = ana.create(seats=2)
    got = mine(ana)
    assert match["id"] in ids(got["waiting"]) and got["waiting"][0]["status"] == "open"


def test_a_finished_match_shows_its_result(server):
    match, (ana, ben) = started_match(server.base, options={"target": 5})
    people = (ana, ben)
    while True:
        view = ana.view(match["id"])["view"]
        if view["over"]:
            break
        seat = view["to_act"][0]
        assert people[seat].act(match["id"], {"type": "add", "n": 3}).status_code == 200
    finished = next(m for m in mine(ben)["finished"] if m["id"] == match["id"])
    assert sorted(finished["outcome"]["ranking"]) == [0, 1] and len(finished["outcome"]["scores"]) == 2
    assert match["id"] not in ids(mine(ben)["turn"] + mine(ben)["waiting"])


def test_nobody_sees_anothers_matches_and_strangers_see_none(server):
    match, _people = started_match(server.base)
    carla = Client(server.base, "Carla")
    got = mine(carla)
    assert match["id"] not in ids(got["turn"] + got["waiting"] + got["finished"])
    assert httpx.get(f"{server.base}/api/me/matches").status_code == 401


def test_my_matches_hold_no_hidden_state(server):
    _match, (ana, _ben) = started_match(server.base)
    entry = mine(ana)["turn"][0]
    assert "state" not in entry and "seed" not in entry and "purse" not in str(entry)
