"""Running tally matches to play, opened through Caravela's REST API.

The same four players sit in every match (fewer requests: create, three joins,
start); the floor server needs no lobby, any match id will do.
"""

from __future__ import annotations

import asyncio
import secrets

import httpx

#: The fixture game's longest match: 60 adds and 12 rounds of picks.
TALLY = {"game": "tally", "seats": 4, "options": {"target": 60}}


async def _players(http: httpx.AsyncClient) -> list[str]:
    return [(await http.post("/api/players", json={"name": f"P{i}"})).json()["token"] for i in range(4)]


async def _match(http: httpx.AsyncClient, auth: list[dict]) -> str:
    r = await http.post("/api/matches", json=TALLY, headers=auth[0])
    r.raise_for_status()
    match_id = r.json()["id"]
    for h in auth[1:]:
        (await http.post(f"/api/matches/{match_id}/join", headers=h)).raise_for_status()
    (await http.post(f"/api/matches/{match_id}/start", headers=auth[0])).raise_for_status()
    return match_id


async def _open(port: int, n: int, in_flight: int) -> tuple[list[str], list[str]]:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        tokens = await _players(http)
        auth = [{"authorization": f"Bearer {t}"} for t in tokens]
        gate = asyncio.Semaphore(in_flight)

        async def one() -> str:
            async with gate:
                return await _match(http, auth)

        return list(await asyncio.gather(*(one() for _ in range(n)))), tokens


def caravela_matches(port: int, n: int, in_flight: int = 8) -> tuple[list[str], list[str]]:
    """Opens ``n`` running tally matches; returns their ids and the four players' tokens."""
    return asyncio.run(_open(port, n, in_flight))


def floor_matches(n: int) -> tuple[list[str], list[str]]:
    return [secrets.token_hex(6) for _ in range(n)], []
