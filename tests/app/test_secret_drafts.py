"""A secret draft is invisible to everyone but its seat: no public version, summary, clock
frame or frame count moves until the step that makes something public (Go Goa's submit).

Found as a player would find it: two forks of one match (the same admin-fixed seed) where the
starter draws the same path in 5 and in 10 moves; all that the other seat, a spectator and an
anonymous reader receive must be the same in both.
"""

from __future__ import annotations

import time

import httpx
import pytest

from app import messages as msg
from engines import get_game
from tests.conftest import ThreadServer
from tests.helpers import Client, Seat

ADMIN = {"authorization": "Bearer test-admin-token"}
#: Seed 12 deals dice 5, 4, 4 on day 1 (at 2 and 4 seats): die 1 gives the direction, die 2 a path of 4 hexes.
SEED = 12
ROLES = [
    {"type": "assign", "role": "direction", "die": 0},
    {"type": "assign", "role": "distance", "die": 1},
    {"type": "assign", "role": "deviation", "die": 2},
]
ONE = {"type": "step", "count": 1}
SUBMIT = {"type": "submit"}
#: The same path of four hexes: in one stroke, or hex by hex with a hex taken back.
IN_FIVE = [*ROLES, {"type": "step", "count": 4}, SUBMIT]
IN_TEN = [*ROLES, ONE, ONE, ONE, ONE, {"type": "undo"}, ONE, SUBMIT]
LIVE = {"kind": "live", "minutes": 30, "increment": 0}
#: What differs between two forks by nature (ids, times, the clocks' milliseconds).
UNLIKE = {"id", "player_id", "host_id", "created_at", "left_ms", "match_id", "at"}


def same_in_both(value):
    """Returns ``value`` without what two forks cannot share (see ``UNLIKE``)."""
    if isinstance(value, dict):
        return {k: same_in_both(v) for k, v in value.items() if k not in UNLIKE}
    if isinstance(value, list):
        return [same_in_both(v) for v in value]
    return value


def seeded_gogoa(server, seats: int = 2, clock: dict | None = None) -> tuple[str, list[Client]]:
    """Returns a running Go Goa match of the admin-fixed ``SEED`` whose plans are kept (day 1)."""
    people = [Client(server.base, name) for name in ("Ana", "Ben", "Carla", "Dan")[:seats]]
    body = {"game": "gogoa", "seats": seats, "options": {}, "seed": SEED, "host_id": people[0].id, "clock": clock}
    r = people[0].http.post("/api/admin/matches", headers=ADMIN, json=body)
    assert r.status_code == 201, r.text
    mid = r.json()["id"]
    for p in people[1:]:
        assert p.post(f"/api/matches/{mid}/join").status_code == 200
    assert people[0].post(f"/api/matches/{mid}/start").status_code == 200
    for p in people:
        assert p.act(mid, p.view(mid)["view"]["legal"][0]).status_code == 200
    return mid, people


def drain(sock: Seat, quiet: float) -> list[dict]:
    """Returns every frame that arrives until none has for ``quiet`` seconds."""
    frames = []
    while True:
        try:
            frames.append(sock.recv(timeout=quiet))
        except TimeoutError:
            return frames


def fork(server, moves: list[dict], clock: dict | None) -> dict:
    """Plays the starter's day 1 with ``moves`` and returns all the others received meanwhile."""
    mid, (ana, ben) = seeded_gogoa(server, clock=clock)
    other, spectator = Seat(server.ws_base, mid, ben.token), Seat(server.ws_base, mid)
    anonymous = httpx.Client(base_url=server.base, timeout=10)
    try:
        for sock in (other, spectator):
            drain(sock, 0.6)  # the connects' own frames (online marks, counts) settle first
        other.frames.clear()
        spectator.frames.clear()
        seen: dict[str, list] = {"summary": [], "view": [], "log": []}

        def look() -> None:
            seen["summary"].append(anonymous.get(f"/api/matches/{mid}").json())
            seen["view"].append(ben.view(mid))
            seen["log"].append(anonymous.get(f"/api/matches/{mid}/log").json())

        look()
        for move in moves:
            r = ana.act(mid, move, v=ana.view(mid)["v"])
            assert r.status_code == 200, r.text
            look()
            time.sleep(0.3 if clock else 0.05)  # a clock frame per move would leave on its own
        for sock in (other, spectator):
            drain(sock, 0.8)
        return same_in_both({**seen, "other": other.frames, "spectator": spectator.frames})
    finally:
        anonymous.close()


@pytest.mark.parametrize("clock", [None, LIVE], ids=["untimed", "live"])
def test_the_others_cannot_tell_a_path_drawn_in_five_moves_from_one_drawn_in_ten(server, clock):
    five, ten = fork(server, IN_FIVE, clock), fork(server, IN_TEN, clock)
    # Everyone else sees the same public versions while the starter drafts, then one version.
    assert {s["v"] for s in five["summary"][:-1]} == {s["v"] for s in ten["summary"][:-1]} == {2}
    assert five["summary"][-1]["v"] == ten["summary"][-1]["v"] == 3
    for channel in ("other", "spectator"):
        assert [f["type"] for f in five[channel]] == [f["type"] for f in ten[channel]], channel
        assert five[channel] == ten[channel], channel
    for kind in ("view", "log"):
        assert five[kind][0] == ten[kind][0] and five[kind][-1] == ten[kind][-1], kind
        assert all(seen == five[kind][0] for seen in five[kind][:-1]), kind
        assert all(seen == ten[kind][0] for seen in ten[kind][:-1]), kind


def test_three_secret_assign_moves_leave_the_public_version_alone(server):
    mid, (ana, _ben) = seeded_gogoa(server)
    with httpx.Client(base_url=server.base, timeout=10) as anonymous:
        before = anonymous.get(f"/api/matches/{mid}").json()
        seen = []
        for move in ROLES:
            assert ana.act(mid, move, v=ana.view(mid)["v"]).status_code == 200
            seen.append(anonymous.get(f"/api/matches/{mid}").json())
    assert [s["v"] for s in seen] == [before["v"]] * 3
    assert all(same_in_both(s) == same_in_both(before) for s in seen)
    # The drafting seat itself sees its draft, and can go on from it.
    assert ana.view(mid)["view"]["me"]["draft"]["roles"] == {"direction": 0, "distance": 1, "deviation": 2}


def test_a_double_click_resent_with_the_old_version_inside_a_draft_is_refused(server):
    """Inside one simultaneous step a seat makes many moves: a second send of a move made at
    the version the seat had before its first is refused, not drawn twice."""
    mid, (ana, _ben) = seeded_gogoa(server)
    for move in ROLES:
        assert ana.act(mid, move, v=ana.view(mid)["v"]).status_code == 200
    held = ana.view(mid)["v"]
    assert ana.act(mid, ONE, v=held).status_code == 200
    again = ana.act(mid, ONE, v=held)
    assert again.status_code == 409 and again.json()["key"] == msg.STALE.key
    assert len(ana.view(mid)["view"]["me"]["draft"]["path"]) == 1


def draw_and_submit(mid: str, person: Client) -> None:
    """Draws the first path the seat's legal moves offer, and hands it in."""
    while True:
        legal = person.view(mid)["view"]["legal"]
        move = SUBMIT if SUBMIT in legal else legal[0]
        assert person.act(mid, move, v=person.view(mid)["v"]).status_code == 200
        if move == SUBMIT:
            return


def test_a_draft_move_made_before_another_seats_submission_stands_once(server):
    """The others' submissions are secret and cannot change a seat's choice (simultaneous step);
    but a double click sent from that version is a second move, refused."""
    mid, (ana, ben, carla, dan) = seeded_gogoa(server, seats=4)
    draw_and_submit(mid, ana)  # the starter hands in; the others draft at once
    draw_and_submit(mid, dan)
    for _ in range(3):
        assert carla.act(mid, carla.view(mid)["view"]["legal"][0], v=carla.view(mid)["v"]).status_code == 200
    held = carla.view(mid)["v"]
    draw_and_submit(mid, ben)
    assert carla.view(mid)["v"] > held  # Ben's submission is public
    steps = [m for m in carla.view(mid)["view"]["legal"] if m["type"] == "step"]
    assert carla.act(mid, steps[0], v=held).status_code == 200
    # Once: the same click sent again from that version is a move since, and refused.
    again = carla.act(mid, steps[0], v=held)
    assert again.status_code == 409 and again.json()["key"] == msg.STALE.key
    assert len(carla.view(mid)["view"]["me"]["draft"]["path"]) == 1


def test_the_submit_stores_the_draft_and_replay_reproduces_the_match(server):
    mid, (ana, _ben) = seeded_gogoa(server)
    for move in IN_TEN:
        assert ana.act(mid, move, v=ana.view(mid)["v"]).status_code == 200
    actions = ana.http.get(f"/api/admin/matches/{mid}/actions", headers=ADMIN).json()
    assert [a["action"]["type"] for a in actions] == ["keep_plans", "keep_plans", "submit"]
    normal = [get_game("gogoa").normalize_action(move) for move in IN_TEN[:-1]]
    assert [step["action"] for step in actions[-1]["steps"]] == normal
    assert ana.http.get(f"/api/admin/matches/{mid}/state", headers=ADMIN).json()["equals_stored"] is True


def test_a_draft_reaches_every_device_of_its_seat_and_outlives_a_restart(db_url):
    with ThreadServer(db_url) as first:
        mid, (ana, _ben) = seeded_gogoa(first)
        link = ana.post("/api/me/link").json()
        phone = ana.http.post("/api/devices", json={"code": link["url"].split("#link=", 1)[1]}).json()["token"]
        laptop, other = Seat(first.ws_base, mid, ana.token), Seat(first.ws_base, mid, phone)
        for sock in (laptop, other):
            sock.recv_until("state")
        assert laptop.act(ROLES[0])["type"] == "ack"
        other.recv_until("patch")
        assert other.view["me"]["draft"]["roles"] == {"direction": 0, "distance": None, "deviation": None}
        assert ana.act(mid, ROLES[1], v=other.v).status_code == 200
        other.recv_until("patch")
        held = other.v
        assert other.view == laptop.wait_version(held)
    with ThreadServer(db_url) as second:
        again = Seat(second.ws_base, mid, phone)
        again.recv_until("state")
        assert again.v == held and again.view["me"]["draft"]["roles"] == {
            "direction": 0,
            "distance": 1,
            "deviation": None,
        }
        assert again.act(ROLES[2])["type"] == "ack"
        assert again.view["me"]["draft"]["roles"] == {"direction": 0, "distance": 1, "deviation": 2}


def test_a_stored_draft_that_no_longer_plays_is_left_out_rather_than_block_the_seat():
    from app.play.drafts import SeatDraft, playable

    game = get_game("gogoa")
    state = game.setup(2, SEED)
    for seat in (0, 1):
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    good = SeatDraft(
        3, tuple({"id": str(n), "action": game.normalize_action(m), "at": 3 + n} for n, m in enumerate(ROLES))
    )
    own, kept = playable(game, state, 0, good)
    assert kept == good and own["pending"] != state["pending"]
    broken = SeatDraft(1, ({"id": "x", "action": {"type": "step", "count": 6}, "at": 3},), stored=True)
    own, kept = playable(game, state, 0, broken)
    assert own is state and kept.steps == () and kept.dropped and kept.d == 1


def test_a_bot_sends_its_whole_draft_with_its_submit_as_one_version(server):
    ana = Client(server.base)
    body = {"game": "gogoa", "seats": 2, "options": {}, "seed": SEED, "host_id": ana.id}
    mid = ana.http.post("/api/admin/matches", headers=ADMIN, json=body).json()["id"]
    assert ana.post(f"/api/matches/{mid}/bots", {"seat": 1}).status_code == 200
    assert ana.post(f"/api/matches/{mid}/start").status_code == 200
    assert ana.act(mid, ana.view(mid)["view"]["legal"][0]).status_code == 200
    # The bot keeps its plans too (v 2), thinking in a worker process that its first move starts.
    deadline = time.monotonic() + 60
    while ana.view(mid)["v"] < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    for move in IN_FIVE:  # Ana starts day 1; the bot then draws its path and hands it in
        assert ana.act(mid, move, v=ana.view(mid)["v"]).status_code == 200
    deadline = time.monotonic() + 60
    while ana.view(mid)["view"]["day"] < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    actions = ana.http.get(f"/api/admin/matches/{mid}/actions", headers=ADMIN).json()
    # Only public moves are versions (the bot starts day 2 at once): no draft move is one.
    kinds = [(a["seat"], a["action"]["type"]) for a in actions]
    assert sorted(kinds[:2]) == [(0, "keep_plans"), (1, "keep_plans")]
    assert kinds[2:4] == [(0, "submit"), (1, "submit")] and {k for _, k in kinds} == {"keep_plans", "submit"}
    assert len(actions[3]["steps"]) >= 4  # three dice roles and at least one stroke
    assert ana.http.get(f"/api/admin/matches/{mid}/state", headers=ADMIN).json()["equals_stored"] is True
