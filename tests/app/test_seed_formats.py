"""A match stored before the seed's mixing changed still replays, and plays on, as it was dealt.

The seed became the generator's state by a linear step only (format 0); new matches mix it
once more (format 1). A database upgraded across that change keeps its running and finished
matches: each row says its format, and the rows stored before say 0.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from datetime import UTC, datetime

import httpx
import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import MetaData

from app.identity.security import hash_token
from app.ops.settings import async_url
from app.store.db import PACKAGE, make_engine
from engines import GAMES
from tests.conftest import TEST_ADMIN_TOKEN, ThreadServer, fresh_pg_database, fresh_sqlite_database, require_pg

#: The newest migration before matches kept their seed format.
BEFORE = "5d2e8a1c7f30"
ADMIN = {"authorization": f"Bearer {TEST_ADMIN_TOKEN}"}
SEED = 501


def upgrade(url: str, revision: str) -> None:
    cfg = Config(str(PACKAGE / "alembic.ini"))
    cfg.set_main_option("script_location", str((PACKAGE / "migrations").resolve()))
    cfg.set_main_option("sqlalchemy.url", async_url(url).replace("%", "%%"))
    cfg.attributes["configure_logger"] = False
    command.upgrade(cfg, revision)


def played_the_old_way(moves: int) -> tuple[dict, list[tuple[int, dict, list[int]]]]:
    """Returns a Goa match dealt with format 0 after ``moves`` random moves, and those moves."""
    game, pick = GAMES["goa"], random.Random(7)
    state = game.setup(2, SEED, seed_format=0)
    played = []
    for _ in range(moves):
        to_act = sorted(game.to_act(state))
        seat = to_act[0]
        action = pick.choice(game.legal_actions(state, seat))
        played.append((seat, action, to_act))
        state = game.apply(state, seat, action)
    return state, played


def store_the_old_way(url: str, state: dict, played: list, tokens: list[str]) -> str:
    """Writes the match into a database at ``BEFORE``, through that schema's own columns."""
    match_id, now = secrets.token_hex(8), datetime.now(UTC)

    async def write() -> None:
        engine = make_engine(async_url(url))
        try:
            async with engine.begin() as conn:
                meta = MetaData()
                await conn.run_sync(
                    lambda sync: meta.reflect(sync, only=["players", "devices", "matches", "seats", "actions"])
                )
                t = meta.tables
                for seat, token in enumerate(tokens):
                    pid = f"p{seat}-{match_id}"
                    await conn.execute(t["players"].insert().values(id=pid, name=f"P{seat}", created_at=now))
                    await conn.execute(
                        t["devices"]
                        .insert()
                        .values(
                            id=f"d{seat}-{match_id}",
                            player_id=pid,
                            token_hash=hash_token(token),
                            name="old",
                            created_at=now,
                            last_seen_at=now,
                        )
                    )
                await conn.execute(
                    t["matches"]
                    .insert()
                    .values(
                        id=match_id,
                        game="goa",
                        options={},
                        seed=SEED,
                        num_seats=2,
                        status="running",
                        v=len(played),
                        state=state,
                        host_id=f"p0-{match_id}",
                        created_at=now,
                        updated_at=now,
                    )
                )
                for seat in range(2):
                    await conn.execute(
                        t["seats"]
                        .insert()
                        .values(
                            match_id=match_id,
                            seat=seat,
                            kind="player",
                            player_id=f"p{seat}-{match_id}",
                            name=f"P{seat}",
                        )
                    )
                for v, (seat, action, to_act) in enumerate(played, start=1):
                    await conn.execute(
                        t["actions"]
                        .insert()
                        .values(
                            match_id=match_id,
                            v=v,
                            action_id=f"a{v}",
                            seat=seat,
                            action=action,
                            to_act=to_act,
                            created_at=now,
                        )
                    )
        finally:
            await engine.dispose()

    asyncio.run(write())
    return match_id


@pytest.fixture(params=["sqlite", "postgres"])
def url(request, tmp_path) -> str:
    if request.param == "postgres":
        require_pg()
        return fresh_pg_database()
    return fresh_sqlite_database(tmp_path)


def test_the_mixing_changed_so_old_matches_need_their_format():
    game = GAMES["goa"]
    assert game.setup(2, SEED) != game.setup(2, SEED, seed_format=0)


def test_a_match_stored_before_seed_formats_replays_and_plays_on_as_dealt(url):
    state, played = played_the_old_way(30)
    tokens = [secrets.token_urlsafe(16) for _ in range(2)]
    upgrade(url, BEFORE)
    match_id = store_the_old_way(url, state, played, tokens)
    upgrade(url, "head")
    with ThreadServer(url) as srv, httpx.Client(base_url=srv.base, timeout=10) as http:
        raw = http.get(f"/api/admin/matches/{match_id}", headers=ADMIN).json()
        assert raw["seed_format"] == 0 and raw["v"] == 30
        rebuilt = http.get(f"/api/admin/matches/{match_id}/state", headers=ADMIN).json()
        assert rebuilt["equals_stored"] is True
        assert rebuilt["state"] == state
        # The next move is made on the stored state, and the replay still agrees with it.
        game = GAMES["goa"]
        seat = sorted(game.to_act(state))[0]
        action = random.Random(8).choice(game.legal_actions(state, seat))
        r = http.post(
            f"/api/matches/{match_id}/actions",
            json={"id": "next", "v": 30, "action": action},
            headers={"authorization": f"Bearer {tokens[seat]}"},
        )
        assert r.status_code == 200, r.text
        assert http.get(f"/api/admin/matches/{match_id}/state", headers=ADMIN).json()["equals_stored"] is True
        assert http.get(f"/api/admin/matches/{match_id}/state?v=0", headers=ADMIN).json()["state"] == game.setup(
            2, SEED, seed_format=0
        )


def test_a_new_match_takes_the_current_seed_format(url):
    from engines.core.rng import SEED_FORMAT

    with ThreadServer(url) as srv, httpx.Client(base_url=srv.base, timeout=10) as http:
        ana = http.post("/api/players", json={"name": "Ana"}).json()
        r = http.post(
            "/api/admin/matches",
            headers=ADMIN,
            json={"game": "goa", "seats": 2, "options": {}, "seed": SEED, "host_id": ana["id"]},
        )
        assert r.status_code == 201, r.text
        raw = http.get(f"/api/admin/matches/{r.json()['id']}", headers=ADMIN).json()
        assert raw["seed_format"] == SEED_FORMAT == 1
