"""Undo: a step of your own action turn can be taken back until something hidden
is revealed or another seat acts; the kept states never reach a view."""

from __future__ import annotations

import json
import random

import pytest

from engines import IllegalAction
from engines.goa import GAME
from tests.engines.goa.goa_helpers import act, at_actions, give_fields, seat_now
from tests.engines.goa.test_goa_powers import own

UNDO = {"type": "undo"}


def without_log(state: dict) -> dict:
    return {k: v for k, v in state.items() if k not in ("log", "undo")}


def test_a_tile_used_in_your_turn_can_be_taken_back_and_the_log_says_so():
    state = at_actions(3)
    s = seat_now(state)
    tile = own(state, s, "Espionage")
    before = json.loads(json.dumps(without_log(state)))
    state = act(state, {"type": "use_tile", "tile": tile, "target": (s + 1) % 3})
    assert UNDO in GAME.legal_actions(state, s)
    state = act(state, UNDO)
    assert without_log(state) == before
    assert state["log"][-1]["key"] == "goa.undo" and state["log"][-1]["to"] is None
    assert UNDO not in GAME.legal_actions(state, s)  # nothing left to take back


def test_each_step_of_an_open_choice_is_taken_back_one_at_a_time():
    state = at_actions(3)
    s = seat_now(state)
    state["players"][s]["rows"]["harvest"] = 2  # 2 sacks for 3 empty fields: two real choices
    give_fields(state, s, [], empty=["ginger", "clove", "pepper"])
    start = without_log(state)
    state = act(state, {"type": "harvest"})
    after_harvest = without_log(state)
    state = act(state, {"type": "choose", "option": "f0:ginger"})
    assert state["pending"] and seat_now(state) == s
    state = act(state, UNDO)
    assert without_log(state) == after_harvest
    state = act(state, UNDO)
    assert without_log(state) == start


def test_no_undo_once_a_step_reveals_a_card():
    state = at_actions(3)
    s = seat_now(state)
    tile = own(state, s, "Expedition")  # red tile: draw 1 expedition card
    state = act(state, {"type": "use_tile", "tile": tile})
    assert UNDO not in GAME.legal_actions(state, s)
    with pytest.raises(IllegalAction):
        act(state, UNDO)


def test_no_undo_once_another_seat_acts():
    state = at_actions(3)
    s = seat_now(state)
    state = act(state, {"type": "taxes"})  # the turn passes on
    t = seat_now(state)
    assert t != s and UNDO not in GAME.legal_actions(state, t)


def test_the_kept_states_never_reach_a_view():
    state = at_actions(3)
    s = seat_now(state)
    tile = own(state, s, "Espionage")
    state = act(state, {"type": "use_tile", "tile": tile, "target": (s + 1) % 3})
    assert state["undo"]
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        assert "undo" not in view
        if seat != s:
            assert "ducats" not in json.dumps(view["players"][s])


def test_an_undo_right_after_a_step_restores_exactly_the_position_before_it():
    """In random games that take back about half the steps they may, every undo that follows
    the seat's own step gives back that step's starting position, byte for byte."""
    checked = 0
    for seed in range(12):
        rnd, state, previous = random.Random(seed), GAME.setup(2 + seed % 3, seed), None
        while GAME.to_act(state):
            seat = rnd.choice(sorted(GAME.to_act(state)))
            legal = GAME.legal_actions(state, seat)
            action = UNDO if UNDO in legal and rnd.random() < 0.5 else rnd.choice(legal)
            after = GAME.apply(state, seat, action)
            if action == UNDO and previous and previous[1] == seat and previous[2] != UNDO:
                assert json.dumps(without_log(after), sort_keys=True) == json.dumps(
                    without_log(previous[0]), sort_keys=True
                ), f"seed {seed}: undo after {previous[2]}"
                checked += 1
            previous, state = (state, seat, action), after
    assert checked > 100, f"only {checked} undos followed a step"
