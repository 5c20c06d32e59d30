"""A connect reads nothing twice: the match and the chat's opening frame are kept
per match while this worker watches it, shared by concurrent connects, and forgotten by
every event of that match."""

import asyncio
import contextlib

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
    first = await hub.read_once("m", "opening", read)
    hub.join("m", "goa", FakeConn())
    assert [await hub.read_once("m", "opening", read) for _ in range(3)] == [first] * 3
    assert reads == ["m"]


async def test_concurrent_first_connects_share_one_read():
    hub, (read, reads) = Hub(no_loader), counting_read()
    got = await asyncio.gather(*(hub.read_once("m", "opening", read) for _ in range(20)))
    assert got == ["kept 1"] * 20 and reads == ["m"]


async def no_state(match_id):
    return 0, None, {}


async def test_every_event_of_the_match_forgets_its_opening():
    hub = Hub(no_state)
    read, reads = counting_read("opening")
    hub.join("m", "goa", FakeConn())
    await hub.read_once("m", "opening", read)
    assert await hub.read_once("m", "opening", read) == "opening 1"
    await hub.deliver(ChatChanged("m", 7))  # no chat_frame set: nothing to send, but forgotten
    assert await hub.read_once("m", "opening", read) == "opening 2"
    await hub.deliver(SeatsChanged("m"))
    assert await hub.read_once("m", "opening", read) == "opening 3"
    await hub.deliver(Moved("m", 0))  # re-read by the hub: nothing new (``no_state``)
    assert await hub.read_once("m", "opening", read) == "opening 4"
    await hub.deliver(Moved("other", 0))
    assert len(reads) == 4


async def test_a_read_that_an_event_overtakes_is_not_kept():
    hub, (read, _) = Hub(no_loader), counting_read()
    hub.join("m", "goa", FakeConn())
    reading = asyncio.ensure_future(hub.read_once("m", "opening", read))
    await asyncio.sleep(0)
    await hub.deliver(SeatsChanged("m"))
    assert await reading == "kept 1"  # the connect that asked still gets its answer
    assert await hub.read_once("m", "opening", read) == "kept 2"


async def test_a_failed_read_is_not_kept_and_a_match_nobody_watches_is_forgotten():
    hub = Hub(no_loader)
    calls = []

    async def failing(match_id):
        calls.append(match_id)
        raise LookupError(match_id)

    for _ in range(2):
        try:
            await hub.read_once("m", "opening", failing)
        except LookupError:
            hub.release("m")
    assert calls == ["m", "m"] and hub.kept == {}
    read, _ = counting_read()
    conn = FakeConn()
    await hub.read_once("m", "opening", read)
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


@contextlib.contextmanager
def _counting_trips(monkeypatch):
    """Counts, for this worker's sockets alone (the reads of their tasks), the trips to the database:
    statements through SQLAlchemy, hand-offs to aiosqlite's thread, statements on asyncpg's connection."""
    import aiosqlite
    import asyncpg
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    trips = {"sqlalchemy": 0, "aiosqlite": 0, "asyncpg": 0}

    def a_socket_reads() -> bool:
        try:
            task = asyncio.current_task()
        except RuntimeError:
            return False
        name = task.get_coro().__qualname__ if task is not None else ""
        # A socket's session, or the hub's shared read it started; never an HTTP request or a loop of the app.
        return name == "Hub._read" or (name.endswith("run_asgi") and "RequestResponseCycle" not in name)

    def statement(*_args) -> None:
        trips["sqlalchemy"] += a_socket_reads()

    def counting(cls, name: str, kind: str) -> None:
        real = getattr(cls, name)

        async def counted(self, *args, **kwargs):
            trips[kind] += a_socket_reads()
            return await real(self, *args, **kwargs)

        monkeypatch.setattr(cls, name, counted)

    counting(aiosqlite.Connection, "_execute", "aiosqlite")
    for name in ("fetch", "fetchrow", "execute"):
        counting(asyncpg.Connection, name, "asyncpg")
    event.listen(Engine, "before_cursor_execute", statement)
    try:
        yield trips
    finally:
        event.remove(Engine, "before_cursor_execute", statement)


def test_a_match_first_socket_reads_it_in_one_trip(server, monkeypatch):
    """The match, its seats and its chat: one hand-off on SQLite, three statements on PostgreSQL, no ORM."""
    warm, _ = started_match(server.base)
    Seat(server.ws_base, warm["id"]).recv_until("state")  # the pool holds an open connection from here
    match, (ana, _) = started_match(server.base)
    assert ana.http.post(f"/api/matches/{match['id']}/chat", json={"text": "hi"}).status_code == 201
    with _counting_trips(monkeypatch) as trips:
        first = Seat(server.ws_base, match["id"])
        assert [m["text"] for m in first.recv_until("chat")["messages"]] == ["hi"]
        assert first.recv_until("state")["v"] == match["v"]
    on_postgres = server.settings.is_postgres
    assert trips == {"sqlalchemy": 0, "aiosqlite": 0 if on_postgres else 1, "asyncpg": 3 if on_postgres else 0}
