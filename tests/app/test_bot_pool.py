"""Bots think in worker processes: a bot thinking hard in one match leaves people's moves in
other matches as quick as ever, and a bot that cannot be sent or dies still never stalls a match."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.table.thinking import WORKER_NICE, Thinkers
from engines.bots import random_bot
from tests.app.bots_for_tests import SLOW, slow_bot
from tests.app.test_live_resilience import wait_for
from tests.conftest import ThreadServer, fresh_sqlite_database
from tests.helpers import Client, started_match

ADD = {"type": "add", "n": 1}
ROOT = Path(__file__).resolve().parents[2]


def against_a_bot(base: str, level: str) -> tuple[Client, str]:
    """Returns Ana and a running 2-seat match where she has moved and a bot of ``level`` is next."""
    ana = Client(base)
    mid = ana.create(seats=2)["id"]
    ana.post(f"/api/matches/{mid}/bots", {"seat": 1, "level": level})
    assert ana.post(f"/api/matches/{mid}/start").status_code == 200
    assert ana.act(mid, ADD).status_code == 200
    return ana, mid


def move_times(people: list[Client], mid: str, seconds: float) -> list[float]:
    """Has the people of a match move in turn for a while; returns how long each move took."""
    took: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for seat, person in enumerate(people):
            view = person.view(mid)["view"]
            if seat not in view["to_act"]:
                continue
            action = {"type": "pick", "n": 1} if view["picked"] is not None else ADD
            began = time.monotonic()
            assert person.act(mid, action).status_code == 200
            took.append(time.monotonic() - began)
    return took


@pytest.fixture
def srv(tmp_path):
    with ThreadServer(fresh_sqlite_database(tmp_path), bot_workers=1) as srv:
        yield srv


def test_a_bot_thinking_hard_does_not_hold_up_moves_in_another_match(srv, monkeypatch):
    monkeypatch.setattr("app.table.bots.bot_for", lambda game_id, level: slow_bot if level == "strong" else random_bot)
    warm, warm_id = against_a_bot(srv.base, "normal")  # the worker process is started and waiting
    wait_for(lambda: warm.view(warm_id)["v"] == 2)
    match, people = started_match(srv.base)
    ana, mid = against_a_bot(srv.base, "strong")
    took = move_times(people, match["id"], SLOW * 0.6)
    assert ana.view(mid)["v"] == 1, "the bot was still thinking all along"
    assert len(took) >= 3 and max(took) < SLOW / 2, took
    wait_for(lambda: ana.view(mid)["v"] == 2, timeout=30)  # and then it moved


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="no SCHED_IDLE on this system")
def test_a_worker_thinks_under_the_idle_policy():
    thinkers = Thinkers(1, 100)
    try:
        policy = thinkers.pool().submit(os.sched_getscheduler, 0).result(timeout=60)
    finally:
        thinkers.stop()
    assert policy == os.SCHED_IDLE


NO_IDLE_POLICY = """
import os
from app.table import thinking

def refused(*args):
    raise PermissionError("not here")

os.sched_setscheduler = refused
before = os.nice(0)
thinking.yield_to_the_server()
print(os.nice(0) - before, os.sched_getscheduler(0) == os.SCHED_OTHER)
"""


def test_a_worker_refused_the_idle_policy_runs_at_a_lower_nice_level():
    done = subprocess.run([sys.executable, "-c", NO_IDLE_POLICY], cwd=ROOT, capture_output=True, text=True, timeout=60)
    raised, ordinary = done.stdout.split()
    assert int(raised) == min(WORKER_NICE, 19 - os.nice(0)) and ordinary == "True", done.stderr


def test_a_bot_that_cannot_be_sent_to_its_worker_plays_a_random_legal_move(srv, monkeypatch):
    def unsendable(view, seat, rnd):  # a local function: pickle cannot name it
        return view["legal"][0]

    monkeypatch.setattr("app.table.bots.bot_for", lambda game_id, level: unsendable)
    ana, mid = against_a_bot(srv.base, "normal")
    wait_for(lambda: ana.view(mid)["v"] == 2)


def test_the_workers_stop_with_the_app(tmp_path):
    with ThreadServer(fresh_sqlite_database(tmp_path), bot_workers=1) as srv:
        ana, mid = against_a_bot(srv.base, "normal")
        wait_for(lambda: ana.view(mid)["v"] == 2)
        workers = srv.server.config.app.state.bots.thinkers.pool()._processes
        assert workers
    for process in list(workers.values()):
        process.join(10)
        assert not process.is_alive()


SERVER_GONE = """
import asyncio, os
import engines
from app.table.thinking import Thinkers
from engines.bots import random_bot

async def main():
    thinkers = Thinkers(1, 100)
    await thinkers.think("goa", engines.get_game("goa").setup(2, 7), 0, "seed", random_bot)
    print(*thinkers.pool()._processes, flush=True)
    os._exit(0)  # gone without stopping its pool, as a killed server would be

asyncio.run(main())
"""


def test_the_workers_end_when_their_server_is_killed():
    done = subprocess.run([sys.executable, "-c", SERVER_GONE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    workers = [int(pid) for pid in done.stdout.split()]
    assert workers, done.stderr

    def alive(pid: int) -> bool:
        try:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().split(") ")[1][0] != "Z"
        except FileNotFoundError:
            return False

    wait_for(lambda: not any(alive(pid) for pid in workers), timeout=30)
