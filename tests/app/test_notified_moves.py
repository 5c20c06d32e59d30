"""A move rides in its notification: a worker holding the version before applies it, so it reads nothing.

Without it, every other worker read each new state back from the database, which cost a
second worker about as much as making the move. A worker that lacks the version before
(it missed one, or a payload came without its move) still reads the row and converges.
"""

import asyncio

from app.events import Moved, SeatsChanged
from app.main import register_extra_games
from app.play.hub import Hub
from app.play.pghub import NOTIFY_LIMIT, notification, parse_notification
from tests.conftest import FIXTURE_GAME, ThreadServer, fresh_pg_database, require_pg
from tests.fixture_game import GAME as TALLY
from tests.helpers import Seat, started_match

register_extra_games((FIXTURE_GAME,))  # the hub's channels find the game by its id


class Socket:
    """Stands in for a socket: remembers what its channel offered it."""

    def __init__(self, seat: int | None):
        self.seat, self.offered = seat, []

    def offer(self, event) -> None:
        self.offered.append(event)


def tally_after(moves: list[tuple[int, dict]]) -> list[dict]:
    """Returns the states of a 2-seat tally match from version 0, one per move made."""
    states = [TALLY.setup(2, 7, {"target": 15})]
    for seat, action in moves:
        states.append(TALLY.apply(states[-1], seat, action))
    return states


def reading(v: int, state: dict):
    """Returns a hub loader that answers version ``v`` and the list of the matches it read."""
    reads: list[str] = []

    async def loader(match_id):
        reads.append(match_id)
        return v, state, {}

    return loader, reads


MOVES = [(0, {"type": "add", "n": 2}), (1, {"type": "add", "n": 1}), (0, {"type": "add", "n": 3})]


def test_a_worker_holding_the_version_before_applies_the_move_and_one_lacking_it_reads_the_row():
    states = tally_after(MOVES)
    loader, reads = reading(3, states[3])

    async def run():
        hub = Hub(loader)
        socket = Socket(1)
        hub.join("m", "tally", socket)
        await hub.deliver(Moved("m", 0, states[0]))
        await hub.deliver(Moved("m", 1, move=MOVES[0]))
        assert reads == [] and hub.channels["m"].snapshot.state == states[1]
        # Version 2's notification was missed: version 3's move cannot apply, the row is read.
        await hub.deliver(Moved("m", 3, move=MOVES[2]))
        assert reads == ["m"] and hub.channels["m"].snapshot.state == states[3]
        assert [event.snapshot.v for event in socket.offered] == [0, 1, 3]

    asyncio.run(run())


def test_a_move_the_engine_refuses_is_read_instead():
    states = tally_after(MOVES)
    loader, reads = reading(1, states[1])

    async def run():
        hub = Hub(loader)
        hub.join("m", "tally", Socket(0))
        await hub.deliver(Moved("m", 0, states[0]))
        await hub.deliver(Moved("m", 1, move=(1, {"type": "add", "n": 2})))  # not seat 1's turn
        assert reads == ["m"] and hub.channels["m"].snapshot.state == states[1]

    asyncio.run(run())


def test_a_notification_carries_the_move_when_it_fits_and_reads_back_as_sent():
    move = (1, {"type": "pick", "n": 9, "note": "a:b"})
    assert parse_notification(notification("w", Moved("m", 4, {"secret": 1}, move))) == ("w", Moved("m", 4, move=move))
    big = (1, {"type": "pick", "note": "é" * NOTIFY_LIMIT})
    assert parse_notification(notification("w", Moved("m", 4, move=big))) == ("w", Moved("m", 4))
    assert parse_notification("w:match:m:-1") == ("w", SeatsChanged("m", -1))


def test_the_other_worker_applies_notified_moves_without_reading_and_converges_after_a_missed_one(monkeypatch):
    require_pg()
    url = fresh_pg_database()
    with ThreadServer(url) as first, ThreadServer(url) as second:
        hub = second.server.config.app.state.hub
        match, (ana, ben) = started_match(first.base)
        watcher = Seat(second.ws_base, match["id"], ben.token)
        watcher.recv_until("state")
        reads, dropped = [], []
        real_loader, real_deliver = hub.loader, hub.deliver

        async def counting_loader(match_id):
            reads.append(match_id)
            return await real_loader(match_id)

        async def deliver(event):
            if isinstance(event, Moved) and event.v == 2 and not dropped:
                dropped.append(event.v)  # as if this notification never came
                return
            await real_deliver(event)

        monkeypatch.setattr(hub, "loader", counting_loader)
        monkeypatch.setattr(hub, "deliver", deliver)
        assert ana.act(match["id"], {"type": "add", "n": 2}).status_code == 200
        assert watcher.wait_version(1, timeout=10)["total"] == 2
        assert reads == []  # applied from the notification
        assert ben.act(match["id"], {"type": "add", "n": 1}).status_code == 200
        assert ana.act(match["id"], {"type": "add", "n": 3}).status_code == 200
        assert watcher.wait_version(3, timeout=10)["total"] == 6
        assert dropped == [2] and reads == [match["id"]]  # version 3 lacked 2: the row was read
        watcher.close()


def test_a_secret_draft_reaches_its_seats_socket_on_another_worker_and_nobody_elses():
    from tests.app.test_secret_drafts import IN_FIVE, ROLES, drain, seeded_gogoa

    require_pg()
    url = fresh_pg_database()
    with ThreadServer(url) as first, ThreadServer(url) as second:
        mid, (ana, ben) = seeded_gogoa(first)
        mine, other = Seat(second.ws_base, mid, ana.token), Seat(second.ws_base, mid, ben.token)
        for sock in (mine, other):
            sock.recv_until("state")
            drain(sock, 0.5)
        base = other.v
        for move in ROLES:
            assert ana.act(mid, move, v=ana.view(mid)["v"]).status_code == 200
            mine.recv_until("patch")
        assert mine.view["me"]["draft"]["roles"] == {"direction": 0, "distance": 1, "deviation": 2}
        assert mine.v == base + 3 and drain(other, 0.5) == []
        for move in IN_FIVE[3:]:
            assert ana.act(mid, move, v=ana.view(mid)["v"]).status_code == 200
        patch = other.recv_until("patch")
        assert (patch["base"], patch["v"]) == (base, base + 1)
        assert mine.wait_version(base + 5, timeout=10)["me"]["draft"]["submitted"] is True
