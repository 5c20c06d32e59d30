"""The log travels once: not in views, new lines in patches, history by a paged read.

Also no side channel: a seat whose view did not change gets no frame at all,
and a patch names its ``base`` so a seat that skipped versions needs no ``sync``.
"""

from collections import Counter

import pytest

from engines import get_game
from tests.helpers import Client, Seat, started_match


def connect(server, match, person=None):
    sock = Seat(server.ws_base, match["id"], person.token if person else None)
    sock.recv_until("state")
    return sock


def game_frames_within(sock: Seat, seconds: float) -> list[dict]:
    """Returns the frames other than ``match``/``spectators`` (seats, online marks) that arrive within ``seconds``."""
    frames = []
    while True:
        try:
            frame = sock.recv(timeout=seconds)
        except TimeoutError:
            return frames
        if frame["type"] not in ("match", "spectators"):
            frames.append(frame)


def play_to_the_picks(match, ana, ben):
    ana.act(match["id"], {"type": "add", "n": 3})
    ben.act(match["id"], {"type": "add", "n": 3})
    ana.act(match["id"], {"type": "pick", "n": 7})


def test_views_carry_no_log_and_the_view_route_gives_a_tail(server):
    match, (ana, ben) = started_match(server.base)
    play_to_the_picks(match, ana, ben)
    mine, theirs = ana.view(match["id"]), ben.view(match["id"])
    assert "log" not in mine["view"] and "log" not in theirs["view"]
    assert [line["n"] for line in mine["log"]] == [0, 1, 2]
    assert mine["log"][-1]["text"] == "You picked 7."
    assert [line["n"] for line in theirs["log"]] == [0, 1]


def test_the_state_frame_carries_the_tail_and_patches_carry_base_and_new_lines(server):
    match, (ana, ben) = started_match(server.base)
    sock = connect(server, match, ben)
    state = sock.frames[-1]
    assert state["log"] == [] and "log" not in state["view"]
    ana.act(match["id"], {"type": "add", "n": 2})
    patch = sock.recv_until("patch")
    assert patch["base"] == 0 and patch["v"] == 1
    assert [(line["n"], line["text"]) for line in patch["log"]] == [(0, "{P0} added 2 (total 2).")]


def test_a_game_whose_client_knows_its_keys_gets_lines_without_text_on_the_socket(server, monkeypatch):
    monkeypatch.setattr(type(get_game("tally")), "log_keys_on_client", True)
    match, (ana, ben) = started_match(server.base)
    sock = connect(server, match, ben)
    ana.act(match["id"], {"type": "add", "n": 2})
    patch = sock.recv_until("patch")
    assert patch["log"] == [{"n": 0, "key": "tally.added", "args": {"who": "{P0}", "n": 2, "total": 2}}]
    assert connect(server, match, ben).frames[-1]["log"] == patch["log"]
    # The REST reads keep the English text, for scripts without the game's strings.
    assert ben.view(match["id"])["log"][0]["text"] == "{P0} added 2 (total 2)."


def test_the_tail_is_at_most_fifty_lines(server):
    match, people = started_match(server.base, options={"target": 60})
    mid = match["id"]
    for _ in range(60):
        to_act = people[0].view(mid)["view"]["to_act"]
        person = people[min(to_act)]
        assert person.act(mid, person.view(mid)["view"]["legal"][0]).status_code == 200
    ana = people[0]
    sock = connect(server, match, ana)
    tail = sock.frames[-1]["log"]
    whole = ana.http.get(f"/api/matches/{mid}/log?limit=500").json()["lines"]
    assert len(whole) > 50 and tail == whole[-50:] == ana.view(mid)["log"]


def test_a_secret_draft_step_sends_other_seats_and_spectators_nothing(server):
    host, guest = Client(server.base), Client(server.base, "Ben")
    match = host.create(game="gogoa", seats=2)
    mid = match["id"]
    guest.post(f"/api/matches/{mid}/join")
    host.post(f"/api/matches/{mid}/start")
    for person in (host, guest):
        person.act(mid, person.view(mid)["view"]["legal"][0])
    mover = 0 if 0 in host.view(mid)["view"]["to_act"] else 1
    people = (host, guest)
    drafting = connect(server, match, people[mover])
    other = connect(server, match, people[1 - mover])
    spectator = connect(server, match)
    base = other.v
    step = next(a for a in drafting.view["legal"] if a["type"] == "assign")
    assert drafting.act(step)["type"] == "ack"
    for sock in (other, spectator):
        assert game_frames_within(sock, 0.7) == []
    # The drafting seat finishes its path; the others then get one patch, based on what they have.
    while "submit" not in [a["type"] for a in drafting.view["legal"]]:
        drafting.act(drafting.view["legal"][0])
    drafting.act(next(a for a in drafting.view["legal"] if a["type"] == "submit"))
    patch = other.recv_until("patch")
    # One public version for the whole draft: the drafting seat's own version also counts its draft.
    public = host.http.get(f"/api/matches/{mid}").json()["v"]
    assert patch["base"] == base and patch["v"] == public == base + 1 < drafting.v
    assert "sync" not in [f["type"] for f in other.frames]


def test_the_log_route_pages_back_through_what_the_caller_may_read(server):
    match, (ana, ben) = started_match(server.base)
    play_to_the_picks(match, ana, ben)
    ben.act(match["id"], {"type": "pick", "n": 2})  # reveal
    mid = match["id"]
    whole = ana.http.get(f"/api/matches/{mid}/log").json()
    assert [line["n"] for line in whole["lines"]] == [0, 1, 2, 4] and whole["more"] is False  # 3: Ben's pick
    page = ana.http.get(f"/api/matches/{mid}/log?limit=2").json()
    assert [line["n"] for line in page["lines"]] == [2, 4] and page["more"] is True
    older = ana.http.get(f"/api/matches/{mid}/log?before=4&limit=2").json()
    assert [line["n"] for line in older["lines"]] == [1, 2] and older["more"] is True
    first = ana.http.get(f"/api/matches/{mid}/log?before=1").json()
    assert [line["n"] for line in first["lines"]] == [0] and first["more"] is False
    spectator = Client(server.base, "Zoe").http.get(f"/api/matches/{mid}/log").json()
    assert [line["n"] for line in spectator["lines"]] == [0, 1, 4]
    assert "You picked" not in str(spectator)
    ben_sees = ben.http.get(f"/api/matches/{mid}/log").json()
    assert [line["n"] for line in ben_sees["lines"]] == [0, 1, 3, 4]


@pytest.mark.parametrize("query", ["limit=0", "limit=501", "limit=x", "before=-1"])
def test_the_log_route_validates_its_query(server, query):
    match, (ana, _) = started_match(server.base)
    r = ana.http.get(f"/api/matches/{match['id']}/log?{query}")
    assert r.status_code == 422


def test_each_seats_view_and_new_lines_are_computed_once_per_version(server, monkeypatch):
    match, (ana, ben) = started_match(server.base)
    socks = [connect(server, match, person) for person in (ana, ana, ben, ben)]
    socks += [connect(server, match), connect(server, match)]
    game = get_game("tally")
    calls = Counter()
    real_view, real_lines = game.view, game.log_lines

    def view(state, seat):
        calls["view", seat] += 1
        return real_view(state, seat)

    def log_lines(state, seat, start=0, **kw):
        calls["lines", seat] += 1
        return real_lines(state, seat, start, **kw)

    monkeypatch.setattr(game, "view", view)
    monkeypatch.setattr(game, "log_lines", log_lines)
    sock = Seat(server.ws_base, match["id"], ana.token)  # acts; its own first state costs one more
    sock.recv_until("state")
    calls.clear()
    assert sock.act({"type": "add", "n": 2})["type"] == "ack"
    for other in socks:
        other.wait_version(1)
    assert calls == {
        ("view", 0): 1,
        ("view", 1): 1,
        ("view", None): 1,
        ("lines", 0): 1,
        ("lines", 1): 1,
        ("lines", None): 1,
    }
