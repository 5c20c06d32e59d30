"""Playing over REST: views per seat, actions, versions, idempotent ids."""

import uuid

from app import messages as msg
from tests.helpers import Client, started_match


def test_each_seat_sees_only_its_own_purse(server):
    match, (ana, ben) = started_match(server.base)
    a, b = ana.view(match["id"]), ben.view(match["id"])
    assert a["seat"] == 0 and b["seat"] == 1
    spectator = Client(server.base, "Zoe").view(match["id"])
    assert spectator["seat"] is None and spectator["view"]["my_purse"] is None
    assert spectator["view"]["legal"] == []
    raw = (
        Client(server.base)
        .http.get(f"/api/admin/matches/{match['id']}", headers={"authorization": "Bearer test-admin-token"})
        .json()
    )
    purses = raw["state"]["purse"]
    assert a["view"]["my_purse"] == purses[0] and b["view"]["my_purse"] == purses[1]
    assert str(raw["state"]["rng"]) not in str(a) + str(b) + str(spectator)


def test_view_before_start_is_a_409(server):
    ana = Client(server.base)
    match = ana.create(seats=2)
    r = ana.http.get(f"/api/matches/{match['id']}/view")
    assert r.status_code == 409 and r.json()["detail"] == msg.VIEW_NOT_READY


def test_an_action_advances_the_version(server):
    match, (ana, ben) = started_match(server.base)
    r = ana.act(match["id"], {"type": "add", "n": 2}, v=0)
    assert r.status_code == 200 and r.json()["v"] == 1
    assert ben.view(match["id"])["view"]["total"] == 2


def test_out_of_turn_is_refused_and_changes_nothing(server):
    match, (ana, ben) = started_match(server.base)
    r = ben.act(match["id"], {"type": "add", "n": 1}, v=0)
    assert r.status_code == 422 and r.json()["detail"] == "It is not your turn."
    assert ana.view(match["id"])["v"] == 0


def test_illegal_and_malformed_actions_are_refused_with_a_reason(server):
    match, (ana, _) = started_match(server.base)
    r = ana.act(match["id"], {"type": "add", "n": 7})
    assert r.status_code == 422 and "Malformed action" in r.json()["detail"]
    r = ana.act(match["id"], {"type": "fly"})
    assert r.status_code == 422 and "Unknown action type" in r.json()["detail"]
    r = ana.http.post(
        f"/api/matches/{match['id']}/actions", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 422
    assert ana.view(match["id"])["v"] == 0


def test_stale_version_is_refused(server):
    match, (ana, ben) = started_match(server.base)
    ana.act(match["id"], {"type": "add", "n": 1}, v=0)
    r = ben.act(match["id"], {"type": "add", "n": 1}, v=0)
    assert r.status_code == 409 and r.json()["detail"] == msg.STALE.format(got=0, now=1)


def test_a_repeated_action_id_is_applied_once_and_answered_the_same(server):
    match, (ana, _) = started_match(server.base)
    action_id = uuid.uuid4().hex
    first = ana.act(match["id"], {"type": "add", "n": 1}, v=0, action_id=action_id)
    again = ana.act(match["id"], {"type": "add", "n": 1}, v=0, action_id=action_id)
    assert first.json() == again.json() == {"id": action_id, "v": 1}
    assert ana.view(match["id"])["view"]["total"] == 1


def test_an_action_id_reused_for_another_move_is_refused(server):
    match, (ana, ben) = started_match(server.base)
    ana.act(match["id"], {"type": "add", "n": 1}, action_id="same")
    ben.act(match["id"], {"type": "add", "n": 1})
    r = ana.act(match["id"], {"type": "add", "n": 2}, action_id="same")
    assert r.status_code == 409 and r.json()["detail"] == msg.ACTION_ID_REUSED


def test_someone_without_a_seat_cannot_act(server):
    match, _ = started_match(server.base)
    r = Client(server.base, "Zoe").act(match["id"], {"type": "add", "n": 1})
    assert r.status_code == 403 and r.json()["detail"] == msg.NOT_SEATED


def test_simultaneous_picks_do_not_need_the_latest_version(server):
    match, (ana, ben) = started_match(server.base)
    mid = match["id"]
    ana.act(mid, {"type": "add", "n": 3}, v=0)
    ben.act(mid, {"type": "add", "n": 3}, v=1)  # total 6: everyone picks
    assert set(ana.view(mid)["view"]["to_act"]) == {0, 1}
    assert ana.act(mid, {"type": "pick", "n": 4}, v=2).status_code == 200
    # Ben still acts on version 2: his pick is independent of Ana's.
    r = ben.act(mid, {"type": "pick", "n": 9}, v=2)
    assert r.status_code == 200 and r.json()["v"] == 4
    assert ana.view(mid)["view"]["points"] == [0, 1]


def test_the_game_finishes_with_an_outcome(server):
    match, (ana, ben) = started_match(server.base, options={"target": 5})
    mid = match["id"]
    ana.act(mid, {"type": "add", "n": 3})
    ben.act(mid, {"type": "add", "n": 3})
    view = ana.view(mid)["view"]
    assert view["over"] and view["outcome"]["ranking"]
    assert ana.http.get(f"/api/matches/{mid}").json()["status"] == "finished"
    assert ana.act(mid, {"type": "add", "n": 1}).status_code == 409
