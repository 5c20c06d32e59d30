"""The host cancels an open lobby: it is abandoned, leaves the list, and its table hears it."""

from __future__ import annotations

from app import messages as msg
from tests.helpers import Client, Seat, started_match


def test_the_host_cancels_an_open_match_and_it_leaves_the_lobby_list(server):
    ana = Client(server.base)
    match = ana.create()
    r = ana.post(f"/api/matches/{match['id']}/cancel")
    assert r.status_code == 200 and r.json()["status"] == "abandoned"
    listed = {m["id"] for m in ana.http.get("/api/matches").json()["matches"]}
    assert match["id"] not in listed


def test_only_the_host_may_cancel(server):
    ana, ben = Client(server.base), Client(server.base, "Ben")
    match = ana.create()
    ben.post(f"/api/matches/{match['id']}/join")
    r = ben.post(f"/api/matches/{match['id']}/cancel")
    assert r.status_code == 403 and r.json()["key"] == msg.NOT_HOST.key
    assert ana.http.get(f"/api/matches/{match['id']}").json()["status"] == "open"


def test_a_started_match_cannot_be_cancelled(server):
    match, (ana, _) = started_match(server.base)
    r = ana.post(f"/api/matches/{match['id']}/cancel")
    assert r.status_code == 409 and r.json()["key"] == msg.NOT_OPEN.key


def test_a_cancelled_lobby_takes_no_one_and_its_sockets_hear_it(server):
    ana, ben = Client(server.base), Client(server.base, "Ben")
    match = ana.create()
    sock = Seat(server.ws_base, match["id"], ben.token)
    sock.recv_until("hello")
    ana.post(f"/api/matches/{match['id']}/cancel")
    statuses = [sock.recv_until("match")["match"]["status"]]
    while statuses[-1] == "open":  # who is online comes first
        statuses.append(sock.recv_until("match")["match"]["status"])
    assert statuses[-1] == "abandoned"
    assert ben.post(f"/api/matches/{match['id']}/join").status_code == 409
