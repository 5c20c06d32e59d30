"""Every timestamp comes back timezone-aware, in UTC, on SQLite as on PostgreSQL."""

from datetime import datetime, timedelta

from tests.helpers import started_match

ADMIN = {"authorization": "Bearer test-admin-token"}


def utc(text: str) -> datetime:
    stamp = datetime.fromisoformat(text)
    assert stamp.utcoffset() == timedelta(0), text
    return stamp


def test_timestamps_carry_their_time_zone(server):
    match, (ana, _) = started_match(server.base)
    ana.act(match["id"], {"type": "add", "n": 1})
    utc(ana.http.get(f"/api/matches/{match['id']}").json()["created_at"])
    raw = ana.http.get(f"/api/admin/matches/{match['id']}", headers=ADMIN).json()
    assert utc(raw["updated_at"]) >= utc(raw["created_at"])
    for action in ana.http.get(f"/api/admin/matches/{match['id']}/actions", headers=ADMIN).json():
        utc(action["created_at"])
