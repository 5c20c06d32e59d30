"""Bot levels: the host chooses each bot seat's level, every seat shows it, and each bot plays at
its own; a seat handed to a bot plays at normal unless the host chose otherwise. SQLite only:
nothing here depends on the database."""

from __future__ import annotations

import pytest

from app import messages as msg
from app.store.models import Seat as SeatRow
from app.table.bots import played_by_bots
from engines.bots import random_bot
from tests.app.test_clocks import DAYS, pass_deadline
from tests.app.test_notices import eventually
from tests.conftest import ThreadServer, fresh_sqlite_database
from tests.helpers import Client, started_match

ADD = {"type": "add", "n": 1}


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    """A live server whose deadlines pass quickly, with a spy on the level each bot is asked at."""
    with ThreadServer(fresh_sqlite_database(tmp_path_factory.mktemp("db")), clock_every=0.05) as srv:
        asked: list[tuple[str, str]] = []

        def spy(game_id: str, level: str):
            asked.append((game_id, level))
            return random_bot  # found by name in the worker, as a game's own bot is

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("app.table.bots.bot_for", spy)
            srv.asked = asked
            yield srv


def lobby(srv) -> tuple[Client, dict]:
    ana = Client(srv.base)
    return ana, ana.create(seats=3)


def test_a_bot_added_without_a_level_plays_normal_and_every_list_shows_each_seats_level(srv):
    ana, match = lobby(srv)
    url = f"/api/matches/{match['id']}"
    assert ana.post(f"{url}/bots", {"seat": 1}).json()["seats"][1]["level"] == "normal"
    r = ana.post(f"{url}/bots", {"seat": 2, "level": "strong"})
    assert r.status_code == 200, r.text
    assert [s["level"] for s in r.json()["seats"]] == [None, "normal", "strong"]
    assert [s["level"] for s in ana.http.get(url).json()["seats"]] == [None, "normal", "strong"]
    listed = [m for m in ana.http.get("/api/matches").json()["matches"] if m["id"] == match["id"]]
    assert [s["level"] for s in listed[0]["seats"]] == [None, "normal", "strong"]
    # A removed bot takes its level with it: the next bot there is normal again.
    assert ana.http.delete(f"{url}/bots/2").json()["seats"][2]["level"] is None
    assert ana.post(f"{url}/bots", {"seat": 2}).json()["seats"][2]["level"] == "normal"


def test_an_unknown_level_is_refused_with_a_422_naming_the_levels(srv):
    ana, match = lobby(srv)
    url = f"/api/matches/{match['id']}"
    r = ana.post(f"{url}/bots", {"seat": 1, "level": "shark"})
    assert r.status_code == 422
    assert r.json()["detail"] == msg.UNKNOWN_LEVEL.format(level="shark", levels="easy, normal, strong")
    assert ana.http.get(url).json()["seats"][1]["kind"] == "empty"
    ana.post(f"{url}/bots", {"seat": 1})
    r = ana.http.put(f"{url}/seats/1/level", json={"level": "Strong"})
    assert r.status_code == 422 and "choose easy, normal, strong" in r.json()["detail"]
    assert ana.http.put(f"{url}/seats/1/level", json={}).status_code == 422


def test_the_host_changes_a_bot_seats_level_before_the_start_and_not_after(srv):
    ana, match = lobby(srv)
    url = f"/api/matches/{match['id']}"
    ana.post(f"{url}/bots", {"seat": 1})
    r = ana.http.put(f"{url}/seats/1/level", json={"level": "easy"})
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1]["level"] == "easy"
    r = ana.http.put(f"{url}/seats/2/level", json={"level": "easy"})
    assert (r.status_code, r.json()["detail"]) == (409, msg.NO_LEVEL_HERE)
    ben = Client(srv.base, "Ben")
    assert ben.post(f"{url}/join", {"seat": 2}).status_code == 200
    r = ben.http.put(f"{url}/seats/1/level", json={"level": "strong"})
    assert (r.status_code, r.json()["detail"]) == (403, msg.NOT_HOST)
    assert ana.post(f"{url}/start").status_code == 200
    r = ana.http.put(f"{url}/seats/1/level", json={"level": "strong"})
    assert (r.status_code, r.json()["detail"]) == (409, msg.LEVEL_FIXED)
    assert ana.http.get(url).json()["seats"][1]["level"] == "easy"


def test_each_bot_seat_plays_at_its_own_level(srv):
    ana, match = lobby(srv)
    url = f"/api/matches/{match['id']}"
    ana.post(f"{url}/bots", {"seat": 1, "level": "strong"})
    ana.post(f"{url}/bots", {"seat": 2, "level": "easy"})
    srv.asked.clear()
    assert ana.post(f"{url}/start").status_code == 200
    assert ana.act(match["id"], ADD).status_code == 200
    eventually(lambda: srv.asked[:2] == [("tally", "strong"), ("tally", "easy")])


def test_a_timed_out_seat_is_played_at_normal_until_the_host_chooses_its_bots_level(srv):
    match, (ana, _ben) = started_match(srv.base, clock=DAYS)
    url = f"/api/matches/{match['id']}"
    assert ana.act(match["id"], ADD).status_code == 200
    srv.asked.clear()
    pass_deadline(srv, match["id"], 1)  # Ben's time runs out
    eventually(lambda: srv.asked == [("tally", "normal")])
    ben_seat = ana.http.get(url).json()["seats"][1]
    assert ben_seat["away"] and ben_seat["level"] is None  # shown as normal
    # The host asks for a gentler stand-in: Ben's seat shows it, and its bot plays it.
    r = ana.http.put(f"{url}/seats/1/level", json={"level": "easy"})
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1]["level"] == "easy" and r.json()["seats"][1]["kind"] == "player"
    eventually(lambda: 0 in ana.view(match["id"])["view"]["to_act"])
    assert ana.act(match["id"], ADD).status_code == 200
    eventually(lambda: srv.asked[-1:] == [("tally", "easy")])


def test_the_seats_a_bot_plays_come_with_their_levels():
    seats = [
        SeatRow(seat=0, kind="player", away=False),
        SeatRow(seat=1, kind="bot", level="strong", away=False),
        SeatRow(seat=2, kind="player", away=True),  # timed out or resigned: nobody chose a level
        SeatRow(seat=3, kind="player", away=True, level="easy"),
    ]
    assert played_by_bots(seats) == {1: "strong", 2: "normal", 3: "easy"}


def test_the_page_offers_the_levels_the_server_knows():
    import json
    import re
    from pathlib import Path

    from engines.bots import DEFAULT_LEVEL, LEVELS

    page = (Path(__file__).resolve().parents[2] / "static/js/core/botlevel.js").read_text()
    shown = re.search(r"export const LEVELS = (\[.*?\]);", page)
    assert shown and tuple(json.loads(shown.group(1))) == LEVELS
    assert f'export const DEFAULT_LEVEL = "{DEFAULT_LEVEL}";' in page
