"""Presence and summaries on connect: coalesced ``match`` frames, a spectator count.

A connect must not re-send the match summary to every socket of the match: a seat
coming online or going away marks the summary stale and at most one ``match`` frame
per match leaves every ``MATCH_EVERY`` seconds; a spectator only changes a count.
"""

import asyncio
import time

from app.play import snapshot as hub_module
from app.play.hub import Hub
from app.play.outbox import SendSpectators, SendSummary
from tests.helpers import Seat, started_match


class FakeConn:
    def __init__(self, seat=None):
        self.seat = seat
        self.events: list = []

    def offer(self, event):
        self.events.append(event)

    def kinds(self):
        return [type(e).__name__ for e in self.events]


def counting_loader():
    reads = []

    async def load(match_id):
        reads.append(match_id)
        return 0, None, {"id": match_id, "reads": len(reads)}

    return load, reads


async def test_a_burst_of_changes_costs_one_read_and_one_frame_per_socket():
    load, reads = counting_loader()
    hub = Hub(load)
    seat = FakeConn(0)
    hub.join("m", "goa", seat)
    for _ in range(50):
        hub.touch("m")
    await asyncio.sleep(hub_module.MATCH_EVERY * 2)
    assert reads == ["m"]
    assert seat.kinds() == ["SendSummary"]


async def test_changes_within_a_window_wait_for_its_end_and_are_sent_once():
    load, reads = counting_loader()
    hub = Hub(load)
    seat = FakeConn(0)
    hub.join("m", "goa", seat)
    hub.touch("m")
    await asyncio.sleep(0.05)
    first = time.monotonic()
    hub.touch("m")
    hub.touch("m")
    while len(seat.events) < 2:
        await asyncio.sleep(0.01)
    assert time.monotonic() - first >= hub_module.MATCH_EVERY - 0.1  # not before the window ends
    assert len(reads) == 2 and seat.events[-1] == SendSummary({"id": "m", "reads": 2})
    await asyncio.sleep(hub_module.MATCH_EVERY * 1.5)
    assert len(seat.events) == 2


async def test_spectators_change_a_count_never_the_summary():
    load, reads = counting_loader()
    hub = Hub(load)
    seat = FakeConn(0)
    hub.join("m", "goa", seat)
    watchers = [FakeConn() for _ in range(30)]
    for w in watchers:
        hub.join("m", "goa", w)
    await asyncio.sleep(hub_module.MATCH_EVERY * 2)
    assert reads == []  # no summary read for a spectator
    assert seat.events == [SendSpectators(30)]
    for w in watchers[:10]:
        hub.leave("m", w)
    await asyncio.sleep(hub_module.MATCH_EVERY * 2)
    assert seat.events[-1] == SendSpectators(20) and len(seat.events) == 2


async def test_the_last_socket_leaving_cancels_a_pending_frame():
    load, reads = counting_loader()
    hub = Hub(load)
    seat = FakeConn(0)
    hub.join("m", "goa", seat)
    hub.touch("m")
    await asyncio.sleep(0)
    hub.touch("m")  # waits for the window
    hub.leave("m", seat)
    await asyncio.sleep(hub_module.MATCH_EVERY * 2)
    assert len(reads) == 1 and not hub.tasks


def frames_of(sock: Seat, kind: str, seconds: float) -> list[dict]:
    """Returns the frames of one kind that arrive within ``seconds``."""
    found, deadline = [], time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            frame = sock.recv(timeout=left)
        except TimeoutError:
            break
        if frame["type"] == kind:
            found.append(frame)
    return found


def online(frame: dict) -> list[bool]:
    return [s["online"] for s in frame["match"]["seats"]]


def until_online(sock: Seat, marks: list[bool], timeout: float = 10) -> dict:
    """Returns the first ``match`` frame whose online marks are ``marks`` (earlier ones may be stale)."""
    deadline = time.monotonic() + timeout
    while True:
        frame = sock.recv_until("match", timeout=max(0.01, deadline - time.monotonic()))
        if online(frame) == marks:
            return frame


def test_presence_follows_seats_connecting_and_leaving(server):
    match, (ana, ben) = started_match(server.base)
    ana_sock = Seat(server.ws_base, match["id"], ana.token)
    assert online(ana_sock.recv_until("hello")) == [True, False]
    ben_sock = Seat(server.ws_base, match["id"], ben.token)
    assert online(ben_sock.recv_until("hello")) == [True, True]
    until_online(ana_sock, [True, True])
    ben_sock.close()
    until_online(ana_sock, [True, False])
    assert frames_of(ana_sock, "match", 0.6) == []  # nothing changed since


def test_spectators_get_a_count_and_send_no_summary_to_the_seats(server):
    match, (ana, _) = started_match(server.base)
    ana_sock = Seat(server.ws_base, match["id"], ana.token)
    ana_sock.recv_until("state")
    frames_of(ana_sock, "match", 0.5)  # ana's own arrival
    start = len(ana_sock.frames)
    watchers = [Seat(server.ws_base, match["id"]) for _ in range(5)]
    assert [w.recv_until("hello")["seat"] for w in watchers] == [None] * 5
    counts = frames_of(ana_sock, "spectators", 1.5)
    assert counts and counts[-1]["count"] == 5
    assert len(counts) <= 2  # five connects, coalesced
    assert [f for f in ana_sock.frames[start:] if f["type"] == "match"] == []
    last = Seat(server.ws_base, match["id"])
    assert last.recv_until("hello")["spectators"] == 6
    for w in watchers:
        w.close()
    assert frames_of(ana_sock, "spectators", 1.5)[-1]["count"] == 1


def test_a_socket_is_not_told_again_the_count_its_hello_carried(server):
    match, _ = started_match(server.base)
    first = Seat(server.ws_base, match["id"])
    assert first.recv_until("hello")["spectators"] == 1
    assert frames_of(first, "spectators", 0.6) == []
    second = Seat(server.ws_base, match["id"])
    assert second.recv_until("hello")["spectators"] == 2
    assert [f["count"] for f in frames_of(first, "spectators", 0.6)] == [2]
    assert frames_of(second, "spectators", 0.6) == []
