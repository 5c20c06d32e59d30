"""Matches never stall and nothing fails silently."""

import logging
import time

import pytest
from websockets.exceptions import ConnectionClosed

from app.play import protocol as P
from tests.app.bots_for_tests import broken_bot
from tests.conftest import ThreadServer, fresh_pg_database, fresh_sqlite_database, require_pg
from tests.helpers import Client, Seat, started_match


def app_state(server):
    """Returns the running app's state (service, hub, bots) of a thread server."""
    return server.server.config.app.state


class Records(logging.Handler):
    """Collects the records of the app's loggers during one test."""

    def __init__(self):
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


@pytest.fixture
def records():
    handler = Records()
    logger = logging.getLogger("caravela")
    logger.addHandler(handler)
    yield handler.records
    logger.removeHandler(handler)


def wait_for(check, timeout: float = 10):
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def played_against_a_bot(base: str) -> tuple[Client, str]:
    """Returns Ana and a running 2-seat match where she has moved and the bot in seat 1 is next."""
    ana = Client(base)
    mid = ana.create(seats=2)["id"]
    ana.post(f"/api/matches/{mid}/bots", {"seat": 1})
    ana.post(f"/api/matches/{mid}/start")
    assert ana.act(mid, {"type": "add", "n": 1}).status_code == 200
    return ana, mid


def test_a_bot_that_raises_is_logged_and_a_random_legal_move_is_played(server, monkeypatch, records):
    monkeypatch.setattr("app.table.bots.bot_for", lambda game_id, level: broken_bot)
    ana, mid = played_against_a_bot(server.base)
    wait_for(lambda: ana.view(mid)["v"] == 2)
    failed = [r for r in records if r.name == "caravela.bots" and getattr(r, "match", None) == mid]
    # The bot thinks in a worker process: its traceback comes back as text.
    assert failed and failed[0].v == 1 and "RuntimeError: bot bug" in failed[0].getMessage()


def test_a_bot_that_raises_after_a_restart_does_not_stall_the_match(tmp_path, monkeypatch, records):
    url = fresh_sqlite_database(tmp_path)
    with ThreadServer(url, bot_delay=60) as before:  # the bot waits: the restart comes first
        _, mid = played_against_a_bot(before.base)

    monkeypatch.setattr("app.table.bots.bot_for", lambda game_id, level: broken_bot)
    with ThreadServer(url) as after:
        ana = Client(after.base, "Ana again")
        wait_for(lambda: ana.http.get(f"/api/matches/{mid}").json()["v"] == 2)
    assert any(r.name == "caravela.bots" and getattr(r, "match", None) == mid for r in records)


def test_an_answer_goes_out_when_delivery_after_the_commit_fails(server, monkeypatch, records):
    hub = app_state(server).hub
    match, (ana, ben) = started_match(server.base)

    async def broken(*_args, **_kw):
        raise ConnectionError("hub down")

    monkeypatch.setattr(hub, "deliver", broken)
    r = ana.act(match["id"], {"type": "add", "n": 2})
    assert r.status_code == 200 and r.json()["v"] == 1
    assert any("publish" in r.getMessage() for r in records)
    monkeypatch.undo()
    assert ben.act(match["id"], {"type": "add", "n": 1}).status_code == 200


def test_a_failed_notify_still_reaches_the_other_worker(tmp_path, monkeypatch, records):
    require_pg()
    url = fresh_pg_database()
    with ThreadServer(url) as first, ThreadServer(url) as second:
        hub = app_state(first).hub
        match, (ana, ben) = started_match(first.base)
        watcher = Seat(second.ws_base, match["id"], ben.token)
        watcher.recv_until("state")
        real = hub.notify
        failures = []

        async def flaky(payload):
            if len(failures) < 2:
                failures.append(payload)
                raise ConnectionError("notify lost")
            await real(payload)

        monkeypatch.setattr(hub, "notify", flaky)
        r = ana.act(match["id"], {"type": "add", "n": 2})
        assert r.status_code == 200
        assert watcher.wait_version(1, timeout=10)["total"] == 2
        assert len(failures) == 2


def test_a_socket_whose_writer_fails_is_closed_with_a_named_code(server, monkeypatch, records):
    match, (ana, ben) = started_match(server.base)
    sock = Seat(server.ws_base, match["id"], ben.token)
    sock.recv_until("state")

    def broken_diff(old, new):
        raise ValueError("diff bug")

    monkeypatch.setattr("app.play.snapshot.diff", broken_diff)  # each frame is diffed once, in the snapshot
    assert ana.act(match["id"], {"type": "add", "n": 2}).status_code == 200
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            sock.recv(timeout=5)
    assert closed.value.rcvd.code == P.CLOSE_SESSION_FAILED
    assert any(r.name == "caravela.ws" and r.exc_info for r in records)


def test_a_socket_whose_reader_fails_is_closed_with_a_named_code(server, monkeypatch, records):
    match, (ana, _) = started_match(server.base)
    sock = Seat(server.ws_base, match["id"], ana.token)
    sock.recv_until("state")

    async def broken_act(*_args):
        raise ValueError("act bug")

    monkeypatch.setattr("app.play.socket._act", broken_act)
    sock.send({"type": "act", "id": "a1", "v": sock.v, "action": {"type": "add", "n": 2}})
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            sock.recv(timeout=5)
    assert closed.value.rcvd.code == P.CLOSE_SESSION_FAILED
    assert any(r.name == "caravela.ws" and r.exc_info for r in records)


def test_an_idle_socket_holds_no_writer_task(server):
    """Ten thousand spectators: a writer runs only while a socket has frames to send."""
    match, (ana, _) = started_match(server.base)
    watcher = Seat(server.ws_base, match["id"])
    watcher.recv_until("state")
    conns = app_state(server).hub.channels[match["id"]].conns
    wait_for(lambda: all(conn.writer is None for conn in list(conns)))
    assert ana.act(match["id"], {"type": "add", "n": 2}).status_code == 200
    assert watcher.recv_until("patch")["v"] == 1
    wait_for(lambda: all(conn.writer is None for conn in list(conns)))
    watcher.send({"type": "ping"})
    watcher.recv_until("pong")


def test_per_match_memory_is_dropped_when_the_last_socket_leaves_and_the_match_ends(server):
    state = app_state(server)
    ana = Client(server.base)
    match = ana.create(seats=2, options={"target": 5})
    mid = match["id"]
    ana.post(f"/api/matches/{mid}/bots", {"seat": 1})
    ana.post(f"/api/matches/{mid}/start")
    sock = Seat(server.ws_base, mid, ana.token)
    sock.recv_until("state")
    assert state.hub.keeps(mid) and state.service.keeps(mid)
    while not sock.view["over"]:
        if 0 in sock.view["to_act"]:
            sock.act(sock.view["legal"][-1])
        else:
            sock.recv(timeout=10)
    sock.close()
    wait_for(lambda: not (state.hub.keeps(mid) or state.service.keeps(mid) or state.bots.keeps(mid)))
