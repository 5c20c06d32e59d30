"""A websocket fuzz against a live match, on SQLite and PostgreSQL.

Random and mutated frames (wrong types, huge numbers, deep nesting, NUL and lone
surrogates, invalid UTF-8, binary, oversized, floods) from a seat that may act, a
seat that may not, and a spectator. What must hold: the server stays up; every frame
gets an answer (``reject`` with its id, ``error``, ``state`` for ``sync``, ``pong``)
before the ``ping`` sent after it is answered, except the frames the WebSocket
protocol itself closes on (invalid UTF-8: 1007, over the 1 MiB message limit: 1009);
no frame is ever acknowledged and the match (admin state and ``v``) is unchanged.

Messages are not compressed (no permessage-deflate, app/__main__.py), so the server
refuses an over-limit message from its frame header and closes the TCP connection while
the rest of it is still arriving: the client then usually sees the connection reset
(no close frame) rather than 1009. Either is allowed, for over-limit messages only, and
such a message must close the socket: one that gets an answer fails the test.
The seed is fixed (FUZZ_SEED to vary it); the counts are printed.
"""

from __future__ import annotations

import copy
import json
import os
import random
import threading
from collections import Counter

import pytest
from websockets.exceptions import ConnectionClosed

from app.__main__ import WS_MAX_SIZE
from tests.conftest import TEST_ADMIN_TOKEN, ThreadServer
from tests.helpers import Seat, started_match

SEED = int(os.environ.get("FUZZ_SEED", "13"))
FRAMES_PER_SOCKET = int(os.environ.get("FUZZ_FRAMES", "150"))
ADMIN = {"authorization": f"Bearer {TEST_ADMIN_TOKEN}"}
ANSWERS = {"ack", "reject", "error", "state", "pong"}
FUTURE = 10**6  # a version no match reaches: an act at it is refused, never applied


@pytest.fixture(scope="module")
def fast_server(db_url):
    """A live server whose flood limit does not get in the way of one frame per round trip."""
    with ThreadServer(db_url, max_frames_per_second=5000) as srv:
        yield srv


# ---- frames ------------------------------------------------------------------------


def any_value(rnd: random.Random, depth: int = 0) -> object:
    """Returns a random JSON-ish value, biased to the edges."""
    pick = rnd.randrange(12 if depth < 3 else 8)
    return [
        lambda: rnd.choice([0, 1, -1, 3, 2**31, 2**63, -(2**63) - 1, 10**30]),
        lambda: rnd.choice([0.5, -0.0, 1e308, 3.0, 1e-320]),
        lambda: rnd.choice([True, False, None]),
        lambda: rnd.choice(["", "add", "pick", "ü漢字", "\x00", "a\x00b", "\ud800", "\U0001f600", "x" * 2000]),
        lambda: "".join(chr(rnd.randrange(1, 0x3000)) for _ in range(rnd.randrange(1, 20))),
        lambda: str(rnd.random()),
        lambda: rnd.randrange(-5, 10),
        lambda: "act",
        lambda: [any_value(rnd, depth + 1) for _ in range(rnd.randrange(4))],
        lambda: {rnd.choice(["type", "n", "id", "v", "", "\x00"]): any_value(rnd, depth + 1) for _ in range(3)},
        lambda: {"type": any_value(rnd, depth + 1)},
        lambda: [[[]]],
    ][pick]()


def mutated_action(rnd: random.Random, legal: list[dict]) -> object:
    """Returns a legal-looking action with one to three things wrong (or right by chance)."""
    action: object = copy.deepcopy(rnd.choice(legal)) if legal else {"type": "add", "n": 1}
    for _ in range(rnd.randrange(1, 4)):
        if not isinstance(action, dict):
            break
        how = rnd.randrange(5)
        key = rnd.choice([*action, "extra", "type"]) if action else "type"
        if how == 0:
            action[key] = any_value(rnd)
        elif how == 1:
            action.pop(key, None)
        elif how == 2:
            action["n"] = rnd.choice(["1", 1.0, True, 10**40, -1, None])
        elif how == 3:
            action = rnd.choice([[action], None, "add", 7])
        else:
            action[rnd.choice(["seat", "v", "__proto__", "type"])] = any_value(rnd)
    return action


def deep(rnd: random.Random) -> str:
    depth = rnd.choice([40, 200, 1000, 5000])
    opener, closer = rnd.choice([("[", "]"), ('{"a":', "}")])
    inner = opener * depth + "1" + closer * depth
    return f'{{"type":"act","id":"deep","v":{FUTURE},"action":{{"type":{inner}}}}}'


def random_frame(rnd: random.Random, legal: list[dict], may_act: bool) -> tuple[str, str | bytes]:
    """Returns (kind, frame). A seat that may act only sends acts at a future ``v``."""
    kind = rnd.choice(
        ["act"] * 6
        + ["fields", "sync", "ping", "type", "shape", "text", "deep", "number", "big", "binary", "bytes", "corrupt"]
    )
    frame: dict = {
        "type": "act",
        "id": rnd.choice(["a1", "bot-1-0", "x" * 64, str(rnd.random())]),
        "v": FUTURE + rnd.randrange(1000),
        "action": mutated_action(rnd, legal),
    }
    if kind == "act" and not may_act:
        frame["v"] = rnd.choice([FUTURE, 0, 1, -1, None, 2**63])
    if kind == "fields":
        frame[rnd.choice(["id", "action", "type", "extra"])] = any_value(rnd)
        if not may_act:
            frame["v"] = any_value(rnd)
    if kind in ("act", "fields"):
        return kind, json.dumps(frame)
    if kind in ("sync", "ping"):
        return kind, json.dumps({"type": kind})
    if kind == "type":
        return kind, json.dumps({"type": any_value(rnd), "id": "t"})
    if kind == "shape":
        return kind, json.dumps(rnd.choice([[frame], 5, "act", None, True, [], {}]))
    if kind == "text":
        return kind, rnd.choice(["", " ", "{", "}{", "null null", '{"type":"act"', "NaN", "\x00", "ü"])
    if kind == "deep":
        return kind, deep(rnd)
    if kind == "number":
        big = rnd.choice(["1e400", "-1e400", "1" + "0" * 5000, "NaN", "Infinity", "1.5", "-0"])
        v = FUTURE if may_act else big
        return kind, f'{{"type":"act","id":"num","v":{v},"action":{{"type":"add","n":{big}}}}}'
    if kind == "big":
        return kind, json.dumps({"type": "ping", "pad": "x" * rnd.choice([17_000, 600_000, 1_100_000])})
    if kind == "binary":
        return kind, rnd.randbytes(rnd.randrange(1, 64))
    if kind == "bytes":  # a text frame whose bytes are not UTF-8: the protocol closes with 1007
        return kind, b'{"type":"ping","x":"\xff\xfe"}'
    text = json.dumps(frame)  # "corrupt": one byte flipped, dropped or doubled
    i = rnd.randrange(len(text))
    text = rnd.choice([text[:i] + text[i + 1 :], text[:i] + chr(rnd.randrange(32, 127)) + text[i:], text[:i]])
    if may_act and '"v"' not in text:
        text = "[" + text  # never an act without a future v from the seat that may act
    return kind, text


# ---- driving a socket --------------------------------------------------------------


class Fuzzer:
    """One socket sending fuzz frames, each followed by a ``ping`` fence; it tallies the answers."""

    def __init__(self, base: str, match_id: str, token: str | None, rnd: random.Random, may_act: bool):
        self.base, self.match_id, self.token, self.rnd, self.may_act = base, match_id, token, rnd, may_act
        self.sent: Counter = Counter()
        self.closes: Counter = Counter()
        self.answers: Counter = Counter()
        self.seat = self.connect()

    def connect(self) -> Seat:
        seat = Seat(self.base, self.match_id, self.token)
        seat.recv_until("state")
        return seat

    def step(self, kind: str, frame: str | bytes) -> None:
        self.sent[kind] += 1
        try:
            if kind == "bytes":
                self.seat.ws.send(frame, text=True)
            else:
                self.seat.ws.send(frame)
            self.seat.send({"type": "ping"})
            got = self.until_fence(2 if kind == "ping" else 1)
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else None
            over_limit = kind == "big" and len(frame) > WS_MAX_SIZE
            assert (kind, code) == ("bytes", 1007) or (over_limit and code in (1009, None)), (kind, code, frame[:200])
            self.closes[code or "reset"] += 1
            self.seat = self.connect()  # and the server still takes sockets
            return
        assert not (kind == "big" and len(frame) > WS_MAX_SIZE), "a message over the 1 MiB limit was read"
        assert kind != "bytes", "a text message that is not UTF-8 was read"
        answers = [f for f in got if f["type"] in ANSWERS]
        self.answers.update(f["type"] for f in answers)
        assert not any(f["type"] in ("ack", "patch") for f in got), (kind, frame[:300], got)
        assert answers, ("no answer", kind, frame[:300])
        if kind == "sync":
            assert any(f["type"] == "state" for f in answers), got
        if kind == "act":
            sent = json.loads(frame)
            assert any(f["type"] == "reject" and f.get("id") == sent["id"] for f in answers) or any(
                f["type"] == "error" for f in answers
            ), (frame[:300], got)

    def until_fence(self, pongs: int) -> list[dict]:
        """Returns the frames up to and including the ``pongs``-th pong."""
        got: list[dict] = []
        while pongs:
            frame = json.loads(self.seat.ws.recv(timeout=10))
            if frame["type"] == "pong":
                pongs -= 1
                if not pongs:
                    return got
            got.append(frame)
        return got


def snapshot(client, match_id: str) -> tuple[int, dict]:
    raw = client.http.get(f"/api/admin/matches/{match_id}", headers=ADMIN).json()
    return raw["v"], raw["state"]


def test_fuzzed_frames_are_answered_and_change_nothing(fast_server):
    rnd = random.Random(SEED)
    match, (ana, ben) = started_match(fast_server.ws_base.replace("ws://", "http://"))
    before = snapshot(ana, match["id"])
    legal = ana.view(match["id"])["view"].get("legal", [])
    sockets = [
        Fuzzer(fast_server.ws_base, match["id"], ana.token, rnd, may_act=True),
        Fuzzer(fast_server.ws_base, match["id"], ben.token, rnd, may_act=False),
        Fuzzer(fast_server.ws_base, match["id"], None, rnd, may_act=False),
    ]
    for _ in range(FRAMES_PER_SOCKET):
        for fuzzer in sockets:
            fuzzer.step(*random_frame(rnd, legal, fuzzer.may_act))
    sent = sum((f.sent for f in sockets), Counter())
    answers = sum((f.answers for f in sockets), Counter())
    closes = sum((f.closes for f in sockets), Counter())
    print(
        f"\nws fuzz on {fast_server.settings.database_url.split(':')[0]} (seed {SEED}): "
        f"{sum(sent.values())} frames {dict(sent)}; answers {dict(answers)}; protocol closes {dict(closes)}"
    )
    assert snapshot(ana, match["id"]) == before
    assert ana.http.get("/healthz").status_code == 200


def test_a_flood_of_acts_gets_a_reject_for_every_id(server):
    """At the default limit (20 frames a second), every act of a burst is answered with its id."""
    match, (ana, ben) = started_match(server.base)
    before = snapshot(ana, match["id"])
    seat = Seat(server.ws_base, match["id"], ben.token)
    seat.recv_until("state")
    ids = [f"flood-{i}" for i in range(80)]
    got: list[dict] = []

    def read():
        while len([f for f in got if f["type"] == "reject"]) < len(ids):
            got.append(json.loads(seat.ws.recv(timeout=10)))

    reader = threading.Thread(target=read)
    reader.start()
    for action_id in ids:  # sent while the answers are read, so none queues up behind
        seat.send({"type": "act", "id": action_id, "v": 0, "action": {"type": "add", "n": 1}})
    reader.join(30)
    assert not reader.is_alive()
    rejected = Counter(f["id"] for f in got if f["type"] == "reject")
    assert rejected == Counter(ids)
    print(f"\nws flood: {len(ids)} acts, {len(rejected)} rejects with their ids")
    assert snapshot(ana, match["id"]) == before
