"""The lobby over REST: games, players, matches, seats, bots, start (SQLite and PostgreSQL)."""

from app import messages as msg
from tests.helpers import Client


def test_games_are_listed_with_player_counts(server):
    games = {g["id"]: g for g in Client(server.base).http.get("/api/games").json()}
    assert games["tally"]["min_players"] == 1 and games["tally"]["max_players"] == 4
    assert games["tally"]["options"]["properties"]["target"]["default"] == 15


def test_blank_player_name_is_refused(server):
    r = Client(server.base).http.post("/api/players", json={"name": "   "})
    assert r.status_code == 422 and "name" in r.json()["detail"]


def test_unknown_token_is_refused(server):
    r = Client(server.base).http.get("/api/players/me", headers={"authorization": "Bearer nope"})
    assert r.status_code == 401 and r.json()["detail"] == msg.BAD_TOKEN


def test_creating_a_match_seats_the_host(server):
    ana = Client(server.base)
    match = ana.create(seats=3)
    assert match["status"] == "open" and match["host_id"] == ana.id
    assert [s["kind"] for s in match["seats"]] == ["player", "empty", "empty"]
    assert match["seats"][0]["name"] == "Ana"
    assert "state" not in match and "seed" not in match


def test_unknown_game_is_a_404(server):
    r = Client(server.base).post("/api/matches", {"game": "chess", "seats": 2})
    assert r.status_code == 404 and r.json()["detail"] == msg.UNKNOWN_GAME.format(game="chess")


def test_bad_seat_count_and_bad_options_are_refused(server):
    ana = Client(server.base)
    assert ana.post("/api/matches", {"game": "tally", "seats": 5}).status_code == 422
    r = ana.post("/api/matches", {"game": "tally", "seats": 2, "options": {"target": 1}})
    assert r.status_code == 422 and "Bad options" in r.json()["detail"]
    r = ana.post("/api/matches", {"game": "tally", "seats": 2, "options": {"colour": "red"}})
    assert r.status_code == 422


def test_creating_a_match_needs_a_player(server):
    r = Client(server.base).http.post("/api/matches", json={"game": "tally", "seats": 2}, headers={"authorization": ""})
    assert r.status_code == 401


def test_join_a_chosen_seat_then_the_seat_is_taken(server):
    ana, ben, carla = Client(server.base), Client(server.base, "Ben"), Client(server.base, "Carla")
    match = ana.create(seats=3)
    r = ben.post(f"/api/matches/{match['id']}/join", {"seat": 2})
    assert r.status_code == 200 and r.json()["seats"][2]["name"] == "Ben"
    r = carla.post(f"/api/matches/{match['id']}/join", {"seat": 2})
    assert r.status_code == 409 and r.json()["detail"] == msg.SEAT_TAKEN
    r = carla.post(f"/api/matches/{match['id']}/join", {"seat": 7})
    assert r.status_code == 422
    assert ben.post(f"/api/matches/{match['id']}/join").json()["detail"] == msg.ALREADY_SEATED


def test_join_a_free_seat_until_full(server):
    ana, ben, carla = Client(server.base), Client(server.base, "Ben"), Client(server.base, "Carla")
    match = ana.create(seats=2)
    assert ben.post(f"/api/matches/{match['id']}/join").json()["seats"][1]["name"] == "Ben"
    r = carla.post(f"/api/matches/{match['id']}/join")
    assert r.status_code == 409 and r.json()["detail"] == msg.NO_FREE_SEAT


def test_leave_before_the_start_frees_the_seat(server):
    ana, ben = Client(server.base), Client(server.base, "Ben")
    match = ana.create(seats=2)
    ben.post(f"/api/matches/{match['id']}/join")
    r = ben.post(f"/api/matches/{match['id']}/leave")
    assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "empty"
    assert ben.post(f"/api/matches/{match['id']}/leave").json()["detail"] == msg.NOT_SEATED


def test_only_the_host_adds_bots_and_starts(server):
    ana, ben = Client(server.base), Client(server.base, "Ben")
    match = ana.create(seats=3)
    ben.post(f"/api/matches/{match['id']}/join")
    r = ben.post(f"/api/matches/{match['id']}/bots", {"seat": 2})
    assert r.status_code == 403 and r.json()["detail"] == msg.NOT_HOST
    assert ben.post(f"/api/matches/{match['id']}/start").status_code == 403
    r = ana.post(f"/api/matches/{match['id']}/start")
    assert r.status_code == 409 and r.json()["detail"] == msg.SEATS_NOT_FILLED
    r = ana.post(f"/api/matches/{match['id']}/bots", {"seat": 2})
    assert r.json()["seats"][2]["kind"] == "bot"
    assert ana.post(f"/api/matches/{match['id']}/bots", {"seat": 1}).json()["detail"] == msg.SEAT_TAKEN


def test_a_bot_can_be_removed_again(server):
    ana = Client(server.base)
    match = ana.create(seats=2)
    ana.post(f"/api/matches/{match['id']}/bots", {"seat": 1})
    r = ana.http.delete(f"/api/matches/{match['id']}/bots/1")
    assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "empty"
    assert ana.http.delete(f"/api/matches/{match['id']}/bots/1").json()["detail"] == msg.NOT_A_BOT


def test_start_deals_the_game_and_closes_the_lobby(server):
    ana, ben, carla = Client(server.base), Client(server.base, "Ben"), Client(server.base, "Carla")
    match = ana.create(seats=2)
    ben.post(f"/api/matches/{match['id']}/join")
    r = ana.post(f"/api/matches/{match['id']}/start")
    assert r.status_code == 200 and r.json()["status"] == "running" and r.json()["v"] == 0
    assert carla.post(f"/api/matches/{match['id']}/join").json()["detail"] == msg.NOT_OPEN
    assert ben.post(f"/api/matches/{match['id']}/leave").json()["detail"] == msg.NOT_OPEN


def test_open_and_running_matches_are_listed(server):
    ana = Client(server.base)
    match = ana.create(seats=2)
    listed = {m["id"]: m for m in ana.http.get("/api/matches").json()["matches"]}
    assert listed[match["id"]]["status"] == "open"
    assert ana.http.get(f"/api/matches/{match['id']}").json()["id"] == match["id"]
    assert ana.http.get("/api/matches/nope").status_code == 404


def test_renaming_a_player_renames_their_seats(server):
    ana = Client(server.base)
    match = ana.create(seats=2)
    r = ana.http.patch("/api/players/me", json={"name": "Ana Maria"})
    assert r.status_code == 200 and r.json() == {"id": ana.id, "name": "Ana Maria"}
    assert ana.http.get(f"/api/matches/{match['id']}").json()["seats"][0]["name"] == "Ana Maria"
    assert ana.http.patch("/api/players/me", json={"name": ""}).status_code == 422


def test_openapi_lists_every_action_of_every_game(server):
    import engines

    doc = Client(server.base).http.get("/openapi.json").json()
    schemas = doc["components"]["schemas"]
    for game in engines.GAMES.values():
        for model in game.action_models:
            assert f"{game.id}.{model.__name__}" in schemas
    assert schemas["tally.Add"]["properties"]["n"]["maximum"] == 3
    assert "/api/matches/{match_id}/actions" in doc["paths"]


def test_a_refusal_over_rest_carries_its_translation_key_and_arguments(server):
    """Like socket rejects, REST refusals name their key so the page can say them in Russian."""
    ana, ben, carla = Client(server.base), Client(server.base, "Ben"), Client(server.base, "Carla")
    match = ana.create(seats=2)
    assert ben.post(f"/api/matches/{match['id']}/join", {"seat": 1}).status_code == 200
    taken = carla.post(f"/api/matches/{match['id']}/join", {"seat": 1}).json()
    assert taken == {"detail": msg.SEAT_TAKEN, "key": "app.seat_taken", "args": {}}
    started = ben.post(f"/api/matches/{match['id']}/start").json()
    assert started["key"] == "app.not_host" and started["detail"] == msg.NOT_HOST


def test_the_host_removes_an_empty_seat_and_the_later_seats_move_up(server):
    ana, ben, carla = Client(server.base), Client(server.base, "Ben"), Client(server.base, "Carla")
    match = ana.create(seats=4)
    ben.post(f"/api/matches/{match['id']}/join", {"seat": 2})
    ana.post(f"/api/matches/{match['id']}/bots", {"seat": 3})
    r = carla.http.delete(f"/api/matches/{match['id']}/seats/1")
    assert r.status_code == 403 and r.json()["detail"] == msg.NOT_HOST
    assert ana.http.delete(f"/api/matches/{match['id']}/seats/2").json()["detail"] == msg.SEAT_NOT_EMPTY
    r = ana.http.delete(f"/api/matches/{match['id']}/seats/1")
    assert r.status_code == 200
    assert [(s["seat"], s["kind"], s["name"]) for s in r.json()["seats"]] == [
        (0, "player", "Ana"),
        (1, "player", "Ben"),
        (2, "bot", "Bot 4"),
    ]
    # Ben still holds his (renumbered) seat: he can leave it, and the match starts with three.
    assert ben.post(f"/api/matches/{match['id']}/leave").json()["seats"][1]["kind"] == "empty"
    assert ana.http.delete(f"/api/matches/{match['id']}/seats/5").status_code == 422
    ana.post(f"/api/matches/{match['id']}/bots", {"seat": 1})
    r = ana.post(f"/api/matches/{match['id']}/start")
    assert r.status_code == 200 and len(r.json()["seats"]) == 3


def test_a_seat_is_not_removed_below_the_games_minimum_or_after_the_start(server):
    ana = Client(server.base)
    match = ana.create(game="goa", seats=2)
    r = ana.http.delete(f"/api/matches/{match['id']}/seats/1")
    assert r.status_code == 409 and r.json()["detail"] == msg.TOO_FEW_SEATS.format(min=2)
    match = ana.create(seats=2)
    ana.post(f"/api/matches/{match['id']}/bots", {"seat": 1})
    ana.post(f"/api/matches/{match['id']}/start")
    assert ana.http.delete(f"/api/matches/{match['id']}/seats/1").json()["detail"] == msg.NOT_OPEN
