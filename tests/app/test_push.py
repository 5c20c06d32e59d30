"""Web Push, the third notice channel: one encrypted push per turn, on the same notice row.

A test push service (``tests/app/push_service.py``) checks each VAPID token and decrypts
each payload with the subscription's keys. SQLite and PostgreSQL; two workers on PostgreSQL.
"""

from __future__ import annotations

import time

import pytest

from app import messages as msg
from tests.app.finished import finished_match
from tests.app.push_service import PushService
from tests.app.test_devices import sql
from tests.app.test_notices import QUICK, eventually, own_database, play_noticed_turns, quiet
from tests.conftest import ThreadServer, fresh_pg_database, require_pg
from tests.helpers import Client, Seat, started_match

PUSHING = {**QUICK, "push_private": True}


@pytest.fixture(scope="module")
def pushes():
    service = PushService()
    yield service
    assert service.problems == [], "the push service refused what the server sent"
    service.close()


@pytest.fixture(scope="module")
def pushing(db_url):
    with ThreadServer(db_url, **PUSHING) as srv:
        yield srv


def subscribe(person: Client, pushes: PushService, name: str | None = None, lang: str = "en") -> str:
    """Subscribes one of the person's devices at the test push service; returns its name there."""
    name = name or f"{person.id}-{len(pushes.browsers)}"
    r = person.http.post("/api/me/push", json={**pushes.subscribe(name), "lang": lang})
    assert r.status_code == 201, r.text
    return name


def test_the_server_gives_its_vapid_key_and_signs_with_it(pushing, pushes):
    key = Client(pushing.base).http.get("/api/push/key").json()["public_key"]
    assert len(key) == 87 and "=" not in key  # a base64url P-256 point, 65 bytes
    match, (ana, ben) = started_match(pushing.base)
    name = subscribe(ben, pushes)
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    eventually(lambda: pushes.to(name))
    assert pushes.signed_by[name] == {key}


def test_a_move_making_it_bens_turn_pushes_once_after_the_quiet_delay(pushing, pushes):
    match, (ana, ben) = started_match(pushing.base)
    name = subscribe(ben, pushes)
    moved = time.monotonic()
    assert ana.act(match["id"], {"type": "add", "n": 2}).status_code == 200
    eventually(lambda: pushes.to(name))
    assert time.monotonic() - moved >= QUICK["notice_delay"]
    quiet()
    (got,) = pushes.to(name)
    assert got == {
        "title": "Your turn in Tally (test fixture)",
        "body": "Ana added 2 (total 2).",
        "url": f"{pushing.base}/m/{match['id']}",
        "match": match["id"],
        "tag": f"caravela-{match['id']}",
        "badge": 1,
    }


def test_a_push_speaks_the_language_of_the_device_that_subscribed(pushing, pushes):
    match, (ana, ben) = started_match(pushing.base)
    english, russian = subscribe(ben, pushes), subscribe(ben, pushes, lang="ru")
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    eventually(lambda: pushes.to(english) and pushes.to(russian))
    quiet()
    assert [p["title"] for p in pushes.to(english) + pushes.to(russian)] == [
        "Your turn in Tally (test fixture)",
        "Ваш ход: Tally (test fixture)",
    ]


def test_no_push_while_the_players_page_is_open(pushing, pushes):
    match, (ana, ben) = started_match(pushing.base)
    name = subscribe(ben, pushes)
    page = Seat(pushing.ws_base, match["id"], ben.token)
    page.recv_until("state")
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    quiet()
    assert pushes.to(name) == []


def test_bots_get_no_push_and_their_moves_are_told_to_the_person(pushing, pushes):
    ana = Client(pushing.base)
    name = subscribe(ana, pushes)
    match = ana.create(seats=2)
    assert ana.post(f"/api/matches/{match['id']}/bots", {"seat": 1}).status_code == 200
    assert ana.post(f"/api/matches/{match['id']}/start").status_code == 200
    pushes.received.pop(name, None)  # the first turn's push, if it came already
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    eventually(lambda: ana.view(match["id"])["v"] >= 2 and pushes.to(name))
    assert {r.seat for r in sql(pushing, "SELECT seat FROM notices WHERE match_id = :m", m=match["id"])} == {0}
    bot = ana.http.get(f"/api/matches/{match['id']}").json()["seats"][1]["name"]
    assert pushes.to(name)[-1]["body"].startswith(f"{bot} added ")  # the bot's move, with its name


def test_a_gone_subscription_is_removed(pushing, pushes):
    match, (ana, ben) = started_match(pushing.base)
    name = subscribe(ben, pushes)
    pushes.browsers[name].answers[:] = [410]
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    eventually(lambda: not sql(pushing, "SELECT id FROM push_subscriptions WHERE endpoint LIKE :e", e=f"%/{name}"))
    eventually(lambda: sql(pushing, "SELECT status FROM notices WHERE match_id = :m", m=match["id"])[0][0] == "sent")
    assert pushes.to(name) == []


def test_a_busy_push_service_is_retried_and_reached_once(pushing, pushes):
    match, (ana, ben) = started_match(pushing.base)
    reached, busy = subscribe(ben, pushes), subscribe(ben, pushes)
    pushes.browsers[busy].answers[:] = [503, 429]
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    eventually(lambda: pushes.to(busy))
    quiet()
    assert len(pushes.to(reached)) == 1 and len(pushes.to(busy)) == 1
    (row,) = sql(pushing, "SELECT status, attempts FROM notices WHERE match_id = :m", m=match["id"])
    assert tuple(row) == ("sent", 3)


def test_a_rematch_offer_is_pushed(pushing, pushes):
    match, (ana, ben), _ = finished_match(pushing.base)
    name = subscribe(ben, pushes)
    r = ana.post(f"/api/matches/{match['id']}/rematch")
    assert r.status_code == 200, r.text
    eventually(lambda: pushes.to(name))
    got = pushes.to(name)[-1]
    assert got["title"] == "A rematch of Tally (test fixture)" and got["match"] == r.json()["id"]


def test_unsubscribing_and_signing_the_device_out_remove_subscriptions(pushing, pushes):
    ben = Client(pushing.base, "Ben")
    first = pushes.subscribe("ben-a")
    assert ben.http.post("/api/me/push", json=first).status_code == 201
    assert ben.http.post("/api/me/push", json=first).status_code == 201  # the same browser again: one row
    assert ben.http.post("/api/me/push", json=pushes.subscribe("ben-b")).status_code == 201
    count = "SELECT count(*) FROM push_subscriptions WHERE player_id = :p"
    assert sql(pushing, count, p=ben.id)[0][0] == 2
    r = ben.http.request("DELETE", "/api/me/push", json={"endpoint": first["endpoint"]})
    assert r.status_code == 204 and sql(pushing, count, p=ben.id)[0][0] == 1
    (device,) = ben.http.get("/api/me/devices").json()["devices"]
    assert ben.http.delete(f"/api/me/devices/{device['id']}").status_code == 204
    assert sql(pushing, count, p=ben.id)[0][0] == 0


def test_a_subscription_needs_real_keys(pushing, pushes):
    ana = Client(pushing.base)
    bad = pushes.subscribe("bad")
    bad["keys"]["p256dh"] = bad["keys"]["p256dh"][:-4] + "AAAA"
    r = ana.http.post("/api/me/push", json=bad)
    assert r.status_code == 422 and r.json()["detail"] == msg.BAD_PUSH


def test_a_private_push_endpoint_is_refused_unless_allowed(db_url, tmp_path, pushes):
    with ThreadServer(own_database(db_url, tmp_path), **{**PUSHING, "push_private": False}) as srv:
        r = Client(srv.base).http.post("/api/me/push", json=pushes.subscribe("private"))
        assert r.status_code == 422 and r.json()["detail"] == msg.PRIVATE_PUSH


def test_a_restart_between_commit_and_send_loses_no_push(tmp_path, db_url, pushes):
    slow = {**PUSHING, "notice_delay": 0.8}
    db_url = own_database(db_url, tmp_path)
    with ThreadServer(db_url, **slow) as before:
        key = Client(before.base).http.get("/api/push/key").json()["public_key"]
        match, (ana, ben) = started_match(before.base)
        name = subscribe(ben, pushes)
        assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    assert pushes.to(name) == []  # stopped before the delay was over
    with ThreadServer(db_url, **slow) as after:
        assert Client(after.base).http.get("/api/push/key").json()["public_key"] == key
        eventually(lambda: pushes.to(name))
        quiet()
    assert len(pushes.to(name)) == 1


def test_two_workers_push_each_turn_exactly_once(pushes):
    require_pg()
    url = fresh_pg_database()
    fast = {**PUSHING, "notice_delay": 0.0, "notice_every": 0.02}
    with ThreadServer(url, **fast) as one, ThreadServer(url, **fast) as two:
        assert one.base != two.base
        keys = {Client(s.base).http.get("/api/push/key").json()["public_key"] for s in (one, two)}
        assert len(keys) == 1, "both workers sign with the key kept in the database"
        match, (ana, ben) = started_match(one.base, options={"target": 60})
        names = [subscribe(ana, pushes), subscribe(ben, pushes)]
        expected = play_noticed_turns(one, match["id"], [ana, ben])
        quiet()
        sent = [(seat, p["body"]) for seat, name in enumerate(names) for p in pushes.to(name)]
        assert len(sent) == len(expected), "each turn's push is sent once, by one of the workers"
        assert sorted(seat for seat, _ in sent) == sorted(seat for _, seat in expected)
