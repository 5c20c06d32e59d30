"""Rematch: one click after the end opens it with the players one seat on and the
bots in place; every other person is offered their seat; it starts once all have answered.
SQLite and PostgreSQL."""

from __future__ import annotations

import threading

import httpx

from app import messages as msg
from tests.app.finished import finished_match, play_out
from tests.app.test_notices import eventually, hooks, own_database, subscribe  # noqa: F401 - hooks: a fixture
from tests.conftest import ThreadServer, fresh_pg_database, require_pg
from tests.helpers import Client, Seat


def ask(person: Client, match_id: str) -> dict:
    r = person.post(f"/api/matches/{match_id}/rematch")
    assert r.status_code == 200, r.text
    return r.json()


def click_at_once(people: list[Client], match_id: str) -> list:
    """Has every person click "rematch" at the same moment; returns the answers."""
    answers: list = []
    threads = [
        threading.Thread(target=lambda p=p: answers.append(p.post(f"/api/matches/{match_id}/rematch"))) for p in people
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def summary(person: Client, match_id: str) -> dict:
    return person.http.get(f"/api/matches/{match_id}").json()


def test_a_rematch_seats_the_players_one_place_on_and_offers_the_others_their_seat(server):
    match, (ana, ben), _ = finished_match(server.base, target=7)
    new = ask(ana, match["id"])
    assert new["status"] == "open" and new["rematch_of"] == match["id"] and new["host_id"] == ana.id
    assert new["game"] == match["game"] and new["options"] == {"target": 7}
    assert [(s["player_id"], s["offer"]) for s in new["seats"]] == [(ben.id, "pending"), (ana.id, "accepted")]
    assert summary(ben, match["id"])["rematch_id"] == new["id"]
    offered = next(m for m in ben.http.get("/api/me/matches").json()["waiting"] if m["id"] == new["id"])
    assert offered["seats"][offered["my_seat"]]["offer"] == "pending"


def test_a_rematch_keeps_the_time_control(server):
    days = {"kind": "days", "days": 3}
    match, (ana, ben), _ = finished_match(server.base, clock=days)
    new = ask(ana, match["id"])
    assert new["clock"] == days
    started = ben.post(f"/api/matches/{new['id']}/offer/accept").json()
    assert started["status"] == "running" and started["clock"] == days


def test_the_second_click_joins_the_same_rematch_and_the_last_answer_starts_it(server):
    match, (ana, ben), _ = finished_match(server.base)
    new = ask(ana, match["id"])
    again = ask(ben, match["id"])
    assert again["id"] == new["id"] and again["status"] == "running"
    assert [s["offer"] for s in again["seats"]] == ["accepted", "accepted"]
    assert ask(ana, match["id"])["id"] == new["id"]
    assert ben.view(new["id"])["seat"] == 0  # Ben opens the rematch
    # The rematch can be played to its end like any match.
    play_out(new["id"], [ben, ana])


def test_two_players_clicking_at_once_open_one_rematch(server):
    match, people, _ = finished_match(server.base, seats=3)
    answers = click_at_once(people, match["id"])
    assert [r.status_code for r in answers] == [200] * 3, [r.text for r in answers]
    got = [r.json()["id"] for r in answers]
    assert len(set(got)) == 1
    assert summary(people[0], got[0])["status"] == "running"


def test_a_declined_seat_gets_a_bot_and_the_rematch_starts(server):
    match, (ana, ben), _ = finished_match(server.base)
    new = ask(ana, match["id"])
    r = ben.post(f"/api/matches/{new['id']}/offer/decline")
    assert r.status_code == 200, r.text
    seat0 = r.json()["seats"][0]
    assert seat0["kind"] == "bot" and seat0["offer"] == "declined" and r.json()["status"] == "running"
    again = ben.post(f"/api/matches/{new['id']}/offer/accept")
    assert again.status_code == 409 and again.json()["key"] == msg.NO_OFFER.key


def test_the_host_may_give_a_silent_players_seat_to_a_bot(server):
    match, (ana, ben, carla), _ = finished_match(server.base, seats=3)
    new = ask(ana, match["id"])  # seats: Ben, Carla, Ana
    assert ben.post(f"/api/matches/{new['id']}/offer/accept").json()["status"] == "open"
    r = ben.post(f"/api/matches/{new['id']}/offer/1/bot")
    assert r.status_code == 403 and r.json()["key"] == msg.NOT_HOST.key
    r = ana.post(f"/api/matches/{new['id']}/offer/0/bot")
    assert r.status_code == 409 and r.json()["key"] == msg.NO_OFFER.key  # Ben answered already
    r = ana.post(f"/api/matches/{new['id']}/start")
    assert r.status_code == 409 and r.json()["key"] == msg.OFFERS_PENDING.key  # Carla has not answered
    r = ana.post(f"/api/matches/{new['id']}/offer/1/bot")
    assert r.status_code == 200 and r.json()["status"] == "running"
    assert r.json()["seats"][1]["offer"] == "replaced" and r.json()["seats"][1]["kind"] == "bot"
    assert carla.post(f"/api/matches/{new['id']}/offer/accept").status_code == 409


def test_bots_keep_their_places_and_a_lone_person_starts_at_once(server):
    ana = Client(server.base)
    match = ana.create(seats=2, options={"target": 5})
    ana.post(f"/api/matches/{match['id']}/bots", {"seat": 1})
    ana.post(f"/api/matches/{match['id']}/start")
    eventually(lambda: summary(ana, match["id"])["status"] == "finished" or _play_one(ana, match["id"]))
    new = ask(ana, match["id"])
    assert [s["kind"] for s in new["seats"]] == ["bot", "player"] and new["status"] == "running"


def _play_one(person: Client, match_id: str) -> bool:
    got = person.view(match_id)
    legal = got["view"]["legal"]
    if legal and not got["view"]["over"]:
        person.act(match_id, legal[0] if legal[0]["type"] == "add" else {"type": "pick", "n": 0}, v=got["v"])
    return False


def test_only_players_of_a_finished_match_may_ask(server):
    match, (ana, _ben), _ = finished_match(server.base)
    r = Client(server.base, "Zoe").post(f"/api/matches/{match['id']}/rematch")
    assert r.status_code == 403 and r.json()["key"] == msg.NOT_A_PLAYER.key
    lobby = ana.create()
    r = ana.post(f"/api/matches/{lobby['id']}/rematch")
    assert r.status_code == 409 and r.json()["key"] == msg.REMATCH_NOT_FINISHED.key


def test_everyone_sees_the_offer_live_on_both_matches(server):
    match, (ana, ben), _ = finished_match(server.base)
    old_sock = Seat(server.ws_base, match["id"], ben.token)
    old_sock.recv_until("hello")
    new = ask(ana, match["id"])
    frame = old_sock.recv_until("match")
    while frame["match"]["rematch_id"] is None:
        frame = old_sock.recv_until("match")
    assert frame["match"]["rematch_id"] == new["id"]
    ana_sock = Seat(server.ws_base, new["id"], ana.token)
    ana_sock.recv_until("hello")
    ben.post(f"/api/matches/{new['id']}/offer/accept")
    frame = ana_sock.recv_until("match")
    while frame["match"]["seats"][0]["offer"] != "accepted":
        frame = ana_sock.recv_until("match")
    ana_sock.wait_version(0)  # the state of the dealt rematch (it may come before the match frame)


def test_an_offered_player_gets_a_rematch_offered_notice(db_url, tmp_path, hooks):  # noqa: F811 - the fixture
    # Its own database: no other test server's sender may claim the notice.
    with ThreadServer(own_database(db_url, tmp_path), notice_delay=0.2, notice_every=0.1, webhook_private=True) as srv:
        match, (ana, ben), _ = finished_match(srv.base)
        path = subscribe(ben, hooks, email=False)
        new = ask(ana, match["id"])
        eventually(lambda: any(b["event"] == "rematch_offered" for b in hooks.to(path)))
        body = next(b for b in hooks.to(path) if b["event"] == "rematch_offered")
        assert body["match_id"] == new["id"] and "rematch" in body["text"]


def test_clicks_on_two_workers_at_once_open_one_rematch():
    require_pg()
    url = fresh_pg_database()
    with ThreadServer(url) as one, ThreadServer(url) as two:
        for _ in range(3):
            match, (ana, ben), _ = finished_match(one.base)
            ben.http.close()
            ben.http = httpx.Client(base_url=two.base, timeout=10, headers=ben.http.headers)  # Ben on the other
            answers = click_at_once([ana, ben], match["id"])
            assert [r.status_code for r in answers] == [200, 200], [r.text for r in answers]
            assert answers[0].json()["id"] == answers[1].json()["id"]
            assert summary(ana, answers[0].json()["id"])["status"] == "running"
