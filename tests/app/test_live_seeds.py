"""A seed from a player is never honoured; only an admin may fix one, and every seat is told."""

from tests.helpers import Client

ADMIN = {"authorization": "Bearer test-admin-token"}


def test_a_seed_sent_by_a_player_is_not_honoured(server):
    ana = Client(server.base)
    seeds = []
    for _ in range(2):
        r = ana.http.post("/api/matches", json={"game": "tally", "seats": 2, "seed": 42})
        if r.status_code == 422:
            continue  # refused outright: fine too
        assert r.status_code == 201 and r.json()["seed_fixed"] is False
        seeds.append(ana.http.get(f"/api/admin/matches/{r.json()['id']}", headers=ADMIN).json()["seed"])
    assert 42 not in seeds


def test_an_admin_may_fix_a_seed_and_the_match_says_so(server):
    ana = Client(server.base)
    r = ana.http.post(
        "/api/admin/matches",
        headers=ADMIN,
        json={"game": "tally", "seats": 2, "options": {}, "seed": 42, "host_id": ana.id},
    )
    assert r.status_code == 201, r.text
    match = r.json()
    assert match["seed_fixed"] is True and match["seats"][0]["player_id"] == ana.id
    public = ana.http.get(f"/api/matches/{match['id']}").json()
    assert public["seed_fixed"] is True and "seed" not in public
    assert ana.http.get(f"/api/admin/matches/{match['id']}", headers=ADMIN).json()["seed"] == 42
    assert ana.create()["seed_fixed"] is False


def test_fixing_a_seed_needs_the_admin_token(server):
    ana = Client(server.base)
    r = ana.http.post("/api/admin/matches", json={"game": "tally", "seats": 2, "seed": 42, "host_id": ana.id})
    assert r.status_code == 401


def test_an_admin_match_for_an_unknown_host_is_a_404(server):
    r = Client(server.base).http.post(
        "/api/admin/matches", headers=ADMIN, json={"game": "tally", "seats": 2, "seed": 1, "host_id": "nobody"}
    )
    assert r.status_code == 404
