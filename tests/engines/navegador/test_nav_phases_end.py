"""Phases II and III from the next turn with refills; the end by Nagasaki or the last building."""

from __future__ import annotations

import pytest

from engines.navegador import GAME, data
from engines.navegador.turns import open_step
from tests.engines.navegador.nav_helpers import act, at_step, explore_region, finish_turn, place


def explore_turn(players: int, region: str, origin: str, ships: int = 2) -> dict:
    """Seat 0 sails with ``ships`` in ``origin`` and one more ship that may still sail (Portugal to Guiné)."""
    state = at_step(players, 0, "sailing")
    place(state, 0, {origin: ships, "portugal": 1})
    explore_region(state, origin)
    explore_region(state, "guine")
    return state


def test_exploring_cabo_starts_phase_two_from_the_next_turn():
    state = explore_turn(2, "cabo", "angola")
    state = act(state, {"type": "explore", "region": "cabo", "ships": ["angola", "angola"]})
    assert state["phase"] == 1 and state["phase_next"] == 2
    state = finish_turn(state)
    assert state["phase"] == 2 and state["phase_next"] is None
    assert GAME.view(state, None)["prices"]["extra"] == 200


def test_exploring_malaca_starts_phase_three_from_the_next_turn():
    state = explore_turn(2, "malaca", "goa")
    state["phase"] = 2
    state = act(state, {"type": "explore", "region": "malaca", "ships": ["goa", "goa"]})
    state = finish_turn(state)
    assert state["phase"] == 3
    state["pending"] = []
    open_step(state, state["current"], "sailing")
    assert state["pending"][-1]["data"]["range"] == 3


@pytest.mark.parametrize(("players", "levels"), sorted(data.GALLERY_LEVEL.items()))
def test_new_phase_refills_the_gallery_by_player_count(players, levels):
    state = explore_turn(players, "cabo", "angola")
    state["gallery"] = {c: 0 for c in data.COLUMNS}
    state = act(state, {"type": "explore", "region": "cabo", "ships": ["angola", "angola"]})
    state = finish_turn(state)
    assert state["gallery"] == {c: levels[1] for c in data.COLUMNS}


def test_refill_never_exceeds_the_six_tokens_of_a_type():
    state = explore_turn(5, "cabo", "angola")
    state["reserve"]["churches"] = 0
    state["gallery"]["churches"] = 0
    state = act(state, {"type": "explore", "region": "cabo", "ships": ["angola", "angola"]})
    state = finish_turn(state)
    assert state["gallery"]["churches"] == 0


def turns_until_over(state: dict) -> list[int]:
    """Plays calm turns to the end; returns the seat of each turn played after ``state``."""
    seats = []
    while not state["over"]:
        seats.append(state["current"])
        state = finish_turn(state)
    return seats


def test_exploring_nagasaki_ends_the_game_after_everyone_has_one_final_turn():
    state = explore_turn(3, "nagasaki", "macau", ships=3)
    state = act(state, {"type": "explore", "region": "nagasaki", "ships": ["macau"] * 3})
    assert state["ending"] == {"cause": "nagasaki", "turns_left": None}
    state = act(state, {"type": "done"})
    assert state["ending"]["turns_left"] == 3
    assert turns_until_over(state) == [1, 2, 0], "the trigger plays a final turn too"


def test_taking_the_last_building_ends_the_game_after_a_final_round():
    state = at_step(2, 1, "buildings")
    for row in state["buildings"].values():
        row[:] = [False] * len(row)
    state["buildings"]["church"][7] = True
    state["players"][1].update(money=500, workers=9)
    state = act(state, {"type": "build", "building": "church"})
    assert state["ending"]["cause"] == "buildings"
    assert state["ending"]["turns_left"] == 2, "nothing left to build closes the turn"
    assert turns_until_over(state) == [0, 1]


def test_an_end_triggered_with_the_card_lets_the_coming_turn_be_played_first():
    state = at_step(3, 1, "move")
    state["pending"] = [{"seat": 2, "kind": "card", "data": {"before": 1}}]
    place(state, 2, {"macau": 3, "portugal": 1})
    explore_region(state, "macau")
    explore_region(state, "guine")
    state = act(
        state, {"type": "use_card"}, {"type": "explore", "region": "nagasaki", "ships": ["macau"] * 3}, {"type": "done"}
    )
    assert state["current"] == 1 and state["ending"]["turns_left"] is None
    assert turns_until_over(state) == [1, 2, 0, 1]


def test_the_over_game_has_no_one_to_act_and_an_outcome():
    state = explore_turn(2, "nagasaki", "macau", ships=3)
    state = act(state, {"type": "explore", "region": "nagasaki", "ships": ["macau"] * 3}, {"type": "done"})
    while not state["over"]:
        state = finish_turn(state)
    assert GAME.to_act(state) == set() and GAME.outcome(state) is not None
