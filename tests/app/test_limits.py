"""What one client address may do on a public server: 429 with Retry-After past each limit.

The server is reached from 127.0.0.1, a trusted proxy by default, so each test names its own
browser address in X-Forwarded-For, as Caddy would. SQLite and PostgreSQL.
"""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import async_sessionmaker
from websockets.sync.client import connect

from app import messages as msg
from app.identity.security import hash_token, new_id
from app.identity.sweep import purge_expired
from app.ops.limits import Limit, Limited, Limits
from app.ops.settings import Settings
from app.store.db import make_engine
from app.store.models import DeviceLink, PasskeyChallenge, utcnow
from tests.conftest import ThreadServer, run_async
from tests.helpers import started_match

LOW = {"limit_players": "3/60", "limit_passkeys": "4/60", "limit_links": "5/60", "limit_chat": "3/60"}
OPENED: list[httpx.Client] = []


@pytest.fixture(scope="module")
def limited(db_url):
    with ThreadServer(db_url, **LOW) as srv:
        yield srv


@pytest.fixture(autouse=True)
def _close():
    yield
    while OPENED:
        OPENED.pop().close()


def browser(server, address: str, **headers: str) -> httpx.Client:
    """A client whose requests reach the server through a trusted proxy, from ``address``."""
    http = httpx.Client(base_url=server.base, headers={"x-forwarded-for": address, **headers}, timeout=10)
    OPENED.append(http)
    return http


def new_player(http: httpx.Client, name: str = "Ana") -> httpx.Response:
    return http.post("/api/players", json={"name": name})


def assert_limited(r: httpx.Response, window: int = 60) -> None:
    assert r.status_code == 429, r.text
    assert r.json()["key"] == msg.TOO_MANY_REQUESTS.key
    assert 1 <= int(r.headers["retry-after"]) <= window


def test_one_address_makes_only_so_many_players(limited):
    http = browser(limited, "203.0.113.10")
    assert [new_player(http).status_code for _ in range(3)] == [201, 201, 201]
    assert_limited(new_player(http))
    # Another browser (another address, or another /64 for IPv6) is not held back by it.
    assert new_player(browser(limited, "203.0.113.11")).status_code == 201
    assert new_player(browser(limited, "2001:db8:7::1")).status_code == 201


def test_an_ipv6_client_counts_by_its_64_network(limited):
    for n in range(3):
        assert new_player(browser(limited, f"2001:db8:1:2::{n + 1}")).status_code == 201
    assert_limited(new_player(browser(limited, "2001:db8:1:2:ffff::9")))


def test_an_address_asks_for_only_so_many_passkey_challenges(limited):
    port = limited.base.rsplit(":", 1)[1]
    http = browser(limited, "203.0.113.20", host=f"localhost:{port}")
    codes = [http.post("/api/passkeys/options", json={}).status_code for _ in range(4)]
    assert codes == [200] * 4
    assert_limited(http.post("/api/passkeys/options", json={}))
    # Adding a passkey to your own player asks for a challenge too: the same count.
    ana = browser(limited, "203.0.113.21", host=f"localhost:{port}")
    token = new_player(ana).json()["token"]
    ana.headers["authorization"] = f"Bearer {token}"
    assert [ana.post("/api/me/passkeys/options", json={}).status_code for _ in range(4)] == [200] * 4
    assert_limited(ana.post("/api/passkeys/options", json={}))


def test_an_address_tries_only_so_many_device_link_codes(limited):
    http = browser(limited, "203.0.113.30")
    codes = [http.post("/api/devices", json={"code": f"guess-{n:020d}"}).status_code for n in range(5)]
    assert codes == [410] * 5
    assert_limited(http.post("/api/devices", json={"code": "guess-" + "9" * 20}))


def test_fresh_players_at_one_address_share_its_chat_limit(limited):
    match, (_ana, ben) = started_match(limited.base)
    talkers = []
    for n, address in enumerate(("203.0.113.40", "203.0.113.41", "203.0.113.42")):
        http = browser(limited, "203.0.113.40")
        http.headers["authorization"] = f"Bearer {new_player(browser(limited, address), f'P{n}').json()['token']}"
        talkers.append(http)
    said = [t.post(f"/api/matches/{match['id']}/chat", json={"text": "hi"}).status_code for t in talkers]
    assert said == [201, 201, 201]  # each of them once: far below the per-player limit
    assert_limited(talkers[0].post(f"/api/matches/{match['id']}/chat", json={"text": "again"}))
    # The socket of a fourth player at the same address gets the same refusal as an error frame.
    fourth = new_player(browser(limited, "203.0.113.43"), "P4").json()["token"]
    url = f"{limited.ws_base}/ws/matches/{match['id']}?token={fourth}"
    with connect(url, additional_headers={"x-forwarded-for": "203.0.113.40"}, open_timeout=5) as ws:
        ws.send(json.dumps({"type": "say", "text": "hello"}))
        frames = []
        while not frames or frames[-1]["type"] != "error":
            frames.append(json.loads(ws.recv(timeout=5)))
    assert frames[-1]["key"] == msg.TOO_MANY_REQUESTS.key
    # A player elsewhere still talks.
    assert ben.http.post(f"/api/matches/{match['id']}/chat", json={"text": "fine"}).status_code == 201


def test_a_limit_frees_up_as_its_window_slides():
    now = [0.0]
    limits = Limits({"players": Limit(2, 10.0)}, clock=lambda: now[0])
    limits.hit("players", "192.0.2.1")
    now[0] = 4.0
    limits.hit("players", "192.0.2.1")
    with pytest.raises(Limited) as refused:
        limits.hit("players", "192.0.2.1")
    assert refused.value.retry_after == 6  # the first request leaves the window at 10 s
    now[0] = 10.5
    limits.hit("players", "192.0.2.1")


def test_limits_are_settings_with_a_readable_refusal():
    assert Settings.from_env(limit_chat="7/30").limit_chat == Limit(7, 30.0)
    with pytest.raises(ValueError, match="CARAVELA_LIMIT_PLAYERS must look like COUNT/SECONDS"):
        Settings.from_env(limit_players="0/60")


def test_unanswered_challenges_and_unused_links_are_purged(limited, db_url):
    """Expired rows go in one sweep; live ones stay."""
    ana_id = new_player(browser(limited, "203.0.113.50")).json()["id"]

    old, live = [new_id(), new_id()], [new_id(), new_id()]  # (challenge id, link code) each

    async def go() -> tuple[list[str], list[str]]:
        engine = make_engine(Settings.from_env(database_url=db_url).database_url)
        sessions = async_sessionmaker(engine, expire_on_commit=False)
        past, future = utcnow() - timedelta(seconds=1), utcnow() + timedelta(minutes=5)
        async with sessions.begin() as s:
            for (challenge, code), when in ((old, past), (live, future)):
                s.add(PasskeyChallenge(id=challenge, challenge="x", player_id=None, expires_at=when))
                s.add(DeviceLink(code_hash=hash_token(code), player_id=ana_id, expires_at=when))
        await purge_expired(sessions)
        async with sessions() as s:
            challenges = (await s.execute(select(PasskeyChallenge.id))).scalars().all()
            links = (await s.execute(select(DeviceLink.code_hash))).scalars().all()
        await engine.dispose()
        return list(challenges), list(links)

    challenges, links = run_async(lambda: asyncio.wait_for(go(), 30))
    assert old[0] not in challenges and live[0] in challenges
    assert hash_token(old[1]) not in links and hash_token(live[1]) in links
