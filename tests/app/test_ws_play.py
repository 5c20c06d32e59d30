"""Live play over the socket: per-seat views, patches, acks, rejects, resync, spectators."""

import json

import pytest
from websockets.exceptions import ConnectionClosed

from app import messages as msg
from tests.helpers import Client, Seat, started_match


def connect_all(server, match, people):
    seats = [Seat(server.ws_base, match["id"], p.token) for p in people]
    spectator = Seat(server.ws_base, match["id"])
    for s in [*seats, spectator]:
        s.recv_until("hello")
        s.recv_until("state")
    return seats, spectator


def test_hello_names_the_seat_and_state_follows(server):
    match, people = started_match(server.base)
    (ana, ben), spectator = connect_all(server, match, people)
    assert [f["seat"] for f in (ana.frames[0], ben.frames[0], spectator.frames[0])] == [0, 1, None]
    assert ana.frames[0]["match"]["seats"][0]["online"] is True
    assert ana.view["my_purse"] is not None and ben.view["my_purse"] is not None
    assert spectator.view["my_purse"] is None and spectator.view["legal"] == []


def test_each_seat_sees_only_its_own_view(server):
    match, people = started_match(server.base)
    (ana, ben), spectator = connect_all(server, match, people)
    assert ana.view == people[0].view(match["id"])["view"]
    assert ben.view == people[1].view(match["id"])["view"]
    assert spectator.view == Client(server.base, "Zoe").view(match["id"])["view"]


def test_an_act_is_acked_and_every_seat_gets_its_patch(server):
    match, people = started_match(server.base)
    (ana, ben), spectator = connect_all(server, match, people)
    ack = ana.act({"type": "add", "n": 2})
    assert ack == {"type": "ack", "id": ack["id"], "v": 1}
    for seat in (ben, spectator):
        frame = seat.recv_until("patch")
        assert frame["base"] == 0 and frame["v"] == 1
        assert [(line["n"], line["text"]) for line in frame["log"]] == [(0, "{P0} added 2 (total 2).")]
    # The patched views equal what REST says each seat may see now.
    assert ana.view == people[0].view(match["id"])["view"]
    assert ben.view == people[1].view(match["id"])["view"]
    assert spectator.view["total"] == 2


def test_private_log_lines_reach_only_their_seat(server):
    match, people = started_match(server.base)
    (ana, ben), _ = connect_all(server, match, people)
    ana.act({"type": "add", "n": 3})
    ben.wait_version(1)
    ben.act({"type": "add", "n": 3})
    ana.wait_version(2)
    ana.act({"type": "pick", "n": 7})
    frame = ben.recv_until("patch", v=3)
    assert frame["log"] == [] and "7" not in json.dumps(frame)
    mine = next(f for f in ana.frames if f["type"] == "patch" and f["v"] == 3)
    assert [line["text"] for line in mine["log"]] == ["You picked 7."]
    assert ben.view["picked"] == [True, False] and ben.view["my_pick"] is None


def test_an_illegal_act_is_rejected_and_the_socket_stays_usable(server):
    match, people = started_match(server.base)
    (ana, ben), _ = connect_all(server, match, people)
    reject = ben.act({"type": "add", "n": 1})
    assert reject["type"] == "reject" and reject["reason"] == "It is not your turn."
    reject = ana.act({"type": "add", "n": 9})
    assert reject["type"] == "reject" and "Malformed action" in reject["reason"]
    assert ana.act({"type": "add", "n": 1})["type"] == "ack"


def test_a_repeated_id_gets_the_same_answer_and_is_applied_once(server):
    match, people = started_match(server.base)
    (ana, _), _ = connect_all(server, match, people)
    first = ana.act({"type": "add", "n": 1}, action_id="once")
    again = ana.act({"type": "add", "n": 1}, v=0, action_id="once")
    assert first == again
    assert people[0].view(match["id"])["view"]["total"] == 1
    rejected = ana.act({"type": "add", "n": 9}, action_id="bad")
    assert ana.act({"type": "add", "n": 9}, action_id="bad") == rejected


def test_a_stale_act_is_rejected_then_the_view_is_refreshed(server):
    match, people = started_match(server.base)
    (ana, ben), _ = connect_all(server, match, people)
    ana.act({"type": "add", "n": 1})
    reject = ben.act({"type": "add", "n": 1}, v=0)
    assert reject["reason"] == msg.STALE.format(got=0, now=1)
    ben.wait_version(1)


def test_malformed_frames_get_an_error_and_the_socket_stays_open(server):
    match, people = started_match(server.base)
    (ana, _), _ = connect_all(server, match, people)
    ana.send("{not json")
    assert ana.recv_until("error")["reason"] == msg.MALFORMED_JSON
    ana.send({"type": "dance"})
    assert ana.recv_until("error")["reason"].startswith("Malformed message")
    ana.send({"type": "act", "id": "x"})
    assert "action" in ana.recv_until("error")["reason"]
    ana.send({"type": "ping"})
    assert ana.recv_until("pong")
    assert ana.act({"type": "add", "n": 1})["type"] == "ack"


def test_oversized_frames_are_refused(server):
    match, people = started_match(server.base)
    (ana, _), _ = connect_all(server, match, people)
    ana.send({"type": "act", "id": "big", "v": 0, "action": {"type": "add", "n": 1, "pad": "x" * 40_000}})
    assert ana.recv_until("error")["reason"] == msg.FRAME_TOO_BIG.format(limit=server.settings.max_frame_bytes)
    assert people[0].view(match["id"])["v"] == 0
    assert ana.act({"type": "add", "n": 1})["type"] == "ack"


def test_flooding_is_capped(server):
    match, people = started_match(server.base)
    (ana, _), _ = connect_all(server, match, people)
    for _ in range(server.settings.max_frames_per_second * 2):
        ana.send({"type": "ping"})
    kinds = [ana.recv()["type"] for _ in range(server.settings.max_frames_per_second * 2)]
    assert "error" in kinds and kinds.count("pong") >= server.settings.max_frames_per_second - 1
    assert msg.FLOODING in [f.get("reason") for f in ana.frames]


def test_sync_sends_the_whole_view_again(server):
    match, people = started_match(server.base)
    (ana, _), _ = connect_all(server, match, people)
    ana.send({"type": "sync"})
    frame = ana.recv_until("state")
    assert frame["v"] == 0 and frame["view"] == ana.view


def test_spectators_cannot_act(server):
    match, people = started_match(server.base)
    _, spectator = connect_all(server, match, people)
    assert spectator.act({"type": "add", "n": 1})["reason"] == msg.SPECTATOR_CANNOT_ACT


def test_a_bad_token_closes_the_socket_with_a_reason(server):
    match, _ = started_match(server.base)
    seat = Seat(server.ws_base, match["id"], "forged")
    with pytest.raises(ConnectionClosed) as closed:
        seat.recv()
    assert closed.value.rcvd.code == 4401 and closed.value.rcvd.reason == msg.BAD_TOKEN


def test_an_unknown_match_closes_the_socket(server):
    seat = Seat(server.ws_base, "nope")
    with pytest.raises(ConnectionClosed) as closed:
        seat.recv()
    assert closed.value.rcvd.code == 4404


def test_lobby_changes_reach_the_waiting_room(server):
    ana, ben = Client(server.base), Client(server.base, "Ben")
    match = ana.create(seats=2)
    sock = Seat(server.ws_base, match["id"], ana.token)
    assert sock.recv_until("hello")["match"]["status"] == "open"
    ben.post(f"/api/matches/{match['id']}/join")
    frame = sock.recv_until("match")
    while frame["match"]["seats"][1]["name"] != "Ben":
        frame = sock.recv_until("match")
    ana.post(f"/api/matches/{match['id']}/start")
    assert sock.recv_until("state")["v"] == 0
