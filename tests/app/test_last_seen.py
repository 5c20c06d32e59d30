"""A device's "last seen" follows play over its socket, not only its REST calls, so whoever
chooses which device to sign out sees the one in use (stamped at most once a minute)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.app.test_devices import code_of, phone, sql
from tests.app.test_lobby_expiry import eventually
from tests.helpers import Seat, started_match


def last_seen(person, device_id: str) -> datetime:
    devices = person.http.get("/api/me/devices").json()["devices"]
    return datetime.fromisoformat(next(d for d in devices if d["id"] == device_id)["last_seen_at"])


def test_a_move_over_the_socket_stamps_its_device_as_seen(server):
    match, (ana, _ben) = started_match(server.base)
    signed_in = phone(server, code_of(ana.post("/api/me/link").json())).json()
    sock = Seat(server.ws_base, match["id"], signed_in["token"])
    sock.recv_until("state")
    two_hours_ago = datetime.now(UTC) - timedelta(hours=2)
    sql(server, "UPDATE devices SET last_seen_at = :t WHERE id = :d", t=two_hours_ago, d=signed_in["device_id"])
    for conn in server.server.config.app.state.hub.channels[match["id"]].conns:
        conn.touched -= 2 * 3600  # the socket has been open for as long
    assert last_seen(ana, signed_in["device_id"]) < datetime.now(UTC) - timedelta(hours=1)
    assert sock.act({"type": "add", "n": 1})["type"] == "ack"  # the phone plays; no REST call from it
    eventually(lambda: last_seen(ana, signed_in["device_id"]) > datetime.now(UTC) - timedelta(minutes=1))


def test_a_player_names_a_device_and_only_their_own(server):
    from tests.helpers import Client

    ana, eve = Client(server.base, "Ana"), Client(server.base, "Eve")
    (device,) = ana.http.get("/api/me/devices").json()["devices"]
    r = ana.http.patch(f"/api/me/devices/{device['id']}", json={"name": "  Work laptop "})
    assert r.status_code == 200 and r.json()["name"] == "Work laptop" and r.json()["current"]
    assert ana.http.get("/api/me/devices").json()["devices"][0]["name"] == "Work laptop"
    assert eve.http.patch(f"/api/me/devices/{device['id']}", json={"name": "Mine"}).status_code == 404
    assert ana.http.patch(f"/api/me/devices/{device['id']}", json={"name": "   "}).status_code == 422


def test_a_move_just_after_signing_in_writes_no_stamp_the_sign_in_made(server, monkeypatch):
    """A socket's first move used to stamp again what its sign-in had just stamped: a write for nothing."""
    from app.identity.devices import Devices

    stamps = []
    real = Devices.touch

    async def counted(self, device_id):
        stamps.append(device_id)
        await real(self, device_id)

    monkeypatch.setattr(Devices, "touch", counted)
    match, (ana, _ben) = started_match(server.base)
    sock = Seat(server.ws_base, match["id"], ana.token)
    sock.recv_until("state")
    assert sock.act({"type": "add", "n": 1})["type"] == "ack"
    assert stamps == []
