"""Action ids belong to their seat; refusals never block a legal move."""

import json
import time

from app import messages as msg
from tests.helpers import Client, started_match

ADMIN = {"authorization": "Bearer test-admin-token"}


def test_one_seats_refused_id_does_not_refuse_another_seats_legal_move(server):
    match, (ana, ben) = started_match(server.base)
    r = ben.act(match["id"], {"type": "add", "n": 1}, v=0, action_id="a1")
    assert r.status_code == 422  # not Ben's turn
    r = ana.act(match["id"], {"type": "add", "n": 1}, v=0, action_id="a1")
    assert r.status_code == 200 and r.json() == {"id": "a1", "v": 1}


def test_the_same_id_on_two_seats_is_two_moves(server):
    match, (ana, ben) = started_match(server.base)
    assert ana.act(match["id"], {"type": "add", "n": 1}, action_id="same").status_code == 200
    r = ben.act(match["id"], {"type": "add", "n": 2}, action_id="same")
    assert r.status_code == 200 and r.json()["v"] == 2


def test_a_refused_move_may_be_sent_again_once_it_is_legal(server):
    match, (ana, ben) = started_match(server.base)
    assert ben.act(match["id"], {"type": "add", "n": 2}, action_id="b1").status_code == 422
    ana.act(match["id"], {"type": "add", "n": 1})
    r = ben.act(match["id"], {"type": "add", "n": 2}, action_id="b1")
    assert r.status_code == 200 and r.json()["v"] == 2


def test_retrying_an_applied_move_after_reusing_its_id_is_answered_with_its_ack(server):
    match, (ana, ben) = started_match(server.base)
    mid = match["id"]
    assert ana.act(mid, {"type": "add", "n": 1}, v=0, action_id="x").json() == {"id": "x", "v": 1}
    ben.act(mid, {"type": "add", "n": 1})
    r = ana.act(mid, {"type": "add", "n": 2}, action_id="x")
    assert r.status_code == 409 and r.json()["detail"] == msg.ACTION_ID_REUSED
    r = ana.act(mid, {"type": "add", "n": 1}, v=0, action_id="x")
    assert r.status_code == 200 and r.json() == {"id": "x", "v": 1}
    assert ana.view(mid)["v"] == 2


def test_a_retry_spelling_out_a_default_is_the_same_move(server):
    host = Client(server.base)
    match = host.create(game="gogoa", seats=2)
    guest = Client(server.base, "Ben")
    guest.post(f"/api/matches/{match['id']}/join")
    host.post(f"/api/matches/{match['id']}/start")
    mid = match["id"]
    for person in (host, guest):
        seat = person.view(mid)
        assert person.act(mid, seat["view"]["legal"][0]).status_code == 200
    seat = 0 if 0 in host.view(mid)["view"]["to_act"] else 1
    person = (host, guest)[seat]
    step = next(a for a in person.view(mid)["view"]["legal"] if a["type"] == "assign")
    first = person.act(mid, step, action_id="s1")
    assert first.status_code == 200
    short = {k: v for k, v in step.items() if v is not None}
    assert short != step
    again = person.act(mid, short, action_id="s1")
    assert again.status_code == 200 and again.json() == first.json()


def test_a_seat_cannot_freeze_a_bot_with_the_bots_next_id(server):
    ana = Client(server.base)
    match = ana.create(seats=2)
    mid = match["id"]
    ana.post(f"/api/matches/{mid}/bots", {"seat": 1})
    ana.post(f"/api/matches/{mid}/start")
    for guess in ("bot-1-1", "bot-0-1"):
        assert ana.act(mid, {"type": "add", "n": 9}, action_id=guess).status_code == 422
    assert ana.act(mid, {"type": "add", "n": 1}, v=0).status_code == 200
    deadline = time.monotonic() + 10
    while ana.view(mid)["v"] < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ana.view(mid)["v"] == 2
    ids = [a["action_id"] for a in ana.http.get(f"/api/admin/matches/{mid}/actions", headers=ADMIN).json()]
    assert ids[1] not in ("bot-1-1", "bot-0-1") and len(ids[1]) >= 20


def test_a_nul_or_a_lone_surrogate_in_an_action_id_is_refused_with_422(server):
    match, (ana, _) = started_match(server.base)
    for bad in ("a\u0000b", "\ud800x"):
        body = json.dumps({"id": bad, "action": {"type": "add", "n": 1}})  # escaped: \u0000, \ud800
        r = ana.http.post(
            f"/api/matches/{match['id']}/actions", content=body, headers={"content-type": "application/json"}
        )
        # Refused here, or already by the body's own validation: either way a sentence, never a 500.
        assert r.status_code == 422, r.text
        assert isinstance(r.json()["detail"], str)
    assert ana.view(match["id"])["v"] == 0


def test_a_version_from_the_future_is_refused_as_such(server):
    match, (ana, _) = started_match(server.base)
    r = ana.act(match["id"], {"type": "add", "n": 1}, v=5)
    assert r.status_code == 409 and r.json()["detail"] == msg.FUTURE_VERSION.format(got=5, now=0)
