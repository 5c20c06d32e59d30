"""A notice when it is your turn: one per turn, by e-mail and webhook, never while you watch.

An SMTP server (aiosmtpd) and a webhook receiver run inside the test. SQLite and
PostgreSQL; the two-worker test runs on PostgreSQL only.
"""

from __future__ import annotations

import json
import threading
import time
from email import message_from_bytes, policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from app import messages as msg
from tests.app.test_devices import sql
from tests.conftest import ThreadServer, free_port, fresh_pg_database, fresh_sqlite_database, require_pg
from tests.helpers import Client, Seat, started_match

QUICK = {"notice_delay": 0.4, "notice_every": 0.1, "notice_retry": 0.2, "webhook_private": True}


class Inbox:
    """An SMTP server on a free port that keeps every message it gets."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        self.messages: list = []
        inbox = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
                inbox.messages.append(message_from_bytes(envelope.content, policy=policy.default))
                return "250 OK"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)

    def to(self, address: str) -> list:
        return [m for m in self.messages if m["To"] == address]


class Hooks:
    """A webhook receiver on a free port; answers from ``fail_first`` first, then 200."""

    def __init__(self):
        self.calls: list[tuple[str, dict]] = []
        self.fail_first: list[int] = []
        hooks = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server's hook name
                body = json.loads(self.rfile.read(int(self.headers["content-length"])))
                status = hooks.fail_first.pop(0) if hooks.fail_first else 200
                if status == 200:
                    hooks.calls.append((self.path, body))
                self.send_response(status)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def to(self, path: str) -> list[dict]:
        return [body for p, body in self.calls if p == path]


@pytest.fixture(scope="module")
def inbox():
    box = Inbox()
    box.controller.start()
    yield box
    box.controller.stop()


@pytest.fixture(scope="module")
def hooks():
    receiver = Hooks()
    yield receiver
    receiver.server.shutdown()
    receiver.server.server_close()


@pytest.fixture(scope="module")
def noticing(db_url, inbox):
    """A live server that sends notices quickly, by e-mail to the test's SMTP server."""
    with ThreadServer(
        db_url, smtp_url=f"smtp://127.0.0.1:{inbox.port}", mail_from="Caravela <c@example.org>", **QUICK
    ) as srv:
        yield srv


def own_database(db_url: str, tmp_path) -> str:
    """Returns a fresh database of the same kind: no other test server's sender may touch it."""
    return fresh_sqlite_database(tmp_path) if db_url.startswith("sqlite") else fresh_pg_database()


def subscribe(person: Client, hooks: Hooks, email: bool = True) -> str:
    """Turns on both channels for a person; returns the path of their webhook."""
    path = f"/hook/{person.id}"
    body = {"webhook_url": hooks.url + path, "email": f"{person.id.lower()}@example.org" if email else None}
    r = person.http.put("/api/me/settings", json=body)
    assert r.status_code == 200, r.text
    return path


def email_of(person: Client) -> str:
    return f"{person.id.lower()}@example.org"


def eventually(check, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def quiet(seconds: float = 1.2) -> None:
    """Waits long enough for a wrong second notice to have been sent (delay + rounds + retries)."""
    time.sleep(seconds)


def test_when_the_turn_comes_the_player_gets_one_email_and_one_webhook_call(noticing, inbox, hooks):
    match, (ana, ben) = started_match(noticing.base)
    path = subscribe(ben, hooks)
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    eventually(lambda: inbox.to(email_of(ben)) and hooks.to(path))
    quiet()
    (mail,) = inbox.to(email_of(ben))
    (call,) = hooks.to(path)
    text = mail.get_content()
    assert "Tally" in mail["Subject"] and f"{noticing.base}/m/{match['id']}" in text
    assert "/api/notices/unsubscribe?key=" in text and mail["List-Unsubscribe"]
    assert call["match_id"] == match["id"] and call["seat"] == 1 and call["v"] == 1
    assert "Tally" in call["content"] and call["text"] == call["content"] and call["url"].endswith(match["id"])


def test_the_notice_waits_for_the_quiet_delay(noticing, hooks):
    match, (ana, ben) = started_match(noticing.base)
    path = subscribe(ben, hooks, email=False)
    moved = time.monotonic()
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    eventually(lambda: hooks.to(path))
    assert time.monotonic() - moved >= QUICK["notice_delay"]


def test_a_player_with_the_match_open_gets_no_notice(noticing, inbox, hooks):
    match, (ana, ben) = started_match(noticing.base)
    path = subscribe(ben, hooks)
    page = Seat(noticing.ws_base, match["id"], ben.token)
    page.recv_until("state")
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    quiet()
    assert hooks.to(path) == [] and inbox.to(email_of(ben)) == []


def test_a_seat_that_moved_before_the_delay_gets_no_notice(db_url, tmp_path, inbox, hooks):
    slow = {**QUICK, "notice_delay": 1.0}
    with ThreadServer(own_database(db_url, tmp_path), smtp_url=f"smtp://127.0.0.1:{inbox.port}", **slow) as srv:
        match, (ana, ben) = started_match(srv.base)
        path = subscribe(ben, hooks)
        assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
        assert ben.act(match["id"], {"type": "add", "n": 1}).status_code == 200
        quiet(1.8)
        assert hooks.to(path) == [] and inbox.to(email_of(ben)) == []


def test_bots_and_players_without_channels_get_no_notice_rows(noticing):
    ana = Client(noticing.base)
    match = ana.create(seats=3)
    assert ana.post(f"/api/matches/{match['id']}/bots", {"seat": 1}).status_code == 200
    ben = Client(noticing.base, "Ben")
    assert ben.post(f"/api/matches/{match['id']}/join").status_code == 200
    assert ana.post(f"/api/matches/{match['id']}/start").status_code == 200
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    eventually(lambda: ana.view(match["id"])["v"] >= 2)  # the bot moved; Ben's turn came
    assert sql(noticing, "SELECT seat FROM notices WHERE match_id = :m", m=match["id"]) == []


def test_a_failing_webhook_is_retried_and_never_delays_a_move(noticing, hooks):
    match, (ana, ben) = started_match(noticing.base)
    path = subscribe(ben, hooks, email=False)
    hooks.fail_first[:] = [500, 503]
    started = time.monotonic()
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    assert time.monotonic() - started < 1.0
    eventually(lambda: hooks.to(path))
    quiet()
    assert len(hooks.to(path)) == 1 and hooks.fail_first == []
    (row,) = sql(noticing, "SELECT status, attempts FROM notices WHERE match_id = :m", m=match["id"])
    assert tuple(row) == ("sent", 3)


def test_the_first_turn_of_a_match_has_a_notice_too(noticing, hooks):
    ana, ben = Client(noticing.base), Client(noticing.base, "Ben")
    path = subscribe(ana, hooks, email=False)
    match = ana.create(seats=2)
    ben.post(f"/api/matches/{match['id']}/join")
    assert ana.post(f"/api/matches/{match['id']}/start").status_code == 200
    eventually(lambda: hooks.to(path))
    assert hooks.to(path)[0]["v"] == 0


def test_the_unsubscribe_link_turns_email_off(noticing, inbox, hooks):
    match, (ana, ben) = started_match(noticing.base)
    subscribe(ben, hooks)
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    eventually(lambda: inbox.to(email_of(ben)))
    link = next(word for word in inbox.to(email_of(ben))[0].get_content().split() if "unsubscribe?key=" in word)
    assert httpx.get(link).status_code == 200
    settings = ben.http.get("/api/me/settings").json()
    assert settings["email"] is None and settings["webhook_url"]


def test_a_webhook_must_be_an_http_address(noticing):
    r = Client(noticing.base).http.put("/api/me/settings", json={"webhook_url": "file:///etc/passwd"})
    assert r.status_code == 422 and r.json()["detail"] == msg.BAD_WEBHOOK


def test_a_server_without_smtp_refuses_an_email_address(server):
    ana = Client(server.base)
    assert ana.http.get("/api/me/settings").json()["email_available"] is False
    r = ana.http.put("/api/me/settings", json={"email": "ana@example.org"})
    assert r.status_code == 422 and r.json()["detail"] == msg.EMAIL_OFF


def test_a_webhook_to_a_private_address_is_not_called_unless_allowed(db_url, tmp_path, hooks):
    with ThreadServer(own_database(db_url, tmp_path), **{**QUICK, "webhook_private": False}) as srv:
        match, (ana, ben) = started_match(srv.base)
        path = f"/hook/{ben.id}"
        refused = ben.http.put("/api/me/settings", json={"webhook_url": hooks.url + path})
        assert refused.status_code == 422 and refused.json()["key"] == msg.WEBHOOK_PRIVATE.key
        # One stored before saving checked it is still not called when the turn comes.
        sql(srv, "UPDATE players SET webhook_url = :u WHERE id = :p", u=hooks.url + path, p=ben.id)
        assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
        eventually(
            lambda: sql(
                srv, "SELECT last_error FROM notices WHERE match_id = :m AND last_error IS NOT NULL", m=match["id"]
            )
        )
        assert hooks.to(path) == []


def test_a_restart_between_commit_and_send_still_sends(tmp_path, db_url, inbox, hooks):
    slow = {**QUICK, "notice_delay": 0.8}
    db_url = own_database(db_url, tmp_path)
    with ThreadServer(db_url, smtp_url=f"smtp://127.0.0.1:{inbox.port}", **slow) as before:
        match, (ana, ben) = started_match(before.base)
        path = subscribe(ben, hooks)
        assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    assert hooks.to(path) == [] and inbox.to(email_of(ben)) == []  # stopped before the delay was over
    with ThreadServer(db_url, smtp_url=f"smtp://127.0.0.1:{inbox.port}", **slow):
        eventually(lambda: hooks.to(path) and inbox.to(email_of(ben)))
        quiet()
    assert len(hooks.to(path)) == 1 and len(inbox.to(email_of(ben))) == 1


def play_noticed_turns(srv: ThreadServer, match_id: str, people: list[Client], turns: int = 16) -> list[tuple]:
    """Plays a Tally match turn by turn, each turn waiting for its notice (so none is dropped
    as moot); returns the ``(v, seat)`` of every notice sent, at least ten."""
    pending = "SELECT id FROM notices WHERE match_id = :m AND status = 'pending'"
    played = 0
    while played < turns:
        eventually(lambda: not sql(srv, pending, m=match_id))
        view = people[0].view(match_id)["view"]
        for seat in view["to_act"]:
            action = {"type": "pick", "n": 1} if view["picked"] is not None else {"type": "add", "n": 1}
            assert people[seat].act(match_id, action).status_code == 200
            played += 1
    eventually(lambda: not sql(srv, pending, m=match_id))
    rows = sql(srv, "SELECT v, seat, status FROM notices WHERE match_id = :m", m=match_id)
    sent = sorted((r.v, r.seat) for r in rows if r.status == "sent")
    assert len(sent) >= 10
    return sent


def test_two_workers_send_each_turns_notice_exactly_once(hooks):
    require_pg()
    url = fresh_pg_database()
    fast = {**QUICK, "notice_delay": 0.0, "notice_every": 0.02}
    with ThreadServer(url, **fast) as one, ThreadServer(url, **fast):
        match, (ana, ben) = started_match(one.base, options={"target": 60})
        paths = [subscribe(ana, hooks, email=False), subscribe(ben, hooks, email=False)]
        expected = set(play_noticed_turns(one, match["id"], [ana, ben]))
        quiet()
        sent = [(body["v"], body["seat"]) for p in paths for body in hooks.to(p)]
        assert sorted(sent) == sorted(expected), "each turn's notice is sent once, by one of the workers"


def test_notice_settings_come_from_the_environment_with_a_two_minute_quiet_delay(monkeypatch):
    from app.ops.settings import Settings, SettingsError

    for name in ("SMTP_URL", "MAIL_FROM", "CARAVELA_NOTICE_DELAY", "CARAVELA_WEBHOOK_PRIVATE"):
        monkeypatch.delenv(name, raising=False)
    default = Settings.from_env()
    assert default.notice_delay == 120 and default.smtp_url == "" and default.webhook_private is False
    monkeypatch.setenv("SMTP_URL", "smtp+starttls://mail:secret@smtp.example.org:587")
    monkeypatch.setenv("MAIL_FROM", "Caravela <games@example.org>")
    monkeypatch.setenv("CARAVELA_NOTICE_DELAY", "30")
    monkeypatch.setenv("CARAVELA_WEBHOOK_PRIVATE", "1")
    got = Settings.from_env()
    assert got.smtp_url.startswith("smtp+starttls://") and got.mail_from == "Caravela <games@example.org>"
    assert got.notice_delay == 30 and got.webhook_private is True
    monkeypatch.setenv("CARAVELA_NOTICE_DELAY", "soon")
    with pytest.raises(SettingsError):
        Settings.from_env()


def test_a_turn_seen_but_not_played_is_noticed_once_the_last_page_closes(noticing, inbox, hooks):
    match, (ana, ben) = started_match(noticing.base)
    path = subscribe(ben, hooks, email=False)
    page = Seat(noticing.ws_base, match["id"], ben.token)
    page.recv_until("state")
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    quiet()  # Ben's page is open: he sees his turn, and no notice goes out
    assert hooks.to(path) == []
    page.ws.close()  # ... and closes it seconds later, without playing
    closed = time.monotonic()
    eventually(lambda: hooks.to(path))
    assert time.monotonic() - closed >= QUICK["notice_delay"]  # the quiet delay ran again from the close
    quiet()
    (call,) = hooks.to(path)  # one notice for that turn
    assert call["v"] == 1


def test_a_turn_played_before_the_page_closed_sends_nothing_after(noticing, hooks):
    match, (ana, ben) = started_match(noticing.base)
    path = subscribe(ben, hooks, email=False)
    page = Seat(noticing.ws_base, match["id"], ben.token)
    page.recv_until("state")
    assert ana.act(match["id"], {"type": "add", "n": 1}).status_code == 200
    quiet(0.5)
    assert page.act({"type": "add", "n": 1}, v=1)["type"] == "ack"
    page.ws.close()
    quiet()
    assert hooks.to(path) == []
