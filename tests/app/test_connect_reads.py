"""A connect reads nothing twice: the match and the chat's opening frame are kept
per match while this worker watches it, shared by concurrent connects, and forgotten by
every event of that match."""

import asyncio

from app.events import ChatChanged, Moved, SeatsChanged
from app.play.hub import Hub
from tests.helpers import Seat, started_match


class FakeConn:
    seat = None

    def offer(self, event):
        pass


def counting_read(value="kept"):
    reads = []

    async def read(match_id):
        reads.append(match_id)
        await asyncio.sleep(0.01)
        return f"{value} {len(reads)}"

    return read, reads


async def no_loader(match_id):
    raise AssertionError("the hub read a state")


async def test_a_watched_match_is_read_once_for_every_connect():
    hub, (read, reads) = Hub(no_loader), counting_read()
    first = await hub.read_once("m", "match", read)
    hub.join("m", "goa", FakeConn())
    assert [await hub.read_once("m", "match", read) for _ in range(3)] == [first] * 3
    assert reads == ["m"]


async def test_concurrent_first_connects_share_one_read():
    hub, (read, reads) = Hub(no_loader), counting_read()
    got = await asyncio.gather(*(hub.read_once("m", "chat", read) for _ in range(20)))
    assert got == ["kept 1"] * 20 and reads == ["m"]


async def no_state(match_id):
    return 0, None, {}


async def test_each_event_forgets_only_the_part_it_changes():
    hub = Hub(no_state)
    match_read, _ = counting_read("match")
    chat_read, chat_reads = counting_read("chat")
    hub.join("m", "goa", FakeConn())
    await hub.read_once("m", "match", match_read)
    await hub.read_once("m", "chat", chat_read)
    await hub.deliver(ChatChanged("m", 7))  # no chat_frame set: nothing to send, but forgotten
    assert await hub.read_once("m", "chat", chat_read) == "chat 2"
    assert await hub.read_once("m", "match", match_read) == "match 1"
    await hub.deliver(SeatsChanged("m"))
    assert await hub.read_once("m", "match", match_read) == "match 2"
    await hub.deliver(Moved("m", 0))  # re-read by the hub: nothing new (``no_state``)
    assert await hub.read_once("m", "match", match_read) == "match 3"
    assert len(chat_reads) == 2


async def test_a_read_that_an_event_overtakes_is_not_kept():
    hub, (read, _) = Hub(no_loader), counting_read()
    hub.join("m", "goa", FakeConn())
    reading = asyncio.ensure_future(hub.read_once("m", "match", read))
    await asyncio.sleep(0)
    await hub.deliver(SeatsChanged("m"))
    assert await reading == "kept 1"  # the connect that asked still gets its answer
    assert await hub.read_once("m", "match", read) == "kept 2"


async def test_a_failed_read_is_not_kept_and_a_match_nobody_watches_is_forgotten():
    hub = Hub(no_loader)
    calls = []

    async def failing(match_id):
        calls.append(match_id)
        raise LookupError(match_id)

    for _ in range(2):
        try:
            await hub.read_once("m", "match", failing)
        except LookupError:
            hub.release("m")
    assert calls == ["m", "m"] and hub.kept == {}
    read, _ = counting_read()
    conn = FakeConn()
    await hub.read_once("m", "match", read)
    hub.join("m", "goa", conn)
    hub.leave("m", conn)
    assert hub.kept == {}


def test_a_new_socket_sees_the_moves_and_chat_since_the_last_connect(server):
    match, (ana, _) = started_match(server.base)
    ana_sock = Seat(server.ws_base, match["id"], ana.token)
    ana_sock.recv_until("state")
    first = Seat(server.ws_base, match["id"])
    assert first.recv_until("chat")["messages"] == []
    assert ana_sock.act({"type": "add", "n": 2})["type"] == "ack"
    assert ana.http.post(f"/api/matches/{match['id']}/chat", json={"text": "hi"}).status_code == 201
    first.recv_until("chat")  # the message has been announced
    later = Seat(server.ws_base, match["id"])
    hello = later.recv_until("hello")
    assert hello["match"]["v"] == match["v"] + 1 and hello["spectators"] == 2
    assert [m["text"] for m in later.recv_until("chat")["messages"]] == ["hi"]
    assert later.recv_until("state")["v"] == match["v"] + 1
