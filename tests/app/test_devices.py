"""Your seat on every device: a token per device, one-time links, signing out.

SQLite and PostgreSQL. A device link is good once, for ten minutes, and the server
keeps only its hash; signing a device out revokes its token and closes its sockets at once.
"""

from __future__ import annotations

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from app import messages as msg
from app.identity.security import hash_token
from tests.conftest import run_async
from tests.helpers import Client, Seat, started_match

PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36"


def sql(server, statement: str, **params) -> list:
    """Runs one SQL statement on the server's database and returns its rows (tests only)."""
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    async def run():
        engine = create_async_engine(server.settings.database_url)
        try:
            async with engine.begin() as conn:
                result = await conn.execute(text(statement), params)
                return list(result) if result.returns_rows else []
        finally:
            await engine.dispose()

    return run_async(run)


def code_of(link: dict) -> str:
    return link["url"].split("#link=", 1)[1]


def phone(server, code: str) -> httpx.Response:
    """Opens a device link on a phone: a browser with no identity yet."""
    with httpx.Client(base_url=server.base, headers={"user-agent": PHONE}) as http:
        return http.post("/api/devices", json={"code": code})


def test_a_new_player_is_signed_in_on_one_device_named_from_its_browser(server):
    r = httpx.post(f"{server.base}/api/players", json={"name": "Ana"}, headers={"user-agent": PHONE})
    token = r.json()["token"]
    devices = httpx.get(f"{server.base}/api/me/devices", headers={"authorization": f"Bearer {token}"}).json()
    assert [(d["name"], d["current"]) for d in devices["devices"]] == [("Chrome on Android", True)]


def test_a_one_time_link_signs_another_device_in_as_the_same_player(server):
    ana = Client(server.base)
    link = ana.post("/api/me/link").json()
    assert link["url"].startswith(server.base + "/#link=")
    r = phone(server, code_of(link))
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["id"] == ana.id and body["name"] == "Ana" and body["token"] != ana.token
    me = httpx.get(f"{server.base}/api/players/me", headers={"authorization": f"Bearer {body['token']}"})
    assert me.json() == {"id": ana.id, "name": "Ana"}
    names = {d["name"] for d in ana.http.get("/api/me/devices").json()["devices"]}
    assert "Chrome on Android" in names and len(names) == 2


def test_the_phone_takes_the_players_seat_and_plays_there(server):
    match, (ana, _ben) = started_match(server.base)
    phone_token = phone(server, code_of(ana.post("/api/me/link").json())).json()["token"]
    view = httpx.get(
        f"{server.base}/api/matches/{match['id']}/view", headers={"authorization": f"Bearer {phone_token}"}
    ).json()
    assert view["seat"] == 0
    seat = Seat(server.ws_base, match["id"], phone_token)
    seat.recv_until("state")
    assert seat.act({"type": "add", "n": 2})["type"] == "ack"


def test_a_device_link_works_only_once(server):
    code = code_of(Client(server.base).post("/api/me/link").json())
    assert phone(server, code).status_code == 201
    again = phone(server, code)
    # Said apart from an expired one: the person knows to make a new link, not to hurry.
    assert again.status_code == 410 and again.json()["detail"] == msg.LINK_USED
    unknown = phone(server, "x" * 43)
    assert unknown.status_code == 410 and unknown.json()["detail"] == msg.LINK_USED_OR_EXPIRED


def test_a_device_link_expires_after_ten_minutes(server):
    ana = Client(server.base)
    link = ana.post("/api/me/link").json()
    code = code_of(link)
    sql(server, "UPDATE device_links SET expires_at = CURRENT_TIMESTAMP WHERE code_hash = :h", h=hash_token(code))
    r = phone(server, code)
    assert r.status_code == 410 and r.json()["key"] == "app.link_expired"
    assert "links last 10 minutes" in r.json()["detail"]


def test_a_device_link_lasts_ten_minutes(server):
    from datetime import datetime

    link = Client(server.base).post("/api/me/link").json()
    left = datetime.fromisoformat(link["expires_at"]) - datetime.now(datetime.fromisoformat(link["expires_at"]).tzinfo)
    assert 9 * 60 < left.total_seconds() <= 10 * 60


def test_the_server_stores_only_the_hash_of_a_device_link(server):
    code = code_of(Client(server.base).post("/api/me/link").json())
    rows = sql(server, "SELECT code_hash FROM device_links")
    assert (hash_token(code),) in [tuple(r) for r in rows]
    assert all(code not in str(tuple(r)) for r in sql(server, "SELECT * FROM device_links"))


def test_an_unknown_device_link_is_refused(server):
    assert phone(server, "x" * 43).status_code == 410


def test_the_device_link_comes_with_a_qr_code_drawn_by_the_server(server):
    link = Client(server.base).post("/api/me/link").json()
    assert link["qr"].startswith("data:image/svg+xml")


def test_signing_a_device_out_revokes_its_token_at_once(server):
    ana = Client(server.base)
    other = phone(server, code_of(ana.post("/api/me/link").json())).json()
    assert ana.http.delete(f"/api/me/devices/{other['device_id']}").status_code == 204
    r = httpx.get(f"{server.base}/api/players/me", headers={"authorization": f"Bearer {other['token']}"})
    assert r.status_code == 401
    assert ana.http.get("/api/players/me").status_code == 200  # the other device stays signed in


def test_signing_a_device_out_closes_its_open_sockets(server):
    match, (ana, _ben) = started_match(server.base)
    other = phone(server, code_of(ana.post("/api/me/link").json())).json()
    seat = Seat(server.ws_base, match["id"], other["token"])
    seat.recv_until("state")
    assert ana.http.delete(f"/api/me/devices/{other['device_id']}").status_code == 204
    with pytest.raises(ConnectionClosed) as closed:
        seat.recv_until("never", timeout=5)
    assert closed.value.rcvd.code == 4401


def test_nobody_signs_out_another_players_device(server):
    ana, ben = Client(server.base), Client(server.base, "Ben")
    device = ana.http.get("/api/me/devices").json()["devices"][0]["id"]
    r = ben.http.delete(f"/api/me/devices/{device}")
    assert r.status_code == 404 and r.json()["detail"] == msg.UNKNOWN_DEVICE
    assert ana.http.get("/api/players/me").status_code == 200


def test_device_routes_need_a_token(server):
    with httpx.Client(base_url=server.base) as http:
        assert http.get("/api/me/devices").status_code == 401
        assert http.post("/api/me/link", json={}).status_code == 401


def test_signing_out_on_one_worker_closes_the_devices_socket_on_another():
    from tests.conftest import ThreadServer, fresh_pg_database, require_pg

    require_pg()
    url = fresh_pg_database()
    with ThreadServer(url) as one, ThreadServer(url) as two:
        match, (ana, _ben) = started_match(one.base)
        other = phone(one, code_of(ana.post("/api/me/link").json())).json()
        seat = Seat(two.ws_base, match["id"], other["token"])  # the phone's page is served by worker two
        seat.recv_until("state")
        assert ana.http.delete(f"/api/me/devices/{other['device_id']}").status_code == 204  # asked of worker one
        with pytest.raises(ConnectionClosed) as closed:
            seat.recv_until("never", timeout=5)
        assert closed.value.rcvd.code == 4401


def test_the_upgrade_keeps_every_player_signed_in_on_a_first_device(tmp_path):
    import sqlite3
    from contextlib import closing

    from alembic import command
    from alembic.config import Config

    from app.store.db import PACKAGE

    path = tmp_path / "old.db"
    cfg = Config(str(PACKAGE / "alembic.ini"))
    cfg.set_main_option("script_location", str((PACKAGE / "migrations").resolve()))
    cfg.set_main_option("sqlalchemy.url", f"sqlite+aiosqlite:///{path}")
    cfg.attributes["configure_logger"] = False
    command.upgrade(cfg, "3f1b7c2d9a41")  # before tokens per device: one token per player
    with closing(sqlite3.connect(path)) as db, db:
        db.execute(
            "INSERT INTO players (id, name, token_hash, created_at) VALUES ('p1', 'Ana', :h, '2026-12-01')",
            {"h": hash_token("ana-secret")},
        )
    command.upgrade(cfg, "head")
    with closing(sqlite3.connect(path)) as db:
        rows = db.execute("SELECT player_id, token_hash FROM devices").fetchall()
    assert rows == [("p1", hash_token("ana-secret"))]
