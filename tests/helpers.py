"""Small clients for tests: the REST API as a person would call it, and a socket seat."""

from __future__ import annotations

import json
import uuid
from typing import ClassVar

import httpx
from websockets.sync.client import connect


class Client:
    """One person: a name, a token, and the REST routes they call."""

    #: Every client of the running test, closed by the autouse fixture in conftest.
    opened: ClassVar[list[Client]] = []

    def __init__(self, base: str, name: str = "Ana"):
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=10)
        Client.opened.append(self)
        r = self.http.post("/api/players", json={"name": name})
        r.raise_for_status()
        body = r.json()
        self.id, self.name, self.token = body["id"], body["name"], body["token"]
        self.http.headers["authorization"] = f"Bearer {self.token}"

    def create(self, game: str = "tally", seats: int = 2, **extra) -> dict:
        r = self.http.post("/api/matches", json={"game": game, "seats": seats, **extra})
        assert r.status_code == 201, r.text
        return r.json()

    def post(self, path: str, body: dict | None = None) -> httpx.Response:
        return self.http.post(path, json=body)

    def act(self, match_id: str, action: dict, v: int | None = None, action_id: str | None = None) -> httpx.Response:
        return self.http.post(
            f"/api/matches/{match_id}/actions", json={"id": action_id or uuid.uuid4().hex, "v": v, "action": action}
        )

    def view(self, match_id: str) -> dict:
        r = self.http.get(f"/api/matches/{match_id}/view")
        r.raise_for_status()
        return r.json()


def started_match(base: str, seats: int = 2, **create) -> tuple[dict, list[Client]]:
    """Returns a running fixture match whose every seat is a person."""
    people = [Client(base, name) for name in ("Ana", "Ben", "Carla", "Dan")[:seats]]
    match = people[0].create(seats=seats, **create)
    for p in people[1:]:
        assert p.post(f"/api/matches/{match['id']}/join").status_code == 200
    r = people[0].post(f"/api/matches/{match['id']}/start")
    assert r.status_code == 200, r.text
    return r.json(), people


class Seat:
    """A socket connection to a match, as one seat (or a spectator without a token)."""

    opened: ClassVar[list[Seat]] = []

    def __init__(self, ws_base: str, match_id: str, token: str | None = None):
        url = f"{ws_base}/ws/matches/{match_id}" + (f"?token={token}" if token else "")
        # Entered as a context manager: websockets 17 deprecates plain connect().
        self.ws = connect(url, open_timeout=5, max_size=1 << 22).__enter__()
        Seat.opened.append(self)
        self.view: dict | None = None
        self.v = -1
        self.frames: list[dict] = []

    def recv(self, timeout: float = 5) -> dict:
        frame = json.loads(self.ws.recv(timeout=timeout))
        self.frames.append(frame)
        if frame["type"] == "state":
            self.view, self.v = frame["view"], frame["v"]
        elif frame["type"] == "patch":
            import jsonpatch

            assert frame["v"] > self.v, (frame["v"], self.v)
            self.view = jsonpatch.apply_patch(self.view, frame["ops"])
            self.v = frame["v"]
        return frame

    def recv_until(self, kind: str, timeout: float = 5, **match) -> dict:
        while True:
            frame = self.recv(timeout)
            if frame["type"] == kind and all(frame.get(k) == v for k, v in match.items()):
                return frame

    def wait_version(self, v: int, timeout: float = 5) -> dict:
        while self.v < v:
            self.recv(timeout)
        return self.view

    def send(self, frame) -> None:
        self.ws.send(frame if isinstance(frame, str) else json.dumps(frame))

    def act(self, action: dict, v: int | None = None, action_id: str | None = None) -> dict:
        """Sends an act and returns its ack or reject (patches on the way are applied)."""
        action_id = action_id or uuid.uuid4().hex
        self.send({"type": "act", "id": action_id, "v": self.v if v is None else v, "action": action})
        while True:
            frame = self.recv()
            if frame["type"] in ("ack", "reject") and frame["id"] == action_id:
                return frame

    def close(self) -> None:
        self.ws.close()
