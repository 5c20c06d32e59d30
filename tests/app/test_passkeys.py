"""Passkeys: add one to your player, then sign in with it on any device.

API tests with a software authenticator (tests/app/soft_authenticator.py); the page's
origin is http://localhost, a secure context, as the browser test uses. SQLite and PostgreSQL.
"""

from __future__ import annotations

import httpx
import pytest

from app import messages as msg
from tests.app.soft_authenticator import SoftPasskey
from tests.helpers import Client

OPENED: list[httpx.Client] = []


@pytest.fixture(autouse=True)
def _close_localhost_clients():
    yield
    while OPENED:
        OPENED.pop().close()


def at_localhost(server, person: Client | None = None) -> tuple[httpx.Client, str]:
    """Returns a client whose requests say they come to http://localhost:<port>, and that origin."""
    port = server.base.rsplit(":", 1)[1]
    headers = {"host": f"localhost:{port}"}
    if person is not None:
        headers["authorization"] = f"Bearer {person.token}"
    http = httpx.Client(base_url=server.base, headers=headers)
    OPENED.append(http)
    return http, f"http://localhost:{port}"


def add_passkey(server, person: Client, key: SoftPasskey) -> dict:
    http, origin = at_localhost(server, person)
    start = http.post("/api/me/passkeys/options", json={}).json()
    assert start["options"]["rp"]["id"] == "localhost"
    r = http.post(
        "/api/me/passkeys",
        json={"challenge_id": start["challenge_id"], "credential": key.create(start["options"], origin)},
    )
    assert r.status_code == 201, r.text
    return r.json()


def sign_in(server, key: SoftPasskey, origin: str | None = None) -> httpx.Response:
    http, own = at_localhost(server)
    start = http.post("/api/passkeys/options", json={}).json()
    answer = key.get(start["options"], origin or own, "localhost")
    return http.post("/api/passkeys/sign-in", json={"challenge_id": start["challenge_id"], "credential": answer})


def test_a_passkey_signs_its_player_in_on_another_device(server):
    ana, key = Client(server.base), SoftPasskey()
    added = add_passkey(server, ana, key)
    r = sign_in(server, key)
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["id"] == ana.id and body["name"] == "Ana" and body["token"] != ana.token
    devices = ana.http.get("/api/me/devices").json()["devices"]
    assert body["device_id"] in [d["id"] for d in devices]
    listed = ana.http.get("/api/me/passkeys").json()["passkeys"]
    assert [k["id"] for k in listed] == [added["id"]] and listed[0]["last_used_at"]


def test_a_passkey_answer_is_accepted_only_once(server):
    ana, key = Client(server.base), SoftPasskey()
    add_passkey(server, ana, key)
    http, origin = at_localhost(server)
    start = http.post("/api/passkeys/options", json={}).json()
    body = {"challenge_id": start["challenge_id"], "credential": key.get(start["options"], origin, "localhost")}
    assert http.post("/api/passkeys/sign-in", json=body).status_code == 201
    again = http.post("/api/passkeys/sign-in", json=body)
    # Replayed, not "expired": the request was used, and starting again is what helps.
    assert again.status_code == 410 and again.json()["key"] == "app.passkey_replayed"


def test_a_passkey_answer_made_for_another_site_is_refused(server):
    ana, key = Client(server.base), SoftPasskey()
    add_passkey(server, ana, key)
    r = sign_in(server, key, origin="https://evil.example")
    assert r.status_code == 401 and r.json()["key"] == "app.passkey_failed"


def test_an_unknown_passkey_signs_nobody_in(server):
    r = sign_in(server, SoftPasskey())
    assert r.status_code == 401 and r.json()["detail"] == msg.PASSKEY_UNKNOWN


def test_passkeys_need_a_secure_page(server):
    ana = Client(server.base)
    r = ana.http.post("/api/me/passkeys/options", json={}, headers={"host": "192.168.1.20:8000"})
    assert r.status_code == 422 and r.json()["detail"] == msg.PASSKEYS_NEED_SECURE_PAGE


def test_a_removed_passkey_signs_nobody_in(server):
    ana, key = Client(server.base), SoftPasskey()
    added = add_passkey(server, ana, key)
    assert ana.http.delete(f"/api/me/passkeys/{added['id']}").status_code == 204
    assert sign_in(server, key).status_code == 401
    assert Client(server.base, "Ben").http.delete(f"/api/me/passkeys/{added['id']}").status_code == 404


def test_adding_a_passkey_needs_a_player(server):
    http, _origin = at_localhost(server)
    assert http.post("/api/me/passkeys/options", json={}).status_code == 401


def test_a_malformed_passkey_answer_is_refused_not_a_server_error(server):
    ana, key = Client(server.base), SoftPasskey()
    added = add_passkey(server, ana, key)
    http, _origin = at_localhost(server, ana)
    for credential in ({}, {"id": "x", "rawId": "x", "type": "public-key", "response": {"clientDataJSON": "e30"}}):
        start = http.post("/api/me/passkeys/options", json={}).json()
        r = http.post("/api/me/passkeys", json={"challenge_id": start["challenge_id"], "credential": credential})
        assert r.status_code == 422 and r.json()["key"] == "app.passkey_failed"
    start = http.post("/api/passkeys/options", json={}).json()
    r = http.post(
        "/api/passkeys/sign-in",
        json={"challenge_id": start["challenge_id"], "credential": {"id": added["id"], "response": {}}},
    )
    assert r.status_code == 401 and r.json()["key"] == "app.passkey_failed"


def test_a_failed_answer_uses_up_its_challenge_too(server):
    """A challenge answers once: a wrong answer spends it, so no second try rides on the same one."""
    ana, key = Client(server.base), SoftPasskey()
    add_passkey(server, ana, key)
    http, origin = at_localhost(server)
    start = http.post("/api/passkeys/options", json={}).json()
    good = key.get(start["options"], origin, "localhost")
    wrong = key.get(start["options"], "https://evil.example", "localhost")
    failed = http.post("/api/passkeys/sign-in", json={"challenge_id": start["challenge_id"], "credential": wrong})
    assert failed.status_code == 401
    again = http.post("/api/passkeys/sign-in", json={"challenge_id": start["challenge_id"], "credential": good})
    assert again.status_code == 410 and again.json()["key"] == "app.passkey_replayed"  # "already used"
    # Adding a passkey: the same.
    http, origin = at_localhost(server, ana)
    start = http.post("/api/me/passkeys/options", json={}).json()
    body = {"challenge_id": start["challenge_id"], "credential": {}}
    assert http.post("/api/me/passkeys", json=body).status_code == 422
    body["credential"] = SoftPasskey().create(start["options"], origin)
    assert http.post("/api/me/passkeys", json=body).status_code == 410
