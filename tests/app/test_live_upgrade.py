"""Upgrading Caravela in the middle of a game loses no move: stale states are rebuilt by replay."""

import json
import sqlite3

from tests.conftest import TEST_ADMIN_TOKEN, ThreadServer, fresh_sqlite_database
from tests.helpers import Client, started_match

ADMIN = {"authorization": f"Bearer {TEST_ADMIN_TOKEN}"}


def store_old_shape(url: str, match_id: str) -> None:
    """Rewrites a stored state as an older engine would have left it: no format, another shape."""
    with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
        (state,) = db.execute("SELECT state FROM matches WHERE id = ?", (match_id,)).fetchone()
        old = {k: v for k, v in json.loads(state).items() if k != "format"}
        old["total"] = "unreadable by today's engine"
        db.execute("UPDATE matches SET state = ? WHERE id = ?", (json.dumps(old), match_id))


def test_a_match_stored_by_an_older_engine_is_rebuilt_by_replay_at_start_up(tmp_path):
    url = fresh_sqlite_database(tmp_path)
    with ThreadServer(url) as before:
        match, (ana, ben) = started_match(before.base)
        mid = match["id"]
        assert ana.act(mid, {"type": "add", "n": 2}).status_code == 200
        assert ben.act(mid, {"type": "add", "n": 3}).status_code == 200
    store_old_shape(url, mid)

    with ThreadServer(url) as after:
        admin = Client(after.base, "Admin")
        raw = admin.http.get(f"/api/admin/matches/{mid}", headers=ADMIN).json()
        assert raw["v"] == 2 and raw["state"]["total"] == 5 and raw["state"]["format"] == 1
        replayed = admin.http.get(f"/api/admin/matches/{mid}/state", headers=ADMIN).json()
        assert replayed["equals_stored"] is True
        for person in (ana, ben):
            person.http.base_url = after.base
        # The match plays on from the rebuilt state.
        to_act = ana.view(mid)["view"]["to_act"]
        person = (ana, ben)[to_act[0]]
        move = person.view(mid)["view"]["legal"][0]
        assert person.act(mid, move, v=2).status_code == 200
