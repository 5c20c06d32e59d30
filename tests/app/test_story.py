"""A match's story says what the service did, not only what the game did: a resignation and a
clock that ran out are lines of its log (keys whose words both the page and the service read),
a match that ended unplayed says why, and joining one says which way it ended. SQLite and
PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app import messages as msg
from app.wording import notes_with_words, words
from tests.app.test_clocks import DAYS, bot_moves, pass_deadline, summary
from tests.app.test_devices import sql
from tests.app.test_lobby_expiry import backdate, eventually
from tests.conftest import TEST_ADMIN_TOKEN, ThreadServer
from tests.helpers import Client, Seat, started_match

SERVICE_WORDS = Path(__file__).resolve().parents[2] / "static" / "js" / "core" / "log_strings.json"


@pytest.fixture(scope="module")
def sweeping(db_url):
    """A live server whose deadline and lobby sweepers run often."""
    with ThreadServer(db_url, clock_every=0.05, lobby_sweep_every=0.1) as srv:
        yield srv


def log_length(person: Client, match_id: str) -> int:
    lines = person.http.get(f"/api/matches/{match_id}/log", params={"limit": 500}).json()
    lines = lines["lines"] if isinstance(lines, dict) else lines
    return lines[-1]["n"] + 1 if lines else 0


def test_a_resignation_is_a_line_of_the_story_after_the_games_lines_so_far(sweeping):
    match, (ana, ben) = started_match(sweeping.base, options={"target": 30})
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    after = log_length(ben, match["id"])
    r = ben.post(f"/api/matches/{match['id']}/resign")
    assert r.status_code == 200, r.text
    (note,) = r.json()["notes"]
    assert note["key"] == "app.log.resigned" and note["args"] == {"who": "{P1}"} and note["after"] == after
    assert note["text"] == "{P1} resigned; their bot plays on, ranked last."
    assert summary(ana, match["id"])["notes"] == [note]  # every reader of the match gets it


def test_a_clock_that_runs_out_is_a_line_of_the_story(sweeping):
    match, (_ana, ben) = started_match(sweeping.base, clock=DAYS)
    pass_deadline(sweeping, match["id"], 0)
    eventually(lambda: bot_moves(sweeping, match["id"], 0) != [])
    notes = summary(ben, match["id"])["notes"]
    assert [(n["key"], n["args"]) for n in notes] == [("app.log.timed_out", {"who": "{P0}"})]
    assert notes[0]["after"] <= log_length(ben, match["id"])  # before the lines of its bot's moves
    assert notes[0]["text"] == "{P0}'s time ran out; their bot plays until they take the seat back."


def test_the_service_lines_have_their_words_once_in_every_language():
    table = json.loads(SERVICE_WORDS.read_text(encoding="utf-8"))
    assert set(table["en"]) == set(table["ru"]) == {"app.log.resigned", "app.log.timed_out"}
    assert words(None, "app.log.timed_out", {"who": "{P2}"}, "ru") == (
        "{P2}: время вышло; за это место играет бот, пока игрок не вернётся."
    )
    assert notes_with_words([{"after": 3, "key": "app.log.resigned", "args": {"who": "{P0}"}}], "ru")[0]["text"] == (
        "{P0}: сдача; за это место дальше играет бот, на последнем месте."
    )


def test_each_way_a_match_ends_unplayed_is_told_apart_and_joining_it_says_which(sweeping):
    ana, ben, carla = Client(sweeping.base), Client(sweeping.base, "Ben"), Client(sweeping.base, "Carla")
    cancelled, expired = ana.create(), ana.create()
    assert ana.post(f"/api/matches/{cancelled['id']}/cancel").json()["ended"] == "cancelled"
    r = carla.post(f"/api/matches/{cancelled['id']}/join")
    assert r.status_code == 409 and r.json()["key"] == msg.LOBBY_CANCELLED.key

    backdate(sweeping, expired["id"])
    eventually(lambda: summary(ana, expired["id"])["status"] == "abandoned")
    assert summary(ana, expired["id"])["ended"] == "expired"
    r = carla.post(f"/api/matches/{expired['id']}/join")
    assert r.status_code == 409 and r.json()["key"] == msg.LOBBY_EXPIRED.key
    assert "expired" in r.json()["detail"]

    left, _people = started_match(sweeping.base)
    for person in _people:
        person.post(f"/api/matches/{left['id']}/resign")
    assert summary(ana, left["id"])["ended"] == "abandoned"
    r = carla.post(f"/api/matches/{left['id']}/join")
    assert r.status_code == 409 and r.json()["key"] == msg.MATCH_ABANDONED.key

    aborted, _ = started_match(sweeping.base)
    admin = {"authorization": f"Bearer {TEST_ADMIN_TOKEN}"}
    assert ana.http.post(f"/api/admin/matches/{aborted['id']}/abort", headers=admin).json()["ended"] == "abandoned"

    running, _ = started_match(sweeping.base)
    r = ben.post(f"/api/matches/{running['id']}/join")
    assert r.status_code == 409 and r.json()["key"] == msg.NOT_OPEN.key  # started: still "already started"


def test_the_hosts_early_hand_over_says_when_it_becomes_possible_and_an_online_player_keeps_the_seat(sweeping):
    match, (ana, ben) = started_match(sweeping.base)  # no clock: the live limit, 5 minutes
    just_now = datetime.now(UTC) - timedelta(minutes=3)
    sql(sweeping, "UPDATE seats SET last_seen_at = :t WHERE match_id = :m", t=just_now, m=match["id"])
    r = ana.post(f"/api/matches/{match['id']}/away", {"seat": 1})
    assert r.status_code == 409 and r.json()["key"] == msg.STILL_HERE.key
    detail = r.json()["detail"]
    assert detail.startswith("Ben was here 3 min ago") and "in 2 min" in detail
    assert r.json()["args"] == {"name": "Ben", "ago": 3, "minutes": 2}

    sock = Seat(sweeping.ws_base, match["id"], ben.token)
    sock.recv_until("hello")
    eventually(lambda: summary(ana, match["id"])["seats"][1]["online"])
    r = ana.post(f"/api/matches/{match['id']}/away", {"seat": 1})
    assert r.status_code == 409 and r.json()["key"] == msg.ONLINE_NOW.key
    assert r.json()["args"] == {"name": "Ben"}
    sock.close()
