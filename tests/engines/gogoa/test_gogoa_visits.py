"""Seed "Visited destinations" and the daily reveal: visits, plan ticks, guides, log lines."""

from __future__ import annotations

import re

import pytest

from engines.gogoa import GAME
from engines.gogoa.hexmap import neighbour
from tests.engines.gogoa.gogoa_helpers import act, hex_of, place_next_to, ready, roles, straight
from tests.engines.words import read


def one_step_to(state, seat, code):
    """Returns the state after ``seat`` ends today one step away, on ``code``."""
    heading = place_next_to(state, seat, hex_of(code))
    state["dice"] = [heading, 1, 2]
    return straight(state, seat, 0, 1, 2)


def test_ending_on_an_unvisited_destination_visits_it():
    state = one_step_to(ready(1), 0, "R1")
    public = GAME.view(state, None)["players"][0]
    assert public["visited"] == ["R1"] and public["score"]["destinations"] == 10
    assert state["players"][0]["paths"][0]["visit"] == "R1"


def test_ending_on_a_visited_destination_again_scores_nothing_more():
    state = one_step_to(ready(1), 0, "R1")
    state = one_step_to(state, 0, "R1")
    assert state["players"][0]["visited"] == ["R1"]
    assert state["players"][0]["paths"][1]["visit"] is None


def test_passing_through_a_destination_does_not_visit_it():
    state = ready(1)
    heading = place_next_to(state, 0, hex_of("R1"))
    state["dice"] = [heading, 2, 1]
    state = act(state, 0, *roles(0, 1, 2), {"type": "step", "count": 2}, {"type": "submit"})
    assert state["players"][0]["paths"][0]["hexes"][0] == hex_of("R1")
    assert state["players"][0]["visited"] == []


def test_visit_ticks_off_matching_tour_plan_entries():
    state = ready(1)
    state["players"][0]["plans"] = ["T03", "T14"]  # both list R1
    state = one_step_to(state, 0, "R1")
    plans = {p["id"]: p for p in GAME.view(state, None)["players"][0]["plans"]}
    assert plans["T03"]["done"] == ["R1"] and plans["T14"]["done"] == ["R1"]
    state = one_step_to(state, 0, "H2")
    plans = {p["id"]: p for p in GAME.view(state, None)["players"][0]["plans"]}
    assert plans["T03"]["complete"] and not plans["T14"]["complete"]
    assert any(line.get("key") == "gg.plan_done" for line in state["log"])


@pytest.mark.parametrize(("code", "name"), [("B8", "palolem"), ("B5", "colva"), ("B3", "calangute")])
def test_palolem_colva_and_calangute_circle_their_guide(code, name):
    state = one_step_to(ready(1), 0, code)
    assert GAME.view(state, None)["players"][0]["guides"] == [name]
    assert any(a["type"] == "use_guide" and a["guide"] == name for a in GAME.legal_actions(state, 0))


def test_other_destinations_circle_no_guide():
    state = one_step_to(ready(1), 0, "R1")
    assert state["players"][0]["guides"] == []


def test_day_is_revealed_when_every_seat_has_submitted():
    state = ready(3, dice=[2, 3, 4])
    state = straight(state, 0, 0, 1, 2)
    state = straight(state, 1, 2, 1, 0)
    assert all(p["paths"] == [] for p in GAME.view(state, 0)["players"])
    assert GAME.view(state, 0)["players"][1]["submitted"] is True
    state = straight(state, 2, 2, 0, 1)
    public = GAME.view(state, None)
    assert state["day"] == 2
    for seat in range(3):
        path = public["players"][seat]["paths"][0]
        assert public["players"][seat]["position"] == path["hexes"][-1]
        assert path["roles"] and path["dice"]
    assert sum(line.get("key") in ("gg.path", "gg.path_empty") for line in GAME.log_lines(state, None)) == 3


def test_log_lines_carry_keys_and_seat_placeholders():
    state = ready(2, dice=[2, 3, 4])
    state = straight(straight(state, 0, 0, 1, 2), 1, 2, 1, 0)
    for line in GAME.log_lines(state, 0):
        assert line["key"].startswith("gg.") and isinstance(line["args"], dict)
    for text in read(GAME, GAME.log_lines(state, 0)):
        for seat in re.findall(r"\{P(\d)\}", text):
            assert int(seat) in (0, 1)
    assert any("{P1}" in text for text in read(GAME, GAME.log_lines(state, 0)))


def test_a_path_into_a_neighbour_never_leaves_the_map():
    state = ready(1)
    assert neighbour(GAME.board.start, 1) in GAME.board.land
    state = straight(state, 0, 0, 1, 2)
    assert all(tuple(h) in GAME.board.land for h in state["players"][0]["paths"][0]["hexes"])
