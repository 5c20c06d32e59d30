"""Sailing and exploring: borders per phase, explored paths, 2 (3) ships in, 1 (2) lost, one per sailing."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.navegador import GAME
from tests.engines.navegador.nav_helpers import act, at_step, explore_region, legal, place


def sailing(players: int = 2, phase: int = 1, **ships: int) -> dict:
    state = at_step(players, 0, "sailing")
    state["phase"] = phase
    state["pending"][-1]["data"]["range"] = phase
    place(state, 0, ships)
    return state


def targets(state: dict, origin: str) -> set[str]:
    return {a["to"] for a in legal(state, "sail") if a["origin"] == origin}


def test_sailing_crosses_one_border_in_phase_one():
    state = sailing(portugal=1)
    for r in ("guine", "bahia", "angola", "rio"):
        explore_region(state, r)
    assert targets(state, "portugal") == {"guine", "bahia"}


def test_sailing_crosses_up_to_two_borders_in_phase_two_and_three_in_phase_three():
    for phase, expected in ((2, {"guine", "bahia", "angola", "rio"}), (3, {"guine", "bahia", "angola", "rio", "cabo"})):
        state = sailing(phase=phase, portugal=1)
        for r in ("guine", "bahia", "angola", "rio", "cabo"):
            explore_region(state, r)
        assert targets(state, "portugal") == expected


def test_sailing_passes_only_through_explored_regions():
    state = sailing(phase=3, portugal=2)
    explore_region(state, "angola")  # beyond unexplored Guiné and Bahia
    assert targets(state, "portugal") == set()
    assert {a["region"] for a in legal(state, "explore")} == {"guine", "bahia"}


def test_sailing_moves_each_ship_once_per_sailing():
    state = sailing(portugal=2)
    explore_region(state, "guine")
    state = act(state, {"type": "sail", "origin": "portugal", "to": "guine"})
    assert legal(state, "sail") == [{"type": "sail", "origin": "portugal", "to": "guine"}]
    with pytest.raises(IllegalAction, match="may still move"):
        act(state, {"type": "sail", "origin": "guine", "to": "portugal"})


def test_a_single_ship_cannot_enter_unknown_waters():
    state = sailing(portugal=1)
    assert legal(state, "explore") == [] and legal(state, "sail") == []
    with pytest.raises(IllegalAction):
        act(state, {"type": "explore", "region": "guine", "ships": ["portugal", "portugal"]})


def test_exploring_needs_two_ships_entering_together_and_loses_one():
    state = sailing(portugal=3)
    state = act(state, {"type": "explore", "region": "guine", "ships": ["portugal", "portugal"]})
    assert state["regions"]["guine"]["ships"][0] == 1 and state["regions"]["portugal"]["ships"][0] == 1
    assert state["players"][0]["supply"] == 5


def test_exploring_with_ships_from_two_regions_together():
    state = sailing(guine=1, rio=1)
    for r in ("guine", "rio"):
        explore_region(state, r)
    assert {"type": "explore", "region": "angola", "ships": ["guine", "rio"]} in legal(state, "explore")
    state = act(state, {"type": "explore", "region": "angola", "ships": ["guine", "rio"]})
    assert state["regions"]["angola"]["ships"][0] == 1


def test_exploring_a_double_loss_region_needs_three_ships_and_loses_two():
    state = sailing(players=2, macau=0, timor=3)
    for r in ("timor",):
        explore_region(state, r)
    assert [a["ships"] for a in legal(state, "explore") if a["region"] == "macau"] == [["timor"] * 3]
    state = act(state, {"type": "explore", "region": "macau", "ships": ["timor"] * 3})
    assert state["regions"]["macau"]["ships"][0] == 1 and state["players"][0]["supply"] == 6


def test_macau_is_no_double_loss_region_with_four_players():
    state = sailing(players=4, timor=2)
    explore_region(state, "timor")
    assert {"type": "explore", "region": "macau", "ships": ["timor", "timor"]} in legal(state, "explore")


def test_exploring_takes_the_explorer_reveals_the_stack_and_pays_its_cheapest_colony():
    state = sailing(portugal=2)
    stack = list(state["regions"]["bahia"]["stack"])
    state = act(state, {"type": "explore", "region": "bahia", "ships": ["portugal", "portugal"]})
    reg, me = state["regions"]["bahia"], state["players"][0]
    assert reg["explored"] and reg["colonies"] == sorted(stack) and reg["stack"] == []
    assert me["explorers"] == ["bahia"] and me["money"] == 200 + min(stack)
    view = GAME.view(state, 1)["regions"][2]
    assert view["id"] == "bahia" and view["colonies"] == sorted(stack)


def test_only_one_exploration_per_sailing():
    state = sailing(portugal=4)
    state = act(state, {"type": "explore", "region": "guine", "ships": ["portugal", "portugal"]})
    assert legal(state, "explore") == [] and legal(state, "sail")
    with pytest.raises(IllegalAction, match="one new region"):
        act(state, {"type": "explore", "region": "bahia", "ships": ["portugal", "portugal"]})


def test_ships_follow_into_a_region_explored_in_the_same_sailing():
    state = sailing(portugal=3)
    state = act(state, {"type": "explore", "region": "guine", "ships": ["portugal", "portugal"]})
    state = act(state, {"type": "sail", "origin": "portugal", "to": "guine"})
    assert state["regions"]["guine"]["ships"][0] == 2
