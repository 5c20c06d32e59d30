"""Bad REST input gets a 4xx with one readable sentence and changes nothing.

Every answer here is checked for the same shape: JSON with a ``detail`` sentence,
never a 500, on SQLite and on PostgreSQL (which refuses NUL characters that
SQLite would store).
"""

from __future__ import annotations

import json

import pytest

from tests.helpers import Client, started_match


def refused(r, status: int = 422, *words: str) -> str:
    """Asserts a refusal with a sentence that names ``words``; returns the sentence."""
    assert r.status_code == status, (r.status_code, r.text)
    detail = r.json()["detail"]
    assert isinstance(detail, str) and detail.endswith("."), detail
    for word in words:
        assert word in detail, (word, detail)
    return detail


def raw_post(client: Client, path: str, body: str | bytes, content_type: str = "application/json"):
    return client.http.post(path, content=body, headers={"content-type": content_type})


def test_a_json_body_sent_as_text_plain_is_refused_with_415(server):
    ana = Client(server.base)
    r = raw_post(ana, "/api/players", json.dumps({"name": "Zé"}), "text/plain")
    refused(r, 415, "application/json")
    r = raw_post(ana, "/api/matches", json.dumps({"game": "tally", "seats": 2}), "application/x-www-form-urlencoded")
    refused(r, 415, "application/json")


def test_a_body_without_a_content_type_is_refused_with_415(server):
    ana = Client(server.base)
    r = ana.http.post("/api/players", content=b'{"name": "Ana"}', headers={"content-type": ""})
    refused(r, 415)


def test_json_with_a_charset_or_a_json_suffix_is_accepted(server):
    ana = Client(server.base)
    r = raw_post(ana, "/api/players", json.dumps({"name": "Zé"}), "application/json; charset=utf-8")
    assert r.status_code == 201 and r.json()["name"] == "Zé"


@pytest.mark.parametrize("body", ['{"name": NaN}', '{"name": Infinity}', '{"name": "Ana", "x": -Infinity}'])
def test_nan_and_infinity_are_not_json_and_are_refused(server, body):
    refused(raw_post(Client(server.base), "/api/players", body), 422, "JSON")


def test_a_number_too_big_for_a_float_is_refused(server):
    ana = Client(server.base)
    refused(raw_post(ana, "/api/matches", '{"game": "tally", "seats": 2, "options": {"target": 1e400}}'), 422)
    huge = "1" + "0" * 5000  # past Python's limit for turning digits into an int
    refused(raw_post(ana, "/api/matches", '{"game": "tally", "seats": 2, "options": {"target": ' + huge + "}}"), 422)


def test_a_body_that_is_not_json_is_refused(server):
    ana = Client(server.base)
    refused(raw_post(ana, "/api/players", '{"name": '), 422, "JSON")
    refused(raw_post(ana, "/api/players", b'{"name": "\xff\xfe"}'), 422)
    assert "JSON body" in refused(raw_post(ana, "/api/players", ""), 422)


def test_deeply_nested_json_is_refused_not_a_crash(server):
    ana = Client(server.base)
    deep = "[" * 5000 + "]" * 5000
    refused(raw_post(ana, "/api/matches", '{"game": "tally", "seats": 2, "options": {"x": ' + deep + "}}"), 422, "deep")
    match, (ana, _) = started_match(server.base)
    r = raw_post(ana, f"/api/matches/{match['id']}/actions", '{"id": "a", "action": {"type": ' + deep + "}}")
    refused(r, 422, "deep")


def test_a_body_over_the_size_limit_is_refused_with_413(server):
    r = raw_post(Client(server.base), "/api/players", json.dumps({"name": "A" * 100_000}))
    refused(r, 413)


def test_a_nul_character_in_a_player_name_is_refused(server):
    ana = Client(server.base)
    refused(ana.http.post("/api/players", json={"name": "Ana\x00"}), 422, "name", "NUL")
    refused(ana.http.patch("/api/players/me", json={"name": "\x00"}), 422, "name", "NUL")
    assert ana.http.get("/api/players/me").json()["name"] == "Ana"


def test_a_nul_character_anywhere_in_a_body_is_refused(server):
    match, (ana, _) = started_match(server.base)
    refused(ana.act(match["id"], {"type": "add", "n": 1}, action_id="a\x00"), 422, "id", "NUL")
    refused(ana.act(match["id"], {"type": "add\x00", "n": 1}), 422, "action.type", "NUL")
    refused(ana.post("/api/matches", {"game": "tally", "seats": 2, "options": {"t\x00": 1}}), 422, "NUL")
    assert ana.view(match["id"])["v"] == 0


def test_a_lone_surrogate_in_a_string_is_refused(server):
    # json.dumps writes "\ud800" as an escape that decodes to a string no database can store.
    refused(raw_post(Client(server.base), "/api/players", '{"name": "Ana \\ud800"}'), 422, "name", "Unicode")


def test_a_nul_character_in_a_path_or_query_is_refused(server):
    ana = Client(server.base)
    refused(ana.http.get("/api/matches/ab%00cd"), 422, "NUL")
    refused(ana.http.get("/api/matches?game=%00"), 422, "NUL")
    refused(ana.http.post("/api/matches/%00/join"), 422, "NUL")


def test_match_creation_is_strict_about_types(server):
    ana = Client(server.base)
    for seats in ("3", True, 3.0, None):
        refused(ana.post("/api/matches", {"game": "tally", "seats": seats}), 422, "seats")
    refused(ana.post("/api/matches", {"game": 7, "seats": 2}), 422, "game")
    refused(ana.post("/api/matches", {"game": "tally", "seats": 2, "options": []}), 422, "options")


def test_unknown_fields_are_refused_by_name(server):
    ana = Client(server.base)
    refused(ana.post("/api/matches", {"game": "tally", "seats": 2, "colour": "red"}), 422, "colour")
    refused(ana.http.post("/api/players", json={"name": "Ana", "admin": True}), 422, "admin")


def test_a_seed_from_a_client_is_refused_naming_the_field(server):
    """A host who picks the seed knows every secret of the match."""
    r = Client(server.base).post("/api/matches", {"game": "tally", "seats": 2, "seed": 42})
    refused(r, 422, "seed")


def test_seat_numbers_in_bodies_are_strict(server):
    ana, ben = Client(server.base), Client(server.base, "Ben")
    match = ana.create(seats=3)
    refused(ben.post(f"/api/matches/{match['id']}/join", {"seat": "1"}), 422, "seat")
    refused(ana.post(f"/api/matches/{match['id']}/bots", {"seat": True}), 422, "seat")
    refused(ana.post(f"/api/matches/{match['id']}/bots", {"seat": 1, "kind": "smart"}), 422, "kind")
    seats = ana.http.get(f"/api/matches/{match['id']}").json()["seats"]
    assert [s["kind"] for s in seats] == ["player", "empty", "empty"]


def test_an_action_body_is_strict_about_its_id_and_version(server):
    match, (ana, _) = started_match(server.base)
    act = f"/api/matches/{match['id']}/actions"
    refused(ana.post(act, {"id": "a", "v": "0", "action": {"type": "add", "n": 1}}), 422, "v")
    refused(ana.post(act, {"id": 5, "v": 0, "action": {"type": "add", "n": 1}}), 422, "id")
    refused(ana.post(act, {"id": "a", "v": -1, "action": {"type": "add", "n": 1}}), 422, "v")
    refused(ana.post(act, {"id": "a", "v": 0, "action": {"type": "add", "n": 1}, "seat": 1}), 422, "seat")
    assert ana.view(match["id"])["v"] == 0


def test_listing_matches_of_an_unknown_game_is_refused(server):
    refused(Client(server.base).http.get("/api/matches?game=chess"), 422, "chess")


def test_a_bot_seat_in_the_path_must_be_a_small_number(server):
    ana = Client(server.base)
    match = ana.create(seats=2)
    refused(ana.http.delete(f"/api/matches/{match['id']}/bots/x"), 422, "seat")
    refused(ana.http.delete(f"/api/matches/{match['id']}/bots/-1"), 422, "seat")


def test_a_nul_character_in_a_socket_address_is_refused_before_the_handshake(server):
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    match, _ = started_match(server.base)
    with pytest.raises(InvalidStatus) as refusal:
        connect(f"{server.ws_base}/ws/matches/{match['id']}?token=a%00b", open_timeout=5).__enter__()
    assert refusal.value.response.status_code == 403
