"""Chat at the table: plain text on the match socket and over REST, kept with the match."""

from __future__ import annotations

import pytest

from app import messages as msg
from app.table.chat import BURST, MAX_CHARS
from tests.app.finished import play_out
from tests.app.test_processes import ServerProcess
from tests.conftest import TEST_ADMIN_TOKEN, fresh_pg_database, require_pg
from tests.helpers import Client, Seat, started_match

ADMIN = {"authorization": f"Bearer {TEST_ADMIN_TOKEN}"}


def say(client: Client, match_id: str, text: str):
    return client.http.post(f"/api/matches/{match_id}/chat", json={"text": text})


def chat_of(base: str, match_id: str, **query) -> dict:
    r = Client(base, "Reader").http.get(f"/api/matches/{match_id}/chat", params=query)
    assert r.status_code == 200, r.text
    return r.json()


def next_chat(sock: Seat) -> dict:
    return sock.recv_until("chat")


def test_a_message_on_the_socket_reaches_the_other_seat(server):
    match, (ana, ben) = started_match(server.base)
    a, b = Seat(server.ws_base, match["id"], ana.token), Seat(server.ws_base, match["id"], ben.token)
    assert next_chat(a)["messages"] == [] and next_chat(b)["messages"] == []
    a.send({"type": "say", "text": "  Good luck, Ben!  "})
    heard = next_chat(b)["messages"]
    assert [(m["name"], m["seat"], m["text"]) for m in heard] == [("Ana", 0, "Good luck, Ben!")]
    assert next_chat(a)["messages"] == heard  # the sender sees it come back too


def test_a_message_carries_the_name_as_it_is_now(server):
    match, (ana, _ben) = started_match(server.base)
    sock = Seat(server.ws_base, match["id"], ana.token)
    next_chat(sock)
    assert ana.http.patch("/api/players/me", json={"name": "Anabela"}).status_code == 200
    sock.send({"type": "say", "text": "new name"})
    assert next_chat(sock)["messages"][0]["name"] == "Anabela"


def test_a_socket_opens_with_the_latest_messages(server):
    match, (ana, ben) = started_match(server.base)
    assert say(ana, match["id"], "first").status_code == 201
    assert say(ben, match["id"], "second").status_code == 201
    late = Seat(server.ws_base, match["id"])
    assert [m["text"] for m in next_chat(late)["messages"]] == ["first", "second"]


def test_text_is_kept_as_plain_text_never_markup(server):
    match, (ana, _) = started_match(server.base)
    markup = '<img src=x onerror="alert(1)"><b>hi</b> &amp;'
    assert say(ana, match["id"], markup).json()["text"] == markup
    assert chat_of(server.base, match["id"])["messages"][-1]["text"] == markup


def test_a_message_holds_at_most_500_characters_and_some_text(server):
    match, (ana, ben) = started_match(server.base)
    assert say(ana, match["id"], "x" * MAX_CHARS).status_code == 201
    too_long = say(ben, match["id"], "x" * (MAX_CHARS + 1))
    assert too_long.status_code == 422 and too_long.json()["key"] == msg.CHAT_EMPTY.key
    assert say(ben, match["id"], "   ").status_code == 422
    sock = Seat(server.ws_base, match["id"], ben.token)
    next_chat(sock)
    sock.send({"type": "say", "text": "y" * (MAX_CHARS + 1)})
    error = sock.recv_until("error")
    assert error["key"] == msg.CHAT_EMPTY.key and error["args"] == {"limit": MAX_CHARS}
    assert [len(m["text"]) for m in chat_of(server.base, match["id"])["messages"]] == [MAX_CHARS]


def test_a_player_who_talks_too_fast_is_held_back(server):
    match, (ana, ben) = started_match(server.base)
    for i in range(BURST):
        assert say(ana, match["id"], f"spam {i}").status_code == 201
    r = say(ana, match["id"], "one more")
    assert r.status_code == 429 and r.json()["key"] == msg.CHAT_TOO_FAST.key
    assert say(ben, match["id"], "I may still talk").status_code == 201  # the limit is per player


def test_spectators_talk_until_the_host_mutes_them(server):
    match, (ana, ben) = started_match(server.base)
    zoe = Client(server.base, "Zoe")
    said = say(zoe, match["id"], "Nice move")
    assert said.status_code == 201 and said.json()["seat"] is None
    watching = Seat(server.ws_base, match["id"], zoe.token)
    assert next_chat(watching)["muted"] is False
    assert ben.http.put(f"/api/matches/{match['id']}/chat/mute", json={"muted": True}).status_code == 403
    assert ana.http.put(f"/api/matches/{match['id']}/chat/mute", json={"muted": True}).json() == {"muted": True}
    assert next_chat(watching)["muted"] is True
    r = say(zoe, match["id"], "Hello?")
    assert r.status_code == 403 and r.json()["key"] == msg.CHAT_MUTED.key
    watching.send({"type": "say", "text": "Hello?"})
    assert watching.recv_until("error")["key"] == msg.CHAT_MUTED.key
    assert say(ben, match["id"], "Seats still talk").status_code == 201
    ana.http.put(f"/api/matches/{match['id']}/chat/mute", json={"muted": False})
    assert say(zoe, match["id"], "Thanks").status_code == 201


def test_an_anonymous_spectator_cannot_talk(server):
    match, _ = started_match(server.base)
    anonymous = Seat(server.ws_base, match["id"])
    next_chat(anonymous)
    anonymous.send({"type": "say", "text": "boo"})
    assert anonymous.recv_until("error")["key"] == msg.CHAT_NEEDS_PLAYER.key
    assert (
        Client(server.base)
        .http.post(f"/api/matches/{match['id']}/chat", json={"text": "x"}, headers={"authorization": ""})
        .status_code
        == 401
    )
    assert chat_of(server.base, match["id"])["messages"] == []


def test_an_admin_reads_and_deletes_messages_and_open_tables_drop_them(server):
    match, (ana, ben) = started_match(server.base)
    bad = say(ana, match["id"], "something rude").json()
    say(ben, match["id"], "something kind")
    anyone = Client(server.base).http
    assert anyone.get(f"/api/admin/matches/{match['id']}/chat").status_code == 401
    assert anyone.delete(f"/api/admin/chat/{bad['id']}").status_code == 401
    got = anyone.get(f"/api/admin/matches/{match['id']}/chat", headers=ADMIN).json()
    assert [m["text"] for m in got["messages"]] == ["something rude", "something kind"]
    sock = Seat(server.ws_base, match["id"], ben.token)
    next_chat(sock)
    assert anyone.delete(f"/api/admin/chat/{bad['id']}", headers=ADMIN).status_code == 204
    assert next_chat(sock)["deleted"] == [bad["id"]]
    assert [m["text"] for m in chat_of(server.base, match["id"])["messages"]] == ["something kind"]
    assert anyone.delete(f"/api/admin/chat/{bad['id']}", headers=ADMIN).status_code == 404


def test_the_replay_shows_each_message_from_the_version_it_was_said_at(server):
    match, people = started_match(server.base, options={"target": 7})
    ana, ben = people
    say(ana, match["id"], "before any move")
    assert ana.act(match["id"], {"type": "add", "n": 1}, v=0).status_code == 200
    say(ben, match["id"], "after the first move")
    play_out(match["id"], people)

    def replayed(v: int) -> list[str]:
        r = ana.http.get(f"/api/matches/{match['id']}/replay", params={"v": v})
        return [m["text"] for m in r.json()["chat"]]

    assert replayed(0) == ["before any move"]
    assert replayed(1) == ["before any move", "after the first move"]


@pytest.mark.parametrize("frame", [{"type": "say"}, {"type": "say", "text": 5}, {"type": "say", "text": "x" * 2001}])
def test_a_malformed_say_frame_gets_an_error_and_the_socket_stays(sqlite_server, frame):
    match, (ana, _) = started_match(sqlite_server.base)
    sock = Seat(sqlite_server.ws_base, match["id"], ana.token)
    next_chat(sock)
    sock.send(frame)
    assert sock.recv_until("error")["key"] == msg.MALFORMED_FRAME.key
    sock.send({"type": "ping"})
    assert sock.recv_until("pong")


def test_a_message_said_on_one_worker_reaches_a_socket_on_another():
    require_pg()
    url = fresh_pg_database()
    workers = [ServerProcess(url).start()]
    try:
        workers.append(ServerProcess(url).start())
        first, second = workers
        match, (ana, ben) = started_match(first.base)
        listening = Seat(second.ws_base, match["id"], ben.token)
        next_chat(listening)
        speaking = Seat(first.ws_base, match["id"], ana.token)
        next_chat(speaking)
        speaking.send({"type": "say", "text": "across workers"})
        assert [m["text"] for m in next_chat(listening)["messages"]] == ["across workers"]
        said = next_chat(speaking)["messages"][0]
        admin = Client(second.base).http
        assert admin.delete(f"/api/admin/chat/{said['id']}", headers=ADMIN).status_code == 204
        assert next_chat(speaking)["deleted"] == [said["id"]]
    finally:
        for worker in workers:
            worker.stop()
