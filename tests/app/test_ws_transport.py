"""What the WebSocket layer under the app negotiates: idle sockets are cheap."""

from tests.helpers import Seat, started_match


def test_a_socket_is_not_compressed_even_when_the_client_offers_deflate(server):
    """permessage-deflate would keep a zlib compressor and decompressor per socket (~40 KB)."""
    match, (ana, _) = started_match(server.base)
    sock = Seat(server.ws_base, match["id"], ana.token)  # websockets offers permessage-deflate
    assert "permessage-deflate" in sock.ws.request.headers.get("Sec-WebSocket-Extensions", "")
    assert "Sec-WebSocket-Extensions" not in sock.ws.response.headers
    assert sock.recv_until("state")["view"]


def test_an_open_socket_keeps_no_handshake_headers_and_no_asyncio_queue(server):
    """uvicorn's protocol would keep both for the socket's life (~8 KB an idle socket), the scope its headers."""
    from app.play.wsprotocol import Flag, IdleSocketProtocol, Inbox

    match, _ = started_match(server.base)
    sock = Seat(server.ws_base, match["id"])
    sock.recv_until("state")
    protocols = [p for p in list(server.server.server_state.connections) if isinstance(p, IdleSocketProtocol)]
    assert len(protocols) == 1
    proto = protocols[0]
    assert not proto.request.headers and proto.response is None and not proto.scope["headers"]
    assert isinstance(proto.queue, Inbox) and isinstance(proto.writable, Flag)
    sock.send({"type": "ping"})
    sock.recv_until("pong")


async def test_the_inbox_and_the_flag_wait_like_asyncio_s_own():
    import asyncio

    from app.play.wsprotocol import Flag, Inbox

    inbox, flag = Inbox(), Flag()
    inbox.put_nowait(1)
    assert not inbox.empty() and await inbox.get() == 1 and inbox.empty()
    waiting = asyncio.ensure_future(inbox.get())
    await asyncio.sleep(0)
    assert not waiting.done()
    inbox.put_nowait(2)
    inbox.put_nowait(3)
    assert await waiting == 2 and await inbox.get() == 3
    paused = asyncio.ensure_future(flag.wait())
    await asyncio.sleep(0)
    assert not paused.done()
    flag.set()
    await paused
    flag.clear()
    assert not flag.is_set()
    flag.set()
    await flag.wait()


def test_a_move_s_frames_leave_from_the_move_itself_with_no_writer_task(server, monkeypatch):
    """A task per socket per move was a fifth of the server's CPU a move (docs/benchmarks.md)."""
    from app.play import connection as session

    writers = []
    usual = session.write
    monkeypatch.setattr(session, "write", lambda conn, channel: writers.append(conn.seat) or usual(conn, channel))
    match, people = started_match(server.base)
    ana, ben = (Seat(server.ws_base, match["id"], p.token) for p in people)
    for seat in (ana, ben):
        seat.recv_until("state")
    before = len(writers)  # the hello, chat and state of each socket may have waited for the session
    ack = ana.act({"type": "add", "n": 2})
    assert ack["v"] == 1 and ben.recv_until("patch")["v"] == 1
    ben.act({"type": "add", "n": 1})
    assert ana.recv_until("patch")["v"] == 2
    assert writers[before:] == []


def test_the_acting_socket_gets_its_patch_and_then_its_ack_in_one_write(server, monkeypatch):
    """Two frames, one system call: the act's own patch waits the moment until its answer."""
    import json

    from app.play.wsprotocol import IdleSocketProtocol

    writes = []
    real = IdleSocketProtocol.write_now

    def recorded(self, *texts):
        types = [json.loads(text)["type"] for text in texts]
        if {"patch", "ack", "reject"} & set(types):  # not a late presence or count of a connect
            writes.append(types)
        return real(self, *texts)

    monkeypatch.setattr(IdleSocketProtocol, "write_now", recorded)
    match, people = started_match(server.base)
    ana, ben = (Seat(server.ws_base, match["id"], p.token) for p in people)
    for seat in (ana, ben):
        seat.recv_until("state")
    writes.clear()
    ana.act({"type": "add", "n": 2})
    assert ben.recv_until("patch")["v"] == 1
    assert sorted(writes) == [["patch"], ["patch", "ack"]]
    ack = ana.act({"type": "pick", "n": 1})  # not ana's turn: the refusal alone
    assert ack["type"] == "reject" and writes[-1] == ["reject"]
