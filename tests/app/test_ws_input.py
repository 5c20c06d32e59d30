"""Whatever a socket sends, it gets an answer and stays open."""

import json

import pytest

from app import messages as msg
from tests.helpers import Seat, started_match


def connect(server, match, person=None):
    sock = Seat(server.ws_base, match["id"], person.token if person else None)
    sock.recv_until("state")
    return sock


def still_open(sock: Seat) -> None:
    sock.send({"type": "ping"})
    sock.recv_until("pong")


def test_a_binary_frame_gets_an_error_and_the_socket_stays_open(server):
    match, (ana, _) = started_match(server.base)
    sock = connect(server, match, ana)
    sock.ws.send(b'{"type": "ping"}')
    assert sock.recv_until("error")["reason"] == msg.BINARY_FRAME
    sock.ws.send(b"\xff\xfe not utf-8")
    assert sock.recv_until("error")["reason"] == msg.BINARY_FRAME
    still_open(sock)


def test_deeply_nested_json_within_the_size_limit_gets_an_error(server):
    match, (ana, _) = started_match(server.base)
    sock = connect(server, match, ana)
    sock.send('{"type": "act", "id": "deep", "v": 0, "action": ' + "[" * 5000 + "]" * 5000 + "}")
    assert sock.recv_until("error")["reason"].startswith("Malformed message")
    deep = json.loads("[" * 150 + "]" * 150)
    sock.send({"type": "act", "id": "deep2", "v": 0, "action": {"type": "add", "n": 1, "x": deep}})
    reject = sock.recv_until("reject", id="deep2")
    assert reject["reason"]
    still_open(sock)
    assert ana.view(match["id"])["v"] == 0


def test_a_nul_in_an_act_is_rejected_with_its_id(server):
    match, (ana, _) = started_match(server.base)
    sock = connect(server, match, ana)
    sock.send(json.dumps({"type": "act", "id": "nul\u0000id", "v": 0, "action": {"type": "add", "n": 1}}))
    reject = sock.recv_until("reject")
    assert reject["id"] == "nul\u0000id" and reject["reason"] == msg.BAD_CHARACTER
    assert reject["key"] == msg.BAD_CHARACTER.key
    sock.send(json.dumps({"type": "act", "id": "ok", "v": 0, "action": {"type": "add", "n": 1, "note": "a\u0000"}}))
    assert sock.recv_until("reject", id="ok")["reason"] == msg.BAD_CHARACTER
    still_open(sock)
    assert ana.view(match["id"])["v"] == 0


def test_a_lone_surrogate_in_a_frame_gets_an_error_naming_it(server):
    match, (ana, _) = started_match(server.base)
    sock = connect(server, match, ana)
    sock.send(json.dumps({"type": "act", "id": "\udc80", "v": 0, "action": {"type": "add", "n": 1}}))
    assert sock.recv_until("error")["reason"] == msg.BAD_CHARACTER
    still_open(sock)


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "act", "id": "s", "v": "0", "action": {"type": "add", "n": 1}},
        {"type": "act", "id": "s", "v": True, "action": {"type": "add", "n": 1}},
        {"type": "act", "id": "s", "v": 0, "action": {"type": "add", "n": 1}, "extra": 1},
        {"type": "ping", "please": True},
    ],
)
def test_client_frames_are_strict(server, frame):
    match, (ana, _) = started_match(server.base)
    sock = connect(server, match, ana)
    sock.send(frame)
    assert sock.recv_until("error")["reason"].startswith("Malformed message")
    still_open(sock)
    assert ana.view(match["id"])["v"] == 0


def test_every_act_dropped_by_the_flood_limit_gets_a_reject_with_its_id(server):
    match, (_, ben) = started_match(server.base)
    sock = connect(server, match, ben)
    ids = [f"f{i}" for i in range(server.settings.max_frames_per_second * 2)]
    for action_id in ids:  # Ben may not act: every one of these is refused, one way or another
        sock.send({"type": "act", "id": action_id, "v": 0, "action": {"type": "add", "n": 1}})
    answered = {}
    while len(answered) < len(ids):
        frame = sock.recv()
        assert frame["type"] != "error", frame
        if frame["type"] == "reject":
            answered[frame["id"]] = frame["reason"]
    assert set(answered) == set(ids) and msg.FLOODING in answered.values()


def test_a_version_from_the_future_gets_its_own_reason_and_key(server):
    match, (ana, _) = started_match(server.base)
    sock = connect(server, match, ana)
    reject = sock.act({"type": "add", "n": 1}, v=9)
    assert reject["reason"] == msg.FUTURE_VERSION.format(got=9, now=0)
    assert reject["key"] == msg.FUTURE_VERSION.key and reject["args"] == {"got": 9, "now": 0}


def test_rejects_carry_a_key_for_translation(server):
    match, (ana, _) = started_match(server.base)
    sock = connect(server, match, ana)
    spectator = connect(server, match)
    assert spectator.act({"type": "add", "n": 1})["key"] == msg.SPECTATOR_CANNOT_ACT.key
    ana.act(match["id"], {"type": "add", "n": 1})
    stale = sock.act({"type": "add", "n": 1}, v=0)
    assert stale["key"] == msg.STALE.key and stale["args"] == {"got": 0, "now": 1}


@pytest.mark.parametrize("v", [2**31, 2**63, 2**64 + 5])
def test_a_version_out_of_range_gets_an_error_like_rest_a_422(server, v):
    match, (ana, _) = started_match(server.base)
    sock = connect(server, match, ana)
    sock.send(json.dumps({"type": "act", "id": "huge", "v": v, "action": {"type": "add", "n": 1}}))
    error = sock.recv_until("error")
    assert error["reason"].startswith("Malformed message: act.v:")
    still_open(sock)
    assert ana.act(match["id"], {"type": "add", "n": 1}, v=v).status_code == 422
    assert ana.view(match["id"])["v"] == 0
