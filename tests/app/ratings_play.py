"""Finished Tally matches among the same people, and what openskill itself makes of them."""

from __future__ import annotations

import time

from openskill.models import PlackettLuce

from tests.conftest import TEST_ADMIN_TOKEN
from tests.helpers import Client

ADMIN = {"authorization": f"Bearer {TEST_ADMIN_TOKEN}"}


def open_match(host: Client, seats: int, *, bots: tuple[int, ...] = (), seed: int | None = None, **create) -> dict:
    """Opens a Tally match (target 7) hosted by ``host``, with bots at ``bots`` (seeded by the admin)."""
    if seed is None:
        match = host.create(seats=seats, options={"target": 7}, **create)
    else:
        body = {"game": "tally", "seats": seats, "options": {"target": 7}, "seed": seed, "host_id": host.id}
        r = host.http.post("/api/admin/matches", json=body, headers=ADMIN)
        assert r.status_code == 201, r.text
        match = r.json()
    for seat in bots:
        assert host.post(f"/api/matches/{match['id']}/bots", {"seat": seat}).status_code == 200
    return match


def play(host: Client, others: list[Client], seats: int | None = None, *, resign: Client | None = None, **kw) -> dict:
    """Plays a match of ``host`` and ``others`` (bots in ``kw['bots']``) to its end; returns its summary.

    Each person adds 1, and picks their own seat number (the picks differ), like the finished-match
    helper; ``resign`` resigns before the first move.
    """
    match = open_match(host, seats or 1 + len(others) + len(kw.get("bots", ())), **kw)
    mid = match["id"]
    for p in others:
        assert p.post(f"/api/matches/{mid}/join").status_code == 200
    r = host.post(f"/api/matches/{mid}/start")
    assert r.status_code == 200, r.text
    if resign is not None:
        assert resign.post(f"/api/matches/{mid}/resign").status_code == 200
    people = [p for p in (host, *others) if p is not resign]
    deadline = time.monotonic() + 30
    while True:
        summary = host.http.get(f"/api/matches/{mid}").json()
        if summary["status"] == "finished":
            return summary
        moved = False
        for p in people:
            got = p.view(mid)
            legal = got["view"]["legal"]
            if legal and not got["view"]["over"]:
                seat = got["seat"]
                action = legal[0] if legal[0]["type"] == "add" else {"type": "pick", "n": seat}
                r = p.act(mid, action, v=got["v"])
                assert r.status_code in (200, 409), r.text  # 409: a bot moved first
                moved = True
                break
        if not moved:
            time.sleep(0.02)
        assert time.monotonic() < deadline, "the game did not end"


def rater(summary: dict, seat: int) -> str:
    st = summary["seats"][seat]
    return st["player_id"] if st["kind"] == "player" else f"bot:{st['level']}"


class Expected:
    """Ratings as openskill computes them from the standings, match after match."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.now: dict[str, tuple[float, float]] = {}
        self.games: dict[str, int] = {}
        self.wins: dict[str, int] = {}

    def add(self, summary: dict) -> None:
        places = summary["outcome"]["places"]
        who = [rater(summary, s) for s in range(len(places))]
        teams = [[self.model.rating(*self.now[w]) if w in self.now else self.model.rating()] for w in who]
        after = self.model.rate(teams, ranks=places)
        got: dict[str, list] = {}
        for w, team in zip(who, after, strict=True):
            got.setdefault(w, []).append(team[0])
        for w, ratings in got.items():  # a bot level at several seats keeps the mean
            self.now[w] = (sum(r.mu for r in ratings) / len(ratings), sum(r.sigma for r in ratings) / len(ratings))
            self.games[w] = self.games.get(w, 0) + 1
            self.wins[w] = self.wins.get(w, 0) + any(places[s] == 1 for s in range(len(who)) if who[s] == w)

    def of(self, w: str) -> dict:
        mu, sigma = self.now[w]
        return {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma, "games": self.games[w], "wins": self.wins[w]}


def ratings(client: Client, who: str) -> dict[str, dict]:
    r = client.http.get(f"/api/players/{who}/ratings")
    assert r.status_code == 200, r.text
    return {x.pop("game"): x for x in r.json()["ratings"]}
