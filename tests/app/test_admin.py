"""The admin API: token required, raw state, action log, replay, abort."""

from app import messages as msg
from tests.helpers import Client, started_match

ADMIN = {"authorization": "Bearer test-admin-token"}


def test_admin_routes_need_the_token_and_leak_nothing(server):
    match, (ana, _) = started_match(server.base)
    for path in (
        "/api/admin/matches",
        f"/api/admin/matches/{match['id']}",
        f"/api/admin/matches/{match['id']}/actions",
        f"/api/admin/matches/{match['id']}/state?v=0",
        "/api/admin/matches/nope",
    ):
        for headers in ({}, {"authorization": f"Bearer {ana.token}"}, {"authorization": "Bearer wrong"}):
            r = ana.http.get(path, headers=headers or {"authorization": ""})
            assert r.status_code == 401 and r.json() == {"detail": msg.ADMIN_ONLY}
    assert ana.http.post(f"/api/admin/matches/{match['id']}/abort", headers={"authorization": ""}).status_code == 401


def test_admin_lists_and_filters_matches(server):
    match, (ana, _) = started_match(server.base)
    opened = ana.create()
    listed = ana.http.get("/api/admin/matches?status=running&game=tally", headers=ADMIN).json()["matches"]
    ids = {m["id"] for m in listed}
    assert match["id"] in ids and opened["id"] not in ids


def test_admin_sees_raw_state_seats_and_actions(server):
    match, (ana, _) = started_match(server.base)
    ana.act(match["id"], {"type": "add", "n": 2}, action_id="a1")
    raw = ana.http.get(f"/api/admin/matches/{match['id']}", headers=ADMIN).json()
    assert raw["state"]["total"] == 2 and "rng" in raw["state"] and raw["seed"] >= 0
    assert [s["name"] for s in raw["seats"]] == ["Ana", "Ben"]
    log = ana.http.get(f"/api/admin/matches/{match['id']}/actions", headers=ADMIN).json()
    assert [(a["v"], a["action_id"], a["seat"], a["action"]) for a in log] == [(1, "a1", 0, {"type": "add", "n": 2})]


def test_replay_rebuilds_every_version_and_matches_the_stored_state(server):
    match, (ana, ben) = started_match(server.base)
    mid = match["id"]
    for person, n in ((ana, 3), (ben, 3), (ana, None), (ben, None)):
        person.act(mid, {"type": "add", "n": n} if n else {"type": "pick", "n": 5})
    now = ana.http.get(f"/api/admin/matches/{mid}/state", headers=ADMIN).json()
    assert now["v"] == 4 and now["equals_stored"] is True
    assert now["state"] == ana.http.get(f"/api/admin/matches/{mid}", headers=ADMIN).json()["state"]
    at1 = ana.http.get(f"/api/admin/matches/{mid}/state?v=1", headers=ADMIN).json()
    assert at1["state"]["total"] == 3 and at1["equals_stored"] is None
    assert ana.http.get(f"/api/admin/matches/{mid}/state?v=9", headers=ADMIN).status_code == 422


def test_abort_stops_a_match(server):
    match, (ana, _) = started_match(server.base)
    r = ana.http.post(f"/api/admin/matches/{match['id']}/abort", headers=ADMIN)
    assert r.status_code == 200 and r.json()["status"] == "abandoned"
    r = ana.act(match["id"], {"type": "add", "n": 1})
    assert r.status_code == 409 and r.json()["detail"] == msg.NOT_RUNNING.format(status="abandoned")


def test_admin_api_is_off_without_a_configured_token(tmp_path):
    from tests.conftest import ThreadServer, fresh_sqlite_database

    with ThreadServer(fresh_sqlite_database(tmp_path), admin_token="") as srv:
        r = Client(srv.base).http.get("/api/admin/matches", headers={"authorization": "Bearer anything"})
        assert r.status_code == 401 and r.json()["detail"] == msg.ADMIN_DISABLED
