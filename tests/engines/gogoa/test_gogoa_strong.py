"""The strong bot's tourist playout plays the normal bot's days, and its day plan is legal and view-only."""

from __future__ import annotations

import json
import random

import pytest

from engines.core.rng import seed_state
from engines.gogoa import GAME, strong
from engines.gogoa.bot import Goals, choose_normal
from engines.gogoa.hexmap import board_of
from engines.gogoa.rollout import Tourist, day
from engines.gogoa.sample import sample_state


@pytest.fixture(autouse=True)
def reproducible(monkeypatch: pytest.MonkeyPatch) -> None:
    """A few rounds of playouts and no clock in the way: the strong bot's moves are reproducible."""
    monkeypatch.setenv("CARAVELA_BOT_PLAYOUTS", "3")
    monkeypatch.setenv("CARAVELA_BOT_BUDGET_MS", "600000")


def normal_days(players: int, seed: int):
    """Yields (view at the first action of a seat's day, the hex where the normal bot's path ends)."""
    state = GAME.setup(players, seed)
    fresh: dict[int, dict] = {}
    while not state.get("over"):
        seat = min(GAME.to_act(state))
        view = json.loads(json.dumps(GAME.view(state, seat)))
        draft = view["me"]["draft"]
        if draft is not None and not draft["guides_used"] and all(r is None for r in draft["roles"].values()):
            fresh[seat] = view
        if draft is not None and draft["finished"]:
            yield fresh.pop(seat), tuple(draft["position"])
        state = GAME.apply(state, seat, choose_normal(view, seat, random.Random(0)))


def test_a_tourist_day_ends_where_the_normal_bot_draws_its_path() -> None:
    compared = same = 0
    for players, seed in ((2, 1), (3, 2)):
        for view, end in normal_days(players, seed):
            seat = view["me"]["seat"]
            draft = view["me"]["draft"]
            tourist = Tourist.of_view(view, seat)
            board = board_of(view)
            got, _, _ = day(board, tourist, draft["dice"], draft["reserved"], view["days"] - view["day"])
            goal = Goals(board, view, seat)
            # Ends of equal worth may differ: the normal bot prefers the shorter way to draw.
            assert got == end or goal.value(got) == goal.value(end), (view["day"], seat)
            same += got == end
            compared += 1
    assert same >= compared - 6
    assert compared == 12 * 5


def test_a_tourist_travels_to_its_end_and_circles_the_guide_there() -> None:
    view = GAME.view(GAME.setup(2, 1), 0)
    board = board_of(view)
    calangute = board.destinations["B3"][2]
    t = Tourist(board.start, frozenset(), ("T01", "T02")).travel(board, calangute)
    assert (t.pos, t.visited, t.guides) == (calangute, frozenset({"B3"}), ("calangute",))
    again = t.travel(board, calangute, guide="calangute")
    assert (again.visited, again.guides) == (frozenset({"B3"}), ())


def test_the_strong_bot_draws_the_day_it_planned_and_hands_it_in() -> None:
    state = GAME.setup(2, 4)
    rnds = [random.Random(0), random.Random(1)]
    while not state.get("over") and state["day"] < 4:
        seat = min(GAME.to_act(state))
        view = json.loads(json.dumps(GAME.view(state, seat)))
        bot = strong.choose_strong if seat == 0 else choose_normal
        action = bot(view, seat, rnds[seat])
        assert action in view["legal"] and action["type"] != "undo"
        state = GAME.apply(state, seat, action)
    assert state["day"] == 4 and len(state["players"][0]["paths"]) == 3


def test_the_day_plan_depends_on_the_view_alone() -> None:
    """Without the plan kept from an earlier call, the same view and generator give the same plan."""
    state = GAME.setup(2, 6)
    for _ in range(12):  # into the first day, past the plan choice
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, choose_normal(GAME.view(state, seat), seat, random.Random(0)))
        if state["phase"] == "day" and state["day"] == 3:
            break
    seat = min(GAME.to_act(state))
    view = json.loads(json.dumps(GAME.view(state, seat)))
    other = sample_state(view, seat, random.Random(9))
    other["rng"] = seed_state(123)
    assert json.loads(json.dumps(GAME.view(other, seat))) == view
    strong._DAY_PLANS.clear()
    first = strong.choose_strong(view, seat, random.Random(5))
    strong._DAY_PLANS.clear()
    second = strong.choose_strong(json.loads(json.dumps(GAME.view(other, seat))), seat, random.Random(5))
    assert first == second and first in view["legal"]
