"""Names and chat that people show each other: seen, in the order written, look-alikes told apart.

SQLite and PostgreSQL.
"""

from __future__ import annotations

import httpx
import pytest

from app import messages as msg
from tests.helpers import Client, Seat, started_match

INVISIBLE = ["\u200b" * 40, "\u3164", "\u2800\u2800", "\u200d\u200c\ufeff", "\u0301", "\u00ad\u2060 "]
REORDERED = ["Ana\u202egnp.exe", "\u2066Ben\u2069", "Carla\u202d"]
REAL = ["Анна", "李小龍", "مرحبا", "Zoë", "Ana 🙂", "Jo\u200dé"]


def new_player(server, name: str) -> httpx.Response:
    with httpx.Client(base_url=server.base) as http:
        return http.post("/api/players", json={"name": name})


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_of_only_invisible_characters_is_refused(server, name):
    r = new_player(server, name)
    assert r.status_code == 422 and r.json()["key"] == msg.TEXT_INVISIBLE.key


@pytest.mark.parametrize("name", REORDERED)
def test_a_name_with_a_direction_override_is_refused(server, name):
    r = new_player(server, name)
    assert r.status_code == 422 and r.json()["key"] == msg.TEXT_REORDERED.key
    ana = Client(server.base)
    renamed = ana.http.patch("/api/players/me", json={"name": name})
    assert renamed.status_code == 422 and ana.http.get("/api/players/me").json()["name"] == "Ana"


@pytest.mark.parametrize("name", REAL)
def test_names_in_every_script_are_welcome(server, name):
    assert new_player(server, name).status_code == 201


def test_chat_of_only_invisible_characters_or_with_an_override_is_refused(server):
    match, (ana, ben) = started_match(server.base)
    for text, key in (("\u200b" * 500, msg.TEXT_INVISIBLE.key), ("ok\u202e!", msg.TEXT_REORDERED.key)):
        r = ana.http.post(f"/api/matches/{match['id']}/chat", json={"text": text})
        assert r.status_code == 422 and r.json()["key"] == key
    sock = Seat(server.ws_base, match["id"], ben.token)
    sock.recv_until("chat")
    sock.send({"type": "say", "text": "\u3164\u3164"})
    assert sock.recv_until("error")["key"] == msg.TEXT_INVISIBLE.key
    assert ana.http.get(f"/api/matches/{match['id']}/chat").json()["messages"] == []


def test_look_alike_names_share_a_key_that_tells_them_apart(server):
    people = [Client(server.base, name) for name in ("Bo", "Во", "𝐁𝐨", "Ben")]  # Latin, Cyrillic, bold
    match = people[0].create(seats=4)
    for p in people[1:]:
        assert p.post(f"/api/matches/{match['id']}/join").status_code == 200
    seats = people[0].http.get(f"/api/matches/{match['id']}").json()["seats"]
    keys = [s["name_key"] for s in seats]
    assert [s["name"] for s in seats] == ["Bo", "Во", "𝐁𝐨", "Ben"]
    assert keys[0] == keys[1] == keys[2] != keys[3]
